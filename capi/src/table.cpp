// The C ABI's game tables (mjk.h, "game tables"): a handle owning an
// mjk::Table and its event list. Every entry point catches what the event
// list's growth may throw (std::bad_alloc): nothing crosses the C boundary.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <new>
#include <string>
#include <string_view>
#include <vector>

#include "mjk.h"
#include "mjk/mjai.hpp"
#include "mjk/table.hpp"
#include "mjk/wall.hpp"

#include "c_convert.hpp"
#include "table_handle.hpp"

namespace mjk::capi {

// The codes mjk_error_message knows for tables (c_api.cpp asks here first).
const char* table_error_message(int code) noexcept {
  switch (code) {
    case MJK_ERR_UNKNOWN_RULES: return "unknown rules preset or game length";
    case MJK_ERR_BAD_WALL: return "bad wall (not 136 or 108 distinct tile ids of the rules)";
    case MJK_ERR_ILLEGAL_ACTION: return "action not in the seat's legal set";
    case MJK_ERR_NOT_ROUND_OVER: return "the round is not over";
    case MJK_ERR_RECORD_UNWRITABLE: return "the record format cannot carry this game";
    default: return nullptr;
  }
}

namespace {

static_assert(MJK_ACTIONS == act::count && MJK_ACT_TSUMOGIRI == act::tsumogiri && MJK_ACT_RIICHI == act::riichi &&
              MJK_ACT_RIICHI_TSUMOGIRI == act::riichi_tsumogiri && MJK_ACT_CHI == act::chi &&
              MJK_ACT_CHI_RED == act::chi_red && MJK_ACT_PON == act::pon && MJK_ACT_PON_RED == act::pon_red &&
              MJK_ACT_DAIMINKAN == act::daiminkan && MJK_ACT_KAN == act::kan && MJK_ACT_TSUMO == act::tsumo &&
              MJK_ACT_RON == act::ron && MJK_ACT_NINE_TERMINALS == act::nine_terminals && MJK_ACT_NORTH == act::north &&
              MJK_ACT_PASS == act::pass && MJK_NO_PAI == no_pai);
static_assert(MJK_PHASE_TURN == static_cast<int>(Phase::turn) &&
              MJK_PHASE_REACTION == static_cast<int>(Phase::reaction) &&
              MJK_PHASE_CHANKAN == static_cast<int>(Phase::chankan) &&
              MJK_PHASE_ROUND_OVER == static_cast<int>(Phase::round_over) &&
              MJK_PHASE_GAME_OVER == static_cast<int>(Phase::game_over));
static_assert(MJK_REFUSAL_NOT_ASKED == static_cast<int>(Refusal::not_asked) &&
              MJK_REFUSAL_FURITEN == static_cast<int>(Refusal::furiten) &&
              MJK_REFUSAL_WRONG_PHASE == static_cast<int>(Refusal::wrong_phase));
static_assert(MJK_LENGTH_ONE == static_cast<int>(GameLength::one) &&
              MJK_LENGTH_EAST == static_cast<int>(GameLength::east) &&
              MJK_LENGTH_SOUTH == static_cast<int>(GameLength::south));

}  // namespace

int fail(mjk_table_error* error, int code, std::string_view message) noexcept {
  if (error) {
    *error = {};
    error->code = code;
    const std::size_t n = std::min(message.size(), std::size_t{MJK_MAX_MESSAGE - 1});
    std::memcpy(error->message, message.data(), n);
  }
  return code;
}

int ok(mjk_table_error* error) noexcept {
  if (error) *error = {};
  return MJK_OK;
}

// The preset's rules with the length asked, or the error's code.
int rules_of(const char* name, int length, EngineRules& rules, mjk_table_error* error) noexcept {
  if (!name) return fail(error, MJK_ERR_INVALID_ARGUMENT, "the rules name is NULL");
  const RulesPreset preset = rules_preset(name);
  if (!preset.rules) {
    char text[MJK_MAX_MESSAGE];
    std::snprintf(text, sizeof text, "unknown rules preset '%.64s' (the presets: %.*s)", name,
                  static_cast<int>(rules_preset_names.size()), rules_preset_names.data());
    return fail(error, MJK_ERR_UNKNOWN_RULES, text);
  }
  rules = *preset.rules;
  if (length != MJK_LENGTH_RULES) {
    if (length < MJK_LENGTH_ONE || length > MJK_LENGTH_SOUTH) {
      char text[MJK_MAX_MESSAGE];
      std::snprintf(text, sizeof text, "unknown game length %d (MJK_LENGTH_ONE, _EAST, _SOUTH or _RULES)", length);
      return fail(error, MJK_ERR_UNKNOWN_RULES, text);
    }
    rules.length = static_cast<GameLength>(length);
  }
  return MJK_OK;
}

namespace {

int wall_of(const EngineRules& rules, const std::uint8_t* ids, std::size_t n, Wall& wall, mjk_table_error* error) {
  if (!ids && n) return fail(error, MJK_ERR_INVALID_ARGUMENT, "the wall's ids are NULL");
  // n is whatever the caller passed: a count past the rules' is refused
  // before the ids are copied (a huge n is no vector to allocate), in
  // wall_from_ids's words.
  if (const std::size_t want = rules.players == Players::four ? 136 : 108; n > want)
    return fail(error, MJK_ERR_BAD_WALL,
                "bad wall: a wall of " + std::to_string(n) + " tiles (" + std::to_string(want) + " wanted with " +
                    std::to_string(rules.player_count()) + " players)");
  std::vector<int> v(ids, ids + n);
  const WallParse parsed = wall_from_ids(rules, v);
  if (!parsed.ok()) return fail(error, MJK_ERR_BAD_WALL, "bad wall: " + parsed.error);
  wall = parsed.wall;
  return MJK_OK;
}

mjk_table* make(const char* rules_name, std::uint64_t seed, std::uint32_t game, int length, const std::uint8_t* ids,
                std::size_t n, bool given, mjk_table_error* error) noexcept {
  try {
    EngineRules rules;
    if (rules_of(rules_name, length, rules, error) != MJK_OK) return nullptr;
    Wall wall;
    if (given && wall_of(rules, ids, n, wall, error) != MJK_OK) return nullptr;
    auto* t = new mjk_table;
    t->seed = seed;
    t->game = game;
    t->table.start(rules, seed, game, &t->log, given ? &wall : nullptr);
    ok(error);
    return t;
  } catch (const std::bad_alloc&) {
    fail(error, MJK_ERR_OUT_OF_MEMORY, "out of memory");
    return nullptr;
  }
}

}  // namespace
}  // namespace mjk::capi

