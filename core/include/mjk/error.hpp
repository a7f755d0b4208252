// Errors are values: a code, where it happened, and a readable message.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "mjk/export.h"
#include "mjk/tile.hpp"

namespace mjk {

enum class Error : std::uint8_t {
  none = 0,
  empty_input,                      // no tiles at all
  unknown_character,                // a byte that is not a digit, suit letter or space
  digit_without_suit,               // "123" with no m/p/s/z after it
  suit_without_digit,               // "m" with no digit before it (mpsz) or after it (suit-first form)
  invalid_honour,                   // 8z, 9z, 0z
  fifth_copy,                       // a fifth tile of one kind
  too_many_tiles,                   // more than 14 tiles
  wrong_tile_count,                 // the count does not fit the question (waits 3k+1, agari 3k+2)
  bad_winning_tile,                 // the part after the space is not exactly one tile
  wrong_count_before_winning_tile,  // "HAND TILE" where HAND is not 3k+1 tiles
  bad_tile_id,                      // a 136-id outside 0..135, or the same id twice
  bad_slot,                         // a Hand with a count above 4 or a tile in a padding slot
  count_mismatch,                   // a Hand whose `tiles` field differs from the sum of its slots
  output_too_small,                 // a batch call whose output span is shorter than its input
  not_in_rules,                     // a tile the rules in force do not have (2m-8m with three players)
  partial_row,                      // a batch of 34-count rows whose length is not a multiple of 34
  visible_over_four,                // a kind held and visible more than four times in all
  too_many_red_fives,               // a second red five of one suit (the 136 tiles have one each)
  invalid_argument,                 // C ABI: a null pointer where data is needed, players not 3 or 4, a bad stride
  // Scoring requests (score.hpp, SCORING.md); position: the meld's index for meld errors
  bad_meld,         // a meld's tiles do not make its type (a chi a run of one suit, a pon 3 equal, a kan 4)
  bad_meld_source,  // a chi not from kamicha, a call from oneself, an ankan from another, toimen with three players
  chi_with_three_players,  // three players have no chi
  wrong_meld_count,        // more than four melds, or concealed tiles that do not fit the melds (3k+2 with 4-k melds)
  winning_tile_not_held,   // the winning tile is not among the concealed tiles
  riichi_on_open_hand,     // riichi or double riichi with an open meld
  ippatsu_without_riichi,
  rinshan_without_kan,  // rinshan with no kan made
  rinshan_on_ron,
  chankan_on_tsumo,
  haitei_with_rinshan,
  tenhou_with_call,        // tenhou / chiihou / renhou with a meld made
  bad_seat,                // seat or round wind not 1z-4z, North seat with three players, a ron from oneself
  bad_nuki,                // nuki with four players, or more than four
  too_many_indicators,     // more than five dora or ura indicators
  bad_request,             // a malformed request: not JSON, a wrong field type, an unknown field or rule key
  dealer_ron_with_tenhou,  // tenhou set on a ron by the dealer: renhou is a non-dealer's, before their first draw
  // Expected-value searches (ev.hpp, EV.md); tile: the kind concerned, tiles: the count
  too_few_tiles,       // fewer than 13 tiles counting 3 per meld
  complete_hand,       // a 14-tile hand that is already complete (there is nothing to search)
  impossible_wall,     // more copies of a kind (or of a red five) seen than the game has
  wall_too_small,      // fewer tiles in the wall than the 18 draws the search makes
  extra_out_of_range,  // `extra` not 0..3
  turn_out_of_range,   // `turn` not 1..17
  too_many_vertices,   // the search passed the caller's max_vertices
  out_of_memory,       // the search could not get the memory it needed (a lower max_vertices stops it first)
  cancelled,           // the caller's cancel flag stopped the search (EvOptions::cancel)
};

// Short fixed description of a code, e.g. "fifth copy of a tile".
[[nodiscard]] MJK_API std::string_view describe(Error code) noexcept;

// Where and why an input was rejected.
struct HandError {
  Error code = Error::none;
  std::uint32_t position = 0;  // byte offset in text, index in arrays
  std::optional<Tile> tile;    // the tile concerned, where there is one
  std::uint8_t tiles = 0;      // the tile count, for count errors
  // What exactly is wrong, in words, when the code alone does not say it (a
  // request's field, the form a meld must have); static storage only, so a
  // HandError stays a plain value. Written after the code's sentence.
  std::string_view detail{};
  // `position` of an error that has none (a whole request's contradiction).
  static constexpr std::uint32_t nowhere = 0xffffffffu;

  [[nodiscard]] explicit operator bool() const noexcept { return code != Error::none; }
  // Full sentence naming what is wrong, e.g. "fifth copy of 5m at position 9".
  [[nodiscard]] MJK_API std::string message() const;
  // The same sentence into caller storage, without allocating: its length
  // (cut at out.size(); no sentence is longer than max_message).
  static constexpr std::size_t max_message = 255;
  MJK_API std::size_t write(std::span<char> out) const noexcept;
};

// A value and the error that kept it from being computed (value{} then).
template <class T>
struct Result {
  T value{};
  Error error = Error::none;
  [[nodiscard]] bool ok() const noexcept { return error == Error::none; }
};

}  // namespace mjk
