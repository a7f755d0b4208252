// Baseline: the index method of seed 001. A hand is reduced to its runs of
// consecutive counts ("111234678p11133z" -> 3111 0 111 0 3 0 2), encoded as a
// bit string, and looked up in a table of every complete shape, built once by
// enumerating runs. Written here only to be measured against.
#pragma once

#include <cstdint>
#include <vector>

#include "mjk/hand.hpp"

namespace mjk::baseline {

class IndexMethod {
 public:
  IndexMethod();  // builds the table of complete shapes

  [[nodiscard]] bool is_agari(const Hand& hand) const noexcept;
  // Tries every kind not held four times (the seed's way to find waits).
  [[nodiscard]] TileMask waits(const Hand& hand) const noexcept;
  // Complete shapes of 14 tiles (standard form and seven pairs).
  [[nodiscard]] std::size_t closed_shapes() const noexcept { return closed_shapes_; }
  // Complete shapes of 2, 5, 8, 11 and 14 tiles: 9,362 per seed 001.
  [[nodiscard]] std::size_t all_shapes() const noexcept { return all_shapes_; }

  // Seed 001's code: count n -> 2(n-1) ones, then "10" before a gap, "0" otherwise;
  // a leading 1 marks the start.
  static std::uint64_t key(const int* counts, int n, const bool* gap_after) noexcept;

 private:
  [[nodiscard]] bool contains(std::uint64_t key) const noexcept;
  void insert(std::uint64_t key);
  std::vector<std::uint64_t> slots_;  // open addressing, 0 = empty
  std::uint64_t mask_ = 0;
  std::size_t closed_shapes_ = 0;
  std::size_t all_shapes_ = 0;
};

}  // namespace mjk::baseline
