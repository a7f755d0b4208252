// The shape every hand text shares, "HAND" or "HAND WINNING_TILE", around a
// notation's token reader (private to core).
#pragma once

#include <algorithm>
#include <string_view>

#include "mjk/hand.hpp"
#include "mjk/mpsz.hpp"

namespace mjk::hand_text {

inline constexpr std::string_view space_chars = " \t\r\n";

// parse_token(token, offset, hand) adds the token's tiles to hand.
// Shared shape of both text forms: "HAND" or "HAND WINNING_TILE".
template <class TokenParser>
Parsed<ParsedHand> parse_text(std::string_view text, TokenParser parse_token) {
  Parsed<ParsedHand> out;
  Hand& hand = out.value.hand;
  std::size_t i = text.find_first_not_of(space_chars);
  if (i == std::string_view::npos) {
    out.error = {Error::empty_input, 0, std::nullopt, 0};
    return out;
  }
  std::size_t end = std::min(text.find_first_of(space_chars, i), text.size());
  if (auto e = parse_token(text.substr(i, end - i), static_cast<std::uint32_t>(i), hand)) {
    out.error = e;
    return out;
  }
  if (hand.tiles == 0) {  // a word of no tiles: only variation selectors, or only calls
    out.error = {Error::empty_input, static_cast<std::uint32_t>(i), std::nullopt, 0};
    return out;
  }
  i = text.find_first_not_of(space_chars, end);
  if (i == std::string_view::npos) return out;  // no winning tile

  // A winning tile: exactly one tile, and the hand before it must be 3k+1.
  end = std::min(text.find_first_of(space_chars, i), text.size());
  Hand winner;
  if (auto e = parse_token(text.substr(i, end - i), static_cast<std::uint32_t>(i), winner)) {
    out.error = e;
    return out;
  }
  const std::size_t after = text.find_first_not_of(space_chars, end);
  if (winner.tiles != 1 || after != std::string_view::npos) {
    out.error = {Error::bad_winning_tile, static_cast<std::uint32_t>(after == std::string_view::npos ? i : after),
                 std::nullopt, hand.tiles};
    return out;
  }
  if (hand.tiles % 3 != 1) {
    out.error = {Error::wrong_count_before_winning_tile, static_cast<std::uint32_t>(i), std::nullopt, hand.tiles};
    return out;
  }
  Tile win;
  for (int k = 0; k < kind_count; ++k)
    if (winner.count(Tile(k)) == 1) win = Tile(k);
  const bool red = !win.is_honour() && winner.red_fives[static_cast<std::size_t>(win.kind() / 9)] > 0;
  if (auto e = add_parsed_tile(hand, win, red, static_cast<std::uint32_t>(i))) {
    out.error = e;
    return out;
  }
  out.value.winning = win;
  out.value.winning_red = red;
  return out;
}


// The digits of a suit's tiles, ascending, red fives as 0 before the fives
// ("0567"; empty when the suit holds none): mpsz's and majiang-core's groups.
std::string digits_of_suit(const Hand& hand, int suit);

}  // namespace mjk::hand_text
