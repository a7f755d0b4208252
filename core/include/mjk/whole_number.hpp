// A whole text read as one decimal number: the one reader of the numbers
// options and plans take (`--games 100`, `--threads 2`), so "12x", "" and
// "+3" are refused alike everywhere; each caller checks its own range and
// words its own refusal.
#pragma once

#include <charconv>
#include <string_view>
#include <system_error>

namespace mjk {

// True when text is all of one number that fits T (no sign for an unsigned
// T, no space, no suffix); out is written only then.
template <class T>
[[nodiscard]] bool read_whole_number(std::string_view text, T& out) noexcept {
  T n{};
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return false;
  out = n;
  return true;
}

}  // namespace mjk
