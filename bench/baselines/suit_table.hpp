// Baseline: a per-suit lookup table, the style of the fastest known
// libraries. Each group's counts are ranked into a dense index (every count
// vector of at most 14 tiles); the table holds that group's answers: does it
// split into melds? into melds and a head? which added tile makes it do
// either? A hand's answer combines its four groups. Written here only to be
// measured against.
#pragma once

#include <cstdint>
#include <vector>

#include "mjk/hand.hpp"

namespace mjk::baseline {

class SuitTable {
 public:
  SuitTable();  // builds the suit (405,350 entries) and honour tables

  [[nodiscard]] bool is_agari(const Hand& hand) const noexcept;
  [[nodiscard]] TileMask waits(const Hand& hand) const noexcept;

 private:
  // Entry bits: 0 melds only, 1 melds + head, 2-10 waits giving melds only,
  // 11-19 waits giving melds + head (by position in the group).
  struct Ranker {
    int positions;
    std::vector<std::uint32_t> offset;  // [position][budget][count]
    [[nodiscard]] std::uint32_t rank(const std::uint8_t* counts) const noexcept;
  };
  Ranker suit_rank_, honour_rank_;
  std::vector<std::uint32_t> suit_, honour_;
  [[nodiscard]] std::uint32_t entry(const Hand& hand, int group) const noexcept;
};

}  // namespace mjk::baseline
