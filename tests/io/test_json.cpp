// mjk/json.hpp beyond the answers' writer (test_report.cpp): json::parse,
// the tree the records' readers read (offsets, words and places of its
// errors, the nesting limit, strings as bytes), json::spaced,
// json_string and JsonWriter::shortest against std::to_chars.
#include <doctest/doctest.h>

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <random>
#include <string>
#include <string_view>
#include <version>

#include "mjk/json.hpp"

using namespace mjk;

namespace {

// "offset: what" of a text that does not parse, "ok" of one that does.
std::string error_of(std::string_view text, std::uint32_t base = 0) {
  json::Value v;
  json::ParseError e;
  if (json::parse(text, v, e, base)) return "ok";
  return std::to_string(e.offset) + ": " + e.what;
}

}  // namespace

TEST_CASE("json::parse: the tree, each value with the byte offset it starts at") {
  const std::string_view text = R"( {"a": [1, -2.5e1, true, null], "b": {"c": "x\u00e9\ud83d\ude00"}, "a": 0} )";
  json::Value v;
  json::ParseError e;
  REQUIRE(json::parse(text, v, e, 100));
  REQUIRE(v.type == json::Type::object);
  CHECK(v.offset == 101);
  REQUIRE(v.members.size() == 3);
  const json::Value* a = v.find("a");  // the first of two
  REQUIRE(a);
  REQUIRE(a->type == json::Type::array);
  REQUIRE(a->items.size() == 4);
  CHECK(a->offset == 100 + text.find('['));
  CHECK(a->items[0].is_int());
  CHECK(a->items[0].as_int() == 1);
  CHECK(a->items[1].number == -25.0);
  CHECK(a->items[1].is_int());  // a number whose value is whole, however written
  CHECK(a->items[1].offset == 100 + text.find("-2.5"));
  CHECK(a->items[2].type == json::Type::boolean);
  CHECK(a->items[2].boolean);
  CHECK(a->items[3].type == json::Type::null);
  const json::Value* c = v.find("b")->find("c");
  REQUIRE(c);
  CHECK(c->string == "x\xc3\xa9\xf0\x9f\x98\x80");
  CHECK(c->offset == 100 + text.find("\"x"));
  CHECK(v.find("d") == nullptr);
  CHECK(v.members[2].value.as_int() == 0);
}

TEST_CASE("json::parse: numbers read as strtod reads them") {
  json::Value v;
  json::ParseError e;
  REQUIRE(json::parse("[-0, 0, 999999999999999, 1000000000000000, -123456789012345678, 0.1, 2e-3, 1E2]", v, e));
  REQUIRE(v.items.size() == 8);
  CHECK(std::signbit(v.items[0].number));
  CHECK(v.items[0].is_int());
  CHECK(!std::signbit(v.items[1].number));
  CHECK(v.items[2].number == 999999999999999.0);
  CHECK(v.items[2].is_int());
  CHECK(v.items[3].number == 1e15);
  CHECK(!v.items[3].is_int());  // past is_int's range
  CHECK(v.items[4].number == -123456789012345678.0);
  CHECK(v.items[5].number == 0.1);
  CHECK(v.items[6].number == 2e-3);
  CHECK(v.items[7].number == 100.0);
  CHECK(v.items[7].is_int());
}

