// The scoring request between mjk.h's struct and mjk::ScoreRequest, the
// analysis line, a kind mask as bytes, and the way every text output ends,
// for the C ABI's files (c_api.cpp defines the first two). Private to capi.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

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

// A line whose text is NULL with bytes to read (a batch's row): info (if not
// NULL) gets that line's MJK_ERR_INVALID_ARGUMENT and its sentence, so that a
// batch answers the other lines; returns MJK_ERR_INVALID_ARGUMENT
// (mjk_parse_request and mjk_parse_ev_request; c_api.cpp).
int null_text(std::size_t length, mjk_request_info* info) noexcept;

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

// A text output (mjk.h: "char* buf, size_t cap, size_t* needed"): *needed
// (when asked) the text's bytes and its NUL; MJK_ERR_OUTPUT_TOO_SMALL when
// they pass cap, else the text and its NUL in buf. end_text is the same for
// a text already in buf (a JsonWriter's over its first cap - 1 bytes), of
// `size` bytes whether or not they all fitted.
inline int end_text(std::size_t size, char* buf, std::size_t cap, std::size_t* needed) noexcept {
  if (needed) *needed = size + 1;
  if (size + 1 > cap) return MJK_ERR_OUTPUT_TOO_SMALL;
  buf[size] = '\0';
  return MJK_OK;
}
inline int put_text(std::string_view text, char* buf, std::size_t cap, std::size_t* needed) noexcept {
  if (text.size() + 1 <= cap) std::memcpy(buf, text.data(), text.size());
  return end_text(text.size(), buf, cap, needed);
}

}  // namespace mjk::capi
