// mjk play: whole games played by the engine's bots, written as records.
// The plan (the options read and checked) and one game played and written
// are apart from the command so that the tests play and read back games
// exactly as the command writes them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "options.hpp"
#include "mjk/bots.hpp"
#include "mjk/from_engine.hpp"
#include "mjk/play_plan.hpp"
#include "mjk/table.hpp"

namespace mjk::cli {

using records::play_extension;
using records::PlayFormat;

// What the options of mjk play ask, checked: the records layer's plan (the
// rules, one bot a seat, the format) and what the command alone asks.
struct PlayPlan : records::PlayPlan {
  int bot_timeout_ms = 2000;
  int threads = 0;  // 0: every core
  bool json = false;
};

// The plan of the options given, or what is wrong with them (a message
// naming the option and the value).
struct PlayPlanned {
  std::optional<PlayPlan> plan;
  std::string error;
};
[[nodiscard]] PlayPlanned plan_play(const std::vector<Arguments::Given>& given);
// The reader of one option of mjk play on a state of its own (the option
// table's tests): nullopt, a problem, or not_read(o).
std::optional<std::string> try_play_option(const Option& o, std::string_view value);

// One game played and written: the same (plan, game) always gives the same.
// The records layer's game (its figures, its record) and, with external bots,
// how many of their answers were replaced by the fallback.
struct PlayedGame : records::PlayedRecord {
  int replaced = 0;
};
// `table` and `log` are the caller's, reused from game to game.
PlayedGame play_one(const PlayPlan& plan, std::uint32_t game, Table& table, GameLog& log);

// mjk play with its options read; returns the exit status.
int play_command(const std::vector<Arguments::Given>& given, const std::vector<std::string>& words);

}  // namespace mjk::cli
