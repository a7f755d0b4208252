// mjai reactions read as the table's actions: every legal action of seeded
// random games written as Mortal writes it reads back as that action, and
// lines that are not JSON, not an action, or not legal are refused with why.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "mjk/bots.hpp"
#include "mjk/mjai.hpp"
#include "mjk/table.hpp"

using namespace mjk;

namespace {

std::string name(Pai p) { return std::string(pai_name(p)); }

// The reaction line a bot speaking mjai answers for `a` (the riichi
// discard alone for riichi: the reach is the line before it).
std::string line_of(const Table& t, int seat, Action a) {
  const std::string actor = "\"actor\":" + std::to_string(seat);
  auto dahai = [&](Pai p, bool tg) {
    return "{\"type\":\"dahai\"," + actor + ",\"pai\":\"" + name(p) + "\",\"tsumogiri\":" + (tg ? "true" : "false") +
           ",\"meta\":{\"q_values\":[1.5,-2e3],\"mask_bits\":7}}";
  };
  if (a < act::tsumogiri) return dahai(a, false);
  if (a == act::tsumogiri) return dahai(t.drawn(), true);
  if (a < act::riichi_tsumogiri) return dahai(static_cast<Pai>(a - act::riichi), false);
  if (a == act::riichi_tsumogiri) return dahai(t.drawn(), true);
  const int k = pai_kind(t.claim());
  const std::string head = "{\"type\":";
  auto target = ",\"target\":" + std::to_string(t.turn()) + ",\"pai\":\"" + name(t.claim()) + "\"";
  if (a < act::pon) {
    const int place = (a - act::chi) % 3;
    int x = place == 0 ? k + 1 : place == 1 ? k - 1 : k - 2, y = place == 1 ? k + 1 : x + 1;
    const bool red = a >= act::chi_red;
    Pai px = static_cast<Pai>(x), py = static_cast<Pai>(y);
    if (red && x % 9 == 4) px = red_pai_of(x);
    else if (red) py = red_pai_of(y);
    return head + "\"chi\"," + actor + target + ",\"consumed\":[\"" + name(px) + "\",\"" + name(py) + "\"]}";
  }
  if (a == act::pon || a == act::pon_red)
    return head + "\"pon\"," + actor + target + ",\"consumed\":[\"" +
           name(a == act::pon_red ? red_pai_of(k) : static_cast<Pai>(k)) + "\",\"" + name(static_cast<Pai>(k)) + "\"]}";
  if (a == act::daiminkan) {
    const std::string plain = name(static_cast<Pai>(k));
    return head + "\"daiminkan\"," + actor + target + ",\"consumed\":[\"" + plain + "\",\"" + plain + "\",\"" + plain +
           "\"]}";
  }
  if (a < act::tsumo) {
    const std::string kind = name(static_cast<Pai>(a - act::kan));
    if ((t.seat(seat).pons >> (a - act::kan)) & 1)
      return head + "\"kakan\"," + actor + ",\"pai\":\"" + kind + "\",\"consumed\":[\"" + kind + "\",\"" + kind +
             "\",\"" + kind + "\"]}";
    return head + "\"ankan\"," + actor + ",\"consumed\":[\"" + kind + "\",\"" + kind + "\",\"" + kind + "\",\"" + kind +
           "\"]}";
  }
  if (a == act::tsumo) return head + "\"hora\"," + actor + ",\"target\":" + std::to_string(seat) + "}";
  if (a == act::ron) return head + "\"hora\"," + actor + ",\"target\":" + std::to_string(t.turn()) + "}";
  if (a == act::nine_terminals) return head + "\"ryukyoku\"," + actor + "}";
  if (a == act::north) return head + "\"nukidora\"," + actor + ",\"pai\":\"N\"}";
  return "{\"type\":\"none\"}";
}

// The kind of an action, for counting which kinds the games met.
std::string kind_of(const Table& t, int seat, Action a) {
  if (a <= act::tsumogiri) return "dahai";
  if (a <= act::riichi_tsumogiri) return "reach";
  if (a < act::pon) return a >= act::chi_red ? "chi red" : "chi";
  if (a <= act::pon_red) return "pon";
  if (a == act::daiminkan) return "daiminkan";
  if (a < act::tsumo) return ((t.seat(seat).pons >> (a - act::kan)) & 1) ? "kakan" : "ankan";
  if (a <= act::ron) return "hora";
  if (a == act::nine_terminals) return "ryukyoku";
  if (a == act::north) return "nukidora";
  return "none";
}

}  // namespace

