// A JSON request object of SCORING.md §1 (request.hpp), strict. Not on a hot
// path, but it runs once per input line of `mjk --json`, so it allocates
// nothing: strings are decoded into fixed buffers on the stack, and the
// schema is walked directly (an unknown field is an error, so no value of
// unknown shape is ever skipped and nothing recurses).
#include <algorithm>
#include <type_traits>

#include "json_reader.hpp"
#include "mjk/json.hpp"
#include "mjk/notation.hpp"
#include "mjk/request.hpp"
#include "mjk/request_schema.hpp"
#include "request_parts.hpp"

namespace mjk {
using namespace request_parts;

namespace {

using json::Type;

// One JSON value as the request reads it: the tokenizer's token, a string
// decoded into room for the longest a request's string may be.
struct Value : json::Token {
  json::FixedText<max_json_string> buf;
};

// The tokenizer (json_reader.hpp) with the request's words for its faults.
class Reader {
 public:
  explicit Reader(std::string_view s) noexcept : in_(s) {}
  void ws() noexcept { in_.ws(); }
  [[nodiscard]] std::uint32_t pos() const noexcept { return in_.pos(); }
  [[nodiscard]] bool at_end() const noexcept { return in_.at_end(); }
  [[nodiscard]] bool peek(char c) const noexcept { return in_.peek(c); }
  bool take(char c) noexcept { return in_.take(c); }
  // Any value: scalars read whole; '[' and '{' consumed and announced.
  HandError value(Value& v) noexcept { return said(v, in_.value(v, v.buf)); }
  HandError string(Value& v) noexcept { return said(v, in_.string(v, v.buf)); }

 private:
  static HandError said(const Value& v, json::Fault f) noexcept {
    using F = json::Fault;
    switch (f.code) {
      case F::none: return {};
      case F::value_missing: return bad(f.where, "not JSON: a value is missing");
      case F::not_a_value:
      case F::bad_word: return bad(f.where, "not JSON: expected a value");
      case F::not_a_string: return bad(f.where, "not JSON: expected a string");
      case F::string_not_closed: return bad(v.at, "not JSON: a string is not closed");
      case F::string_too_long: return bad(v.at, "a string longer than 512 bytes");
      case F::control_character: return bad(f.where, "not JSON: a control character in a string");
      case F::not_utf8: return bad(f.where, "not JSON: a string is not UTF-8");
      case F::escape_not_closed:
      case F::bad_escape: return bad(f.escape, "not JSON: a bad escape");
      case F::u_escape_short:
      case F::u_escape_not_hex: return bad(f.escape, "not JSON: a bad \\u escape");
      case F::lone_surrogate: return bad(f.escape, "not JSON: a lone surrogate in a \\u escape");
      case F::integer_digits:
      case F::fraction_digits:
      case F::exponent_digits: return bad(v.at, "not JSON: a bad number");
    }
    return bad(f.where, "not JSON");
  }
  json::Cursor in_;
};

// The rule switches of SCORING.md §1: names and error words from the
// schema's table (request_schema.hpp), the member each sets here.
struct RuleKey {
  std::string_view name;
  RuleType kind;
  bool ScoreRules::*flag;
  std::string_view must;  // the error's words for a wrong value
};
constexpr std::array<bool ScoreRules::*, rule_fields.size()> rule_members = {&ScoreRules::open_tanyao,
                                                                             &ScoreRules::kiriage,
                                                                             &ScoreRules::kazoe_yakuman,
                                                                             &ScoreRules::double_yakuman,
                                                                             &ScoreRules::yakuman_stacking,
                                                                             nullptr,
                                                                             &ScoreRules::pao,
                                                                             nullptr,
                                                                             &ScoreRules::sanma_tsumo_loss};
constexpr std::array<RuleKey, rule_fields.size()> rule_keys = [] {
  std::array<RuleKey, rule_fields.size()> keys{};
  for (std::size_t i = 0; i < keys.size(); ++i)
    keys[i] = {rule_fields[i].name, rule_fields[i].type, rule_members[i], rule_fields[i].must};
  return keys;
}();

const RuleKey* rule_key(std::string_view name) noexcept {
  for (const RuleKey& k : rule_keys)
    if (k.name == name) return &k;
  return nullptr;
}

// Sets one rule from a typed value.
HandError apply_rule(ScoreRules& rules, const RuleKey& key, const Value& v) noexcept {
  switch (key.kind) {
    case RuleType::flag:
      if (v.kind != Type::boolean) return bad(v.at, key.must);
      rules.*key.flag = v.truth;
      return {};
    case RuleType::fu:
      if (v.kind != Type::number || !v.integral || (v.integer != 2 && v.integer != 4)) return bad(v.at, key.must);
      rules.double_wind_pair_fu = static_cast<std::uint8_t>(v.integer);
      return {};
    case RuleType::renhou: {
      const auto it = std::find(renhou_names.begin(), renhou_names.end(), v.kind == Type::string ? v.text : "");
      if (v.kind != Type::string || it == renhou_names.end()) return bad(v.at, key.must);
      rules.renhou = static_cast<RenhouRule>(it - renhou_names.begin());
      return {};
    }
  }
  return bad(v.at, key.must);
}

// The request's fields.
enum class Field : std::uint8_t {
  hand,
  melds,
  win,
  tsumo,
  from,
  seat,
  round,
  riichi,
  ippatsu,
  rinshan,
  chankan,
  haitei,
  tenhou,
  dora,
  ura,
  nuki,
  honba,
  sticks,
  players,
  visible,
  rules,
  ev,
  each_win,
  count
};
// The schema's table declares the fields in this order.
constexpr bool fields_in_table_order() {
  constexpr std::array<std::string_view, static_cast<std::size_t>(Field::count)> names = {
      "hand",    "melds",   "win",     "tsumo",   "from",   "seat", "round",   "riichi",
      "ippatsu", "rinshan", "chankan", "haitei",  "tenhou", "dora", "ura",     "nuki",
      "honba",   "sticks",  "players", "visible", "rules",  "ev",   "each_win"};
  if (names.size() != request_fields.size()) return false;
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] != request_fields[i].name) return false;
  return true;
}
static_assert(fields_in_table_order(), "Field follows request_fields (request_schema.hpp)");
// The readers below take a meld's fields in this order, and ev's options by these types.
static_assert(meld_fields[0].type == FieldType::meld_type && meld_fields[1].type == FieldType::meld_tiles &&
              meld_fields[2].type == FieldType::relative);

