// JSON once (mjk/json.hpp): the writer every JSON text of the library goes
// through, and json::parse, the tree the records' readers read, built on the
// tokenizer the request reader walks too (json_reader.hpp).
#include "mjk/json.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>
#include <version>

#include "json_reader.hpp"
#include "utf8.hpp"

namespace mjk {

using detail::json_plain_byte;

namespace {

constexpr char suit_letter[] = "mpsz";

std::array<char, 2> name_of(Tile t) noexcept {
  return {static_cast<char>('0' + t.number()), suit_letter[t.kind() / 9]};
}

#if defined(__cpp_lib_to_chars) && defined(__SIZEOF_INT128__)
// std::to_chars(double)'s text, for the doubles the answers write most
// (an "ev" answer writes ~400 a line: the values per turn of every discard,
// where libstdc++'s to_chars took ~440 instructions each, more than the rest
// of the line's JSON). Schubfach (R. Giulietti, "The Schubfach way to render
// doubles", 2020; the 128-bit form of A. Bolz's C++ port) finds the shortest
// decimal that reads back as x, the nearest when two are as short, ties to
// even, as Ryu in to_chars does; it is written as to_chars writes it, fixed
// or scientific, whichever is shorter, fixed on a tie. Only for 2^-60 <= |x|
// < 2^53 (the scale's powers of ten then fit 128 bits exactly, and a whole
// number's fixed text is its digits and zeros); every other double goes to
// to_chars. tests/io/test_json.cpp compares the two on random doubles of
// every exponent.
namespace shortest {

__extension__ typedef unsigned __int128 u128;

constexpr int min_biased_exponent = 1075 - 112;  // 2^52 * 2^-112 = 2^-60
constexpr int max_biased_exponent = 1075;        // below 2^53
constexpr std::size_t room = 32;                 // write()'s text with its sign, and what it writes past it

// g(j) = floor(10^j * 2^(127 - e)) + 1 with e = floor(log2 10^j), so that
// bit 127 is g's top bit (the paper's approximation from above), for the
// j = -k the range needs.
struct Pow10 {
  std::uint64_t hi, lo;
  int log2;
};
constexpr int pow10_count = 35;
constexpr std::array<Pow10, pow10_count> pow10 = [] {
  std::array<Pow10, pow10_count> t{};
  u128 p = 1;
  for (std::size_t j = 0; j < t.size(); ++j, p *= 10) {
    int e = 127;
    while (!(p >> e)) --e;
    const u128 g = (p << (127 - e)) + 1;
    t[j] = {static_cast<std::uint64_t>(g >> 64), static_cast<std::uint64_t>(g), e};
  }
  return t;
}();

// k = floor(log10(2^q)), or floor(log10(3/4 2^q)) when the double below x is
// nearer than the one above (x a power of two).
constexpr int decimal_exponent(int q, bool closer) noexcept { return (q * 1262611 - (closer ? 524031 : 0)) >> 22; }

// The range's k as the definition says (10^k <= 2^q or 3/4 2^q < 10^(k+1)),
// checked exactly: every q of the range, both cases, a table entry for -k.
constexpr bool exponents_hold() {
  for (int q = min_biased_exponent - 1075; q <= max_biased_exponent - 1075; ++q)
    for (const bool closer : {false, true}) {
      const int j = -decimal_exponent(q, closer);
      if (j < 0 || j >= pow10_count) return false;
      u128 ten_j = 1;
      for (int i = 0; i < j; ++i) ten_j *= 10;
      const u128 two_q = u128{1} << -q;  // 2^-q; 10^k <= a 2^q < 10^(k+1) iff 2^-q <= a 10^j < 10 2^-q
      const u128 a = closer ? 3 : 4, b = 4;
      if (!(b * two_q <= a * ten_j && a * ten_j < 10 * b * two_q)) return false;
    }
  return true;
}
static_assert(exponents_hold());

// floor(g cp / 2^128), its lowest bit set when the product is not whole.
inline std::uint64_t round_to_odd(const Pow10& g, std::uint64_t cp) noexcept {
  const u128 x = static_cast<u128>(g.lo) * cp;
  const u128 y = static_cast<u128>(g.hi) * cp + (x >> 64);
  return static_cast<std::uint64_t>(y >> 64) | static_cast<std::uint64_t>(static_cast<std::uint64_t>(y) > 1);
}

// "00" to "99".
constexpr std::array<char, 200> two_digits = [] {
  std::array<char, 200> t{};
  for (std::size_t i = 0; i < 100; ++i)
    t[2 * i] = static_cast<char>('0' + i / 10), t[2 * i + 1] = static_cast<char>('0' + i % 10);
  return t;
}();

// The decimal digits of `digits` (below 10^17) ending at `end`, two at a
// time and in 32 bits.
inline void put_digits(char* end, std::uint64_t digits) noexcept {
  char* p = end;
  const auto pair = [&p](std::uint32_t v) {
    p -= 2;
    std::memcpy(p, &two_digits[2 * v], 2);
  };
  if (digits >= 100000000) {
    auto low = static_cast<std::uint32_t>(digits % 100000000);  // its eight digits, zeros included
    digits /= 100000000;
    for (int i = 0; i < 4; ++i, low /= 100) pair(low % 100);
  }
  auto v = static_cast<std::uint32_t>(digits);
  for (; v >= 100; v /= 100) pair(v % 100);
  if (v >= 10) pair(v);
  else *--p = static_cast<char>('0' + v);
}

// How many decimal digits `digits` (not 0) has.
inline int digit_count(std::uint64_t digits) noexcept {
  static constexpr std::array<std::uint64_t, 20> powers = [] {
    std::array<std::uint64_t, 20> t{};
    t[0] = 1;
    for (std::size_t i = 1; i < t.size(); ++i) t[i] = t[i - 1] * 10;
    return t;
  }();
  const int t = (static_cast<int>(std::bit_width(digits)) * 1233) >> 12;  // floor(log10 2^bits), the count or one more
  return t + (digits >= powers[static_cast<std::size_t>(t)]);
}

// Writes |x| = c 2^q (biased exponent in range) as to_chars does into `out`,
// which has `room` bytes; returns the end.
inline char* write(char* out, std::uint64_t fraction, int biased) noexcept {
  const std::uint64_t c = fraction | (std::uint64_t{1} << 52);
  const int q = biased - 1075;
  const bool even = c % 2 == 0;
  const bool closer = fraction == 0;  // biased > 1 in the range
  const std::uint64_t cbl = 4 * c - 2 + closer, cb = 4 * c, cbr = 4 * c + 2;
  int k = decimal_exponent(q, closer);
  const Pow10& g = pow10[static_cast<std::size_t>(-k)];
  const int h = q + g.log2 + 1;  // 1-4: vb = 4 x 10^-k scaled by 2^h fits
  const std::uint64_t vbl = round_to_odd(g, cbl << h), vb = round_to_odd(g, cb << h), vbr = round_to_odd(g, cbr << h);
  const std::uint64_t lower = vbl + !even, upper = vbr - !even;
  const std::uint64_t s = vb / 4;
  std::uint64_t digits;
  // One digit fewer when exactly one of the two multiples of 10^(k+1) around x reads back as x.
  const std::uint64_t sp = s / 10;
  const bool up_inside = lower <= 40 * sp, wp_inside = 40 * sp + 40 <= upper;
  if (s >= 10 && up_inside != wp_inside) {
    digits = sp + wp_inside;
    ++k;
  } else {
    const bool u_inside = lower <= 4 * s, w_inside = 4 * s + 4 <= upper;
    if (u_inside != w_inside) digits = s + w_inside;
    else digits = s + (vb > 4 * s + 2 || (vb == 4 * s + 2 && (s & 1) != 0));  // the nearer, ties to even
  }
  while (digits % 10 == 0) digits /= 10, ++k;
  const int n = digit_count(digits);
  const int point = n + k;  // digits before the decimal point in the fixed text
  const int x10 = point - 1, x10_digits = x10 >= 100 || x10 <= -100 ? 3 : 2;
  const int fixed_length = k >= 0 ? n + k : point > 0 ? n + 1 : 2 - k;
  const int scientific_length = n + (n > 1) + 2 + x10_digits;
  // The digits are written in place; fixed-size writes beyond the text stay within `room`.
  if (fixed_length <= scientific_length) {
    if (k >= 0) {  // a whole number: the digits, then k zeros (k <= 5, else scientific is shorter)
      put_digits(out + n, digits);
      std::memset(out + n, '0', 8);
      return out + n + k;
    }
    if (point > 0) {  // d.dd: the digits one place on, the whole part moved back before the point
      put_digits(out + n + 1, digits);
      for (int i = 0; i < point; ++i) out[i] = out[i + 1];
      out[point] = '.';
      return out + n + 1;
    }
    std::memcpy(out, "0.0000", 6);  // "0.", -point zeros (at most 3, else scientific is shorter), the digits
    out += 2 - point;
    put_digits(out + n, digits);
    return out + n;
  }
  put_digits(out + n + 1, digits);  // d.dde-XX
  out[0] = out[1];
  if (n > 1) out[1] = '.';
  out += n > 1 ? n + 1 : 1;
  *out++ = 'e';
  *out++ = x10 < 0 ? '-' : '+';
  int e = x10 < 0 ? -x10 : x10;
  if (x10_digits == 3) *out++ = static_cast<char>('0' + e / 100), e %= 100;
  *out++ = static_cast<char>('0' + e / 10);
  *out++ = static_cast<char>('0' + e % 10);
  return out;
}

}  // namespace shortest
#endif

}  // namespace

JsonWriter& JsonWriter::key(std::string_view k) noexcept {
  string(k);
  put(':');
  after_key_ = true;
  return *this;
}

JsonWriter& JsonWriter::string(std::string_view s) noexcept {
  separate();
  if (s.size() + 2 <= out_.size() - std::min(size_, out_.size())) {
    // Room for it: copied as it is scanned, as long as every byte is plain
    // (nearly every string written is a key or a name). Else from the start below.
    char* const quoted = out_.data() + size_;
    std::size_t n = 0;
    while (n < s.size() && json_plain_byte[static_cast<unsigned char>(s[n])]) quoted[1 + n] = s[n], ++n;
    if (n == s.size()) {
      quoted[0] = quoted[n + 1] = '"';
      size_ += n + 2;
      return *this;
    }
  }
  put('"');
  for (std::size_t i = 0; i < s.size();) {
    // Plain bytes are copied a run at a time: nearly every string written is one run.
    std::size_t run = i;
    while (run < s.size() && json_plain_byte[static_cast<unsigned char>(s[run])]) ++run;
    if (run > i) {
      put(s.substr(i, run - i));
      i = run;
      continue;
    }
    const auto c = static_cast<unsigned char>(s[i]);
    if (c == '"' || c == '\\') {
      put('\\');
      put(static_cast<char>(c));
      ++i;
    } else if (c < 0x20) {
      constexpr char hex[] = "0123456789abcdef";
      const char escape[] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
      put(std::string_view(escape, sizeof escape));
      ++i;
    } else if (const std::size_t n = detail::utf8_length(s, i)) {
      put(s.substr(i, n));
      i += n;
    } else {
      put("\\ufffd");  // not UTF-8: the replacement character, byte by byte
      ++i;
    }
  }
  put('"');
  return *this;
}

JsonWriter& JsonWriter::number(long long n) noexcept {
  separate();
  char buf[24];
  const auto end = std::to_chars(buf, buf + sizeof buf, n).ptr;
  put(std::string_view(buf, static_cast<std::size_t>(end - buf)));
  return *this;
}

JsonWriter& JsonWriter::number(double x, int decimals) noexcept {
  separate();
  char buf[64];
  const int len = std::snprintf(buf, sizeof buf, "%.*f", decimals, x);
  for (int i = 0; i < len && i < static_cast<int>(sizeof buf) - 1; ++i) put(buf[i]);
  return *this;
}

JsonWriter& JsonWriter::significant(double x, int digits) noexcept {
  separate();
  char buf[64];
  const int len = std::snprintf(buf, sizeof buf, "%.*g", digits, x);
  put(std::string_view(buf, static_cast<std::size_t>(std::clamp(len, 0, static_cast<int>(sizeof buf) - 1))));
  return *this;
}

JsonWriter& JsonWriter::shortest(double x) noexcept {
  separate();
  char buf[32];
#if defined(__cpp_lib_to_chars)
#if defined(__SIZEOF_INT128__)
  const auto bits = std::bit_cast<std::uint64_t>(x);
  const int biased = static_cast<int>(bits >> 52 & 0x7ff);
  if (biased >= shortest::min_biased_exponent && biased <= shortest::max_biased_exponent) {
    // Into the output where it has the room, else by buf.
    static_assert(sizeof buf >= shortest::room);
    char* const start = size_ + shortest::room <= out_.size() ? out_.data() + size_ : buf;
    char* p = start;
    if (bits >> 63) *p++ = '-';
    const auto n = static_cast<std::size_t>(shortest::write(p, bits & ((std::uint64_t{1} << 52) - 1), biased) - start);
    if (start == buf) put(std::string_view(buf, n));
    else size_ += n;
    return *this;
  }
  if (x == 0 && !(bits >> 63)) {  // the other value an answer writes often
    put('0');
    return *this;
  }
#endif
  const auto end = std::to_chars(buf, buf + sizeof buf, x).ptr;
  put(std::string_view(buf, static_cast<std::size_t>(end - buf)));
#else
  // No floating-point to_chars (emscripten's libc++): the fewest significant
  // digits that read back as x.
  int len = 0;
  for (int digits = 1; digits <= 17; ++digits) {
    len = std::snprintf(buf, sizeof buf, "%.*g", digits, x);
    if (std::strtod(buf, nullptr) == x) break;
  }
  put(std::string_view(buf, static_cast<std::size_t>(len)));
#endif
  return *this;
}

JsonWriter& JsonWriter::boolean(bool b) noexcept {
  separate();
  return raw(b ? "true" : "false");
}

JsonWriter& JsonWriter::null() noexcept {
  separate();
  return raw("null");
}

JsonWriter& JsonWriter::raw(std::string_view text) noexcept {
  put(text);
  return *this;
}

JsonWriter& JsonWriter::tiles(TileMask m) noexcept {
  begin_array();
  for (const Tile t : m) {  // string(name) without its scan: a tile name needs no escape
    separate();
    const auto name = name_of(t);
    const char quoted[] = {'"', name[0], name[1], '"'};
    put(std::string_view(quoted, sizeof quoted));
  }
  return end_array();
}

namespace json {
namespace {

// A sink that grows: a record's strings have no bound but the record's size.
struct GrowingText {
  std::string& s;
  void clear() { s.clear(); }
  bool append(const char* p, std::size_t k) {
    s.append(p, k);
    return true;
  }
  [[nodiscard]] std::string_view view() const noexcept { return s; }
};

class TreeReader {
 public:
  TreeReader(std::string_view text, std::uint32_t base, ParseError& error)
      : in_(text, Strings::bytes), text_(text), base_(base), error_(error) {}

