// The one JSON tokenizer of mjk: a cursor over a text that reads a value at
// a time, scalars decoded (a string into the caller's sink), containers only
// announced so the caller walks them. The request reader
// (request_json.cpp) walks it by the schema and allocates nothing;
// json::parse (json.cpp) builds the records' trees on it. A fault is a code
// and its place; each caller says it in its own words. Internal to mjk::io.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <tuple>

#include "mjk/json.hpp"
#include "utf8.hpp"

namespace mjk::json {

// What a string may hold.
enum class Strings : std::uint8_t {
  utf8,   // valid UTF-8, \u escapes of whole code points (a request)
  bytes,  // any bytes but control characters; a lone surrogate escape kept as its three bytes (records, json::parse)
};

struct Fault {
  enum Code : std::uint8_t {
    none,
    value_missing,      // the text ends where a value should start
    not_a_value,        // a byte that starts no value
    bad_word,           // 't', 'f' or 'n' that does not start true, false or null
    not_a_string,       // string() where no '"' is
    string_not_closed,  // the text ends inside a string
    escape_not_closed,  // the text ends right after a backslash
    control_character,
    not_utf8,         // Strings::utf8
    string_too_long,  // the sink is full
    bad_escape,       // a backslash before a letter no escape has
    u_escape_short,   // fewer than four bytes after \u
    u_escape_not_hex,
    lone_surrogate,  // Strings::utf8
    integer_digits,  // a number without digits (after its '-')
    fraction_digits,
    exponent_digits,
  } code = none;
  std::uint32_t where = 0;   // the cursor's place when it stopped
  std::uint32_t escape = 0;  // a fault inside an escape: the escape's backslash
  explicit operator bool() const noexcept { return code != none; }
};

// One value as the cursor reads it.
struct Token {
  Type kind = Type::null;
  std::uint32_t at = 0;   // byte offset of the value
  std::string_view text;  // a string, decoded (the sink's bytes)
  long long integer = 0;  // a number's value, saturated at +-10^15; integral only if no fraction or exponent
  bool integral = false;
  // A number's digits as an unsigned 64-bit count (its sign aside), exact
  // unless past_uint64: a field taking counts up to 2^64 - 1 reads it.
  std::uint64_t count = 0;
  bool past_uint64 = false;
  bool truth = false;
};

// A sink of fixed room for decoded strings (string_too_long past it).
template <std::size_t N>
struct FixedText {
  char buf[N];
  std::size_t n = 0;
  void clear() noexcept { n = 0; }
  bool append(const char* p, std::size_t k) noexcept {
    if (k > N - n) return false;
    std::memcpy(buf + n, p, k);
    n += k;
    return true;
  }
  [[nodiscard]] std::string_view view() const noexcept { return {buf, n}; }
};

class Cursor {
 public:
  explicit Cursor(std::string_view s, Strings strings = Strings::utf8) noexcept : s_(s), strings_(strings) {}

  void ws() noexcept {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r')) ++i_;
  }
  [[nodiscard]] std::uint32_t pos() const noexcept { return static_cast<std::uint32_t>(i_); }
  [[nodiscard]] bool at_end() const noexcept { return i_ == s_.size(); }
  [[nodiscard]] bool peek(char c) const noexcept { return i_ < s_.size() && s_[i_] == c; }
  [[nodiscard]] char here() const noexcept { return i_ < s_.size() ? s_[i_] : '\0'; }
  bool take(char c) noexcept {
    if (!peek(c)) return false;
    ++i_;
    return true;
  }
  // The text of [from, pos()) (a number as written).
  [[nodiscard]] std::string_view since(std::uint32_t from) const noexcept { return s_.substr(from, i_ - from); }

  // Any value after whitespace: scalars read whole (a string into `text`);
  // '[' and '{' consumed and announced.
  template <class Sink>
  Fault value(Token& v, Sink& text) {
    ws();
    v.at = pos();
    if (at_end()) return fault(Fault::value_missing);
    const char c = s_[i_];
    if (c == '"') return string(v, text);
    if (c == '[' || c == '{') {
      v.kind = c == '[' ? Type::array : Type::object;
      ++i_;
      return {};
    }
    if (c == '-' || (c >= '0' && c <= '9')) return number(v);
    for (const auto& [word, kind, truth] : {std::tuple{std::string_view("true"), Type::boolean, true},
                                            std::tuple{std::string_view("false"), Type::boolean, false},
                                            std::tuple{std::string_view("null"), Type::null, false}}) {
      if (s_.substr(i_, word.size()) == word) {
        i_ += word.size();
        v.kind = kind;
        v.truth = truth;
        return {};
      }
    }
    return fault(c == 't' || c == 'f' || c == 'n' ? Fault::bad_word : Fault::not_a_value);
  }

