// Analysis fuzzer: arbitrary bytes to mjk_analyse_json_n, the one public
// entry point of the request path the server and the bindings feed with
// untrusted text (the C++ analyse() behind it included). The input is the
// request itself, untouched, so the seeds are plain requests; it is asked
// twice: four players and nothing visible, three players with a row of
// visible tiles. None may crash; every answer must be one valid UTF-8 JSON
// object, the same from the size query, an exact buffer and one byte short;
// and it must agree with parse_hand (check_agrees_with_parser), as must
// mjk_parse_message, the sentence the bindings' parse() reports. A failure
// prints what went wrong and aborts.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "mjk.h"
#include "mjk/hand.hpp"
#include "mjk/notation.hpp"
#include "mjk/report.hpp"
#include "mjk/request.hpp"

namespace {

using namespace mjk;

[[noreturn]] void fail(std::string_view input, const std::string& detail) {
  std::string shown;
  for (const unsigned char c : input)
    shown += c >= 0x20 && c < 0x7f ? std::string(1, static_cast<char>(c)) : "\\x" + std::to_string(c);
  std::fprintf(stderr, "FAILURE on input \"%s\": %s\n", shown.c_str(), detail.c_str());
  std::abort();
}

// A strict JSON (RFC 8259) recogniser: one value, no trailing bytes, valid
// UTF-8, no unpaired surrogate escapes. The top-level object's string members
// are kept, decoded, for the checks below.
class Json {
 public:
  explicit Json(std::string_view s) : s_(s) {}
  // Empty if valid, else what is wrong and where.
  std::string check() {
    space();
    if (peek() != '{') return "not an object at " + std::to_string(i_);
    if (!value(0)) return why_ + " at byte " + std::to_string(i_);
    space();
    if (i_ != s_.size()) return "bytes after the value at " + std::to_string(i_);
    return {};
  }
  std::map<std::string, std::string> strings;  // top-level "key": "string" members
  std::map<std::string, bool> keys;            // every top-level key

