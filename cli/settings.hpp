// What every hand of one mjk run is analysed with, and the readers of the
// options that set it.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "mjk/rules.hpp"
#include "mjk/score_types.hpp"
#include "mjk/tile.hpp"

namespace mjk::cli {

// The rules and the visible tiles every hand is analysed with.
struct Settings {
  bool use_ref = false;
  mjk::Players players = mjk::Players::four;
  std::array<std::uint8_t, mjk::kind_count> visible{};
  bool any_visible = false;
  mjk::ScoreRequest context;   // the win's context (--tsumo, --seat, --rule, ...)
  bool context_given = false;  // a win-context option was given: the line is to be scored
  [[nodiscard]] mjk::Options options() const {
    return {players, any_visible ? std::span<const std::uint8_t>(visible) : std::span<const std::uint8_t>{}};
  }
};

// --visible TILES (mpsz, any number, at most four of a kind); a message on a bad value.
std::optional<std::string> parse_visible(std::string_view text, Settings& s);

// The win-context options that take a value (--ron, --seat, --round, --dora,
// --ura, --nuki, --honba, --sticks, --rule); a message on a bad value.
std::optional<std::string> parse_context_option(std::string_view arg, std::string_view value, Settings& s);

// The win-context flags (--tsumo, --riichi, ...); false when `arg` is not one.
bool parse_context_flag(std::string_view arg, Settings& s);

}  // namespace mjk::cli
