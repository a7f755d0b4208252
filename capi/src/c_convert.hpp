// The scoring request between mjk.h's struct and mjk::ScoreRequest, and the
// analysis line, for the C ABI's files (c_api.cpp defines them; ev.cpp uses
// them). Private to capi.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "mjk.h"
#include "mjk/score.hpp"

namespace mjk::capi {

// Raw C values pass through unchanged; validate() rejects those out of range.
[[nodiscard]] ScoreRequest request_from_c(const mjk_score_request& c) noexcept;
[[nodiscard]] mjk_score_request request_to_c(const ScoreRequest& r) noexcept;

// mjk_analyse_json_n with its "ev" search stopped by `cancel` (nullptr:
// never), the line's own error (its code, position and sentence; code none
// when the hand was answered) into `error` (nullptr: not wanted):
// mjk_analyse_json_n, mjk_analyse_json_cancellable and mjk_analyse_json_info (ev.cpp).
int analyse_json(const char* text, std::size_t length, int players, const std::uint8_t* visible34,
                 const std::atomic<bool>* cancel, char* buf, std::size_t cap, std::size_t* needed,
                 HandError* error = nullptr) noexcept;

}  // namespace mjk::capi
