// What every operation is told besides the hands: the rules in force and,
// for the operations that count unseen tiles, the tiles seen elsewhere.
#pragma once

#include <cstdint>
#include <span>

namespace mjk {

// Four players use all 136 tiles; three players (sanma) play without 2m-8m,
// so the man suit holds only 1m and 9m and makes no sequences.
enum class Players : std::uint8_t { four = 4, three = 3 };

struct Options {
  Players players = Players::four;
  // Tiles seen outside the hand (discards, melds, dora indicators) as 34
  // counts in kind order: empty, one row for every hand, or one row per hand
  // (34 * n). Only the operations that count ukeire read it.
  std::span<const std::uint8_t> visible{};
};

}  // namespace mjk
