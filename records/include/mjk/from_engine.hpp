// A game the engine played (its GameLog) as a record: the records' Game
// model, so that every writer of records.hpp writes it and replay() checks it
// like any record read from a file.
#pragma once

#include <span>
#include <string>
#include <string_view>

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

}  // namespace mjk::records