 private:
  char peek() const { return i_ < s_.size() ? s_[i_] : '\0'; }
  bool error(const char* why) {
    why_ = why;
    return false;
  }
  void space() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r')) ++i_;
  }
  bool literal(std::string_view word) {
    if (s_.substr(i_, word.size()) != word) return error("bad literal");
    i_ += word.size();
    return true;
  }
  bool value(int depth) {
    if (depth > 64) return error("nested too deeply");
    space();
    switch (peek()) {
      case '{': return object(depth);
      case '[': return array(depth);
      case '"': return string(nullptr);
      case 't': return literal("true");
      case 'f': return literal("false");
      case 'n': return literal("null");
      default: return number();
    }
  }
  bool object(int depth) {
    ++i_;
    space();
    if (peek() == '}') return ++i_, true;
    for (;;) {
      space();
      std::string k, v;
      if (peek() != '"' || !string(&k)) return error("expected a key");
      space();
      if (peek() != ':') return error("expected ':'");
      ++i_;
      space();
      const bool is_string = peek() == '"';
      if (!(is_string ? string(&v) : value(depth + 1))) return false;
      if (depth == 0) {
        if (keys.count(k)) return error("a key twice");
        keys[k] = true;
        if (is_string) strings[k] = v;
      }
      space();
      if (peek() == '}') return ++i_, true;
      if (peek() != ',') return error("expected ',' or '}'");
      ++i_;
    }
  }
  bool array(int depth) {
    ++i_;
    space();
    if (peek() == ']') return ++i_, true;
    for (;;) {
      if (!value(depth + 1)) return false;
      space();
      if (peek() == ']') return ++i_, true;
      if (peek() != ',') return error("expected ',' or ']'");
      ++i_;
    }
  }
  bool number() {
    const std::size_t start = i_;
    const auto digits = [&] {
      const std::size_t from = i_;
      while (peek() >= '0' && peek() <= '9') ++i_;
      return i_ > from;
    };
    if (peek() == '-') ++i_;
    if (peek() == '0') ++i_;
    else if (!digits()) return error("bad number");
    if (peek() == '.' && (++i_, !digits())) return error("bad fraction");
    if (peek() == 'e' || peek() == 'E') {
      ++i_;
      if (peek() == '+' || peek() == '-') ++i_;
      if (!digits()) return error("bad exponent");
    }
    return i_ > start;
  }
  unsigned hex4() {
    unsigned v = 0;
    for (int k = 0; k < 4; ++k, ++i_) {
      const char c = peek();
      const int d = c >= '0' && c <= '9'   ? c - '0'
                    : c >= 'a' && c <= 'f' ? c - 'a' + 10
                    : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                           : -1;
      if (d < 0) return 0x110000;  // not a code point: the caller reports it
      v = v * 16 + static_cast<unsigned>(d);
    }
    return v;
  }
  static void put_utf8(std::string* out, unsigned cp) {
    if (!out) return;
    if (cp < 0x80) *out += static_cast<char>(cp);
    else if (cp < 0x800) *out += {static_cast<char>(0xc0 | cp >> 6), static_cast<char>(0x80 | (cp & 0x3f))};
    else if (cp < 0x10000)
      *out += {static_cast<char>(0xe0 | cp >> 12), static_cast<char>(0x80 | (cp >> 6 & 0x3f)),
               static_cast<char>(0x80 | (cp & 0x3f))};
    else
      *out += {static_cast<char>(0xf0 | cp >> 18), static_cast<char>(0x80 | (cp >> 12 & 0x3f)),
               static_cast<char>(0x80 | (cp >> 6 & 0x3f)), static_cast<char>(0x80 | (cp & 0x3f))};
  }
  // A string at i_ ('"'), decoded into *out when out is not null.
  bool string(std::string* out) {
    ++i_;
    for (;;) {
      if (i_ >= s_.size()) return error("unterminated string");
      const auto c = static_cast<unsigned char>(s_[i_]);
      if (c == '"') return ++i_, true;
      if (c < 0x20) return error("a control character in a string");
      if (c == '\\') {
        ++i_;
        const char e = peek();
        ++i_;
        const std::string_view simple = "\"\\/bfnrt", meaning = "\"\\/\b\f\n\r\t";
        if (const auto k = simple.find(e); e != '\0' && k != std::string_view::npos) {
          if (out) *out += meaning[k];
          continue;
        }
        if (e != 'u') return error("bad escape");
        unsigned cp = hex4();
        if (cp > 0xffff) return error("bad \\u escape");
        if (cp >= 0xdc00 && cp <= 0xdfff) return error("a lone low surrogate escape");
        if (cp >= 0xd800 && cp <= 0xdbff) {
          if (s_.substr(i_, 2) != "\\u") return error("a lone high surrogate escape");
          i_ += 2;
          const unsigned lo = hex4();
          if (lo < 0xdc00 || lo > 0xdfff) return error("a high surrogate escape without its low half");
          cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
        }
        put_utf8(out, cp);
        continue;
      }
      // Raw bytes: one valid UTF-8 sequence (no overlongs, surrogates or beyond U+10FFFF).
      std::size_t n = 1;
      unsigned lo = 0x80, hi = 0xbf;
      if (c >= 0x80) {
        if (c >= 0xc2 && c <= 0xdf) n = 2;
        else if (c >= 0xe0 && c <= 0xef) n = 3, lo = c == 0xe0 ? 0xa0 : 0x80, hi = c == 0xed ? 0x9f : 0xbf;
        else if (c >= 0xf0 && c <= 0xf4) n = 4, lo = c == 0xf0 ? 0x90 : 0x80, hi = c == 0xf4 ? 0x8f : 0xbf;
        else return error("not UTF-8");
        if (i_ + n > s_.size()) return error("truncated UTF-8");
        for (std::size_t k = 1; k < n; ++k) {
          const auto b = static_cast<unsigned char>(s_[i_ + k]);
          if (b < (k == 1 ? lo : 0x80) || b > (k == 1 ? hi : 0xbf)) return error("not UTF-8");
        }
      }
      if (out) out->append(s_.substr(i_, n));
      i_ += n;
    }
  }