TEST_CASE("engine: every legal action, written as mjai, reads back as itself") {
  std::set<std::string> kinds;
  long checked = 0;
  for (Players players : {Players::four, Players::three}) {
    const EngineRules rules = tenhou_rules(players);
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
      Table t;
      t.start(rules, seed);
      std::array<Rng, 4> rng{};
      for (int s = 0; s < 4; ++s) rng[static_cast<std::size_t>(s)].key = seed * 31 + static_cast<std::uint64_t>(s);
      while (!t.done()) {
        if (t.phase() == Phase::round_over) {
          t.next_round();
          continue;
        }
        for (int s = 0; s < t.players(); ++s) {
          if (!((t.actors() >> s) & 1)) continue;
          const ActionSet& legal = t.legal(s);
          for (int i = 0; i < legal.size(); ++i) {
            const Action a = legal.nth(i);
            const std::string line = line_of(t, s, a);
            const bool riichi = a >= act::riichi && a <= act::riichi_tsumogiri;
            if (riichi) {
              const MjaiReaction reach =
                  read_mjai_reaction(t, s, "{\"type\":\"reach\",\"actor\":" + std::to_string(s) + "}");
              REQUIRE(reach.ok());
              CHECK(reach.reach);
            }
            const MjaiReaction r = read_mjai_reaction(t, s, line, riichi);
            INFO(line, " ", r.error);
            REQUIRE(r.ok());
            CHECK(!r.reach);
            CHECK(int(r.action) == int(a));
            kinds.insert(kind_of(t, s, a));
            ++checked;
          }
          (void)t.apply(s, bot_random(t, s, rng[static_cast<std::size_t>(s)]));
        }
      }
    }
  }
  INFO(checked);
  for (const char* k : {"dahai", "reach", "chi", "chi red", "pon", "daiminkan", "ankan", "kakan", "hora", "ryukyoku",
                        "nukidora", "none"}) {
    INFO(k);
    CHECK(kinds.count(k) == 1);
  }
}

