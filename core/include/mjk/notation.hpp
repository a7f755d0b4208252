// The hand notations players paste, read and printed: mpsz ("123m456p",
// capitals too), the suit-first form ("m1m2m3"), majiang-core's string
// ("m123p456z11,z333=,m1-23": calls after commas), Unicode mahjong tiles
// (U+1F000-U+1F021) and Tenhou's (tenhou.net/2 ?q= strings, which are mpsz).
// parse_hand (hand.hpp) reads them all, told apart by detect_notation.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "mjk/export.h"
#include "mjk/hand.hpp"
#include "mjk/score_types.hpp"

namespace mjk {

enum class Notation : std::uint8_t { mpsz, suit_first, majiang, unicode, tenhou };

// "mpsz", "suit-first", "majiang", "unicode", "tenhou", and back.
[[nodiscard]] MJK_API std::string_view notation_name(Notation n) noexcept;
[[nodiscard]] MJK_API std::optional<Notation> notation_of_name(std::string_view name) noexcept;

// Which notation a text is in, from its first word:
//  - any byte above 0x7f: unicode (no other notation has one);
//  - a suit letter first: majiang if the word has a comma, a call mark
//    (+ = -) or a suit letter followed by two digits or more, else the
//    suit-first form (majiang reads every suit-first text the same way);
//  - anything else: mpsz (Tenhou's text is mpsz and is reported as mpsz).
[[nodiscard]] MJK_API Notation detect_notation(std::string_view text) noexcept;

// A hand with the melds written beside it (only majiang's notation writes them).
struct ParsedMelds {
  ParsedHand parsed;
  std::array<Meld, 4> melds{};
  std::array<std::uint32_t, 4> meld_position{};  // byte offsets of the melds
  std::uint8_t meld_count = 0;
};

// Reads text in the given notation (or detected, without one); errors name
// the byte position and what is wrong, as parse_mpsz's do. Each accepts
// " TILE" after the hand naming the winning tile, written in its notation.
[[nodiscard]] MJK_API Parsed<ParsedMelds> parse_notation(std::string_view text, Notation n);
[[nodiscard]] MJK_API Parsed<ParsedMelds> parse_notation(std::string_view text);
// majiang-core's string: "m123p406s789z1122,z333=,m1-23,p5555".
[[nodiscard]] MJK_API Parsed<ParsedMelds> parse_majiang(std::string_view text);
// Unicode tiles: "🀇🀈🀉🀙🀚🀛🀐🀑🀒🀀🀀🀄🀄 🀄".
[[nodiscard]] MJK_API Parsed<ParsedHand> parse_unicode(std::string_view text);

// The concealed tiles in a notation; the melds too where the notation writes
// them (majiang), canonical order (suits m p s z, numbers ascending, red
// fives as 0 where the notation has them: Unicode has no red tile, so a red
// five prints as a five there).
[[nodiscard]] MJK_API std::string to_string(const Hand& hand, Notation n);
[[nodiscard]] MJK_API std::string to_string(const Hand& hand, std::span<const Meld> melds, Notation n);
// One tile: "5m", "m5", "🀋"; red fives as 0 where the notation has them.
[[nodiscard]] MJK_API std::string to_string(Tile t, bool red, Notation n);

}  // namespace mjk
