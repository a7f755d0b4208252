// Rule presets by name and walls: seeded ones the same everywhere, given
// ones refused by name when they cannot be a wall.
#include <doctest/doctest.h>

#include <vector>

#include "mjk/table.hpp"
#include "mjk/wall.hpp"

using namespace mjk;

TEST_CASE("engine: rule presets by name, an unknown name refused") {
  const RulesPreset t = rules_preset("tenhou");
  REQUIRE(t.rules);
  CHECK(t.rules->players == Players::four);
  CHECK(t.rules->length == GameLength::south);
  CHECK(t.rules->red_fives);
  CHECK(t.rules->score.open_tanyao);
  CHECK_FALSE(t.rules->score.double_yakuman);
  CHECK(t.rules->triple_ron_abort);
  const RulesPreset s = rules_preset("tenhou-sanma");
  REQUIRE(s.rules);
  CHECK(s.rules->players == Players::three);
  CHECK(s.rules->start_score == 35000);
  CHECK(s.rules->riichi_min_wall == 3);
  const RulesPreset m = rules_preset("mahjongsoul");
  REQUIRE(m.rules);
  CHECK(m.rules->score.double_yakuman);
  CHECK_FALSE(m.rules->triple_ron_abort);
  const RulesPreset bad = rules_preset("tenhuo");
  CHECK_FALSE(bad.rules);
  CHECK(bad.error.find("unknown rules preset") == 0);
  CHECK(bad.error.find("tenhou-sanma") != std::string_view::npos);
}

TEST_CASE("engine: a seeded wall is a permutation, the same for the same numbers") {
  for (Players p : {Players::four, Players::three}) {
    const EngineRules rules = tenhou_rules(p);
    const Wall a = seeded_wall(rules, 5, 1, 2, 0), b = seeded_wall(rules, 5, 1, 2, 0);
    CHECK(a == b);
    CHECK_FALSE(a == seeded_wall(rules, 5, 1, 2, 1));
    CHECK_FALSE(a == seeded_wall(rules, 5, 2, 2, 0));
    CHECK_FALSE(a == seeded_wall(rules, 6, 1, 2, 0));
    std::vector<int> ids(a.tiles.begin(), a.tiles.begin() + a.size);
    CHECK(wall_from_ids(rules, ids).ok());
    CHECK(a.size == (p == Players::four ? 136 : 108));
  }
  // Pinned: integer arithmetic only, so every machine deals these; a change to
  // the generator changes every seeded game and must show here.
  const Wall w = seeded_wall(tenhou_rules(), 0, 0, 0, 0);
  CHECK(std::vector<int>(w.tiles.begin(), w.tiles.begin() + 8) == std::vector<int>{58, 82, 15, 118, 127, 75, 108, 9});
  const Wall v = seeded_wall(tenhou_rules(Players::three), 12345, 6, 7, 8);
  CHECK(std::vector<int>(v.tiles.begin(), v.tiles.begin() + 8) == std::vector<int>{84, 108, 80, 76, 47, 87, 60, 36});
}

TEST_CASE("engine: a given wall with a fifth copy, a wrong count or 2m with three players is refused by name") {
  const EngineRules four = tenhou_rules();
  std::vector<int> ids(136);
  for (int i = 0; i < 136; ++i) ids[static_cast<std::size_t>(i)] = i;
  CHECK(wall_from_ids(four, ids).ok());
  ids[7] = 3;
  const WallParse twice = wall_from_ids(four, ids);
  CHECK_FALSE(twice.ok());
  CHECK(twice.error == "tile id 3 twice (at 7): a fifth copy of 1m");
  ids.pop_back();
  CHECK(wall_from_ids(four, ids).error == "a wall of 135 tiles (136 wanted with 4 players)");
  ids.assign(136, 0);
  ids[0] = 136;
  CHECK(wall_from_ids(four, ids).error == "tile id 136 at 0 (ids are 0..135)");
  const EngineRules three = tenhou_rules(Players::three);
  std::vector<int> sanma;
  for (int i = 0; i < 136; ++i)
    if (i < 4 || i >= 32) sanma.push_back(i);
  CHECK(wall_from_ids(three, sanma).ok());
  sanma[5] = 4;
  CHECK(wall_from_ids(three, sanma).error == "tile id 4 at 5 is 2m, not in the three-player set (no 2m-8m)");
}

TEST_CASE("engine: the action index names every action") {
  CHECK(act::count == 124);
  CHECK(action_name(act::discard + 36) == "discard 5sr");
  CHECK(action_name(act::riichi + 27) == "riichi E");
  CHECK(action_name(act::riichi_tsumogiri) == "riichi tsumogiri");
  CHECK(action_name(act::chi_red + 1) == "chi mid red");
  CHECK(action_name(act::kan + 33) == "kan C");
  CHECK(action_name(act::pass) == "pass");
  CHECK(action_name(200) == "action 200 (not an action id)");
  ActionSet s;
  s.insert(3);
  s.insert(70);
  s.insert(3);
  CHECK(s.size() == 2);
  CHECK(s.nth(0) == 3);
  CHECK(s.nth(1) == 70);
}

TEST_CASE("engine: an action set's n-th action is the n-th in ascending order, for any set") {
  // nth() picks the bit by an instruction the baseline x86-64 lacks where the
  // processor has it, else by byte counts: both against a plain walk.
  Rng rng{0x5e7};
  for (int round = 0; round < 2000; ++round) {
    ActionSet s;
    const std::uint32_t density = 1 + rng.below(8);  // from a few actions to most of them
    for (int a = 0; a < act::count; ++a)
      if (rng.below(8) < density) s.insert(a);
    int n = 0;
    for (int a = 0; a < act::count; ++a)
      if (s.contains(a)) {
        REQUIRE_MESSAGE(s.nth(n) == a, "set " << round << ", n " << n);
        ++n;
      }
    REQUIRE(n == s.size());
  }
}
