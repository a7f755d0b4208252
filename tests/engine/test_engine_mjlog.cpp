// Self-played games written as Tenhou's mjlog: the engine's mjai (hora with
// its deltas only) read as a record and written by records' mjlog writer
// (the kernel's fu, han and yaku for each win) reads back to the same game
// and replays identically, four and three players, as `mjk play --format
// mjlog` will write them.
#include <doctest/doctest.h>

#include <array>
#include <string>

#include "mjk/bots.hpp"
#include "mjk/mjai.hpp"
#include "mjk/records.hpp"
#include "mjk/replay.hpp"
#include "mjk/table.hpp"

using namespace mjk;

TEST_CASE("engine: self-played games written as mjlog read back and replay as their mjai does") {
  int games = 0, rounds = 0, wins = 0;
  for (const Players players : {Players::four, Players::three}) {
    for (const Bot bot : {bot_advice, bot_random}) {
      for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        INFO(static_cast<int>(players) << " players, seed " << seed << (bot == bot_advice ? " advice" : " random"));
        Table t;
        GameLog log;
        t.start(tenhou_rules(players), seed, 0, &log);
        const std::array<Bot, 4> bots{bot, bot, bot, bot};
        play_game(t, bots, seed, &log);
        std::string mjai;
        write_mjai(log, players, mjai);
        const records::ReadResult read = records::read_mjai(mjai, "self-played.mjson");
        REQUIRE_MESSAGE(read.ok(), read.error->message());
        const records::Replay original = records::replay(read.game);
        REQUIRE_MESSAGE(!original.error, original.error->message());
        const records::WriteResult out = records::write_mjlog(read.game);
        REQUIRE_MESSAGE(out.ok(), *out.error);
        const records::ReadResult back = records::read_mjlog(out.text, "self-played.mjlog");
        REQUIRE_MESSAGE(back.ok(), back.error->message());
        CHECK(records::replay_text(records::replay(back.game)) == records::replay_text(original));
        REQUIRE(back.game.rounds.size() == read.game.rounds.size());
        for (std::size_t r = 0; r < read.game.rounds.size(); ++r) {
          const records::Round &a = read.game.rounds[r], &b = back.game.rounds[r];
          CHECK(a.events.size() == b.events.size());
          CHECK(a.scores == b.scores);
          REQUIRE(a.wins.size() == b.wins.size());
          for (std::size_t w = 0; w < a.wins.size(); ++w) {
            CHECK(a.wins[w].deltas == b.wins[w].deltas);
            CHECK(b.wins[w].detailed);  // the kernel's fu, han and yaku, stated
          }
          wins += static_cast<int>(a.wins.size());
        }
        // The game's end: owari on the last result, the final scores the engine's.
        const std::size_t owari = out.text.find(" owari=\"");
        CHECK(owari != std::string::npos);
        if (owari != std::string::npos) {
          const std::string figures = out.text.substr(owari + 8, out.text.find('"', owari + 8) - owari - 8);
          // Compare the scores only (every other figure).
          std::string scores;
          for (std::size_t i = 0, field = 0; i <= figures.size(); ++i) {
            const std::size_t comma = figures.find(',', i);
            const std::string part = figures.substr(i, comma - i);
            if (field % 2 == 0) scores += (scores.empty() ? "" : ",") + part;
            ++field;
            if (comma == std::string::npos) break;
            i = comma;
          }
          std::string want;
          for (int s = 0; s < 4; ++s)
            want +=
                (s ? "," : "") +
                std::to_string(s < static_cast<int>(players) ? log.final_scores[static_cast<std::size_t>(s)] / 100 : 0);
          CHECK(scores == want);
        }
        ++games;
        rounds += static_cast<int>(read.game.rounds.size());
      }
    }
  }
  MESSAGE(games << " games, " << rounds << " rounds, " << wins << " wins written as mjlog");
  CHECK(games == 12);
  CHECK(wins > 0);
}
