// Game records: the corpus in ../shared/data/logs replays with no
// disagreement but the three its README names, the games present in two
// formats replay identically, and malformed records built here are clear
// errors naming the place.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

#include "mjk/records.hpp"
#include "mjk/replay.hpp"
#include "support/game_text.hpp"
#include "support/shared_logs.hpp"

namespace {

using namespace mjk::records;
using mjk::test::game_text;
namespace fs = std::filesystem;

using mjk::test::files_in;
const fs::path& logs_dir = mjk::test::logs_dir();

bool have_corpus() {
  if (fs::is_directory(logs_dir / "tenhou-mjlog")) return true;
  MESSAGE("skipped: the game records are not at " << logs_dir.string() << " (set MJK_SHARED_DATA_DIR)");
  return false;
}

// The events of a round that both formats state the same way (the moment a
// kan's dora is shown is not written in tenhou.net/6, so dora events are
// compared as the list of indicators).
std::string round_text(const Round& r) {
  std::string s = round_label(r) + " " + std::to_string(r.sticks) + " dora " + tile_text(r.dora) + ";";
  for (int p = 0; p < 4; ++p) {
    std::vector<std::string> deal;  // mjlog deals in wall order, tenhou.net/6 sorted
    for (const RecordTile t : r.deal[static_cast<std::size_t>(p)]) deal.push_back(tile_text(t));
    std::sort(deal.begin(), deal.end());
    for (const auto& t : deal) s += t;
    s += "|";
  }
  std::string dora;
  for (const Event& e : r.events) {
    if (e.kind == EventKind::dora) {
      dora += tile_text(e.tiles[0]);
      continue;
    }
    s += mjk::test::event_text(e) + " ";
  }
  for (const Win& w : r.wins) {
    // tenhou.net/6 states no fu for a limit hand ("満貫8000点").
    s += "win " + std::to_string(w.seat) + "<" + std::to_string(w.from) + " " + std::to_string(w.points) + " " +
         (w.points >= 8000 || w.han >= 5 ? "" : std::to_string(w.fu) + "fu ") + std::to_string(w.han) + "han " +
         std::string(mjk::display_name(w.limit).id);
    for (int d : w.deltas) s += " " + std::to_string(d);
  }
  if (r.draw)
    for (int d : r.draw->deltas) s += " " + std::to_string(d);
  return s + " dora " + dora;
}

}  // namespace

TEST_CASE("every record of the corpus replays, and only the three named records disagree, each at its round") {
  if (!have_corpus()) return;
  const std::map<std::string, std::string> contradicting = {{"tenhou6-json/confusing_nakis_1.json", "E2-2"},
                                                            {"tenhou6-json/confusing_nakis_2.json", "E1-0"},
                                                            {"tenhou6-json-3p/kokushi_peinuki.json", "E3-0"}};
  std::size_t records = 0, rounds = 0, wins = 0, flagged = 0;
  std::uint64_t actions = 0;
  std::vector<std::string> found;
  for (const char* dir : {"tenhou-mjlog", "tenhou6-json-mjx", "tenhou6-json", "tenhou6-json-3p"}) {
    for (const fs::path& file : files_in(logs_dir / dir)) {
      const std::string name = std::string(dir) + "/" + file.filename().string();
      INFO(name);
      const ReadResult read = read_record_file(file.string());
      REQUIRE_MESSAGE(read.ok(), read.error->message());
      const Replay r = replay(read.game);
      CHECK_MESSAGE(!r.error, r.error->message());
      ++records;
      rounds += r.stats.rounds;
      wins += r.stats.wins;
      actions += r.stats.actions;
      for (const auto& d : r.disagreements)
        found.push_back(name + " " + d.round + " event " + std::to_string(d.event) + ": " + d.what);
      const auto bad = contradicting.find(name);
      if (bad == contradicting.end()) {
        for (const auto& d : r.disagreements) FAIL_CHECK(d.message());
      } else {
        CHECK(!r.disagreements.empty());
        for (const auto& d : r.disagreements) CHECK_MESSAGE(d.round == bad->second, d.message());
        flagged += !r.disagreements.empty();
      }
    }
  }
  MESSAGE(records << " records, " << rounds << " rounds, " << wins << " wins replayed");
  CHECK(records == 173);
  CHECK(flagged == 3);
  // Every recorded action went through the engine's table; what the engine finds in the three records.
  CHECK(actions == 71280);
  const std::vector<std::string> expected = {
      "tenhou6-json/confusing_nakis_1.json E2-2 event 82: seat 0 changes by 1600 in the record, by 2600 as the engine "
      "scores the win",
      "tenhou6-json/confusing_nakis_2.json E1-0 event 0: the round's wall cannot be rebuilt from the record: a fourth "
      "plain 5s in a game with red fives",
      "tenhou6-json-3p/kokushi_peinuki.json E3-0 event 108: seat 2 changes by 48000 in the record, by 49000 as the "
      "engine scores the win"};
  CHECK(found == expected);
}

