// mjk.selfplay's native half: a batch of self-play games by the engine's
// built-in bots, each game's record and summary figures made by the records
// layer's play_recorded, the function `mjk play` makes its games with, so
// that a game played on a Dask worker is the same bytes as the command's.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "mjk/bots.hpp"
#include "mjk/from_engine.hpp"
#include "mjk/table.hpp"

namespace py = pybind11;

namespace {

// One game's figures, as Python reads them.
struct GameFigures {
  std::uint64_t game = 0;
  std::uint32_t rounds = 0, wins = 0, draws = 0;
  long decisions = 0;
  std::vector<std::int32_t> scores;
  std::vector<int> placements;
  std::string text;
};

std::optional<mjk::records::Format> format_of(const std::string& name) {
  if (name == "mjai") return mjk::records::Format::mjai;
  if (name == "tenhou6") return mjk::records::Format::tenhou6;
  if (name == "mjlog") return mjk::records::Format::mjlog;
  if (name == "none") return std::nullopt;
  throw py::value_error("format takes mjai, tenhou6, mjlog or none, not '" + name + "'");
}

// Games [first, first + count) of `seed` under the rules preset `rules`
// (its player count must be `players`) cut to `length` (0 one round, 1
// east, 2 east-south), bots[s] the built-in bot of seat s. Each a dict of
// its figures and its record's text ("" for the format none).
py::list play_games(std::uint64_t seed, std::uint64_t first, std::uint64_t count, const std::string& rules_name,
                    int players, int length, const std::vector<std::string>& bot_names,
                    const std::string& format_name) {
  const mjk::RulesPreset preset = mjk::rules_preset(rules_name);
  if (!preset.rules)
    throw py::value_error("unknown rules preset '" + rules_name +
                          "' (the presets: " + std::string(mjk::rules_preset_names) + ")");
  mjk::EngineRules rules = *preset.rules;
  if (players != rules.player_count())
    throw py::value_error("rules preset '" + rules_name + "' is for " + std::to_string(rules.player_count()) +
                          " players, not " + std::to_string(players));
  if (length < 0 || length > 2) throw py::value_error("length must be 0 (one), 1 (east) or 2 (south)");
  rules.length = static_cast<mjk::GameLength>(length);
  if (static_cast<int>(bot_names.size()) != players)
    throw py::value_error("bots names " + std::to_string(bot_names.size()) + " bots for " + std::to_string(players) +
                          " players");
  std::vector<mjk::Bot> bots;
  for (std::size_t s = 0; s < bot_names.size(); ++s) {
    const mjk::Bot b = mjk::bot_by_name(bot_names[s]);
    if (!b)
      throw py::value_error("unknown bot '" + bot_names[s] + "' for seat " + std::to_string(s) +
                            " (the bots: random, tsumogiri, advice, ev)");
    bots.push_back(b);
  }
  if (first + count < first || first + count > 0x100000000ull)
    throw py::value_error("games are numbered 0 to 4294967295: first + count passes the last");
  const std::optional<mjk::records::Format> format = format_of(format_name);
  if (format == mjk::records::Format::tenhou6 || format == mjk::records::Format::mjlog) {
    // mjk play's plan refuses these before a game is played: so do we (count 0 checks the arguments alone).
    std::string why;
    const auto stated = mjk::records::record_rules(rules, why);
    if (!stated) throw py::value_error("--rules " + rules_name + ": " + why);
    if (format == mjk::records::Format::mjlog && stated->server != mjk::records::Server::tenhou)
      throw py::value_error("--format mjlog states Tenhou's rules, and --rules " + rules_name +
                            " scores otherwise (double yakuman): use mjai or tenhou6");
  }
  std::vector<std::string_view> names(bot_names.begin(), bot_names.end());

  std::vector<GameFigures> played;
  std::string error;
  {
    // The games are C++ alone: other Python threads (a Dask worker's) run meanwhile.
    py::gil_scoped_release release;
    auto table = std::make_unique<mjk::Table>();
    mjk::GameLog log;
    for (std::uint64_t g = first; g < first + count; ++g) {
      mjk::records::PlayedRecord r =
          mjk::records::play_recorded(rules, seed, static_cast<std::uint32_t>(g), bots, format, names, *table, log);
      if (!r.error.empty()) {
        error = std::move(r.error);
        break;
      }
      GameFigures f;
      f.game = g;
      f.rounds = r.rounds;
      f.wins = r.wins;
      f.draws = r.draws;
      f.decisions = r.decisions;
      for (int s = 0; s < players; ++s) {
        f.scores.push_back(r.scores[static_cast<std::size_t>(s)]);
        f.placements.push_back(r.placements[static_cast<std::size_t>(s)]);
      }
      f.text = std::move(r.text);
      played.push_back(std::move(f));
    }
  }
  if (!error.empty()) throw py::value_error(error);
  py::list out;
  for (GameFigures& f : played) {
    py::dict d;
    d["game"] = f.game;
    d["rounds"] = f.rounds;
    d["wins"] = f.wins;
    d["draws"] = f.draws;
    d["decisions"] = f.decisions;
    d["scores"] = f.scores;
    d["placements"] = f.placements;
    d["text"] = py::bytes(f.text);
    out.append(std::move(d));
  }
  return out;
}

}  // namespace

void add_play(py::module_& m) {
  m.def("play_games", &play_games, py::arg("seed"), py::arg("first"), py::arg("count"), py::arg("rules"),
        py::arg("players"), py::arg("length"), py::arg("bots"), py::arg("format"),
        "Games [first, first + count) of `seed` played by the built-in bots, as `mjk play` plays them: "
        "a list of dicts (game, rounds, wins, draws, decisions, scores, placements, text: the record's bytes)");
}
