// The C ABI's game tables (mjk_table_*): whole games played through the
// handle with random legal actions, scores conserved, refusals that leave
// the state unchanged, walls given and refused, the events as mjai lines.
#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "mjk.h"
#include "mjk/records.hpp"
#include "mjk/replay.hpp"
#include "mjk/wall.hpp"

namespace {

struct Handle {
  mjk_table* t;
  explicit Handle(mjk_table* table) : t(table) {}
  ~Handle() { mjk_table_free(t); }
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;
};

mjk_table_state state_of(const mjk_table* t) {
  mjk_table_state s{};
  REQUIRE(mjk_table_get_state(t, &s) == MJK_OK);
  return s;
}

std::string events_of(const mjk_table* t, int viewer, std::size_t from = 0) {
  std::size_t needed = 0;
  CHECK(mjk_table_events(t, viewer, from, nullptr, 0, &needed) == MJK_ERR_OUTPUT_TOO_SMALL);
  std::string out(needed, '\0');
  REQUIRE(mjk_table_events(t, viewer, from, out.data(), out.size(), &needed) == MJK_OK);
  out.resize(needed - 1);
  return out;
}

// Plays the table to its end with random legal actions; returns decisions.
long play(mjk_table* t, std::uint64_t seed, int players) {
  mjk::Rng rng{seed};
  long decisions = 0;
  const mjk_table_state first = state_of(t);
  const int total = first.scores[0] + first.scores[1] + first.scores[2] + first.scores[3];
  CHECK(total == players * (players == 4 ? 25000 : 35000));
  for (;;) {
    const mjk_table_state s = state_of(t);
    if (s.done) break;
    if (s.phase == MJK_PHASE_ROUND_OVER) {
      int sum = 0;
      for (int i = 0; i < 4; ++i) sum += s.scores[i];
      CHECK(sum + 1000 * s.sticks == total);  // points conserved, sticks included
      REQUIRE(mjk_table_next_round(t, nullptr, 0, nullptr) == MJK_OK);
      continue;
    }
    REQUIRE(s.actors != 0);
    for (int seat = 0; seat < players; ++seat) {
      if (!((s.actors >> seat) & 1)) continue;
      std::array<std::uint8_t, MJK_ACTIONS> ids{};
      const int n = mjk_table_legal(t, seat, ids.data(), ids.size());
      REQUIRE(n > 0);
      std::array<std::uint8_t, MJK_ACTIONS> mask{};
      CHECK(mjk_table_legal_mask(t, seat, mask.data()) == n);
      const int a = ids[rng.below(static_cast<std::uint32_t>(n))];
      CHECK(mask[a] == 1);
      mjk_table_error e{};
      REQUIRE(mjk_table_apply(t, seat, a, &e) == MJK_OK);
      CHECK(e.code == MJK_OK);
      ++decisions;
    }
  }
  return decisions;
}

}  // namespace

TEST_CASE("c table: games to the end with random legal actions, four and three players") {
  for (const char* rules : {"tenhou", "tenhou-sanma", "mahjongsoul"}) {
    const int players = std::strstr(rules, "sanma") ? 3 : 4;
    for (std::uint64_t seed = 0; seed < 3; ++seed) {
      mjk_table_error e{};
      Handle h(mjk_table_new(rules, seed, 1, MJK_LENGTH_RULES, &e));
      REQUIRE(h.t != nullptr);
      CHECK(e.code == MJK_OK);
      CHECK(play(h.t, seed, players) > 50);
      const mjk_table_state s = state_of(h.t);
      CHECK(s.done == 1);
      CHECK(s.phase == MJK_PHASE_GAME_OVER);
      CHECK(s.actors == 0);
      CHECK(s.players == players);
      int sum = 0, places = 0;
      for (int i = 0; i < players; ++i) sum += s.scores[i], places |= 1 << s.placements[i];
      CHECK(sum == players * (players == 4 ? 25000 : 35000));  // sticks left go to the top
      CHECK(places == (1 << players) - 1);
      const std::string lines = events_of(h.t, -1);
      CHECK(lines.rfind("{\"type\":\"start_game\"", 0) == 0);
      CHECK(lines.find("{\"type\":\"end_game\"") != std::string::npos);
      // An action after the end is refused by name.
      CHECK(mjk_table_apply(h.t, 0, MJK_ACT_PASS, &e) == MJK_ERR_ILLEGAL_ACTION);
      CHECK(e.refusal == MJK_REFUSAL_GAME_OVER);
    }
  }
}

