// The request's fields declared once: name, type, bounds, default, one line
// of doc and the spellings accepted. The JSON reader takes its bounds and
// error words from here; mjk_schema writes request.schema.json (the
// bindings' and the server's checks) and docs/request.md from it, and a
// test fails when the committed copies are stale.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "mjk/ev_types.hpp"
#include "mjk/export.h"

namespace mjk {

enum class FieldType : std::uint8_t {
  tiles,     // an mpsz string
  tile,      // one tile ("5m", "0p")
  flag,      // true / false (also 1 / 0)
  integer,   // min..max
  wind,      // "1z".."4z", "east".."north", "E".."N"
  relative,  // "kamicha", "toimen", "shimocha"
  riichi,    // 0, 1, 2 (double riichi); true = 1, "double" = 2
  melds,     // an array of meld objects
  visible,   // an mpsz string or 34 counts 0..4
  rules,     // an object of rule switches
  ev,        // an object of expected-value search options (EV.md)
  // Inside the nested objects (ev_fields, meld_fields):
  boolean,     // true / false only
  count,       // a count min..max up to 2^64 - 1 (max_vertices)
  meld_type,   // "chi", "pon", "minkan", "ankan", "kakan"
  meld_tiles,  // the meld's tiles, mpsz ("234m", "0555p")
};

struct RequestField {
  std::string_view name;
  FieldType type;
  int min = 0, max = 0;       // integer bounds (integer, riichi)
  std::string_view fallback;  // the default, as JSON
  std::string_view doc;       // one line
  std::string_view must;      // the error's words for a wrong value
};

inline constexpr std::array<RequestField, 23> request_fields = {{
    {"hand", FieldType::tiles, 0, 0, "", "the concealed tiles without the winning tile (required)",
     "hand must be an mpsz string such as \"123m456p\""},
    {"melds", FieldType::melds, 0, 4, "[]", "the called melds, in the order they were made",
     "melds must be an array of meld objects"},
    {"win", FieldType::tile, 0, 0, "null", "the winning tile; without it the hand is analysed, not scored",
     "win must be one tile such as \"5m\" or \"0p\""},
    {"tsumo", FieldType::flag, 0, 0, "false", "self-drawn (else ron)", "tsumo must be true or false"},
    {"from", FieldType::relative, 0, 0, "\"kamicha\"", "who dealt in, on ron",
     "from must be \"kamicha\", \"toimen\" or \"shimocha\""},
    {"seat", FieldType::wind, 0, 0, "\"1z\"", "seat wind (1z = East, the dealer)",
     "seat must be a wind, \"1z\" (East) to \"4z\" (North)"},
    {"round", FieldType::wind, 0, 0, "\"1z\"", "round wind", "round must be a wind, \"1z\" (East) to \"4z\" (North)"},
    {"riichi", FieldType::riichi, 0, 2, "0", "0 none, 1 riichi, 2 double riichi",
     "riichi must be 0, 1 or 2 (double riichi)"},
    {"ippatsu", FieldType::flag, 0, 0, "false", "won within a turn of riichi", "ippatsu must be true or false"},
    {"rinshan", FieldType::flag, 0, 0, "false", "won on the kan replacement tile", "rinshan must be true or false"},
    {"chankan", FieldType::flag, 0, 0, "false", "ron on a tile added to a kan", "chankan must be true or false"},
    {"haitei", FieldType::flag, 0, 0, "false", "the last tile (haitei on tsumo, houtei on ron)",
     "haitei must be true or false"},
    {"tenhou", FieldType::flag, 0, 0, "false", "a win before the first discard, no call made (tenhou/chiihou/renhou)",
     "tenhou must be true or false"},
    {"dora", FieldType::tiles, 0, 5, "\"\"", "dora indicators (at most 5)",
     "dora must be an mpsz string of indicators"},
    {"ura", FieldType::tiles, 0, 5, "\"\"", "ura-dora indicators (at most 5; count only with riichi)",
     "ura must be an mpsz string of indicators"},
    {"nuki", FieldType::integer, 0, 4, "0", "north tiles set aside (three players)", "nuki must be an integer 0 to 4"},
    {"honba", FieldType::integer, 0, 65535, "0", "counters on the table", "honba must be an integer 0 to 65535"},
    {"sticks", FieldType::integer, 0, 65535, "0", "riichi sticks on the table", "sticks must be an integer 0 to 65535"},
    {"players", FieldType::integer, 3, 4, "4", "3 (sanma) or 4 players", "players must be 3 or 4"},
    {"visible", FieldType::visible, 0, 4, "\"\"", "tiles seen outside the hand: mpsz, or 34 counts",
     "visible must be an mpsz string or an array of 34 counts"},
    {"rules", FieldType::rules, 0, 0, "{}", "rule switches (below)", "rules must be an object of rule switches"},
    {"ev", FieldType::ev, 0, 0, "", "the expected value of every discard: the search's options (no win with it)",
     "ev must be an object of search options"},
    {"each_win", FieldType::flag, 0, 0, "false",
     "score every winning tile of the waiting hand (no win with it): the answer's each_win",
     "each_win must be true or false"},
}};

// A field of an object inside the request: "ev"'s search options, a meld's.
// Bounds are 64-bit (max_vertices takes counts up to 2^64 - 1).
struct NestedField {
  std::string_view name;
  FieldType type;
  std::uint64_t min = 0, max = 0;  // integer and count bounds
  std::string_view fallback;       // the default, as JSON; "" for a required field
  std::string_view doc;            // one line
  std::string_view must;           // the error's words for a wrong value
};

// "ev": the search's options (EV.md), in mjk_ev_options' order, which the
// bindings' override bits follow. Every door reads its list from here: the
// JSON reader, mjk ev's options (ev.NAME rows: --NAME, or --no-NAME for a
// switch on by default), request.schema.json, which the Python (NAME) and
// Node (camelCase) bindings read; tests/io/check_ev_options.py fails when a
// list kept by hand elsewhere (mjk.h, the bindings' C++ and stubs) drifts.
// extra and turn are range-checked by the search itself (its own error
// codes); the reader checks their type.
inline constexpr std::array<NestedField, 7> ev_fields = {{
    {"hand_change", FieldType::boolean, 0, 0, "false", "follow every draw of a hand not in riichi (手変わり)",
     "hand_change must be true or false"},
    {"shanten_back", FieldType::boolean, 0, 0, "false", "try every discard of a hand not in riichi (向聴戻し)",
     "shanten_back must be true or false"},
    {"extra", FieldType::integer, 0, ev_max_extra, "1",
     "how far hand_change and shanten_back reach: a hand is widened while the tiles it holds that the start did "
     "not, plus its shanten, stay below the start's shanten + extra",
     "extra must be an integer 0..3"},
    {"uradora", FieldType::boolean, 0, 0, "true", "ura-dora counted as an exact expectation (riichi wins)",
     "uradora must be true or false"},
    {"red", FieldType::boolean, 0, 0, "true", "red fives score (false: they are plain fives)",
     "red must be true or false"},
    {"turn", FieldType::integer, ev_first_turn, ev_max_turn, "1", "the turn the table shows (draws made)",
     "turn must be an integer 1..17"},
    {"max_vertices", FieldType::count, 1, UINT64_MAX, "1000000",
     "stop with an error past this many vertices (the search's size; the default is reached holding about "
     "0.45 GB at most)",
     "max_vertices must be a count of vertices, 1 to 18446744073709551615 (default 1000000)"},
}};

// A meld object of "melds".
inline constexpr std::array<NestedField, 3> meld_fields = {{
    {"type", FieldType::meld_type, 0, 0, "", "chi, pon, minkan, ankan or kakan (required)",
     "a meld's type is \"chi\", \"pon\", \"minkan\", \"ankan\" or \"kakan\""},
    {"tiles", FieldType::meld_tiles, 0, 16, "", "its tiles in mpsz, 3 or 4 (0 = red five; required)",
     "a meld's tiles are an mpsz string of 3 or 4 tiles"},
    {"from", FieldType::relative, 0, 0, "\"kamicha\"", "who dealt the called tile (an ankan has none)",
     "a meld's from is \"kamicha\", \"toimen\" or \"shimocha\""},
}};

namespace schema_detail {
constexpr std::uint64_t digits(std::string_view s) noexcept {
  std::uint64_t n = 0;
  for (const char c : s) n = n * 10 + static_cast<std::uint64_t>(c - '0');
  return n;
}
}  // namespace schema_detail
// The table's numbers are the search's (ev_types.hpp), spelled once more in
// words for the messages: these hold them together.
static_assert(schema_detail::digits(ev_fields[6].fallback) == ev_default_max_vertices);
static_assert(ev_fields[6].must.find(ev_fields[6].fallback) != std::string_view::npos);
static_assert(ev_fields[2].must.ends_with("0..3") && ev_max_extra == 3);
static_assert(ev_fields[5].must.ends_with("1..17") && ev_first_turn == 1 && ev_max_turn == 17);

// A row by name; nullptr if unknown.
template <std::size_t N>
[[nodiscard]] constexpr const NestedField* nested_field(const std::array<NestedField, N>& fields,
                                                        std::string_view name) noexcept {
  for (const NestedField& f : fields)
    if (f.name == name) return &f;
  return nullptr;
}

// The rule switches of "rules" (and --rule KEY=VALUE).
enum class RuleType : std::uint8_t { flag, fu, renhou };
struct RuleField {
  std::string_view name;
  RuleType type;
  std::string_view fallback;  // as JSON
  std::string_view doc;
  std::string_view must;
};
inline constexpr std::array<RuleField, 9> rule_fields = {{
    {"open_tanyao", RuleType::flag, "true", "tanyao counts on an open hand", "rule open_tanyao must be true or false"},
    {"kiriage", RuleType::flag, "false", "4 han 30 fu and 3 han 60 fu round up to mangan",
     "rule kiriage must be true or false"},
    {"kazoe_yakuman", RuleType::flag, "true", "13 han or more is a yakuman",
     "rule kazoe_yakuman must be true or false"},
    {"double_yakuman", RuleType::flag, "true", "the double yakuman hands count twice",
     "rule double_yakuman must be true or false"},
    {"yakuman_stacking", RuleType::flag, "true", "several yakuman add up",
     "rule yakuman_stacking must be true or false"},
    {"double_wind_pair_fu", RuleType::fu, "4", "fu of a pair of the seat and round wind at once",
     "rule double_wind_pair_fu must be 2 or 4"},
    {"pao", RuleType::flag, "true", "the liable player pays for daisangen / daisuushii / suukantsu",
     "rule pao must be true or false"},
    {"renhou", RuleType::renhou, "\"none\"", "renhou as a yaku: none, mangan or yakuman",
     "rule renhou must be \"none\", \"mangan\" or \"yakuman\""},
    {"sanma_tsumo_loss", RuleType::flag, "true", "three players: the missing seat's tsumo share is lost",
     "rule sanma_tsumo_loss must be true or false"},
}};

// The spellings of the enumerations, index = value.
inline constexpr std::array<std::string_view, 4> wind_names = {"east", "south", "west", "north"};
inline constexpr std::array<std::string_view, 3> renhou_names = {"none", "mangan", "yakuman"};

// A field by name; nullptr if unknown.
[[nodiscard]] constexpr const RequestField* request_field(std::string_view name) noexcept {
  for (const RequestField& f : request_fields)
    if (f.name == name) return &f;
  return nullptr;
}

// A wind in any accepted spelling ("1z", "east", "East", "E"): 0..3, or -1.
[[nodiscard]] MJK_API int parse_wind(std::string_view text) noexcept;

// request.schema.json (JSON Schema draft 2020-12) and docs/request.md,
// generated from the tables above.
[[nodiscard]] MJK_API std::string request_json_schema();
[[nodiscard]] MJK_API std::string request_markdown();

}  // namespace mjk
