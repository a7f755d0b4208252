// What every door of a table shares through the C ABI (mjk_table.h): the
// acting seat, playing on past round ends, the observation encoding, the
// presets' players, and batches of tables (mjk_tables_*) against single
// tables of the same seed and game; self-play games (mjk_selfplay_*).
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "mjk.h"

namespace {

std::uint64_t next(std::uint64_t& x) {  // splitmix64: the tests' random actions
  std::uint64_t z = (x += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// A random legal action of a mask row.
std::int64_t pick(const std::uint8_t* row, std::uint64_t& rng) {
  std::vector<int> ids;
  for (int a = 0; a < MJK_ACTIONS; ++a)
    if (row[a]) ids.push_back(a);
  REQUIRE(!ids.empty());
  return ids[next(rng) % ids.size()];
}

int field_offset(const char* wanted) {
  const char* name = nullptr;
  int offset = 0, size = 0;
  for (int i = 0; mjk_observation_field(i, &name, &offset, &size) == MJK_OK; ++i)
    if (std::string(name) == wanted) return offset;
  FAIL("no field " << wanted);
  return -1;
}

}  // namespace

TEST_CASE("c tables: a preset's players and length; unknown presets named") {
  int players = 0, length = -1;
  mjk_table_error error{};
  CHECK(mjk_rules_preset("tenhou", &players, &length, &error) == MJK_OK);
  CHECK((players == 4 && length == MJK_LENGTH_SOUTH));
  CHECK(mjk_rules_preset("mahjongsoul-sanma", &players, &length, &error) == MJK_OK);
  CHECK(players == 3);
  CHECK(mjk_rules_preset("tenhu", &players, &length, &error) == MJK_ERR_UNKNOWN_RULES);
  CHECK(std::string(error.message) ==
        "unknown rules preset 'tenhu' (the presets: tenhou, tenhou-sanma, mahjongsoul, "
        "mahjongsoul-sanma)");
  CHECK(mjk_rules_preset("tenhou", nullptr, &length, &error) == MJK_ERR_INVALID_ARGUMENT);
}

TEST_CASE("c tables: the acting seat and play_on take a game to its end, its invariants holding") {
  mjk_table* t = mjk_table_new("tenhou-sanma", 3, 0, MJK_LENGTH_EAST, nullptr);
  REQUIRE(t);
  std::uint64_t rng = 1;
  std::array<std::int32_t, 4> deltas{};
  int over = 0;
  while (!over) {
    mjk_table_state s{};
    mjk_table_get_state(t, &s);
    const int seat = mjk_table_seat(t);
    REQUIRE(seat >= 0);
    CHECK((s.actors & (1 << seat)) != 0);
    CHECK((s.actors & ((1 << seat) - 1)) == 0);  // the lowest seat asked
    std::array<std::uint8_t, MJK_ACTIONS> mask{};
    mjk_table_legal_mask(t, seat, mask.data());
    REQUIRE(mjk_table_apply(t, seat, static_cast<int>(pick(mask.data(), rng)), nullptr) == MJK_OK);
    over = mjk_table_play_on(t, deltas.data());
    REQUIRE(over >= 0);
    char what[256];
    REQUIRE(mjk_table_check(t, what, sizeof what) == MJK_OK);
    CHECK(std::string(what).empty());
  }
  mjk_table_state s{};
  mjk_table_get_state(t, &s);
  CHECK(s.done);
  CHECK(mjk_table_seat(t) == -1);
  // The rounds' payments add up to the final scores, less the sticks left (which go to the top).
  int paid = 0, gained = 0;
  for (int i = 0; i < 3; ++i) paid += deltas[static_cast<std::size_t>(i)], gained += s.scores[i] - 35000;
  CHECK(paid <= gained);
  CHECK((gained - paid) % 1000 == 0);
  CHECK(mjk_table_play_on(nullptr, nullptr) == -MJK_ERR_INVALID_ARGUMENT);
  CHECK(mjk_table_seat(nullptr) == -1);
  mjk_table_free(t);
}

TEST_CASE("c tables: the observation's fields tile its floats; the dealer's first turn") {
  int end = 0;
  const char* name = nullptr;
  int offset = 0, size = 0;
  for (int i = 0; i < MJK_OBSERVATION_FIELDS; ++i) {
    REQUIRE(mjk_observation_field(i, &name, &offset, &size) == MJK_OK);
    CHECK(offset == end);
    end += size;
  }
  CHECK(end == MJK_OBSERVATION_SIZE);
  CHECK(mjk_observation_field(MJK_OBSERVATION_FIELDS, &name, &offset, &size) == MJK_ERR_INVALID_ARGUMENT);
  mjk_table* t = mjk_table_new("tenhou", 3, 0, MJK_LENGTH_RULES, nullptr);
  std::vector<float> obs(MJK_OBSERVATION_SIZE);
  REQUIRE(mjk_table_observe(t, obs.data()) == MJK_OK);
  const int hand = field_offset("hand"), shanten = field_offset("shanten_after"), scores = field_offset("scores");
  float tiles = 0;
  for (int k = 0; k < 34; ++k) {
    tiles += obs[static_cast<std::size_t>(hand + k)];
    if (obs[static_cast<std::size_t>(hand + k)] == 0) CHECK(obs[static_cast<std::size_t>(shanten + k)] == 9);
    else CHECK(obs[static_cast<std::size_t>(shanten + k)] <= 6);
  }
  CHECK(tiles == 14);
  for (int s = 0; s < 4; ++s) CHECK(obs[static_cast<std::size_t>(scores + s)] == 25000);
  mjk_table_free(t);
}

TEST_CASE("c tables: a batch plays game i of the seed on table i, as single tables do") {
  constexpr std::size_t n = 3;
  std::vector<std::uint8_t> mask(n * MJK_ACTIONS);
  std::array<std::int8_t, n> seat{};
  std::array<std::int32_t, n * 4> deltas{}, final_scores{};
  std::array<float, n> rewards{};
  std::array<std::uint8_t, n> done{};
  const mjk_tables_out out{mask.data(), seat.data(), deltas.data(), final_scores.data(), rewards.data(), done.data()};
  mjk_table_error error{};
  mjk_tables* b = mjk_tables_new("tenhou", MJK_LENGTH_ONE, 8, n, &out, &error);
  REQUIRE(b);
  CHECK(mjk_tables_size(b) == n);
  std::array<mjk_table*, n> single{};
  for (std::size_t i = 0; i < n; ++i)
    single[i] = mjk_table_new("tenhou", 8, static_cast<std::uint32_t>(i), MJK_LENGTH_ONE, nullptr);
  std::uint64_t rng = 2;
  int finished = 0;
  for (int step = 0; step < 400; ++step) {
    std::array<std::int64_t, n> actions{};
    for (std::size_t i = 0; i < n; ++i) {
      if (finished == 0) {  // until a game ends, table i is mjk_table_new(seed, game i)
        std::array<std::uint8_t, MJK_ACTIONS> m{};
        CHECK(mjk_table_seat(single[i]) == seat[i]);
        mjk_table_legal_mask(single[i], seat[i], m.data());
        CHECK(std::equal(m.begin(), m.end(), mask.begin() + static_cast<std::ptrdiff_t>(MJK_ACTIONS * i)));
      }
      actions[i] = pick(mask.data() + MJK_ACTIONS * i, rng);
    }
    const std::array<std::int8_t, n> seats = seat;
    REQUIRE(mjk_tables_step(b, actions.data(), &out, &error) == MJK_OK);
    for (std::size_t i = 0; i < n; ++i) {
      if (finished == 0) {
        mjk_table_apply(single[i], seats[i], static_cast<int>(actions[i]), nullptr);
        mjk_table_play_on(single[i], nullptr);
      }
      CHECK(rewards[i] == static_cast<float>(deltas[4 * i + static_cast<std::size_t>(seats[i])]));
      if (done[i]) {
        CHECK(final_scores[4 * i] + final_scores[4 * i + 1] + final_scores[4 * i + 2] + final_scores[4 * i + 3] ==
              100000);
        ++finished;
      }
    }
  }
  CHECK(finished > static_cast<int>(n));
  std::array<std::uint32_t, n> games{};
  REQUIRE(mjk_tables_games(b, games.data(), nullptr) == MJK_OK);
  for (std::size_t i = 0; i < n; ++i) {
    CHECK(games[i] % n == i);
    char what[256];
    REQUIRE(mjk_tables_check(b, i, what, sizeof what) == MJK_OK);
    CHECK(std::string(what).empty());
  }
  // The batch's observations are the single tables' after a reset.
  REQUIRE(mjk_tables_reset(b, 8, &out) == MJK_OK);
  std::vector<float> batch(n * MJK_OBSERVATION_SIZE), one(MJK_OBSERVATION_SIZE);
  REQUIRE(mjk_tables_encode(b, batch.data()) == MJK_OK);
  mjk_table* first = mjk_table_new("tenhou", 8, 1, MJK_LENGTH_ONE, nullptr);
  mjk_table_observe(first, one.data());
  CHECK(std::equal(one.begin(), one.end(), batch.begin() + MJK_OBSERVATION_SIZE));
  mjk_table_free(first);
  for (mjk_table* t : single) mjk_table_free(t);
  mjk_tables_free(b);
}

TEST_CASE("c tables: an illegal action is named and no table moves; bad arguments") {
  constexpr std::size_t n = 4;
  std::vector<std::uint8_t> mask(n * MJK_ACTIONS);
  const mjk_tables_out out{mask.data(), nullptr, nullptr, nullptr, nullptr, nullptr};
  mjk_table_error error{};
  mjk_tables* b = mjk_tables_new("tenhou", MJK_LENGTH_RULES, 1, n, &out, &error);
  REQUIRE(b);
  const std::vector<std::uint8_t> before = mask;
  std::uint64_t rng = 3;
  std::array<std::int64_t, n> actions{};
  for (std::size_t i = 0; i < n; ++i) actions[i] = pick(mask.data() + MJK_ACTIONS * i, rng);
  actions[2] = MJK_ACT_RON;  // ron on a turn
  CHECK(mjk_tables_step(b, actions.data(), &out, &error) == MJK_ERR_ILLEGAL_ACTION);
  CHECK(std::string(error.message).rfind("table 2: seat 0 may not play ron: ", 0) == 0);
  CHECK(std::string(error.message).find("(nothing was applied)") != std::string::npos);
  CHECK(error.refusal != MJK_REFUSAL_NONE);
  actions[2] = 500;
  CHECK(mjk_tables_step(b, actions.data(), &out, &error) == MJK_ERR_ILLEGAL_ACTION);
  CHECK(std::string(error.message).rfind("table 2: seat 0 may not play action 500: ", 0) == 0);
  CHECK(error.refusal == MJK_REFUSAL_BAD_ACTION);
  CHECK(mask == before);
  CHECK(mjk_tables_step(b, nullptr, &out, &error) == MJK_ERR_INVALID_ARGUMENT);
  CHECK(mjk_tables_check(b, n, nullptr, 0) == MJK_ERR_INVALID_ARGUMENT);
  mjk_tables_free(b);
  CHECK(mjk_tables_new("tenhou", MJK_LENGTH_RULES, 1, 0, nullptr, &error) == nullptr);
  CHECK(error.code == MJK_ERR_INVALID_ARGUMENT);
  CHECK(mjk_tables_new("tenhu", MJK_LENGTH_RULES, 1, 2, nullptr, &error) == nullptr);
  CHECK(error.code == MJK_ERR_UNKNOWN_RULES);
  // More tables than a vector can hold: out of memory, named (it was a
  // std::length_error through the C boundary: the process aborted).
  CHECK(mjk_tables_new("tenhou", MJK_LENGTH_RULES, 1, SIZE_MAX, nullptr, &error) == nullptr);
  CHECK(error.code == MJK_ERR_OUT_OF_MEMORY);
  CHECK(std::string(error.message) ==
        "out of memory: " + std::to_string(SIZE_MAX) + " tables are more than memory holds");
  CHECK(mjk_tables_table_bytes() > 0);
  mjk_tables_free(nullptr);
}

TEST_CASE("c selfplay: the same (seed, game) is the same record whatever was played before; bad plans named") {
  const char* bots[] = {"advice", "random", "tsumogiri", "advice"};
  mjk_table_error error{};
  mjk_selfplay* p = mjk_selfplay_new("tenhou", MJK_LENGTH_ONE, bots, 4, MJK_RECORD_MJAI, &error);
  REQUIRE(p);
  mjk_selfplay_game g{};
  REQUIRE(mjk_selfplay_play(p, 7, 2, &g, &error) == MJK_OK);
  const std::string first(g.text, g.size);
  CHECK(first.rfind("{\"type\":\"start_game\"", 0) == 0);
  CHECK(g.rounds >= 1);
  CHECK(g.scores[0] + g.scores[1] + g.scores[2] + g.scores[3] <= 100000);
  REQUIRE(mjk_selfplay_play(p, 7, 3, &g, &error) == MJK_OK);
  REQUIRE(mjk_selfplay_play(p, 7, 2, &g, &error) == MJK_OK);
  CHECK(std::string(g.text, g.size) == first);
  // The summary mjk play prints of the games added.
  REQUIRE(mjk_selfplay_add(p, &g) == MJK_OK);
  REQUIRE(mjk_selfplay_add(p, &g) == MJK_OK);
  std::size_t needed = 0;
  CHECK(mjk_selfplay_summary(p, 7, 0.5, 0, nullptr, 0, &needed) == MJK_ERR_OUTPUT_TOO_SMALL);
  std::string text(needed, '\0');
  REQUIRE(mjk_selfplay_summary(p, 7, 0.5, 0, text.data(), text.size(), &needed) == MJK_OK);
  CHECK(text.rfind("games      2 (4 players, one round, rules tenhou, seed 7)\nrounds     " +
                       std::to_string(2 * g.rounds) + "\n",
                   0) == 0);
  CHECK(text.find("\nseat  bot           1st   2nd   3rd   4th  average score\n0     advice     ") !=
        std::string::npos);
  CHECK(text.find("\n1.00 s, 4.0 hanchan/s\n") == std::string::npos);  // 2 games in 0.5 s
  CHECK(text.find("\n0.50 s, 4.0 hanchan/s\n") != std::string::npos);
  std::string json(512, '\0');
  REQUIRE(mjk_selfplay_summary(p, 7, 0.5, 1, json.data(), json.size(), &needed) == MJK_OK);
  CHECK(json.rfind("{\"games\":2,\"players\":4,\"length\":\"one\",\"rules\":\"tenhou\",\"seed\":7,", 0) == 0);
  CHECK(mjk_selfplay_add(p, nullptr) == MJK_ERR_INVALID_ARGUMENT);
  mjk_selfplay_free(p);
  mjk_selfplay* none = mjk_selfplay_new("tenhou", MJK_LENGTH_ONE, bots, 4, MJK_RECORD_NONE, &error);
  REQUIRE(none);
  REQUIRE(mjk_selfplay_play(none, 7, 2, &g, &error) == MJK_OK);
  CHECK(g.size == 0);
  mjk_selfplay_free(none);

  const char* bad[] = {"advice", "nobot", "advice", "advice"};
  CHECK(mjk_selfplay_new("tenhou", MJK_LENGTH_ONE, bad, 4, MJK_RECORD_MJAI, &error) == nullptr);
  CHECK(std::string(error.message) == "unknown bot 'nobot' for seat 1 (the bots: random, tsumogiri, advice, ev)");
  CHECK(mjk_selfplay_new("tenhou", MJK_LENGTH_ONE, bots, 3, MJK_RECORD_MJAI, &error) == nullptr);
  CHECK(std::string(error.message) == "bots names 3 bots for 4 players");
  CHECK(mjk_selfplay_new("mahjongsoul", MJK_LENGTH_ONE, bots, 4, MJK_RECORD_MJLOG, &error) == nullptr);
  CHECK(std::string(error.message).rfind("--format mjlog states Tenhou's rules, and --rules mahjongsoul", 0) == 0);
  CHECK(mjk_selfplay_new("tenhu", MJK_LENGTH_ONE, bots, 4, MJK_RECORD_MJAI, &error) == nullptr);
  CHECK(error.code == MJK_ERR_UNKNOWN_RULES);
  for (const int format : {7, -2, 3}) {
    CHECK(mjk_selfplay_new("tenhou", MJK_LENGTH_ONE, bots, 4, format, &error) == nullptr);
    CHECK(std::string(error.message) ==
          "unknown record format " + std::to_string(format) + " (MJK_RECORD_MJAI, _TENHOU6, _MJLOG or _NONE)");
  }
  CHECK(mjk_selfplay_play(nullptr, 0, 0, &g, &error) == MJK_ERR_INVALID_ARGUMENT);
  mjk_selfplay_free(nullptr);
}

TEST_CASE("c selfplay plan: mjk play's options checked as the command checks them, in the caller's words") {
  mjk_table_error error{};
  mjk_selfplay_plan plan{};
  mjk_selfplay_options o{};
  // Nothing given: mjk play's defaults.
  REQUIRE(mjk_selfplay_make_plan(&o, &plan, &error) == MJK_OK);
  CHECK((plan.games == 1 && plan.seed == 0 && plan.players == 4 && plan.length == MJK_LENGTH_SOUTH));
  CHECK((plan.format == MJK_RECORD_NONE && std::string(plan.format_name) == "none" && *plan.extension == '\0'));
  CHECK(std::string(plan.rules) == "tenhou");
  for (int s = 0; s < 4; ++s) CHECK(std::string(plan.bots[s], plan.bot_sizes[s]) == "advice");
  // --players 3 takes the preset's -sanma rules; a command's commas stay in it; out alone writes mjai.
  o.games = "20";
  o.seed = "7";
  o.players = "3";
  o.length = "east";
  o.rules = "mahjongsoul";
  o.bots = "cmd:bot --json {\"a\":1,\"b\":2},random,ev";
  o.out = "games";
  REQUIRE(mjk_selfplay_make_plan(&o, &plan, &error) == MJK_OK);
  CHECK((plan.games == 20 && plan.seed == 7 && plan.players == 3 && plan.length == MJK_LENGTH_EAST));
  CHECK(std::string(plan.rules) == "mahjongsoul-sanma");
  CHECK((plan.format == MJK_RECORD_MJAI && std::string(plan.format_name) == "mjai"));
  CHECK(std::string(plan.extension) == ".mjson");
  CHECK(std::string(plan.length_name) == "east");
  CHECK(std::string(plan.bots[0], plan.bot_sizes[0]) == "cmd:bot --json {\"a\":1,\"b\":2}");
  CHECK(std::string(plan.bots[1], plan.bot_sizes[1]) == "random");
  CHECK(std::string(plan.bots[2], plan.bot_sizes[2]) == "ev");
  CHECK(plan.bots[2] == o.bots + std::string(o.bots).size() - 2);  // within the options' text
  // A plan makes its player.
  o.bots = "random";
  REQUIRE(mjk_selfplay_make_plan(&o, &plan, &error) == MJK_OK);
  const std::string name(plan.bots[0], plan.bot_sizes[0]);
  const char* bots[] = {name.c_str(), name.c_str(), name.c_str()};
  mjk_selfplay* p = mjk_selfplay_new(plan.rules, plan.length, bots, 3, plan.format, &error);
  REQUIRE(p);
  mjk_selfplay_free(p);

  // mjk play's sentences, the command's words (standard_output 1) and another door's.
  const auto refused = [&](auto set) {
    mjk_selfplay_options options{};
    set(options);
    CHECK(mjk_selfplay_make_plan(&options, &plan, &error) != MJK_OK);
    return std::string(error.message);
  };
  CHECK(refused([](mjk_selfplay_options& x) { x.games = "0"; }) ==
        "--games takes a number from 1 to 4294967295, not '0'");
  CHECK(refused([](mjk_selfplay_options& x) { x.seed = "-1"; }) ==
        "--seed takes a number from 0 to 18446744073709551615, not '-1'");
  CHECK(refused([](mjk_selfplay_options& x) { x.players = "5"; }) == "--players takes 4 or 3, not '5'");
  CHECK(refused([](mjk_selfplay_options& x) { x.length = "two"; }) == "--length takes one, east or south, not 'two'");
  CHECK(refused([](mjk_selfplay_options& x) {
          x.players = "4";
          x.rules = "tenhou-sanma";
        }) == "--rules tenhou-sanma is for 3 players and --players asks 4");
  CHECK(refused([](mjk_selfplay_options& x) { x.bots = "advice,random"; }) ==
        "--bots names 2 bots for 4 players: one a seat, or one for every seat");
  CHECK(refused([](mjk_selfplay_options& x) { x.bots = "advice,,advice,advice"; }) == "--bots names no bot for seat 1");
  CHECK(refused([](mjk_selfplay_options& x) { x.bots = "advice,cmd: ,advice,advice"; }) ==
        "--bots names cmd: with no command for seat 1");
  CHECK(refused([](mjk_selfplay_options& x) { x.bots = "nobot"; }) ==
        "unknown bot 'nobot' for seat 0 (the bots: random, tsumogiri, advice, ev, cmd:COMMAND)");
  CHECK(refused([](mjk_selfplay_options& x) {
          x.bots = "nobot";
          x.door = "mine";
        }) == "unknown bot 'nobot' for seat 0 (the bots: random, tsumogiri, advice, ev)");
  CHECK(refused([](mjk_selfplay_options& x) {
          x.bots = "advice,cmd:x,y,z";
          x.door = "mine";
        }) ==
        "--bots cmd:x for seat 1: mine plays the built-in bots alone (random, tsumogiri, advice, ev); external "
        "bots are mjk play's");
  CHECK(refused([](mjk_selfplay_options& x) { x.format = "json"; }) ==
        "--format takes mjai, tenhou6, mjlog or none, not 'json'");
  CHECK(refused([](mjk_selfplay_options& x) { x.format = "tenhou6"; }) == "--format tenhou6 needs --out DIR");
  CHECK(refused([](mjk_selfplay_options& x) {
          x.format = "tenhou6";
          x.standard_output = 1;
        }) == "--format tenhou6 needs --out DIR (or --out - for standard output)");
  CHECK(refused([](mjk_selfplay_options& x) {
          x.format = "none";
          x.out = "-";
        }) == "--out with --format none writes nothing: give --format mjai, tenhou6 or mjlog");
  CHECK(refused([](mjk_selfplay_options& x) { x.out = ""; }) == "--out takes a directory");
  CHECK(refused([](mjk_selfplay_options& x) {
          x.rules = "mahjongsoul";
          x.format = "mjlog";
          x.out = "-";
        }).starts_with("--format mjlog states Tenhou's rules, and --rules mahjongsoul scores otherwise"));
  CHECK(error.code == MJK_ERR_INVALID_ARGUMENT);
  CHECK(refused([](mjk_selfplay_options& x) { x.rules = "tenhu"; }) ==
        "unknown rules preset 'tenhu' (the presets: tenhou, tenhou-sanma, mahjongsoul, mahjongsoul-sanma)");
  CHECK(error.code == MJK_ERR_UNKNOWN_RULES);
  CHECK(mjk_selfplay_make_plan(nullptr, &plan, &error) == MJK_ERR_INVALID_ARGUMENT);
  CHECK(mjk_selfplay_make_plan(&o, nullptr, nullptr) == MJK_ERR_INVALID_ARGUMENT);
}
