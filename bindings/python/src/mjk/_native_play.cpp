// mjk.selfplay's native half: a batch of self-play games by the engine's
// built-in bots through the C ABI's mjk_selfplay_* (the records layer's
// play_recorded, the function `mjk play` makes its games with), so that a
// game played on a Dask worker is the same bytes as the command's.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "mjk.h"

namespace py = pybind11;

namespace {

// Games [first, first + count) of `seed` under the rules preset `rules`
// (its player count must be `players`) cut to `length` (0 one round, 1
// east, 2 east-south), bot_names[s] the built-in bot of seat s, each a dict
// of its figures and its record's bytes (b"" for the format none). count
// 0 checks the arguments alone.
py::list play_games(std::uint64_t seed, std::uint64_t first, std::uint64_t count, const std::string& rules, int players,
                    int length, const std::vector<std::string>& bot_names, const std::string& format) {
  int preset_players = 0, preset_length = 0;
  mjk_table_error error{};
  if (mjk_rules_preset(rules.c_str(), &preset_players, &preset_length, &error) != MJK_OK)
    throw py::value_error(error.message);
  if (players != preset_players)
    throw py::value_error("rules preset '" + rules + "' is for " + std::to_string(preset_players) + " players, not " +
                          std::to_string(players));
  if (length < 0 || length > 2) throw py::value_error("length must be 0 (one), 1 (east) or 2 (south)");
  const std::vector<std::string> formats = {"mjai", "tenhou6", "mjlog", "none"};
  const auto f = std::find(formats.begin(), formats.end(), format) - formats.begin();
  if (f == 4 && format != "none")
    throw py::value_error("format takes mjai, tenhou6, mjlog or none, not '" + format + "'");
  if (first + count < first || first + count > 0x100000000ull)
    throw py::value_error("games are numbered 0 to 4294967295: first + count passes the last");
  std::vector<const char*> bots;
  for (const std::string& b : bot_names) bots.push_back(b.c_str());
  const std::unique_ptr<mjk_selfplay, void (*)(mjk_selfplay*)> player(
      mjk_selfplay_new(rules.c_str(), length, bots.data(), bots.size(), f == 3 ? MJK_RECORD_NONE : static_cast<int>(f),
                       &error),
      mjk_selfplay_free);
  if (!player) throw py::value_error(error.message);
  py::list out;
  for (std::uint64_t g = first; g < first + count; ++g) {
    mjk_selfplay_game r{};
    int code = MJK_OK;
    {
      // The game is C++ alone: other Python threads (a Dask worker's) run meanwhile.
      py::gil_scoped_release release;
      code = mjk_selfplay_play(player.get(), seed, static_cast<std::uint32_t>(g), &r, &error);
    }
    if (code != MJK_OK) throw py::value_error(error.message);
    out.append(py::dict(py::arg("game") = g, py::arg("rounds") = r.rounds, py::arg("wins") = r.wins,
                        py::arg("draws") = r.draws, py::arg("decisions") = r.decisions,
                        py::arg("scores") = std::vector<int>(r.scores, r.scores + players),
                        py::arg("placements") = std::vector<int>(r.placements, r.placements + players),
                        py::arg("text") = py::bytes(r.text, r.size)));
  }
  return out;
}

// The summary `mjk play` prints (mjk_selfplay_summary) of the games added,
// wherever they were played: Python's selfplay adds each game a worker sent back.
class Summary {
 public:
  Summary(const std::string& rules, int length, const std::vector<std::string>& bot_names) {
    std::vector<const char*> bots;
    for (const std::string& b : bot_names) bots.push_back(b.c_str());
    mjk_table_error error{};
    player_ = mjk_selfplay_new(rules.c_str(), length, bots.data(), bots.size(), MJK_RECORD_NONE, &error);
    if (!player_) throw py::value_error(error.message);
  }
  ~Summary() { mjk_selfplay_free(player_); }
  Summary(const Summary&) = delete;
  Summary& operator=(const Summary&) = delete;
  // g: a dict of play_games.
  void add(const py::dict& g) {
    mjk_selfplay_game r{};
    r.rounds = g["rounds"].cast<std::uint32_t>();
    r.wins = g["wins"].cast<std::uint32_t>();
    r.draws = g["draws"].cast<std::uint32_t>();
    r.decisions = g["decisions"].cast<std::int64_t>();
    const auto scores = g["scores"].cast<std::vector<std::int32_t>>();
    const auto places = g["placements"].cast<std::vector<int>>();
    for (std::size_t s = 0; s < scores.size() && s < 4; ++s)
      r.scores[s] = scores[s], r.placements[s] = static_cast<std::uint8_t>(places.at(s));
    mjk_selfplay_add(player_, &r);
  }
  [[nodiscard]] std::string text(std::uint64_t seed, double seconds, bool json) const {
    std::size_t needed = 0;
    mjk_selfplay_summary(player_, seed, seconds, json, nullptr, 0, &needed);
    std::string out(needed, '\0');
    if (mjk_selfplay_summary(player_, seed, seconds, json, out.data(), out.size(), &needed) != MJK_OK)
      throw std::bad_alloc();
    out.resize(needed - 1);
    return out;
  }

 private:
  mjk_selfplay* player_ = nullptr;
};

}  // namespace

void add_play(py::module_& m) {
  py::class_<Summary>(m, "Summary")
      .def(py::init<const std::string&, int, const std::vector<std::string>&>())
      .def("add", &Summary::add)
      .def("text", &Summary::text);
  m.def("play_games", &play_games, py::arg("seed"), py::arg("first"), py::arg("count"), py::arg("rules"),
        py::arg("players"), py::arg("length"), py::arg("bots"), py::arg("format"),
        "Games [first, first + count) of `seed` played by the built-in bots, as `mjk play` plays them: "
        "a list of dicts (game, rounds, wins, draws, decisions, scores, placements, text: the record's bytes)");
}
