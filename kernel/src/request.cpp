// The request parsers (request.hpp): the meld notation of the command line
// and a strict JSON reader for SCORING.md's request object. Not on a hot
// path, but both run once per input line of `mjk --json`, so they allocate
// nothing: strings are decoded into fixed buffers on the stack, and the JSON
// schema is walked directly (an unknown field is an error, so no value of
// unknown shape is ever skipped and nothing recurses).
#include "mjk/request.hpp"

#include <algorithm>
#include <cstring>
#include <tuple>
#include <type_traits>

#include "mjk/report.hpp"
#include "utf8.hpp"

namespace mjk {
namespace {

constexpr std::string_view space_chars = " \t\r\n";
constexpr char suit_letters[] = "mpsz";

HandError bad(std::uint32_t position, std::string_view detail, Error code = Error::bad_request) noexcept {
  HandError e{code, position, std::nullopt, 0};
  e.detail = detail;
  return e;
}

std::optional<Suit> suit_of(char c) noexcept {
  const char* p = std::strchr(suit_letters, c);
  if (c == '\0' || !p) return std::nullopt;
  return static_cast<Suit>(p - suit_letters);
}

// Calls put(tile, red, position) for every tile of mpsz text (digits, then
// their suit letter; 0 = red five) and returns the first error, its
// position offset by `offset`. Any number of tiles: a hand's limits are the
// caller's business.
template <class Put>
HandError for_each_tile(std::string_view text, std::uint32_t offset, Put put) noexcept {
  std::size_t digits_from = 0, digits = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const auto pos = static_cast<std::uint32_t>(offset + i);
    if (c >= '0' && c <= '9') {
      if (digits++ == 0) digits_from = i;
      continue;
    }
    const auto suit = suit_of(c);
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
  if (digits != 0) return {Error::digit_without_suit, static_cast<std::uint32_t>(offset + digits_from), std::nullopt, 0};
  return {};
}

// Adds one tile to a hand with the parsers' limits (four of a kind, 14
// tiles, one red five per suit).
HandError add_tile(Hand& hand, Tile t, bool red, std::uint32_t position) noexcept {
  if (hand.count(t) == 4) return {Error::fifth_copy, position, t, hand.tiles};
  if (hand.tiles == 14) return {Error::too_many_tiles, position, t, hand.tiles};
  if (red && hand.red_fives[static_cast<std::size_t>(t.kind() / 9)] > 0)
    return {Error::too_many_red_fives, position, t, hand.tiles};
  hand.add(t);
  if (red) ++hand.red_fives[static_cast<std::size_t>(t.kind() / 9)];
  return {};
}

constexpr std::array<std::string_view, 5> meld_type_names = {"chi", "pon", "minkan", "ankan", "kakan"};
constexpr std::array<std::string_view, 4> relative_names = {"self", "shimocha", "toimen", "kamicha"};

// What a line's tile count must be, by meld count, in words (static: a
// HandError's detail).
constexpr std::array<std::string_view, 5> fit_detail = {
    "with no meld the hand holds 13 tiles before the winning tile (14 with it)",
    "with 1 meld the hand holds 10 tiles before the winning tile (11 with it)",
    "with 2 melds the hand holds 7 tiles before the winning tile (8 with it)",
    "with 3 melds the hand holds 4 tiles before the winning tile (5 with it)",
    "with 4 melds the hand holds 1 tile before the winning tile (2 with it)"};
constexpr std::array<std::string_view, 4> meld_detail = {"meld 1", "meld 2", "meld 3", "meld 4"};

// The concealed tiles before the winning tile must fit the melds: 13 - 3m
// (or, with no winning tile, 14 - 3m: a hand that has drawn).
HandError check_fit(const ParsedRequest& r, int before_win, std::uint32_t position) noexcept {
  const int need = 13 - 3 * r.request.meld_count;
  if (before_win == need || (!r.has_win && before_win == need + 1)) return {};
  HandError e = bad(position, fit_detail[r.request.meld_count], Error::wrong_meld_count);
  e.tiles = static_cast<std::uint8_t>(before_win);
  return e;
}

// Adds the winning tile to the request's hand.
HandError add_win(ParsedRequest& r, std::uint32_t position) noexcept {
  r.has_win = true;
  return add_tile(r.request.hand, r.request.win, r.request.win_red, position);
}

}  // namespace

std::string_view meld_type_name(MeldType type) noexcept {
  const auto i = static_cast<std::size_t>(type);
  return i < meld_type_names.size() ? meld_type_names[i] : "unknown";
}
std::string_view relative_name(Relative who) noexcept {
  const auto i = static_cast<std::size_t>(who);
  return i < relative_names.size() ? relative_names[i] : "unknown";
}

// ---- melds ----

HandError parse_meld_tiles(MeldType type, std::string_view text, std::uint32_t offset, Meld& out) noexcept {
  std::array<int, 4> kinds{};
  int n = 0, red = 0;
  std::uint32_t red_at = offset;
  const bool chi = type == MeldType::chi;
  const int size = chi || type == MeldType::pon ? 3 : 4;
  const std::string_view shape = chi ? "a chi is three tiles in a row of one suit, such as 234m"
                                 : size == 3 ? "a pon is three equal tiles, such as 555z"
                                             : "a kan is four equal tiles, such as 5555p";
  HandError e = for_each_tile(text, offset, [&](Tile t, bool is_red, std::uint32_t pos) -> HandError {
    if (n == size) return bad(pos, shape, Error::bad_meld);
    kinds[static_cast<std::size_t>(n++)] = t.kind();
    if (is_red && red++ == 1) red_at = pos;  // the second red five
    return {};
  });
  if (e) return e;
  if (red > 1) return {Error::too_many_red_fives, red_at, Tile(kinds[0]), 0};
  for (int i = 1; i < n; ++i)  // at most four: an insertion sort
    for (int j = i; j > 0 && kinds[static_cast<std::size_t>(j - 1)] > kinds[static_cast<std::size_t>(j)]; --j)
      std::swap(kinds[static_cast<std::size_t>(j - 1)], kinds[static_cast<std::size_t>(j)]);
  bool ok = n == size;
  for (int i = 1; ok && i < n; ++i) {
    const int k = kinds[static_cast<std::size_t>(i)];
    const int prev = kinds[static_cast<std::size_t>(i - 1)];
    ok = chi ? k == prev + 1 && k / 9 == prev / 9 && k < 27 : k == prev;
  }
  if (!ok) return bad(offset, shape, Error::bad_meld);
  out.type = type;
  out.tile = Tile(kinds[0]);
  out.red = static_cast<std::uint8_t>(red);
  return {};
}

HandError parse_meld(std::string_view word, std::uint32_t offset, Meld& out) noexcept {
  const std::size_t colon = word.find(':');
  const auto type_it = std::find(meld_type_names.begin(), meld_type_names.end(), word.substr(0, colon));
  if (colon == std::string_view::npos || type_it == meld_type_names.end())
    return bad(offset, "a meld is TYPE:TILES[@FROM] with TYPE chi, pon, minkan, ankan or kakan", Error::bad_meld);
  const auto type = static_cast<MeldType>(type_it - meld_type_names.begin());
  const std::size_t at = word.find('@', colon);
  const std::string_view tiles = word.substr(colon + 1, at == std::string_view::npos ? std::string_view::npos : at - colon - 1);
  Meld m;
  if (HandError e = parse_meld_tiles(type, tiles, static_cast<std::uint32_t>(offset + colon + 1), m)) return e;
  m.from = type == MeldType::ankan ? Relative::self : Relative::kamicha;
  if (at != std::string_view::npos) {
    const auto from_pos = static_cast<std::uint32_t>(offset + at + 1);
    const std::string_view from = word.substr(at + 1);
    const auto it = std::find(relative_names.begin() + 1, relative_names.end(), from);
    if (it == relative_names.end())
      return bad(from_pos, "FROM is kamicha, toimen or shimocha", Error::bad_meld_source);
    if (type == MeldType::ankan) return bad(from_pos, "an ankan is not called from anyone", Error::bad_meld_source);
    m.from = static_cast<Relative>(it - relative_names.begin());
    if (type == MeldType::chi && m.from != Relative::kamicha)
      return bad(from_pos, "a chi is called from kamicha only", Error::bad_meld_source);
  }
  out = m;
  return {};
}

std::size_t write_meld(const Meld& m, std::span<char> out) noexcept {
  std::size_t n = 0;
  const auto put = [&](char c) {
    if (n < out.size()) out[n] = c;
    ++n;
  };
  for (const char c : meld_type_name(m.type)) put(c);
  put(':');
  const bool chi = m.type == MeldType::chi;
  bool red_left = m.red > 0;
  for (int i = 0; i < m.size(); ++i) {
    const Tile t(m.tile.kind() + (chi ? i : 0));
    const bool red = red_left && !t.is_honour() && t.number() == 5;
    red_left = red_left && !red;
    put(red ? '0' : static_cast<char>('0' + t.number()));
  }
  put(suit_letters[m.tile.kind() / 9]);
  if (m.type != MeldType::ankan && m.from != Relative::kamicha) {
    put('@');
    for (const char c : relative_name(m.from)) put(c);
  }
  return n;
}

// ---- text ----

Parsed<ParsedRequest> parse_request_text(std::string_view line, const ScoreRequest& context) noexcept {
  Parsed<ParsedRequest> out;
  ParsedRequest& r = out.value;
  r.request = context;
  r.request.hand = {};
  r.request.meld_count = 0;
  r.request.melds = {};
  r.request.win = {};
  r.request.win_red = false;

  // Words, with their offsets.
  struct Word {
    std::string_view text;
    std::uint32_t at;
  };
  std::array<Word, 7> words{};  // hand, four melds, the winning tile, one more (an error)
  std::size_t count = 0;
  bool any_meld = false;
  for (std::size_t i = line.find_first_not_of(space_chars); i != std::string_view::npos && count < words.size();
       i = line.find_first_not_of(space_chars, i)) {
    const std::size_t end = std::min(line.find_first_of(space_chars, i), line.size());
    words[count++] = {line.substr(i, end - i), static_cast<std::uint32_t>(i)};
    any_meld = any_meld || line.substr(i, end - i).find(':') != std::string_view::npos;
    i = end;
  }

  if (!any_meld) {  // plain text: parse_hand's grammar and errors, unchanged
    const auto p = parse_hand(line);
    if (!p.ok()) {
      out.error = p.error;
      return out;
    }
    r.request.hand = p.value.hand;
    r.has_win = p.value.winning.has_value();
    if (r.has_win) r.request.win = *p.value.winning;
    r.request.win_red = p.value.winning_red;
    r.melds_known = r.request.hand.tiles == 14 || (!r.has_win && r.request.hand.tiles == 13);
    return out;
  }

  r.melds_known = true;
  if (words[0].text.find(':') != std::string_view::npos) {
    out.error = bad(words[0].at, "the concealed tiles come first, then the melds, then the winning tile", Error::bad_meld);
    return out;
  }
  const auto hand = parse_hand(words[0].text);
  if (!hand.ok()) {  // positions within the first word are positions in the line
    out.error = hand.error;
    out.error.position += words[0].at;
    return out;
  }
  r.request.hand = hand.value.hand;
  std::size_t w = 1;
  for (; w < count && words[w].text.find(':') != std::string_view::npos; ++w) {
    if (r.request.meld_count == 4) {
      out.error = bad(words[w].at, "a hand has at most four melds", Error::wrong_meld_count);
      return out;
    }
    if (HandError e = parse_meld(words[w].text, words[w].at, r.request.melds[r.request.meld_count])) {
      out.error = e;
      return out;
    }
    r.meld_position[r.request.meld_count++] = words[w].at;
  }
  const int before_win = r.request.hand.tiles;
  std::uint32_t win_at = 0;
  if (w < count) {  // the winning tile, last
    const Word win = words[w];
    const auto tile = parse_tile(win.text);
    if (!tile) {
      out.error = bad(win.at, "after the melds comes one winning tile, such as 5m or 0p", Error::bad_winning_tile);
      return out;
    }
    if (w + 1 < count) {
      const bool meld = words[w + 1].text.find(':') != std::string_view::npos;
      out.error = bad(words[w + 1].at, meld ? "melds go before the winning tile" : "nothing follows the winning tile",
                      Error::bad_winning_tile);
      return out;
    }
    r.request.win = *tile;
    r.request.win_red = win.text[0] == '0';
    r.has_win = true;
    win_at = win.at;
  }
  if (HandError e = check_fit(r, before_win, words[0].at)) {
    out.error = e;
    return out;
  }
  if (r.has_win)
    if (HandError e = add_win(r, win_at)) out.error = e;
  return out;
}

// ---- JSON ----

namespace {

// One JSON value as the reader sees it: scalars decoded, containers only
// announced (the schema says what to do with them).
struct Value {
  enum Kind : std::uint8_t { string, number, boolean, null, array, object } kind = null;
  std::uint32_t at = 0;        // byte offset of the value
  std::string_view text;       // a string, decoded (points into buf)
  long long integer = 0;       // a number's value, saturated; integral only if no fraction or exponent
  bool integral = false;
  bool truth = false;
  char buf[max_json_string];
};

class Reader {
 public:
  explicit Reader(std::string_view s) noexcept : s_(s) {}

