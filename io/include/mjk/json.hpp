// JSON in mjk, written once: JsonWriter (the JSON the library prints: the
// answers, the reviews, the corpus statistics, the C ABI's texts) and
// the tree reader json::parse (the game records' readers). Both sit on one
// tokenizer in mjk::io (src/json_reader.hpp), which the request reader
// walks too.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "mjk/export.h"
#include "mjk/tile.hpp"

namespace mjk {

// A JSON writer into caller storage: writes what fits, counts what it needs
// (size()), never allocates. Strings are escaped so the output is always
// valid UTF-8 JSON: quotes, backslashes and control characters escaped,
// valid UTF-8 passed through, each byte of an invalid sequence as U+FFFD.
// Compact (`{"a":1,"b":2}`); json::spaced() adds the spaces of the texts
// that have them.
class MJK_API JsonWriter {
 public:
  explicit JsonWriter(std::span<char> out) noexcept : out_(out) {}
  JsonWriter& begin_object() noexcept { return open('{'); }
  JsonWriter& end_object() noexcept { return close('}'); }
  JsonWriter& begin_array() noexcept { return open('['); }
  JsonWriter& end_array() noexcept { return close(']'); }
  JsonWriter& key(std::string_view k) noexcept;
  JsonWriter& string(std::string_view s) noexcept;
  JsonWriter& number(long long n) noexcept;
  JsonWriter& number(double x, int decimals) noexcept;     // printf's %.*f
  JsonWriter& significant(double x, int digits) noexcept;  // printf's %.*g: `digits` significant digits
  JsonWriter& shortest(double x) noexcept;                 // the shortest text that reads back as x
  JsonWriter& boolean(bool b) noexcept;
  JsonWriter& null() noexcept;
  JsonWriter& tiles(TileMask m) noexcept;           // ["1m","4m",...]
  JsonWriter& raw(std::string_view text) noexcept;  // already JSON (or part of a string's bytes)
  // Bytes the whole output needs; it is complete in `out` iff size() <= out.size().
  [[nodiscard]] std::size_t size() const noexcept { return size_; }

 private:
  // Defined here, small, so that every write inlines them (the writer's calls
  // are most of an answer's time).
  JsonWriter& open(char c) noexcept {
    separate();
    put(c);
    ++depth_;
    nonempty_ &= ~(std::uint64_t{1} << (depth_ & 63));
    return *this;
  }
  JsonWriter& close(char c) noexcept {
    --depth_;
    put(c);
    return *this;
  }
  void separate() noexcept {  // a comma before every element but the first
    if (after_key_) {
      after_key_ = false;
      return;
    }
    const std::uint64_t bit = std::uint64_t{1} << (depth_ & 63);
    if (depth_ > 0 && (nonempty_ & bit)) put(',');
    nonempty_ |= bit;
  }
  void put(char c) noexcept {
    if (size_ < out_.size()) out_[size_] = c;
    ++size_;
  }
  void put(std::string_view s) noexcept {  // what fits, like put(char) byte by byte
    if (size_ < out_.size() && !s.empty())
      std::memcpy(out_.data() + size_, s.data(), std::min(s.size(), out_.size() - size_));
    size_ += s.size();
  }
  std::span<char> out_;
  std::size_t size_ = 0;
  std::uint32_t depth_ = 0;
  std::uint64_t nonempty_ = 0;  // bit d: the container at depth d has an element
  bool after_key_ = false;
};

// What `write(JsonWriter&)` writes, as a string: written twice, once to
// count, once into a string of that size. Allocates (throws bad_alloc).
template <class Write>
std::string json_string(Write&& write) {
  JsonWriter count(std::span<char>{});
  write(count);
  std::string out(count.size(), '\0');
  JsonWriter json(std::span<char>(out.data(), out.size()));
  write(json);
  return out;
}

namespace json {

// A compact JSON text (JsonWriter's) with a space after each ',' and ':'
// outside strings: `{"a": 1, "b": [1, 2]}`, the spacing of `mjk log
// --json`'s lines and of the corpus statistics. A pass of its own, so that
// the writer, on the hot path of every answer, has no spacing to check.
// Throws bad_alloc.
std::string spaced(std::string_view compact);

// The kinds of JSON value.
enum class Type : std::uint8_t { null, boolean, number, string, array, object };

struct Member;

// One value of a JSON text as a tree, with the byte offset it starts at so
// that a reader can name the place of what is wrong.
struct Value {
  using Type = json::Type;
  Type type = Type::null;
  bool boolean = false;
  double number = 0;
  std::string string;           // decoded
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

// The deepest nesting parse() reads (records nest 4 deep): hostile input
// cannot exhaust the stack.
inline constexpr int max_depth = 32;

// Parses one value that spans the whole of `text` (whitespace around it
// allowed); `base` is added to every offset (for one line of a file).
// Strict JSON but for the strings' bytes: records from the wild carry names
// in other encodings and cut surrogate pairs, so a string holds any bytes
// but control characters, and a lone surrogate escape is kept as its three
// bytes (JsonWriter writes them back as U+FFFD). Returns false and fills
// `error` on malformed input; throws bad_alloc. Part of mjk::io, not
// exported by libmjk.so (its callers, the records' readers, link it).
bool parse(std::string_view text, Value& out, ParseError& error, std::uint32_t base = 0);

}  // namespace json
}  // namespace mjk
