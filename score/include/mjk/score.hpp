// Scoring a win: the answer (yaku, dora, han, fu, points, each seat's
// payment) to a request (score_types.hpp holds both). ../shared/SCORING.md is
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

}  // namespace mjk
