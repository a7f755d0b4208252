// A small strict JSON reader for the record formats: values keep the byte
// offset they start at, so a reader can name the place of what is wrong.
// Nesting is limited (records nest 4 deep) so hostile input cannot
// exhaust the stack.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace mjk::records::json {

struct Member;

struct Value {
  enum class Type : std::uint8_t { null, boolean, number, string, array, object };
  Type type = Type::null;
  bool boolean = false;
  double number = 0;
  std::string string;
  std::vector<Value> items;     // array
  std::vector<Member> members;  // object, in order (a vector may hold an incomplete type; a pair may not)
  std::uint32_t offset = 0;

  [[nodiscard]] bool is_int() const noexcept {
    // The range first: converting a double outside int64's range is undefined.
    return type == Type::number && number > -1e15 && number < 1e15 &&
           number == static_cast<double>(static_cast<std::int64_t>(number));
  }
  [[nodiscard]] std::int64_t as_int() const noexcept { return static_cast<std::int64_t>(number); }
  // The member named `key`, or nullptr.
  [[nodiscard]] const Value* find(std::string_view key) const noexcept;
};

struct Member {
  std::string key;
  Value value;
};

inline const Value* Value::find(std::string_view key) const noexcept {
  for (const Member& m : members)
    if (m.key == key) return &m.value;
  return nullptr;
}

struct ParseError {
  std::uint32_t offset = 0;
  std::string what;
};

// Parses one value that spans the whole of `text` (whitespace around it
// allowed); `base` is added to every offset (for one line of a file).
// Returns false and fills `error` on malformed input.
bool parse(std::string_view text, Value& out, ParseError& error, std::uint32_t base = 0);

}  // namespace mjk::records::json
