// The native half of whole games, over the C ABI's game tables (mjk_table.h):
// mjk.Table and mjk.Tables (_table.py is the Python side), mjk_table_* for
// one game, mjk_tables_* for n games stepped together with NumPy arrays the
// batch writes in place (the acting seat, playing on past round ends, the
// observation encoding and the batch's loop are the library's); and
// mjk.selfplay's, mjk_selfplay_* (below).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "mjk.h"
#include "mjk_bind.hpp"

namespace py = pybind11;

namespace {

// Text the C ABI writes into a caller's buffer (mjk::bind::grown), or ValueError.
template <class Write>
std::string text_of(Write write) {
  std::string text;
  if (const int code = mjk::bind::grown(text, 4096, write); code != MJK_OK)
    throw py::value_error(mjk_error_message(code));
  return text;
}

std::string checked(int code, const char* buf) {
  if (code != MJK_OK) throw py::value_error(mjk_error_message(code));
  return buf;
}

// One game (mjk_table_*); its methods are add_table's.
struct NativeTable {
  NativeTable(const std::string& rules, int length, std::uint64_t seed, std::uint32_t game) {
    mjk_table_error error{};
    table = mjk_table_new(rules.c_str(), seed, game, length, &error);
    if (!table) throw py::value_error(error.message);
  }
  ~NativeTable() { mjk_table_free(table); }
  NativeTable(const NativeTable&) = delete;
  NativeTable& operator=(const NativeTable&) = delete;
  mjk_table* table = nullptr;
};

py::dict state_of(const mjk_table* table) {
  mjk_table_state s{};
  mjk_table_get_state(table, &s);
  const auto list = [&](const auto* v, int n) { return std::vector<int>(v, v + n); };
  return py::dict(py::arg("phase") = s.phase, py::arg("players") = s.players, py::arg("actors") = s.actors,
                  py::arg("seat") = mjk_table_seat(table), py::arg("turn") = s.turn,
                  py::arg("round_wind") = s.round_wind, py::arg("kyoku") = s.kyoku, py::arg("dealer") = s.dealer,
                  py::arg("honba") = s.honba, py::arg("sticks") = s.sticks, py::arg("tiles_left") = s.tiles_left,
                  py::arg("scores") = list(s.scores, s.players), py::arg("riichi") = list(s.riichi, s.players),
                  py::arg("placements") = list(s.placements, s.players),
                  py::arg("dora_indicators") = list(s.dora, s.dora_count), py::arg("done") = static_cast<bool>(s.done),
                  py::arg("seed") = s.seed, py::arg("game") = s.game);
}

class NativeTables {
 public:
  NativeTables(std::size_t n, const std::string& rules, int length, std::uint64_t seed)
      : n_(static_cast<py::ssize_t>(n)),
        mask_({n_, py::ssize_t{MJK_ACTIONS}}),
        seat_(n_),
        deltas_({n_, py::ssize_t{4}}),
        final_({n_, py::ssize_t{4}}) {
    // The batch writes these in place, without the GIL; Python sees them read-only.
    out_ = {reinterpret_cast<std::uint8_t*>(mask_.mutable_data()),
            seat_.mutable_data(),
            deltas_.mutable_data(),
            final_.mutable_data(),
            nullptr,
            nullptr};
    mjk_table_error error{};
    tables_ = mjk_tables_new(rules.c_str(), length, seed, n, nullptr, &error);
    if (!tables_) throw py::value_error(error.message);
    reset(seed);
    for (py::array* a : std::initializer_list<py::array*>{&mask_, &seat_, &deltas_, &final_})
      a->attr("flags").attr("writeable") = false;
  }
  ~NativeTables() { mjk_tables_free(tables_); }
  NativeTables(const NativeTables&) = delete;
  NativeTables& operator=(const NativeTables&) = delete;

  void reset(std::uint64_t seed) {
    py::gil_scoped_release release;
    mjk_tables_reset(tables_, seed, &out_);
  }
  // actions: _table.py checked the shape and the integer dtype.
  py::tuple step(py::array_t<std::int64_t, py::array::c_style | py::array::forcecast> actions) {
    py::array_t<float> rewards(n_);
    py::array_t<bool> done(n_);
    mjk_tables_out out = out_;
    out.rewards = rewards.mutable_data();
    out.done = reinterpret_cast<std::uint8_t*>(done.mutable_data());
    mjk_table_error error{};
    int code = MJK_OK;
    {
      py::gil_scoped_release release;
      code = mjk_tables_step(tables_, actions.data(), &out, &error);
    }
    if (code != MJK_OK) throw py::value_error(error.message);
    return py::make_tuple(rewards, done);
  }
  void encode(py::array_t<float, py::array::c_style> out) const {
    float* o = out.mutable_data();  // _table.py checked its shape
    py::gil_scoped_release release;
    mjk_tables_encode(tables_, o);
  }
  [[nodiscard]] py::tuple games() const {
    py::array_t<std::uint32_t> games(n_);
    py::array_t<std::int32_t> scores({n_, py::ssize_t{4}});
    mjk_tables_games(tables_, games.mutable_data(), scores.mutable_data());
    return py::make_tuple(games, scores);
  }
  [[nodiscard]] std::string check(std::size_t i) const {
    char buf[1024];
    return checked(mjk_tables_check(tables_, i, buf, sizeof buf), buf);
  }
  [[nodiscard]] py::tuple arrays() const { return py::make_tuple(mask_, seat_, deltas_, final_); }

