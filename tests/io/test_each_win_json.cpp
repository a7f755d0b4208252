// JSON lines with "each_win": true: analyse() scores every winning tile of the
// waiting hand (score_each_win) and the writer adds "each_win", {tile: score
// object}, so every door that answers JSON lines (the CLI, the C ABI, the
// bindings' analyse, the server) answers them too. Each entry must be the
// "score" the same line gets with that tile as its "win".
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "mjk/report.hpp"
#include "mjk/request.hpp"
#include "support/report_json.hpp"

using namespace mjk;
using mjk::test::json_of;

namespace {

// `fields` (a JSON object's members, no braces) with each_win asked: the
// "each_win" object expected from analysing the line once per tile with that
// tile as "win" (its "score", the last key of a scored line's object).
std::string each_win_by_score(const std::string& fields) {
  std::string out = "\"each_win\":{";
  bool first = true;
  for (int k = 0; k < kind_count; ++k) {
    const auto name = tile_name(Tile(k));
    const auto p = analyse("{" + fields + R"(, "win": ")" + name + "\"}");
    if (!p.ok()) continue;  // a fifth copy, 2m-8m with three players: not a winning tile
    const std::string line = json_of(p.value);
    const std::size_t at = line.find("\"score\":");
    REQUIRE(at != std::string::npos);
    const std::string score = line.substr(at + 8, line.size() - 1 - (at + 8));
    if (score == "null") continue;
    out += (first ? "\"" : ",\"") + name + "\":" + score;
    first = false;
  }
  return out + "}";
}

std::string each_win_line(const std::string& fields) {
  const auto p = analyse("{" + fields + R"(, "each_win": true})");
  REQUIRE_MESSAGE(p.ok(), p.error.message());
  CHECK(p.value.request.each_win);
  return json_of(p.value);
}

}  // namespace

TEST_CASE("each_win JSON: every winning tile's entry is the score the line gets with that win") {
  const std::vector<std::string> requests = {
      R"("hand": "123678m345p67s55s", "tsumo": true, "seat": "2z", "riichi": true, "dora": "9p")",
      R"("hand": "678m345p67s55s", "melds": [{"type": "chi", "tiles": "234m"}], "from": "toimen", "honba": 2)",
      R"("hand": "1199m3377p2288s5z", "riichi": 2, "ippatsu": true, "tsumo": true, "dora": "4z1m")",
      R"("hand": "19m19p19s1234567z", "seat": "1z")",
      R"("hand": "1112345678999m", "seat": "3z", "tsumo": true, "rules": {"double_yakuman": false})",
      R"("hand": "11m99m234p567s789s", "players": 3, "seat": "2z", "nuki": 2, "tsumo": true)",
      R"("hand": "111123m567p789s5z", "riichi": true, "ura": "4z", "dora": "2m")",
      R"("hand": "1357m2468p1357s1z")",                                   // not tenpai: "each_win": {}
      R"("hand": "123678m345p67s55s", "dora": "8s", "visible": "888s")",  // every 8s seen: 5s alone
  };
  for (const std::string& fields : requests) {
    INFO(fields);
    const std::string line = each_win_line(fields);
    const std::string want = each_win_by_score(fields);
    CHECK(line.find(want) != std::string::npos);
    CHECK(line.substr(line.size() - want.size() - 1) == want + "}");  // the last key
  }
  // The waits of a plain hand, read back: 5s and 8s.
  const std::string pinfu = each_win_line(R"("hand": "123678m345p67s55s")");
  CHECK(pinfu.find(R"("each_win":{"5s":{"yaku":[{"name":"pinfu")") != std::string::npos);
  CHECK(pinfu.find(R"(,"8s":{"yaku":[{"name":"pinfu")") != std::string::npos);
}

TEST_CASE("each_win JSON: false or absent adds nothing; text lines cannot ask") {
  const auto plain = analyse(R"({"hand": "123678m345p67s55s"})");
  const auto off = analyse(R"({"hand": "123678m345p67s55s", "each_win": false})");
  REQUIRE(plain.ok());
  REQUIRE(off.ok());
  CHECK_FALSE(off.value.request.each_win);
  CHECK(json_of(plain.value) == json_of(off.value));
  CHECK(json_of(plain.value).find("each_win") == std::string::npos);
  CHECK_FALSE(analyse("123678m345p67s55s").value.request.each_win);
}

TEST_CASE("each_win JSON: the request's own error is the line's error") {
  const auto error_of = [](const std::string& line) {
    const auto p = analyse(line);
    REQUIRE_FALSE(p.ok());
    return p.error;
  };
  // A winning tile named: no each_win with it.
  const std::string named = R"({"hand": "123678m345p67s55s", "each_win": true, "win": "8s"})";
  const HandError with_win = error_of(named);
  CHECK(with_win.code == Error::bad_request);
  CHECK(with_win.position == named.find("\"8s\""));
  CHECK(with_win.message().find("an each_win request has no win") != std::string::npos);
  // A complete hand: the count a waiting hand has, in words.
  const HandError complete = error_of(R"({"hand": "123678m345p67s558s", "each_win": true})");
  CHECK(complete.code == Error::wrong_tile_count);
  CHECK(complete.message() ==
        "tile count does not fit the question: each_win scores a waiting hand: 13 tiles less 3 per meld, without the "
        "winning tile");
  // The hand is checked first as any line's: check_request() reports what analyse() reports, a tile
  // three players lack before the count.
  const std::string sanma = R"({"hand": "123678m345p67s558s", "players": 3, "each_win": true})";
  CHECK(error_of(sanma).code == Error::not_in_rules);
  const auto parsed = parse_request(sanma);
  REQUIRE(parsed.ok());
  CHECK(check_request(parsed.value).code == Error::not_in_rules);
  // The context is checked as for a win, though no tile is named.
  CHECK(error_of(R"({"hand": "678m345p67s55s", "melds": [{"type": "chi", "tiles": "234m"}], "riichi": true,
                     "each_win": true})")
            .code == Error::riichi_on_open_hand);
  CHECK(error_of(R"({"hand": "123678m345p67s55s", "ippatsu": true, "each_win": true})").code ==
        Error::ippatsu_without_riichi);
  CHECK(error_of(R"({"hand": "123678m345p67s55s", "rinshan": true, "tsumo": true, "each_win": true})").code ==
        Error::rinshan_without_kan);
  CHECK(error_of(R"({"hand": "123678m345p67s55s", "each_win": "yes"})").code == Error::bad_request);
  // Without each_win the same context is not checked (nothing is scored).
  CHECK(analyse(R"({"hand": "123678m345p67s55s", "ippatsu": true})").ok());
}
