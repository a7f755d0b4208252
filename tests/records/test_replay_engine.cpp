// The replay plays every record through the engine's table: a record with
// one action made illegal is one disagreement naming the file, the round,
// the event, the action and the legal set of that moment, and the same
// record with the action legal replays without any.
#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "mjk/records.hpp"
#include "mjk/replay.hpp"

using namespace mjk::records;

namespace {

// East 1, dealer seat 0. Seat 0: 123m 456p 789s 23p 99m, tenpai on 1p-4p.
// Seat 1: 23m 456p 789p 123s 55s, tenpai on 1m-4m (pinfu). Seat 2 holds
// 1m2m and a pair of 3m (so it is asked when seat 0 discards 3m), seat 3
// nothing of use. The dora indicator 6m.
const std::string deal =
    R"({"type":"start_game","names":["a","b","c","d"]})"
    "\n"
    R"({"type":"start_kyoku","bakaze":"E","dora_marker":"6m","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"scores":[25000,25000,25000,25000],)"
    R"("tehais":[["1m","2m","3m","4p","5p","6p","7s","8s","9s","2p","3p","9m","9m"],)"
    R"(["2m","3m","4p","5p","6p","7p","8p","9p","1s","2s","3s","5s","5s"],)"
    R"(["1m","2m","3m","3m","E","E","S","S","W","W","N","N","P"],)"
    R"(["1p","1p","9p","9p","1s","1s","9s","9s","F","F","C","C","7m"]]})"
    "\n";

std::string draw(int seat, const char* tile) {
  return R"({"type":"tsumo","actor":)" + std::to_string(seat) + R"(,"pai":")" + tile + "\"}\n";
}
std::string discard(int seat, const char* tile, bool tsumogiri) {
  return R"({"type":"dahai","actor":)" + std::to_string(seat) + R"(,"pai":")" + tile + R"(","tsumogiri":)" +
         (tsumogiri ? "true" : "false") + "}\n";
}
std::string line(const std::string& json) { return json + "\n"; }

// The disagreements of the record's replay, as messages ("FILE ROUND event N: WHAT"); a read
// or replay error is the test's failure.
std::vector<std::string> disagreements(const std::string& events, const std::string& file) {
  const ReadResult r = read_record(deal + events, file);
  REQUIRE_MESSAGE(r.ok(), (r.ok() ? std::string() : r.error->message()));
  const Replay p = replay(r.game);
  REQUIRE_MESSAGE(!p.error, (p.error ? p.error->message() : std::string()));
  CHECK(p.stats.actions > 0);
  std::vector<std::string> out;
  for (const Disagreement& d : p.disagreements) out.push_back(d.message());
  return out;
}

// Seat 0 draws 8m, discards it; seats 1 to 3 draw and throw a tile no one
// can call; seat 0 draws `tile` (its turn again).
std::string around(const char* seat1_draw) {
  return draw(1, seat1_draw) + discard(1, seat1_draw, true) + draw(2, "8m") + discard(2, "8m", true) + draw(3, "7m") +
         discard(3, "7m", true);
}

}  // namespace

TEST_CASE("replay: a chi from a seat that is not the discarder's next is named, with the legal set") {
  const std::string start = draw(0, "8m") + discard(0, "3m", false);
  CHECK(disagreements(start + line(R"({"type":"pon","actor":2,"target":0,"pai":"3m","consumed":["3m","3m"]})") +
                          discard(2, "P", false),
                      "pon.mjai")
            .empty());
  const auto d = disagreements(
      start + line(R"({"type":"chi","actor":2,"target":0,"pai":"3m","consumed":["1m","2m"]})") + discard(2, "P", false),
      "chi.mjai");
  REQUIRE(d.size() == 1);
  CHECK(d[0] ==
        "chi.mjai E1-0 event 2: seat 2 may not chi high: chi only from the previous seat (kamicha); "
        "the legal set: {pon, pass}");
}

