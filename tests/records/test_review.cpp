// The one review pipeline (mjk/review.hpp): a record from bytes or a file,
// its lines as `mjk log --json` prints them, the one object, the text,
// the final scores and places, and the records that cannot be read.
#include <doctest/doctest.h>

#include <string>

#include "mjk/review.hpp"

namespace {

using namespace mjk::records;

// Two rounds: seat 1 rons seat 0; then an exhaustive draw with seat 2 tenpai.
const std::string mjai =
    "{\"type\":\"start_game\",\"names\":[\"a\",\"b\",\"c\",\"d\"]}\n"
    "{\"type\":\"start_kyoku\",\"bakaze\":\"E\",\"dora_marker\":\"1m\",\"kyoku\":1,\"honba\":0,\"kyotaku\":0,\"oya\":0,"
    "\"scores\":[25000,25000,25000,25000],\"tehais\":[[\"1m\",\"2m\",\"3m\",\"4p\",\"5p\",\"6p\",\"7s\",\"8s\",\"9s\",\"E\","
    "\"E\",\"S\",\"N\"],[\"1p\",\"1p\",\"2p\",\"2p\",\"3p\",\"3p\",\"4s\",\"4s\",\"5s\",\"5s\",\"6s\",\"6s\",\"7m\"],[\"2m\","
    "\"2m\",\"2m\",\"3s\",\"3s\",\"3s\",\"W\",\"W\",\"W\",\"N\",\"N\",\"P\",\"P\"],[\"5mr\",\"6m\",\"7m\",\"8p\",\"8p\",\"8p\","
    "\"9p\",\"9p\",\"9p\",\"F\",\"F\",\"C\",\"C\"]]}\n"
    "{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"7m\"}\n"
    "{\"type\":\"dahai\",\"actor\":0,\"pai\":\"7m\",\"tsumogiri\":true}\n"
    "{\"type\":\"hora\",\"actor\":1,\"target\":0,\"deltas\":[-1000,1000,0,0]}\n";

}  // namespace

TEST_CASE("review: a record from bytes, as lines, one object and text") {
  const GameReview rv = review_record_bytes(mjai, "round.mjson");
  REQUIRE_FALSE(rv.read_error);
  CHECK(rv.game.names[1] == "b");
  REQUIRE(rv.replay.decisions.size() == 1);
  const std::string lines = review_lines(rv);
  CHECK(lines.rfind("{\"file\": \"round.mjson\", \"round\": \"E1-0\", \"player\": \"1z\", \"turn\": 1, ", 0) == 0);
  CHECK(lines.back() == '\n');
  const auto final_scores = rv.final_scores();
  CHECK(final_scores == std::array<std::int32_t, 4>{24000, 26000, 25000, 25000});
  CHECK(places(final_scores, 4) == std::array<std::uint8_t, 4>{4, 1, 2, 3});
  const std::string json = review_json(rv);
  CHECK(json.rfind("{\"file\":\"round.mjson\",\"format\":\"mjai\",\"players\":4,\"names\":[\"a\",\"b\",\"c\",\"d\"],",
                   0) == 0);
  CHECK(json.find("\"wins\":[{\"winner\":1,\"from\":0,\"tsumo\":false,\"han\":null") != std::string::npos);
  CHECK(json.find("\"final_scores\":[24000,26000,25000,25000],\"places\":[4,1,2,3],\"decisions\":[{\"file\": ") !=
        std::string::npos);
  CHECK(review_json(rv, false).find("\"decisions\"") == std::string::npos);
  const std::string text = review_text(rv);
  CHECK(
      text.rfind(
          "round.mjson  (mjai, 4 players, 1 rounds)\n  rounds:\n    E1-0  scores 25000 25000 25000 25000  | seat 1 ron from seat 0\n",
          0) == 0);
  // Seat 0 throws its drawn 7m; 2z or 4z keep the same shanten with 24 tiles, not 8.
  CHECK(
      text.find(
          "    seat 0 (a): 0 of 1 discards match the best (0.0%), ukeire given up 16, 0 to a worse shanten, 1 mistakes\n") !=
      std::string::npos);
  CHECK(
      text.find(
          "  mistakes:\n    seat 0 (a)\n      E1-0 turn 1  1237m456p789s1124z  discarded 7m (1-shanten, ukeire 8)  better 2z 4z (1-shanten, ukeire 24)\n    seat 1 (b): none\n") !=
      std::string::npos);
  CHECK(
      text.find(
          "  standings:\n    1. seat 1 (b)  26000\n    2. seat 2 (c)  25000\n    3. seat 3 (d)  25000\n    4. seat 0 (a)  24000\n") !=
      std::string::npos);
  // The record's 1000 is not what the kernel scores: two disagreements, named.
  CHECK(text.find("  2 disagreements:\n    disagreement: round.mjson E1-0 event 2: seat 0 changes by -1000") !=
        std::string::npos);
  CHECK_FALSE(rv.clean());
}