  bool document(Value& out) {
    if (!value(out, 0)) return false;
    in_.ws();
    if (!in_.at_end()) return fail("unexpected text after the JSON value");
    return true;
  }

 private:
  bool fail(std::string what) { return fail_at(in_.pos(), std::move(what)); }
  bool fail_at(std::uint32_t at, std::string what) {
    error_.offset = base_ + at;
    error_.what = std::move(what);
    return false;
  }
  // The tokenizer's fault in the words of a record's error.
  bool fail(const Fault& f) {
    switch (f.code) {
      case Fault::value_missing: return fail_at(f.where, "unexpected end of the JSON text");
      case Fault::not_a_value: {
        const char c = text_[f.where];
        return fail_at(f.where,
                       std::string("unexpected character '") + (c >= 0x20 && c < 0x7f ? std::string(1, c) : "?") + "'");
      }
      case Fault::bad_word: return fail_at(f.where, "expected a JSON value");
      case Fault::string_not_closed:
      case Fault::escape_not_closed: return fail_at(f.where, "a string without its closing quote");
      case Fault::control_character: return fail_at(f.where, "a control character inside a string");
      case Fault::bad_escape: return fail_at(f.where, "an unknown escape in a string");
      case Fault::u_escape_short: return fail_at(f.where, "a \\u escape cut short");
      case Fault::u_escape_not_hex: return fail_at(f.where, "a \\u escape with a non-hex digit");
      case Fault::integer_digits: return fail_at(f.where, "a number without digits");
      case Fault::fraction_digits: return fail_at(f.where, "a number without digits after '.'");
      case Fault::exponent_digits: return fail_at(f.where, "a number without an exponent");
      // Not met with Strings::bytes and a growing sink.
      case Fault::not_a_string:
      case Fault::not_utf8:
      case Fault::string_too_long:
      case Fault::lone_surrogate:
      case Fault::none: break;
    }
    return fail_at(f.where, "malformed JSON");
  }

