// mjk_selfplay_*: games by the built-in bots as `mjk play` plays and
// writes them (records::play_recorded), with the checks of its plan that
// the rules and the bots alone decide (records::record_format_problem), and
// mjk play's whole plan of its options (records::plan_play,
// mjk_selfplay_make_plan), so that a binding plays them without writing
// those again. Not in WebAssembly (no game records there).
#include <cstring>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "mjk.h"
#include "mjk/bots.hpp"
#include "mjk/from_engine.hpp"
#include "mjk/play_plan.hpp"
#include "mjk/play_summary.hpp"
#include "c_convert.hpp"
#include "record_formats.hpp"
#include "table_handle.hpp"

struct mjk_selfplay {
  std::string rules_name;
  mjk::EngineRules rules;
  std::vector<mjk::Bot> bots;
  std::vector<std::string> names;
  std::vector<std::string_view> name_views;
  std::optional<mjk::records::Format> format;
  mjk::Table table;
  mjk::GameLog log;
  std::string text;  // the last game's record
  mjk::records::PlayTotals totals;
};

using mjk::capi::fail;

extern "C" {

mjk_selfplay* mjk_selfplay_new(const char* rules_name, int length, const char* const* bots, size_t n, int format,
                               mjk_table_error* error) {
  try {
    auto p = std::make_unique<mjk_selfplay>();
    if (mjk::capi::rules_of(rules_name, length, p->rules, error) != MJK_OK) return nullptr;
    p->rules_name = rules_name;
    const int players = p->rules.player_count();
    if (!bots || n != static_cast<std::size_t>(players)) {
      fail(error, MJK_ERR_INVALID_ARGUMENT,
           "bots names " + std::to_string(bots ? n : 0) + " bots for " + std::to_string(players) + " players");
      return nullptr;
    }
    for (std::size_t s = 0; s < n; ++s) {
      const std::string name = bots[s] ? bots[s] : "";
      const mjk::Bot b = mjk::bot_by_name(name);
      if (!b) {
        fail(error, MJK_ERR_INVALID_ARGUMENT,
             "unknown bot '" + name.substr(0, 64) + "' for seat " + std::to_string(s) +
                 " (the bots: " + std::string(mjk::bot_names) + ")");
        return nullptr;
      }
      p->bots.push_back(b);
      p->names.push_back(name);
    }
    for (const std::string& name : p->names) p->name_views.emplace_back(name);
    p->format = mjk::capi::record_format_of(format);
    if (!p->format && format != MJK_RECORD_NONE) {
      fail(error, MJK_ERR_INVALID_ARGUMENT,
           "unknown record format " + std::to_string(format) + " (MJK_RECORD_MJAI, _TENHOU6, _MJLOG or _NONE)");
      return nullptr;
    }
    if (p->format) {
      // As mjk play's plan refuses them, before a game is played.
      if (std::string why = mjk::records::record_format_problem(p->rules, rules_name, *p->format); !why.empty()) {
        fail(error, MJK_ERR_INVALID_ARGUMENT, why);
        return nullptr;
      }
    }
    mjk::capi::ok(error);
    return p.release();
  } catch (const std::bad_alloc&) {
    fail(error, MJK_ERR_OUT_OF_MEMORY, "out of memory");
    return nullptr;
  }
}

int mjk_selfplay_play(mjk_selfplay* player, uint64_t seed, uint32_t game, mjk_selfplay_game* out,
                      mjk_table_error* error) {
  if (!player || !out) return fail(error, MJK_ERR_INVALID_ARGUMENT, "the player or out is NULL");
  try {
    mjk::records::PlayedRecord r = mjk::records::play_recorded(player->rules, seed, game, player->bots, player->format,
                                                               player->name_views, player->table, player->log);
    if (!r.error.empty()) return fail(error, MJK_ERR_RECORD_UNWRITABLE, r.error);
    *out = {};
    out->rounds = r.rounds;
    out->wins = r.wins;
    out->draws = r.draws;
    out->decisions = r.decisions;
    for (std::size_t s = 0; s < 4; ++s) out->scores[s] = r.scores[s], out->placements[s] = r.placements[s];
    player->text = std::move(r.text);
    out->text = player->text.c_str();
    out->size = player->text.size();
    return mjk::capi::ok(error);
  } catch (const std::bad_alloc&) {
    return fail(error, MJK_ERR_OUT_OF_MEMORY, "out of memory");
  }
}

int mjk_selfplay_add(mjk_selfplay* player, const mjk_selfplay_game* game) {
  if (!player || !game) return MJK_ERR_INVALID_ARGUMENT;
  mjk::records::PlayedRecord r;
  r.rounds = game->rounds;
  r.wins = game->wins;
  r.draws = game->draws;
  r.decisions = static_cast<long>(game->decisions);
  for (std::size_t s = 0; s < 4; ++s) r.scores[s] = game->scores[s], r.placements[s] = game->placements[s];
  player->totals.add(r, player->rules.player_count());
  return MJK_OK;
}

int mjk_selfplay_summary(const mjk_selfplay* player, uint64_t seed, double seconds, int json, char* buf, size_t cap,
                         size_t* needed) {
  if (!player || (!buf && cap)) return MJK_ERR_INVALID_ARGUMENT;
  try {
    const mjk::records::PlaySummary about{player->rules.player_count(), player->rules.length, player->rules_name, seed,
                                          player->names};
    const std::string text = mjk::records::play_summary(about, player->totals, seconds, json != 0);
    return mjk::capi::put_text(text, buf, cap, needed);
  } catch (const std::bad_alloc&) {
    return MJK_ERR_OUT_OF_MEMORY;
  }
}

void mjk_selfplay_free(mjk_selfplay* player) { delete player; }

int mjk_selfplay_make_plan(const mjk_selfplay_options* options, mjk_selfplay_plan* plan, mjk_table_error* error) {
  if (!options || !plan) return fail(error, MJK_ERR_INVALID_ARGUMENT, "the options or the plan is NULL");
  namespace records = mjk::records;
  using O = records::PlayOption;
  try {
    const records::PlayDoor door{nullptr, options->door ? options->door : "", options->standard_output != 0};
    records::PlayOptions read;
    const std::pair<O, const char*> given[] = {{O::games, options->games},     {O::seed, options->seed},
                                               {O::players, options->players}, {O::length, options->length},
                                               {O::rules, options->rules},     {O::bots, options->bots},
                                               {O::format, options->format},   {O::out, options->out}};
    mjk::EngineRules preset;
    for (const auto& [o, text] : given) {
      if (!text) continue;
      // An unknown preset named as every call of the C ABI names it (MJK_ERR_UNKNOWN_RULES).
      if (o == O::rules)
        if (const int code = mjk::capi::rules_of(text, MJK_LENGTH_RULES, preset, error); code != MJK_OK) return code;
      if (std::string why = records::read_play_option(o, text, read, door); !why.empty())
        return fail(error, MJK_ERR_INVALID_ARGUMENT, why);
    }
    const records::PlayPlanned planned = records::plan_play(read, door);
    if (!planned.plan) return fail(error, MJK_ERR_INVALID_ARGUMENT, planned.error);
    const records::PlayPlan& p = *planned.plan;
    *plan = {};
    plan->games = p.games;
    plan->seed = p.seed;
    plan->players = p.rules.player_count();
    plan->length = static_cast<int32_t>(p.rules.length);
    plan->format = mjk::capi::record_format_id(p.format);
    p.rules_name.copy(plan->rules, sizeof plan->rules - 1);
    plan->length_name = records::length_name(p.rules.length).data();
    plan->format_name = records::play_format_name(p.format).data();
    plan->extension = records::play_extension(p.format).data();
    // The names are the bots text cut at commas, one a seat, or the whole text for every seat.
    static constexpr char advice[] = "advice";
    const std::string_view all = options->bots ? options->bots : advice;
    std::size_t cut = p.bot_names.size() - 1;
    for (const std::string& name : p.bot_names) cut += name.size();
    for (std::size_t s = 0, at = 0; s < p.bot_names.size(); at += p.bot_names[s++].size() + 1) {
      plan->bots[s] = all.data() + (cut == all.size() ? at : 0);
      plan->bot_sizes[s] = p.bot_names[s].size();
    }
    return mjk::capi::ok(error);
  } catch (const std::bad_alloc&) {
    return fail(error, MJK_ERR_OUT_OF_MEMORY, "out of memory");
  }
}

}  // extern "C"
