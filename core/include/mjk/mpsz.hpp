// The mpsz notation's tile scanner ("123m456p0s7z": digits, then their suit
// letter; 0 is the red five), the one every parser of it uses: hands
// (parse_mpsz in hand.hpp) and the tiles of melds (request.hpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "mjk/error.hpp"
#include "mjk/export.h"
#include "mjk/hand.hpp"
#include "mjk/tile.hpp"

namespace mjk {

// The suit a letter names: m, p, s or z, in either case ("123M" is pasted
// from sites that write suits in capitals).
[[nodiscard]] constexpr std::optional<Suit> suit_of_letter(char c) noexcept {
  switch (c) {
    case 'm':
    case 'M': return Suit::man;
    case 'p':
    case 'P': return Suit::pin;
    case 's':
    case 'S': return Suit::sou;
    case 'z':
    case 'Z': return Suit::honour;
    default: return std::nullopt;
  }
}

// Calls put(tile, red, position) for every tile of mpsz text, in order, and
// returns the first error (put's, or the text's: unknown_character,
// suit_without_digit, invalid_honour, digit_without_suit, with tiles = 0);
// positions are byte offsets in the text plus `offset`. Any number of tiles:
// a hand's limits are put's business.
template <class Put>
HandError for_each_mpsz_tile(std::string_view text, std::uint32_t offset, Put put) noexcept {
  std::size_t digits_from = 0, digits = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const auto pos = static_cast<std::uint32_t>(offset + i);
    if (c >= '0' && c <= '9') {
      if (digits++ == 0) digits_from = i;
      continue;
    }
    const auto suit = suit_of_letter(c);
    if (!suit) return {Error::unknown_character, pos, std::nullopt, 0};
    if (digits == 0) return {Error::suit_without_digit, pos, std::nullopt, 0};
    for (std::size_t d = digits_from; d < i; ++d) {
      const int digit = text[d] - '0';
      const bool red = digit == 0 && *suit != Suit::honour;
      const auto tile = Tile::from(*suit, red ? 5 : digit);
      const auto dpos = static_cast<std::uint32_t>(offset + d);
      if (!tile) return {Error::invalid_honour, dpos, std::nullopt, 0};
      if (HandError e = put(*tile, red, dpos)) return e;
    }
    digits = 0;
  }
  if (digits != 0)
    return {Error::digit_without_suit, static_cast<std::uint32_t>(offset + digits_from), std::nullopt, 0};
  return {};
}

// Adds one parsed tile to a hand within the parsers' limits: a fifth copy
// (fifth_copy), a fifteenth tile (too_many_tiles), a second red five of a
// suit (too_many_red_fives) are errors at `position`, with the hand's count.
[[nodiscard]] MJK_API HandError add_parsed_tile(Hand& hand, Tile t, bool red, std::uint32_t position) noexcept;

}  // namespace mjk
