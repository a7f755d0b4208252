// Scenarios on given walls: each rule point played out and its outcome
// checked (scores, events, refusals).
#include <doctest/doctest.h>

#include <cstring>
#include <string>

#include "mjk/bots.hpp"
#include "mjk/table.hpp"
#include "scenario.hpp"

using namespace mjk;
using scenario::pai;
using scenario::step;

namespace {

EngineRules tenhou4() { return tenhou_rules(Players::four); }

Table started(const EngineRules& rules, const scenario::Spec& spec, GameLog* log = nullptr) {
  const Wall w = scenario::build(rules, spec);
  Table t;
  t.start(rules, 0, 0, log, &w);
  return t;
}

std::vector<EventType> types(const GameLog& log) {
  std::vector<EventType> out;
  for (const auto& e : log.events) out.push_back(e.type);
  return out;
}

}  // namespace

TEST_CASE("engine: a tsumo pays as the scorer says, and the dealer repeats") {
  scenario::Spec spec;
  spec.hands = {"123m456p789s2345s", "147m258p369s1357z", "147m258p369s2467z", "258m147p147s1234z"};
  spec.draws = "1z2z3z4z5s";
  spec.dora = "6z";
  GameLog log;
  Table t = started(tenhou4(), spec, &log);
  scenario::tsumogiri_turns(t, 4, &log);
  REQUIRE(t.turn() == 0);
  REQUIRE(t.legal(0).contains(act::tsumo));
  step(t, 0, act::tsumo, &log);
  REQUIRE(t.phase() == Phase::round_over);
  CHECK(t.result().win);
  CHECK(t.result().deltas == std::array<std::int32_t, 4>{1500, -500, -500, -500});  // menzen tsumo 30 fu, 500 all
  REQUIRE(log.wins.size() == 1);
  CHECK(log.wins[0].score.has(Yaku::menzen_tsumo));
  CHECK(t.dealer() == 0);
  CHECK(t.honba() == 1);
  CHECK(t.check().empty());
}

TEST_CASE("engine: ron needs a yaku; a ron pays; furiten refuses it by name") {
  // seat 1 waits on 2s/5s with tanyao; the dealer discards 5s
  scenario::Spec spec;
  spec.hands = {"111m999p5s11z22z33z", "234m456p678s2345s", "147m258p369s4567z", "369m147p147s4567z"};
  spec.draws = "8m";
  spec.dora = "7z";
  Table t = started(tenhou4(), spec);
  step(t, 0, act::discard + pai("5s"));
  REQUIRE(t.legal(1).contains(act::ron));
  Table furiten_case = t;
  step(t, 1, act::ron);
  CHECK(t.result().deltas[1] == 1300);  // tanyao, tanki: 1 han 40 fu
  CHECK(t.result().deltas[0] == -1300);

  // The same wait after discarding its own winning tile: furiten
  scenario::Spec f = spec;
  f.hands[0] = "111m999p5s11z22z33z";
  f.draws = "8m5s2p3p5p";  // seat 1 draws 5s and throws it; the dealer throws his 5s next turn
  Table u = started(tenhou4(), f);
  step(u, 0, act::tsumogiri);
  scenario::pass_all(u);
  REQUIRE(u.turn() == 1);
  step(u, 1, act::tsumogiri);  // a winning tile thrown (tsumo was legal: menzen tsumo)
  scenario::tsumogiri_turns(u, 2);
  REQUIRE(u.turn() == 0);
  step(u, 0, act::discard + pai("5s"));
  CHECK_FALSE(u.legal(1).contains(act::ron));
  CHECK(u.why_not(1, act::ron) == Refusal::furiten);
  const ActionResult r = u.apply(1, act::ron);
  CHECK(r.refusal == Refusal::furiten);
  CHECK(r.message() == "seat 1 may not ron: furiten");

  // Passing a winning tile: furiten until one's own next discard
  step(furiten_case, 1, act::pass);
  CHECK(furiten_case.seat(1).temp_furiten);
  CHECK(furiten_case.seat(1).furiten());
}