TEST_CASE("replay: riichi on a hand that is not tenpai is named, with the legal set") {
  CHECK(disagreements(draw(0, "8m") + line(R"({"type":"reach","actor":0})") + discard(0, "8m", true) +
                          line(R"({"type":"reach_accepted","actor":0})"),
                      "riichi.mjai")
            .empty());
  const auto d = disagreements(draw(0, "8m") + line(R"({"type":"reach","actor":0})") + discard(0, "9m", false) +
                                   line(R"({"type":"reach_accepted","actor":0})"),
                               "riichi.mjai");
  REQUIRE(d.size() == 1);
  CHECK(d[0].rfind("riichi.mjai E1-0 event 2: seat 0 may not riichi 9m: that discard leaves the hand without a wait; "
                   "the legal set: {discard 1m, ",
                   0) == 0);
  CHECK(d[0].find("the legal set: {") != std::string::npos);
  CHECK(d[0].find("riichi tsumogiri") != std::string::npos);  // the legal riichi, named in the set
}

TEST_CASE("replay: a ron while furiten is named, with the legal set") {
  // Seat 1 lets 4m go (its wait) or 6s (not), then seat 0 throws 1m and seat 1 rons: 1 han 30 fu, 1,000.
  const std::string win = draw(0, "1m") + discard(0, "1m", true) +
                          line(R"({"type":"hora","actor":1,"target":0,"pai":"1m","deltas":[-1000,1000,0,0]})") +
                          line(R"({"type":"end_kyoku"})");
  CHECK(disagreements(draw(0, "8m") + discard(0, "8m", true) + around("6s") + win, "ron.mjai").empty());
  const auto d = disagreements(draw(0, "8m") + discard(0, "8m", true) + around("4m") + win, "furiten.mjai");
  REQUIRE(d.size() == 1);
  CHECK(d[0] == "furiten.mjai E1-0 event 10: seat 1 may not ron: furiten; the legal set: {chi low, pass}");
}

TEST_CASE("replay: a discard in riichi that is not the drawn tile is named, with the legal set") {
  const std::string riichi = draw(0, "8m") + line(R"({"type":"reach","actor":0})") + discard(0, "8m", true) +
                             line(R"({"type":"reach_accepted","actor":0})") + around("8m") + draw(0, "6m");
  CHECK(disagreements(riichi + discard(0, "6m", true), "riichi.mjai").empty());
  const auto d = disagreements(riichi + discard(0, "9m", false), "riichi.mjai");
  REQUIRE(d.size() == 1);
  CHECK(d[0] ==
        "riichi.mjai E1-0 event 11: seat 0 may not discard 9m: in riichi only the drawn tile may be discarded; "
        "the legal set: {tsumogiri}");
}

TEST_CASE("replay: a pon of one's own discard is named, with what the table asked instead") {
  // Seat 0 draws a third 9m and throws one; no one may call it, so seat 1 draws next.
  const std::string start = draw(0, "9m") + discard(0, "9m", true);
  CHECK(disagreements(start + draw(1, "8m") + discard(1, "8m", true), "ok.mjai").empty());
  const auto d =
      disagreements(start + line(R"({"type":"pon","actor":0,"target":0,"pai":"9m","consumed":["9m","9m"]})") +
                        discard(0, "1m", false),
                    "own.mjai");
  REQUIRE(d.size() == 1);
  CHECK(d[0].rfind("own.mjai E1-0 event 2: seat 0 may not pon: ", 0) == 0);
  CHECK(d[0].find("seat 1's legal set: {") != std::string::npos);
}

namespace {

const std::string owari_record =
    std::string(MJK_SHARED_DATA_DIR) + "/logs/tenhou-mjlog/2010081709gm-00a9-0000-fe3371ad.mjlog";

std::string file_text(const std::string& path) {
  std::string s;
  if (std::FILE* f = std::fopen(path.c_str(), "rb")) {
    char buf[4096];
    for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;) s.append(buf, n);
    std::fclose(f);
  }
  return s;
}