TEST_CASE("review: places break ties by seat, three players have three") {
  CHECK(places({30000, 30000, 20000, 20000}, 4) == std::array<std::uint8_t, 4>{1, 2, 3, 4});
  CHECK(places({20000, 45000, 40000, 0}, 3) == std::array<std::uint8_t, 4>{3, 1, 2, 0});
}

TEST_CASE("review: a record that cannot be read is its error, in every output") {
  const GameReview missing = review_record_file("/nonexistent/record.mjlog");
  REQUIRE(missing.read_error);
  CHECK_FALSE(missing.clean());
  CHECK(review_lines(missing).rfind("{\"file\": \"/nonexistent/record.mjlog\", \"error\": ", 0) == 0);
  CHECK(review_json(missing).rfind("{\"file\":\"/nonexistent/record.mjlog\",\"error\":", 0) == 0);
  CHECK(review_text(missing).rfind("error: /nonexistent/record.mjlog: ", 0) == 0);
  ReadOptions small;
  small.max_bytes = 64;
  const GameReview big = review_record_bytes(mjai, "round.mjson", small);
  REQUIRE(big.read_error);
  CHECK(big.read_error->message().find("64") != std::string::npos);
}

TEST_CASE("review: a red five seen is written 0 in visible, so the wall knows it is gone") {
  // Seat 0 throws a drawn red 5p; seat 3 a red 5m from its hand.
  const std::string deal = mjai.substr(0, mjai.find("{\"type\":\"tsumo\""));
  const std::string record = deal +
                             "{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"5pr\"}\n"
                             "{\"type\":\"dahai\",\"actor\":0,\"pai\":\"5pr\",\"tsumogiri\":true}\n"
                             "{\"type\":\"tsumo\",\"actor\":1,\"pai\":\"9m\"}\n"
                             "{\"type\":\"dahai\",\"actor\":1,\"pai\":\"9m\",\"tsumogiri\":true}\n"
                             "{\"type\":\"tsumo\",\"actor\":2,\"pai\":\"9s\"}\n"
                             "{\"type\":\"dahai\",\"actor\":2,\"pai\":\"9s\",\"tsumogiri\":true}\n"
                             "{\"type\":\"tsumo\",\"actor\":3,\"pai\":\"1s\"}\n"
                             "{\"type\":\"dahai\",\"actor\":3,\"pai\":\"5mr\",\"tsumogiri\":false}\n"
                             "{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"1s\"}\n"
                             "{\"type\":\"dahai\",\"actor\":0,\"pai\":\"1s\",\"tsumogiri\":true}\n";
  const GameReview rv = review_record_bytes(record, "red.mjson");
  REQUIRE_FALSE(rv.read_error);
  REQUIRE(rv.replay.decisions.size() == 5);
  CHECK(rv.replay.decisions[1].visible_red == std::array<std::uint8_t, 3>{0, 1, 0});
  CHECK(rv.replay.decisions[4].visible_red == std::array<std::uint8_t, 3>{1, 1, 0});
  const std::string lines = review_lines(rv);
  CHECK(
      lines.find(
          "\"player\": \"2z\", \"turn\": 1, \"hand\": \"79m112233p445566s\", \"melds\": [], \"dora\": \"1m\", \"visible\": \"0p\"") !=
      std::string::npos);
  CHECK(lines.find("\"visible\": \"09m0p9s\", \"discard\": \"1s\"") != std::string::npos);
}