TEST_CASE("json::parse: what is wrong, and where") {
  CHECK(error_of("") == "0: unexpected end of the JSON text");
  CHECK(error_of("[1,") == "3: unexpected end of the JSON text");
  CHECK(error_of("[1 2]") == "3: expected ',' or ']' in an array");
  CHECK(error_of("[1") == "2: an array without its closing ']'");
  CHECK(error_of("{\"a\" 1}") == "5: expected ':' after a member name");
  CHECK(error_of("{1: 2}") == "1: expected a member name in an object");
  CHECK(error_of("{\"a\": 1 \"b\"}") == "8: expected ',' or '}' in an object");
  CHECK(error_of("{\"a\": 1") == "7: an object without its closing '}'");
  CHECK(error_of("[1] x") == "4: unexpected text after the JSON value");
  CHECK(error_of("[x]") == "1: unexpected character 'x'");
  CHECK(error_of("[\x01]") == "1: unexpected character '?'");
  CHECK(error_of("[tru]") == "1: expected a JSON value");
  CHECK(error_of("\"ab") == "3: a string without its closing quote");
  CHECK(error_of("\"ab\\") == "4: a string without its closing quote");
  CHECK(error_of("\"a\x01\"") == "2: a control character inside a string");
  CHECK(error_of("\"a\\x\"") == "3: an unknown escape in a string");
  CHECK(error_of("\"\\u12\"") == "3: a \\u escape cut short");
  CHECK(error_of("\"\\u12g4\"") == "6: a \\u escape with a non-hex digit");
  CHECK(error_of("-") == "1: a number without digits");
  CHECK(error_of("1.") == "2: a number without digits after '.'");
  CHECK(error_of("1e+") == "3: a number without an exponent");
  CHECK(error_of("012") == "1: unexpected text after the JSON value");  // JSON has no leading zeros
  CHECK(error_of("[1,\n x]", 1000) == "1005: unexpected character 'x'");
}

TEST_CASE("json::parse: nesting stops at max_depth, so hostile input cannot exhaust the stack") {
  const auto nested = [](int depth) {
    return std::string(static_cast<std::size_t>(depth), '[') + std::string(static_cast<std::size_t>(depth), ']');
  };
  CHECK(error_of(nested(json::max_depth + 1)) == "ok");
  CHECK(error_of(nested(json::max_depth + 2)) == std::to_string(json::max_depth + 1) + ": JSON nested too deeply");
  CHECK(error_of(nested(100000)) == std::to_string(json::max_depth + 1) + ": JSON nested too deeply");
}

TEST_CASE("json::parse: a string holds any bytes but control characters; a lone surrogate escape is its bytes") {
  json::Value v;
  json::ParseError e;
  REQUIRE(json::parse("[\"\xff\xc3 \\udc00 \\ud800\\u0041 \\ud800\"]", v, e));
  CHECK(v.items[0].string ==
        "\xff\xc3 \xed\xb0\x80 \xed\xa0\x80"
        "A \xed\xa0\x80");
  // Written back, each byte that is not UTF-8 is U+FFFD.
  CHECK(json_string([&](JsonWriter& j) { j.string(v.items[0].string); }) ==
        "\"\\ufffd\\ufffd \\ufffd\\ufffd\\ufffd \\ufffd\\ufffd\\ufffdA \\ufffd\\ufffd\\ufffd\"");
}

TEST_CASE("json::spaced: a space after each ',' and ':' outside strings") {
  const std::string compact = json_string([](JsonWriter& j) {
    j.begin_object().key("a").begin_array().number(1LL).number(2LL).end_array();
    j.key("b, \"c\": d\\").string("e,f:g").key("h").begin_object().end_object().key("i").begin_array().end_array();
    j.key("n").significant(2.0 / 3.0, 6).key("m").significant(1e20, 6).end_object();
  });
  CHECK(compact == R"({"a":[1,2],"b, \"c\": d\\":"e,f:g","h":{},"i":[],"n":0.666667,"m":1e+20})");
  CHECK(json::spaced(compact) ==
        R"({"a": [1, 2], "b, \"c\": d\\": "e,f:g", "h": {}, "i": [], "n": 0.666667, "m": 1e+20})");
  CHECK(json::spaced("") == "");
}

// The spacing as first written, a byte at a time: json::spaced copies a
// string's bytes eight at a time, and must stop at a '"' or '\\' anywhere in the eight.
namespace {
std::string spaced_bytewise(std::string_view compact) {
  std::string out;
  bool in_string = false;
  for (std::size_t i = 0; i < compact.size(); ++i) {
    const char c = compact[i];
    out += c;
    if (in_string) {
      if (c == '\\' && i + 1 < compact.size()) out += compact[++i];
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == ',' || c == ':') {
      out += ' ';
    }
  }
  return out;
}
}  // namespace