TEST_CASE(
    "engine: double ron, honba to the nearest winner; three rons abort under Tenhou, all win under Mahjong Soul") {
  // Round 1: the dealer calls nine terminals (an abortive draw, honba 1).
  scenario::Spec nine;
  nine.hands = {"19m19p19s1234z234m", "234m456p678s2345s", "147m258p369s4567z", "369m147p147s4567z"};
  nine.draws = "5z";
  scenario::Spec ron;
  ron.hands = {"19m19p19s112233z5s", "234m567m456p34s88p", "234m567m456p34s66s", "111m999p11z22z447z"};
  ron.draws = "7z";
  ron.dora = "6z";
  for (int three = 0; three < 2; ++three) {
    if (three) ron.hands[3] = "234m567m456p34s77s";
    for (const bool soul : {false, true}) {
      const EngineRules rules = soul ? mahjongsoul_rules() : tenhou4();
      GameLog log;
      Table t = started(rules, nine, &log);
      REQUIRE(t.legal(0).contains(act::nine_terminals));
      step(t, 0, act::nine_terminals, &log);
      CHECK(log.draws.back().kind == DrawKind::nine_terminals);
      CHECK(t.dealer() == 0);
      CHECK(t.honba() == 1);
      const Wall w = scenario::build(rules, ron);
      REQUIRE(t.next_round(&log, &w));
      step(t, 0, act::discard + pai("5s"), &log);
      for (int s = 1; s <= 2 + three; ++s) {
        REQUIRE(t.legal(s).contains(act::ron));
        step(t, s, act::ron, &log);
      }
      if (three && !soul) {
        CHECK_FALSE(t.result().win);
        CHECK(t.result().draw == DrawKind::three_rons);
        CHECK(t.honba() == 2);
        continue;
      }
      REQUIRE(t.result().win);
      CHECK(log.wins.size() == static_cast<std::size_t>(2 + three));
      CHECK(log.wins[0].seat == 1);  // the nearest to the discarder first
      CHECK(log.wins[1].seat == 2);
      CHECK(t.result().deltas[1] == 2300);  // pinfu tanyao 2000 + 300 honba
      CHECK(t.result().deltas[2] == 2000);
      CHECK(t.result().deltas[0] == (three ? -6300 : -4300));
    }
  }
}

TEST_CASE("engine: an added kan robbed (chankan)") {
  scenario::Spec spec;
  spec.hands = {"5p9m9p4m6m6p8p2s6s567z1s", "50p6z123m789m123s9s", "234m567m46p345s88s", "111p999s147m258s7z"};
  spec.draws = "1z2z3z4z5p";
  spec.dora = "9m";
  GameLog log;
  Table t = started(tenhou4(), spec, &log);
  step(t, 0, act::discard + pai("5p"), &log);
  REQUIRE(t.legal(1).contains(act::pon_red));
  REQUIRE(t.legal(2).contains(act::ron));  // seat 2 waits on 5p too: it passes (furiten until its discard)
  step(t, 2, act::pass, &log);
  CHECK(t.why_not(2, act::ron) == Refusal::not_asked);  // its answer is in
  CHECK(t.apply(2, act::ron).message() ==
        "seat 2 may not ron: this seat has nothing to decide now, or has answered already");
  step(t, 1, act::pon_red, &log);
  REQUIRE(t.turn() == 1);
  CHECK(t.why_not(1, act::discard + pai("5p")) == Refusal::not_held);
  step(t, 1, act::discard + pai("6z"), &log);
  scenario::tsumogiri_turns(t, 3, &log);
  REQUIRE(t.turn() == 1);
  REQUIRE(t.legal(1).contains(act::kan + pai("5p")));
  step(t, 1, act::kan + pai("5p"), &log);
  REQUIRE(t.phase() == Phase::chankan);
  REQUIRE(t.legal(2).contains(act::ron));
  step(t, 2, act::ron, &log);
  REQUIRE(t.result().win);
  CHECK(log.wins[0].score.has(Yaku::chankan));
  CHECK(log.wins[0].score.has(Yaku::tanyao));
  CHECK(t.result().deltas[2] == 2600);  // 2 han 40 fu
  CHECK(t.result().deltas[1] == -2600);
  CHECK(types(log).back() == EventType::end_kyoku);
}