using namespace mjk;

extern "C" {

mjk_table* mjk_table_new(const char* rules_name, uint64_t seed, uint32_t game, int length, mjk_table_error* error) {
  return capi::make(rules_name, seed, game, length, nullptr, 0, false, error);
}

mjk_table* mjk_table_new_wall(const char* rules_name, uint64_t seed, uint32_t game, int length, const uint8_t* ids,
                              size_t n, mjk_table_error* error) {
  return capi::make(rules_name, seed, game, length, ids, n, true, error);
}

void mjk_table_free(mjk_table* table) { delete table; }

int mjk_table_actors(const mjk_table* table) { return table ? table->table.actors() : 0; }

int mjk_table_legal(const mjk_table* table, int seat, uint8_t* ids, size_t cap) {
  if (!table || (!ids && cap) || seat < 0 || seat >= table->table.players()) return -MJK_ERR_INVALID_ARGUMENT;
  if (!((table->table.actors() >> seat) & 1)) return 0;
  const ActionSet& legal = table->table.legal(seat);
  std::size_t k = 0;
  for (int a = 0; a < act::count; ++a) {
    if (!legal.contains(a)) continue;
    if (k == cap) return -MJK_ERR_OUTPUT_TOO_SMALL;
    ids[k++] = static_cast<uint8_t>(a);
  }
  return static_cast<int>(k);
}

int mjk_table_legal_mask(const mjk_table* table, int seat, uint8_t mask[MJK_ACTIONS]) {
  if (!table || !mask || seat < 0 || seat >= table->table.players()) return -MJK_ERR_INVALID_ARGUMENT;
  const bool asked = (table->table.actors() >> seat) & 1;
  const ActionSet& legal = table->table.legal(seat);
  int k = 0;
  for (int a = 0; a < act::count; ++a) {
    mask[a] = static_cast<uint8_t>(asked && legal.contains(a));
    k += mask[a];
  }
  return k;
}

int mjk_table_apply(mjk_table* table, int seat, int action, mjk_table_error* error) {
  if (!table) return capi::fail(error, MJK_ERR_INVALID_ARGUMENT, "the table is NULL");
  try {
    if (action < 0 || action >= act::count) {
      char text[MJK_MAX_MESSAGE];
      std::snprintf(text, sizeof text, "seat %d may not play action %d: not an action id (0..%d)", seat, action,
                    act::count - 1);
      capi::fail(error, MJK_ERR_ILLEGAL_ACTION, text);
      if (error) error->refusal = MJK_REFUSAL_BAD_ACTION;
      return MJK_ERR_ILLEGAL_ACTION;
    }
    if (seat < 0 || seat > 3) {
      char text[MJK_MAX_MESSAGE];
      std::snprintf(text, sizeof text, "seat %d: no such seat at this table", seat);
      capi::fail(error, MJK_ERR_ILLEGAL_ACTION, text);
      if (error) error->refusal = MJK_REFUSAL_BAD_SEAT;
      return MJK_ERR_ILLEGAL_ACTION;
    }
    const ActionResult r = table->table.apply(seat, static_cast<Action>(action), &table->log);
    if (r.ok()) return capi::ok(error);
    capi::fail(error, MJK_ERR_ILLEGAL_ACTION, r.message());
    if (error) {
      error->refusal = static_cast<uint8_t>(r.refusal);
      error->seat = r.seat;
      error->action = r.action;
    }
    return MJK_ERR_ILLEGAL_ACTION;
  } catch (const std::bad_alloc&) {
    return capi::fail(error, MJK_ERR_OUT_OF_MEMORY, "out of memory");
  }
}

int mjk_table_next_round(mjk_table* table, const uint8_t* ids, size_t n, mjk_table_error* error) {
  if (!table) return capi::fail(error, MJK_ERR_INVALID_ARGUMENT, "the table is NULL");
  try {
    // (once the game is over, this said "the round is not over")
    if (table->table.phase() == Phase::game_over)
      return capi::fail(error, MJK_ERR_NOT_ROUND_OVER, "the game is over: no next round to deal");
    if (table->table.phase() != Phase::round_over)
      return capi::fail(error, MJK_ERR_NOT_ROUND_OVER, "the round is not over: no next round to deal");
    Wall wall;
    if (ids && capi::wall_of(table->table.rules(), ids, n, wall, error) != MJK_OK) return MJK_ERR_BAD_WALL;
    table->table.next_round(&table->log, ids ? &wall : nullptr);
    return capi::ok(error);
  } catch (const std::bad_alloc&) {
    return capi::fail(error, MJK_ERR_OUT_OF_MEMORY, "out of memory");
  }
}

int mjk_action_name(int action, char* buf, size_t cap) {
  if (action < 0 || action >= act::count || !buf) return MJK_ERR_INVALID_ARGUMENT;
  try {
    const std::string name = action_name(static_cast<Action>(action));
    return capi::put_text(name, buf, cap, nullptr);
  } catch (const std::bad_alloc&) {
    return MJK_ERR_OUT_OF_MEMORY;
  }
}

int mjk_table_events(const mjk_table* table, int viewer, size_t from_line, char* buf, size_t cap, size_t* needed) {
  if (!table || (!buf && cap) || viewer < -1 || viewer >= table->table.players()) return MJK_ERR_INVALID_ARGUMENT;
  try {
    std::string lines;
    write_mjai(table->log, table->table.rules().players, lines, {}, viewer);
    std::size_t start = 0;
    for (std::size_t line = 0; line < from_line && start < lines.size(); ++line) {
      const std::size_t end = lines.find('\n', start);
      start = end == std::string::npos ? lines.size() : end + 1;
    }
    return capi::put_text(std::string_view(lines).substr(start), buf, cap, needed);
  } catch (const std::bad_alloc&) {
    return MJK_ERR_OUT_OF_MEMORY;
  }
}

int mjk_table_get_state(const mjk_table* table, mjk_table_state* out) {
  if (!table || !out) return MJK_ERR_INVALID_ARGUMENT;
  const Table& t = table->table;
  *out = {};
  out->phase = static_cast<uint8_t>(t.phase());
  out->players = static_cast<uint8_t>(t.players());
  out->actors = t.actors();
  out->done = t.done();
  out->turn = static_cast<uint8_t>(t.turn());
  out->drawn = t.drawn();
  const bool claiming = t.phase() == Phase::reaction || t.phase() == Phase::chankan;
  out->claim = claiming ? t.claim() : MJK_NO_PAI;
  out->round_wind = static_cast<uint8_t>(t.round_wind());
  out->kyoku = static_cast<uint8_t>(t.kyoku());
  out->dealer = static_cast<uint8_t>(t.dealer());
  out->honba = static_cast<uint8_t>(std::min(t.honba(), 255));
  out->sticks = static_cast<uint8_t>(std::min(t.sticks(), 255));
  out->tiles_left = static_cast<uint8_t>(std::max(t.tiles_left(), 0));
  out->dora_count = static_cast<uint8_t>(t.dora_indicator_count());
  for (int i = 0; i < 5; ++i) out->dora[i] = i < t.dora_indicator_count() ? t.dora_indicator(i) : MJK_NO_PAI;
  const auto places = t.placements();
  for (int s = 0; s < 4; ++s) {
    out->riichi[s] = s < t.players() ? t.seat(s).riichi : 0;
    out->placements[s] = s < t.players() ? places[static_cast<std::size_t>(s)] : 0;
    out->scores[s] = s < t.players() ? t.scores()[static_cast<std::size_t>(s)] : 0;
    out->result_deltas[s] = t.result().deltas[static_cast<std::size_t>(s)];
  }
  out->result_win = t.result().win;
  out->result_draw = static_cast<uint8_t>(t.result().draw);
  out->result_winners = t.result().winners;
  out->result_from = t.result().from;
  out->seed = table->seed;
  out->game = table->game;
  return MJK_OK;
}

#ifdef __EMSCRIPTEN__
// No game records in WebAssembly: the mjai lines only (table_record.cpp writes the others).
int mjk_table_record(const mjk_table* table, int format, char* buf, size_t cap, size_t* needed,
                     mjk_table_error* error) {
  if (format != MJK_RECORD_MJAI) return capi::fail(error, MJK_ERR_INVALID_ARGUMENT, "no game records in WebAssembly");
  const int code = mjk_table_events(table, -1, 0, buf, cap, needed);
  return code == MJK_OK ? capi::ok(error) : capi::fail(error, code, mjk_error_message(code));
}
#endif

}  // extern "C"
