// mjk play's options read and checked together, written once for every
// self-play door: the command (cli/play_command.cpp), the C ABI's
// mjk_selfplay_make_plan and, through it, Python's mjk.selfplay. A door
// reads each option's text here (read_play_option), then plans them
// (plan_play): the rules preset (--players 3 taking its "-sanma" rules), the
// length, one bot a seat or one for all (cmd: commands keeping their
// commas), the format and where it goes, a record format that cannot carry
// the rules. Where the doors' words differ, PlayDoor says how.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "mjk/bots.hpp"
#include "mjk/engine_rules.hpp"
#include "mjk/records.hpp"

namespace mjk::records {

// How the games are written: not at all, or as a record format.
enum class PlayFormat : std::uint8_t { none, mjai, tenhou6, mjlog };
[[nodiscard]] std::string_view play_format_name(PlayFormat f) noexcept;    // "none", "mjai", "tenhou6", "mjlog"
[[nodiscard]] std::string_view play_extension(PlayFormat f) noexcept;      // ".mjson", ".json", ".xml" ("" for none)
[[nodiscard]] std::optional<Format> record_format(PlayFormat f) noexcept;  // none: no record
[[nodiscard]] std::string_view length_name(GameLength length) noexcept;    // "one", "east", "south"

// What a door's messages say differently.
struct PlayDoor {
  // A value as the door's messages quote it (mjk play: its excerpt); nullptr: as given.
  std::string (*quote)(std::string_view) = nullptr;
  // "": the door runs cmd:COMMAND bots (mjk play); else its name ("mjk.selfplay"),
  // which plays the built-in bots alone and says so of a cmd: bot.
  std::string_view builtin_only;
  // The door writes the records to standard output with --out - (named where --out is missing).
  bool standard_output = false;
};

// The options as read, before they are checked together.
struct PlayOptions {
  std::uint64_t games = 1, seed = 0;
  int players = 0;  // 0: the preset's
  std::optional<GameLength> length;
  std::string rules = "tenhou";
  std::string bots = "advice";
  std::optional<PlayFormat> format;
  std::optional<std::string> out;  // a directory, "-" for standard output
};

// The options read from text, each as mjk play's --NAME takes it.
enum class PlayOption : std::uint8_t { games, seed, players, length, rules, bots, format, out };
// Reads `text` as the value of option `o` into `options`: "" or what is wrong with it, naming the option.
[[nodiscard]] std::string read_play_option(PlayOption o, std::string_view text, PlayOptions& options,
                                           const PlayDoor& door);

// What the options ask, checked: the rules, one bot a seat, the format.
struct PlayPlan {
  EngineRules rules;
  std::string rules_name = "tenhou";  // the preset played ("tenhou-sanma" for tenhou with --players 3)
  std::vector<Bot> bots;              // nullptr for an external bot
  std::vector<std::string> bot_names;
  std::vector<std::string> commands;  // a seat's COMMAND of cmd:COMMAND, "" for a built-in bot
  std::uint64_t seed = 0;
  std::uint64_t games = 1;
  PlayFormat format = PlayFormat::none;
  std::string out;  // a directory, "-" for standard output, "" for none
};

// The plan of the options, or what is wrong with them (a message naming the option and the value).
struct PlayPlanned {
  std::optional<PlayPlan> plan;
  std::string error;
};
[[nodiscard]] PlayPlanned plan_play(const PlayOptions& options, const PlayDoor& door);

}  // namespace mjk::records