TEST_CASE("the games present in two formats replay identically") {
  if (!have_corpus()) return;
  int pairs = 0;
  for (const fs::path& json : files_in(logs_dir / "tenhou6-json-mjx")) {
    const fs::path xml = logs_dir / "tenhou-mjlog" / (json.stem().string() + ".mjlog");
    INFO(json.filename().string());
    REQUIRE(fs::exists(xml));
    const ReadResult a = read_record_file(xml.string()), b = read_record_file(json.string());
    REQUIRE(a.ok());
    REQUIRE(b.ok());
    // mjx's JSON holds the rounds that have a result.
    std::vector<const Round*> ra;
    for (const Round& r : a.game.rounds)
      if (r.ended()) ra.push_back(&r);
    REQUIRE(ra.size() == b.game.rounds.size());
    for (std::size_t i = 0; i < ra.size(); ++i) CHECK(round_text(*ra[i]) == round_text(b.game.rounds[i]));
    const Replay x = replay(a.game), y = replay(b.game);
    CHECK(x.stats.wins == y.stats.wins);
    CHECK(x.stats.riichi == y.stats.riichi);
    CHECK(x.disagreements.size() == y.disagreements.size());
    ++pairs;
  }
  CHECK(pairs == 31);
}

namespace {

// A small valid mjlog round: East deals, seat 0 draws and discards, then the record stops.
const std::string mjlog_head =
    R"(<mjloggm ver="2.3"><GO type="169"/><TAIKYOKU oya="0"/>)"
    R"(<INIT seed="0,0,0,3,3,20" ten="250,250,250,250" oya="0" )"
    R"(hai0="34,11,120,19,83,79,69,12,1,99,128,85,73" hai1="57,27,17,119,14,134,126,44,117,68,114,82,109" )"
    R"(hai2="78,93,90,48,100,41,40,81,60,53,92,75,98" hai3="6,104,127,88,87,35,65,135,97,122,25,5,121"/>)";

// A deal as mjai JSON lines (mjai names kinds, not tiles: the replay checks the copies).
const std::string mjai_deal =
    R"({"type":"start_game","names":["a","b","c","d"]})"
    "\n"
    R"({"type":"start_kyoku","bakaze":"E","dora_marker":"1m","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"scores":[25000,25000,25000,25000],)"
    R"("tehais":[["1m","2m","3m","4p","5p","6p","7s","8s","9s","E","E","S","S"],["1p","1p","2p","2p","3p","3p","4s","4s","5s","5s","6s","6s","7m"],)"
    R"(["2m","2m","2m","3s","3s","3s","W","W","W","N","N","P","P"],["5mr","6m","7m","8p","8p","8p","9p","9p","9p","F","F","C","C"]]})"
    "\n";

}  // namespace

