// The kernel's scorer against the reference scorer (scalar_ref), which
// shares nothing with it but the request and answer types: exhaustively over
// every closed one-suit win (every winning tile it holds, tsumo and ron, with
// the context varied), and over random wins like those of real play with
// every rule switch flipped now and then. Batch and single answers must be
// the same Score, field by field.
#include <doctest/doctest.h>

#include <array>
#include <algorithm>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "mjk/ref.hpp"
#include "mjk/score.hpp"
#include "support/count_vectors.hpp"
#include "support/fu_check.hpp"
#include "support/score_requests.hpp"

using namespace mjk;

namespace {

std::size_t random_wins() {
  const char* env = std::getenv("MJK_RANDOM_WINS");
  return env ? static_cast<std::size_t>(std::strtoull(env, nullptr, 10)) : 200'000;
}

// A request in one line: hand, melds, win and the context that matters.
std::string describe_request(const ScoreRequest& r) {
  static constexpr const char* meld_names[] = {"chi", "pon", "minkan", "ankan", "kakan"};
  std::string out = to_mpsz(r.hand) + " win " + tile_name(r.win) + (r.tsumo ? " tsumo" : " ron");
  for (std::size_t i = 0; i < r.meld_count; ++i)
    out += std::string(" ") + meld_names[static_cast<int>(r.melds[i].type)] + ":" + tile_name(r.melds[i].tile) +
           (r.melds[i].red ? "(red)" : "") + "@" + std::to_string(static_cast<int>(r.melds[i].from));
  out += " seat " + std::to_string(r.seat) + " round " + std::to_string(r.round) + " riichi " +
         std::to_string(r.riichi) + " from " + std::to_string(static_cast<int>(r.from));
  if (r.ippatsu) out += " ippatsu";
  if (r.rinshan) out += " rinshan";
  if (r.chankan) out += " chankan";
  if (r.haitei) out += " haitei";
  if (r.tenhou) out += " tenhou";
  out += " dora";
  for (std::size_t i = 0; i < r.dora_count; ++i) out += " " + tile_name(r.dora[i]);
  out += " ura";
  for (std::size_t i = 0; i < r.ura_count; ++i) out += " " + tile_name(r.ura[i]);
  out += " honba " + std::to_string(r.honba) + " sticks " + std::to_string(r.sticks);
  return out;
}

// Compares kernel (batch and single) with the reference on every request;
// reports the first few mismatches in full.
// Returns how often each yaku was in the reference's answers.
std::array<std::size_t, yaku_count> check(const std::vector<ScoreRequest>& requests) {
  std::array<std::size_t, yaku_count> seen{};
  std::vector<Result<Score>> batch(requests.size());
  REQUIRE(score(requests, batch) == Error::none);
  int wrong = 0, unreadable = 0;
  for (std::size_t i = 0; i < requests.size(); ++i) {
    const ScoreRequest& r = requests[i];
    REQUIRE_MESSAGE(!validate(r), "generator made an invalid request ", i, ": ", validate(r).message());
    const Score want = ref::score(r);
    for (int y = 0; y < yaku_count; ++y) seen[static_cast<std::size_t>(y)] += want.has(static_cast<Yaku>(y));
    const Result<Score> single = score(r);
    const bool same = batch[i].ok() && single.ok() && batch[i].value == want && single.value == want;
    if (!same && ++wrong <= 5)
      FAIL_CHECK("request ", i, " ", describe_request(r), "\n  reference: ", test::describe(want),
                 "\n  kernel:    ", test::describe(batch[i].value), " (error ", static_cast<int>(batch[i].error),
                 ")\n  single:    ", test::describe(single.value));
    // The readable side: the fu part by part sum to the fu, each part one
    // this reading can have; the payment text agrees with the payments.
    const std::string problem = test::fu_problem(r, want) + test::payment_problem(r, want);
    if (!problem.empty() && ++unreadable <= 5)
      FAIL_CHECK("request ", i, " ", describe_request(r), "\n  ", test::describe(want),
                 "\n  fu: ", test::describe(fu_breakdown(r, want)), "\n  ", problem);
  }
  CHECK(wrong == 0);
  CHECK(unreadable == 0);
  MESSAGE(requests.size(), " wins scored by kernel and reference");
  return seen;
}

}  // namespace