  void ws() noexcept {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r')) ++i_;
  }
  [[nodiscard]] std::uint32_t pos() const noexcept { return static_cast<std::uint32_t>(i_); }
  [[nodiscard]] bool at_end() const noexcept { return i_ == s_.size(); }
  [[nodiscard]] bool peek(char c) const noexcept { return i_ < s_.size() && s_[i_] == c; }
  bool take(char c) noexcept {
    if (!peek(c)) return false;
    ++i_;
    return true;
  }

  // Any value: scalars read whole; '[' and '{' consumed and announced.
  HandError value(Value& v) noexcept {
    ws();
    v.at = pos();
    if (at_end()) return bad(pos(), "not JSON: a value is missing");
    const char c = s_[i_];
    if (c == '"') return string(v);
    if (c == '[' || c == '{') {
      v.kind = c == '[' ? Value::array : Value::object;
      ++i_;
      return {};
    }
    if (c == '-' || (c >= '0' && c <= '9')) return number(v);
    for (const auto& [word, kind, truth] : {std::tuple{std::string_view("true"), Value::boolean, true},
                                            std::tuple{std::string_view("false"), Value::boolean, false},
                                            std::tuple{std::string_view("null"), Value::null, false}}) {
      if (s_.substr(i_, word.size()) == word) {
        i_ += word.size();
        v.kind = kind;
        v.truth = truth;
        return {};
      }
    }
    return bad(pos(), "not JSON: expected a value");
  }

