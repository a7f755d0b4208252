// One hand analysed by every question that fits its tile count — the object
// `mjk --json` prints, the Python and Node bindings' analyse() return, and the
// C ABI's mjk_analyse_json writes — and its JSON (JsonWriter: mjk/json.hpp).
// Nothing here allocates but HandError::message() on the error path.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "mjk/analysis.hpp"
#include "mjk/export.h"
#include "mjk/decomposition.hpp"
#include "mjk/ev_types.hpp"
#include "mjk/hand.hpp"
#include "mjk/json.hpp"
#include "mjk/request.hpp"
#include "mjk/rules.hpp"
#include "mjk/score.hpp"

namespace mjk {

struct Report {
  ParsedHand input;
  Players players = Players::four;
  ShantenForms shanten;
  bool complete = false;  // 3k+2 tiles (else 3k+1)
  // 3k+1
  TileMask waits;
  Necessary necessary;
  // 3k+2
  bool agari = false;
  TenpaiDiscards discards;
  Advice advice;
  std::uint8_t decomposition_count = 0;  // readings when agari
  std::array<Decomposition, max_decompositions> decompositions{};
  // The line as a request (request.hpp): its melds and context. When it
  // names a winning tile and its melds are known, `score` answers it (not
  // complete with the winning tile: score.complete is false).
  ParsedRequest request;
  Score score;
  // The line's "ev" object (request.has_ev): the expected-value search's
  // answer (EV.md), written as the object's "ev".
  EvAnswer ev;
  // The line's "each_win": true (request.each_win): score_each_win's answer
  // for every tile kind, written as the object's "each_win" (the tiles that
  // complete the hand, each with its score object).
  std::array<Result<Score>, kind_count> each_win{};
};

// Parses one line and answers every question that fits it with the kernel:
// mpsz or suit-first text, optionally with called melds and a winning tile
// ("HAND [MELD ...] [WIN]", request.hpp), or a JSON request object
// (SCORING.md §1). Shanten, waits and advice are of the concealed tiles; the
// tiles in melds, the dora indicators and the north tiles set aside are out
// of the wall for the ukeire, like Options::visible (empty or 34 counts; a
// JSON line's own `visible` replaces it). A line naming a winning tile with
// its melds known is scored. Errors: the parser's, check_request()'s, a tile
// count of 3k, a tile the rules lack, a kind held + seen more than four
// times. `context` gives text lines their context (tsumo, seat, dora,
// rules, ...) and JSON lines their defaults; players come from `options`.
[[nodiscard]] MJK_API Parsed<Report> analyse(std::string_view line, const Options& options,
                                             const ScoreRequest& context) noexcept;
// The same, an "ev" line's search stopped by `cancel` (EvOptions::cancel:
// the line's error is then Error::cancelled); nullptr: never.
[[nodiscard]] MJK_API Parsed<Report> analyse(std::string_view line, const Options& options, const ScoreRequest& context,
                                             const std::atomic<bool>* cancel) noexcept;
// The same with the default context (no melds named, ron, East seat and round).
[[nodiscard]] MJK_API Parsed<Report> analyse(std::string_view line, const Options& options = {}) noexcept;
// The same for a line already parsed (parse_request()'s answer, with
// `options.players` in its defaults), which the caller may have changed
// first: the command line asks a text line for "ev" or "each_win" this way,
// as a JSON line asks with its fields. analyse(line, options, context) is
// parse_request() then this.
[[nodiscard]] MJK_API Parsed<Report> analyse_request(ParsedRequest request, const Options& options,
                                                     const std::atomic<bool>* cancel = nullptr) noexcept;

// A 3k+2 hand's tenpai discards read off its advice, as analyse() fills
// Report::discards: a discard leaves the hand tenpai iff the advice gives it
// shanten 0, and then its necessary tiles are its waits (both leave out a
// kind held four times after the discard), so tenpai_discards(hand) need
// not run a second pass over the same discards.
[[nodiscard]] MJK_API TenpaiDiscards tenpai_discards_of(const Advice& advice) noexcept;

// The hand as mpsz, the winning tile (red if it was written red) after a
// space (reports echo write_request_text, which adds the melds between). Writes into out; returns the bytes needed.
MJK_API std::size_t write_hand(const ParsedHand& input, std::span<char> out) noexcept;

// mjk --json's object for a report, and for a line that could not be
// analysed ({"hand": <the line>, "error": <message>}); no newline.
MJK_API void write_json(const Report& report, JsonWriter& json) noexcept;
// The "score" value alone: null when not complete; else SCORING.md §2's
// fields ("yaku" [{"name", "han" or "yakuman"}], "han", "fu", "yakuman",
// "points", "payments"), each yaku with its display names ("en", "ja"),
// then how players say it: "limit" (limit_of()'s id or null) with
// "limit_en" and "limit_ja", "payment_text" (payment_text(), null when
// nothing is won) and "fu_details" (fu_breakdown(): [{"reason", "tiles"
// for a block, "wait" for a wait, "fu"}], [] without fu). `score` is
// score(request)'s answer.
MJK_API void write_json(const Score& score, const ScoreRequest& request, JsonWriter& json) noexcept;
// SCORING.md §2's fields alone, without display names and the fields after them.
MJK_API void write_json(const Score& score, const ScoreRules& rules, JsonWriter& json) noexcept;
// The object of a line that could not be analysed.
MJK_API void write_json_error(std::string_view line, std::string_view message, JsonWriter& json) noexcept;

}  // namespace mjk
