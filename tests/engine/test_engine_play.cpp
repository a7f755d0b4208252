// Whole games with seeded random bots: every state valid after every
// action, tiles and points conserved, games ending where the rules end
// them, and the same seed giving the same mjai bytes.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "mjk/bots.hpp"
#include "mjk/mjai.hpp"
#include "mjk/table.hpp"

using namespace mjk;

namespace {

struct GameStats {
  int rounds = 0, wins = 0, draws = 0;
  long decisions = 0;
};

// Plays one game, checking the table after every applied action and that a
// refused action never happens for a legal one.
GameStats play_checked(const EngineRules& rules, std::uint64_t seed, Bot bot, GameLog* log) {
  Table t;
  t.start(rules, seed, 0, log);
  std::array<Rng, 4> rng{};
  for (int s = 0; s < 4; ++s) rng[static_cast<std::size_t>(s)].key = seed * 4 + static_cast<unsigned>(s);
  GameStats g;
  while (!t.done()) {
    if (t.phase() == Phase::round_over) {
      ++g.rounds;
      (t.result().win ? g.wins : g.draws)++;
      REQUIRE(t.next_round(log));
      continue;
    }
    const auto actors = t.actors();
    REQUIRE(actors != 0);
    for (int s = 0; s < t.players(); ++s) {
      if (!((actors >> s) & 1)) continue;
      REQUIRE(!t.legal(s).empty());
      const Action a = bot(t, s, rng[static_cast<std::size_t>(s)]);
      const ActionResult r = t.apply(s, a, log);
      REQUIRE_MESSAGE(r.ok(), r.message());
      ++g.decisions;
      const std::string broken = t.check();
      REQUIRE_MESSAGE(broken.empty(), broken);
      if (t.phase() == Phase::round_over || t.done()) break;
    }
    REQUIRE(g.decisions < 100000);
  }
  ++g.rounds;
  return g;
}

void check_game_end(const Table& t, const EngineRules& rules) {
  long total = 0;
  for (int s = 0; s < t.players(); ++s) total += t.scores()[static_cast<std::size_t>(s)];
  CHECK(total == static_cast<long>(rules.start_score) * t.players());  // sticks went to the top
  CHECK(t.sticks() == 0);
}

}  // namespace

TEST_CASE("engine: random four-player hanchan keep every invariant") {
  const EngineRules rules = tenhou_rules(Players::four);
  int rounds = 0, wins = 0;
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    GameLog log;
    const GameStats g = play_checked(rules, seed, bot_random, &log);
    rounds += g.rounds;
    wins += g.wins;
    CHECK(log.events.back().type == EventType::end_game);
  }
  CHECK(rounds >= 60 * 4);
  CHECK(wins > 0);
}

TEST_CASE("engine: random three-player hanchan keep every invariant") {
  const EngineRules rules = tenhou_rules(Players::three);
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    GameLog log;
    play_checked(rules, seed, bot_random, &log);
    CHECK(log.events.back().type == EventType::end_game);
  }
}

TEST_CASE("engine: advice and tsumogiri bots play legal games") {
  for (Players p : {Players::four, Players::three}) {
    const EngineRules rules = tenhou_rules(p);
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
      play_checked(rules, seed, bot_advice, nullptr);
      play_checked(rules, seed, bot_tsumogiri, nullptr);
    }
  }
}

TEST_CASE("engine: the game ends where the rules end it") {
  const EngineRules rules = tenhou_rules(Players::four);
  std::array<Bot, 4> bots{bot_random, bot_random, bot_random, bot_random};
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    Table t;
    t.start(rules, seed);
    play_game(t, bots, seed);
    REQUIRE(t.done());
    check_game_end(t, rules);
    bool bust = false, reached = false;
    for (int s = 0; s < 4; ++s) {
      bust |= t.scores()[static_cast<std::size_t>(s)] < 0;
      reached |= t.scores()[static_cast<std::size_t>(s)] >= rules.return_score;
    }
    // Without a bust, the game reached the south's last round at least (its
    // round fields name the round after the last), and ended with someone
    // at the return score unless the extension's last round was played.
    if (!bust) {
      CHECK((t.round_wind() >= 2 || (t.round_wind() == 1 && t.kyoku() == 3)));
      if (t.round_wind() < 3) CHECK(reached);
    }
  }
}

TEST_CASE("engine: a seat without a bot (no list, a null entry) plays the fallback to the game's end") {
  const EngineRules rules = tenhou_rules(Players::four);
  const std::array<Bot, 2> some{bot_random, nullptr};  // seats 0, 2 random; 1, 3 none
  for (const std::span<const Bot> bots : {std::span<const Bot>{}, std::span<const Bot>(some)}) {
    Table t;
    t.start(rules, 5);
    CHECK(play_game(t, bots, 5) > 0);
    CHECK(t.done());
    check_game_end(t, rules);
  }
}