  // A string into v.buf.
  HandError string(Value& v) noexcept {
    v.kind = Value::string;
    v.at = pos();
    std::size_t n = 0;
    const auto put = [&](char ch) -> bool {
      if (n == sizeof v.buf) return false;
      v.buf[n++] = ch;
      return true;
    };
    const auto too_long = [&] { return bad(v.at, "a string longer than 512 bytes"); };
    if (!take('"')) return bad(pos(), "not JSON: expected a string");
    for (;;) {
      if (at_end()) return bad(v.at, "not JSON: a string is not closed");
      const auto c = static_cast<unsigned char>(s_[i_]);
      if (c == '"') {
        ++i_;
        break;
      }
      if (detail::json_plain_byte[c]) {  // a run of bytes that stand for themselves, copied at once
        std::size_t end = i_ + 1;
        while (end < s_.size() && detail::json_plain_byte[static_cast<unsigned char>(s_[end])]) ++end;
        if (end - i_ > sizeof v.buf - n) return too_long();
        std::memcpy(v.buf + n, s_.data() + i_, end - i_);
        n += end - i_;
        i_ = end;
        continue;
      }
      if (c < 0x20) return bad(pos(), "not JSON: a control character in a string");
      if (c >= 0x80) {
        const std::size_t len = detail::utf8_length(s_, i_);
        if (len == 0) return bad(pos(), "not JSON: a string is not UTF-8");
        for (std::size_t k = 0; k < len; ++k)
          if (!put(s_[i_ + k])) return too_long();
        i_ += len;
        continue;
      }
      if (c != '\\') {
        if (!put(static_cast<char>(c))) return too_long();
        ++i_;
        continue;
      }
      const std::uint32_t escape_at = pos();
      ++i_;
      if (at_end()) return bad(escape_at, "not JSON: a bad escape");
      const char e = s_[i_++];
      const char* plain = std::strchr("\"\\/bfnrt", e);
      if (e != '\0' && plain) {
        constexpr char decoded[] = "\"\\/\b\f\n\r\t";
        if (!put(decoded[plain - "\"\\/bfnrt"])) return too_long();
        continue;
      }
      if (e != 'u') return bad(escape_at, "not JSON: a bad escape");
      std::uint32_t cp = 0;
      if (!hex4(cp)) return bad(escape_at, "not JSON: a bad \\u escape");
      if (cp >= 0xdc00 && cp <= 0xdfff) return bad(escape_at, "not JSON: a lone surrogate in a \\u escape");
      if (cp >= 0xd800 && cp <= 0xdbff) {
        std::uint32_t low = 0;
        if (!take('\\') || !take('u') || !hex4(low) || low < 0xdc00 || low > 0xdfff)
          return bad(escape_at, "not JSON: a lone surrogate in a \\u escape");
        cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
      }
      // UTF-8 of the code point.
      char u[4];
      std::size_t len;
      if (cp < 0x80) u[0] = static_cast<char>(cp), len = 1;
      else if (cp < 0x800) u[0] = static_cast<char>(0xc0 | (cp >> 6)), u[1] = static_cast<char>(0x80 | (cp & 0x3f)), len = 2;
      else if (cp < 0x10000)
        u[0] = static_cast<char>(0xe0 | (cp >> 12)), u[1] = static_cast<char>(0x80 | ((cp >> 6) & 0x3f)),
        u[2] = static_cast<char>(0x80 | (cp & 0x3f)), len = 3;
      else
        u[0] = static_cast<char>(0xf0 | (cp >> 18)), u[1] = static_cast<char>(0x80 | ((cp >> 12) & 0x3f)),
        u[2] = static_cast<char>(0x80 | ((cp >> 6) & 0x3f)), u[3] = static_cast<char>(0x80 | (cp & 0x3f)), len = 4;
      for (std::size_t k = 0; k < len; ++k)
        if (!put(u[k])) return too_long();
    }
    v.text = std::string_view(v.buf, n);
    return {};
  }

