// What the request parsers (request_*.cpp) share: the words of the notation,
// the error helper, the checks of a line's tile count. Internal to mjk::io.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "mjk/mpsz.hpp"
#include "mjk/request.hpp"

namespace mjk::request_parts {

inline constexpr std::string_view space_chars = " \t\r\n";
inline constexpr char suit_letters[] = "mpsz";

inline HandError bad(std::uint32_t position, std::string_view detail, Error code = Error::bad_request) noexcept {
  HandError e{code, position, std::nullopt, 0};
  e.detail = detail;
  return e;
}

inline constexpr std::array<std::string_view, 5> meld_type_names = {"chi", "pon", "minkan", "ankan", "kakan"};
inline constexpr std::array<std::string_view, 4> relative_names = {"self", "shimocha", "toimen", "kamicha"};

// What a line's tile count must be, by meld count, in words (static: a
// HandError's detail).
inline constexpr std::array<std::string_view, 5> fit_detail = {
    "with no meld the hand holds 13 tiles before the winning tile (14 with it)",
    "with 1 meld the hand holds 10 tiles before the winning tile (11 with it)",
    "with 2 melds the hand holds 7 tiles before the winning tile (8 with it)",
    "with 3 melds the hand holds 4 tiles before the winning tile (5 with it)",
    "with 4 melds the hand holds 1 tile before the winning tile (2 with it)"};
inline constexpr std::array<std::string_view, 4> meld_detail = {"meld 1", "meld 2", "meld 3", "meld 4"};

// The concealed tiles before the winning tile must fit the melds: 13 - 3m
// (or, with no winning tile, 14 - 3m: a hand that has drawn).
inline HandError check_fit(const ParsedRequest& r, int before_win, std::uint32_t position) noexcept {
  const int need = 13 - 3 * r.request.meld_count;
  if (before_win == need || (!r.has_win && before_win == need + 1)) return {};
  HandError e = bad(position, fit_detail[r.request.meld_count], Error::wrong_meld_count);
  e.tiles = static_cast<std::uint8_t>(before_win);
  return e;
}

// Adds the winning tile to the request's hand.
inline HandError add_win(ParsedRequest& r, std::uint32_t position) noexcept {
  r.has_win = true;
  return add_parsed_tile(r.request.hand, r.request.win, r.request.win_red, position);
}


}  // namespace mjk::request_parts