TEST_CASE("review: with three players the norths set aside are seen: the others' in visible, one's own counted gone") {
  // Seat 0 holds 123456789p123s4z, draws a second 4z and sets it aside, draws
  // 5z from the dead wall and throws it: tenpai on 4z alone, of which two are
  // left (one held, one set aside). Seat 1 then sees the 5z and the north.
  const std::string record =
      R"(<mjloggm ver="2.3"><GO type="185"/><TAIKYOKU oya="0"/>)"
      R"(<INIT seed="0,0,0,3,3,0" ten="350,350,350" oya="0" hai0="36,40,44,48,53,56,60,64,68,72,76,80,121" )"
      R"(hai1="37,41,45,49,57,61,65,69,73,77,81,85,112" hai2="38,42,46,50,58,62,66,70,74,78,82,86,116"/>)"
      R"(<T120/><N who="0" m="30752"/><T124/><D124/><U125/><E125/></mjloggm>)";
  const GameReview rv = review_record_bytes(record, "north.mjlog");
  REQUIRE_FALSE(rv.read_error);
  REQUIRE_FALSE(rv.replay.error);
  REQUIRE(rv.replay.decisions.size() == 2);
  const Decision& own = rv.replay.decisions[0];
  CHECK(own.nuki == 1);
  CHECK(own.shanten_after == 0);
  CHECK(own.ukeire == 2);
  CHECK(own.visible[30] == 0);
  const Decision& next = rv.replay.decisions[1];
  CHECK(next.nuki == 0);
  CHECK(next.visible[30] == 1);
  const std::string lines = review_lines(rv);
  CHECK(lines.find("\"player\": \"2z\", \"turn\": 1, \"hand\": \"12346789p1234s25z\", \"melds\": [], \"dora\": \"1m\", "
                   "\"visible\": \"45z\", \"discard\": \"5z\"") != std::string::npos);
}

TEST_CASE("review: a win stated only by its limit is named by it, in every format that carries it") {
  // tenhou.net/6 states a limit hand's value without fu: "満貫4000点∀". The
  // dealer, tenpai from the deal, throws its first draw and wins on 8s:
  // menzen tsumo, pinfu, tanyao, sanshoku, 5 han.
  const std::string record =
      R"({"title":["",""],"name":["a","b","c","d"],"rule":{"disp":"","aka":1},"log":[[[0,0,0],)"
      R"([25000,25000,25000,25000],[47],[],[12,13,14,22,23,24,32,33,34,25,25,36,37],[41,38],[60],)"
      R"([11,11,11,12,12,12,13,13,13,14,14,14,15],[43],[60],[26,26,26,27,27,27,28,28,28,29,29,29,21],[44],[60],)"
      R"([36,36,36,37,37,37,39,39,39,31,31,31,42],[45],[60],["和了",[12000,-4000,-4000,-4000],)"
      R"x([0,0,0,"満貫4000点∀","門前清自摸和(1飜)","平和(1飜)","断幺九(1飜)","三色同順(2飜)"]]]]})x";
  const GameReview rv = review_record_bytes(record, "mangan.json");
  REQUIRE_FALSE(rv.read_error);
  REQUIRE(rv.game.rounds.at(0).wins.size() == 1);
  CHECK(rv.game.rounds[0].wins[0].limit == mjk::Limit::mangan);
  CHECK(rv.clean());
  const std::string line =
      "E1-0  scores 25000 25000 25000 25000  | seat 0 tsumo 5 han mangan 12000 (menzen_tsumo 1, "
      "pinfu 1, tanyao 1, sanshoku 2)\n";
  CHECK(review_text(rv).find(line) != std::string::npos);
  // mjai carries it as mjk's "limit"; tenhou.net/6 written back says 満貫 again.
  const WriteResult as_mjai = write_mjai(rv.game);
  REQUIRE(as_mjai.ok());
  CHECK(as_mjai.text.find("\"yakuman\":0,\"limit\":\"mangan\",\"yaku\":") != std::string::npos);
  CHECK(review_text(review_record_bytes(as_mjai.text, "mangan.json")).find(line) != std::string::npos);
  const WriteResult t6 = write_tenhou6(rv.game);
  REQUIRE(t6.ok());
  CHECK(t6.text.find("\"満貫4000点∀\"") != std::string::npos);
  CHECK(read_record(as_mjai.text.substr(0, as_mjai.text.find("\"limit\"")) + "\"limit\":\"big\"}", "bad.mjson")
            .error->what.find("hora's limit is not mangan") != std::string::npos);
}

