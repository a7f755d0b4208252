// The scoring request between mjk.h's struct and mjk::ScoreRequest, the
// analysis line, and a kind mask as bytes, for the C ABI's files (c_api.cpp
// defines the first two; ev.cpp and batch.cpp use them). Private to capi.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>

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

// A kind mask as 34 bytes of 0/1, straight into the row: eight bits at a time
// through a table of 8-byte patterns, four 8-byte stores and one 2-byte store.
inline constexpr std::array<std::uint64_t, 256> byte_spread = [] {
  std::array<std::uint64_t, 256> t{};
  for (unsigned b = 0; b < 256; ++b)
    for (unsigned i = 0; i < 8; ++i) t[b] |= std::uint64_t{(b >> i) & 1u} << (8 * i);
  return t;
}();
inline void spread_mask(std::uint8_t* out, std::uint64_t bits) noexcept {
  for (int i = 0; i < 4; ++i, bits >>= 8) std::memcpy(out + 8 * i, &byte_spread[bits & 0xff], 8);
  std::memcpy(out + 32, &byte_spread[bits & 0x3], 2);
}

}  // namespace mjk::capi
