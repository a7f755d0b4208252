// Baseline: the index method. A hand is reduced to its runs of
// consecutive counts ("111234678p11133z" -> 3111 0 111 0 3 0 2), encoded as a
// bit string, and looked up in a table of every complete shape, built once by
// enumerating runs. Written here only to be measured against.
#pragma once

#include <cstdint>
#include <vector>

#include "mjk/decomposition.hpp"
#include "mjk/hand.hpp"

namespace mjk::baseline {

class IndexMethod {
 public:
  IndexMethod();  // builds the table of complete shapes

  [[nodiscard]] bool is_agari(const Hand& hand) const noexcept;
  // Tries every kind not held four times (the seed's way to find waits).
  [[nodiscard]] TileMask waits(const Hand& hand) const noexcept;
  // Every reading of a complete hand (as scalar_ref gives them, in any
  // order) from the splits stored with its shape; returns how many.
  std::size_t decompositions(const Hand& hand, std::optional<Tile> winning, Decomposition* out) const noexcept;

  // Complete shapes of 14 tiles (standard form and seven pairs).
  [[nodiscard]] std::size_t closed_shapes() const noexcept { return closed_shapes_; }
  // Complete shapes of 2, 5, 8, 11 and 14 tiles: 9,362 by the index method's count.
  [[nodiscard]] std::size_t all_shapes() const noexcept { return all_shapes_; }

  // The index method's code: count n -> 2(n-1) ones, then "10" before a gap, "0" otherwise;
  // a leading 1 marks the start.
  static std::uint64_t key(const int* counts, int n, const bool* gap_after) noexcept;

 private:
  // A split of a shape: head position (255 = none), melds as position and
  // kind (bit 7: sequence), positions counting the hand's held kinds in order.
  struct Split {
    std::uint8_t head = 255;
    std::uint8_t melds = 0;
    std::uint8_t meld[4] = {};
    bool chiitoi = false;
  };
  struct Range {
    std::uint32_t first = 0, count = 0;
  };
  [[nodiscard]] const Range* find(std::uint64_t key) const noexcept;
  [[nodiscard]] bool contains(std::uint64_t key) const noexcept { return find(key) != nullptr; }
  void insert(std::uint64_t key, Range r);
  // The key of a hand, and the kind at each of its positions.
  std::uint64_t hand_key(const Hand& hand, int* kinds, int& n) const noexcept;
  std::vector<std::uint64_t> slots_;  // open addressing, 0 = empty
  std::vector<Range> ranges_;
  std::vector<Split> splits_;
  std::uint64_t mask_ = 0;
  std::size_t closed_shapes_ = 0;
  std::size_t all_shapes_ = 0;
};

}  // namespace mjk::baseline