TEST_CASE("engine: mjai reactions that are not JSON, not actions or not legal say why") {
  Table t;
  t.start(tenhou_rules(Players::four), 5);
  REQUIRE(t.actors() == 1);  // the dealer's first turn
  const Pai drawn = t.drawn();
  const MjaiReaction tg = read_mjai_reaction(
      t, 0, "{\"type\":\"dahai\",\"actor\":0,\"pai\":\"" + std::string(pai_name(drawn)) + "\",\"tsumogiri\":true}");
  CHECK(tg.ok());
  CHECK(int(tg.action) == int(act::tsumogiri));
  auto why = [&](std::string_view line) { return read_mjai_reaction(t, 0, line).error; };
  CHECK(why("").starts_with("not JSON"));
  CHECK(why("garbage").starts_with("not JSON"));
  CHECK(why("{\"type\":\"dahai\",\"pai\":\"1m\"").starts_with("not JSON"));
  CHECK(why("{\"type\":\"none\"} x").starts_with("not JSON"));
  CHECK(why("[\"dahai\"]").starts_with("not JSON"));
  CHECK(
      why("{\"type\":\"none\",\"meta\":" + std::string(40, '[') + std::string(40, ']') + "}").starts_with("not JSON"));
  CHECK(why("{\"pai\":\"1m\"}").starts_with("not an mjai action"));
  CHECK(why("{\"type\":\"fly\"}") == "not an mjai action: type 'fly'");
  CHECK(why("{\"type\":\"dahai\",\"pai\":\"0m\",\"tsumogiri\":false}") == "dahai of '0m', not a tile");
  CHECK(why("{\"type\":\"dahai\",\"actor\":2,\"pai\":\"1m\"}") == "dahai of actor 2, not this seat (0)");
  CHECK(why("{\"type\":\"chi\",\"pai\":\"1m\",\"consumed\":[\"2m\"]}") == "chi without \"consumed\": 2 tiles");
  // On its turn "none" is no legal answer: the refusal lists the legal set.
  const std::string none = why("{\"type\":\"none\"}");
  CHECK(none.starts_with("none, not in its legal set: dahai "));
  CHECK(none.find(" tsumogiri") != std::string::npos);
  CHECK(none == "none, not in its legal set: " + mjai_legal_names(t, 0) + "; not an action of this decision");
  // A discard of a tile the hand does not hold.
  Pai missing = no_pai;
  for (Pai p = 0; p < 34 && missing == no_pai; ++p)
    if (!t.legal(0).contains(act::discard + p) && p != drawn) missing = p;
  REQUIRE(missing != no_pai);
  const std::string d =
      why("{\"type\":\"dahai\",\"pai\":\"" + std::string(pai_name(missing)) + "\",\"tsumogiri\":false}");
  CHECK(d.starts_with("dahai " + std::string(pai_name(missing)) + ", not in its legal set: dahai "));
  CHECK(why("{\"type\":\"dahai\",\"pai\":\"" + std::string(pai_name(missing)) + "\",\"tsumogiri\":true}") ==
        "dahai " + std::string(pai_name(missing)) + " tsumogiri, but the tile drawn is " +
            std::string(pai_name(drawn)));
  // A reach that may not be, and a reach answered by another thing than a discard.
  CHECK(why("{\"type\":\"reach\",\"actor\":0}").starts_with("reach, not in its legal set"));
  CHECK(read_mjai_reaction(t, 0, "{\"type\":\"none\"}", true).error == "answered the reach with none, not a dahai");
  CHECK(why("{\"type\":\"pon\",\"pai\":\"1m\",\"consumed\":[\"1m\",\"1m\"]}") ==
        "pon of 1m, but no such discard is to be answered");
}

TEST_CASE("engine: a bot's mjai view says its seat and comes event by event") {
  const EngineRules rules = tenhou_rules(Players::four);
  std::array<Bot, 4> bots{bot_random, bot_advice, bot_random, bot_advice};
  Table t;
  GameLog log;
  t.start(rules, 8, 0, &log);
  play_game(t, bots, 8, &log);
  std::string whole, pieces;
  write_mjai(log, Players::four, whole, {}, 1);
  CHECK(whole.starts_with("{\"type\":\"start_game\",\"id\":1,\"names\":"));
  for (std::size_t from = 0; from < log.events.size(); from += 7) {
    GameLog upto = log;
    upto.events.resize(std::min(log.events.size(), from + 7));
    write_mjai(upto, Players::four, pieces, {}, 1, from);
  }
  CHECK(pieces == whole);
  std::string full;
  write_mjai(log, Players::four, full);
  CHECK(full.starts_with("{\"type\":\"start_game\",\"names\":"));  // the full view has no seat
}

TEST_CASE("engine: any line read as a reaction is refused with a reason or is legal") {
  Table t;
  t.start(tenhou_rules(Players::four), 11);
  const std::string alphabet = "{}[]\":,\\ tfnul0123456789-.eE typedahaipaiconsumed5mrNtsumogiritrue";
  const std::array<std::string, 4> seeds = {"{\"type\":\"dahai\",\"pai\":\"", "{\"type\":\"", "{\"meta\":[{", ""};
  Rng rng;
  rng.key = 77;
  for (int i = 0; i < 20000; ++i) {
    std::string line = seeds[static_cast<std::size_t>(i) % seeds.size()];
    const int n = static_cast<int>(rng.next() % 40);
    for (int k = 0; k < n; ++k) line += alphabet[rng.next() % alphabet.size()];
    const MjaiReaction r = read_mjai_reaction(t, 0, line);
    if (r.ok() && !r.reach) CHECK(t.legal(0).contains(r.action));
    else if (!r.ok()) CHECK(!r.error.empty());
  }
}
