// mjk play's games as the command writes them: every game of every format
// reads back through the records' readers and replays with no disagreement;
// the plan refuses bad options by name.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "options.hpp"
#include "play.hpp"
#include "mjk/records.hpp"
#include "mjk/replay.hpp"

using namespace mjk;
using namespace mjk::cli;

namespace {

// The plan of the options, as the command line gives them ("--games", "20", ...).
PlayPlanned plan_of(const std::vector<std::string>& words) {
  std::vector<Arguments::Given> given;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const Option* o = find_option(Cmd::play, words[i]);
    REQUIRE_MESSAGE(o, words[i]);
    given.push_back({o, o->value.empty() ? std::string_view() : std::string_view(words[++i])});
  }
  return plan_play(given);
}

// Plays `games` games of the plan, reads each record back and replays it:
// the disagreements and errors found, each named.
std::vector<std::string> read_back(const PlayPlan& plan, int games) {
  std::vector<std::string> problems;
  Table table;
  GameLog log;
  for (int g = 0; g < games; ++g) {
    const PlayedGame played = play_one(plan, static_cast<std::uint32_t>(g), table, log);
    const std::string file = std::to_string(plan.seed) + "-" + std::to_string(g);
    if (!played.error.empty()) {
      problems.push_back(file + ": " + played.error);
      continue;
    }
    const records::ReadResult read = records::read_record(played.text, file);
    if (!read.ok()) {
      problems.push_back(read.error->message());
      continue;
    }
    CHECK(read.game.rounds.size() == played.rounds);
    const records::Replay r = records::replay(read.game);
    for (const auto& d : r.disagreements) problems.push_back(d.message());
    if (r.error) problems.push_back(r.error->message());
  }
  return problems;
}

}  // namespace

TEST_CASE("cli.play: 20 games of four and three players read back in every format with no disagreement") {
  for (const std::string players : {"4", "3"})
    for (const std::string format : {"mjai", "tenhou6", "mjlog"})
      for (const std::string bots : {"advice", "random"}) {
        const PlayPlanned p =
            plan_of({"--players", players, "--bots", bots, "--seed", "11", "--format", format, "--out", "-"});
        REQUIRE_MESSAGE(p.plan, p.error);
        const std::vector<std::string> problems = read_back(*p.plan, 20);
        std::string all;
        for (const auto& s : problems) all += s + "\n";
        CHECK_MESSAGE(problems.empty(), players, " players, ", format, ", ", bots, ":\n", all);
      }
}

TEST_CASE("cli.play: games of the ev bot read back with no disagreement") {
  for (const std::string players : {"4", "3"})
    for (const std::string format : {"mjai", "tenhou6", "mjlog"}) {
      const PlayPlanned p = plan_of({"--players", players, "--bots", players == "4" ? "ev,advice,ev,random" : "ev",
                                     "--length", "east", "--seed", "3", "--format", format, "--out", "-"});
      REQUIRE_MESSAGE(p.plan, p.error);
      const std::vector<std::string> problems = read_back(*p.plan, 4);
      std::string all;
      for (const auto& s : problems) all += s + "\n";
      CHECK_MESSAGE(problems.empty(), players, " players, ", format, ":\n", all);
    }
}

TEST_CASE("cli.play: mjlog is Tenhou's XML") {
  const PlayPlanned p = plan_of({"--format", "mjlog", "--out", "-", "--seed", "8"});
  REQUIRE(p.plan);
  Table table;
  GameLog log;
  const PlayedGame g = play_one(*p.plan, 0, table, log);
  REQUIRE_MESSAGE(g.error.empty(), g.error);
  CHECK(g.text.rfind("<mjloggm ver=", 0) == 0);
  CHECK(g.text.find("owari=") != std::string::npos);  // the game's end, as Tenhou writes it
  const records::ReadResult read = records::read_record(g.text, "game");
  REQUIRE(read.ok());
  CHECK(read.game.format == records::Format::mjlog);
}

TEST_CASE("cli.play: the same (seed, game) plays the same game, whatever was played before") {
  const PlayPlanned p =
      plan_of({"--bots", "random,advice,tsumogiri,advice", "--seed", "5", "--format", "mjai", "--out", "-"});
  REQUIRE(p.plan);
  Table table;
  GameLog log;
  const std::string third = play_one(*p.plan, 3, table, log).text;
  (void)play_one(*p.plan, 0, table, log);
  CHECK(play_one(*p.plan, 3, table, log).text == third);
  CHECK(play_one(*p.plan, 4, table, log).text != third);
}