TEST_CASE("engine: a closed kan's dora before its replacement; a rinshan win") {
  scenario::Spec spec;
  spec.hands = {"1111z234m567p34s6s", "147m258p369s2357z", "147m258p369s2467z", "258m147p147s2346z"};
  spec.draws = "6s";
  spec.rinshan = "5s";
  spec.dora = "7z";
  GameLog log;
  Table t = started(tenhou4(), spec, &log);
  REQUIRE(t.legal(0).contains(act::kan + pai("1z")));
  step(t, 0, act::kan + pai("1z"), &log);
  const auto ty = types(log);
  REQUIRE(ty.size() >= 3);
  CHECK(ty[ty.size() - 3] == EventType::ankan);
  CHECK(ty[ty.size() - 2] == EventType::dora);
  CHECK(ty[ty.size() - 1] == EventType::tsumo);
  REQUIRE(t.legal(0).contains(act::tsumo));
  step(t, 0, act::tsumo, &log);
  CHECK(log.wins[0].score.has(Yaku::rinshan));
  CHECK(log.wins[0].request.rinshan);
  CHECK(log.wins[0].request.dora_count == 2);
}

TEST_CASE("engine: an open kan's dora comes after the replacement draw, before the discard") {
  scenario::Spec spec;
  spec.hands = {"5z147m258p369s246z", "555z147m258p369s7z", "147m258p369s2467z", "258m147p147s1234z"};
  spec.draws = "1s";
  spec.rinshan = "9m";
  GameLog log;
  Table t = started(tenhou4(), spec, &log);
  step(t, 0, act::discard + pai("5z"), &log);
  REQUIRE(t.legal(1).contains(act::daiminkan));
  step(t, 1, act::daiminkan, &log);
  CHECK(t.dora_indicator_count() == 1);
  step(t, 1, act::tsumogiri, &log);
  CHECK(t.dora_indicator_count() == 2);
  const auto ty = types(log);
  std::size_t i = 0;
  while (ty[i] != EventType::daiminkan) ++i;
  CHECK(ty[i + 1] == EventType::tsumo);
  CHECK(ty[i + 2] == EventType::dora);
  CHECK(ty[i + 3] == EventType::dahai);
}

TEST_CASE("engine: a rinshan win after an open kan does not see its indicator") {
  scenario::Spec spec;
  spec.hands = {"5z147m258p369s246z", "555z123m456p789s7z", "147m258p369s2467z", "258m147p147s1234z"};
  spec.draws = "1s";
  spec.rinshan = "7z";
  GameLog log;
  Table t = started(tenhou4(), spec, &log);
  step(t, 0, act::discard + pai("5z"), &log);
  step(t, 1, act::daiminkan, &log);
  REQUIRE(t.legal(1).contains(act::tsumo));
  step(t, 1, act::tsumo, &log);
  REQUIRE(log.wins.size() == 1);
  CHECK(log.wins[0].score.has(Yaku::rinshan));
  CHECK(log.wins[0].request.dora_count == 1);
  for (const auto& e : log.events) CHECK(e.type != EventType::dora);
}

TEST_CASE("engine: four kans by two players abort after the fourth kan's discard") {
  scenario::Spec spec;
  spec.hands = {"1111m9999m1111p5z", "1111s234p567p88p6z", "258m258p258s1234z", "368m369p369s4567z"};
  spec.draws = "7z9s";
  spec.rinshan = "2z3z4z6z";
  GameLog log;
  Table t = started(tenhou4(), spec, &log);
  step(t, 0, act::kan + pai("1m"), &log);
  step(t, 0, act::kan + pai("9m"), &log);
  step(t, 0, act::kan + pai("1p"), &log);
  step(t, 0, act::tsumogiri, &log);
  scenario::pass_all(t, &log);
  REQUIRE(t.turn() == 1);
  step(t, 1, act::kan + pai("1s"), &log);
  CHECK(t.dora_indicator_count() == 5);
  CHECK(t.why_not(1, act::kan + pai("1s")) == Refusal::not_held);
  step(t, 1, act::tsumogiri, &log);
  scenario::pass_all(t, &log);
  REQUIRE(t.phase() == Phase::round_over);
  CHECK(t.result().draw == DrawKind::four_kans);
  CHECK(t.dealer() == 0);
}