  std::string_view s_;
  std::size_t i_ = 0;
  std::string why_;
};

std::string sentence(const HandError& e) {
  char buf[HandError::max_message];
  return {buf, e.write(buf)};
}

// The error analyse must report for text that parses, from validate() and
// the visible tiles alone: none, or the rules' (a count of 3k, a tile three
// players lack held or visible, more than four of a kind with the visible ones).
HandError rules_error(const Hand& hand, int players, const std::uint8_t* visible) {
  if (const auto e = validate(hand, Question::shanten, players == 3 ? Players::three : Players::four)) return e;
  for (int k = 1; k <= 7 && visible && players == 3; ++k)
    if (visible[k] > 0) return {Error::not_in_rules, HandError::nowhere, Tile(k), 0};
  if (visible)
    for (int k = 0; k < kind_count; ++k)
      if (hand.count(Tile(k)) + visible[k] > 4) return {Error::visible_over_four, 0, Tile(k), hand.tiles};
  return {};
}

// The answer agrees with parse_hand: text it rejects is answered with the
// {"hand", "error"} object carrying its sentence; text it accepts, with the
// analysis of that hand (its canonical echo, tile count and the members of
// its question), or with the rules' error. Request lines have their own
// oracle, check_request_answer.
void check_agrees_with_parser(std::string_view text, int players, const std::uint8_t* visible, Json& json) {
  const auto parsed = parse_hand(text);
  const bool ascii = std::all_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
  char message[MJK_MAX_MESSAGE];  // the C ABI's sentence for a parse error: the same
  if (mjk_parse_message(text.data(), text.size(), message, sizeof message) != static_cast<int>(parsed.error.code) ||
      message != (parsed.ok() ? std::string() : sentence(parsed.error)))
    fail(text, std::string("mjk_parse_message says \"") + message + "\"");
  HandError expected = parsed.error;
  if (parsed.ok()) expected = rules_error(parsed.value.hand, players, visible);
  if (expected) {
    if (!json.strings.count("error") || json.keys.size() != 2 || !json.strings.count("hand"))
      fail(text, "expected an {\"hand\", \"error\"} object for: " + sentence(expected));
    if (json.strings["error"] != sentence(expected))
      fail(text, "error \"" + json.strings["error"] + "\", parse_hand and validate say \"" + sentence(expected) + "\"");
    if (ascii && json.strings["hand"] != text) fail(text, "the error object does not echo the text");
    return;
  }
  if (json.keys.count("error")) fail(text, "an error object (" + json.strings["error"] + ") for a hand that parses");
  char echo[64];
  const std::size_t echo_size = write_hand(parsed.value, echo);
  if (echo_size > sizeof echo || json.strings["hand"] != std::string_view(echo, echo_size))
    fail(text, "hand echoed as \"" + json.strings["hand"] + "\"");
  const bool complete = parsed.value.hand.tiles % 3 == 2;
  for (const char* key : {"tiles", "shanten", complete ? "agari" : "waits", complete ? "advice" : "ukeire"})
    if (!json.keys.count(key)) fail(text, std::string("no \"") + key + "\" in the analysis");
}

