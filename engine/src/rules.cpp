// The rule presets. Each value below is the rule of the server it names;
// docs/rules.md says what decides each and what is still open.
#include "mjk/engine_rules.hpp"

namespace mjk {

EngineRules tenhou_rules(Players players) noexcept {
  EngineRules r;
  r.players = players;
  // Tenhou pays the four double patterns as single yakuman (SCORING.md §4).
  r.score.double_yakuman = false;
  if (players == Players::three) {
    r.start_score = 35000;
    r.return_score = 40000;
    r.riichi_min_wall = 3;
    r.noten_penalty = 2000;  // +2000 / -1000 each, or +1000 each / -2000
  }
  return r;
}

EngineRules mahjongsoul_rules(Players players) noexcept {
  EngineRules r = tenhou_rules(players);
  r.score.double_yakuman = true;  // the four patterns pay double
  r.triple_ron_abort = false;     // three rons all win (no sanchahou)
  return r;
}

RulesPreset rules_preset(std::string_view name) noexcept {
  if (name == "tenhou") return {tenhou_rules(Players::four), {}};
  if (name == "tenhou-sanma") return {tenhou_rules(Players::three), {}};
  if (name == "mahjongsoul") return {mahjongsoul_rules(Players::four), {}};
  if (name == "mahjongsoul-sanma") return {mahjongsoul_rules(Players::three), {}};
  return {std::nullopt, "unknown rules preset (the presets: tenhou, tenhou-sanma, mahjongsoul, mahjongsoul-sanma)"};
}

}  // namespace mjk