  // A string, decoded into `text` (cleared first).
  template <class Sink>
  Fault string(Token& v, Sink& text) {
    v.kind = Type::string;
    v.at = pos();
    text.clear();
    if (!take('"')) return fault(Fault::not_a_string);
    for (;;) {
      if (at_end()) return fault(Fault::string_not_closed);
      const auto c = static_cast<unsigned char>(s_[i_]);
      if (c == '"') {
        ++i_;
        break;
      }
      if (detail::json_plain_byte[c]) {  // a run of bytes that stand for themselves, copied at once
        std::size_t end = i_ + 1;
        while (end < s_.size() && detail::json_plain_byte[static_cast<unsigned char>(s_[end])]) ++end;
        if (!text.append(s_.data() + i_, end - i_)) return fault(Fault::string_too_long);
        i_ = end;
        continue;
      }
      if (c < 0x20) return fault(Fault::control_character);
      if (c >= 0x80) {
        const std::size_t len = strings_ == Strings::utf8 ? detail::utf8_length(s_, i_) : 1;
        if (len == 0) return fault(Fault::not_utf8);
        if (!text.append(s_.data() + i_, len)) return fault(Fault::string_too_long);
        i_ += len;
        continue;
      }
      // The one byte left: a backslash.
      escape_ = pos();
      ++i_;
      if (at_end()) return fault(Fault::escape_not_closed);
      const char e = s_[i_];
      const char* plain = std::strchr("\"\\/bfnrt", e);
      if (e != '\0' && plain) {
        ++i_;
        constexpr char decoded[] = "\"\\/\b\f\n\r\t";
        if (!text.append(&decoded[plain - "\"\\/bfnrt"], 1)) return fault(Fault::string_too_long);
        continue;
      }
      if (e != 'u') return fault(Fault::bad_escape);
      ++i_;
      std::uint32_t cp = 0;
      if (const Fault::Code hex = hex4(cp)) return fault(hex);
      if (cp >= 0xd800 && cp <= 0xdfff) {
        // A high surrogate and its low one make one code point; any other is
        // lone (kept as bytes: the escape after it is read on its own).
        std::uint32_t low = 0;
        if (cp <= 0xdbff && s_.substr(i_, 2) == "\\u" && hex_at(i_ + 2, low) && low >= 0xdc00 && low <= 0xdfff) {
          i_ += 6;
          cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
        } else if (strings_ == Strings::utf8) {
          return fault(Fault::lone_surrogate);
        }
      }
      // UTF-8 of the code point.
      char u[4];
      std::size_t len;
      if (cp < 0x80) u[0] = static_cast<char>(cp), len = 1;
      else if (cp < 0x800)
        u[0] = static_cast<char>(0xc0 | (cp >> 6)), u[1] = static_cast<char>(0x80 | (cp & 0x3f)), len = 2;
      else if (cp < 0x10000)
        u[0] = static_cast<char>(0xe0 | (cp >> 12)), u[1] = static_cast<char>(0x80 | ((cp >> 6) & 0x3f)),
        u[2] = static_cast<char>(0x80 | (cp & 0x3f)), len = 3;
      else
        u[0] = static_cast<char>(0xf0 | (cp >> 18)), u[1] = static_cast<char>(0x80 | ((cp >> 12) & 0x3f)),
        u[2] = static_cast<char>(0x80 | ((cp >> 6) & 0x3f)), u[3] = static_cast<char>(0x80 | (cp & 0x3f)), len = 4;
      if (!text.append(u, len)) return fault(Fault::string_too_long);
    }
    v.text = text.view();
    return {};
  }

 private:
  [[nodiscard]] Fault fault(Fault::Code code) const noexcept { return {code, pos(), escape_}; }

  static int hex_digit(char c) noexcept {
    return c >= '0' && c <= '9'   ? c - '0'
           : c >= 'a' && c <= 'f' ? c - 'a' + 10
           : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                  : -1;
  }
  // Four hex digits at s_[at..], read without moving.
  [[nodiscard]] bool hex_at(std::size_t at, std::uint32_t& out) const noexcept {
    if (s_.size() < at + 4) return false;
    out = 0;
    for (std::size_t k = at; k < at + 4; ++k) {
      const int d = hex_digit(s_[k]);
      if (d < 0) return false;
      out = out * 16 + static_cast<std::uint32_t>(d);
    }
    return true;
  }
  // Four hex digits read; a fault stops past the digit that is not one.
  Fault::Code hex4(std::uint32_t& out) noexcept {
    if (s_.size() - i_ < 4) return Fault::u_escape_short;
    out = 0;
    for (int k = 0; k < 4; ++k) {
      const int d = hex_digit(s_[i_++]);
      if (d < 0) return Fault::u_escape_not_hex;
      out = out * 16 + static_cast<std::uint32_t>(d);
    }
    return Fault::none;
  }

  // JSON's number grammar; the value saturates at +-10^15.
  Fault number(Token& v) noexcept {
    v.kind = Type::number;
    v.integral = true;
    const bool negative = take('-');
    const auto digit = [&] { return i_ < s_.size() && s_[i_] >= '0' && s_[i_] <= '9'; };
    if (!digit()) return fault(Fault::integer_digits);
    long long n = 0;
    v.count = 0;
    v.past_uint64 = false;
    if (s_[i_] == '0') {
      ++i_;
    } else {
      while (digit()) {
        const int d = s_[i_++] - '0';
        n = std::min(n * 10 + d, 1'000'000'000'000'000LL);
        if (v.count > (UINT64_MAX - static_cast<std::uint64_t>(d)) / 10) v.past_uint64 = true;
        if (!v.past_uint64) v.count = v.count * 10 + static_cast<std::uint64_t>(d);
      }
    }
    if (take('.')) {
      v.integral = false;
      if (!digit()) return fault(Fault::fraction_digits);
      while (digit()) ++i_;
    }
    if (peek('e') || peek('E')) {
      ++i_;
      v.integral = false;
      if (!take('+')) take('-');
      if (!digit()) return fault(Fault::exponent_digits);
      while (digit()) ++i_;
    }
    v.integer = negative ? -n : n;
    return {};
  }

  std::string_view s_;
  std::size_t i_ = 0;
  std::uint32_t escape_ = 0;  // the last escape's backslash
  Strings strings_;
};

}  // namespace mjk::json
