// The C ABI's shared pieces of a table's doors (mjk_table.h, "what every
// door of a table shares"): the acting seat, playing on past a round's end,
// the observation encoding (mjk/observation.hpp) and batches of tables
// (mjk/table_batch.hpp), so that no binding writes them again.
#include <algorithm>
#include <array>
#include <cstdio>
#include <cstring>
#include <new>
#include <stdexcept>
#include <string>

#include "mjk.h"
#include "mjk/observation.hpp"
#include "mjk/table_batch.hpp"
#include "table_handle.hpp"

struct mjk_tables {
  mjk::TableBatch batch;
};

namespace {

static_assert(MJK_OBSERVATION_SIZE == mjk::observation::size &&
              MJK_OBSERVATION_FIELDS == mjk::observation::fields.size());

mjk::TableBatch::Out out_of(const mjk_tables_out* out) noexcept {
  if (!out) return {};
  return {out->mask, out->seat, out->deltas, out->final_scores, out->rewards, out->done};
}

int check_into(const mjk::Table& table, char* buf, std::size_t cap) noexcept {
  if (!buf || !cap) return MJK_ERR_INVALID_ARGUMENT;
  try {
    const std::string what = table.check();
    const std::size_t n = std::min(what.size(), cap - 1);
    std::memcpy(buf, what.data(), n);
    buf[n] = '\0';
    return MJK_OK;
  } catch (const std::bad_alloc&) {
    return MJK_ERR_OUT_OF_MEMORY;
  }
}

}  // namespace

using mjk::capi::fail;

extern "C" {

int mjk_rules_preset(const char* rules_name, int* players, int* length, mjk_table_error* error) {
  if (!players || !length) return fail(error, MJK_ERR_INVALID_ARGUMENT, "players or length is NULL");
  mjk::EngineRules rules;
  const int code = mjk::capi::rules_of(rules_name, MJK_LENGTH_RULES, rules, error);
  if (code != MJK_OK) return code;
  *players = rules.player_count();
  *length = static_cast<int>(rules.length);
  return mjk::capi::ok(error);
}

int mjk_table_seat(const mjk_table* table) { return table ? mjk::observation::acting_seat(table->table) : -1; }

int mjk_table_play_on(mjk_table* table, int32_t* deltas) {
  if (!table) return -MJK_ERR_INVALID_ARGUMENT;
  try {
    std::array<std::int32_t, 4> d{};
    const bool over = mjk::play_on(table->table, &table->log, d);
    if (deltas)
      for (std::size_t s = 0; s < 4; ++s) deltas[s] += d[s];
    return over ? 1 : 0;
  } catch (const std::bad_alloc&) {  // the event list's growth
    return -MJK_ERR_OUT_OF_MEMORY;
  }
}

int mjk_table_check(const mjk_table* table, char* buf, size_t cap) {
  return table ? check_into(table->table, buf, cap) : MJK_ERR_INVALID_ARGUMENT;
}

int mjk_observation_field(int i, const char** name, int* offset, int* size) {
  if (i < 0 || i >= MJK_OBSERVATION_FIELDS) return MJK_ERR_INVALID_ARGUMENT;
  const mjk::observation::Field& f = mjk::observation::fields[static_cast<std::size_t>(i)];
  if (name) *name = f.name;
  if (offset) *offset = f.offset;
  if (size) *size = f.size;
  return MJK_OK;
}

int mjk_table_observe(const mjk_table* table, float out[MJK_OBSERVATION_SIZE]) {
  if (!table || !out) return MJK_ERR_INVALID_ARGUMENT;
  mjk::observation::encode(table->table, out);
  return MJK_OK;
}

mjk_tables* mjk_tables_new(const char* rules_name, int length, uint64_t seed, size_t n, const mjk_tables_out* out,
                           mjk_table_error* error) {
  if (n == 0) {
    fail(error, MJK_ERR_INVALID_ARGUMENT, "a batch needs n >= 1 tables");
    return nullptr;
  }
  try {
    mjk::EngineRules rules;
    if (mjk::capi::rules_of(rules_name, length, rules, error) != MJK_OK) return nullptr;
    auto* t = new mjk_tables{mjk::TableBatch(rules, n, seed)};
    t->batch.write_mask(out_of(out));
    mjk::capi::ok(error);
    return t;
  } catch (const std::bad_alloc&) {
    fail(error, MJK_ERR_OUT_OF_MEMORY, "out of memory");
    return nullptr;
  } catch (const std::length_error&) {  // n tables more than a vector can hold: no allocation tried
    char text[MJK_MAX_MESSAGE];
    std::snprintf(text, sizeof text, "out of memory: %zu tables are more than memory holds", n);
    fail(error, MJK_ERR_OUT_OF_MEMORY, text);
    return nullptr;
  }
}

void mjk_tables_free(mjk_tables* tables) { delete tables; }

size_t mjk_tables_size(const mjk_tables* tables) { return tables ? tables->batch.size() : 0; }

size_t mjk_tables_table_bytes(void) { return sizeof(mjk::Table); }

int mjk_tables_reset(mjk_tables* tables, uint64_t seed, const mjk_tables_out* out) {
  if (!tables) return MJK_ERR_INVALID_ARGUMENT;
  tables->batch.reset(seed, out_of(out));
  return MJK_OK;
}

int mjk_tables_step(mjk_tables* tables, const int64_t* actions, const mjk_tables_out* out, mjk_table_error* error) {
  if (!tables || !actions) return fail(error, MJK_ERR_INVALID_ARGUMENT, "the batch or the actions are NULL");
  const mjk::BatchRefusal r = tables->batch.step(actions, out_of(out));
  if (r.ok()) return mjk::capi::ok(error);
  try {
    fail(error, MJK_ERR_ILLEGAL_ACTION, r.message());
  } catch (const std::bad_alloc&) {
    fail(error, MJK_ERR_ILLEGAL_ACTION, "an action was refused (nothing was applied)");
  }
  if (error) {
    error->refusal = static_cast<uint8_t>(r.why);
    error->seat = static_cast<uint8_t>(r.seat);
    error->action = static_cast<uint8_t>(std::clamp<std::int64_t>(r.action, 0, 255));
  }
  return MJK_ERR_ILLEGAL_ACTION;
}

int mjk_tables_encode(const mjk_tables* tables, float* out) {
  if (!tables || !out) return MJK_ERR_INVALID_ARGUMENT;
  tables->batch.encode(out);
  return MJK_OK;
}

int mjk_tables_games(const mjk_tables* tables, uint32_t* games, int32_t* scores) {
  if (!tables) return MJK_ERR_INVALID_ARGUMENT;
  for (std::size_t i = 0; i < tables->batch.size(); ++i) {
    if (games) games[i] = tables->batch.game(i);
    if (scores) std::memcpy(scores + 4 * i, tables->batch.table(i).scores().data(), sizeof(std::int32_t) * 4);
  }
  return MJK_OK;
}

int mjk_tables_check(const mjk_tables* tables, size_t i, char* buf, size_t cap) {
  if (!tables || i >= tables->batch.size()) return MJK_ERR_INVALID_ARGUMENT;
  return check_into(tables->batch.table(i), buf, cap);
}

}  // extern "C"
