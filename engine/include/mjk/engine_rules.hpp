// The rules a table plays by: every point where engines disagree is a named
// switch here (docs/rules.md lists each with its default per preset and what
// decides it), plus the scorer's own switches (ScoreRules).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "mjk/export.h"
#include "mjk/rules.hpp"
#include "mjk/score_types.hpp"

namespace mjk {

// How long a game is: one round, the east wind's rounds, east and south.
enum class GameLength : std::uint8_t { one, east, south };

// When an open (daiminkan) or added kan (kakan) shows its new dora indicator.
enum class OpenKanDora : std::uint8_t {
  before_discard,  // after the replacement draw, just before the discard that follows (Tenhou's mjlog order)
  immediately,     // at once, as a closed kan's
};

struct EngineRules {
  Players players = Players::four;
  GameLength length = GameLength::south;
  bool red_fives = true;  // one red five per suit (three players: 5p and 5s only)
  std::int32_t start_score = 25000;
  std::int32_t return_score = 30000;  // reached by someone: the game may end after its last round
  // Game end.
  bool bust = true;         // a score below 0 ends the game after the round
  bool extension = true;    // after the last round, with nobody at return_score: the next wind's rounds (sudden death)
  bool dealer_stop = true;  // the last round's dealer, top after a win or a tenpai draw, ends the game
  // Abortive draws.
  bool nine_terminals = true;    // a player may call it on their first draw with no call made
  bool four_winds = true;        // the same wind as everyone's first discard, no call made
  bool four_riichi = true;       // the fourth riichi accepted
  bool four_kans = true;         // four kans by more than one player, after the fourth kan's discard passes
  bool triple_ron_abort = true;  // three rons on one discard: an abortive draw (false: all three win)
  bool double_ron = true;        // two rons on one discard both win (false: the nearest to the discarder only)
  bool nagashi_mangan = true;
  bool kokushi_robs_closed_kan = true;
  bool ron_on_north =
      true;  // three players: a north set aside may be won on (not a chankan)  // thirteen orphans may ron a closed kan's tile
  OpenKanDora open_kan_dora = OpenKanDora::before_discard;
  std::uint8_t riichi_min_wall = 4;   // tiles left to draw for a riichi (3 with three players)
  std::int32_t noten_penalty = 3000;  // paid in all at an exhaustive draw (split among the tenpai players)
  ScoreRules score;

  [[nodiscard]] constexpr int player_count() const noexcept { return static_cast<int>(players); }
  friend constexpr bool operator==(const EngineRules&, const EngineRules&) noexcept = default;
};

// The presets: "tenhou" (four players, east-south, red fives, open tanyao),
// "tenhou-sanma" (three players), "mahjongsoul" and "mahjongsoul-sanma".
struct RulesPreset {
  std::optional<EngineRules> rules;
  std::string_view error;  // why not (static text), when rules is empty
};
[[nodiscard]] MJK_API RulesPreset rules_preset(std::string_view name) noexcept;
[[nodiscard]] MJK_API EngineRules tenhou_rules(Players players = Players::four) noexcept;
[[nodiscard]] MJK_API EngineRules mahjongsoul_rules(Players players = Players::four) noexcept;
// The names rules_preset() knows, comma-separated (for help and errors).
inline constexpr std::string_view rules_preset_names = "tenhou, tenhou-sanma, mahjongsoul, mahjongsoul-sanma";

}  // namespace mjk