TEST_CASE("malformed records: clear errors naming the place") {
  SUBCASE("a valid start replays") {
    const ReadResult r = read_record(mjlog_head + "<T77/><D120/></mjloggm>", "ok.mjlog");
    REQUIRE_MESSAGE(r.ok(), r.error->message());
    const Replay p = replay(r.game);
    CHECK(!p.error);
    CHECK(p.stats.discards == 1);
  }
  SUBCASE("truncated") {
    const ReadResult r = read_record(mjlog_head + "<T77/><D12", "cut.mjlog");
    REQUIRE(!r.ok());
    CHECK(r.error->message().find("cut.mjlog") != std::string::npos);
    CHECK(r.error->what.find("truncated") != std::string::npos);
    const ReadResult r2 = read_record(mjlog_head + "<T77/><D120/>", "cut2.mjlog");
    REQUIRE(!r2.ok());
    CHECK(r2.error->what.find("truncated") != std::string::npos);
  }
  SUBCASE("one tile id in two places: mjlog names every tile, so the reader follows each id") {
    const auto what = [](const std::string& body, const std::string& head = mjlog_head) {
      const ReadResult r = read_record(head + body + "</mjloggm>", "ids.mjlog");
      return r.ok() ? std::string("ok") : r.error->what;
    };
    std::string dealt_twice = mjlog_head;
    dealt_twice.replace(dealt_twice.find("hai0=\"34,11,"), 13, "hai0=\"34,34,");
    CHECK(what("", dealt_twice) == "E1-0 deal: tile id 34 dealt twice");
    const ReadResult r = read_record(dealt_twice + "</mjloggm>", "dup.mjlog");
    REQUIRE(!r.ok());
    CHECK(r.error->offset == mjlog_head.find("<INIT"));
    std::string dealt_indicator = mjlog_head;
    dealt_indicator.replace(dealt_indicator.find("hai0=\"34,"), 9, "hai0=\"20,");
    CHECK(what("", dealt_indicator) == "E1-0 deal: tile id 20 dealt, but it was already shown as a dora indicator");
    CHECK(what("<T35/>") == "E1-0 event 0: tile id 35 drawn, but it was already dealt");
    CHECK(what("<T77/><D77/><U77/>") == "E1-0 event 2: tile id 77 drawn twice");
    CHECK(what("<T77/><D108/>") == "E1-0 event 1: seat 0 discards tile id 108, but it was never dealt nor drawn");
    CHECK(what("<T77/><D57/>") == "E1-0 event 1: seat 0 discards tile id 57, but seat 1 holds it");
    CHECK(what("<DORA hai=\"20\"/>") == "E1-0 event 0: tile id 20 shown as a dora indicator twice");
    // Seat 1 pons 8s (ids 116, 117, 119; 118 not in it) from seat 0, its kamicha.
    const std::string pon = R"(<N who="1" m="44619"/>)";
    CHECK(what("<T116/><D116/>" + pon) == "ok");
    CHECK(what("<T116/>" + pon) == "E1-0 event 1: seat 1 calls from seat 0 tile id 116, but seat 0 holds it");
    CHECK(what("<V116/><F116/>" + pon) ==
          "E1-0 event 2: seat 1 calls from seat 0 tile id 116, but seat 2 discarded it");
    CHECK(what("<T116/><D116/><U118/><E117/>" + pon) ==
          "E1-0 event 4: seat 1 calls with tile id 117, but seat 1 discarded it");
    // Three players: a north set aside (N m = id << 8 | 0x20) leaves the hand once.
    const std::string three =
        R"(<mjloggm ver="2.3"><GO type="185"/><TAIKYOKU oya="0"/>)"
        R"(<INIT seed="0,0,0,3,3,0" ten="350,350,350" oya="0" hai0="36,40,44,48,56,60,64,68,72,76,80,84,108" )"
        R"(hai1="37,41,45,49,57,61,65,69,73,77,81,85,112" hai2="38,42,46,50,58,62,66,70,74,78,82,86,116"/>)";
    const std::string nuki = R"(<T120/><N who="0" m="30752"/><T124/><D124/>)";
    const ReadResult north = read_record(three + nuki + "</mjloggm>", "north.mjlog");
    REQUIRE_MESSAGE(north.ok(), north.error->message());
    CHECK(!replay(north.game).error);
    CHECK(what(R"(<U121/><E121/>)" + nuki + R"(<N who="0" m="30752"/>)", three) ==
          "E1-0 event 6: seat 0 sets aside tile id 120, but seat 0 set it aside");
    // A new round: every tile back in the wall.
    const std::string next =
        R"(<INIT seed="1,0,0,3,3,20" ten="250,250,250,250" oya="1" )"
        R"(hai0="34,11,120,19,83,79,69,12,1,99,128,85,73" hai1="57,27,17,119,14,134,126,44,117,68,114,82,109" )"
        R"(hai2="78,93,90,48,100,41,40,81,60,53,92,75,98" hai3="6,104,127,88,87,35,65,135,97,122,25,5,121"/>)";
    CHECK(what("<T77/><D77/>" + next + "<U77/>") == "ok");
  }
  SUBCASE("a discard of a tile not held (the replay, which counts kinds: formats without tile ids)") {
    const ReadResult r = read_record(mjai_deal + R"({"type":"tsumo","actor":0,"pai":"E"})"
                                                 "\n"
                                                 R"({"type":"dahai","actor":0,"pai":"P","tsumogiri":false})"
                                                 "\n",
                                     "notheld.mjson");
    REQUIRE_MESSAGE(r.ok(), r.error->message());
    const Replay p = replay(r.game);
    REQUIRE(p.error);
    CHECK(p.error->round == "E1-0");
    CHECK(p.error->event == 1);
    CHECK(p.error->what.find("not held") != std::string::npos);
  }
  SUBCASE("a fifth copy") {
    // Seat 0 holds one 2m, seat 2 three: seat 0 draws a fifth.
    const ReadResult r = read_record(mjai_deal + R"({"type":"tsumo","actor":0,"pai":"2m"})"
                                                 "\n",
                                     "fifth.mjson");
    REQUIRE_MESSAGE(r.ok(), r.error->message());
    const Replay p = replay(r.game);
    REQUIRE(p.error);
    CHECK(p.error->what.find("fifth copy") != std::string::npos);
  }
  SUBCASE("an id out of range") {
    const ReadResult r = read_record(mjlog_head + "<T136/></mjloggm>", "range.mjlog");
    REQUIRE(!r.ok());
    CHECK(r.error->what.find("out of range") != std::string::npos);
    CHECK(r.error->offset == mjlog_head.size());
    const ReadResult j = read_record(R"({"log":[[[0,0,0],[25000,25000,25000,25000],[99],[],[]]]})", "range.json");
    REQUIRE(!j.ok());
  }
  SUBCASE("garbage is an error, not a crash") {
    for (const std::string& bad :
         {std::string(""), std::string("\x1f\x8b garbage"), std::string("{"), std::string("<mjloggm><INIT/>"),
          std::string("{\"type\":\"start_kyoku\"}"), std::string("[1,2,3]")}) {
      const ReadResult r = read_record(bad, "bad");
      CHECK(!r.ok());
    }
  }
}