  bool value(Value& out, int depth) {
    in_.ws();
    if (depth > max_depth) return fail("JSON nested too deeply");
    Token t;
    GrowingText sink{out.string};
    if (const Fault f = in_.value(t, sink)) return fail(f);
    out.offset = base_ + t.at;
    out.type = t.kind;
    switch (t.kind) {
      case Type::boolean: out.boolean = t.truth; return true;
      case Type::number: return number(out, t);
      case Type::array: return array(out, depth);
      case Type::object: return object(out, depth);
      case Type::null:
      case Type::string: return true;
    }
    return true;
  }
  bool number(Value& out, const Token& t) {
    // An integer below the tokenizer's saturation is its value exactly (a
    // record's numbers nearly all are: tile codes, scores); -0 keeps its sign.
    if (t.integral && t.integer > -1'000'000'000'000'000LL && t.integer < 1'000'000'000'000'000LL) {
      out.number = t.integer == 0 && text_[t.at] == '-' ? -0.0 : static_cast<double>(t.integer);
      return true;
    }
    // strtod needs a terminated string; numbers are short.
    const std::string copy(in_.since(t.at));
    out.number = std::strtod(copy.c_str(), nullptr);
    return true;
  }
  bool array(Value& out, int depth) {
    in_.ws();
    if (in_.take(']')) return true;
    for (;;) {
      out.items.emplace_back();
      if (!value(out.items.back(), depth + 1)) return false;
      in_.ws();
      if (in_.at_end()) return fail("an array without its closing ']'");
      if (in_.take(',')) continue;
      if (in_.take(']')) return true;
      return fail("expected ',' or ']' in an array");
    }
  }
  bool object(Value& out, int depth) {
    in_.ws();
    if (in_.take('}')) return true;
    for (;;) {
      in_.ws();
      if (!in_.peek('"')) return fail("expected a member name in an object");
      std::string key;
      GrowingText sink{key};
      Token t;
      if (const Fault f = in_.string(t, sink)) return fail(f);
      in_.ws();
      if (!in_.take(':')) return fail("expected ':' after a member name");
      out.members.push_back({std::move(key), Value{}});
      if (!value(out.members.back().value, depth + 1)) return false;
      in_.ws();
      if (in_.at_end()) return fail("an object without its closing '}'");
      if (in_.take(',')) continue;
      if (in_.take('}')) return true;
      return fail("expected ',' or '}' in an object");
    }
  }

