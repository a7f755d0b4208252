// mjk.Table and mjk.Tables' native half (_table.py is the Python side):
// one game on the engine (mjk::Table and its event list), and n games
// stepped together in one C++ loop with NumPy arrays in and out. The acting
// seat of a table is the lowest seat the engine asks (docs/python.md, "Whole
// games"): on a discard several seats may be asked; they answer one at a
// time in seat order, the table moving on once all have answered.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "mjk/analysis.hpp"
#include "mjk/mjai.hpp"
#include "mjk/from_engine.hpp"
#include "mjk/records.hpp"
#include "mjk/table.hpp"

namespace py = pybind11;

namespace {

using mjk::Table;

mjk::EngineRules rules_of(const std::string& name, int length) {
  const mjk::RulesPreset preset = mjk::rules_preset(name);
  if (!preset.rules)
    throw py::value_error("unknown rules preset '" + name + "' (the presets: " + std::string(mjk::rules_preset_names) +
                          ")");
  mjk::EngineRules rules = *preset.rules;
  if (length < 0 || length > 2) throw py::value_error("length must be 'one', 'east' or 'south'");
  rules.length = static_cast<mjk::GameLength>(length);
  return rules;
}

// The seat that acts now: the lowest seat asked, -1 when nobody is.
int acting_seat(const Table& t) noexcept {
  const unsigned actors = t.actors();
  if (!actors) return -1;
  int s = 0;
  while (!((actors >> s) & 1)) ++s;
  return s;
}

// Plays on past round ends: deals the next round. Adds the rounds' payments
// into deltas. True when the game ended.
bool settle(Table& t, mjk::GameLog* log, std::array<std::int32_t, 4>& deltas) noexcept {
  while (t.phase() == mjk::Phase::round_over) {
    for (int s = 0; s < 4; ++s) deltas[static_cast<std::size_t>(s)] += t.result().deltas[static_cast<std::size_t>(s)];
    t.next_round(log);
  }
  return t.done();
}

// ---- the observation encoding (docs/python.md's table) ----
// From the acting seat's view; seats relative to it (0 itself, 1 the next
// to play, 2 across, 3 the previous). Values are raw: counts, pai + 1 (0
// none; 35..37 the red fives), points.
constexpr int river_slots = 32;
struct Field {
  const char* name;
  int size;
};
constexpr std::array<Field, 13> fields = {{{"hand", 34},
                                           {"hand_red", 3},
                                           {"drawn", 34},
                                           {"melds", 4 * 34},
                                           {"discards", 4 * river_slots},
                                           {"discard_flags", 4 * river_slots},
                                           {"dora", 5},
                                           {"scores", 4},
                                           {"round", 8},
                                           {"riichi", 4},
                                           {"nuki", 4},
                                           {"shanten_after", 34},
                                           {"ukeire_after", 34}}};
constexpr int field_offset(int index) {
  int o = 0;
  for (int i = 0; i < index; ++i) o += fields[static_cast<std::size_t>(i)].size;
  return o;
}
constexpr int encoding_size = field_offset(static_cast<int>(fields.size()));
constexpr int off_hand = field_offset(0), off_hand_red = field_offset(1), off_drawn = field_offset(2),
              off_melds = field_offset(3), off_discards = field_offset(4), off_flags = field_offset(5),
              off_dora = field_offset(6), off_scores = field_offset(7), off_round = field_offset(8),
              off_riichi = field_offset(9), off_nuki = field_offset(10), off_shanten = field_offset(11),
              off_ukeire = field_offset(12);
constexpr float not_held = 9.0f;  // shanten_after of a kind the hand does not hold

void add_meld_tiles(const mjk::Meld& m, float* counts) noexcept {
  const int k = m.tile.kind();
  if (m.type == mjk::MeldType::chi) {
    for (int i = 0; i < 3; ++i) counts[k + i] += 1;
  } else {
    counts[k] += static_cast<float>(m.size());
  }
}

void encode_table(const Table& t, float* out) noexcept {
  std::memset(out, 0, sizeof(float) * encoding_size);
  const int me = acting_seat(t);
  if (me < 0) return;  // nobody acts (the game is over): zeros
  const int n = t.players();
  auto rel = [&](int seat) { return (seat - me + n) % n; };
  const mjk::SeatState& own = t.seat(me);
  const auto counts = mjk::to_counts34(own.hand);
  for (int k = 0; k < 34; ++k) out[off_hand + k] = static_cast<float>(counts[static_cast<std::size_t>(k)]);
  for (int r = 0; r < 3; ++r) out[off_hand_red + r] = own.hand.red_fives[static_cast<std::size_t>(r)];
  const bool my_turn = t.phase() == mjk::Phase::turn && t.turn() == me;
  if (my_turn && t.drawn() != mjk::no_pai) out[off_drawn + mjk::pai_kind(t.drawn())] = 1;
  std::array<std::uint8_t, 34> visible{};
  for (int s = 0; s < n; ++s) {
    const mjk::SeatState& st = t.seat(s);
    float* melds = out + off_melds + 34 * rel(s);
    for (int i = 0; i < st.meld_count; ++i) add_meld_tiles(st.melds[static_cast<std::size_t>(i)], melds);
    out[off_riichi + rel(s)] = st.riichi;
    out[off_nuki + rel(s)] = st.nuki;
    out[off_scores + rel(s)] = static_cast<float>(t.scores()[static_cast<std::size_t>(s)]);
    if (s != me)
      for (int k = 0; k < 34; ++k) visible[static_cast<std::size_t>(k)] += static_cast<std::uint8_t>(melds[k]);
    if (st.nuki && s != me) visible[30] += st.nuki;
  }
  std::array<int, 4> slot{};
  for (int i = 0; i < t.river_size(); ++i) {
    const mjk::RiverTile& r = t.river(i);
    const int who = rel(r.seat);
    int& k = slot[static_cast<std::size_t>(who)];
    if (k < river_slots) {
      out[off_discards + river_slots * who + k] = static_cast<float>(r.pai + 1);
      out[off_flags + river_slots * who + k] = r.flags;
      ++k;
    }
    if (!(r.flags & 4)) ++visible[static_cast<std::size_t>(mjk::pai_kind(r.pai))];  // a called tile is in a meld
  }
  for (int i = 0; i < t.dora_indicator_count() && i < 5; ++i) {
    out[off_dora + i] = static_cast<float>(t.dora_indicator(i) + 1);
    ++visible[static_cast<std::size_t>(mjk::pai_kind(t.dora_indicator(i)))];
  }
  float* round = out + off_round;
  round[0] = static_cast<float>(t.round_wind());
  round[1] = static_cast<float>(t.kyoku());
  round[2] = static_cast<float>(t.honba());
  round[3] = static_cast<float>(t.sticks());
  round[4] = static_cast<float>(t.tiles_left());
  round[5] = static_cast<float>((me - t.dealer() + n) % n);  // the seat's wind: 0 East (the dealer)
  round[6] = static_cast<float>(t.phase());
  const bool claiming = t.phase() == mjk::Phase::reaction || t.phase() == mjk::Phase::chankan;
  round[7] = claiming ? static_cast<float>(t.claim() + 1) : 0.0f;
  // The kernel's discard advice on the seat's own turn (3k+2 tiles).
  if (!my_turn || own.hand.tiles % 3 != 2) return;
  for (int k = 0; k < 34; ++k) {
    const int held = counts[static_cast<std::size_t>(k)];
    visible[static_cast<std::size_t>(k)] =
        static_cast<std::uint8_t>(std::min<int>(visible[static_cast<std::size_t>(k)], 4 - held));
    out[off_shanten + k] = not_held;
  }
  mjk::Options options;
  options.players = t.rules().players;
  options.visible = visible;
  const auto advice = mjk::advice(own.hand, options);
  if (!advice.ok()) return;
  for (int i = 0; i < advice.value.count; ++i) {
    const mjk::DiscardOption& o = advice.value.options[static_cast<std::size_t>(i)];
    out[off_shanten + o.discard.kind()] = o.shanten;
    out[off_ukeire + o.discard.kind()] = o.ukeire;
  }
}

py::dict encoding_layout() {
  py::dict d;
  for (std::size_t i = 0; i < fields.size(); ++i)
    d[fields[i].name] = py::make_tuple(field_offset(static_cast<int>(i)), fields[i].size);
  return d;
}

// ---- one game ----
class GameTable {
 public:
  GameTable(const std::string& rules, int length, std::uint64_t seed, std::uint32_t game)
      : rules_(rules_of(rules, length)) {
    reset(seed, game);
  }
  void reset(std::uint64_t seed, std::uint32_t game) {
    seed_ = seed;
    game_ = game;
    log_.clear();
    table_.start(rules_, seed, game, &log_);
    deltas_ = {};
  }
  [[nodiscard]] int seat() const { return acting_seat(table_); }
  [[nodiscard]] std::vector<int> legal() const {
    std::vector<int> ids;
    const int s = seat();
    if (s < 0) return ids;
    const mjk::ActionSet& set = table_.legal(s);
    for (int a = 0; a < mjk::act::count; ++a)
      if (set.contains(a)) ids.push_back(a);
    return ids;
  }
  // The acting seat's action; raises ValueError (state unchanged) when
  // illegal. Returns the payments of the rounds it ended (zeros if none).
  std::array<std::int32_t, 4> step(int action) {
    const int s = seat();
    if (s < 0) throw py::value_error("the game is over: no seat acts (reset() starts the next)");
    if (action < 0 || action >= mjk::act::count)
      throw py::value_error("action " + std::to_string(action) + " is not an action id (0..123)");
    const mjk::ActionResult r = table_.apply(s, static_cast<mjk::Action>(action), &log_);
    if (!r.ok()) throw py::value_error(r.message());
    deltas_ = {};
    settle(table_, &log_, deltas_);
    return deltas_;
  }
  [[nodiscard]] std::string events(int viewer) const {
    if (viewer < -1 || viewer >= table_.players())
      throw py::value_error("viewer must be -1 (every tile) or a seat 0.." + std::to_string(table_.players() - 1));
    std::string out;
    mjk::write_mjai(log_, rules_.players, out, {}, viewer);
    return out;
  }
  // The game so far as mjai, tenhou6 or mjlog: records::game_of (the
  // table's rules, length and end, as mjk play writes its games) written by
  // the records layer's writers (which read their text back and replay it
  // first), as mjk_table_record does.
  [[nodiscard]] std::string record(const std::string& format) const {
    std::string mjai;
    mjk::write_mjai(log_, rules_.players, mjai);
    if (format == "mjai") return mjai;
    if (format != "tenhou6" && format != "mjlog")
      throw py::value_error("format must be one of mjai, tenhou6, mjlog, not '" + format + "'");
    const mjk::records::Game game = mjk::records::game_of(log_, rules_, "table");
    const mjk::records::WriteResult out =
        format == "tenhou6" ? mjk::records::write_tenhou6(game) : mjk::records::write_mjlog(game);
    if (!out.ok()) throw py::value_error("record('" + format + "'): " + *out.error);
    return out.text;
  }
  [[nodiscard]] py::dict state() const {
    const Table& t = table_;
    py::dict d;
    d["phase"] = static_cast<int>(t.phase());
    d["players"] = t.players();
    d["actors"] = static_cast<int>(t.actors());
    d["seat"] = seat();
    d["turn"] = t.turn();
    d["round_wind"] = t.round_wind();
    d["kyoku"] = t.kyoku();
    d["dealer"] = t.dealer();
    d["honba"] = t.honba();
    d["sticks"] = t.sticks();
    d["tiles_left"] = t.tiles_left();
    std::vector<int> scores, riichi, places, dora;
    const auto p = t.placements();
    for (int s = 0; s < t.players(); ++s) {
      scores.push_back(t.scores()[static_cast<std::size_t>(s)]);
      riichi.push_back(t.seat(s).riichi);
      places.push_back(p[static_cast<std::size_t>(s)]);
    }
    for (int i = 0; i < t.dora_indicator_count(); ++i) dora.emplace_back(t.dora_indicator(i));
    d["scores"] = scores;
    d["riichi"] = riichi;
    d["placements"] = places;
    d["dora_indicators"] = dora;
    d["done"] = t.done();
    d["seed"] = seed_;
    d["game"] = game_;
    return d;
  }
  void encode(py::array_t<float, py::array::c_style> out) const {
    if (out.ndim() != 1 || out.shape(0) != encoding_size)
      throw py::value_error("out must be a float32 array of shape (" + std::to_string(encoding_size) + ",)");
    encode_table(table_, out.mutable_data());
  }
  [[nodiscard]] const Table& table() const { return table_; }
  [[nodiscard]] std::string check() const { return table_.check(); }

