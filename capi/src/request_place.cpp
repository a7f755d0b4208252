// mjk_request_error_in_field: a request line's error placed in the field
// the caller wrote. A door that builds the JSON line from fields given one
// by one (Python's score(hand=...), Node's score({hand})) names the
// character of the value its caller wrote, not a byte of a line the caller
// never saw.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "mjk.h"

namespace {

void skip_space(std::string_view s, std::size_t& i) {
  while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) ++i;
}

// From the opening quote at i to the closing one (i then on it); false if unclosed.
bool string_end(std::string_view s, std::size_t& i) {
  for (++i; i < s.size(); ++i) {
    if (s[i] == '\\') ++i;
    else if (s[i] == '"') return true;
  }
  return false;
}

// Past one value that is not a string (strings in it and nesting followed):
// i on the comma or brace after a number or literal, past the bracket that
// closes an array or object. False if unclosed.
bool skip_value(std::string_view s, std::size_t& i) {
  int depth = 0;
  for (; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '"') {
      if (!string_end(s, i)) return false;
    } else if (c == '{' || c == '[') {
      ++depth;
    } else if (c == '}' || c == ']') {
      if (depth == 0) return true;
      if (--depth == 0) {
        ++i;
        return true;
      }
    } else if (c == ',' && depth == 0) {
      return true;
    }
  }
  return depth == 0;
}

// Characters (code points; an escape is one) of a JSON string's bytes.
std::uint32_t characters(std::string_view s) {
  std::uint32_t n = 0;
  for (std::size_t i = 0; i < s.size(); ++i, ++n) {
    if (s[i] == '\\') i += s.substr(i + 1, 1) == "u" ? 5 : 1;
    else
      while (i + 1 < s.size() && (static_cast<unsigned char>(s[i + 1]) & 0xc0) == 0x80) ++i;
  }
  return n;
}

// The sentence with its " at position N" made " at position M".
bool move_position(char* message, std::uint32_t from, std::uint32_t to) {
  const std::string old = " at position " + std::to_string(from);
  std::string m = message;
  const std::size_t at = m.find(old);
  if (at == std::string::npos) return false;
  const std::size_t end = at + old.size();
  if (end < m.size() && m[end] >= '0' && m[end] <= '9') return false;  // another number that starts the same
  m.replace(at, old.size(), " at position " + std::to_string(to));
  if (m.size() >= MJK_MAX_MESSAGE) return false;
  std::memcpy(message, m.c_str(), m.size() + 1);
  return true;
}

}  // namespace

extern "C" int mjk_request_error_in_field(const char* text, size_t length, mjk_request_info* info) {
  if (!info || (!text && length) || info->error == MJK_OK || info->error_position == UINT32_MAX) return 0;
  const std::string_view s(text ? text : "", length);
  const std::size_t position = info->error_position;
  std::size_t i = 0;
  skip_space(s, i);
  if (i >= s.size() || s[i] != '{') return 0;
  for (++i;;) {
    skip_space(s, i);
    if (i >= s.size() || s[i] != '"' || !string_end(s, i)) return 0;  // a key
    ++i;
    skip_space(s, i);
    if (i >= s.size() || s[i] != ':') return 0;
    ++i;
    skip_space(s, i);
    if (i >= s.size()) return 0;
    if (s[i] == '"') {
      const std::size_t start = i + 1;
      if (!string_end(s, i)) return 0;
      if (position >= start && position <= i) {  // in this value, or at its end
        const std::uint32_t in_value = characters(s.substr(start, position - start));
        if (!move_position(info->message, info->error_position, in_value)) return 0;
        info->error_position = in_value;
        return 1;
      }
      ++i;
    } else if (!skip_value(s, i)) {
      return 0;
    }
    if (position < i) return 0;  // in a value that is not a string: the line's place stands
    skip_space(s, i);
    if (i >= s.size() || s[i] != ',') return 0;
    ++i;
  }
}