TEST_CASE("records' JSON: strict numbers, any bytes in strings, the escape after a lone surrogate kept") {
  const auto with = [](std::string_view from, std::string_view to) {
    std::string text = mjai_deal;
    text.replace(text.find(from), from.size(), to);
    return text;
  };
  SUBCASE("a number with a leading zero is not JSON") {
    const ReadResult r = read_record(with(R"("honba":0,)", R"("honba":00,)"), "zero.mjson");
    REQUIRE(!r.ok());
    const std::size_t at = with(R"("honba":0,)", R"("honba":00,)").find(R"("honba":00)") + 9;
    CHECK(r.error->offset == at);
    CHECK(r.error->what == "malformed JSON: expected ',' or '}' in an object");
  }
  SUBCASE("a lone high surrogate is kept as its bytes, and the escape after it is read") {
    const ReadResult r = read_record(with(R"(["a",)", R"(["\ud800\u0041\u00e9",)"), "lone.mjson");
    REQUIRE_MESSAGE(r.ok(), r.error->message());
    CHECK(r.game.names[0] ==
          "\xed\xa0\x80"
          "A\xc3\xa9");
  }
  SUBCASE("bytes that are not UTF-8 are a name's bytes") {
    const ReadResult r = read_record(with(R"(["a",)", "[\"\xff\xc3\","), "latin.mjson");
    REQUIRE_MESSAGE(r.ok(), r.error->message());
    CHECK(r.game.names[0] == "\xff\xc3");
  }
}

TEST_CASE("mjai: a round read from JSON lines") {
  const std::string text =
      R"({"type":"start_game","names":["a","b","c","d"]})"
      "\n"
      R"({"type":"start_kyoku","bakaze":"E","dora_marker":"1m","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"scores":[25000,25000,25000,25000],)"
      R"("tehais":[["1m","2m","3m","4p","5p","6p","7s","8s","9s","E","E","S","S"],["1p","1p","2p","2p","3p","3p","4s","4s","5s","5s","6s","6s","7m"],)"
      R"(["2m","2m","2m","3s","3s","3s","W","W","W","N","N","P","P"],["5mr","6m","7m","8p","8p","8p","9p","9p","9p","F","F","C","C"]]})"
      "\n"
      R"({"type":"tsumo","actor":0,"pai":"E"})"
      "\n"
      R"({"type":"dahai","actor":0,"pai":"S","tsumogiri":false})"
      "\n";
  const ReadResult r = read_record(text, "a.mjson");
  REQUIRE_MESSAGE(r.ok(), r.error->message());
  CHECK(r.game.format == Format::mjai);
  const Replay p = replay(r.game);
  CHECK(!p.error);
  CHECK(p.stats.discards == 1);
  const ReadResult bad = read_record(text + R"({"type":"dahai","actor":5,"pai":"S"})"
                                            "\n",
                                     "b.mjson");
  REQUIRE(!bad.ok());
  CHECK(bad.error->line == 5);
}


