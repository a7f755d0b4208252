// The scorer's per-suit table (the index method whose table keeps
// yaku flags per pattern). For every count vector of one suit that splits
// into melds (and a head), every split is tabulated once with what it
// contributes to a reading: its sequences and triplets as bit masks by
// number, its head, iipeikou pairs, whether every block holds a terminal,
// its closed triplets' fu, and per number the waits a winning tile of that
// number can have in it. A hand combines its suits' splits with bit
// operations (score.cpp).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>

namespace mjk::scoring {

// Wait bits of one number in a split (a nibble of SplitInfo::waits).
enum WaitBit : unsigned {
  wait_ryanmen = 1,  // the winning tile at an open end of a sequence
  wait_closed = 2,   // kanchan or penchan (2 fu)
  wait_tanki = 4,    // the head (2 fu)
  wait_shanpon = 8,  // a triplet (opened by a ron)
};

// What one split of one suit contributes to a reading. 16 bytes.
struct SplitInfo {
  std::uint64_t waits = 0;   // nibble 4(n-1): WaitBits of a winning tile of number n
  std::uint16_t seq = 0;     // bit a: a sequence of numbers a+1..a+3 (a = 0..6)
  std::uint16_t trip = 0;    // bit n-1: a triplet of number n
  std::uint8_t head = 15;    // the head's number - 1; 15: no head
  std::uint8_t peikou = 0;   // pairs of equal sequences (iipeikou pairs)
  std::uint8_t trip_fu = 0;  // the triplets' fu if closed: 4 simple, 8 terminal
  std::uint8_t outside = 1;  // 1: every block holds a 1 or a 9 (chanta / junchan); 1 for no blocks
  std::uint8_t triplets = 0;
  std::uint8_t sequences = 0;
};

// A suit's counts packed 3 bits each (number n at bits 3(n-1)).
using SuitKey = std::uint32_t;

class SuitTable {
 public:
  // The enumeration has 21,743 keys (count vectors of at most 14 tiles that
  // split) with 23,533 splits; the constructor stops at the capacity and a
  // test checks that nothing was left out. Key slots are 1/3 full (most
  // lookups end at their first probe).
  static constexpr std::size_t key_capacity = 1 << 16, split_capacity = 23533;

  SuitTable() noexcept;

  // The splits of a suit's counts: none when it does not split. The empty
  // suit has one empty split.
  [[nodiscard]] std::pair<const SplitInfo*, unsigned> find(SuitKey key) const noexcept {
    // The first two probes without a branch between them (a select): with
    // slots 1/3 full nearly every key is there, so the one branch below is
    // predicted; the probing loop is for the rest.
    const std::size_t i = hash(key);
    const std::uint64_t e0 = entries_[i], e1 = entries_[(i + 1) & (key_capacity - 1)];
    const std::uint64_t e = static_cast<std::uint32_t>(e0) == key ? e0 : e1;
    if (static_cast<std::uint32_t>(e) == key) [[likely]]
      return {splits_.data() + ((e >> 32) & 0xffff), static_cast<unsigned>(e >> 48)};
    for (std::size_t j = i;; j = (j + 1) & (key_capacity - 1)) {
      const std::uint64_t f = entries_[j];
      if (static_cast<std::uint32_t>(f) == key)
        return {splits_.data() + ((f >> 32) & 0xffff), static_cast<unsigned>(f >> 48)};
      if (f == empty) return {nullptr, 0};
    }
  }
  // Starts loading the slot `key` most likely sits in (batch: a few requests ahead).
  void prefetch(SuitKey key) const noexcept { __builtin_prefetch(&entries_[hash(key)]); }

  [[nodiscard]] std::size_t keys() const noexcept { return keys_; }
  [[nodiscard]] std::size_t splits() const noexcept { return splits_used_; }
  [[nodiscard]] std::size_t enumerated() const noexcept { return enumerated_; }

 private:
  static constexpr std::uint64_t empty = ~std::uint64_t{0};
  [[nodiscard]] static std::size_t hash(SuitKey k) noexcept {
    return static_cast<std::size_t>((k * 0x9E3779B1u) >> 16) & (key_capacity - 1);
  }

  // key | first split << 32 | split count << 48; `empty` when free.
  std::array<std::uint64_t, key_capacity> entries_{};
  std::array<SplitInfo, split_capacity> splits_{};
  std::size_t keys_ = 0, splits_used_ = 0, enumerated_ = 0;
};

// Built on first use (12M instructions, 1.6-2 ms on a loaded host; 32M and
// 6-12 ms before the depth-first enumeration), thread-safe.
[[nodiscard]] const SuitTable& suit_table() noexcept;

// The key of numbers 1..9 of a suit from its 9 slot counts (each 0..4).
[[nodiscard]] inline SuitKey suit_key(const std::uint8_t* slots) noexcept {
  std::uint64_t x = 0;
  __builtin_memcpy(&x, slots, 8);             // numbers 1..8, one byte each (little endian)
  x = (x | (x >> 5)) & 0x003f003f003f003fu;   // pairs of numbers: 6 bits per 16
  x = (x | (x >> 10)) & 0x00000fff00000fffu;  // fours: 12 bits per 32
  x = (x | (x >> 20)) & 0xffffffu;            // eight: 24 bits
  return static_cast<SuitKey>(x) | static_cast<SuitKey>(slots[8]) << 24;
}

}  // namespace mjk::scoring