  Cursor in_;
  std::string_view text_;
  std::uint32_t base_;
  ParseError& error_;
};

}  // namespace

namespace {

// Bit 7 of each byte of w that equals b (and, above the lowest such byte,
// maybe others: only the lowest is to be trusted).
constexpr std::uint64_t bytes_equal(std::uint64_t w, unsigned char b) noexcept {
  constexpr std::uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
  const std::uint64_t v = w ^ (ones * b);
  return (v - ones) & ~v & highs;
}

}  // namespace

std::string spaced(std::string_view compact) {
  // Written through a pointer, not appended byte by byte, and a string's
  // bytes eight at a time: `mjk log --json` spaces every line it prints,
  // megabytes of them, most of their bytes in strings. Sixteen bytes of
  // room are made before each step (eight copied, or a byte and a space).
  enum : std::uint8_t { plain, quote, backslash, separator };
  static constexpr auto kinds = [] {
    std::array<std::uint8_t, 256> t{};
    t['"'] = quote;
    t['\\'] = backslash;
    t[','] = t[':'] = separator;
    return t;
  }();
  const std::size_t n = compact.size();
  const char* const in = compact.data();
  std::string out(n + n / 4 + 16, '\0');
  // Locals, not out's size and data: every byte stored could alias those, so they would be read again.
  char* to = out.data();
  char* end = to + out.size();
  bool in_string = false;
  for (std::size_t i = 0; i < n;) {
    if (end - to < 16) {
      const auto at = static_cast<std::size_t>(to - out.data());
      out.resize(2 * out.size());
      to = out.data() + at;
      end = out.data() + out.size();
    }
    if (std::endian::native == std::endian::little && in_string && i + 8 <= n) {
      std::uint64_t w = 0;
      std::memcpy(&w, in + i, 8);
      std::memcpy(to, &w, 8);  // all eight written, those from the first '"' or '\\' on written again below
      const std::uint64_t stops = bytes_equal(w, '"') | bytes_equal(w, '\\');
      const auto plain_bytes = static_cast<std::size_t>(stops ? std::countr_zero(stops) / 8 : 8);
      i += plain_bytes;
      to += plain_bytes;
      if (plain_bytes == 8) continue;
    }
    const char c = in[i++];
    *to++ = c;
    const std::uint8_t kind = kinds[static_cast<unsigned char>(c)];
    if (kind == quote) {
      in_string = !in_string;
    } else if (in_string) {
      if (kind == backslash && i < n) *to++ = in[i++];  // the escaped byte, '"' among them
    } else if (kind == separator) {
      *to++ = ' ';
    }
  }
  out.resize(static_cast<std::size_t>(to - out.data()));
  return out;
}

bool parse(std::string_view text, Value& out, ParseError& error, std::uint32_t base) {
  out = Value{};
  return TreeReader(text, base, error).document(out);
}

}  // namespace json
}  // namespace mjk
