// Scoring a win: the answer (yaku, dora, han, fu, points, each seat's
// payment) to a request (score_types.hpp holds both), and where its fu come
// from. ../shared/SCORING.md is
// the specification.
#pragma once

#include <span>

#include "mjk/error.hpp"
#include "mjk/export.h"
#include "mjk/score_types.hpp"

namespace mjk {

// Scores one win: validates the request (validate() of
// score_types.hpp, without visible), finds every reading of the hand with its melds, judges yaku and
// fu for each and takes the one that pays most (then a yakuman reading, then
// more han, then more fu). An incomplete hand is not an error: its Score is
// Score{} (complete = false, every field zero). No allocation; thread-safe.
[[nodiscard]] MJK_API Result<Score> score(const ScoreRequest& request) noexcept;
// Many wins: out[i] answers requests[i]; a bad request gets its own error.
// Error::output_too_small (writing nothing) if out is shorter.
[[nodiscard]] MJK_API Error score(std::span<const ScoreRequest> requests, std::span<Result<Score>> out) noexcept;

// Every winning tile of one waiting hand at once (for the expected-value
// search and wait displays). `request` is a win's request but for the
// winning tile: its hand holds the 3k+1 concealed tiles (`win` and
// `win_red` are not read). out[k], k a tile kind (0..33), is exactly
// score() of that request with Tile(k) added to the hand and won (not a red
// five): its Score, Score{} when Tile(k) does not complete the hand, or
// that request's error. The suits are looked up once for all tiles and only
// the tiles that can complete the hand are scored. Error::output_too_small
// (writing nothing) if out is shorter than kind_count. No allocation;
// thread-safe.
[[nodiscard]] MJK_API Error score_each_win(const ScoreRequest& request, std::span<Result<Score>> out) noexcept;
// The same with the tiles seen elsewhere (`visible`: 34 counts, or empty):
// a tile whose request validate(request, visible) rejects (more than four
// copies with the visible ones) gets that error instead of its score, as a
// request line with that tile as its win is rejected.
[[nodiscard]] MJK_API Error score_each_win(const ScoreRequest& request, std::span<const std::uint8_t> visible,
                                           std::span<Result<Score>> out) noexcept;

// One complete hand won on each of several tiles (for the expected-value
// search, which meets the same hand won on different tiles): for each kind
// k (0..33) with bit k of `wins` set, out[k] is exactly score() of
// `request` with win = Tile(k) and win_red false (every other field as
// given); the other entries are not written. The hand is split into
// readings once for all its tiles. Error::output_too_small (writing
// nothing) if out is shorter than kind_count. No allocation; thread-safe.
[[nodiscard]] MJK_API Error score_won_on_each(const ScoreRequest& request, std::uint64_t wins,
                                              std::span<Result<Score>> out) noexcept;

// The fu of `score` (score(request)'s answer) part by part, summing to
// score.fu: the scorer's own reading search run again, keeping which
// reading won. Empty when the score has no fu (a yakuman hand, no yaku, not
// complete) or the request is invalid. Parts worth 0 fu are left out.
[[nodiscard]] MJK_API FuBreakdown fu_breakdown(const ScoreRequest& request, const Score& score) noexcept;

}  // namespace mjk