// "unknown ev option (hand_change, ..., max_vertices)": the words of an
// unknown key, the table's names listed, built at compile time (the reader
// allocates nothing).
struct KeyWords {
  std::array<char, 160> text{};
  std::size_t size = 0;
  [[nodiscard]] constexpr std::string_view view() const noexcept { return {text.data(), size}; }
};
template <std::size_t N>
constexpr KeyWords unknown_key_words(std::string_view head, const std::array<NestedField, N>& fields) {
  KeyWords w;
  const auto put = [&](std::string_view s) {
    for (const char c : s) w.text[w.size++] = c;  // past the buffer: not a constant, a compile error
  };
  put(head);
  put(" (");
  for (std::size_t i = 0; i < N; ++i) {
    if (i) put(", ");
    put(fields[i].name);
  }
  put(")");
  return w;
}
constexpr KeyWords unknown_ev_option = unknown_key_words("unknown ev option", ev_fields);
constexpr KeyWords unknown_meld_field = unknown_key_words("unknown field of a meld", meld_fields);
const RequestField& spec(Field f) noexcept { return request_fields[static_cast<std::size_t>(f)]; }
// Where an error without a detail of its own happened (a tile string's
// unknown character, say): the field, so the message names it.
constexpr std::array<std::string_view, static_cast<std::size_t>(Field::count)> field_details = {
    "in the field hand",    "in the field melds",   "in the field win",     "in the field tsumo",
    "in the field from",    "in the field seat",    "in the field round",   "in the field riichi",
    "in the field ippatsu", "in the field rinshan", "in the field chankan", "in the field haitei",
    "in the field tenhou",  "in the field dora",    "in the field ura",     "in the field nuki",
    "in the field honba",   "in the field sticks",  "in the field players", "in the field visible",
    "in the field rules",   "in the field ev",      "in the field each_win"};

// Reads a request object; `r` holds the defaults on entry.
class RequestReader {
 public:
  RequestReader(std::string_view line, ParsedRequest& r) noexcept : in_(line), r_(r) {}