 private:
  mjk::EngineRules rules_;
  Table table_;
  mjk::GameLog log_;
  std::uint64_t seed_ = 0;
  std::uint32_t game_ = 0;
  std::array<std::int32_t, 4> deltas_{};
};

// ---- n games stepped together ----
class BatchTables {
 public:
  BatchTables(std::size_t n, const std::string& rules, int length, std::uint64_t seed)
      : rules_(rules_of(rules, length)),
        tables_(n),
        games_(n),
        mask_(py::array_t<bool>({static_cast<py::ssize_t>(n), static_cast<py::ssize_t>(mjk::act::count)})),
        seat_(py::array_t<std::int8_t>(static_cast<py::ssize_t>(n))),
        deltas_(py::array_t<std::int32_t>({static_cast<py::ssize_t>(n), py::ssize_t{4}})),
        final_(py::array_t<std::int32_t>({static_cast<py::ssize_t>(n), py::ssize_t{4}})) {
    if (n == 0) throw py::value_error("Tables needs n >= 1 tables");
    // Raw pointers, taken once: the loops write them without the GIL; the
    // arrays Python sees are read-only views of them.
    mask_ptr_ = mask_.mutable_data();
    seat_ptr_ = seat_.mutable_data();
    deltas_ptr_ = deltas_.mutable_data();
    final_ptr_ = final_.mutable_data();
    for (py::array* a : {static_cast<py::array*>(&mask_), static_cast<py::array*>(&seat_),
                         static_cast<py::array*>(&deltas_), static_cast<py::array*>(&final_)})
      a->attr("flags").attr("writeable") = false;
    reset(seed);
  }
  void reset(std::uint64_t seed) {
    seed_ = seed;
    for (std::size_t i = 0; i < tables_.size(); ++i) {
      games_[i] = static_cast<std::uint32_t>(i);
      tables_[i].start(rules_, seed, games_[i]);
    }
    std::memset(deltas_ptr_, 0, sizeof(std::int32_t) * 4 * tables_.size());
    std::memset(final_ptr_, 0, sizeof(std::int32_t) * 4 * tables_.size());
    refresh();
  }
  // One action a table, for its acting seat. Every action is checked before
  // any is applied: an illegal one raises and no table moves.
  py::tuple step(const py::array& actions) {
    const std::size_t n = tables_.size();
    if (actions.ndim() != 1 || static_cast<std::size_t>(actions.shape(0)) != n)
      throw py::value_error("actions must have shape (" + std::to_string(n) + ",), one per table; got " +
                            shape_text(actions));
    const char kind = actions.dtype().kind();
    if (kind != 'i' && kind != 'u')
      throw py::type_error("actions must be an integer array (int8..int64, uint8..); got dtype " +
                           std::string(py::str(actions.dtype())));
    const auto ids = py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>::ensure(actions);
    const std::int64_t* a = ids.data();
    const std::int8_t* seat = seat_ptr_;
    for (std::size_t i = 0; i < n; ++i) {
      const Table& t = tables_[i];
      const mjk::Refusal why = a[i] < 0 || a[i] >= mjk::act::count ? mjk::Refusal::bad_action
                                                                   : t.why_not(seat[i], static_cast<mjk::Action>(a[i]));
      if (why != mjk::Refusal::none)
        throw py::value_error("table " + std::to_string(i) + ": seat " + std::to_string(seat[i]) + " may not play " +
                              (why == mjk::Refusal::bad_action ? "action " + std::to_string(a[i])
                                                               : mjk::action_name(static_cast<mjk::Action>(a[i]))) +
                              ": " + std::string(mjk::describe(why)) + " (nothing was applied)");
    }
    py::array_t<float> rewards(static_cast<py::ssize_t>(n));
    py::array_t<bool> done(static_cast<py::ssize_t>(n));
    float* reward = rewards.mutable_data();
    bool* finished = done.mutable_data();
    std::int32_t* deltas = deltas_ptr_;
    std::int32_t* final_scores = final_ptr_;
    {
      py::gil_scoped_release release;
      for (std::size_t i = 0; i < n; ++i) {
        Table& t = tables_[i];
        const int s = seat[i];
        (void)t.apply(s, static_cast<mjk::Action>(a[i]));
        std::array<std::int32_t, 4> d{};
        const bool over = settle(t, nullptr, d);
        std::memcpy(deltas + 4 * i, d.data(), sizeof d);
        reward[i] = static_cast<float>(d[static_cast<std::size_t>(s)]);
        finished[i] = over;
        if (over) {
          std::memcpy(final_scores + 4 * i, t.scores().data(), sizeof(std::int32_t) * 4);
          games_[i] += static_cast<std::uint32_t>(n);  // table i plays games i, i + n, i + 2n, ... of the seed
          t.start(rules_, seed_, games_[i]);
        }
      }
      refresh_unlocked();
    }
    return py::make_tuple(rewards, done);
  }
  void encode(py::array_t<float, py::array::c_style> out) const {
    const std::size_t n = tables_.size();
    if (out.ndim() != 2 || static_cast<std::size_t>(out.shape(0)) != n || out.shape(1) != encoding_size)
      throw py::value_error("out must be a C-contiguous float32 array of shape (" + std::to_string(n) + ", " +
                            std::to_string(encoding_size) + ")");
    float* o = out.mutable_data();
    py::gil_scoped_release release;
    for (std::size_t i = 0; i < n; ++i) encode_table(tables_[i], o + encoding_size * i);
  }
  [[nodiscard]] py::array mask() const { return mask_; }
  [[nodiscard]] py::array seat() const { return seat_; }
  [[nodiscard]] py::array deltas() const { return deltas_; }
  [[nodiscard]] py::array final_scores() const { return final_; }
  [[nodiscard]] py::array_t<std::uint32_t> games() const {
    py::array_t<std::uint32_t> g(static_cast<py::ssize_t>(games_.size()));
    std::memcpy(g.mutable_data(), games_.data(), sizeof(std::uint32_t) * games_.size());
    return g;
  }
  [[nodiscard]] py::array_t<std::int32_t> scores() const {
    py::array_t<std::int32_t> s({static_cast<py::ssize_t>(tables_.size()), py::ssize_t{4}});
    for (std::size_t i = 0; i < tables_.size(); ++i)
      std::memcpy(s.mutable_data() + 4 * i, tables_[i].scores().data(), sizeof(std::int32_t) * 4);
    return s;
  }
  [[nodiscard]] std::size_t size() const { return tables_.size(); }
  [[nodiscard]] int players() const { return rules_.player_count(); }
  [[nodiscard]] std::string check(std::size_t i) const { return tables_.at(i).check(); }

