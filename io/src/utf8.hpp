// UTF-8 checking shared by the JSON writer (report.cpp) and the request
// reader (request.cpp). Internal.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

namespace mjk::detail {

// The bytes that stand for themselves inside a JSON string: printable ASCII
// but '"' and '\\'. A table: strings are scanned byte by byte, and nearly
// every string the writer writes or the reader reads is one run of them.
inline constexpr std::array<bool, 256> json_plain_byte = [] {
  std::array<bool, 256> plain{};
  for (int c = 0x20; c < 0x80; ++c) plain[static_cast<std::size_t>(c)] = c != '"' && c != '\\';
  return plain;
}();

// Length of the valid UTF-8 sequence at s[i..], or 0 if it is not one
// (overlong forms, surrogates and code points above U+10FFFF are not).
inline std::size_t utf8_length(std::string_view s, std::size_t i) noexcept {
  const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned c = b(i);
  std::size_t n;
  unsigned lo = 0x80, hi = 0xbf;  // allowed range of the second byte
  if (c >= 0xc2 && c <= 0xdf) n = 2;
  else if (c >= 0xe0 && c <= 0xef) n = 3, lo = c == 0xe0 ? 0xa0 : 0x80, hi = c == 0xed ? 0x9f : 0xbf;
  else if (c >= 0xf0 && c <= 0xf4) n = 4, lo = c == 0xf0 ? 0x90 : 0x80, hi = c == 0xf4 ? 0x8f : 0xbf;
  else return 0;
  if (i + n > s.size() || b(i + 1) < lo || b(i + 1) > hi) return 0;
  for (std::size_t k = 2; k < n; ++k)
    if (b(i + k) < 0x80 || b(i + k) > 0xbf) return 0;
  return n;
}

}  // namespace mjk::detail