TEST_CASE("every record of the corpus written as mjai and as tenhou.net/6 reads back and replays identically") {
  if (!have_corpus()) return;
  std::size_t written = 0;
  for (const char* dir : {"tenhou-mjlog", "tenhou6-json-mjx", "tenhou6-json", "tenhou6-json-3p"}) {
    for (const fs::path& file : files_in(logs_dir / dir)) {
      const ReadResult read = read_record_file(file.string());
      REQUIRE_MESSAGE(read.ok(), read.error->message());
      const std::string original = replay_text(replay(read.game));
      for (const Format format : {Format::mjai, Format::tenhou6}) {
        const std::string what =
            std::string(dir) + "/" + file.filename().string() + " as " + std::string(format_name(format));
        INFO(what);
        const WriteResult out = write_record(read.game, format);
        REQUIRE_MESSAGE(out.ok(), *out.error);
        const ReadResult back = read_record(out.text, read.game.file);
        REQUIRE_MESSAGE(back.ok(), back.error->message());
        CHECK(back.game.format == format);
        CHECK(game_text(back.game) == game_text(read.game));
        CHECK(replay_text(replay(back.game)) == original);
        // Written again from what was read back: the same text (the writer is stable).
        const WriteResult again = write_record(back.game, format);
        REQUIRE(again.ok());
        CHECK(again.text == out.text);
        ++written;
      }
    }
  }
  CHECK(written == 2 * 173);
}

TEST_CASE("the writers: what each format carries, and a game it cannot carry is refused") {
  const std::string text =
      R"({"type":"start_game","names":["a","b","c","d"]})"
      "\n"
      R"({"type":"start_kyoku","bakaze":"E","dora_marker":"1m","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"scores":[25000,25000,25000,25000],)"
      R"("tehais":[["1m","2m","3m","4p","5p","6p","7s","8s","9s","E","E","S","S"],["1p","1p","2p","2p","3p","3p","4s","4s","5s","5s","6s","6s","7m"],)"
      R"(["2m","2m","2m","3s","3s","3s","W","W","W","N","N","P","P"],["5mr","6m","7m","8p","8p","8p","9p","9p","9p","F","F","C","C"]]})"
      "\n"
      R"({"type":"tsumo","actor":0,"pai":"E"})"
      "\n"
      R"({"type":"dahai","actor":0,"pai":"S","tsumogiri":false})"
      "\n"
      R"({"type":"pon","actor":1,"target":0,"pai":"S","consumed":["S","S"]})"
      "\n";
  const ReadResult r = read_record(text, "w.mjson");
  REQUIRE_MESSAGE(r.ok(), r.error->message());
  // Seat 1 has no S: the replay stops with an error, and both formats keep it at the same event.
  const std::string original = replay_text(replay(r.game));
  CHECK(original.find("error") != std::string::npos);
  const WriteResult m = write_mjai(r.game);
  REQUIRE_MESSAGE(m.ok(), *m.error);
  CHECK(m.text.find(R"({"type":"pon","actor":1,"target":0,"pai":"S","consumed":["S","S"]})") != std::string::npos);
  CHECK(m.text.find(R"("tehais":[["1m","2m","3m","4p","5p","6p","7s","8s","9s","E","E","S","S"],)") !=
        std::string::npos);
  CHECK(replay_text(replay(read_record(m.text, "w.mjson").game)) == original);
  // tenhou.net/6 rebuilds the order by playing the columns: a pon of tiles not held cannot be placed.
  const WriteResult t = write_tenhou6(r.game);
  CHECK(!t.ok());
  if (!t.ok()) CHECK(t.error->find("w.mjson") != std::string::npos);
  // mjlog names the ids the caller holds: it has none of S.
  const WriteResult x = write_record(r.game, Format::mjlog);
  REQUIRE(!x.ok());
  CHECK(*x.error == "w.mjson: mjlog cannot carry E1-0 event 2: seat 1 does not hold 2z");
}

