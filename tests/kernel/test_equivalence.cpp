// Every implementation against the scalar reference: exhaustively over
// single-suit hands, and on fixed-seed random hands of every kind.
//
// MJK_RANDOM_HANDS sets how many random hands each operation gets (default
// 1,000,000; the long run uses 100,000,000).
#include <doctest/doctest.h>

#include <array>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "helpers.hpp"
#include "mjk/implementation.hpp"
#include "mjk/ref.hpp"
#include "support/count_vectors.hpp"
#include "support/deal.hpp"
#include "support/each_impl.hpp"

using namespace mjk;

namespace {

constexpr std::size_t chunk = 4096;

// Expected answers for a list of hands, per operation.
struct Expected {
  std::vector<Hand> hands;
  std::vector<bool> agari;               // 3k+2 hands
  std::vector<TileMask> waits;           // 3k+1 hands
  std::vector<TenpaiDiscards> discards;  // 3k+2 hands
};

int mismatches = 0;

std::string text(const TenpaiDiscards& d) {
  std::string out;
  for (const Tile t : d.discards)
    out += tile_name(t) + ":" + test::tiles(d.waits[static_cast<std::size_t>(t.kind())]) + " ";
  return out;
}

// Three players leave 2m-8m out: a hand holding one is rejected, any other
// hand answers as with four players (without 2m-8m no man sequence forms).
bool has_absent(const Hand& h) {
  for (int k = 1; k <= 7; ++k)
    if (h.count(Tile(k))) return true;
  return false;
}

constexpr Players both_players[] = {Players::four, Players::three};

// Every supported implementation, batch then single-hand path ("NAME/single"),
// for both player counts: run(impl, single, options, out) fills out.
template <class T, class Run, class Want, class Show>
void check_all(const char* op, const std::vector<Hand>& hands, Run run, Want want, Show show) {
  std::vector<Result<T>> out(hands.size());
  for (const auto& impl : implementations()) {
    if (!test::runs_here(impl)) continue;
    for (const Players players : both_players) {
      const Options options{players};
      for (const bool single : {false, true}) {
        run(impl, single, options, out);
        const std::string name =
            std::string(impl.name) + (single ? "/single" : "") + (players == Players::three ? " (three players)" : "");
        for (std::size_t i = 0; i < hands.size(); ++i) {
          const bool absent = players == Players::three && has_absent(hands[i]);
          const Error want_error = absent ? Error::not_in_rules : Error::none;
          const T want_value = absent ? T{} : want(i);
          if (out[i].error != want_error || !(out[i].value == want_value)) {
            if (++mismatches <= 10)
              FAIL_CHECK(std::string(op), " on ", name, ": hand ", to_mpsz(hands[i]), " expected ",
                         absent ? std::string(describe(want_error)) : show(want_value), " got ",
                         out[i].ok() ? show(out[i].value) : std::string(describe(out[i].error)));
            else CHECK(false);
          }
        }
      }
    }
  }
}

// Runs operation OP of `impl` on every hand: batch, or one call per hand.
#define MJK_RUN(OP)                                                                                \
  [&](const Implementation& impl, bool single, const Options& options, auto& out) {                \
    if (single)                                                                                    \
      for (std::size_t i = 0; i < hands.size(); ++i) out[i] = impl.single_##OP(hands[i], options); \
    else impl.OP({hands.data(), hands.size(), Layout::hands, options}, out.data());                \
  }

std::string text(const FormWaits& w) {
  return test::tiles(w.standard) + " / " + test::tiles(w.chiitoi) + " / " + test::tiles(w.kokushi);
}

void check_agari(const std::vector<Hand>& hands, const std::vector<bool>& want) {
  std::vector<std::uint8_t> want_forms;
  for (const Hand& h : hands) want_forms.push_back(ref::agari_forms(h));
  check_all<bool>(
      "is_agari", hands, MJK_RUN(is_agari), [&](std::size_t i) { return bool(want[i]); },
      [](bool b) { return std::string(b ? "true" : "false"); });
  check_all<std::uint8_t>(
      "agari_forms", hands, MJK_RUN(agari_forms), [&](std::size_t i) { return want_forms[i]; },
      [](std::uint8_t f) { return std::to_string(f); });
}

void check_waits(const std::vector<Hand>& hands, const std::vector<TileMask>& want) {
  std::vector<FormWaits> want_forms;
  for (const Hand& h : hands) want_forms.push_back(ref::waits_by_form(h));
  check_all<TileMask>(
      "waits", hands, MJK_RUN(waits), [&](std::size_t i) { return want[i]; },
      [](TileMask m) { return test::tiles(m); });
  check_all<FormWaits>(
      "waits_by_form", hands, MJK_RUN(waits_by_form), [&](std::size_t i) { return want_forms[i]; },
      [](const FormWaits& w) { return text(w); });
}

void check_discards(const std::vector<Hand>& hands, const std::vector<TenpaiDiscards>& want) {
  check_all<TenpaiDiscards>(
      "tenpai_discards", hands, MJK_RUN(tenpai_discards), [&](std::size_t i) { return want[i]; },
      [](const TenpaiDiscards& d) { return text(d); });
}

TileMask shifted(TileMask m, int by) { return TileMask(m.bits() << by); }
TenpaiDiscards shifted(const TenpaiDiscards& d, int by) {
  TenpaiDiscards r;
  r.discards = shifted(d.discards, by);
  for (int k = 0; k + by < kind_count; ++k)
    r.waits[static_cast<std::size_t>(k + by)] = shifted(d.waits[static_cast<std::size_t>(k)], by);
  return r;
}

// Exhaustive over one group. For suits the reference answers for man are
// shifted to pin and sou (the rules treat the three suits alike), so the
// kernel is checked in all three placements at the reference's cost of one.
void exhaustive(int group, bool waits_op) {
  const int kinds = group == 3 ? 7 : 9;
  const int placements = group == 3 ? 1 : 3;
  std::vector<Hand> batch[3];
  std::vector<bool> want_agari[3];
  std::vector<TileMask> want_waits[3];
  std::vector<TenpaiDiscards> want_discards[3];
  long checked = 0;
  auto flush = [&] {
    for (int p = 0; p < placements; ++p) {
      if (waits_op) {
        check_waits(batch[p], want_waits[p]);
      } else {
        check_agari(batch[p], want_agari[p]);
        check_discards(batch[p], want_discards[p]);
      }
      checked += static_cast<long>(batch[p].size());
      batch[p].clear(), want_agari[p].clear(), want_waits[p].clear(), want_discards[p].clear();
    }
  };
  test::each_count_vector(kinds, 14, [&](const std::array<int, 9>& c, int tiles) {
    if (tiles % 3 != (waits_op ? 1 : 2)) return;
    Hand base;
    for (int k = 0; k < kinds; ++k) base.add(Tile(group * 9 + k), c[static_cast<std::size_t>(k)]);
    const bool agari = waits_op ? false : ref::is_agari(base);
    const TileMask waits = waits_op ? ref::waits(base) : TileMask{};
    const TenpaiDiscards discards = waits_op ? TenpaiDiscards{} : ref::tenpai_discards(base);
    for (int p = 0; p < placements; ++p) {
      Hand h;
      for (int k = 0; k < kinds; ++k) h.add(Tile((group + p) * 9 + k), c[static_cast<std::size_t>(k)]);
      batch[p].push_back(h);
      want_agari[p].push_back(agari);
      want_waits[p].push_back(shifted(waits, 9 * p));
      want_discards[p].push_back(shifted(discards, 9 * p));
    }
    if (batch[0].size() == chunk) flush();
  });
  flush();
  MESSAGE(checked, " hands checked on every implementation");
}

// Random hands of each kind of hand, for the operation's tile counts.
Hand random_hand(deal::Rng& rng, bool waits_op, std::size_t i) {
  const int offset = waits_op ? 1 : 2;
  std::uniform_int_distribution<int> melds(0, 4), suit(0, 3);
  switch (i % 8) {
    case 0:
    case 1:
    case 2: return deal::from_wall(rng, 12 + offset);              // closed, dealt from the wall
    case 3: return deal::from_wall(rng, 3 * melds(rng) + offset);  // called melds
    case 4:
      return waits_op ? deal::tenpai(rng, melds(rng))     // tenpai-heavy
                      : deal::complete(rng, melds(rng));  // agari-heavy
    case 5: return waits_op ? deal::tenpai(rng, 4) : deal::complete(rng, 4);
    case 6: {  // one tile off tenpai / agari
      Hand h = waits_op ? deal::tenpai(rng, 4) : deal::complete(rng, 4);
      deal::remove_random(rng, h);
      Hand extra = deal::from_wall(rng, 1);
      for (int k = 0; k < kind_count; ++k)
        if (extra.count(Tile(k)) && h.count(Tile(k)) < 4) h.add(Tile(k));
      return h.tiles % 3 == offset ? h : deal::from_wall(rng, 12 + offset);
    }
    default: return deal::single_suit(rng, suit(rng), 12 + offset);  // single suit
  }
}

void random_test(bool waits_op, bool discards_op, std::uint64_t seed, std::size_t n) {
  deal::Rng rng(seed);
  std::vector<Hand> hands;
  std::vector<bool> want_agari;
  std::vector<TileMask> want_waits;
  std::vector<TenpaiDiscards> want_discards;
  for (std::size_t done = 0; done < n;) {
    hands.clear(), want_agari.clear(), want_waits.clear(), want_discards.clear();
    for (std::size_t i = 0; i < chunk && done < n; ++i, ++done) {
      const Hand h = random_hand(rng, waits_op, done);
      hands.push_back(h);
      if (waits_op) want_waits.push_back(ref::waits(h));
      else if (discards_op) want_discards.push_back(ref::tenpai_discards(h));
      else want_agari.push_back(ref::is_agari(h));
    }
    if (waits_op) check_waits(hands, want_waits);
    else if (discards_op) check_discards(hands, want_discards);
    else check_agari(hands, want_agari);
  }
  MESSAGE(n, " random hands checked on every implementation");
}

}  // namespace

TEST_CASE("exhaustive: every single-suit and honour hand, agari and tenpai discards (3k+2)" *
          doctest::test_suite("exhaustive")) {
  for (int group : {0, 3}) exhaustive(group, false);
  CHECK(mismatches == 0);
}

TEST_CASE("exhaustive: every single-suit and honour hand, waits (3k+1)" * doctest::test_suite("exhaustive")) {
  for (int group : {0, 3}) exhaustive(group, true);
  CHECK(mismatches == 0);
}

TEST_CASE("random: is_agari" * doctest::test_suite("exhaustive")) {
  random_test(false, false, 1, test::random_hands());
  CHECK(mismatches == 0);
}

TEST_CASE("random: waits" * doctest::test_suite("exhaustive")) {
  random_test(true, false, 2, test::random_hands());
  CHECK(mismatches == 0);
}

TEST_CASE("random: tenpai_discards" * doctest::test_suite("exhaustive")) {
  random_test(false, true, 3, test::random_hands());
  CHECK(mismatches == 0);
}