TEST_CASE("c table: the same seed and game give the same events") {
  Handle a(mjk_table_new("tenhou", 9, 2, MJK_LENGTH_EAST, nullptr));
  Handle b(mjk_table_new("tenhou", 9, 2, MJK_LENGTH_EAST, nullptr));
  play(a.t, 5, 4);
  play(b.t, 5, 4);
  CHECK(events_of(a.t, -1) == events_of(b.t, -1));
  CHECK(events_of(a.t, 1) == events_of(b.t, 1));
}

TEST_CASE("c table: an illegal action is refused with its reason and the state unchanged") {
  Handle h(mjk_table_new("tenhou", 3, 0, MJK_LENGTH_ONE, nullptr));
  const mjk_table_state before = state_of(h.t);
  const std::string events_before = events_of(h.t, -1);
  CHECK(before.phase == MJK_PHASE_TURN);
  CHECK(before.actors == 1);  // the dealer, seat 0, after the first draw
  mjk_table_error e{};
  // Seat 1 is not asked.
  CHECK(mjk_table_apply(h.t, 1, MJK_ACT_TSUMOGIRI, &e) == MJK_ERR_ILLEGAL_ACTION);
  CHECK(e.code == MJK_ERR_ILLEGAL_ACTION);
  CHECK(e.refusal == MJK_REFUSAL_NOT_ASKED);
  CHECK(e.seat == 1);
  CHECK(std::string(e.message).find("seat 1") != std::string::npos);
  // Ron on one's own turn, an id out of range, a seat out of range.
  CHECK(mjk_table_apply(h.t, 0, MJK_ACT_RON, &e) == MJK_ERR_ILLEGAL_ACTION);
  CHECK(e.refusal != MJK_REFUSAL_NONE);
  CHECK(std::string(e.message).find("ron") != std::string::npos);
  CHECK(mjk_table_apply(h.t, 0, 124, &e) == MJK_ERR_ILLEGAL_ACTION);
  CHECK(e.refusal == MJK_REFUSAL_BAD_ACTION);
  CHECK(mjk_table_apply(h.t, 0, -1, &e) == MJK_ERR_ILLEGAL_ACTION);
  CHECK(mjk_table_apply(h.t, 7, MJK_ACT_PASS, &e) == MJK_ERR_ILLEGAL_ACTION);
  CHECK(e.refusal == MJK_REFUSAL_BAD_SEAT);
  const mjk_table_state after = state_of(h.t);
  CHECK(std::memcmp(&before, &after, sizeof before) == 0);
  CHECK(events_of(h.t, -1) == events_before);
  CHECK(mjk_table_next_round(h.t, nullptr, 0, &e) == MJK_ERR_NOT_ROUND_OVER);
  CHECK(std::string(e.message) == "the round is not over: no next round to deal");
  // A game over: the same code, and the sentence says the game is (it said the round is not over).
  Handle one(mjk_table_new("tenhou", 0, 0, MJK_LENGTH_ONE, nullptr));
  while (mjk_table_seat(one.t) >= 0) {
    std::uint8_t legal[MJK_ACTIONS];
    const int s = mjk_table_seat(one.t);
    REQUIRE(mjk_table_legal(one.t, s, legal, MJK_ACTIONS) > 0);
    REQUIRE(mjk_table_apply(one.t, s, legal[0], nullptr) == MJK_OK);
  }
  REQUIRE(state_of(one.t).done == 1);
  CHECK(mjk_table_next_round(one.t, nullptr, 0, &e) == MJK_ERR_NOT_ROUND_OVER);
  CHECK(std::string(e.message) == "the game is over: no next round to deal");
  CHECK(mjk_table_apply(one.t, 0, MJK_ACT_PASS, &e) == MJK_ERR_ILLEGAL_ACTION);
  CHECK(e.refusal == MJK_REFUSAL_GAME_OVER);
  CHECK(std::string(mjk_error_message(MJK_ERR_ILLEGAL_ACTION)) == "action not in the seat's legal set");
  CHECK(std::string(mjk_error_message(MJK_ERR_NOT_ROUND_OVER)) == "the round is not over");
}