TEST_CASE("json::spaced: a '\"' or '\\' at every place of a string, long strings, bytes above 0x7f") {
  for (std::size_t at = 0; at < 20; ++at)
    for (const char special : {'"', '\\', ',', ':', '\n'}) {
      std::string s(20, 'x');
      s[at] = special;
      const std::string compact = json_string([&](JsonWriter& j) {
        j.begin_object().key(s).string(s + "\xe6\x9d\xb1,:" + s).key("n").begin_array().number(1LL).string(s);
        j.end_array().end_object();
      });
      CHECK(json::spaced(compact) == spaced_bytewise(compact));
      for (std::size_t cut = 0; cut <= compact.size(); ++cut) {  // every prefix: strings ending anywhere
        const std::string_view part(compact.data(), cut);
        REQUIRE(json::spaced(part) == spaced_bytewise(part));
      }
    }
  const std::string long_text(100000, ',');  // grows past its first guess: a space after each
  CHECK(json::spaced(long_text) == spaced_bytewise(long_text));
}

#if defined(__cpp_lib_to_chars)
// shortest() writes the doubles of a range by its own Schubfach (json.cpp)
// and the rest by std::to_chars: the same text for every double, in a
// writer with room and in one counting past its end. (A scratch run of the
// same comparison over 320 million doubles, every exponent and the "ev"
// answers' own values, found no difference.)
TEST_CASE("JsonWriter::shortest: std::to_chars's text for every double") {
  long compared = 0;
  const auto same = [&compared](double x) {
    char expected[64];
    const auto end = std::to_chars(expected, expected + sizeof expected, x).ptr;
    const std::string_view want(expected, static_cast<std::size_t>(end - expected));
    char roomy[64], tight[8];
    JsonWriter a{std::span<char>(roomy)}, b{std::span<char>(tight)};
    a.shortest(x);
    b.shortest(x);
    ++compared;
    if (std::string_view(roomy, a.size()) == want && b.size() == want.size() &&
        std::string_view(tight, std::min(b.size(), sizeof tight)) == want.substr(0, sizeof tight))
      return;
    FAIL_CHECK(std::bit_cast<std::uint64_t>(x) << ": " << std::string_view(roomy, std::min(a.size(), sizeof roomy))
                                               << " where to_chars writes " << want);
  };
  std::mt19937_64 rng(20261202);
  for (int i = 0; i < 200000; ++i) same(std::bit_cast<double>(rng()));  // every exponent
  for (std::uint64_t e = 955; e <= 1080; ++e)                           // about the range, 2^-60 to 2^53
    for (int i = 0; i < 2000; ++i) {
      const std::uint64_t fraction = i < 40   ? static_cast<std::uint64_t>(i)  // few bits set, or few unset
                                     : i < 80 ? (std::uint64_t{1} << 52) - 1 - static_cast<std::uint64_t>(i - 40)
                                              : rng() >> 12;
      same(std::bit_cast<double>(e << 52 | fraction | (rng() & 1) << 63));
    }
  std::uniform_real_distribution<double> unit(0, 1);  // probabilities, short decimals, whole numbers
  for (int i = 0; i < 100000; ++i) same(unit(rng));
  for (int i = 0; i < 50000; ++i) {
    char text[40];
    std::snprintf(text, sizeof text, "%.*g", 1 + static_cast<int>(rng() % 17),
                  unit(rng) * std::pow(10.0, static_cast<int>(rng() % 40) - 20));
    same(std::strtod(text, nullptr));
  }
  for (int i = 0; i < 50000; ++i) same(static_cast<double>(rng() >> (rng() % 64)));
  for (int p = -1074; p <= 1023; ++p) {  // powers of two (the nearer neighbour below) and their neighbours
    const double x = std::ldexp(1.0, p);
    for (const double y : {x, std::nextafter(x, 0.0), std::nextafter(x, HUGE_VAL), -x}) same(y);
  }
  for (int p = -325; p <= 308; ++p) {
    const double x = std::pow(10.0, p);
    for (const double y : {x, std::nextafter(x, 0.0), std::nextafter(x, HUGE_VAL)}) same(y);
  }
  for (const double x :
       {0.0, -0.0, 0.5, 1.0, 4180.504548374887, 3.487959756695429e-05, 1e-5, 123456.0, 1e21, 9007199254740991.0,
        9007199254740992.0, std::numeric_limits<double>::denorm_min(), std::numeric_limits<double>::max(),
        std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity()})
    same(x);
  CHECK(compared > 600000);
}
#endif
