// Walls built for a scenario: the hands dealt, the live draws in order and
// the dead wall's tiles, every other tile after them in id order.
#pragma once

#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <vector>

#include "mjk/table.hpp"

namespace scenario {

// mpsz into pais, "0" a red five: "123m0p7z" -> 1m 2m 3m 5pr 7z.
inline std::vector<mjk::Pai> pais(std::string_view text) {
  std::vector<mjk::Pai> out;
  std::string digits;
  for (char c : text) {
    if (c >= '0' && c <= '9') {
      digits += c;
      continue;
    }
    const int suit = c == 'm' ? 0 : c == 'p' ? 1 : c == 's' ? 2 : 3;
    for (char d : digits)
      out.push_back(d == '0' ? mjk::red_pai_of(9 * suit + 4) : static_cast<mjk::Pai>(9 * suit + (d - '1')));
    digits.clear();
  }
  return out;
}
inline mjk::Pai pai(std::string_view text) { return pais(text).at(0); }

struct Spec {
  std::vector<std::string> hands;  // 13 tiles each, seat 0 (the dealer) first
  std::string draws;               // the live draws in order, whoever draws them
  std::string dora = "9z";         // placeholder: 9z means "any" (the first unused tile)
  std::string rinshan;             // replacement tiles in order
  std::string ura;
};

// The wall (Tenhou's layout, wall.hpp) dealing `spec`.
inline mjk::Wall build(const mjk::EngineRules& rules, const Spec& spec) {
  const int n = rules.player_count();
  const int size = n == 4 ? 136 : 108;
  std::array<bool, 136> used{};
  auto take = [&](mjk::Pai p) -> int {
    const int kind = mjk::pai_kind(p);
    for (int id = kind * 4; id < kind * 4 + 4; ++id) {
      const bool red = rules.red_fives && (id == 16 || id == 52 || id == 88);
      if (used[static_cast<std::size_t>(id)] || red != mjk::pai_red(p)) continue;
      used[static_cast<std::size_t>(id)] = true;
      return id;
    }
    FAIL("no copy of " << mjk::pai_name(p) << " left for the wall");
    return -1;
  };
  std::vector<int> ids(static_cast<std::size_t>(size), -1);
  std::vector<std::vector<mjk::Pai>> hands;
  for (const auto& h : spec.hands) hands.push_back(pais(h));
  int top = size - 1;
  for (int pass = 0; pass < 4; ++pass)
    for (int s = 0; s < n; ++s)
      for (int k = 0; k < (pass < 3 ? 4 : 1); ++k)
        ids[static_cast<std::size_t>(top--)] =
            take(hands[static_cast<std::size_t>(s)][static_cast<std::size_t>(pass * 4 + k)]);
  for (mjk::Pai p : pais(spec.draws)) ids[static_cast<std::size_t>(top--)] = take(p);
  const std::array<int, 4> rinshan_at = {1, 0, 3, 2};
  const auto rinshan = pais(spec.rinshan);
  for (std::size_t i = 0; i < rinshan.size(); ++i) ids[static_cast<std::size_t>(rinshan_at[i])] = take(rinshan[i]);
  if (spec.dora != "9z") ids[5] = take(pai(spec.dora));
  const auto ura = pais(spec.ura);
  for (std::size_t i = 0; i < ura.size(); ++i) ids[4 + 2 * i] = take(ura[i]);
  int next = 0;  // fill the rest with the unused ids, lowest first
  for (auto& id : ids) {
    if (id >= 0) continue;
    while (used[static_cast<std::size_t>(next)] || (n == 3 && next >= 4 && next < 32)) ++next;
    used[static_cast<std::size_t>(next)] = true;
    id = next;
  }
  const auto parsed = mjk::wall_from_ids(rules, ids);
  REQUIRE_MESSAGE(parsed.ok(), parsed.error);
  return parsed.wall;
}

inline void step(mjk::Table& t, int seat, mjk::Action a, mjk::GameLog* log = nullptr) {
  const mjk::ActionResult r = t.apply(seat, a, log);
  REQUIRE_MESSAGE(r.ok(), r.message());
}

// Passes every asked seat of the current reaction.
inline void pass_all(mjk::Table& t, mjk::GameLog* log = nullptr) {
  for (int s = 0; s < t.players(); ++s)
    if (t.phase() != mjk::Phase::turn && ((t.actors() >> s) & 1)) step(t, s, mjk::act::pass, log);
}

// Every asked seat passes; the turn's player discards the drawn tile. `turns` discards.
inline void tsumogiri_turns(mjk::Table& t, int turns, mjk::GameLog* log = nullptr) {
  while (turns > 0 && t.phase() != mjk::Phase::round_over && !t.done()) {
    if (t.phase() == mjk::Phase::turn) {
      step(t, t.turn(), mjk::act::tsumogiri, log);
      --turns;
    } else {
      pass_all(t, log);
    }
  }
}
}  // namespace scenario