  HandError read() noexcept {
    in_.ws();
    if (!in_.take('{')) return bad(in_.pos(), "not JSON: a request is an object, {...}");
    std::uint32_t seen = 0;
    if (HandError e = members([&](const Value& key) -> HandError {
          const RequestField* known = request_field(key.text);
          if (!known) return bad(key.at, "unknown field (see SCORING.md §1 or mjk --help)");
          const auto f = static_cast<Field>(known - request_fields.data());
          const std::uint32_t bit = 1u << static_cast<int>(f);
          if (seen & bit) return bad(key.at, "a field given twice");
          seen |= bit;
          HandError error = field(f);
          if (error && error.detail.empty()) error.detail = field_details[static_cast<std::size_t>(f)];
          return error;
        }))
      return e;
    const std::uint32_t end = in_.pos() - 1;
    in_.ws();
    if (!in_.at_end()) return bad(in_.pos(), "not JSON: characters after the request object");
    if (!(seen & 1u)) return bad(end, "the field hand is required");
    // Before the tile count: an ev or each_win request's hand holds the
    // tiles as they stand, so with a win its count may be wrong, and that is
    // not the news.
    if (r_.has_ev && r_.has_win) return bad(win_at_, "an ev request has no win: hand holds the tiles as they stand");
    if (r_.each_win && r_.has_win)
      return bad(win_at_,
                 "an each_win request has no win: hand holds the waiting tiles and every winning tile is scored");
    const int before_win = r_.request.hand.tiles;
    if (HandError e = check_fit(r_, before_win, hand_at_)) return e;
    if (r_.has_win) return add_win(r_, win_at_);
    return {};
  }

 private:
  // The members of an object whose '{' is read: each key to on_key, which
  // reads the value; then ws, ',' or '}'.
  template <class OnKey>
  HandError members(OnKey on_key) noexcept {
    in_.ws();
    if (in_.take('}')) return {};
    for (;;) {
      in_.ws();
      if (!in_.peek('"')) return bad(in_.pos(), "not JSON: expected a field name in quotes");
      if (HandError e = in_.string(key_)) return e;
      in_.ws();
      if (!in_.take(':')) return bad(in_.pos(), "not JSON: expected ':' after a field name");
      if (HandError e = on_key(key_)) return e;
      in_.ws();
      if (in_.take('}')) return {};
      if (!in_.take(',')) return bad(in_.pos(), "not JSON: expected ',' or '}' after a field");
    }
  }