namespace {

// Tenhou's 16-bit meld code (<N m="...">), written here from its definition,
// not from the reader. The low two bits are the offset from the caller to the
// discarder, counted over four seats whatever the number of players: with
// three, the empty North seat is counted (West calling East is 2, not 1).
//   chi: bit 2; bits 3-4, 5-6, 7-8 each tile's copy (id % 4); bits 10-15
//        (suit * 7 + first number - 1) * 3 + the index of the called tile
//   pon: bit 3, added kan: bit 4; bits 5-6 the copy left out of the pon
//        (the one added); bits 9-15 kind * 3 + the called tile's index among the three
//   closed or open kan: bits 8-15 the id (the called one, open); bits 2-5 clear
std::uint32_t chi_code(int offset, int first_kind, const std::array<int, 3>& copies, int called) {
  const int t = ((first_kind / 9) * 7 + first_kind % 9) * 3 + called;
  return static_cast<std::uint32_t>(t << 10 | copies[2] << 7 | copies[1] << 5 | copies[0] << 3 | 0x4 | offset);
}
std::uint32_t pon_code(int offset, int kind, int left_out, int called, bool added = false) {
  return static_cast<std::uint32_t>((kind * 3 + called) << 9 | left_out << 5 | (added ? 0x10 : 0x8) | offset);
}
std::uint32_t kan_code(int offset, int id) { return static_cast<std::uint32_t>(id << 8 | offset); }

std::string draw_tag(int seat, int id) {
  return "<" + std::string(1, static_cast<char>('T' + seat)) + std::to_string(id) + "/>";
}
std::string discard_tag(int seat, int id) {
  return "<" + std::string(1, static_cast<char>('D' + seat)) + std::to_string(id) + "/>";
}
std::string call_tag(int seat, std::uint32_t m) {
  return "<N who=\"" + std::to_string(seat) + "\" m=\"" + std::to_string(m) + "\"/>";
}

// An mjlog game of one round, `dealer` dealing: `caller` is dealt `held`,
// every other tile dealt comes from the ids left (not `kept_out`, not 7z's
// id 135, the dora indicator; with three players no 2m-8m), then `tags`.
// `filler` is set to one of the caller's other tiles.
std::string call_record(int players, int dealer, int caller, const std::vector<int>& held,
                        const std::vector<int>& kept_out, const std::string& tags, int* filler = nullptr) {
  std::vector<bool> used(136, false);
  used[135] = true;
  for (const int id : held) used[static_cast<std::size_t>(id)] = true;
  for (const int id : kept_out) used[static_cast<std::size_t>(id)] = true;
  if (players == 3)
    for (int id = 4; id < 32; ++id) used[static_cast<std::size_t>(id)] = true;
  std::array<std::vector<int>, 4> deal;
  deal[static_cast<std::size_t>(caller)] = held;
  int next = 0;
  for (int s = 0; s < players; ++s)
    while (deal[static_cast<std::size_t>(s)].size() < 13) {
      while (used[static_cast<std::size_t>(next)]) ++next;
      used[static_cast<std::size_t>(next)] = true;
      deal[static_cast<std::size_t>(s)].push_back(next);
    }
  if (filler) *filler = deal[static_cast<std::size_t>(caller)].back();
  std::string t = std::string(R"(<mjloggm ver="2.3"><GO type=")") + (players == 3 ? "185" : "169") +
                  R"("/><INIT seed=")" + std::to_string(dealer) + R"(,0,0,3,3,135" ten=")" +
                  (players == 3 ? "350,350,350" : "250,250,250,250") + R"(" oya=")" + std::to_string(dealer) + "\"";
  for (int s = 0; s < players; ++s) {
    t += " hai" + std::to_string(s) + "=\"";
    for (std::size_t k = 0; k < 13; ++k) t += (k ? "," : "") + std::to_string(deal[static_cast<std::size_t>(s)][k]);
    t += "\"";
  }
  return t + "/>" + tags + "</mjloggm>";
}

// The calls of a game: "pon 2<0 3s3s3s" (the seat called from for chi, pon
// and open kan: what every format states), "kakan 2 3s3s3s3s".
std::string calls_text(const Game& g) {
  std::string s;
  for (const Round& r : g.rounds)
    for (const Event& e : r.events) {
      const bool open = e.kind == EventKind::chi || e.kind == EventKind::pon || e.kind == EventKind::minkan;
      if (!open && e.kind != EventKind::kakan && e.kind != EventKind::ankan) continue;
      s += (s.empty() ? "" : "; ") + std::string(event_name(e.kind)) + " " + std::to_string(e.seat);
      if (open) s += "<" + std::to_string(e.from);
      s += " ";
      for (int k = 0; k < e.tile_count; ++k) s += tile_text(e.tiles[static_cast<std::size_t>(k)]);
    }
  return s;
}

// "ok" when the record reads with these calls, replays without error and
// its calls read back the same from what the tenhou.net/6 and mjai writers
// write of it; else the first thing wrong.
std::string read_replay_write(const std::string& text, const std::string& calls) {
  const ReadResult r = read_record(text, "calls.mjlog");
  if (!r.ok()) return r.error->what;
  if (calls_text(r.game) != calls) return "read as " + calls_text(r.game);
  const Replay p = replay(r.game);
  if (p.error) return "replay: " + p.error->what;
  if (!p.disagreements.empty()) return "engine: " + p.disagreements.front().what;
  for (const Format f : {Format::tenhou6, Format::mjai}) {
    const WriteResult w = write_record(r.game, f);
    if (!w.ok()) return std::string(format_name(f)) + ": " + *w.error;
    const ReadResult back = read_record(w.text, "calls");
    if (!back.ok()) return std::string(format_name(f)) + " read back: " + back.error->what;
    if (calls_text(back.game) != calls) return std::string(format_name(f)) + " read back as " + calls_text(back.game);
  }
  return "ok";
}

std::string tiles_of(int kind, int count) {
  std::string s;
  for (int k = 0; k < count; ++k) s += tile_text(RecordTile{mjk::Tile(kind), false});
  return s;
}

}  // namespace

