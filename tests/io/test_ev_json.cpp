// JSON lines with an "ev" object (EV.md): analyse() runs the expected-value
// search and the writer adds EV.md's "ev" answer to the analysis object, so
// every door that answers JSON lines (the C ABI, the bindings, the server,
// the page) answers them too.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "mjk/ev.hpp"
#include "mjk/report.hpp"
#include "mjk/request.hpp"
#include "support/report_json.hpp"

using namespace mjk;
using mjk::test::json_of;

namespace {

ScoreRequest request_of(std::string_view hand) {
  ScoreRequest r;
  r.hand = parse_hand(hand).value.hand;
  return r;
}

}  // namespace

TEST_CASE("ev JSON: the options reach the search, and the answer is the search's") {
  const auto p = analyse(R"({"hand": "123m456p789s5s1222z", "dora": "9m",
                             "ev": {"hand_change": true, "shanten_back": true, "extra": 2, "uradora": false,
                                    "red": false, "turn": 3, "max_vertices": 100000}})");
  REQUIRE(p.ok());
  const ParsedRequest& q = p.value.request;
  CHECK(q.has_ev);
  CHECK(q.ev.hand_change);
  CHECK(q.ev.shanten_back);
  CHECK(q.ev.extra == 2);
  CHECK_FALSE(q.ev.uradora);
  CHECK_FALSE(q.ev.red);
  CHECK(q.ev.turn == 3);
  CHECK(q.ev.max_vertices == 100000);

  ScoreRequest direct = request_of("123m456p789s5s1222z");
  direct.dora[0] = Tile(8);
  direct.dora_count = 1;
  const EvResult e = expected_value(direct, q.ev);
  REQUIRE(e.ok());
  const EvAnswer& a = p.value.ev;
  CHECK(a.vertices == e.value.vertices);
  REQUIRE(a.count == e.value.count);
  for (int i = 0; i < a.count; ++i) {
    const auto& x = a.discards[static_cast<std::size_t>(i)];
    const auto& y = e.value.discards[static_cast<std::size_t>(i)];
    CHECK(x.discard == y.discard);
    CHECK(x.score == y.score);
    CHECK(x.win == y.win);
  }
}

TEST_CASE("ev JSON: EV.md's answer shape after the analysis object") {
  const auto p = analyse(R"({"hand": "123m456p789s1222z", "dora": "9m", "ev": {}})");
  REQUIRE(p.ok());
  const std::string json = json_of(p.value);
  CHECK(json.rfind(R"({"hand":"123m456p789s1222z","tiles":13,"shanten":0,)", 0) == 0);
  CHECK(
      json.find(
          R"("ukeire":3,"ev":{"shanten":0,"vertices":2,"wall":122,"discards":[{"discard":null,"shanten":0,"necessary":[["1z",3]],"tenpai":[1,1,1,)") !=
      std::string::npos);
  CHECK(json.find(R"("win":[0.383)") != std::string::npos);
  CHECK(json.substr(json.size() - 7) == ",0]}]}}");

  // A 14-tile hand: one entry per discard, named ("0s" for a red five).
  const auto q = analyse(R"({"hand": "123m456p789s0s1222z", "ev": {}})");
  REQUIRE(q.ok());
  const std::string j14 = json_of(q.value);
  CHECK(j14.find(R"("advice":)") < j14.find(R"("ev":)"));
  CHECK(j14.find(R"({"discard":"0s","shanten":0,"necessary":[["1z",3]])") != std::string::npos);
  CHECK(j14.find(R"({"discard":"1z","shanten":0,"necessary":[["5s",3]])") != std::string::npos);
  // Without "ev", no search and no "ev" key.
  const auto plain = analyse(R"({"hand": "123m456p789s1222z"})");
  REQUIRE(plain.ok());
  CHECK_FALSE(plain.value.request.has_ev);
  CHECK(json_of(plain.value).find("\"ev\"") == std::string::npos);
}

