// The notations players paste (notation.hpp): detection, the majiang-core
// and Unicode readers, and the printers of every notation.
#include "mjk/notation.hpp"

#include <algorithm>
#include <utility>

#include "hand_text.hpp"
#include "mjk/mpsz.hpp"

namespace mjk {
using hand_text::parse_text;
using hand_text::space_chars;

namespace {

constexpr std::array<std::string_view, 5> notation_names = {"mpsz", "suit-first", "majiang", "unicode", "tenhou"};
constexpr char suit_letter[] = "mpsz";

constexpr bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }
constexpr bool is_call_mark(char c) noexcept { return c == '+' || c == '=' || c == '-'; }

// majiang-core's call marks, after the called tile: '-' kamicha, '=' toimen, '+' shimocha.
constexpr Relative source_of_mark(char c) noexcept {
  return c == '-' ? Relative::kamicha : c == '=' ? Relative::toimen : Relative::shimocha;
}
constexpr char mark_of_source(Relative r) noexcept {
  return r == Relative::kamicha ? '-' : r == Relative::toimen ? '=' : '+';
}

// Unicode: U+1F000 + index, the index's tile kind (winds, then red, green
// and white dragons, then characters, bamboo, circles); -1 where none.
constexpr int unicode_first = 0x1F000;
constexpr int kind_of_unicode_index(int i) noexcept {
  if (i >= 0 && i < 4) return 27 + i;         // East South West North: 1z-4z
  if (i == 4) return 33;                      // red dragon (chun): 7z
  if (i == 5) return 32;                      // green dragon (hatsu): 6z
  if (i == 6) return 31;                      // white dragon (haku): 5z
  if (i >= 7 && i < 16) return i - 7;         // characters: 1m-9m
  if (i >= 16 && i < 25) return 18 + i - 16;  // bamboo: 1s-9s
  if (i >= 25 && i < 34) return 9 + i - 25;   // circles: 1p-9p
  return -1;
}
constexpr int unicode_index_of_kind(int k) noexcept {
  for (int i = 0; i < 34; ++i)
    if (kind_of_unicode_index(i) == k) return i;
  return -1;
}

// One UTF-8 code point at text[i]: its value and length, or length 0 when malformed.
struct CodePoint {
  int value = 0;
  std::size_t length = 0;
};
CodePoint decode_utf8(std::string_view text, std::size_t i) noexcept {
  const auto b = static_cast<unsigned char>(text[i]);
  std::size_t n = b < 0x80 ? 1 : (b >> 5) == 6 ? 2 : (b >> 4) == 14 ? 3 : (b >> 3) == 30 ? 4 : 0;
  if (n == 0 || i + n > text.size()) return {};
  int v = n == 1 ? b : b & (0x7f >> n);
  for (std::size_t k = 1; k < n; ++k) {
    const auto c = static_cast<unsigned char>(text[i + k]);
    if ((c >> 6) != 2) return {};
    v = (v << 6) | (c & 0x3f);
  }
  return {v, n};
}

HandError parse_unicode_token(std::string_view token, std::uint32_t offset, Hand& hand) {
  for (std::size_t i = 0; i < token.size();) {
    const auto pos = static_cast<std::uint32_t>(offset + i);
    const CodePoint cp = decode_utf8(token, i);
    if (cp.length == 0) return {Error::unknown_character, pos, std::nullopt, hand.tiles};
    i += cp.length;
    if (cp.value == 0xFE0E || cp.value == 0xFE0F) continue;  // text or emoji style of 🀄: the same tile
    const int kind = kind_of_unicode_index(cp.value - unicode_first);
    if (kind < 0) return {Error::unknown_character, pos, std::nullopt, hand.tiles};
    if (auto e = add_parsed_tile(hand, Tile(kind), false, pos)) return e;
  }
  return {};
}

// majiang-core's concealed tiles: groups of a suit letter then its digits ("m123p0z11").
HandError parse_majiang_tiles(std::string_view token, std::uint32_t offset, Hand& hand) {
  std::optional<Suit> suit;
  for (std::size_t i = 0; i < token.size(); ++i) {
    const char c = token[i];
    const auto pos = static_cast<std::uint32_t>(offset + i);
    if (const auto s = suit_of_letter(c)) {
      if (i + 1 == token.size() || !is_digit(token[i + 1]))
        return {Error::suit_without_digit, pos, std::nullopt, hand.tiles};
      suit = s;
      continue;
    }
    if (!is_digit(c)) return {Error::unknown_character, pos, std::nullopt, hand.tiles};
    if (!suit) return {Error::digit_without_suit, pos, std::nullopt, hand.tiles};
    const bool red = c == '0' && *suit != Suit::honour;
    const auto tile = Tile::from(*suit, red ? 5 : c - '0');
    if (!tile) return {Error::invalid_honour, pos, std::nullopt, hand.tiles};
    if (auto e = add_parsed_tile(hand, *tile, red, pos)) return e;
  }
  return {};
}

HandError bad_meld(std::uint32_t pos, std::string_view why, Error code = Error::bad_meld) noexcept {
  HandError e{code, pos, std::nullopt, 0};
  e.detail = why;
  return e;
}

// One call: "z333=", "m1-23", "p5555" (ankan), "s555=5" (kakan), "m5550-" (minkan).
HandError parse_majiang_meld(std::string_view word, std::uint32_t offset, Meld& out) noexcept {
  constexpr std::string_view shape =
      "a call is a suit letter, its tiles' digits and a mark (- kamicha, = toimen, + shimocha) after the "
      "called tile: m1-23, z333=, p5555 (ankan), s555=5 (kakan), m5550- (minkan)";
  const auto suit = word.empty() ? std::nullopt : suit_of_letter(word[0]);
  if (!suit) return bad_meld(offset, shape);
  std::array<int, 4> kinds{};
  int n = 0, red = 0, marks = 0, digits_after_mark = 0;
  char mark = 0;
  for (std::size_t i = 1; i < word.size(); ++i) {
    const char c = word[i];
    const auto pos = static_cast<std::uint32_t>(offset + i);
    if (is_call_mark(c)) {
      if (n == 0 || marks++ > 0) return bad_meld(pos, shape);
      mark = c;
      continue;
    }
    if (!is_digit(c)) return {Error::unknown_character, pos, std::nullopt, 0};
    if (n == 4) return bad_meld(pos, shape);
    const bool is_red = c == '0' && *suit != Suit::honour;
    const auto tile = Tile::from(*suit, is_red ? 5 : c - '0');
    if (!tile) return {Error::invalid_honour, pos, std::nullopt, 0};
    if (is_red && red++ == 1) return {Error::too_many_red_fives, pos, *tile, 0};
    kinds[static_cast<std::size_t>(n++)] = tile->kind();
    digits_after_mark += marks;
  }
  for (int i = 1; i < n; ++i)  // at most four: an insertion sort
    for (int j = i; j > 0 && kinds[static_cast<std::size_t>(j - 1)] > kinds[static_cast<std::size_t>(j)]; --j)
      std::swap(kinds[static_cast<std::size_t>(j - 1)], kinds[static_cast<std::size_t>(j)]);
  bool equal = n >= 3, run = n == 3 && *suit != Suit::honour;
  for (int i = 1; i < n; ++i) {
    equal = equal && kinds[static_cast<std::size_t>(i)] == kinds[0];
    run = run && kinds[static_cast<std::size_t>(i)] == kinds[0] + i;
  }
  Meld m;
  m.tile = Tile(kinds[0]);
  m.red = static_cast<std::uint8_t>(red);
  m.from = marks ? source_of_mark(mark) : Relative::self;
  if (n == 3 && run) m.type = MeldType::chi;
  else if (n == 3 && equal) m.type = MeldType::pon;
  else if (n == 4 && equal)
    m.type = !marks ? MeldType::ankan : digits_after_mark == 1 ? MeldType::kakan : MeldType::minkan;
  else return bad_meld(offset, shape);
  if (n == 3 && !marks)
    return bad_meld(offset, "a chi or pon needs a mark (- kamicha, = toimen, + shimocha) after the called tile",
                    Error::bad_meld_source);
  if (m.type == MeldType::minkan && digits_after_mark != 0)
    return bad_meld(offset,
                    "a minkan's mark follows the called (last) tile; a kakan's mark is followed by the added one");
  if (m.type == MeldType::chi && m.from != Relative::kamicha)
    return bad_meld(offset, "a chi is called from kamicha only (mark -)", Error::bad_meld_source);
  out = m;
  return {};
}

std::string utf8(int code_point) {
  std::string s;
  s += static_cast<char>(0xF0 | (code_point >> 18));
  s += static_cast<char>(0x80 | ((code_point >> 12) & 0x3f));
  s += static_cast<char>(0x80 | ((code_point >> 6) & 0x3f));
  s += static_cast<char>(0x80 | (code_point & 0x3f));
  return s;
}

std::string majiang_meld(const Meld& m) {
  std::string out(1, suit_letter[m.tile.kind() / 9]);
  const bool chi = m.type == MeldType::chi;
  std::string digits;
  bool red_left = m.red > 0;
  for (int i = 0; i < m.size(); ++i) {
    const Tile t(m.tile.kind() + (chi ? i : 0));
    const bool red = red_left && !t.is_honour() && t.number() == 5 && (chi || i == m.size() - 1);
    red_left = red_left && !red;
    digits += red ? '0' : static_cast<char>('0' + t.number());
  }
  switch (m.type) {
    case MeldType::chi: return out + digits.substr(0, 1) + '-' + digits.substr(1);  // the lowest called
    case MeldType::ankan: return out + digits;
    case MeldType::kakan: return out + digits.substr(0, 3) + mark_of_source(m.from) + digits.substr(3);
    default: return out + digits + mark_of_source(m.from);
  }
}

}  // namespace