std::vector<std::string> disagreements_of(const std::string& text, const char* file) {
  const ReadResult r = read_record(text, file);
  REQUIRE_MESSAGE(r.ok(), (r.ok() ? std::string() : r.error->message()));
  const Replay p = replay(r.game);
  REQUIRE_MESSAGE(!p.error, (p.error ? p.error->message() : std::string()));
  std::vector<std::string> out;
  for (const Disagreement& d : p.disagreements) out.push_back(d.message());
  return out;
}

// The record without its last round: the text up to its last <INIT>, closed.
std::string without_last_round(const std::string& text) { return text.substr(0, text.rfind("<INIT")) + "</mjloggm>\n"; }

}  // namespace

TEST_CASE("replay: the game's end an mjlog states (owari) is the table's, with its final scores and places") {
  const std::string text = file_text(owari_record);
  if (text.empty()) {
    MESSAGE("skipped: " << owari_record << " is absent (set MJK_SHARED_DATA_DIR)");
    return;
  }
  const std::string owari = R"(owari="201,-20.0,358,16.0,52,-45.0,389,49.0")";
  REQUIRE(text.find(owari) != std::string::npos);
  const ReadResult whole = read_record(text, "real.mjlog");
  REQUIRE(whole.ok());
  REQUIRE(whole.game.final_scores);
  CHECK(*whole.game.final_scores == std::array<std::int32_t, 4>{20100, 35800, 5200, 38900});
  CHECK(disagreements_of(text, "real.mjlog").empty());
  const std::string last = round_label(whole.game.rounds.back());
  const std::string before_last = round_label(whole.game.rounds[whole.game.rounds.size() - 2]);

  // owari's scores changed: seat 0 40,100, first instead of third (and the others a place down).
  std::string changed = text;
  changed.replace(changed.find(owari), owari.size(), R"(owari="401,-20.0,358,16.0,52,-45.0,389,49.0")");
  const std::string at =
      "changed.mjlog " + last + " event " + std::to_string(whole.game.rounds.back().events.size() - 1) + ": ";
  CHECK(disagreements_of(changed, "changed.mjlog") ==
        std::vector<std::string>{at + "seat 0 ends the game with 40100 in the record, 20100 at the table",
                                 at + "seat 0 places 1 in the record, 3 at the table",
                                 at + "seat 1 places 3 in the record, 2 at the table",
                                 at + "seat 3 places 2 in the record, 1 at the table"});

  // The last round removed, owari kept on the result before it: the table plays on.
  std::string cut = without_last_round(text);
  const std::size_t result = cut.rfind(" />");
  cut.insert(result, " " + owari);
  const std::vector<std::string> early = disagreements_of(cut, "cut.mjlog");
  REQUIRE(early.size() == 1);
  CHECK(early[0].rfind("cut.mjlog " + before_last + " event ", 0) == 0);
  CHECK(early[0].find(": the record ends the game here (final scores 20100 35800 5200 38900), the table plays on to " +
                      last) != std::string::npos);

  // An excerpt (no owari): its end is not the game's, and not checked.
  const ReadResult excerpt = read_record(without_last_round(text), "excerpt.mjlog");
  REQUIRE(excerpt.ok());
  CHECK(!excerpt.game.final_scores);
  CHECK(disagreements_of(without_last_round(text), "excerpt.mjlog").empty());
}

