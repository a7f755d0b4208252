// The scoring request between mjk.h's struct and mjk::ScoreRequest, for the
// C ABI's files (c_api.cpp defines them; ev.cpp uses them). Private to capi.
#pragma once

#include "mjk.h"
#include "mjk/score.hpp"

namespace mjk::capi {

// Raw C values pass through unchanged; validate() rejects those out of range.
[[nodiscard]] ScoreRequest request_from_c(const mjk_score_request& c) noexcept;
[[nodiscard]] mjk_score_request request_to_c(const ScoreRequest& r) noexcept;

}  // namespace mjk::capi
