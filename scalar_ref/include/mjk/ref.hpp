// The scalar reference: plain backtracking, the oracle every fast path is
// checked against. It shares no algorithm or table with kernel/ (only the
// vocabulary types: Hand, Tile, TileMask, Decomposition).
//
// Preconditions: the hand passes validate() for the question asked (3k+1 for
// waits, 3k+2 for agari, discards and decompositions); results for other
// hands are unspecified but safe.
#pragma once

#include <optional>
#include <vector>

#include "mjk/analysis.hpp"
#include "mjk/decomposition.hpp"
#include "mjk/hand.hpp"

namespace mjk::ref {

[[nodiscard]] bool is_agari(const Hand& hand);
[[nodiscard]] bool is_standard_agari(const Hand& hand);
[[nodiscard]] bool is_chiitoi(const Hand& hand);
[[nodiscard]] bool is_kokushi(const Hand& hand);

[[nodiscard]] TileMask waits(const Hand& hand);
// FormBit flags of the forms a complete hand is complete in.
[[nodiscard]] std::uint8_t agari_forms(const Hand& hand);
// The waits split by the form they complete.
[[nodiscard]] FormWaits waits_by_form(const Hand& hand);
[[nodiscard]] TenpaiDiscards tenpai_discards(const Hand& hand);

// Every distinct reading of a complete hand. With a winning tile (which is
// part of the hand), one entry per distinct block that can hold it, with its
// wait kind; without, win = -1 and no wait.
[[nodiscard]] std::vector<Decomposition> decompositions(const Hand& hand, std::optional<Tile> winning);

// Exact shanten: (replacement number - 1), see DESIGN.md. Seven pairs and
// thirteen orphans apply to closed hands (13 or 14 tiles) only.
struct Shanten {
  int standard = 0;
  std::optional<int> chiitoi;
  std::optional<int> kokushi;
  [[nodiscard]] int best() const noexcept;
};
[[nodiscard]] Shanten shanten(const Hand& hand);

}  // namespace mjk::ref
