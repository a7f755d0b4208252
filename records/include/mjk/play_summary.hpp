// The summary `mjk play` prints of its games, written once for every
// self-play door (the command, the C ABI's mjk_selfplay_summary, Python's
// python -m mjk.selfplay): the sums, added game by game as integers so that
// they are the same in any order, and their text and JSON.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "mjk/engine_rules.hpp"
#include "mjk/from_engine.hpp"

namespace mjk::records {

struct PlayTotals {
  std::uint64_t games = 0, rounds = 0, wins = 0, draws = 0, decisions = 0, fallbacks = 0;
  std::array<std::array<std::uint64_t, 4>, 4> placements{};  // [seat][place]
  std::array<std::int64_t, 4> score_sum{};
  // One game's figures (seats of them); `replaced`: its external bots' answers the fallback replaced.
  void add(const PlayedRecord& g, int seats, int replaced = 0) noexcept;
  void add(const PlayTotals& t) noexcept;
  [[nodiscard]] double average(int seat) const noexcept;
};

// What the summary names besides the sums.
struct PlaySummary {
  int players = 4;
  GameLength length = GameLength::south;
  std::string_view rules_name;
  std::uint64_t seed = 0;
  std::span<const std::string> bot_names;
  bool fallbacks = false;  // external bots played: the fallbacks line
  bool partial = false;    // interrupted: the games finished only
};

// `mjk play`'s text (with a newline at the end of every line) or, json,
// the one line `mjk play --json` prints (without the newline). seconds: the
// time the games took, for the rate.
[[nodiscard]] std::string play_summary(const PlaySummary& about, const PlayTotals& t, double seconds, bool json);

}  // namespace mjk::records