TEST_CASE("engine: four winds and four riichi abort") {
  scenario::Spec winds;
  winds.hands = {"147m147p147s1z567z", "258m258p258s1z567z", "369m369p369s1z234z", "147m258p369s1z234z"};
  Table t = started(tenhou4(), winds);
  for (int s = 0; s < 4; ++s) {
    REQUIRE(t.turn() == s);
    step(t, s, act::discard + pai("1z"));
    scenario::pass_all(t);
  }
  CHECK(t.phase() == Phase::round_over);
  CHECK(t.result().draw == DrawKind::four_winds);

  scenario::Spec riichi;
  riichi.hands = {"123m456m789m11z22z", "123p456p789p33z44z", "123s456s789s55z66z", "234m789p789s77z45s"};
  riichi.draws = "9p9s9m1m";
  Table u = started(tenhou4(), riichi);
  for (int s = 0; s < 4; ++s) {
    REQUIRE(u.turn() == s);
    REQUIRE(u.legal(s).contains(act::riichi_tsumogiri));
    step(u, s, act::riichi_tsumogiri);
    scenario::pass_all(u);
  }
  CHECK(u.phase() == Phase::round_over);
  CHECK(u.result().draw == DrawKind::four_riichi);
  CHECK(u.sticks() == 4);        // the sticks stay on the table
  CHECK(u.seat(0).riichi == 2);  // a double riichi
  for (int s = 0; s < 4; ++s) CHECK(u.scores()[static_cast<std::size_t>(s)] == 24000);
  CHECK(u.check().empty());
}

TEST_CASE("engine: nagashi mangan replaces the tenpai payments") {
  const EngineRules rules = tenhou4();
  // Seat 2 draws only terminals and honours and throws them; the others draw only simples.
  std::vector<int> yaochu, simple;
  for (int id = 0; id < 136; ++id) {
    const int k = id / 4;
    (k >= 27 || k % 9 == 0 || k % 9 == 8 ? yaochu : simple).push_back(id);
  }
  std::vector<int> ids(136, -1);
  for (int i = 0; i < 70; ++i) {
    auto& from = i % 4 == 2 ? yaochu : simple;
    ids[static_cast<std::size_t>(83 - i)] = from.back();
    from.pop_back();
  }
  for (auto& id : ids)
    if (id < 0) {
      auto& from = yaochu.empty() ? simple : yaochu;
      id = from.back();
      from.pop_back();
    }
  const WallParse w = wall_from_ids(rules, ids);
  REQUIRE(w.ok());
  Table t;
  t.start(rules, 0, 0, nullptr, &w.wall);
  scenario::tsumogiri_turns(t, 200);
  REQUIRE(t.phase() == Phase::round_over);
  REQUIRE(t.result().draw == DrawKind::nagashi_mangan);
  CHECK(t.result().deltas == std::array<std::int32_t, 4>{-4000, -2000, 8000, -2000});
}

TEST_CASE("engine: pao: the feeder of the third dragon pays a big three dragons tsumo") {
  scenario::Spec spec;
  spec.hands = {"567z258m369p147s9s", "55z66z77z123m4p9s9p1s", "147m258p369s1234z", "369m147p258s1z7m7p7s"};
  spec.draws = "2z3z4z2z3z4z8s8p8m9m4p";
  spec.dora = "1m";
  GameLog log;
  Table t = started(tenhou4(), spec, &log);
  const std::array<const char*, 3> dragons = {"5z", "6z", "7z"}, extras = {"9s", "9p", "1s"};
  for (int i = 0; i < 3; ++i) {
    REQUIRE(t.turn() == 0);
    step(t, 0, act::discard + pai(dragons[static_cast<std::size_t>(i)]), &log);
    REQUIRE(t.legal(1).contains(act::pon));
    for (int s = 2; s < 4; ++s)
      if ((t.actors() >> s) & 1) step(t, s, act::pass, &log);
    step(t, 1, act::pon, &log);
    step(t, 1, act::discard + pai(extras[static_cast<std::size_t>(i)]), &log);
    scenario::pass_all(t, &log);
    scenario::tsumogiri_turns(t, i < 2 ? 2 : 3, &log);
  }
  REQUIRE(t.turn() == 1);
  REQUIRE(t.legal(1).contains(act::tsumo));
  step(t, 1, act::tsumo, &log);
  CHECK(log.wins[0].score.has(Yaku::daisangen));
  CHECK(t.result().deltas == std::array<std::int32_t, 4>{-32000, 32000, 0, 0});
}