// A request line (a JSON object, or text with meld words): what
// parse_request and check_request reject is answered with their sentence;
// what they accept, with the analysis echoing the request's notation (and
// a "score" when it names a winning tile), or with a later check's error.
// majiang-core's string with its calls after commas ("m123p456,z333=") is
// a request too: parse_hand reads its concealed tiles and drops the calls.
bool is_request(std::string_view text) {
  const std::size_t i = text.find_first_not_of(" \t\r\n");
  if ((i != std::string_view::npos && text[i] == '{') || text.find(':') != std::string_view::npos) return true;
  const auto written = parse_notation(text);
  return written.ok() && written.value.meld_count > 0;
}
void check_request_answer(std::string_view text, int players, const std::uint8_t* visible, Json& json) {
  ScoreRequest defaults;
  defaults.players = players == 3 ? Players::three : Players::four;
  const auto parsed = parse_request(text, defaults);
  HandError expected = parsed.error;
  if (!expected) {  // checked with the caller's visible tiles as its default, as analyse checks it
    ParsedRequest seen = parsed.value;
    if (!seen.any_visible && visible) {
      std::copy(visible, visible + kind_count, seen.visible.begin());
      seen.any_visible = true;
    }
    expected = check_request(seen);
  }
  if (expected) {
    if (!json.strings.count("error") || json.strings["error"] != sentence(expected))
      fail(text, "error \"" + json.strings["error"] + "\", parse_request and check_request say \"" +
                     sentence(expected) + "\"");
    return;
  }
  if (json.keys.count("error")) return;  // the rules' or the visible tiles' error, after the request's checks
  char echo[max_request_text];
  const std::size_t echo_size = write_request_text(parsed.value, echo);
  if (echo_size > sizeof echo || json.strings["hand"] != std::string_view(echo, echo_size))
    fail(text, "request echoed as \"" + json.strings["hand"] + "\"");
  if (parsed.value.scored() != (json.keys.count("score") == 1)) fail(text, "\"score\" present iff scored");
  const auto back = parse_request(std::string_view(echo, echo_size), parsed.value.request);
  if (!back.ok() || !(back.value.request.hand == parsed.value.request.hand) ||
      back.value.request.melds != parsed.value.request.melds ||
      back.value.request.meld_count != parsed.value.request.meld_count)
    fail(text, "the echoed notation does not parse back to the request");
}

void check(std::string_view text, int players, const std::uint8_t* visible) {
  std::size_t needed = 0;
  if (const int e = mjk_analyse_json_n(text.data(), text.size(), players, visible, nullptr, 0, &needed);
      e != MJK_ERR_OUTPUT_TOO_SMALL || needed < 3)
    fail(text, "size query: code " + std::to_string(e) + ", needed " + std::to_string(needed));
  std::vector<char> buf(needed);
  std::size_t again = 0;
  if (const int e = mjk_analyse_json_n(text.data(), text.size(), players, visible, buf.data(), needed - 1, &again);
      e != MJK_ERR_OUTPUT_TOO_SMALL || again != needed)
    fail(text, "one byte short: code " + std::to_string(e));
  if (const int e = mjk_analyse_json_n(text.data(), text.size(), players, visible, buf.data(), needed, &again);
      e != MJK_OK || again != needed || buf[needed - 1] != '\0')
    fail(text, "exact buffer: code " + std::to_string(e) + ", needed " + std::to_string(again));
  const std::string_view line(buf.data(), needed - 1);
  if (line.find('\0') != std::string_view::npos) fail(text, "a NUL inside the line");
  Json json(line);
  if (const std::string why = json.check(); !why.empty())
    fail(text, "invalid JSON (" + why + "): " + std::string(line));
  if (is_request(text)) check_request_answer(text, players, visible, json);
  else check_agrees_with_parser(text, players, visible, json);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  check(text, 4, nullptr);
  // One copy of every even kind three players have seen (2m-8m seen are
  // an error, as held): hands holding four of one are rejected.
  static const std::array<std::uint8_t, kind_count> visible = [] {
    std::array<std::uint8_t, kind_count> v{};
    for (std::size_t k = 0; k < v.size(); k += 2) v[k] = k < 1 || k > 7;
    return v;
  }();
  check(text, 3, visible.data());
  return 0;
}