TEST_CASE("cli.play: bad options name what is wrong") {
  auto error = [](const std::vector<std::string>& words) { return plan_of(words).error; };
  CHECK(error({"--games", "0"}) == "--games takes a number from 1 to 4294967295, not '0'");
  CHECK(error({"--games", "4294967296"}) == "--games takes a number from 1 to 4294967295, not '4294967296'");
  CHECK(error({"--seed", "-1"}) == "--seed takes a number from 0 to 18446744073709551615, not '-1'");
  CHECK(error({"--seed", "18446744073709551616"}).find("--seed takes a number") == 0);
  CHECK(error({"--rules", "tenho"}) ==
        "unknown rules preset 'tenho' (the presets: tenhou, tenhou-sanma, mahjongsoul, mahjongsoul-sanma)");
  CHECK(error({"--bots", "random,rando,random,random"}) ==
        "unknown bot 'rando' for seat 1 (the bots: random, tsumogiri, advice, ev, cmd:COMMAND)");
  CHECK(error({"--bots", "random,random"}) == "--bots names 2 bots for 4 players: one a seat, or one for every seat");
  CHECK(error({"--bots", "advice,cmd: ,advice,advice"}) == "--bots names cmd: with no command for seat 1");
  CHECK(plan_of({"--bots", "cmd:./mybot --fast"}).plan->commands[3] == "./mybot --fast");
  // A command's commas stay in it, up to the next bot's name.
  const PlayPlanned commas = plan_of({"--bots", "cmd:./bot a,b,advice,cmd:x,y,random"});
  REQUIRE(commas.plan);
  CHECK(commas.plan->commands == std::vector<std::string>{"./bot a,b", "", "x,y", ""});
  CHECK(commas.plan->bot_names[2] == "cmd:x,y");
  CHECK(error({"--bot-timeout", "0"}) == "--bot-timeout takes milliseconds from 1 to 3600000, not '0'");
  CHECK(plan_of({"--bots", "ev"}).plan);  // the engine's expected-value bot
  CHECK(error({"--rules", "tenhou-sanma", "--players", "4"}) ==
        "--rules tenhou-sanma is for 3 players and --players asks 4");
  CHECK(error({"--format", "tenhou6"}) == "--format tenhou6 needs --out DIR (or --out - for standard output)");
  CHECK(error({"--rules", "mahjongsoul", "--format", "mjlog", "--out", "-"}) ==
        "--format mjlog states Tenhou's rules, and --rules mahjongsoul scores otherwise (double yakuman): use mjai or "
        "tenhou6");
  CHECK(plan_of({"--rules", "mahjongsoul", "--format", "tenhou6", "--out", "-"}).plan);
  CHECK(error({"--threads", "0"}) == "--threads takes a number from 1 to 1024, not '0'");
  CHECK(error({"--length", "north"}) == "--length takes one, east or south, not 'north'");
  // --players 3 takes the preset's three-player rules.
  const PlayPlanned three = plan_of({"--players", "3", "--rules", "mahjongsoul"});
  REQUIRE(three.plan);
  CHECK(three.plan->rules_name == "mahjongsoul-sanma");
  CHECK(three.plan->rules.player_count() == 3);
}

TEST_CASE("cli.play: an open kan's indicator turned at the next kan or north reads back from tenhou.net/6") {
  // Games where a player's added or closed kan follows their open kan before
  // a discard (Tenhou shows the first kan's indicator after the second kan's
  // tag), and a north set aside after an open kan (three players).
  struct Case {
    const char* players;
    std::uint32_t game;
  };
  for (const Case c : {Case{"4", 187}, Case{"3", 163}, Case{"3", 14}}) {
    const PlayPlanned p = plan_of({"--players", c.players, "--bots", "random", "--seed", c.game == 14 ? "11" : "99",
                                   "--format", "tenhou6", "--out", "-"});
    REQUIRE(p.plan);
    Table table;
    GameLog log;
    const PlayedGame g = play_one(*p.plan, c.game, table, log);
    CHECK_MESSAGE(g.error.empty(), g.error);
    const records::ReadResult read = records::read_record(g.text, "game");
    REQUIRE(read.ok());
    CHECK(records::replay(read.game).disagreements.empty());
  }
}