 private:
  static std::string shape_text(const py::array& a) {
    std::string s = "(";
    for (py::ssize_t d = 0; d < a.ndim(); ++d) s += (d ? ", " : "") + std::to_string(a.shape(d));
    return s + (a.ndim() == 1 ? ",)" : ")");
  }
  void refresh() {
    py::gil_scoped_release release;
    refresh_unlocked();
  }
  // The mask and the acting seats, written from the legal sets' bits.
  void refresh_unlocked() noexcept {
    bool* mask = mask_ptr_;
    std::int8_t* seat = seat_ptr_;
    for (std::size_t i = 0; i < tables_.size(); ++i) {
      const int s = acting_seat(tables_[i]);
      seat[i] = static_cast<std::int8_t>(s);
      bool* row = mask + mjk::act::count * i;
      const mjk::ActionSet& set = tables_[i].legal(s < 0 ? 0 : s);
      for (int a = 0; a < mjk::act::count; ++a)
        row[a] = s >= 0 && ((set.bits[static_cast<unsigned>(a) >> 6] >> (a & 63)) & 1);
    }
  }

  mjk::EngineRules rules_;
  std::vector<Table> tables_;
  std::vector<std::uint32_t> games_;
  std::uint64_t seed_ = 0;
  py::array_t<bool> mask_;
  py::array_t<std::int8_t> seat_;
  py::array_t<std::int32_t> deltas_, final_;
  bool* mask_ptr_ = nullptr;
  std::int8_t* seat_ptr_ = nullptr;
  std::int32_t* deltas_ptr_ = nullptr;
  std::int32_t* final_ptr_ = nullptr;
};

}  // namespace