TEST_CASE("replay: a record that plays on past the table's end of the game is named at its next round") {
  const std::string text = file_text(owari_record);
  if (text.empty()) {
    MESSAGE("skipped: " << owari_record << " is absent (set MJK_SHARED_DATA_DIR)");
    return;
  }
  // The last round once more after the game's end: owari moved to the copy.
  const std::size_t init = text.rfind("<INIT");
  const std::size_t close = text.rfind("</mjloggm>");
  std::string last_round = text.substr(init, close - init);
  std::string twice = text.substr(0, init);
  const std::string owari = R"( owari="201,-20.0,358,16.0,52,-45.0,389,49.0")";
  std::string first_copy = last_round;
  first_copy.erase(first_copy.find(owari), owari.size());
  twice += first_copy + last_round + "</mjloggm>\n";
  const ReadResult whole = read_record(text, "real.mjlog");
  REQUIRE(whole.ok());
  const std::vector<std::string> d = disagreements_of(twice, "twice.mjlog");
  REQUIRE(!d.empty());
  CHECK(d[0] == "twice.mjlog " + round_label(whole.game.rounds.back()) +
                    " event 0: the table ends the game after the previous round, the record plays on");
}

TEST_CASE("records: the game's end read from tenhou.net/6 \"sc\" and mjai end_game with scores, not from excerpts") {
  const std::string rounds = draw(0, "8m") + discard(0, "8m", true) + line(R"({"type":"end_kyoku"})");
  // The length named in start_game, as mjk's writer names it.
  std::string named = deal;
  named.insert(named.find("]}") + 1, R"(,"hanchan":false)");
  const std::string plain = named + rounds;
  const ReadResult excerpt = read_record(plain + line(R"({"type":"end_game"})"), "a.mjai");
  REQUIRE(excerpt.ok());
  CHECK(!excerpt.game.final_scores);
  const ReadResult ended =
      read_record(plain + line(R"({"type":"end_game","scores":[25000,24000,26000,25000]})"), "b.mjai");
  REQUIRE(ended.ok());
  CHECK(!ended.game.rules.hanchan);
  REQUIRE(ended.game.final_scores);
  CHECK(*ended.game.final_scores == std::array<std::int32_t, 4>{25000, 24000, 26000, 25000});
  CHECK(ended.game.rules.length_stated);
  // No length named (the engine's own mjai, whose games may be one round
  // long): the end is stated, the length a guess, so a table playing on is no disagreement.
  const ReadResult unnamed =
      read_record(deal + rounds + line(R"({"type":"end_game","scores":[25000,24000,26000,25000]})"), "d.mjai");
  REQUIRE(unnamed.ok());
  CHECK(unnamed.game.final_scores);
  CHECK(!unnamed.game.rules.length_stated);
  const Replay p = replay(unnamed.game);
  CHECK(p.disagreements.empty());
  const ReadResult bad = read_record(plain + line(R"({"type":"end_game","scores":[25000,"x",26000,25000]})"), "c.mjai");
  REQUIRE(!bad.ok());
  CHECK(bad.error->what.find("a score is not an integer") != std::string::npos);

  const std::string path = std::string(MJK_SHARED_DATA_DIR) + "/logs/tenhou6-json/ranked_game.json";
  const std::string t6 = file_text(path);
  if (t6.empty()) {
    MESSAGE("skipped: " << path << " is absent (set MJK_SHARED_DATA_DIR)");
    return;
  }
  const ReadResult r = read_record(t6, "ranked_game.json");
  REQUIRE(r.ok());
  REQUIRE(r.game.final_scores);
  CHECK(*r.game.final_scores == std::array<std::int32_t, 4>{21100, 55000, -4900, 28800});
  CHECK(disagreements_of(t6, "ranked_game.json").empty());
}

TEST_CASE("records: a tenhou.net/6 room naming no game length that states its end in East is east-only") {
  const std::string path = std::string(MJK_SHARED_DATA_DIR) + "/logs/tenhou6-json-3p/chankan.json";
  const std::string t6 = file_text(path);
  if (t6.empty()) {
    MESSAGE("skipped: " << path << " is absent (set MJK_SHARED_DATA_DIR)");
    return;
  }
  // "三銀の間赤": the dealer, first, wins East 3 and "sc" ends the game there.
  const ReadResult r = read_record(t6, "chankan.json");
  REQUIRE(r.ok());
  CHECK(!r.game.rules.hanchan);
  REQUIRE(r.game.final_scores);
  CHECK(disagreements_of(t6, "chankan.json").empty());
}
