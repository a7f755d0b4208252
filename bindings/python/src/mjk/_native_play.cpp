// mjk.selfplay's native half through the C ABI: mjk play's plan of its
// options (mjk_selfplay_make_plan: the records layer's plan_play, which the
// command calls too) and a plan's games by the engine's built-in bots
// (mjk_selfplay_*: the records layer's play_recorded, the function `mjk
// play` makes its games with), so that a game played on a Dask worker is
// the same bytes as the command's.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "mjk.h"

namespace py = pybind11;

namespace {

// A plan of `mjk play`'s options from plan()'s arguments or a plan's dict
// (each value's text, a list's joined by commas; a key missing, or players,
// length, format or out false: not given, plan()'s defaults), and its
// player: its games (play), and the summary `mjk play` prints
// (mjk_selfplay_summary) of the games added, wherever they were played:
// Python's selfplay adds each game a worker sent back.
class Selfplay {
 public:
  explicit Selfplay(const py::dict& d) : out_(d.contains("out") ? py::object(d["out"]) : py::object(py::none())) {
    std::array<std::string, 8> texts;  // what options points into
    std::size_t n = 0;
    const auto text = [&](const char* key, bool always) -> const char* {
      if (!d.contains(key)) return nullptr;
      const py::object v = d[key];
      if (!always && !py::bool_(v)) return nullptr;
      texts.at(n) = py::str(py::isinstance<py::list>(v) ? py::str(",").attr("join")(v) : v).cast<std::string>();
      return texts.at(n++).c_str();
    };
    const mjk_selfplay_options options{
        text("games", true), text("seed", true),    text("players", false), text("length", false), text("rules", true),
        text("bots", true),  text("format", false), text("out", false),     "mjk.selfplay",        0};
    mjk_table_error error{};
    if (mjk_selfplay_make_plan(&options, &plan_, &error) != MJK_OK) throw py::value_error(error.message);
    std::vector<const char*> bots;
    for (int s = 0; s < plan_.players; ++s) bots_.emplace_back(plan_.bots[s], plan_.bot_sizes[s]);
    for (const std::string& b : bots_) bots.push_back(b.c_str());
    player_ = mjk_selfplay_new(plan_.rules, plan_.length, bots.data(), bots.size(), plan_.format, &error);
    if (!player_) throw py::value_error(error.message);
  }
  // The dict mjk.selfplay's plan() returns (out as it was given).
  [[nodiscard]] py::dict plan() const {
    return py::dict(py::arg("games") = plan_.games, py::arg("seed") = plan_.seed, py::arg("players") = plan_.players,
                    py::arg("length") = plan_.length_name, py::arg("rules") = plan_.rules, py::arg("bots") = bots_,
                    py::arg("format") = plan_.format_name, py::arg("extension") = plan_.extension,
                    py::arg("out") = out_);
  }
  ~Selfplay() { mjk_selfplay_free(player_); }
  Selfplay(const Selfplay&) = delete;
  Selfplay& operator=(const Selfplay&) = delete;
  // Games [first, first + count) of the plan's seed, each a dict of its figures and its record's bytes.
  py::list play(std::uint64_t first, std::uint64_t count) {
    if (first + count < first || first + count > 0x100000000ull)
      throw py::value_error("games are numbered 0 to 4294967295: first + count passes the last");
    mjk_table_error error{};
    py::list out;
    for (std::uint64_t g = first; g < first + count; ++g) {
      mjk_selfplay_game r{};
      int code = MJK_OK;
      {
        // The game is C++ alone: other Python threads (a Dask worker's) run meanwhile.
        py::gil_scoped_release release;
        code = mjk_selfplay_play(player_, plan_.seed, static_cast<std::uint32_t>(g), &r, &error);
      }
      if (code != MJK_OK) throw py::value_error(error.message);
      out.append(py::dict(py::arg("game") = g, py::arg("rounds") = r.rounds, py::arg("wins") = r.wins,
                          py::arg("draws") = r.draws, py::arg("decisions") = r.decisions,
                          py::arg("scores") = std::vector<int>(r.scores, r.scores + plan_.players),
                          py::arg("placements") = std::vector<int>(r.placements, r.placements + plan_.players),
                          py::arg("text") = py::bytes(r.text, r.size)));
    }
    return out;
  }
  // g: a dict of play.
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
  [[nodiscard]] std::string text(double seconds, bool json) const {
    std::size_t needed = 0;
    mjk_selfplay_summary(player_, plan_.seed, seconds, json, nullptr, 0, &needed);
    std::string out(needed, '\0');
    if (mjk_selfplay_summary(player_, plan_.seed, seconds, json, out.data(), out.size(), &needed) != MJK_OK)
      throw std::bad_alloc();
    out.resize(needed - 1);
    return out;
  }

 private:
  py::object out_;
  mjk_selfplay_plan plan_{};
  std::vector<std::string> bots_;
  mjk_selfplay* player_ = nullptr;
};

}  // namespace

void add_play(py::module_& m) {
  py::class_<Selfplay>(m, "Selfplay")
      .def(py::init<const py::dict&>(), py::arg("options"),
           "mjk play's options (games, seed, players, length, rules, bots, format, out), or a plan's dict, checked "
           "together as the command checks them (ValueError with its sentence), and their player")
      .def("plan", &Selfplay::plan)
      .def("play", &Selfplay::play, py::arg("first"), py::arg("count"),
           "Games [first, first + count) of the plan played by the built-in bots, as `mjk play` plays them: a list "
           "of dicts (game, rounds, wins, draws, decisions, scores, placements, text: the record's bytes)")
      .def("add", &Selfplay::add)
      .def("text", &Selfplay::text, py::arg("seconds"), py::arg("json"));
}
