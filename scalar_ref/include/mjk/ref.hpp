// The scalar reference: plain backtracking, the oracle every fast path is
// checked against. It shares no algorithm or table with kernel/ (only the
// vocabulary types: Hand, Tile, TileMask, Decomposition).
//
// Preconditions: the hand passes validate() for the question asked (3k+1 for
// waits, 3k+2 for agari, discards and decompositions); results for other
// hands are unspecified but safe.
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "mjk/analysis_types.hpp"
#include "mjk/decomposition_types.hpp"
#include "mjk/hand.hpp"
#include "mjk/score_types.hpp"

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
// thirteen orphans apply to closed hands (13 or 14 tiles) only. With three
// players the man group holds only 1m and 9m and makes no sequences (2m-8m
// are outside the preconditions).
struct Shanten {
  int standard = 0;
  std::optional<int> chiitoi;
  std::optional<int> kokushi;
  [[nodiscard]] int best() const noexcept;
};
[[nodiscard]] Shanten shanten(const Hand& hand, Players players = Players::four);
[[nodiscard]] ShantenForms shanten_forms(const Hand& hand, Players players = Players::four);

// 3k+1 hands: every kind whose draw lowers the best shanten (never a kind
// held four times, never 2m-8m with three players), and the ukeire: copies
// of them neither in the hand nor in `visible` (empty, or 34 counts in kind
// order; the hand and visible hold at most four of a kind together).
[[nodiscard]] Necessary necessary_tiles(const Hand& hand, Players players = Players::four,
                                        std::span<const std::uint8_t> visible = {});

// 3k+2 hands: for each distinct held kind, the shanten after discarding it,
// the necessary tiles then, and their ukeire counted outside the whole
// 3k+2 hand (the discarded copy is not in the wall) and `visible`. Ordered by
// shanten ascending, ukeire descending, kind.
[[nodiscard]] Advice advice(const Hand& hand, Players players = Players::four,
                            std::span<const std::uint8_t> visible = {});

// Scores a win (SCORING.md): every reading by backtracking, each yaku a
// plainly written predicate, fu and points by the book, the reading that
// pays most. Precondition: validate(request) passes. A hand that is not
// complete with request.win gives complete = false.
[[nodiscard]] Score score(const ScoreRequest& request);

}  // namespace mjk::ref