TEST_CASE("engine: kuikae refused after a chi") {
  scenario::Spec spec;
  spec.hands = {"4m258p369s1234z99m", "4m56m7m123p456s789s", "147p258s369m567z", "258m147s369p567z"};
  spec.hands[2] = "147p258s369m5677z";
  spec.hands[3] = "258m147s369p5667z";
  spec.draws = "1z";
  Table t = started(tenhou4(), spec);
  step(t, 0, act::discard + pai("4m"));
  REQUIRE(t.legal(1).contains(act::chi + 0));  // 4m called with 5m6m
  step(t, 1, act::chi + 0);
  CHECK(t.why_not(1, act::discard + pai("4m")) == Refusal::kuikae);
  CHECK(t.why_not(1, act::discard + pai("7m")) == Refusal::kuikae);  // the run's other end
  CHECK(t.why_not(1, act::tsumogiri) == Refusal::no_drawn_tile);
  CHECK(t.legal(1).contains(act::discard + pai("1p")));
  CHECK(t.apply(1, act::discard + pai("7m")).message() ==
        "seat 1 may not discard 7m: kuikae: the discard would swap the called tile");
}

TEST_CASE("engine: riichi refused with three tiles left, allowed with seven") {
  scenario::Spec spec;
  spec.hands = {"147m258p369s4567z", "258m147p258s4567z", "123m456p789s1122z", "369m369p147s3567z"};
  Table t = started(tenhou4(), spec);
  bool allowed_before = false;
  while (true) {
    if (t.phase() == Phase::turn && t.turn() == 2) {
      if (t.tiles_left() == 7) allowed_before = t.legal(2).contains(act::riichi_tsumogiri);
      if (t.tiles_left() == 3) break;
    }
    scenario::tsumogiri_turns(t, 1);
    REQUIRE(t.phase() != Phase::round_over);
  }
  CHECK(allowed_before);
  CHECK_FALSE(t.legal(2).contains(act::riichi_tsumogiri));
  CHECK(t.why_not(2, act::riichi_tsumogiri) == Refusal::riichi_wall);
}

// The table asks the kernel for waits and riichi discards only when the
// hand's single tiles allow them; thirteen orphans' singles are the exception.
TEST_CASE("engine: thirteen orphans: riichi discarding the one simple tile, and the ron on its wait") {
  scenario::Spec spec;
  spec.hands = {"119m19p19s123456z", "223344m556677p8s", "223344p556677s8m", "223344s556677m8p"};
  spec.draws = "5m7z";
  Table t = started(tenhou4(), spec);
  REQUIRE(t.phase() == Phase::turn);
  CHECK(t.legal(0).contains(act::riichi_tsumogiri));
  step(t, 0, act::riichi_tsumogiri);
  scenario::pass_all(t);
  REQUIRE(t.phase() == Phase::turn);
  REQUIRE(t.turn() == 1);
  CHECK(t.seat(0).waits == TileMask(std::uint64_t{1} << 33));
  step(t, 1, act::tsumogiri);
  CHECK(t.legal(0).contains(act::ron));
}

TEST_CASE("engine: an illegal action is refused with the state byte for byte unchanged") {
  const EngineRules rules = tenhou4();
  std::array<Rng, 4> rng{};
  Table t;
  t.start(rules, 99);
  int refused = 0;
  for (int turn = 0; turn < 3000 && !t.done(); ++turn) {
    if (t.phase() == Phase::round_over) {
      t.next_round();
      continue;
    }
    for (int s = 0; s < 4; ++s) {
      for (int a = 0; a < act::count; a += 7) {
        if ((t.actors() >> s) & 1 && t.legal(s).contains(a)) continue;
        std::array<unsigned char, sizeof(Table)> before;
        std::memcpy(before.data(), static_cast<const void*>(&t), sizeof(Table));
        const ActionResult r = t.apply(s, static_cast<Action>(a));
        REQUIRE_FALSE(r.ok());
        REQUIRE(std::memcmp(before.data(), static_cast<const void*>(&t), sizeof(Table)) == 0);
        REQUIRE(r.message().find("seat " + std::to_string(s) + " may not ") == 0);
        ++refused;
      }
    }
    const int s = std::countr_zero(static_cast<unsigned>(t.actors()));
    step(t, s, bot_random(t, s, rng[static_cast<std::size_t>(s)]));
  }
  CHECK(refused > 1000);
  CHECK(t.apply(0, 200).refusal != Refusal::none);
}

