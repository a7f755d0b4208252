// A growing array in fixed chunks, for records a search appends one by one
// and reads one at a time (its vertices, the group rows): what std::vector
// offers them (size, operator[], push_back, clear, capacity, iteration),
// without its copy on growth.
//
// Why: a std::vector that doubles touches new memory twice its final size
// and copies into it, and a workspace's first searches grow its arrays so.
// Fresh memory costs a page fault per 4 KB page (about 4 us on the 2-core
// host of docs/benchmarks.md: as much as a byte of it costs a nanosecond),
// and mjk --json's first pass over distinct hands took most of its faults
// there. Chunks are never moved: a record's address stays valid while others
// are appended, and clear() keeps them for the next search. (The edges stay
// in std::vector: read in loops, a chunk's index per read cost more than
// their growth.)
#pragma once

#include <bit>
#include <cstddef>
#include <memory>
#include <new>
#include <type_traits>
#include <vector>

namespace mjk::ev_detail {

// Chunks of 2^Shift records (64 KB of them: below the allocator's mmap
// threshold, so a dropped workspace's chunks serve the next one's).
template <class T, int Shift = 16 - std::bit_width(sizeof(T) - 1)>
class Chunks {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);

 public:
  static constexpr std::size_t per_chunk = std::size_t{1} << Shift;

  [[nodiscard]] std::size_t size() const noexcept { return size_; }
  [[nodiscard]] bool empty() const noexcept { return size_ == 0; }
  [[nodiscard]] std::size_t capacity() const noexcept { return capacity_; }
  T& operator[](std::size_t i) noexcept { return *at(i); }
  const T& operator[](std::size_t i) const noexcept { return *at(i); }
  void push_back(const T& v) {
    if (size_ == capacity_) {
      // new Raw[n] leaves the bytes unwritten, as make_unique_for_overwrite
      // would (which the libc++ of clang 14, the page's, lacks).
      chunks_.push_back(std::unique_ptr<Raw[]>(new Raw[per_chunk]));
      capacity_ += per_chunk;
    }
    ::new (static_cast<void*>(at(size_))) T(v);
    ++size_;
  }
  void clear() noexcept { size_ = 0; }

  template <class C, class R>
  class Iterator {
   public:
    Iterator(C* c, std::size_t i) noexcept : c_(c), i_(i) {}
    R& operator*() const noexcept { return (*c_)[i_]; }
    Iterator& operator++() noexcept {
      ++i_;
      return *this;
    }
    friend bool operator==(const Iterator& a, const Iterator& b) noexcept { return a.i_ == b.i_; }

   private:
    C* c_;
    std::size_t i_;
  };
  [[nodiscard]] Iterator<const Chunks, const T> begin() const noexcept { return {this, 0}; }
  [[nodiscard]] Iterator<const Chunks, const T> end() const noexcept { return {this, size_}; }

 private:
  // Storage without construction (T's default member initializers would
  // write, so touch, the whole chunk up front).
  struct Raw {
    alignas(T) unsigned char bytes[sizeof(T)];
  };
  T* at(std::size_t i) const noexcept {
    return std::launder(reinterpret_cast<T*>(&chunks_[i >> Shift][i & (per_chunk - 1)]));
  }
  std::vector<std::unique_ptr<Raw[]>> chunks_;
  std::size_t size_ = 0, capacity_ = 0;
};

}  // namespace mjk::ev_detail