TEST_CASE("ev JSON: red fives written 0 in visible and dora leave the search's wall") {
  const auto plain = analyse(R"({"hand": "123m456p789s1222z", "visible": "5m", "ev": {}})");
  const auto red = analyse(R"({"hand": "123m456p789s1222z", "visible": "0m", "ev": {}})");
  const auto red_dora = analyse(R"({"hand": "123m456p789s1222z", "dora": "0p", "ev": {}})");
  REQUIRE(plain.ok());
  REQUIRE(red.ok());
  REQUIRE(red_dora.ok());
  CHECK(plain.value.request.red_seen == std::array<std::uint8_t, 3>{0, 0, 0});
  CHECK(red.value.request.red_seen == std::array<std::uint8_t, 3>{1, 0, 0});
  CHECK(red_dora.value.request.red_seen == std::array<std::uint8_t, 3>{0, 1, 0});
  // As the search sees it: EvVisible::red set.
  EvVisible seen;
  seen.counts[4] = 1;
  seen.red[0] = 1;
  const EvResult e = expected_value(request_of("123m456p789s1222z"), {}, seen);
  REQUIRE(e.ok());
  CHECK(red.value.ev.discards[0].score == e.value.discards[0].score);
  // Two red 5m seen: the game has one.
  const auto two = analyse(R"({"hand": "123m456p789s1222z", "visible": "0m", "dora": "0m", "ev": {}})");
  REQUIRE_FALSE(two.ok());
  CHECK(two.error.code == Error::impossible_wall);
}

TEST_CASE("ev JSON: bad ev requests are errors naming what is wrong") {
  const auto error_of = [](std::string_view line) { return analyse(line).error; };
  CHECK(error_of(R"({"hand": "123m456p789s11222z", "ev": {}})").code == Error::complete_hand);
  CHECK(error_of(R"({"hand": "123m456p789s1222z", "ev": {"extra": 4}})").code == Error::extra_out_of_range);
  CHECK(error_of(R"({"hand": "123m456p789s1222z", "ev": {"turn": 18}})").code == Error::turn_out_of_range);
  CHECK(error_of(R"({"hand": "12359m2468p1357s2z", "ev": {"max_vertices": 10, "hand_change": true}})").code ==
        Error::too_many_vertices);
  const HandError unknown = error_of(R"({"hand": "123m456p789s1222z", "ev": {"bogus": 1}})");
  CHECK(unknown.code == Error::bad_request);
  CHECK(unknown.message().find("unknown ev option") != std::string::npos);
  const HandError twice = error_of(R"({"hand": "123m456p789s1222z", "ev": {"extra": 1, "extra": 2}})");
  CHECK(twice.message().find("given twice") != std::string::npos);
  CHECK(error_of(R"({"hand": "123m456p789s1222z", "ev": {"red": 1}})").message().find("red must be true or false") !=
        std::string::npos);
  CHECK(error_of(R"({"hand": "123m456p789s1222z", "ev": {"extra": 1.5}})").message().find("extra must be") !=
        std::string::npos);
  CHECK(error_of(R"({"hand": "123m456p789s1222z", "ev": []})").message().find("ev must be an object") !=
        std::string::npos);
  CHECK(error_of(R"({"hand": "123m456p789s1222z", "win": "1z", "ev": {}})").message().find("no win") !=
        std::string::npos);
  // A 14-tile hand with a win: the win is what is wrong, not the count.
  CHECK(error_of(R"({"hand": "123m456p789s5s1222z", "ev": {}, "win": "1z"})").message().find("no win") !=
        std::string::npos);
}

TEST_CASE("ev JSON: max_vertices is a count 1 to 2^64 - 1, the library's default when absent") {
  const auto budget_of = [](std::string_view line) { return parse_request(line).value.ev.max_vertices; };
  CHECK(budget_of(R"({"hand": "123m456p789s1222z", "ev": {}})") == ev_default_max_vertices);
  CHECK(budget_of(R"({"hand": "123m456p789s1222z", "ev": {"max_vertices": null}})") == ev_default_max_vertices);
  CHECK(budget_of(R"({"hand": "123m456p789s1222z", "ev": {"max_vertices": 18446744073709551615}})") == UINT64_MAX);
  CHECK(budget_of(R"({"hand": "123m456p789s1222z", "ev": {"max_vertices": 9007199254740993}})") ==
        9007199254740993u);  // exact past 2^53 and past the reader's 10^15
  // No count meaning "no limit": 0, past 2^64 - 1, negative or fractional are errors naming the field.
  for (const char* bad : {"0", "-0", "-1", "18446744073709551616", "100000000000000000000000", "1.5", "1e6", "true"}) {
    const std::string line = std::string(R"({"hand": "123m456p789s1222z", "ev": {"max_vertices": )") + bad + "}}";
    const HandError e = analyse(line).error;
    CAPTURE(line);
    CHECK(e.code == Error::bad_request);
    CHECK(e.message().find("max_vertices must be a count of vertices, 1 to 18446744073709551615") != std::string::npos);
  }
}
