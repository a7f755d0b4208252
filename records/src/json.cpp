#include "json.hpp"

#include <charconv>
#include <cstdlib>

namespace mjk::records::json {
namespace {

constexpr int max_depth = 32;

class Parser {
 public:
  Parser(std::string_view text, std::uint32_t base, ParseError& error) : text_(text), base_(base), error_(error) {}

  bool document(Value& out) {
    skip_space();
    if (!value(out, 0)) return false;
    skip_space();
    if (pos_ != text_.size()) return fail("unexpected text after the JSON value");
    return true;
  }

 private:
  bool fail(std::string what) {
    error_.offset = base_ + static_cast<std::uint32_t>(pos_);
    error_.what = std::move(what);
    return false;
  }
  void skip_space() {
    while (pos_ < text_.size() &&
           (text_[pos_] == ' ' || text_[pos_] == '\t' || text_[pos_] == '\n' || text_[pos_] == '\r'))
      ++pos_;
  }
  bool literal(std::string_view word) {
    if (text_.substr(pos_, word.size()) != word) return fail("expected a JSON value");
    pos_ += word.size();
    return true;
  }

  bool value(Value& out, int depth) {
    if (depth > max_depth) return fail("JSON nested too deeply");
    out.offset = base_ + static_cast<std::uint32_t>(pos_);
    if (pos_ >= text_.size()) return fail("unexpected end of the JSON text");
    const char c = text_[pos_];
    switch (c) {
      case '{': return object(out, depth);
      case '[': return array(out, depth);
      case '"': out.type = Value::Type::string; return string(out.string);
      case 't':
        out.type = Value::Type::boolean;
        out.boolean = true;
        return literal("true");
      case 'f':
        out.type = Value::Type::boolean;
        out.boolean = false;
        return literal("false");
      case 'n': out.type = Value::Type::null; return literal("null");
      default:
        if (c == '-' || (c >= '0' && c <= '9')) return number(out);
        return fail(std::string("unexpected character '") + (c >= 0x20 && c < 0x7f ? std::string(1, c) : "?") + "'");
    }
  }

  bool number(Value& out) {
    const std::size_t start = pos_;
    if (text_[pos_] == '-') ++pos_;
    auto digits = [&] {
      const std::size_t d = pos_;
      while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') ++pos_;
      return pos_ > d;
    };
    if (!digits()) return fail("a number without digits");
    if (pos_ < text_.size() && text_[pos_] == '.') {
      ++pos_;
      if (!digits()) return fail("a number without digits after '.'");
    }
    if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
      ++pos_;
      if (pos_ < text_.size() && (text_[pos_] == '+' || text_[pos_] == '-')) ++pos_;
      if (!digits()) return fail("a number without an exponent");
    }
    // strtod needs a terminated string; numbers are short.
    const std::string copy(text_.substr(start, pos_ - start));
    out.type = Value::Type::number;
    out.number = std::strtod(copy.c_str(), nullptr);
    return true;
  }

  static void append_utf8(std::string& s, std::uint32_t cp) {
    if (cp < 0x80) {
      s += static_cast<char>(cp);
    } else if (cp < 0x800) {
      s += static_cast<char>(0xc0 | (cp >> 6));
      s += static_cast<char>(0x80 | (cp & 0x3f));
    } else if (cp < 0x10000) {
      s += static_cast<char>(0xe0 | (cp >> 12));
      s += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
      s += static_cast<char>(0x80 | (cp & 0x3f));
    } else {
      s += static_cast<char>(0xf0 | (cp >> 18));
      s += static_cast<char>(0x80 | ((cp >> 12) & 0x3f));
      s += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
      s += static_cast<char>(0x80 | (cp & 0x3f));
    }
  }
  bool hex4(std::uint32_t& cp) {
    if (pos_ + 4 > text_.size()) return fail("a \\u escape cut short");
    cp = 0;
    for (int i = 0; i < 4; ++i) {
      const char h = text_[pos_++];
      cp <<= 4;
      if (h >= '0' && h <= '9') cp |= static_cast<std::uint32_t>(h - '0');
      else if (h >= 'a' && h <= 'f') cp |= static_cast<std::uint32_t>(h - 'a' + 10);
      else if (h >= 'A' && h <= 'F') cp |= static_cast<std::uint32_t>(h - 'A' + 10);
      else return fail("a \\u escape with a non-hex digit");
    }
    return true;
  }
  bool string(std::string& out) {
    ++pos_;  // the opening quote
    while (true) {
      if (pos_ >= text_.size()) return fail("a string without its closing quote");
      const char c = text_[pos_];
      if (c == '"') {
        ++pos_;
        return true;
      }
      if (static_cast<unsigned char>(c) < 0x20) return fail("a control character inside a string");
      if (c != '\\') {
        out += c;
        ++pos_;
        continue;
      }
      ++pos_;
      if (pos_ >= text_.size()) return fail("a string without its closing quote");
      const char e = text_[pos_++];
      switch (e) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          std::uint32_t cp = 0;
          if (!hex4(cp)) return false;
          if (cp >= 0xd800 && cp < 0xdc00 && text_.substr(pos_, 2) == "\\u") {
            pos_ += 2;
            std::uint32_t low = 0;
            if (!hex4(low)) return false;
            if (low >= 0xdc00 && low < 0xe000) cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
          }
          append_utf8(out, cp);
          break;
        }
        default: --pos_; return fail("an unknown escape in a string");
      }
    }
  }
  bool array(Value& out, int depth) {
    out.type = Value::Type::array;
    ++pos_;
    skip_space();
    if (pos_ < text_.size() && text_[pos_] == ']') {
      ++pos_;
      return true;
    }
    while (true) {
      skip_space();
      out.items.emplace_back();
      if (!value(out.items.back(), depth + 1)) return false;
      skip_space();
      if (pos_ >= text_.size()) return fail("an array without its closing ']'");
      if (text_[pos_] == ',') {
        ++pos_;
        continue;
      }
      if (text_[pos_] == ']') {
        ++pos_;
        return true;
      }
      return fail("expected ',' or ']' in an array");
    }
  }
  bool object(Value& out, int depth) {
    out.type = Value::Type::object;
    ++pos_;
    skip_space();
    if (pos_ < text_.size() && text_[pos_] == '}') {
      ++pos_;
      return true;
    }
    while (true) {
      skip_space();
      if (pos_ >= text_.size() || text_[pos_] != '"') return fail("expected a member name in an object");
      std::string key;
      if (!string(key)) return false;
      skip_space();
      if (pos_ >= text_.size() || text_[pos_] != ':') return fail("expected ':' after a member name");
      ++pos_;
      skip_space();
      out.members.push_back({std::move(key), Value{}});
      if (!value(out.members.back().value, depth + 1)) return false;
      skip_space();
      if (pos_ >= text_.size()) return fail("an object without its closing '}'");
      if (text_[pos_] == ',') {
        ++pos_;
        continue;
      }
      if (text_[pos_] == '}') {
        ++pos_;
        return true;
      }
      return fail("expected ',' or '}' in an object");
    }
  }

  std::string_view text_;
  std::size_t pos_ = 0;
  std::uint32_t base_;
  ParseError& error_;
};

}  // namespace

bool parse(std::string_view text, Value& out, ParseError& error, std::uint32_t base) {
  out = Value{};
  return Parser(text, base, error).document(out);
}

}  // namespace mjk::records::json