 private:
  bool hex4(std::uint32_t& out) noexcept {
    if (s_.size() - i_ < 4) return false;
    out = 0;
    for (int k = 0; k < 4; ++k) {
      const char c = s_[i_++];
      const int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
      if (d < 0) return false;
      out = out * 16 + static_cast<std::uint32_t>(d);
    }
    return true;
  }

  // JSON's number grammar; the value saturates at +-10^15.
  HandError number(Value& v) noexcept {
    v.kind = Value::number;
    v.integral = true;
    const bool negative = take('-');
    const auto digit = [&] { return i_ < s_.size() && s_[i_] >= '0' && s_[i_] <= '9'; };
    if (!digit()) return bad(v.at, "not JSON: a bad number");
    long long n = 0;
    if (s_[i_] == '0') {
      ++i_;
    } else {
      while (digit()) n = std::min(n * 10 + (s_[i_++] - '0'), 1'000'000'000'000'000LL);
    }
    if (take('.')) {
      v.integral = false;
      if (!digit()) return bad(v.at, "not JSON: a bad number");
      while (digit()) ++i_;
    }
    if (peek('e') || peek('E')) {
      ++i_;
      v.integral = false;
      if (!take('+')) take('-');
      if (!digit()) return bad(v.at, "not JSON: a bad number");
      while (digit()) ++i_;
    }
    v.integer = negative ? -n : n;
    return {};
  }

  std::string_view s_;
  std::size_t i_ = 0;
};

// The rule switches of SCORING.md §1.
enum class RuleKind : std::uint8_t { flag, fu, renhou };
struct RuleKey {
  std::string_view name;
  RuleKind kind;
  bool ScoreRules::*flag;
  std::string_view must;  // the error's words for a wrong value
};
constexpr std::array<RuleKey, 9> rule_keys = {{
    {"open_tanyao", RuleKind::flag, &ScoreRules::open_tanyao, "rule open_tanyao must be true or false"},
    {"kiriage", RuleKind::flag, &ScoreRules::kiriage, "rule kiriage must be true or false"},
    {"kazoe_yakuman", RuleKind::flag, &ScoreRules::kazoe_yakuman, "rule kazoe_yakuman must be true or false"},
    {"double_yakuman", RuleKind::flag, &ScoreRules::double_yakuman, "rule double_yakuman must be true or false"},
    {"yakuman_stacking", RuleKind::flag, &ScoreRules::yakuman_stacking, "rule yakuman_stacking must be true or false"},
    {"double_wind_pair_fu", RuleKind::fu, nullptr, "rule double_wind_pair_fu must be 2 or 4"},
    {"pao", RuleKind::flag, &ScoreRules::pao, "rule pao must be true or false"},
    {"renhou", RuleKind::renhou, nullptr, "rule renhou must be \"none\", \"mangan\" or \"yakuman\""},
    {"sanma_tsumo_loss", RuleKind::flag, &ScoreRules::sanma_tsumo_loss, "rule sanma_tsumo_loss must be true or false"},
}};
constexpr std::array<std::string_view, 3> renhou_names = {"none", "mangan", "yakuman"};

const RuleKey* rule_key(std::string_view name) noexcept {
  for (const RuleKey& k : rule_keys)
    if (k.name == name) return &k;
  return nullptr;
}

// Sets one rule from a typed value.
HandError apply_rule(ScoreRules& rules, const RuleKey& key, const Value& v) noexcept {
  switch (key.kind) {
    case RuleKind::flag:
      if (v.kind != Value::boolean) return bad(v.at, key.must);
      rules.*key.flag = v.truth;
      return {};
    case RuleKind::fu:
      if (v.kind != Value::number || !v.integral || (v.integer != 2 && v.integer != 4)) return bad(v.at, key.must);
      rules.double_wind_pair_fu = static_cast<std::uint8_t>(v.integer);
      return {};
    case RuleKind::renhou: {
      const auto it = std::find(renhou_names.begin(), renhou_names.end(), v.kind == Value::string ? v.text : "");
      if (v.kind != Value::string || it == renhou_names.end()) return bad(v.at, key.must);
      rules.renhou = static_cast<RenhouRule>(it - renhou_names.begin());
      return {};
    }
  }
  return bad(v.at, key.must);
}

// The request's fields.
enum class Field : std::uint8_t {
  hand, melds, win, tsumo, from, seat, round, riichi, ippatsu, rinshan, chankan, haitei, tenhou, dora, ura, nuki,
  honba, sticks, players, visible, rules, count
};
constexpr std::array<std::string_view, static_cast<std::size_t>(Field::count)> field_names = {
    "hand", "melds", "win", "tsumo", "from", "seat", "round", "riichi", "ippatsu", "rinshan", "chankan",
    "haitei", "tenhou", "dora", "ura", "nuki", "honba", "sticks", "players", "visible", "rules"};
// Where an error without a detail of its own happened (a tile string's
// unknown character, say): the field, so the message names it.
constexpr std::array<std::string_view, static_cast<std::size_t>(Field::count)> field_details = {
    "in the field hand", "in the field melds", "in the field win", "in the field tsumo", "in the field from",
    "in the field seat", "in the field round", "in the field riichi", "in the field ippatsu", "in the field rinshan",
    "in the field chankan", "in the field haitei", "in the field tenhou", "in the field dora", "in the field ura",
    "in the field nuki", "in the field honba", "in the field sticks", "in the field players", "in the field visible",
    "in the field rules"};

// Reads a request object; `r` holds the defaults on entry.
class RequestReader {
 public:
  RequestReader(std::string_view line, ParsedRequest& r) noexcept : in_(line), r_(r) {}