TEST_CASE("c table: bad arguments are named, nothing crashes") {
  mjk_table_error e{};
  CHECK(mjk_table_new("tenhu", 0, 0, MJK_LENGTH_RULES, &e) == nullptr);
  CHECK(e.code == MJK_ERR_UNKNOWN_RULES);
  CHECK(std::string(e.message).find("'tenhu'") != std::string::npos);
  CHECK(std::string(e.message).find("tenhou-sanma") != std::string::npos);
  CHECK(mjk_table_new("tenhou", 0, 0, 7, &e) == nullptr);
  CHECK(e.code == MJK_ERR_UNKNOWN_RULES);
  CHECK(mjk_table_new(nullptr, 0, 0, MJK_LENGTH_RULES, &e) == nullptr);
  CHECK(e.code == MJK_ERR_INVALID_ARGUMENT);
  CHECK(mjk_table_legal(nullptr, 0, nullptr, 0) == -MJK_ERR_INVALID_ARGUMENT);
  CHECK(mjk_table_apply(nullptr, 0, 0, &e) == MJK_ERR_INVALID_ARGUMENT);
  CHECK(mjk_table_get_state(nullptr, nullptr) == MJK_ERR_INVALID_ARGUMENT);
  CHECK(mjk_table_events(nullptr, -1, 0, nullptr, 0, nullptr) == MJK_ERR_INVALID_ARGUMENT);
  mjk_table_free(nullptr);
  Handle h(mjk_table_new("tenhou-sanma", 0, 0, MJK_LENGTH_RULES, nullptr));
  CHECK(mjk_table_legal(h.t, 3, nullptr, 0) == -MJK_ERR_INVALID_ARGUMENT);  // no fourth seat
  std::array<std::uint8_t, 1> one{};
  CHECK(mjk_table_legal(h.t, 0, one.data(), one.size()) == -MJK_ERR_OUTPUT_TOO_SMALL);
  CHECK(mjk_table_events(h.t, 3, 0, nullptr, 0, nullptr) == MJK_ERR_INVALID_ARGUMENT);
  char name[32];
  CHECK(mjk_action_name(MJK_ACT_PASS, name, sizeof name) == MJK_OK);
  CHECK(std::string(name) == "pass");
  CHECK(mjk_action_name(MJK_ACTIONS, name, sizeof name) == MJK_ERR_INVALID_ARGUMENT);
  CHECK(mjk_action_name(MJK_ACT_PASS, name, 2) == MJK_ERR_OUTPUT_TOO_SMALL);
}

TEST_CASE("c table: a given wall is dealt; a bad wall is refused by name") {
  const mjk::Wall seeded = mjk::seeded_wall(*mjk::rules_preset("tenhou").rules, 77, 0, 0, 0);
  std::vector<std::uint8_t> ids(seeded.tiles.begin(), seeded.tiles.begin() + seeded.size);
  Handle from_seed(mjk_table_new("tenhou", 77, 0, MJK_LENGTH_RULES, nullptr));
  Handle from_wall(mjk_table_new_wall("tenhou", 5, 0, MJK_LENGTH_RULES, ids.data(), ids.size(), nullptr));
  REQUIRE(from_wall.t != nullptr);
  CHECK(events_of(from_seed.t, -1) == events_of(from_wall.t, -1));  // the same first round
  mjk_table_error e{};
  ids[0] = ids[1];  // an id twice
  CHECK(mjk_table_new_wall("tenhou", 0, 0, MJK_LENGTH_RULES, ids.data(), ids.size(), &e) == nullptr);
  CHECK(e.code == MJK_ERR_BAD_WALL);
  CHECK(std::string(e.message).rfind("bad wall: ", 0) == 0);
  CHECK(mjk_table_new_wall("tenhou", 0, 0, MJK_LENGTH_RULES, ids.data(), 100, &e) == nullptr);
  CHECK(e.code == MJK_ERR_BAD_WALL);
  // A count far past the wall's is refused by name, not copied (it was a
  // std::length_error through the C boundary: the process aborted).
  CHECK(mjk_table_new_wall("tenhou", 0, 0, MJK_LENGTH_RULES, ids.data(), SIZE_MAX / 4, &e) == nullptr);
  CHECK(e.code == MJK_ERR_BAD_WALL);
  CHECK(std::string(e.message) ==
        "bad wall: a wall of " + std::to_string(SIZE_MAX / 4) + " tiles (136 wanted with 4 players)");
  CHECK(mjk_table_new_wall("tenhou", 0, 0, MJK_LENGTH_RULES, ids.data(), 137, &e) == nullptr);
  CHECK(std::string(e.message) == "bad wall: a wall of 137 tiles (136 wanted with 4 players)");
  Handle over(mjk_table_new("tenhou", 0, 0, MJK_LENGTH_RULES, nullptr));  // a round over, the game not
  while (mjk_table_seat(over.t) >= 0) {  // to the round's end: the first legal action of the acting seat
    std::uint8_t legal[MJK_ACTIONS];
    const int s = mjk_table_seat(over.t);
    REQUIRE(mjk_table_legal(over.t, s, legal, MJK_ACTIONS) > 0);
    REQUIRE(mjk_table_apply(over.t, s, legal[0], nullptr) == MJK_OK);
  }
  REQUIRE(mjk_table_actors(over.t) == 0);
  CHECK(mjk_table_next_round(over.t, ids.data(), SIZE_MAX / 4, &e) == MJK_ERR_BAD_WALL);
  CHECK(std::string(e.message).rfind("bad wall: a wall of ", 0) == 0);
}