TEST_CASE("scoring equivalence: every closed one-suit win, every winning tile, tsumo and ron") {
  for (int group : {0, 3}) {  // a suit (man; the suits score alike but for ryuuiisou, checked at random) and honours
    const int kinds = group == 3 ? 7 : 9;
    std::vector<ScoreRequest> requests;
    std::size_t n = 0;
    test::each_count_vector(kinds, 14, [&](const std::array<int, 9>& c, int tiles) {
      if (tiles != 14) return;
      Hand h;
      for (int k = 0; k < kinds; ++k) h.add(Tile(group * 9 + k), c[static_cast<std::size_t>(k)]);
      if (!ref::is_agari(h)) return;
      for (int k = 0; k < kinds; ++k) {
        if (!c[static_cast<std::size_t>(k)]) continue;
        for (bool tsumo : {false, true}) {
          ScoreRequest r;
          r.hand = h;
          r.win = Tile(group * 9 + k);
          r.tsumo = tsumo;
          // Vary the context with the hand's index: seat and round winds
          // (wind pairs and triplets), riichi, dora indicators.
          ++n;
          r.seat = static_cast<std::uint8_t>(n % 4);
          r.round = static_cast<std::uint8_t>((n / 4) % 2);
          r.riichi = static_cast<std::uint8_t>((n / 8) % 3);
          r.ippatsu = r.riichi && (n / 24) % 2;
          // Indicators: the first kinds from a varying start that still have a copy left.
          const auto indicator = [&](std::size_t start) {
            for (int step = 0;; ++step) {
              const Tile t(static_cast<int>((start + static_cast<std::size_t>(step)) % kind_count));
              int used = h.count(t);
              for (std::size_t i = 0; i < r.dora_count; ++i) used += r.dora[i] == t;
              if (used < 4) return t;
            }
          };
          r.dora[0] = indicator(static_cast<std::size_t>(group * 9) + n % static_cast<std::size_t>(kinds));
          r.dora_count = 1;
          if (r.riichi) {
            r.ura[0] = indicator(n * 7);
            r.ura_count = 1;
          }
          r.from = static_cast<Relative>(1 + (n / 48) % 3);
          requests.push_back(r);
        }
      }
    });
    const auto seen = check(requests);
    std::string missing;
    for (int y = 0; y < yaku_count; ++y)
      if (!seen[static_cast<std::size_t>(y)])
        missing += std::string(" ") + std::string(yaku_name(static_cast<Yaku>(y)));
    MESSAGE("group ", group, ": yaku never seen:", missing);
  }
}

TEST_CASE("scoring equivalence: random wins like real play, rule switches flipped") {
  auto requests = test::wins_like_play(20261123, random_wins());
  std::mt19937_64 rng(7);
  for (std::size_t i = 0; i < requests.size(); ++i) {
    ScoreRequest& r = requests[i];
    if (i % 4 != 0) continue;  // a quarter under other rules, each switch at random
    const auto coin = [&rng] { return (rng() & 1) != 0; };
    r.rules.open_tanyao = coin();
    r.rules.kiriage = coin();
    r.rules.kazoe_yakuman = coin();
    r.rules.double_yakuman = coin();
    r.rules.yakuman_stacking = coin();
    r.rules.double_wind_pair_fu = coin() ? 2 : 4;
    r.rules.pao = coin();
    r.rules.renhou = static_cast<RenhouRule>(rng() % 3);
    if (r.meld_count == 0 && !r.tsumo && r.seat != 0 && r.riichi == 0 && rng() % 8 == 0) r.tenhou = true;  // renhou
  }
  const auto seen = check(requests);
  std::string missing;
  for (int y = 0; y < yaku_count; ++y)
    if (!seen[static_cast<std::size_t>(y)]) missing += std::string(" ") + std::string(yaku_name(static_cast<Yaku>(y)));
  MESSAGE("yaku never seen:", missing);
}