 private:
  py::ssize_t n_;
  py::array_t<bool> mask_;
  py::array_t<std::int8_t> seat_;
  py::array_t<std::int32_t> deltas_, final_;
  mjk_tables_out out_{};
  mjk_tables* tables_ = nullptr;
};

// ---- self-play: mjk.selfplay's native half through the C ABI: mjk play's plan of its
// options (mjk_selfplay_make_plan: the records layer's plan_play, which the
// command calls too) and a plan's games by the engine's built-in bots
// (mjk_selfplay_*: the records layer's play_recorded, the function `mjk
// play` makes its games with), so that a game played on a Dask worker is
// the same bytes as the command's.

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
    return text_of([&](char* buf, std::size_t cap, std::size_t* needed) {
      return mjk_selfplay_summary(player_, plan_.seed, seconds, json, buf, cap, needed);
    });
  }

 private:
  py::object out_;
  mjk_selfplay_plan plan_{};
  std::vector<std::string> bots_;
  mjk_selfplay* player_ = nullptr;
};

}  // namespace

void add_table(py::module_& m) {
  m.attr("ACTION_COUNT") = MJK_ACTIONS;
  m.attr("ENCODING_SIZE") = MJK_OBSERVATION_SIZE;
  m.attr("TABLE_BYTES") = mjk_tables_table_bytes();
  m.def("encoding_layout", [] {
    py::dict d;
    const char* name = nullptr;
    for (int i = 0, offset = 0, size = 0; mjk_observation_field(i, &name, &offset, &size) == MJK_OK; ++i)
      d[name] = py::make_tuple(offset, size);
    return d;
  });
  m.def("action_name", [](int a) {
    char buf[32];
    if (mjk_action_name(a, buf, sizeof buf) != MJK_OK) throw py::value_error("action ids are 0..123");
    return std::string(buf);
  });
  m.def("preset", [](const std::string& name) {
    int players = 0, length = 0;
    mjk_table_error error{};
    if (mjk_rules_preset(name.c_str(), &players, &length, &error) != MJK_OK) throw py::value_error(error.message);
    return py::make_tuple(players, length);
  });
  py::class_<NativeTable>(m, "GameTable")
      .def(py::init<const std::string&, int, std::uint64_t, std::uint32_t>())
      .def("seat", [](const NativeTable& t) { return mjk_table_seat(t.table); })
      .def("legal",
           [](const NativeTable& t) {
             std::array<std::uint8_t, MJK_ACTIONS> ids{};
             const int s = mjk_table_seat(t.table), n = s < 0 ? 0 : mjk_table_legal(t.table, s, ids.data(), ids.size());
             return std::vector<int>(ids.begin(), ids.begin() + std::max(n, 0));
           })
      // The same as MJK_ACTIONS bools (mjk_table_legal_mask; none when nobody acts).
      .def("mask",
           [](const NativeTable& t) {
             py::array_t<bool> mask(MJK_ACTIONS);
             std::fill_n(mask.mutable_data(), MJK_ACTIONS, false);
             mjk_table_legal_mask(t.table, mjk_table_seat(t.table),
                                  reinterpret_cast<std::uint8_t*>(mask.mutable_data()));
             return mask;
           })
      // The acting seat's action: ValueError (the table unchanged) when illegal; else the payments of the rounds it ended.
      .def("step",
           [](NativeTable& t, int action) {
             mjk_table_error error{};
             if (mjk_table_apply(t.table, mjk_table_seat(t.table), action, &error) != MJK_OK)
               throw py::value_error(error.message);
             std::array<std::int32_t, 4> deltas{};
             if (mjk_table_play_on(t.table, deltas.data()) < 0) throw std::bad_alloc();
             return deltas;
           })
      .def("events",
           [](const NativeTable& t, int viewer) {
             return text_of([&](char* buf, std::size_t cap, std::size_t* needed) {
               return mjk_table_events(t.table, viewer, 0, buf, cap, needed);
             });
           })
      .def("state", [](const NativeTable& t) { return state_of(t.table); })
      .def("record",
           [](const NativeTable& t, int format) {
             mjk_table_error error{};
             return text_of([&](char* buf, std::size_t cap, std::size_t* needed) {
               const int code = mjk_table_record(t.table, format, buf, cap, needed, &error);
               if (code != MJK_OK && code != MJK_ERR_OUTPUT_TOO_SMALL) throw py::value_error(error.message);
               return code;
             });
           })
      .def("observe",  // _table.py checked out's shape
           [](const NativeTable& t, py::array_t<float, py::array::c_style> out) {
             mjk_table_observe(t.table, out.mutable_data());
           })
      .def("check", [](const NativeTable& t) {
        char buf[1024];
        return checked(mjk_table_check(t.table, buf, sizeof buf), buf);
      });
  py::class_<NativeTables>(m, "BatchTables")
      .def(py::init<std::size_t, const std::string&, int, std::uint64_t>())
      .def("reset", &NativeTables::reset)
      .def("step", &NativeTables::step)
      .def("encode", &NativeTables::encode)
      .def("games", &NativeTables::games)
      .def("arrays", &NativeTables::arrays)
      .def("check", &NativeTables::check);
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
