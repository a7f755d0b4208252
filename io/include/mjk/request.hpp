// A win to score, as one line of input: the command line's text with called
// melds (the meld notation below) or a JSON request object (SCORING.md §1).
// Both parsers fill the same ScoreRequest, report errors with the byte
// position and what is wrong, never allocate and never throw.
//
// The meld notation: the concealed tiles, then each called meld as one word,
// then the winning tile:
//
//   678m345p67s55s chi:234m 8s
//   12m55z pon:111z@toimen ankan:9999s kakan:0555p@shimocha 3m
//
// A meld word is TYPE:TILES[@FROM]: TYPE chi, pon, minkan, ankan or kakan;
// TILES in mpsz (0 = red five; 3 tiles for chi and pon, 4 for the kans);
// FROM the player who discarded the called tile, kamicha (the default),
// toimen or shimocha (not for ankan; a chi only from kamicha). Melds are
// written in the order they were made. The printer (write_request_text)
// writes the canonical form (tiles ascending with the red five in its
// place, "@kamicha" left out), which parses back to the same request.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "mjk/ev_types.hpp"
#include "mjk/export.h"
#include "mjk/hand.hpp"
#include "mjk/score.hpp"

namespace mjk {

struct ParsedRequest {
  // hand holds the concealed tiles and, when has_win, the winning tile.
  ScoreRequest request;
  bool has_win = false;
  // The melds are known: the line named them (meld words, a JSON object) or
  // the hand has all 14 tiles. A line of fewer tiles and no meld words
  // keeps the old meaning (calls implied by the count) and is not scored.
  bool melds_known = false;
  bool json = false;                               // a JSON object (else text)
  std::array<std::uint8_t, kind_count> visible{};  // `visible` / --visible: tiles seen elsewhere
  bool any_visible = false;
  std::array<std::uint32_t, 4> meld_position{};  // byte offset of each meld in the line
  // A JSON line's "ev" object: the line asks for the expected-value search
  // (EV.md) with these options. red_seen: the red fives written 0 in
  // visible and dora (5m, 5p, 5s), out of the search's wall (EvVisible::red).
  bool has_ev = false;
  EvOptions ev;
  std::array<std::uint8_t, 3> red_seen{};
  // A JSON line's "each_win": true: the line (no winning tile) asks what each
  // winning tile of its waiting hand pays (score_each_win, score.hpp).
  bool each_win = false;

  // A winning tile named and the melds known: the line gets a "score".
  [[nodiscard]] bool scored() const noexcept { return has_win && melds_known; }
  // The visible tiles as validate() and score_each_win take them (empty: none named).
  [[nodiscard]] std::span<const std::uint8_t> visible_tiles() const noexcept {
    return any_visible ? std::span<const std::uint8_t>(visible) : std::span<const std::uint8_t>{};
  }
};

// Meld words ("pon:555z@toimen"); `offset` is the word's byte offset in the
// line, for error positions.
[[nodiscard]] MJK_API HandError parse_meld(std::string_view word, std::uint32_t offset, Meld& out) noexcept;
// The canonical word of a meld; returns the bytes needed (at most 24).
MJK_API std::size_t write_meld(const Meld& meld, std::span<char> out) noexcept;
// A meld's tiles alone ("234m", "5505p") as a meld of `type`.
[[nodiscard]] MJK_API HandError parse_meld_tiles(MeldType type, std::string_view tiles, std::uint32_t offset,
                                                 Meld& out) noexcept;

// "HAND [MELD ...] [WIN]" (mpsz or the suit-first form for HAND): the context (tsumo,
// seat, rules, ...) comes from `context`, whose hand, melds and win are
// ignored. A line with no meld word is parsed exactly as parse_hand does.
[[nodiscard]] MJK_API Parsed<ParsedRequest> parse_request_text(std::string_view line,
                                                               const ScoreRequest& context = {}) noexcept;
// A JSON request object of SCORING.md §1; fields it leaves out keep the
// value `defaults` gives them. Strict: an unknown field or rule key, a
// duplicate, a wrong type or value, anything after the object is an error.
// Limits: a line of at most max_request_bytes, strings of at most
// max_json_string bytes (after escapes); depth is fixed by the schema.
inline constexpr std::size_t max_request_bytes = 65536;
inline constexpr std::size_t max_json_string = 512;
[[nodiscard]] MJK_API Parsed<ParsedRequest> parse_request_json(std::string_view line,
                                                               const ScoreRequest& defaults = {}) noexcept;
// Either of the two: a line whose first non-blank byte is '{' is JSON.
[[nodiscard]] MJK_API Parsed<ParsedRequest> parse_request(std::string_view line,
                                                          const ScoreRequest& defaults = {}) noexcept;

// A text line that names no winning tile but holds a complete count for its
// melds (14 concealed tiles with none, 11 with one, ...): the same line with
// its last written tile set apart as the winning tile, as majiang-core reads
// such a hand ("123678m345p55678s" -> "123678m345p5567s 8s", the suit-first form's
// "...z2z2" -> "...z2 z2"; with meld words the tile goes after them). Writes into out and returns the bytes needed
// (at most line.size() + 3); 0 when the line is JSON, does not parse, names
// its winning tile or has another count.
MJK_API std::size_t last_tile_as_win(std::string_view line, std::span<char> out) noexcept;

// Checks a parsed request as a whole: with a winning tile and known melds,
// validate() (the context too); asking for each_win, validate_waiting()
// (the context too); otherwise the melds' fit and the copies of
// every kind across hand, melds, indicators, north tiles and `visible`. A
// meld's error points at the meld in the line.
[[nodiscard]] MJK_API HandError check_request(const ParsedRequest& request) noexcept;

// Tiles the analysis must count as out of the wall besides the hand: the
// visible tiles, the tiles of the melds, the dora indicators and the north
// tiles set aside (ura indicators are not shown during play).
[[nodiscard]] MJK_API std::array<std::uint8_t, kind_count> seen_elsewhere(const ParsedRequest& request) noexcept;

// The line in the meld notation: concealed tiles, melds, winning tile.
// Returns the bytes needed (at most max_request_text).
inline constexpr std::size_t max_request_text = 160;
MJK_API std::size_t write_request_text(const ParsedRequest& request, std::span<char> out) noexcept;

// One rule switch of SCORING.md §1 from text (the command line's --rule
// KEY=VALUE): bools "true"/"false", double_wind_pair_fu "2"/"4", renhou
// "none"/"mangan"/"yakuman". Errors are bad_request naming the problem.
[[nodiscard]] MJK_API HandError set_rule(ScoreRules& rules, std::string_view key, std::string_view value) noexcept;

// Names of the request's enumerations as the JSON and the notation spell them.
[[nodiscard]] MJK_API std::string_view meld_type_name(MeldType type) noexcept;  // "chi", ...
[[nodiscard]] MJK_API std::string_view relative_name(Relative who) noexcept;    // "kamicha", ...

}  // namespace mjk
