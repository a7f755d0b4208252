// A game the engine played (its GameLog) as a record: the records' Game
// model, so that every writer of records.hpp writes it and replay() checks it
// like any record read from a file.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "mjk/bots.hpp"
#include "mjk/records.hpp"
#include "mjk/table.hpp"

namespace mjk::records {

// The game of `log`, played under `rules`: every round's header and deal,
// every event in the table's order (but an open kan's indicator turned as
// the same player's next kan or north begins: after that event, as Tenhou's
// mjlog orders it), each win with what Tenhou states of it
// (fu, han, points, the limit, the yaku with their han, the ura indicators,
// the liable seat under pao, found from who paid), each draw with its kind,
// its tenpai seats (exhaustive draws, nagashi mangan) and its payments, and
// the game's end (the final scores) where the table ended it.
// `file` names the game in errors and writers' messages; `names` the players.
[[nodiscard]] Game game_of(const GameLog& log, const EngineRules& rules, std::string file = {},
                           std::span<const std::string_view> names = {});

// The record's rules as GameRules says them (players, red fives, open
// tanyao, east-south, Tenhou's or Mahjong Soul's scoring), or an empty
// optional and `why` filled when the engine's rules differ from every rule
// set a record can state (its replay would then score by other rules).
[[nodiscard]] std::optional<GameRules> record_rules(const EngineRules& rules, std::string& why);
// Why games under `rules` (the preset `rules_name`) cannot be written as
// `format`, worded as the self-play commands' options (mjk play,
// mjk.selfplay): "--format mjlog states Tenhou's rules, and --rules ...";
// "" when they can. mjai carries every game.
[[nodiscard]] std::string record_format_problem(const EngineRules& rules, std::string_view rules_name, Format format);

// One game of self-play as `mjk play` writes it: its summary figures and
// its record. The command and the Python binding (mjk.selfplay) both make
// their games here, so that their files are the same bytes.
struct PlayedRecord {
  std::uint32_t rounds = 0, wins = 0, draws = 0;
  long decisions = 0;
  std::array<std::int32_t, 4> scores{};
  std::array<std::uint8_t, 4> placements{};
  std::string text;   // the record (empty without a format)
  std::string error;  // the writer's refusal, when it refused
};

// The seed of the bots' choices in game `game` of `seed`: keyed by (seed,
// game) alone, never by the thread or the worker that plays it.
[[nodiscard]] std::uint64_t play_bots_seed(std::uint64_t seed, std::uint32_t game) noexcept;

// The figures and the record of the game `table` finished, `log` its
// events: mjai by the engine's write_mjai, tenhou6 or mjlog by game_of and
// write_record, the game named SEED-GAME in it and its errors; no format:
// the figures alone.
[[nodiscard]] PlayedRecord played_record(const Table& table, const GameLog& log, const EngineRules& rules,
                                         std::uint64_t seed, std::uint32_t game, std::optional<Format> format,
                                         std::span<const std::string_view> names);

// Game `game` of `seed` under `rules` played by the built-in bots (bots[s]
// for seat s) and recorded (played_record). `table` and `log` are the
// caller's, reused from game to game.
[[nodiscard]] PlayedRecord play_recorded(const EngineRules& rules, std::uint64_t seed, std::uint32_t game,
                                         std::span<const Bot> bots, std::optional<Format> format,
                                         std::span<const std::string_view> names, Table& table, GameLog& log);

}  // namespace mjk::records
