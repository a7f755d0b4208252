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

// The fu of `score` (score(request)'s answer) part by part, summing to
// score.fu: the scorer's own reading search run again, keeping which
// reading won. Empty when the score has no fu (a yakuman hand, no yaku, not
// complete) or the request is invalid. Parts worth 0 fu are left out.
[[nodiscard]] MJK_API FuBreakdown fu_breakdown(const ScoreRequest& request, const Score& score) noexcept;

}  // namespace mjk