TEST_CASE("scoring equivalence: seven pairs, thirteen orphans, three players, situational wins") {
  std::mt19937_64 rng(11);
  const auto below = [&rng](int n) { return static_cast<int>(rng() % static_cast<std::uint64_t>(n)); };
  std::vector<ScoreRequest> requests;
  // The winning tile: one the hand holds, at random.
  const auto pick_win = [&](ScoreRequest& r) {
    for (;;) {
      const Tile t(below(kind_count));
      if (r.hand.count(t)) {
        r.win = t;
        return;
      }
    }
  };
  const auto context = [&](ScoreRequest& r) {
    r.tsumo = below(3) == 0;
    r.seat = static_cast<std::uint8_t>(below(static_cast<int>(r.players)));
    r.round = static_cast<std::uint8_t>(below(2));
    r.from = static_cast<Relative>(r.players == Players::three ? (below(2) ? 1 : 3) : 1 + below(3));
    r.riichi = static_cast<std::uint8_t>(below(3));
    r.ippatsu = r.riichi && below(4) == 0;
    r.haitei = below(20) == 0;
    r.chankan = !r.tsumo && !r.haitei && below(10) == 0;
    r.tenhou = r.meld_count == 0 && r.riichi == 0 && (r.tsumo || r.seat != 0) && below(10) == 0;
    r.honba = static_cast<std::uint16_t>(below(3));
    r.sticks = static_cast<std::uint16_t>(below(3));
  };
  for (int i = 0; i < 20000; ++i) {
    ScoreRequest r;
    if (i % 2 == 0) {  // seven distinct pairs
      std::array<int, kind_count> kinds;
      for (int k = 0; k < kind_count; ++k) kinds[static_cast<std::size_t>(k)] = k;
      std::shuffle(kinds.begin(), kinds.end(), rng);
      const int pool = below(3) == 0 ? 9 : kind_count;  // a third from one suit (chinitsu, ryanpeikou shapes)
      if (pool == 9) std::sort(kinds.begin(), kinds.begin() + 9);
      for (int p = 0; p < 7; ++p) r.hand.add(Tile(kinds[static_cast<std::size_t>(p)]), 2);
    } else {  // thirteen orphans
      constexpr int orphans[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
      for (int o : orphans) r.hand.add(Tile(o));
      r.hand.add(Tile(orphans[below(13)]));
    }
    pick_win(r);
    context(r);
    r.dora[0] = Tile(below(kind_count));
    r.dora_count = r.hand.count(r.dora[0]) < 4 ? 1 : 0;
    requests.push_back(r);
  }
  // Three players: wins like play whose tiles exist with three players, no
  // chi, discarder not toimen; north tiles set aside now and then.
  for (ScoreRequest r : test::wins_like_play(99, 60000)) {
    bool fits = true;
    for (int k = 1; k <= 7; ++k) fits &= r.hand.count(Tile(k)) == 0;
    for (std::size_t m = 0; m < r.meld_count; ++m)
      fits &= r.melds[m].type != MeldType::chi && r.melds[m].from != Relative::toimen &&
              !(r.melds[m].tile.kind() >= 1 && r.melds[m].tile.kind() <= 7);
    for (std::size_t d = 0; d < r.dora_count; ++d) fits &= !(r.dora[d].kind() >= 1 && r.dora[d].kind() <= 7);
    for (std::size_t d = 0; d < r.ura_count; ++d) fits &= !(r.ura[d].kind() >= 1 && r.ura[d].kind() <= 7);
    if (!fits) continue;
    r.players = Players::three;
    r.seat = static_cast<std::uint8_t>(r.seat % 3);
    if (r.from == Relative::toimen) r.from = Relative::kamicha;
    int north = r.hand.count(Tile(30));
    for (std::size_t m = 0; m < r.meld_count; ++m) north += r.melds[m].tile == Tile(30) ? r.melds[m].size() : 0;
    for (std::size_t d = 0; d < r.dora_count; ++d) north += r.dora[d] == Tile(30);
    for (std::size_t d = 0; d < r.ura_count; ++d) north += r.ura[d] == Tile(30);
    r.nuki = static_cast<std::uint8_t>(std::min(4 - north, below(3)));
    r.rules.sanma_tsumo_loss = below(4) != 0;
    requests.push_back(r);
  }
  const auto seen = check(requests);
  for (Yaku y :
       {Yaku::chiitoitsu, Yaku::kokushi, Yaku::kokushi_13, Yaku::nuki, Yaku::chankan, Yaku::tenhou, Yaku::chiihou})
    CHECK_MESSAGE(seen[static_cast<std::size_t>(y)] > 0, yaku_name(y), " never scored: the set misses it");
}
