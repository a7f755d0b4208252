// The JSON reader under parse_request_json (request_json.cpp): a cursor over
// one line that decodes scalars into fixed buffers and only announces
// containers, so the schema walks them itself. Allocates nothing. Internal
// to mjk::io.
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>
#include <tuple>

#include "mjk/request.hpp"
#include "request_parts.hpp"
#include "utf8.hpp"

namespace mjk::request_parts {


// One JSON value as the reader sees it: scalars decoded, containers only
// announced (the schema says what to do with them).
struct Value {
  enum Kind : std::uint8_t { string, number, boolean, null, array, object } kind = null;
  std::uint32_t at = 0;   // byte offset of the value
  std::string_view text;  // a string, decoded (points into buf)
  long long integer = 0;  // a number's value, saturated; integral only if no fraction or exponent
  bool integral = false;
  // A number's digits as an unsigned 64-bit count (its sign aside), exact
  // unless past_uint64: a field taking counts up to 2^64 - 1 reads it.
  std::uint64_t count = 0;
  bool past_uint64 = false;
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
      else if (cp < 0x800)
        u[0] = static_cast<char>(0xc0 | (cp >> 6)), u[1] = static_cast<char>(0x80 | (cp & 0x3f)), len = 2;
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
      const int d = c >= '0' && c <= '9'   ? c - '0'
                    : c >= 'a' && c <= 'f' ? c - 'a' + 10
                    : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                           : -1;
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

}  // namespace mjk::request_parts