TEST_CASE("engine: the same seed gives the same mjai bytes") {
  const EngineRules rules = tenhou_rules(Players::four);
  std::array<Bot, 4> bots{bot_random, bot_random, bot_random, bot_random};
  auto game_text = [&](std::uint64_t seed) {
    Table t;
    GameLog log;
    t.start(rules, seed, 7, &log);
    play_game(t, bots, seed, &log);
    std::string out;
    write_mjai(log, Players::four, out);
    return out;
  };
  const std::string a = game_text(42), b = game_text(42), c = game_text(43);
  CHECK(a == b);
  CHECK(a != c);
  CHECK(a.rfind("{\"type\":\"start_game\"", 0) == 0);
  CHECK(a.find("\"type\":\"start_kyoku\",\"bakaze\":\"E\"") != std::string::npos);
  CHECK(a.find("{\"type\":\"end_game\"") != std::string::npos);
}

TEST_CASE("engine: a seat's mjai view hides the others' hands and draws") {
  const EngineRules rules = tenhou_rules(Players::four);
  std::array<Bot, 4> bots{bot_random, bot_random, bot_random, bot_random};
  Table t;
  GameLog log;
  t.start(rules, 3, 0, &log);
  play_game(t, bots, 3, &log);
  std::string full, seat2;
  write_mjai(log, Players::four, full);
  write_mjai(log, Players::four, seat2, {}, 2);
  CHECK(full.find("\"?\"") == std::string::npos);
  CHECK(seat2.find("{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"?\"}") != std::string::npos);
  CHECK(seat2.find("{\"type\":\"tsumo\",\"actor\":2,\"pai\":\"?\"}") == std::string::npos);
  CHECK(seat2.find("[\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\"]") !=
        std::string::npos);
  // the same number of lines: every event is seen, some tiles are not
  CHECK(std::count(full.begin(), full.end(), '\n') == std::count(seat2.begin(), seat2.end(), '\n'));
}

TEST_CASE("engine: every legal action of a decision keeps the table valid") {
  for (Players p : {Players::four, Players::three}) {
    const EngineRules rules = tenhou_rules(p);
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      Table t;
      t.start(rules, seed);
      std::array<Rng, 4> rng{};
      int tried = 0;
      while (!t.done()) {
        if (t.phase() == Phase::round_over) {
          t.next_round();
          continue;
        }
        const int s = std::countr_zero(static_cast<unsigned>(t.actors()));
        const ActionSet legal = t.legal(s);
        for (int i = 0; i < legal.size(); ++i) {  // each on a copy
          Table copy = t;
          const ActionResult r = copy.apply(s, legal.nth(i));
          REQUIRE_MESSAGE(r.ok(), r.message());
          const std::string broken = copy.check();
          REQUIRE_MESSAGE(broken.empty(), action_name(legal.nth(i)) << ": " << broken);
          ++tried;
        }
        REQUIRE(t.apply(s, bot_random(t, s, rng[static_cast<std::size_t>(s)])).ok());
      }
      CHECK(tried > 500);
    }
  }
}

TEST_CASE("engine: games on two threads give the bytes one thread gives") {
  const EngineRules rules = tenhou_rules(Players::four);
  const std::array<Bot, 4> bots{bot_random, bot_advice, bot_random, bot_tsumogiri};
  auto run = [&](std::uint32_t first, std::uint32_t count, std::vector<std::string>& out) {
    for (std::uint32_t g = first; g < first + count; ++g) {
      Table t;
      GameLog log;
      t.start(rules, 2026, g, &log);
      play_game(t, bots, 2026 + g, &log);
      write_mjai(log, rules.players, out[g]);
    }
  };
  std::vector<std::string> one(8), two(8);
  run(0, 8, one);
  std::thread a([&] { run(0, 4, two); });
  std::thread b([&] { run(4, 4, two); });
  a.join();
  b.join();
  CHECK(one == two);
}

TEST_CASE("engine: a bot answering garbage gets the fallback and the game goes on") {
  const EngineRules rules = tenhou_rules(Players::four);
  // Always "ron", and 200 (no action at all): refused at nearly every decision.
  const Bot ron = [](const Table&, int, Rng&) -> Action { return act::ron; };
  const Bot garbage = [](const Table&, int, Rng&) -> Action { return 200; };
  const std::array<Bot, 4> bots{ron, bot_random, garbage, bot_advice};
  Table t;
  t.start(rules, 11);
  const long decisions = play_game(t, bots, 11);
  CHECK(t.done());
  CHECK(decisions > 100);
  CHECK(t.check().empty());
}

TEST_CASE("engine: the ev bot plays legal games") {
  for (Players p : {Players::four, Players::three}) {
    EngineRules rules = tenhou_rules(p);
    rules.length = GameLength::one;
    for (std::uint64_t seed = 1; seed <= 2; ++seed) {
      GameStats g = play_checked(rules, seed, bot_ev, nullptr);
      CHECK(g.decisions > 20);
    }
  }
  CHECK((bot_by_name("ev") == &bot_ev));
  CHECK((bot_by_name("evv") == nullptr));
}