TEST_CASE("c table: a seat's view hides the others' tiles; from_line skips what was sent") {
  Handle h(mjk_table_new("tenhou", 4, 0, MJK_LENGTH_ONE, nullptr));
  const std::string all = events_of(h.t, -1);
  const std::string seat2 = events_of(h.t, 2);
  CHECK(all.find("\"?\"") == std::string::npos);
  CHECK(seat2.find("\"?\"") != std::string::npos);
  const std::string rest = events_of(h.t, -1, 1);  // without start_game
  CHECK(all.substr(all.find('\n') + 1) == rest);
  CHECK(events_of(h.t, -1, 1000).empty());
}

TEST_CASE("c table: the game as tenhou.net/6 and mjlog reads back as the same game") {
  std::array<int, 3> written{};
  for (const char* rules : {"tenhou", "tenhou-sanma"}) {
    const int players = std::strstr(rules, "sanma") ? 3 : 4;
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      INFO(rules << " seed " << seed);
      Handle h(mjk_table_new(rules, seed, 0, MJK_LENGTH_EAST, nullptr));
      play(h.t, seed, players);
      const std::string mjai = events_of(h.t, -1);
      const mjk::records::ReadResult original = mjk::records::read_mjai(mjai, "t.mjson");
      REQUIRE(original.ok());
      const std::string want = mjk::records::replay_text(mjk::records::replay(original.game));
      for (const int format : {MJK_RECORD_MJAI, MJK_RECORD_TENHOU6, MJK_RECORD_MJLOG}) {
        INFO("format " << format);
        std::size_t needed = 0;
        mjk_table_error e{};
        CHECK(mjk_table_record(h.t, format, nullptr, 0, &needed, &e) == MJK_ERR_OUTPUT_TOO_SMALL);
        std::string text(needed, '\0');
        const int code = mjk_table_record(h.t, format, text.data(), text.size(), &needed, &e);
        if (code == MJK_ERR_RECORD_UNWRITABLE) {  // a game tenhou.net/6 cannot carry: said by name
          CHECK(format == MJK_RECORD_TENHOU6);
          CHECK(std::strlen(e.message) > 0);
          continue;
        }
        REQUIRE_MESSAGE(code == MJK_OK, e.message);
        text.resize(needed - 1);
        if (format == MJK_RECORD_MJAI) CHECK(text == mjai);
        const mjk::records::ReadResult back = mjk::records::read_record(text, "t");
        REQUIRE_MESSAGE(back.ok(), back.error->message());
        CHECK(mjk::records::replay_text(mjk::records::replay(back.game)) == want);
        ++written[static_cast<std::size_t>(format)];
      }
    }
  }
  CHECK(written[MJK_RECORD_MJAI] == 6);
  CHECK(written[MJK_RECORD_MJLOG] == 6);
  CHECK(written[MJK_RECORD_TENHOU6] >= 1);
  MESSAGE("tenhou.net/6 written for " << written[MJK_RECORD_TENHOU6] << " of 6 games");
  Handle h(mjk_table_new("tenhou", 1, 0, MJK_LENGTH_ONE, nullptr));
  mjk_table_error e{};
  CHECK(mjk_table_record(h.t, 3, nullptr, 0, nullptr, &e) == MJK_ERR_INVALID_ARGUMENT);
  CHECK(std::string(e.message).find("unknown record format 3") != std::string::npos);
  CHECK(mjk_table_record(h.t, MJK_RECORD_NONE, nullptr, 0, nullptr, &e) == MJK_ERR_INVALID_ARGUMENT);
  CHECK(std::string(e.message) == "unknown record format -1 (MJK_RECORD_MJAI, MJK_RECORD_TENHOU6, MJK_RECORD_MJLOG)");
}