TEST_CASE("mjlog calls: every offset from every seat, chi, pon and kan, four and three players") {
  int checked = 0;
  for (const int players : {4, 3}) {
    for (int caller = 0; caller < players; ++caller) {
      for (int offset = 0; offset < 4; ++offset) {
        const int from = (caller + offset) % 4;
        // Who throws the tile: the seat the offset names, or (the empty seat, or the caller itself) the next seat.
        const int thrower = offset != 0 && from < players ? from : (caller + 1) % players;
        const std::string who = std::to_string(caller);
        const std::string wrong = offset == 0 ? "<N> m: a call of one's own discard"
                                  : from >= players
                                      ? "<N> m: seat " + who + " calls from seat 3, a seat this game does not have"
                                      : "";
        INFO(players << " players, seat " << caller << " calls with offset " << offset << " (seat " << from << ")");
        // Pon of 3s (ids 80-83): each copy left out, each of the three called;
        // then the copy left out drawn and added (the added kan keeps the offset).
        for (int left_out = 0; left_out < 4; ++left_out)
          for (int called = 0; called < 3; ++called) {
            std::vector<int> pon_ids;
            for (int k = 0; k < 4; ++k)
              if (k != left_out) pon_ids.push_back(80 + k);
            const int thrown = pon_ids[static_cast<std::size_t>(called)];
            std::vector<int> held;
            for (const int id : pon_ids)
              if (id != thrown) held.push_back(id);
            const std::string pon = draw_tag(thrower, thrown) + discard_tag(thrower, thrown) +
                                    call_tag(caller, pon_code(offset, 20, left_out, called));
            int filler = 0;
            const std::string record =
                call_record(players, thrower, caller, held, {thrown, 80 + left_out}, pon, &filler);
            const std::string expected = "pon " + who + "<" + std::to_string(from) + " " + tiles_of(20, 3);
            CHECK(read_replay_write(record, expected) == (wrong.empty() ? "ok" : wrong));
            ++checked;
            if (!wrong.empty()) continue;
            // The others draw and throw in turn (ids from 6z) until the caller draws the fourth 3s.
            std::string added = pon + discard_tag(caller, filler);
            std::vector<int> kept_out = {thrown, 80 + left_out};
            for (int s = (caller + 1) % players, id = 128; s != caller; s = (s + 1) % players, ++id) {
              added += draw_tag(s, id) + discard_tag(s, id);
              kept_out.push_back(id);
            }
            added += draw_tag(caller, 80 + left_out) + call_tag(caller, pon_code(offset, 20, left_out, called, true));
            const std::string kakan = call_record(players, thrower, caller, held, kept_out, added);
            CHECK(read_replay_write(kakan, expected + "; kakan " + who + " " + tiles_of(20, 4)) == "ok");
            const ReadResult read = read_record(kakan, "kakan.mjlog");
            REQUIRE(read.ok());
            CHECK(read.game.rounds[0].events.back().from == from);
            ++checked;
          }
        // Open kan of 3s: each copy called, the caller holding the other three.
        for (int called = 0; called < 4; ++called) {
          std::vector<int> held;
          for (int k = 0; k < 4; ++k)
            if (k != called) held.push_back(80 + k);
          const std::string record = call_record(players, thrower, caller, held, {80 + called},
                                                 draw_tag(thrower, 80 + called) + discard_tag(thrower, 80 + called) +
                                                     call_tag(caller, kan_code(offset, 80 + called)));
          const std::string expected = "minkan " + who + "<" + std::to_string(from) + " " + tiles_of(20, 4);
          // Offset 0 is a closed kan: of a tile the caller does not hold.
          const std::string closed = "E" + std::to_string(thrower + 1) + "-0 event 2: seat " + who +
                                     " declares a closed kan of tile id " + std::to_string(80 + called) +
                                     ", but seat " + std::to_string(thrower) + " discarded it";
          CHECK(read_replay_write(record, expected) == (offset == 0 ? closed : wrong.empty() ? "ok" : wrong));
          ++checked;
        }
        // Chi of 7p8p9p and 7s8s9s: each tile called, copies varied. Only
        // from the previous seat (offset 3), and never with three players.
        for (const int first : {15, 24})
          for (int called = 0; called < 3; ++called)
            for (int copy = 0; copy < 4; ++copy) {
              const std::array<int, 3> copies{copy, (copy + 1) % 4, (copy + 2) % 4};
              std::array<int, 3> ids{};
              for (std::size_t k = 0; k < 3; ++k) ids[k] = (first + static_cast<int>(k)) * 4 + copies[k];
              const int thrown = ids[static_cast<std::size_t>(called)];
              std::vector<int> held;
              for (const int id : ids)
                if (id != thrown) held.push_back(id);
              const std::string record = call_record(players, thrower, caller, held, {thrown},
                                                     draw_tag(thrower, thrown) + discard_tag(thrower, thrown) +
                                                         call_tag(caller, chi_code(offset, first, copies, called)));
              std::string expected = "chi " + who + "<" + std::to_string(from) + " " +
                                     tile_text(RecordTile{mjk::Tile(first + called), false});
              for (int k = 0; k < 3; ++k)
                if (k != called) expected += tile_text(RecordTile{mjk::Tile(first + k), false});
              const std::string outcome = read_replay_write(record, expected);
              // A chi the rules refuse is the engine's disagreement: the seat, the chi, why, and the legal set.
              const std::string refused = "engine: seat " + who + " may not chi ";
              if (!wrong.empty()) CHECK(outcome == wrong);
              else if (players == 3 || offset != 3) {
                CHECK(outcome.rfind(refused, 0) == 0);
                CHECK(outcome.find("legal set: {") != std::string::npos);
                if (players == 3 && outcome.find("has no decision") == std::string::npos &&
                    outcome.find("not an action of this decision") == std::string::npos)
                  CHECK(outcome.find("three players have no chi") != std::string::npos);
              } else CHECK(outcome == "ok");
              ++checked;
            }
      }
      // A closed kan (offset 0): the fourth copy drawn, any of the four ids in the code.
      for (int named = 0; named < 4; ++named) {
        const std::string record = call_record(players, caller, caller, {80, 81, 82}, {83},
                                               draw_tag(caller, 83) + call_tag(caller, kan_code(0, 80 + named)));
        CHECK(read_replay_write(record, "ankan " + std::to_string(caller) + " " + tiles_of(20, 4)) == "ok");
        ++checked;
      }
    }
  }
  MESSAGE(checked << " records of one call each checked");
}