std::string_view notation_name(Notation n) noexcept {
  const auto i = static_cast<std::size_t>(n);
  return i < notation_names.size() ? notation_names[i] : "unknown";
}

std::optional<Notation> notation_of_name(std::string_view name) noexcept {
  for (std::size_t i = 0; i < notation_names.size(); ++i)
    if (notation_names[i] == name) return static_cast<Notation>(i);
  return std::nullopt;
}

Notation detect_notation(std::string_view text) noexcept {
  const std::size_t i = text.find_first_not_of(space_chars);
  if (i == std::string_view::npos) return Notation::mpsz;
  const std::string_view word = text.substr(i, text.find_first_of(space_chars, i) - i);
  // A Unicode tile is a multi-byte UTF-8 sequence. Bytes that are not UTF-8
  // make no text Unicode: read as Unicode, "123m456p\xff" would stop at its
  // '1' (position 0), where the ASCII notations name the bad byte itself.
  for (std::size_t k = 0; k < text.size(); ++k)
    if (static_cast<unsigned char>(text[k]) > 0x7f && decode_utf8(text, k).length > 1) return Notation::unicode;
  if (!suit_of_letter(word[0])) return Notation::mpsz;
  for (std::size_t k = 0; k < word.size(); ++k) {
    if (word[k] == ',' || is_call_mark(word[k])) return Notation::majiang;
    if (suit_of_letter(word[k]) && k + 2 < word.size() && is_digit(word[k + 1]) && is_digit(word[k + 2]))
      return Notation::majiang;
  }
  return Notation::suit_first;
}

