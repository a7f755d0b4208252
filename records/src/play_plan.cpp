// mjk play's options read and checked together (mjk/play_plan.hpp).
#include "mjk/play_plan.hpp"

#include "mjk/from_engine.hpp"
#include "mjk/whole_number.hpp"

namespace mjk::records {
namespace {

std::string quoted(const PlayDoor& door, std::string_view text) {
  return door.quote ? door.quote(text) : std::string(text);
}

std::string unknown_rules(const PlayDoor& door, std::string_view name) {
  return "unknown rules preset '" + quoted(door, name) + "' (the presets: " + std::string(rules_preset_names) + ")";
}

// Why a bot name names no bot this door plays, or "" when it does.
std::string bot_problem(std::string_view name, int seat, const PlayDoor& door) {
  const std::string at = " for seat " + std::to_string(seat);
  if (name.empty()) return "--bots names no bot" + at;
  if (bot_by_name(name)) return {};
  if (name.starts_with("cmd:")) {
    if (!door.builtin_only.empty())
      return "--bots " + quoted(door, name) + at + ": " + std::string(door.builtin_only) +
             " plays the built-in bots alone (" + std::string(bot_names) + "); external bots are mjk play's";
    if (name.find_first_not_of(' ', 4) == std::string_view::npos) return "--bots names cmd: with no command" + at;
    return {};
  }
  return "unknown bot '" + quoted(door, name) + "'" + at + " (the bots: " + std::string(bot_names) +
         (door.builtin_only.empty() ? ", cmd:COMMAND)" : ")");
}

// --bots split at its commas, but a command's own commas (its JSON, its
// arguments) stay in it: after cmd:, a comma ends the command only when a
// bot's name, or cmd:, follows it. A door of the built-in bots alone runs no
// command and splits at every comma.
std::vector<std::string> bot_names_of(std::string_view bots, const PlayDoor& door) {
  std::vector<std::string> names;
  for (std::size_t at = 0;;) {
    const std::size_t comma = bots.find(',', at);
    std::string name(bots.substr(at, comma == std::string_view::npos ? std::string_view::npos : comma - at));
    if (door.builtin_only.empty() && !names.empty() && names.back().starts_with("cmd:") && !bot_by_name(name) &&
        !name.starts_with("cmd:"))
      names.back() += "," + name;
    else names.push_back(std::move(name));
    if (comma == std::string_view::npos) break;
    at = comma + 1;
  }
  return names;
}

}  // namespace

std::string_view play_format_name(PlayFormat f) noexcept {
  switch (f) {
    case PlayFormat::mjai: return "mjai";
    case PlayFormat::tenhou6: return "tenhou6";
    case PlayFormat::mjlog: return "mjlog";
    case PlayFormat::none: break;
  }
  return "none";
}

std::string_view play_extension(PlayFormat f) noexcept {
  switch (f) {
    case PlayFormat::mjai: return ".mjson";
    case PlayFormat::tenhou6: return ".json";
    case PlayFormat::mjlog: return ".xml";
    case PlayFormat::none: break;
  }
  return "";
}

std::optional<Format> record_format(PlayFormat f) noexcept {
  switch (f) {
    case PlayFormat::mjai: return Format::mjai;
    case PlayFormat::tenhou6: return Format::tenhou6;
    case PlayFormat::mjlog: return Format::mjlog;
    case PlayFormat::none: break;
  }
  return std::nullopt;
}

std::string_view length_name(GameLength length) noexcept {
  return length == GameLength::one ? "one" : length == GameLength::east ? "east" : "south";
}

std::string read_play_option(PlayOption o, std::string_view value, PlayOptions& a, const PlayDoor& door) {
  switch (o) {
    case PlayOption::games:
      if (!read_whole_number(value, a.games) || a.games < 1 || a.games > 0xffffffffull)
        return "--games takes a number from 1 to 4294967295, not '" + quoted(door, value) + "'";
      return {};
    case PlayOption::seed:
      if (!read_whole_number(value, a.seed))
        return "--seed takes a number from 0 to 18446744073709551615, not '" + quoted(door, value) + "'";
      return {};
    case PlayOption::players:
      if (value != "3" && value != "4") return "--players takes 4 or 3, not '" + quoted(door, value) + "'";
      a.players = value[0] - '0';
      return {};
    case PlayOption::length:
      if (value == "one") a.length = GameLength::one;
      else if (value == "east") a.length = GameLength::east;
      else if (value == "south") a.length = GameLength::south;
      else return "--length takes one, east or south, not '" + quoted(door, value) + "'";
      return {};
    case PlayOption::rules:
      if (!rules_preset(value).rules) return unknown_rules(door, value);
      a.rules = std::string(value);
      return {};
    case PlayOption::bots: a.bots = std::string(value); return {};
    case PlayOption::format:
      if (value == "mjai") a.format = PlayFormat::mjai;
      else if (value == "tenhou6") a.format = PlayFormat::tenhou6;
      else if (value == "mjlog") a.format = PlayFormat::mjlog;
      else if (value == "none") a.format = PlayFormat::none;
      else return "--format takes mjai, tenhou6, mjlog or none, not '" + quoted(door, value) + "'";
      return {};
    case PlayOption::out:
      if (value.empty())
        return std::string("--out takes a directory") + (door.standard_output ? ", or - for standard output" : "");
      a.out = std::string(value);
      return {};
  }
  return {};
}

PlayPlanned plan_play(const PlayOptions& a, const PlayDoor& door) {
  PlayPlan plan;
  plan.rules_name = a.rules;
  const RulesPreset preset = rules_preset(a.rules);
  if (!preset.rules) return {std::nullopt, unknown_rules(door, a.rules)};
  EngineRules rules = *preset.rules;
  if (a.players && a.players != rules.player_count()) {
    // --players 3 with a four-player preset takes its three-player rules ("tenhou": "tenhou-sanma").
    const std::string other = a.players == 3 ? a.rules + "-sanma" : std::string();
    const RulesPreset p = rules_preset(other);
    if (other.empty() || !p.rules || p.rules->player_count() != a.players)
      return {std::nullopt, "--rules " + a.rules + " is for " + std::to_string(rules.player_count()) +
                                " players and --players asks " + std::to_string(a.players)};
    rules = *p.rules;
    plan.rules_name = other;
  }
  if (a.length) rules.length = *a.length;
  plan.rules = rules;
  const int seats = rules.player_count();
  std::vector<std::string> names = bot_names_of(a.bots, door);
  if (names.size() == 1) names.assign(static_cast<std::size_t>(seats), names.front());
  if (static_cast<int>(names.size()) != seats)
    return {std::nullopt, "--bots names " + std::to_string(names.size()) + " bots for " + std::to_string(seats) +
                              " players: one a seat, or one for every seat"};
  for (int s = 0; s < seats; ++s) {
    const std::string& name = names[static_cast<std::size_t>(s)];
    if (std::string problem = bot_problem(name, s, door); !problem.empty()) return {std::nullopt, problem};
    plan.bots.push_back(bot_by_name(name));
    plan.commands.push_back(name.starts_with("cmd:") ? name.substr(4) : std::string());
  }
  plan.bot_names = std::move(names);
  plan.seed = a.seed;
  plan.games = a.games;
  plan.format = a.format.value_or(a.out ? PlayFormat::mjai : PlayFormat::none);
  plan.out = a.out.value_or("");
  if (plan.format != PlayFormat::none && plan.out.empty())
    return {std::nullopt, "--format " + std::string(play_format_name(plan.format)) + " needs --out DIR" +
                              (door.standard_output ? " (or --out - for standard output)" : "")};
  if (plan.format == PlayFormat::none && !plan.out.empty())
    return {std::nullopt, "--out with --format none writes nothing: give --format mjai, tenhou6 or mjlog"};
  if (const std::optional<Format> f = record_format(plan.format))
    if (std::string why = record_format_problem(plan.rules, plan.rules_name, *f); !why.empty())
      return {std::nullopt, why};
  return {std::move(plan), {}};
}

}  // namespace mjk::records