TEST_CASE("review: mjlog names a win's limit in ten's third figure") {
  // Read, not replayed: seat 1's stated win on seat 0's discard, its limit as stated.
  const std::string head =
      R"(<mjloggm ver="2.3"><GO type="169"/><TAIKYOKU oya="0"/><INIT seed="0,0,0,3,3,20" ten="250,250,250,250" )"
      R"(oya="0" hai0="34,11,120,19,83,79,69,12,1,99,128,85,73" hai1="57,27,17,119,14,134,126,44,117,68,114,82,109" )"
      R"(hai2="78,93,90,48,100,41,40,81,60,53,92,75,98" hai3="6,104,127,88,87,35,65,135,97,122,25,5,121"/>)"
      R"(<T77/><D77/><AGARI ba="0,0" hai="57,27,17,119,14,134,126,44,117,68,114,82,109,77" machi="77" )";
  const auto limit_of = [&](const std::string& agari) {
    const ReadResult r = read_record(
        head + agari + R"( who="1" fromWho="0" sc="250,-80,250,80,250,0,250,0"/></mjloggm>)", "limit.mjlog");
    REQUIRE_MESSAGE(r.ok(), r.error->message());
    return r.game.rounds.at(0).wins.at(0).limit;
  };
  CHECK(limit_of(R"(ten="30,7700,0" yaku="1,1,52,3")") == mjk::Limit::none);
  CHECK(limit_of(R"(ten="40,8000,1" yaku="1,1,52,3")") == mjk::Limit::mangan);
  CHECK(limit_of(R"(ten="30,12000,2" yaku="1,1,52,5")") == mjk::Limit::haneman);
  CHECK(limit_of(R"(ten="30,24000,4" yaku="1,1,52,10")") == mjk::Limit::sanbaiman);
  CHECK(limit_of(R"(ten="30,32000,5" yaku="1,1,52,12")") == mjk::Limit::kazoe_yakuman);
  CHECK(limit_of(R"(ten="0,32000,5" yakuman="39")") == mjk::Limit::yakuman);
  CHECK(limit_of(R"(ten="0,64000,5" yakuman="39,42")") == mjk::Limit::double_yakuman);
  const GameReview rv = review_record_bytes(
      head + R"(ten="40,8000,1" yaku="1,1,52,3" who="1" fromWho="0" sc="250,-80,250,80,250,0,250,0"/></mjloggm>)",
      "limit.mjlog");
  REQUIRE_FALSE(rv.read_error);
  CHECK(review_text(rv).find("| seat 1 ron from seat 0 4 han 40 fu mangan 8000 (riichi 1, dora 3)") !=
        std::string::npos);
}

