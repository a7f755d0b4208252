// What every hand of one mjk run (the hand analysis, mjk score, mjk ev) is
// analysed with, and the reader of the options that set it.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "options.hpp"
#include "mjk/ev_types.hpp"
#include "mjk/notation.hpp"
#include "mjk/rules.hpp"
#include "mjk/score_types.hpp"
#include "mjk/tile.hpp"

namespace mjk::cli {

// The rules, the visible tiles, the win's context and the search's options.
struct Settings {
  bool json = false;
  bool use_ref = false;
  mjk::Players players = mjk::Players::four;
  std::array<std::uint8_t, mjk::kind_count> visible{};
  bool any_visible = false;
  // Red fives known out of the wall (5m, 5p, 5s): written 0 in --visible or
  // --dora (the request's indicators have no colour); mjk ev's wall.
  std::array<std::uint8_t, 3> red_seen{};
  std::array<std::uint8_t, 3> dora_red{};        // those of them --dora wrote (a later --dora replaces its list)
  mjk::ScoreRequest context;                     // the win's context (--tsumo, --seat, --rule, ...)
  bool context_given = false;                    // a win-context option was given: the line is to be scored
  mjk::Notation notation = mjk::Notation::mpsz;  // how text output writes tiles (--format); JSON is always mpsz
  mjk::EvOptions ev;                             // mjk ev's search
  bool turn_given = false;
  std::optional<Opt> action;      // --impl, --version, --help-all, --print-man, --print-completion
  std::string_view action_value;  // --print-completion's shell
  [[nodiscard]] mjk::Options options() const {
    return {players, any_visible ? std::span<const std::uint8_t>(visible) : std::span<const std::uint8_t>{}};
  }
};

// One option of the hand analysis, mjk score or mjk ev (a row of the table
// with its value, "" for a flag) into `s`; nullopt, or what is wrong with the
// value ("--seat must be a wind, 1z-4z or east/south/west/north, not 'x'").
std::optional<std::string> read_analysis_option(const Option& o, std::string_view value, Settings& s);

}  // namespace mjk::cli
