// analyse() and the JSON writer every front end prints with.
#include <doctest/doctest.h>

#include <string>

#include "mjk/ref.hpp"
#include "mjk/report.hpp"
#include "support/deal.hpp"

using namespace mjk;

namespace {

std::string json_of(std::string_view line, const Options& options = {}) {
  const auto r = analyse(line, options);
  char buf[8192];
  JsonWriter json(buf);
  if (r.ok()) write_json(r.value, json);
  else write_json_error(line, r.error.message(), json);
  REQUIRE(json.size() <= sizeof buf);
  return std::string(buf, json.size());
}

}  // namespace

TEST_CASE("JSON strings stay valid UTF-8") {
  char buf[128];
  JsonWriter json(buf);
  json.string("a\"b\\c\n\x01 \xe6\x9d\xb1 \xff \xc0\xaf \xed\xa0\x80 \xf0\x9f\x80\x84");
  CHECK(std::string(buf, json.size()) ==
        "\"a\\\"b\\\\c\\u000a\\u0001 \xe6\x9d\xb1 \\ufffd \\ufffd\\ufffd \\ufffd\\ufffd\\ufffd \xf0\x9f\x80\x84\"");
}

TEST_CASE("JsonWriter counts what it needs and never writes past its storage") {
  char small[8] = "xxxxxxx";
  JsonWriter json(std::span<char>(small, 4));
  json.begin_object().key("hand").string("123m").end_object();
  CHECK(json.size() == std::string("{\"hand\":\"123m\"}").size());
  CHECK(std::string(small, 4) == "{\"ha");
  CHECK(std::string(small + 4, 3) == "xxx");
  char buf[64];
  JsonWriter nested(buf);
  nested.begin_object().key("a").begin_array().number(1).number(-2).begin_object().end_object().end_array();
  nested.key("b").null().key("c").boolean(false).end_object();
  CHECK(std::string(buf, nested.size()) == "{\"a\":[1,-2,{}],\"b\":null,\"c\":false}");
}

TEST_CASE("JsonWriter into short storage writes a prefix of the whole output, at every length") {
  const auto write = [](JsonWriter& json) {
    json.begin_object().key("hand").string("a\"b\n\xe6\x9d\xb1\xff").key("n").number(-1234567);
    json.key("tiles")
        .tiles(TileMask((std::uint64_t{1} << 0) | (std::uint64_t{1} << 9) | (std::uint64_t{1} << 33)))
        .end_object();
  };
  char whole[128];
  JsonWriter full(whole);
  write(full);
  REQUIRE(full.size() < sizeof whole);
  const std::string expected(whole, full.size());
  CHECK(expected == "{\"hand\":\"a\\\"b\\u000a\xe6\x9d\xb1\\ufffd\",\"n\":-1234567,\"tiles\":[\"1m\",\"1p\",\"7z\"]}");
  for (std::size_t n = 0; n <= expected.size(); ++n) {
    std::string buf(expected.size() + 1, '#');
    JsonWriter json(std::span<char>(buf.data(), n));
    write(json);
    CHECK(json.size() == expected.size());
    CHECK(buf.substr(0, n) == expected.substr(0, n));
    CHECK(buf.substr(n) == std::string(expected.size() + 1 - n, '#'));
  }
}

TEST_CASE("the tenpai discards read off the advice equal tenpai_discards, kernel and reference" *
          doctest::test_suite("exhaustive")) {
  // analyse() fills Report::discards from the advice; this is the identity it relies on.
  deal::Rng rng(18);
  std::uniform_int_distribution<int> melds(0, 4), kind(0, kind_count - 1), kinds_of(0, 3);
  int tenpai_ones = 0;
  for (int i = 0; i < 20000; ++i) {
    Hand h;
    switch (i % 4) {
      case 0: h = deal::from_wall(rng, 14); break;
      case 1: h = deal::complete(rng, melds(rng)); break;
      case 2: h = deal::single_suit(rng, kinds_of(rng), 14); break;
      default:  // a complete hand with one tile swapped: often tenpai after several discards
        h = deal::complete(rng, melds(rng));
        deal::remove_random(rng, h);
        for (Tile t(kind(rng));; t = Tile((t.kind() + 1) % kind_count))
          if (h.count(t) < 4) {
            h.add(t);
            break;
          }
    }
    for (const Players players : {Players::four, Players::three}) {
      const auto a = advice(h, {players});
      const auto d = tenpai_discards(h, {players});
      REQUIRE(a.ok() == d.ok());
      if (!a.ok()) continue;  // 2m-8m with three players
      INFO(to_mpsz(h), " players ", static_cast<int>(players));
      CHECK(tenpai_discards_of(a.value) == d.value);
      CHECK(tenpai_discards_of(ref::advice(h, players)) == ref::tenpai_discards(h));
      tenpai_ones += !d.value.discards.empty();
    }
  }
  CHECK(tenpai_ones > 5000);  // the identity was tried on many hands with tenpai discards
}

TEST_CASE("analyse answers every question a hand's count allows, with the kernel") {
  CHECK(json_of("1112345678999m") ==
        "{\"hand\":\"1112345678999m\",\"tiles\":13,\"shanten\":0,\"shanten_standard\":0,\"shanten_chiitoi\":4,"
        "\"shanten_kokushi\":10,\"waits\":[\"1m\",\"2m\",\"3m\",\"4m\",\"5m\",\"6m\",\"7m\",\"8m\",\"9m\"],"
        "\"necessary\":[\"1m\",\"2m\",\"3m\",\"4m\",\"5m\",\"6m\",\"7m\",\"8m\",\"9m\"],\"ukeire\":23}");
  CHECK(json_of("55z") ==
        "{\"hand\":\"55z\",\"tiles\":2,\"shanten\":-1,\"shanten_standard\":-1,\"shanten_chiitoi\":null,"
        "\"shanten_kokushi\":null,\"agari\":true,\"discards\":{\"5z\":[\"5z\"]},\"advice\":[{\"discard\":\"5z\","
        "\"shanten\":0,\"necessary\":[\"5z\"],\"ukeire\":2}],\"decompositions\":[{\"form\":\"standard\",\"blocks\":"
        "[\"55z\"],\"win\":null,\"wait\":null}]}");
  CHECK(json_of("1m 0m").starts_with("{\"hand\":\"1m 0m\","));
  CHECK(json_of("123m") ==
        "{\"hand\":\"123m\",\"error\":\"3 tiles do not fit the question (waits need 1, 4, 7, 10 or "
        "13 tiles; agari, discards and decompositions need 2, 5, 8, 11 or 14)\"}");
  CHECK(json_of("2m", {Players::three}) ==
        "{\"hand\":\"2m\",\"error\":\"2m does not exist with three players (2m-8m are removed)\"}");
  const std::uint8_t visible[34] = {4};
  CHECK(json_of("1m", {Players::four, visible}) ==
        "{\"hand\":\"1m\",\"error\":\"more than four copies of 1m in the hand and the visible tiles\"}");
}