  // A field's value; null keeps the default.
  HandError field(Field f) noexcept {
    if (HandError e = in_.value(v_)) return e;
    if (v_.kind == Type::null) return {};
    ScoreRequest& q = r_.request;
    const auto expect = [&](bool ok, std::string_view must) { return ok ? HandError{} : bad(v_.at, must); };
    const auto integer = [&](long long lo, long long hi, std::string_view must, auto& into) -> HandError {
      if (v_.kind != Type::number || !v_.integral || v_.integer < lo || v_.integer > hi) return bad(v_.at, must);
      into = static_cast<std::remove_reference_t<decltype(into)>>(v_.integer);
      return {};
    };
    // A flag is true/false, or 1/0 (request_schema.hpp).
    const auto flag = [&](bool& into) -> HandError {
      const bool number = v_.kind == Type::number && v_.integral && (v_.integer == 0 || v_.integer == 1);
      if (v_.kind != Type::boolean && !number) return bad(v_.at, spec(f).must);
      into = number ? v_.integer == 1 : v_.truth;
      return {};
    };
    const auto bounded = [&](auto& into) { return integer(spec(f).min, spec(f).max, spec(f).must, into); };
    const std::uint32_t inner = v_.at + 1;  // the first byte inside a string (exact without escapes)
    switch (f) {
      case Field::hand: {
        if (HandError e = expect(v_.kind == Type::string, spec(f).must)) return e;
        hand_at_ = v_.at;
        const auto p = parse_hand(v_.text);
        if (!p.ok()) {
          HandError e = p.error;
          if (e.position != HandError::nowhere) e.position += inner;
          return e;
        }
        if (const auto c = v_.text.find(',');
            c != std::string_view::npos && detect_notation(v_.text) == Notation::majiang)
          return bad(static_cast<std::uint32_t>(inner + c), "hand holds the concealed tiles; calls go in melds",
                     Error::bad_meld);
        if (p.value.winning)
          return bad(v_.at, "hand holds the concealed tiles without the winning tile, which goes in win",
                     Error::bad_winning_tile);
        q.hand = p.value.hand;
        return {};
      }
      case Field::melds: return melds();
      case Field::win: {
        const auto t = v_.kind == Type::string ? parse_tile(v_.text) : std::nullopt;
        if (!t) return bad(v_.at, spec(f).must, Error::bad_winning_tile);
        q.win = *t;
        q.win_red = v_.text[0] == '0';
        r_.has_win = true;
        win_at_ = v_.at;
        return {};
      }
      case Field::tsumo: return flag(q.tsumo);
      case Field::from: {
        const auto it = v_.kind == Type::string ? std::find(relative_names.begin() + 1, relative_names.end(), v_.text)
                                                : relative_names.end();
        if (it == relative_names.end()) return bad(v_.at, spec(f).must);
        q.from = static_cast<Relative>(it - relative_names.begin());
        return {};
      }
      case Field::seat:
      case Field::round: {
        const int wind = v_.kind == Type::string ? parse_wind(v_.text) : -1;
        if (wind < 0) return bad(v_.at, spec(f).must, Error::bad_seat);
        (f == Field::seat ? q.seat : q.round) = static_cast<std::uint8_t>(wind);
        return {};
      }
      case Field::riichi:  // 0, 1, 2; true = 1, false = 0, "double" = 2
        if (v_.kind == Type::boolean) {
          q.riichi = v_.truth ? 1 : 0;
          return {};
        }
        if (v_.kind == Type::string && v_.text == "double") {
          q.riichi = 2;
          return {};
        }
        return bounded(q.riichi);
      case Field::ippatsu: return flag(q.ippatsu);
      case Field::rinshan: return flag(q.rinshan);
      case Field::chankan: return flag(q.chankan);
      case Field::haitei: return flag(q.haitei);
      case Field::tenhou: return flag(q.tenhou);
      case Field::dora:
      case Field::ura: {
        const bool dora = f == Field::dora;
        if (HandError e = expect(v_.kind == Type::string, spec(f).must)) return e;
        auto& list = dora ? q.dora : q.ura;
        auto& n = dora ? q.dora_count : q.ura_count;
        n = 0;
        return for_each_mpsz_tile(v_.text, inner, [&](Tile t, bool red, std::uint32_t pos) -> HandError {
          if (n == max_indicators)
            return bad(pos, "dora and ura hold at most five indicators each", Error::too_many_indicators);
          if (red && dora) see_red(t);
          list[n++] = t;
          return {};
        });
      }
      case Field::nuki: return bounded(q.nuki);
      case Field::honba: return bounded(q.honba);
      case Field::sticks: return bounded(q.sticks);
      case Field::players: {
        int players = 0;
        if (HandError e = bounded(players)) return e;
        q.players = players == 3 ? Players::three : Players::four;
        return {};
      }
      case Field::visible: return visible();
      case Field::rules: {
        if (v_.kind != Type::object) return bad(v_.at, spec(f).must);
        std::uint32_t seen = 0;
        return members([&](const Value& key) -> HandError {
          const RuleKey* k = rule_key(key.text);
          if (!k) return bad(key.at, "unknown rule key (see SCORING.md §1 or mjk --help)");
          const std::uint32_t bit = 1u << (k - rule_keys.data());
          if (seen & bit) return bad(key.at, "a rule given twice");
          seen |= bit;
          if (HandError e = in_.value(v_)) return e;
          return apply_rule(q.rules, *k, v_);
        });
      }
      case Field::ev: return ev();
      case Field::each_win: return flag(r_.each_win);
      case Field::count: break;
    }
    return bad(v_.at, "unknown field");
  }

  // A red five (written 0) in visible or dora; a second of one suit is the
  // search's impossible_wall, so the count saturates at 2.
  void see_red(Tile t) noexcept {
    auto& n = r_.red_seen[static_cast<std::size_t>(t.kind() / 9)];
    if (n < 2) ++n;
  }