TEST_CASE("review: a rule the reader finds broken is the replay's error, after the discards before it") {
  // mjlog: seat 2 discards tile id 57, which seat 1 holds (event 5, after two discards).
  const std::string head =
      R"(<mjloggm ver="2.3"><GO type="169"/><TAIKYOKU oya="0"/><INIT seed="0,0,0,3,3,20" ten="250,250,250,250" )"
      R"(oya="0" hai0="34,11,120,19,83,79,69,12,1,99,128,85,73" hai1="57,27,17,119,14,134,126,44,117,68,114,82,109" )"
      R"(hai2="78,93,90,48,100,41,40,81,60,53,92,75,98" hai3="6,104,127,88,87,35,65,135,97,122,25,5,121"/>)";
  const std::string mjlog = head + "<T77/><D120/><U3/><E27/><V4/><F57/><W8/></mjloggm>";
  const std::string what = "seat 2 discards tile id 57, but seat 1 holds it";
  const ReadResult read = read_record(mjlog, "held.mjlog");
  REQUIRE_FALSE(read.ok());
  // As a read error the message is as before; the place is handed on with the game up to it.
  CHECK(read.error->what == "E1-0 event 5: " + what);
  REQUIRE(read.rule_broken);
  CHECK(read.rule_broken->message() == "held.mjlog E1-0 event 5: " + what);
  REQUIRE(read.game.rounds.size() == 1);
  CHECK(read.game.rounds[0].events.size() == 5);
  const GameReview rv = review_record_bytes(mjlog, "held.mjlog");
  REQUIRE_FALSE(rv.read_error);
  REQUIRE(rv.replay.error);
  CHECK(rv.replay.error->message() == "held.mjlog E1-0 event 5: " + what);
  REQUIRE(rv.replay.decisions.size() == 2);
  CHECK(rv.replay.decisions[0].seat == 0);
  CHECK(rv.replay.decisions[1].seat == 1);
  CHECK(rv.replay.decisions[1].reviewed);
  const std::string lines = review_lines(rv);
  CHECK(lines.find("{\"file\": \"held.mjlog\", \"round\": \"E1-0\", \"player\": \"2z\", \"turn\": 1, ") !=
        std::string::npos);
  CHECK(lines.substr(lines.rfind('\n', lines.size() - 2) + 1) ==
        "{\"file\": \"held.mjlog\", \"round\": \"E1-0\", \"event\": 5, \"error\": \"" + what + "\"}\n");
  CHECK(review_json(rv).find(",\"error\":{\"file\": \"held.mjlog\", \"round\": \"E1-0\", \"event\": 5,") !=
        std::string::npos);
  CHECK(review_text(rv).find("error: held.mjlog E1-0 event 5: " + what) != std::string::npos);
  CHECK_FALSE(rv.clean());

  // A rule the replay finds broken earlier (a riichi accepted before any
  // riichi discard, event 0) is the error: the first place the rules break.
  const GameReview earlier = review_record_bytes(
      head + R"(<REACH who="0" step="2"/><T77/><D120/><U3/><E27/><V4/><F57/></mjloggm>)", "e.mjlog");
  REQUIRE_FALSE(earlier.read_error);
  REQUIRE(earlier.replay.error);
  CHECK(earlier.replay.error->event == 0);
  CHECK(earlier.replay.decisions.empty());

  // In the deal no event has been played: a tile id dealt twice stays a read error.
  std::string dealt_twice = head;
  dealt_twice.replace(dealt_twice.find("hai0=\"34,11,"), 13, "hai0=\"34,34,");
  const ReadResult dup = read_record(dealt_twice + "</mjloggm>", "dup.mjlog");
  REQUIRE_FALSE(dup.ok());
  CHECK_FALSE(dup.rule_broken);
  CHECK(review_record_bytes(dealt_twice + "</mjloggm>", "dup.mjlog").read_error);

  // tenhou.net/6: the order is rebuilt by playing the columns; in the second
  // round seat 1 discards 7z, which it never holds: the first round stays
  // whole, the second stops before that discard (event 3, after seat 0's).
  const std::string deal =
      R"([12,13,14,22,23,24,32,33,34,25,25,36,37],[41,38],[60],)"
      R"([11,11,11,12,12,12,13,13,13,14,14,14,15],[43],[%],[26,26,26,27,27,27,28,28,28,29,29,29,21],[44],[60],)"
      R"([36,36,36,37,37,37,39,39,39,31,31,31,42],[45],[60],["和了",[12000,-4000,-4000,-4000],)"
      R"x([0,0,0,"満貫4000点∀","門前清自摸和(1飜)","平和(1飜)","断幺九(1飜)","三色同順(2飜)"]]])x";
  const auto seat1_discards = [&](const std::string& column) {
    std::string d = deal;
    return d.replace(d.find('%'), 1, column);
  };
  const std::string t6 = R"({"title":["",""],"name":["a","b","c","d"],"rule":{"disp":"","aka":1},"log":[[[0,0,0],)"
                         R"([25000,25000,25000,25000],[47],[],)" +
                         seat1_discards("60") + R"(,[[0,1,0],[37000,21000,21000,21000],[47],[],)" +
                         seat1_discards("47") + "]}";
  const ReadResult t6_read = read_record(t6, "held.json");
  REQUIRE_FALSE(t6_read.ok());
  // The message names the round and the event, as mjlog's does.
  CHECK(t6_read.error->what == "E1-1 event 3: seat 1 discards 7z, a tile not held");
  CHECK(t6_read.error->offset == t6.rfind("[47]") + 1);
  REQUIRE(t6_read.rule_broken);
  CHECK(t6_read.rule_broken->message() == "held.json E1-1 event 3: seat 1 discards 7z, a tile not held");
  REQUIRE(t6_read.game.rounds.size() == 2);
  CHECK(t6_read.game.rounds[0].wins.size() == 1);
  CHECK(t6_read.game.rounds[1].events.size() == 3);
  CHECK(t6_read.game.rounds[1].wins.empty());
  CHECK_FALSE(t6_read.game.rounds[1].draw);
  const GameReview t6_review = review_record_bytes(t6, "held.json");
  REQUIRE_FALSE(t6_review.read_error);
  CHECK(t6_review.replay.disagreements.empty());
  REQUIRE(t6_review.replay.error);
  CHECK(t6_review.replay.error->message() == "held.json E1-1 event 3: seat 1 discards 7z, a tile not held");
  // Four discards in the first round, seat 0's one in the second.
  REQUIRE(t6_review.replay.decisions.size() == 5);
  CHECK(t6_review.replay.decisions[4].round == "E1-1");
  CHECK(t6_review.replay.decisions[4].seat == 0);
  // The scores after the last whole round's result stand.
  CHECK(t6_review.final_scores() == std::array<std::int32_t, 4>{37000, 21000, 21000, 21000});
}
