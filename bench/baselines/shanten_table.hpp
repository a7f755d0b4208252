// Baseline: the textbook exact shanten (tomohxx's method), written here only
// to be measured against. One table per group kind (suit: 5^9 entries,
// honours: 5^7) indexed by the group's counts in base 5 holds, for every m
// melds (0..4) and h heads (0..1), the fewest tiles the group must draw to
// hold them; a hand's standard-form shanten is the min-plus combination of
// its four groups. Seven pairs and thirteen orphans by counting. Four
// players only.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "mjk/analysis.hpp"

namespace mjk::baseline {

class ShantenTable {
 public:
  ShantenTable();  // builds both tables (about 21 MB)

  [[nodiscard]] ShantenForms shanten(const Hand& hand) const noexcept;

 private:
  using Entry = std::array<std::uint8_t, 10>;  // [2 * melds + heads]: draws
  std::vector<Entry> suit_, honour_;
};

}  // namespace mjk::baseline