TEST_CASE("engine: three players: no chi, north set aside with a replacement, no 2m-8m") {
  const EngineRules rules = tenhou_rules(Players::three);
  scenario::Spec spec;
  spec.hands = {"4z19m123p456p789s1z", "19m147p258s567z99p", "19m369p147s567z11z"};
  spec.draws = "2p";
  spec.rinshan = "3p";
  GameLog log;
  Table t = started(rules, spec, &log);
  REQUIRE(t.legal(0).contains(act::north));
  const int left = t.tiles_left();
  step(t, 0, act::north, &log);
  CHECK(t.seat(0).nuki == 1);
  CHECK(t.tiles_left() == left - 1);  // the replacement comes from the dead wall, the live wall gives one up
  CHECK(t.dora_indicator_count() == 1);
  CHECK(log.events[log.events.size() - 2].type == EventType::nukidora);
  CHECK(t.why_not(1, act::chi) == Refusal::not_asked);
  step(t, 0, act::discard + pai("1z"), &log);
  REQUIRE(t.legal(2).contains(act::pon));  // seat 2 may pon: the others wait for it
  CHECK(t.why_not(1, act::chi) == Refusal::no_chi);
  CHECK(t.check().empty());
}

TEST_CASE("engine: the game's end: the last dealer's stop, sudden death, a bust, sticks to the top") {
  // The tsumo wall of the first scenario: the dealer wins 500 all on its fifth draw.
  scenario::Spec spec;
  spec.hands = {"123m456p789s2345s", "147m258p369s1357z", "147m258p369s2467z", "258m147p147s1234z"};
  spec.draws = "1z2z3z4z5s";
  spec.dora = "6z";
  const EngineRules rules = tenhou4();
  const Wall wall = scenario::build(rules, spec);
  auto dealer_tsumo = [&](const RoundStart& at) {
    Table t;
    t.start_round(rules, at, wall);
    scenario::tsumogiri_turns(t, 4);
    REQUIRE(t.legal(at.dealer).contains(act::tsumo));
    step(t, at.dealer, act::tsumo);
    return t;
  };
  // South 4, the dealer (seat 3) top at the return score after the win: the game ends,
  // the stick on the table to the dealer, the first place.
  Table stop = dealer_tsumo({1, 3, 0, 1, {20000, 20000, 19000, 40000}});
  CHECK(stop.done());
  CHECK(stop.scores() == std::array<std::int32_t, 4>{19500, 19500, 18500, 42500});
  // The dealer not first: the dealer repeats.
  Table on = dealer_tsumo({1, 3, 0, 0, {45000, 20000, 15000, 20000}});
  CHECK_FALSE(on.done());
  CHECK(on.dealer() == 3);
  CHECK(on.honba() == 1);
  // South 4 won by the dealer with nobody at 30000 (and the dealer's stop
  // needs the return score): the dealer repeats.
  Table low = dealer_tsumo({1, 3, 0, 0, {25000, 25000, 25000, 25000}});
  CHECK_FALSE(low.done());
  // West 1 (sudden death): the win takes the dealer to the return score: the game ends.
  Table west = dealer_tsumo({2, 0, 0, 0, {28500, 24000, 24000, 23500}});
  CHECK(west.done());
  // A bust: a seat below 0 after the round ends the game, even in East 1.
  Table bust = dealer_tsumo({0, 0, 0, 0, {25000, 400, 35000, 39600}});
  CHECK(bust.done());
  CHECK(bust.scores()[1] == -100);
  // Exactly 0 is no bust.
  Table zero = dealer_tsumo({0, 0, 0, 0, {25000, 500, 35000, 39500}});
  CHECK_FALSE(zero.done());
  // An abortive draw in South 4: the dealer repeats whatever the scores.
  scenario::Spec nine;
  nine.hands = {"19m19p19s1234z234m", "234m456p678s2345s", "147m258p369s4567z", "369m147p147s4567z"};
  nine.draws = "5z";
  Table abort;
  abort.start_round(rules, {1, 3, 0, 0, {20000, 20000, 20000, 40000}}, scenario::build(rules, nine));
  step(abort, 3, act::nine_terminals);
  CHECK_FALSE(abort.done());
  CHECK(abort.dealer() == 3);
  // South 4 drawn with the dealer noten and nobody at 30000: the West round comes.
  Table draw;
  draw.start_round(rules, {1, 3, 0, 0, {25000, 25000, 25000, 25000}}, scenario::build(rules, nine));
  scenario::tsumogiri_turns(draw, 200);
  REQUIRE(draw.phase() == Phase::round_over);
  if (!(draw.result().deltas[3] > 0)) {  // the dealer noten
    CHECK_FALSE(draw.done());
    CHECK(draw.round_wind() == 2);
    CHECK(draw.dealer() == 0);
  }
}