void add_table(py::module_& m) {
  m.attr("ACTION_COUNT") = mjk::act::count;
  m.attr("ENCODING_SIZE") = encoding_size;
  m.attr("TABLE_BYTES") = sizeof(Table);
  m.def("encoding_layout", &encoding_layout);
  m.def("action_name", [](int a) {
    if (a < 0 || a >= mjk::act::count) throw py::value_error("action ids are 0..123");
    return mjk::action_name(static_cast<mjk::Action>(a));
  });
  py::class_<GameTable>(m, "GameTable")
      .def(py::init<const std::string&, int, std::uint64_t, std::uint32_t>())
      .def("reset", &GameTable::reset)
      .def("seat", &GameTable::seat)
      .def("legal", &GameTable::legal)
      .def("step", &GameTable::step)
      .def("events", &GameTable::events)
      .def("state", &GameTable::state)
      .def("record", &GameTable::record)
      .def("encode", &GameTable::encode)
      .def("check", &GameTable::check);
  py::class_<BatchTables>(m, "BatchTables")
      .def(py::init<std::size_t, const std::string&, int, std::uint64_t>())
      .def("reset", &BatchTables::reset)
      .def("step", &BatchTables::step)
      .def("encode", &BatchTables::encode)
      .def_property_readonly("mask", &BatchTables::mask)
      .def_property_readonly("seat", &BatchTables::seat)
      .def_property_readonly("deltas", &BatchTables::deltas)
      .def_property_readonly("final_scores", &BatchTables::final_scores)
      .def_property_readonly("games", &BatchTables::games)
      .def_property_readonly("scores", &BatchTables::scores)
      .def_property_readonly("players", &BatchTables::players)
      .def("__len__", &BatchTables::size)
      .def("check", &BatchTables::check);
}