  // "ev": the search's options (EV.md), ev_fields' rows (request_schema.hpp).
  HandError ev() noexcept {
    if (v_.kind != Type::object) return bad(v_.at, "ev must be an object of search options (EV.md)");
    r_.has_ev = true;
    EvOptions& o = r_.ev;
    std::uint32_t seen = 0;
    return members([&](const Value& key) -> HandError {
      const NestedField* known = nested_field(ev_fields, key.text);
      if (!known) return bad(key.at, unknown_ev_option.view());
      const auto i = static_cast<std::size_t>(known - ev_fields.data());
      if (seen & (1u << i)) return bad(key.at, "an ev option given twice");
      seen |= 1u << i;
      if (HandError e = in_.value(v_)) return e;
      if (v_.kind == Type::null) return {};
      const NestedField& f = *known;
      switch (f.type) {
        case FieldType::count:  // the budget: a count f.min to 2^64 - 1
          if (v_.kind != Type::number || !v_.integral || v_.integer < 0 || v_.past_uint64 || v_.count < f.min)
            return bad(v_.at, f.must);
          o.max_vertices = v_.count;
          return {};
        case FieldType::integer:
          // The range is the search's to check (extra_out_of_range, turn_out_of_range): the type here.
          if (v_.kind != Type::number || !v_.integral || v_.integer < 0) return bad(v_.at, f.must);
          (f.name == "extra" ? o.extra : o.turn) = static_cast<int>(std::min<long long>(v_.integer, 1000));
          return {};
        default: {
          if (v_.kind != Type::boolean) return bad(v_.at, f.must);
          bool& into = f.name == "hand_change"    ? o.hand_change
                       : f.name == "shanten_back" ? o.shanten_back
                       : f.name == "uradora"      ? o.uradora
                                                  : o.red;
          into = v_.truth;
          return {};
        }
      }
    });
  }

  // "visible": mpsz, or 34 counts.
  HandError visible() noexcept {
    r_.visible = {};
    r_.any_visible = true;
    const std::string_view must = spec(Field::visible).must;
    if (v_.kind == Type::string) {
      return for_each_mpsz_tile(v_.text, v_.at + 1, [&](Tile t, bool red, std::uint32_t pos) -> HandError {
        if (red) see_red(t);
        auto& n = r_.visible[static_cast<std::size_t>(t.kind())];
        if (n == 4) return bad(pos, "more than four copies of a tile in visible", Error::fifth_copy);
        ++n;
        return {};
      });
    }
    if (v_.kind != Type::array) return bad(v_.at, must);
    const std::uint32_t at = v_.at;
    std::size_t k = 0;
    in_.ws();
    if (in_.take(']')) return bad(at, must);
    for (;;) {
      if (HandError e = in_.value(v_)) return e;
      if (v_.kind != Type::number || !v_.integral || v_.integer < 0 || v_.integer > 4)
        return bad(v_.at, "visible counts must be integers 0 to 4");
      if (k == kind_count) return bad(v_.at, must);
      r_.visible[k++] = static_cast<std::uint8_t>(v_.integer);
      in_.ws();
      if (in_.take(']')) break;
      if (!in_.take(',')) return bad(in_.pos(), "not JSON: expected ',' or ']' in an array");
    }
    return k == kind_count ? HandError{} : bad(at, must);
  }

