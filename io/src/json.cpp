// JSON once (mjk/json.hpp): the writer every JSON text of the library goes
// through, and json::parse, the tree the records' readers read, built on the
// tokenizer the request reader walks too (json_reader.hpp).
#include "mjk/json.hpp"

#include <array>
#include <bit>
#include <charconv>
#include <cstdio>
#include <cstdlib>
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