Parsed<ParsedHand> parse_unicode(std::string_view text) { return parse_text(text, parse_unicode_token); }

Parsed<ParsedMelds> parse_majiang(std::string_view text) {
  Parsed<ParsedMelds> out;
  ParsedMelds& r = out.value;
  bool first = true;
  const auto token = [&](std::string_view tok, std::uint32_t offset, Hand& hand) -> HandError {
    const bool hand_word = std::exchange(first, false);
    const std::size_t comma = tok.find(',');
    if (!hand_word && comma != std::string_view::npos)
      return bad_meld(static_cast<std::uint32_t>(offset + comma),
                      "calls follow the concealed tiles, before the winning tile");
    if (auto e = parse_majiang_tiles(tok.substr(0, comma), offset, hand)) return e;
    for (std::size_t at = comma; at != std::string_view::npos;) {
      const std::size_t next = tok.find(',', at + 1);
      const std::string_view word =
          tok.substr(at + 1, next == std::string_view::npos ? std::string_view::npos : next - at - 1);
      const auto pos = static_cast<std::uint32_t>(offset + at + 1);
      if (word.empty()) {  // majiang-core ends a hand whose calls are all made with a comma
        if (next == std::string_view::npos) break;
        return bad_meld(pos, "an empty call between two commas");
      }
      if (r.meld_count == 4) return bad_meld(pos, "a hand has at most four calls", Error::wrong_meld_count);
      if (auto e = parse_majiang_meld(word, pos, r.melds[r.meld_count])) return e;
      r.meld_position[r.meld_count++] = pos;
      at = next;
    }
    return {};
  };
  auto p = parse_text(text, token);
  r.parsed = p.value;
  out.error = p.error;
  if (out.ok() && r.parsed.hand.tiles + 3 * r.meld_count > 14)
    out.error = bad_meld(r.meld_position[r.meld_count - 1u], "more tiles than a hand holds: 14 - 3 per call, at most",
                         Error::wrong_meld_count);
  return out;
}