  // "melds": [{"type", "tiles", "from"}, ...]
  HandError melds() noexcept {
    if (v_.kind != Type::array) return bad(v_.at, spec(Field::melds).must);
    ScoreRequest& q = r_.request;
    q.meld_count = 0;
    in_.ws();
    if (in_.take(']')) return {};
    for (;;) {
      in_.ws();
      const std::uint32_t at = in_.pos();
      if (!in_.take('{')) return bad(at, "a meld is an object {\"type\": ..., \"tiles\": ..., \"from\": ...}");
      if (q.meld_count == 4) return bad(at, "a hand has at most four melds", Error::wrong_meld_count);
      bool has_type = false, has_tiles = false, has_from = false;
      MeldType type = MeldType::chi;
      Relative from = Relative::kamicha;
      std::uint32_t from_at = 0, tiles_at = 0;
      char tiles[16];
      std::size_t tiles_size = 0;
      if (HandError e = members([&](const Value& key) -> HandError {
            if (HandError read = in_.value(v_)) return read;
            const NestedField* known = nested_field(meld_fields, key.text);
            if (!known) return bad(key.at, unknown_meld_field.view());
            const auto which = static_cast<std::size_t>(known - meld_fields.data());
            bool& has = which == 0 ? has_type : which == 1 ? has_tiles : has_from;
            if (has) return bad(key.at, "a field given twice");
            has = true;
            if (known->type == FieldType::meld_type) {
              const auto it = v_.kind == Type::string
                                  ? std::find(meld_type_names.begin(), meld_type_names.end(), v_.text)
                                  : meld_type_names.end();
              if (it == meld_type_names.end()) return bad(v_.at, known->must, Error::bad_meld);
              type = static_cast<MeldType>(it - meld_type_names.begin());
            } else if (known->type == FieldType::meld_tiles) {
              if (v_.kind != Type::string || v_.text.size() > std::min<std::uint64_t>(sizeof tiles, known->max))
                return bad(v_.at, known->must, Error::bad_meld);
              std::memcpy(tiles, v_.text.data(), v_.text.size());
              tiles_size = v_.text.size();
              tiles_at = v_.at + 1;
            } else {
              const auto it = v_.kind == Type::string
                                  ? std::find(relative_names.begin() + 1, relative_names.end(), v_.text)
                                  : relative_names.end();
              if (it == relative_names.end()) return bad(v_.at, known->must, Error::bad_meld_source);
              from = static_cast<Relative>(it - relative_names.begin());
              from_at = v_.at;
            }
            return {};
          }))
        return e;
      if (!has_type || !has_tiles) return bad(at, "a meld needs type and tiles", Error::bad_meld);
      Meld& m = q.melds[q.meld_count];
      if (HandError e = parse_meld_tiles(type, std::string_view(tiles, tiles_size), tiles_at, m)) return e;
      if (type == MeldType::ankan && has_from)
        return bad(from_at, "an ankan is not called from anyone", Error::bad_meld_source);
      if (type == MeldType::chi && from != Relative::kamicha)
        return bad(from_at, "a chi is called from kamicha only", Error::bad_meld_source);
      m.from = type == MeldType::ankan ? Relative::self : from;
      r_.meld_position[q.meld_count++] = at;
      in_.ws();
      if (in_.take(']')) return {};
      if (!in_.take(',')) return bad(in_.pos(), "not JSON: expected ',' or ']' in an array");
    }
  }

  Reader in_;
  ParsedRequest& r_;
  Value key_, v_;
  std::uint32_t hand_at_ = 0, win_at_ = 0;
};

}  // namespace

Parsed<ParsedRequest> parse_request_json(std::string_view line, const ScoreRequest& defaults) noexcept {
  Parsed<ParsedRequest> out;
  ParsedRequest& r = out.value;
  r.json = true;
  r.melds_known = true;
  r.request = defaults;
  r.request.hand = {};
  r.request.meld_count = 0;
  r.request.melds = {};
  r.request.win = {};
  r.request.win_red = false;
  if (line.size() > max_request_bytes) {
    out.error = bad(HandError::nowhere, "a request longer than 65536 bytes");
    return out;
  }
  RequestReader reader(line, r);
  out.error = reader.read();
  return out;
}

Parsed<ParsedRequest> parse_request(std::string_view line, const ScoreRequest& defaults) noexcept {
  const std::size_t i = line.find_first_not_of(space_chars);
  if (i != std::string_view::npos && line[i] == '{') return parse_request_json(line, defaults);
  return parse_request_text(line, defaults);
}

HandError set_rule(ScoreRules& rules, std::string_view key, std::string_view value) noexcept {
  const RuleKey* k = rule_key(key);
  if (!k)
    return bad(HandError::nowhere,
               "unknown rule key (open_tanyao, kiriage, kazoe_yakuman, double_yakuman, "
               "yakuman_stacking, double_wind_pair_fu, pao, renhou, sanma_tsumo_loss)");
  Value v;
  v.at = HandError::nowhere;
  if (value == "true" || value == "false") {
    v.kind = Type::boolean;
    v.truth = value == "true";
  } else if (value == "2" || value == "4") {
    v.kind = Type::number;
    v.integral = true;
    v.integer = value[0] - '0';
  } else {
    v.kind = Type::string;
    v.text = value;
  }
  return apply_rule(rules, *k, v);
}

}  // namespace mjk