  HandError read() noexcept {
    in_.ws();
    if (!in_.take('{')) return bad(in_.pos(), "not JSON: a request is an object, {...}");
    std::uint32_t seen = 0;
    if (HandError e = members([&](const Value& key) -> HandError {
          const auto it = std::find(field_names.begin(), field_names.end(), key.text);
          if (it == field_names.end()) return bad(key.at, "unknown field (see SCORING.md §1 or mjk --help)");
          const auto f = static_cast<Field>(it - field_names.begin());
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
    if (v_.kind == Value::null) return {};
    ScoreRequest& q = r_.request;
    const auto expect = [&](bool ok, std::string_view must) { return ok ? HandError{} : bad(v_.at, must); };
    const auto integer = [&](long long lo, long long hi, std::string_view must, auto& into) -> HandError {
      if (v_.kind != Value::number || !v_.integral || v_.integer < lo || v_.integer > hi) return bad(v_.at, must);
      into = static_cast<std::remove_reference_t<decltype(into)>>(v_.integer);
      return {};
    };
    const auto flag = [&](bool& into, std::string_view must) -> HandError {
      if (v_.kind != Value::boolean) return bad(v_.at, must);
      into = v_.truth;
      return {};
    };
    const std::uint32_t inner = v_.at + 1;  // the first byte inside a string (exact without escapes)
    switch (f) {
      case Field::hand: {
        if (HandError e = expect(v_.kind == Value::string, "hand must be an mpsz string such as \"123m456p\"")) return e;
        hand_at_ = v_.at;
        const auto p = parse_hand(v_.text);
        if (!p.ok()) {
          HandError e = p.error;
          if (e.position != HandError::nowhere) e.position += inner;
          return e;
        }
        if (p.value.winning)
          return bad(v_.at, "hand holds the concealed tiles without the winning tile, which goes in win",
                     Error::bad_winning_tile);
        q.hand = p.value.hand;
        return {};
      }
      case Field::melds: return melds();
      case Field::win: {
        const auto t = v_.kind == Value::string ? parse_tile(v_.text) : std::nullopt;
        if (!t) return bad(v_.at, "win must be one tile such as \"5m\" or \"0p\"", Error::bad_winning_tile);
        q.win = *t;
        q.win_red = v_.text[0] == '0';
        r_.has_win = true;
        win_at_ = v_.at;
        return {};
      }
      case Field::tsumo: return flag(q.tsumo, "tsumo must be true or false");
      case Field::from: {
        const auto it = v_.kind == Value::string ? std::find(relative_names.begin() + 1, relative_names.end(), v_.text)
                                                 : relative_names.end();
        if (it == relative_names.end()) return bad(v_.at, "from must be \"kamicha\", \"toimen\" or \"shimocha\"");
        q.from = static_cast<Relative>(it - relative_names.begin());
        return {};
      }
      case Field::seat:
      case Field::round: {
        const auto t = v_.kind == Value::string && v_.text.size() == 2 && v_.text[1] == 'z' ? parse_tile(v_.text)
                                                                                          : std::nullopt;
        if (!t || t->number() > 4)
          return bad(v_.at, f == Field::seat ? "seat must be a wind, \"1z\" (East) to \"4z\" (North)"
                                             : "round must be a wind, \"1z\" (East) to \"4z\" (North)",
                     Error::bad_seat);
        (f == Field::seat ? q.seat : q.round) = static_cast<std::uint8_t>(t->number() - 1);
        return {};
      }
      case Field::riichi: return integer(0, 2, "riichi must be 0, 1 or 2 (double riichi)", q.riichi);
      case Field::ippatsu: return flag(q.ippatsu, "ippatsu must be true or false");
      case Field::rinshan: return flag(q.rinshan, "rinshan must be true or false");
      case Field::chankan: return flag(q.chankan, "chankan must be true or false");
      case Field::haitei: return flag(q.haitei, "haitei must be true or false");
      case Field::tenhou: return flag(q.tenhou, "tenhou must be true or false");
      case Field::dora:
      case Field::ura: {
        const bool dora = f == Field::dora;
        if (HandError e = expect(v_.kind == Value::string, dora ? "dora must be an mpsz string of indicators"
                                                                : "ura must be an mpsz string of indicators"))
          return e;
        auto& list = dora ? q.dora : q.ura;
        auto& n = dora ? q.dora_count : q.ura_count;
        n = 0;
        return for_each_tile(v_.text, inner, [&](Tile t, bool, std::uint32_t pos) -> HandError {
          if (n == max_indicators) return bad(pos, "dora and ura hold at most five indicators each", Error::too_many_indicators);
          list[n++] = t;
          return {};
        });
      }
      case Field::nuki: return integer(0, 4, "nuki must be 0 to 4", q.nuki);
      case Field::honba: return integer(0, 65535, "honba must be 0 to 65535", q.honba);
      case Field::sticks: return integer(0, 65535, "sticks must be 0 to 65535", q.sticks);
      case Field::players: {
        int players = 0;
        if (HandError e = integer(3, 4, "players must be 3 or 4", players)) return e;
        q.players = players == 3 ? Players::three : Players::four;
        return {};
      }
      case Field::visible: return visible();
      case Field::rules: {
        if (v_.kind != Value::object) return bad(v_.at, "rules must be an object of rule switches");
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
      case Field::count: break;
    }
    return bad(v_.at, "unknown field");
  }

  // "visible": mpsz, or 34 counts.
  HandError visible() noexcept {
    r_.visible = {};
    r_.any_visible = true;
    const std::string_view must = "visible must be an mpsz string or an array of 34 counts";
    if (v_.kind == Value::string) {
      return for_each_tile(v_.text, v_.at + 1, [&](Tile t, bool, std::uint32_t pos) -> HandError {
        auto& n = r_.visible[static_cast<std::size_t>(t.kind())];
        if (n == 4) return bad(pos, "more than four copies of a tile in visible", Error::fifth_copy);
        ++n;
        return {};
      });
    }
    if (v_.kind != Value::array) return bad(v_.at, must);
    const std::uint32_t at = v_.at;
    std::size_t k = 0;
    in_.ws();
    if (in_.take(']')) return bad(at, must);
    for (;;) {
      if (HandError e = in_.value(v_)) return e;
      if (v_.kind != Value::number || !v_.integral || v_.integer < 0 || v_.integer > 4)
        return bad(v_.at, "visible counts must be 0 to 4");
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
    if (v_.kind != Value::array) return bad(v_.at, "melds must be an array of meld objects");
    ScoreRequest& q = r_.request;
    q.meld_count = 0;
    in_.ws();
    if (in_.take(']')) return {};
    for (;;) {
      in_.ws();
      const std::uint32_t at = in_.pos();
      if (!in_.take('{'))
        return bad(at, "a meld is an object {\"type\": ..., \"tiles\": ..., \"from\": ...}");
      if (q.meld_count == 4) return bad(at, "a hand has at most four melds", Error::wrong_meld_count);
      bool has_type = false, has_tiles = false, has_from = false;
      MeldType type = MeldType::chi;
      Relative from = Relative::kamicha;
      std::uint32_t from_at = 0, tiles_at = 0;
      char tiles[16];
      std::size_t tiles_size = 0;
      if (HandError e = members([&](const Value& key) -> HandError {
            if (HandError read = in_.value(v_)) return read;
            bool& has = key.text == "type" ? has_type : key.text == "tiles" ? has_tiles : has_from;
            if (key.text != "type" && key.text != "tiles" && key.text != "from")
              return bad(key.at, "unknown field of a meld (type, tiles, from)");
            if (has) return bad(key.at, "a field given twice");
            has = true;
            if (key.text == "type") {
              const auto it = v_.kind == Value::string ? std::find(meld_type_names.begin(), meld_type_names.end(), v_.text)
                                                       : meld_type_names.end();
              if (it == meld_type_names.end())
                return bad(v_.at, "a meld's type is \"chi\", \"pon\", \"minkan\", \"ankan\" or \"kakan\"", Error::bad_meld);
              type = static_cast<MeldType>(it - meld_type_names.begin());
            } else if (key.text == "tiles") {
              if (v_.kind != Value::string || v_.text.size() > sizeof tiles)
                return bad(v_.at, "a meld's tiles are an mpsz string of 3 or 4 tiles", Error::bad_meld);
              std::memcpy(tiles, v_.text.data(), v_.text.size());
              tiles_size = v_.text.size();
              tiles_at = v_.at + 1;
            } else {
              const auto it = v_.kind == Value::string
                                  ? std::find(relative_names.begin() + 1, relative_names.end(), v_.text)
                                  : relative_names.end();
              if (it == relative_names.end())
                return bad(v_.at, "a meld's from is \"kamicha\", \"toimen\" or \"shimocha\"", Error::bad_meld_source);
              from = static_cast<Relative>(it - relative_names.begin());
              from_at = v_.at;
            }
            return {};
          }))
        return e;
      if (!has_type || !has_tiles) return bad(at, "a meld needs type and tiles", Error::bad_meld);
      Meld& m = q.melds[q.meld_count];
      if (HandError e = parse_meld_tiles(type, std::string_view(tiles, tiles_size), tiles_at, m)) return e;
      if (type == MeldType::ankan && has_from) return bad(from_at, "an ankan is not called from anyone", Error::bad_meld_source);
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

std::size_t last_tile_as_win(std::string_view line, std::span<char> out) noexcept {
  const std::size_t start = line.find_first_not_of(space_chars);
  if (start == std::string_view::npos || line[start] == '{') return 0;
  const auto parsed = parse_request_text(line);
  const ScoreRequest& q = parsed.value.request;
  if (!parsed.ok() || parsed.value.has_win || !parsed.value.melds_known || q.hand.tiles != 14 - 3 * q.meld_count) return 0;
  // The concealed tiles are the first word; its last tile is "...Ds" (mpsz)
  // or "...sD" (seed 000's form).
  const std::size_t end = std::min(line.find_first_of(space_chars, start), line.size());
  const std::string_view word = line.substr(start, end - start);
  if (word.size() < 2) return 0;
  const char a = word[word.size() - 2], b = word[word.size() - 1];
  const bool mpsz = a >= '0' && a <= '9' && suit_of(b).has_value();
  if (!mpsz && !(suit_of(a).has_value() && b >= '0' && b <= '9')) return 0;
  const char digit = mpsz ? a : b, suit = mpsz ? b : a;
  // What stays of the word: mpsz drops the digit (and the suit letter with
  // it when the digit was its group's only one); seed 000 drops the pair.
  std::size_t keep = word.size() - 2;
  const bool group_left = mpsz && keep > 0 && word[keep - 1] >= '0' && word[keep - 1] <= '9';
  std::size_t n = 0;
  const auto put = [&](std::string_view text) noexcept {
    for (const char c : text) {
      if (n < out.size()) out[n] = c;
      ++n;
    }
  };
  put(line.substr(0, start + keep));
  if (group_left) put(std::string_view(&suit, 1));
  put(line.substr(end));
  while (n > 0 && n <= out.size() && (out[n - 1] == ' ' || out[n - 1] == '\t' || out[n - 1] == '\r' || out[n - 1] == '\n')) --n;
  const char win[] = {' ', mpsz ? digit : suit, mpsz ? suit : digit};  // in the hand's own form
  put(std::string_view(win, sizeof win));
  return n;
}

// ---- checks ----

HandError check_request(const ParsedRequest& pr) noexcept {
  const ScoreRequest& q = pr.request;
  const std::span<const std::uint8_t> visible = pr.any_visible ? std::span<const std::uint8_t>(pr.visible)
                                                                : std::span<const std::uint8_t>{};
  HandError e;
  if (pr.scored()) {
    e = validate(q, visible);
  } else if (pr.melds_known || q.meld_count > 0 || q.dora_count || q.ura_count || q.nuki) {
    // No winning tile: what validate() checks of the tiles, without the win.
    if ((e = validate(q.hand, Question::shanten, q.players))) return e;
    // The checks that do not need the winning tile, in validate()'s order.
    const bool four = q.players == Players::four;
    std::array<int, kind_count> seen{};
    for (int k = 0; k < kind_count; ++k) seen[static_cast<std::size_t>(k)] = q.hand.count(Tile(k));
    std::array<int, 3> red{q.hand.red_fives[0], q.hand.red_fives[1], q.hand.red_fives[2]};
    for (std::uint32_t i = 0; i < q.meld_count && !e; ++i) {
      const Meld& m = q.melds[i];
      if (m.type == MeldType::chi && !four) e = {Error::chi_with_three_players, i, std::nullopt, 0};
      else if (!four && m.from == Relative::toimen) e = {Error::bad_meld_source, i, std::nullopt, 0};
      else if (!four && m.tile.kind() >= 1 && m.tile.kind() <= 7) e = {Error::not_in_rules, i, m.tile, 0};
      for (int t = 0; t < m.size(); ++t)
        ++seen[static_cast<std::size_t>(m.tile.kind() + (m.type == MeldType::chi ? t : 0))];
      if (m.red) ++red[static_cast<std::size_t>(m.tile.kind() / 9)];
    }
    for (int i = 0; i < q.dora_count + q.ura_count && !e; ++i) {
      const Tile t = i < q.dora_count ? q.dora[static_cast<std::size_t>(i)] : q.ura[static_cast<std::size_t>(i - q.dora_count)];
      if (!four && t.kind() >= 1 && t.kind() <= 7) e = {Error::not_in_rules, 0, t, 0};
      ++seen[static_cast<std::size_t>(t.kind())];
    }
    if (!e && (q.nuki > 4 || (four && q.nuki > 0))) e = {Error::bad_nuki, 0, std::nullopt, 0};
    seen[30] += q.nuki;
    for (int k = 0; k < kind_count && !e; ++k)
      if (seen[static_cast<std::size_t>(k)] > 4) e = {Error::fifth_copy, 0, Tile(k), 0};
    for (int s = 0; s < 3 && !e; ++s)
      if (red[static_cast<std::size_t>(s)] > 1) e = {Error::too_many_red_fives, 0, Tile(s * 9 + 4), 0};
    for (int k = 0; k < kind_count && !e && !visible.empty(); ++k)
      if (seen[static_cast<std::size_t>(k)] + visible[static_cast<std::size_t>(k)] > 4)
        e = {Error::visible_over_four, 0, Tile(k), 0};
  }
  if (!e) return e;
  // Point at what is wrong in the line.
  switch (e.code) {
    case Error::bad_meld:
    case Error::bad_meld_source:
    case Error::chi_with_three_players:
      if (e.position < q.meld_count) {
        e.detail = meld_detail[e.position];
        e.position = pr.meld_position[e.position];
      }
      break;
    case Error::not_in_rules: e.position = HandError::nowhere; break;
    case Error::fifth_copy:
      e.position = HandError::nowhere;
      e.detail = "counting the hand, the melds, the winning tile, the indicators and the north tiles";
      break;
    case Error::bad_slot:
    case Error::count_mismatch:
    case Error::too_many_tiles:
    case Error::wrong_tile_count: break;
    default: e.position = HandError::nowhere;
  }
  return e;
}

std::array<std::uint8_t, kind_count> seen_elsewhere(const ParsedRequest& pr) noexcept {
  std::array<std::uint8_t, kind_count> seen{};
  if (pr.any_visible) seen = pr.visible;
  const ScoreRequest& q = pr.request;
  const auto add = [&](int kind, int n) {
    auto& c = seen[static_cast<std::size_t>(kind)];
    c = static_cast<std::uint8_t>(std::min(c + n, 255));
  };
  for (std::size_t i = 0; i < q.meld_count && i < q.melds.size(); ++i) {
    const Meld& m = q.melds[i];
    if (m.type == MeldType::chi)
      for (int t = 0; t < 3; ++t) add(m.tile.kind() + t, 1);
    else add(m.tile.kind(), m.size());
  }
  for (std::size_t i = 0; i < q.dora_count && i < q.dora.size(); ++i) add(q.dora[i].kind(), 1);
  add(30, q.nuki);  // north tiles set aside, face up
  return seen;
}

std::size_t write_request_text(const ParsedRequest& pr, std::span<char> out) noexcept {
  const ScoreRequest& q = pr.request;
  ParsedHand concealed;
  concealed.hand = q.hand;
  if (pr.has_win) {
    concealed.hand.remove(q.win);
    if (q.win_red) --concealed.hand.red_fives[static_cast<std::size_t>(q.win.kind() / 9)];
  }
  std::size_t n = write_hand(concealed, out);
  const auto rest = [&] { return n < out.size() ? out.subspan(n) : std::span<char>{}; };
  const auto put = [&](char c) {
    if (n < out.size()) out[n] = c;
    ++n;
  };
  for (std::size_t i = 0; i < q.meld_count && i < q.melds.size(); ++i) {
    put(' ');
    n += write_meld(q.melds[i], rest());
  }
  if (pr.has_win) {
    put(' ');
    put(q.win_red ? '0' : static_cast<char>('0' + q.win.number()));
    put(suit_letters[q.win.kind() / 9]);
  }
  return n;
}

HandError set_rule(ScoreRules& rules, std::string_view key, std::string_view value) noexcept {
  const RuleKey* k = rule_key(key);
  if (!k) return bad(HandError::nowhere, "unknown rule key (open_tanyao, kiriage, kazoe_yakuman, double_yakuman, "
                                         "yakuman_stacking, double_wind_pair_fu, pao, renhou, sanma_tsumo_loss)");
  Value v;
  v.at = HandError::nowhere;
  if (value == "true" || value == "false") {
    v.kind = Value::boolean;
    v.truth = value == "true";
  } else if (value == "2" || value == "4") {
    v.kind = Value::number;
    v.integral = true;
    v.integer = value[0] - '0';
  } else {
    v.kind = Value::string;
    v.text = value;
  }
  return apply_rule(rules, *k, v);
}

}  // namespace mjk