Parsed<ParsedMelds> parse_notation(std::string_view text, Notation n) {
  Parsed<ParsedMelds> out;
  Parsed<ParsedHand> p;
  switch (n) {
    case Notation::majiang: return parse_majiang(text);
    case Notation::unicode: p = parse_unicode(text); break;
    case Notation::suit_first: p = parse_suit_first(text); break;
    case Notation::mpsz:
    case Notation::tenhou: p = parse_mpsz(text); break;
  }
  out.value.parsed = p.value;
  out.error = p.error;
  return out;
}

Parsed<ParsedMelds> parse_notation(std::string_view text) { return parse_notation(text, detect_notation(text)); }

Parsed<ParsedHand> parse_hand(std::string_view text) {
  const auto p = parse_notation(text);
  return {p.value.parsed, p.error};
}

std::string to_string(Tile t, bool red, Notation n) {
  red = red && !t.is_honour() && t.number() == 5;
  const char digit = red ? '0' : static_cast<char>('0' + t.number());
  const char suit = suit_letter[t.kind() / 9];
  switch (n) {
    case Notation::unicode: return utf8(unicode_first + unicode_index_of_kind(t.kind()));
    case Notation::suit_first:
    case Notation::majiang: return {suit, digit};
    case Notation::mpsz:
    case Notation::tenhou: break;
  }
  return {digit, suit};
}

std::string to_string(const Hand& hand, Notation n) { return to_string(hand, {}, n); }

std::string to_string(const Hand& hand, std::span<const Meld> melds, Notation n) {
  std::string out;
  switch (n) {
    case Notation::mpsz:
    case Notation::tenhou: return to_mpsz(hand);
    case Notation::suit_first: return to_suit_first(hand);
    case Notation::unicode:
      for (int k = 0; k < kind_count; ++k)
        for (int c = 0; c < hand.count(Tile(k)); ++c) out += to_string(Tile(k), false, n);
      return out;
    case Notation::majiang:
      for (int suit = 0; suit < 4; ++suit)
        if (const std::string d = hand_text::digits_of_suit(hand, suit); !d.empty()) out += suit_letter[suit] + d;
      for (const Meld& m : melds) out += ',' + majiang_meld(m);
      return out;
  }
  return out;
}

}  // namespace mjk
