// Shanten, necessary tiles and discard advice: every kernel implementation
// against the scalar reference, end to end through the registry's batch
// entry points, with four and with three players.
//
//   - exhaustive: every single-suit and honour hand of 1-14 tiles (3k+1 and
//     3k+2); with three players the suits are pin and sou, and man is every
//     combination of 1m and 9m;
//   - random: MJK_RANDOM_HANDS hands per operation (default 1,000,000):
//     wall-dealt, called melds, one suit, suit + honours, quads, near-tenpai,
//     tenpai/complete, both rules, without visible tiles, with one visible row
//     for the whole batch, and with a row per hand.
// Until the kernel has an operation, its test checks the reference alone
// (and says so).
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "helpers.hpp"
#include "mjk/implementation.hpp"
#include "mjk/ref.hpp"
#include "support/count_vectors.hpp"
#include "support/deal.hpp"
#include "support/shanten_ops.hpp"
#include "support/each_impl.hpp"

using namespace mjk;

namespace {

constexpr std::size_t chunk = 4096;

bool exists(int k, Players players) { return players == Players::four || k == 0 || k >= 8; }

// A batch of hands under one set of rules, with its visible tiles: none, one
// row for every hand, or a row per hand.
struct Batch {
  Players players = Players::four;
  std::vector<Hand> hands;
  std::vector<std::uint8_t> visible;

  [[nodiscard]] std::span<const std::uint8_t> row(std::size_t i) const {
    if (visible.empty()) return {};
    const std::size_t at = visible.size() == static_cast<std::size_t>(kind_count) ? 0 : i * kind_count;
    return std::span(visible).subspan(at, kind_count);
  }
  [[nodiscard]] BatchInput input() const { return BatchInput::of(hands, Options{players, visible}); }
};

int mismatches = 0;
bool kernel_missing = false;
std::size_t kernel_checked = 0;

// Swaps two suits in an answer: the rules treat the suits alike (with three
// players, pin and sou), so an answer for a hand in one suit, relabelled,
// answers the same hand in the other.
struct Swap {
  int a = 0, b = 0;  // suits; a == b: no change
  [[nodiscard]] int kind(int k) const {
    if (k / 9 == a && k < 27) return 9 * b + k % 9;
    if (k / 9 == b && k < 27) return 9 * a + k % 9;
    return k;
  }
  [[nodiscard]] TileMask operator()(TileMask m) const {
    TileMask out;
    for (const Tile t : m) out.insert(Tile(kind(t.kind())));
    return out;
  }
  [[nodiscard]] ShantenForms operator()(const ShantenForms& s) const { return s; }
  [[nodiscard]] Necessary operator()(Necessary n) const {
    n.tiles = (*this)(n.tiles);
    return n;
  }
  [[nodiscard]] Advice operator()(Advice x) const {  // one-group hands: the order within a suit is kept
    for (int i = 0; i < x.count; ++i) {
      auto& o = x.options[static_cast<std::size_t>(i)];
      o.discard = Tile(kind(o.discard.kind()));
      o.necessary = (*this)(o.necessary);
    }
    return x;
  }
};

// Every implementation's answers for the batch against `want`: its batch
// entry, then its single-hand entry hand by hand.
template <class T, class Run>
void compare_with(const char* op, const Batch& b, const std::vector<T>& want, Run run) {
  std::vector<Result<T>> got(b.hands.size());
  for (const auto& impl : implementations()) {
    if (!test::runs_here(impl)) continue;
    for (const bool single : {false, true}) {
      if (!run(impl, b.input(), got.data(), single)) {
        kernel_missing = true;
        return;
      }
      kernel_checked += b.hands.size();
      for (std::size_t i = 0; i < b.hands.size(); ++i) {
        if (got[i].ok() && got[i].value == want[i]) continue;
        if (++mismatches <= 10)
          FAIL_CHECK(std::string(op), " on ", std::string(impl.name), single ? "/single" : "",
                     std::string(b.players == Players::three ? " (three players)" : ""), ": hand ", to_mpsz(b.hands[i]),
                     std::string(b.visible.empty() ? "" : " with visible tiles"), " expected ", test::text(want[i]),
                     " got ", test::text(got[i]));
        else CHECK(false);
      }
    }
  }
}

// The reference's answers for the batch, or `base`'s relabelled by `swap`.
template <class T, class Ref>
std::vector<T> answers(const Batch& b, Ref ref, const std::vector<T>* base, Swap swap) {
  std::vector<T> want(b.hands.size());
  for (std::size_t i = 0; i < b.hands.size(); ++i)
    want[i] = base ? swap((*base)[i]) : ref(b.hands[i], b.players, b.row(i));
  return want;
}

const auto ref_shanten = [](const Hand& h, Players p, auto) { return ref::shanten_forms(h, p); };
const auto ref_necessary = [](const Hand& h, Players p, auto v) { return ref::necessary_tiles(h, p, v); };
const auto ref_advice = [](const Hand& h, Players p, auto v) { return ref::advice(h, p, v); };
const auto run_shanten = [](const auto& impl, const BatchInput& in, Result<ShantenForms>* out, bool single) {
  return test::run_shanten(impl, in, out, single);
};
const auto run_necessary = [](const auto& impl, const BatchInput& in, Result<Necessary>* out, bool single) {
  return test::run_necessary(impl, in, out, single);
};
const auto run_advice = [](const auto& impl, const BatchInput& in, Result<Advice>* out, bool single) {
  return test::run_advice(impl, in, out, single);
};

void check_shanten(const Batch& b) {
  compare_with("shanten", b, answers<ShantenForms>(b, ref_shanten, nullptr, {}), run_shanten);
}
void check_necessary(const Batch& b) {
  compare_with("necessary_tiles", b, answers<Necessary>(b, ref_necessary, nullptr, {}), run_necessary);
}
void check_advice(const Batch& b) {
  compare_with("advice", b, answers<Advice>(b, ref_advice, nullptr, {}), run_advice);
}

void finish(std::size_t hands) {
  if (kernel_missing) MESSAGE("the kernel lacks this operation: ", hands, " hands through the reference only");
  else MESSAGE(hands, " hands checked; ", kernel_checked, " kernel answers compared");
  CHECK(mismatches == 0);
  kernel_checked = 0;
  kernel_missing = false;
}

// ---- exhaustive ----------------------------------------------------------

// Every hand of `residue` (1: 3k+1, 2: 3k+2) tiles within one group. The
// reference answers each suit vector once (in its first suit); the other
// suits get its answers relabelled.
void exhaustive(Players players, int residue) {
  const std::vector<int> suits = players == Players::four ? std::vector<int>{0, 1, 2} : std::vector<int>{1, 2};
  struct Group {
    std::vector<int> kinds;
    std::vector<int> suits;  // placements: the suits the kinds are shifted to (empty: as they are)
  };
  std::vector<int> first_suit;
  for (int i = 0; i < 9; ++i) first_suit.push_back(9 * suits[0] + i);
  std::vector<Group> groups = {{first_suit, suits}, {{27, 28, 29, 30, 31, 32, 33}, {}}};
  if (players == Players::three) groups.push_back({{0, 8}, {}});  // 1m and 9m

  std::size_t total = 0;
  for (const auto& g : groups) {
    const std::size_t placements = std::max<std::size_t>(1, g.suits.size());
    std::vector<Batch> batches(placements);
    for (auto& b : batches) b.players = players;
    auto flush = [&] {
      std::vector<ShantenForms> shanten;
      std::vector<Necessary> necessary;
      std::vector<Advice> advice;
      for (std::size_t p = 0; p < placements; ++p) {
        const Batch& b = batches[p];
        const Swap swap{g.suits.empty() ? 0 : g.suits[0], g.suits.empty() ? 0 : g.suits[p]};
        const bool base = p == 0;
        if (base) shanten = answers<ShantenForms>(b, ref_shanten, nullptr, {});
        compare_with("shanten", b, base ? shanten : answers<ShantenForms>(b, ref_shanten, &shanten, swap), run_shanten);
        if (residue == 1) {
          if (base) necessary = answers<Necessary>(b, ref_necessary, nullptr, {});
          compare_with("necessary_tiles", b, base ? necessary : answers<Necessary>(b, ref_necessary, &necessary, swap),
                       run_necessary);
        } else {
          if (base) advice = answers<Advice>(b, ref_advice, nullptr, {});
          compare_with("advice", b, base ? advice : answers<Advice>(b, ref_advice, &advice, swap), run_advice);
        }
        total += b.hands.size();
        // The relabelling itself, against the reference on every 97th hand.
        for (std::size_t i = 0; !base && i < b.hands.size(); i += 97) {
          const Hand& h = b.hands[i];
          CHECK(swap(shanten[i]) == ref::shanten_forms(h, players));
          if (residue == 1) CHECK(swap(necessary[i]) == ref::necessary_tiles(h, players));
          else CHECK(swap(advice[i]) == ref::advice(h, players));
        }
      }
      for (auto& b : batches) b.hands.clear();
    };
    test::each_count_vector(static_cast<int>(g.kinds.size()), 14, [&](const std::array<int, 9>& c, int tiles) {
      if (tiles % 3 != residue) return;
      for (std::size_t p = 0; p < placements; ++p) {
        const int shift = g.suits.empty() ? 0 : 9 * (g.suits[p] - g.suits[0]);
        Hand h;
        for (std::size_t i = 0; i < g.kinds.size(); ++i) h.add(Tile(g.kinds[i] + shift), c[i]);
        batches[p].hands.push_back(h);
      }
      if (batches[0].hands.size() == chunk) flush();
    });
    flush();
  }
  finish(total);
}

// ---- random --------------------------------------------------------------

class Dealer {
 public:
  explicit Dealer(std::uint64_t seed) : rng_(seed) {}

  int uniform(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }

  // Adds n tiles to `h` drawn from the copies of `kinds` (a 34-bit mask) that are left.
  void draw(Hand& h, std::uint64_t kinds, int n) {
    wall_.clear();
    for (int k = 0; k < kind_count; ++k)
      if ((kinds >> k) & 1)
        for (int c = h.count(Tile(k)); c < 4; ++c) wall_.push_back(static_cast<std::uint8_t>(k));
    n = std::min<int>(n, static_cast<int>(wall_.size()));
    for (int i = 0; i < n; ++i) {
      std::swap(wall_[static_cast<std::size_t>(i)],
                wall_[static_cast<std::size_t>(uniform(i, static_cast<int>(wall_.size()) - 1))]);
      h.add(Tile(wall_[static_cast<std::size_t>(i)]));
    }
  }

  // A hand of 3m+residue tiles of the kind `variety` names, under the rules.
  Hand hand(int variety, int residue, Players players) {
    const std::uint64_t all =
        players == Players::four ? (std::uint64_t{1} << 34) - 1 : ((std::uint64_t{1} << 34) - 1) & ~std::uint64_t{0xFE};
    const int closed = 12 + residue;
    Hand h;
    switch (variety) {
      case 0:
      case 1: draw(h, all, closed); return h;                       // closed, from the wall
      case 2: draw(h, all, 3 * uniform(0, 4) + residue); return h;  // called melds
      case 3: {                                                     // one suit (or the honours)
        const int s = players == Players::four ? uniform(0, 3) : uniform(1, 3);
        draw(h, suit_mask(s), closed);
        return h;
      }
      case 4: {  // one suit and honours
        const int s = players == Players::four ? uniform(0, 2) : uniform(1, 2);
        draw(h, suit_mask(s) | suit_mask(3), 3 * uniform(2, 4) + residue);
        return h;
      }
      case 5: {  // one or two quads
        const int quads = uniform(1, 2), n = 3 * uniform(2, 4) + residue;
        for (int q = 0; q < quads && h.tiles + 4 <= n; ++q) {
          int k = uniform(0, kind_count - 1);
          while (!exists(k, players) || h.count(Tile(k))) k = uniform(0, kind_count - 1);
          h.add(Tile(k), 4);
        }
        draw(h, all, n - h.tiles);
        return h;
      }
      case 6:    // one tile off tenpai / complete
      case 7: {  // tenpai / complete
        const int melds = variety == 6 ? 4 : uniform(0, 4);
        for (int tries = 0; tries < 50; ++tries) {
          h = residue == 1 ? deal::tenpai(rng_, melds) : deal::complete(rng_, melds);
          if (variety == 6) {
            deal::remove_random(rng_, h);
            draw(h, all, 1);
          }
          if (legal(h, players)) return h;
        }
        h = Hand{};
        draw(h, all, closed);
        return h;
      }
      default: return h;
    }
  }

  // Tiles seen elsewhere: up to 24 of the copies the hand leaves.
  void visible_row(const Hand& h, Players players, std::uint8_t* row) {
    Hand seen = h;
    const std::uint64_t all =
        players == Players::four ? (std::uint64_t{1} << 34) - 1 : ((std::uint64_t{1} << 34) - 1) & ~std::uint64_t{0xFE};
    draw(seen, all, uniform(0, 24));
    for (int k = 0; k < kind_count; ++k) row[k] = static_cast<std::uint8_t>(seen.count(Tile(k)) - h.count(Tile(k)));
  }

  // One row for every hand of the batch: at most what each of them leaves,
  // and none of the kinds the rules do not have (2m-8m with three players).
  void shared_row(const std::vector<Hand>& hands, Players players, std::uint8_t* row) {
    for (int k = 0; k < kind_count; ++k) {
      int room = exists(k, players) ? 4 : 0;
      for (const Hand& h : hands) room = std::min(room, 4 - h.count(Tile(k)));
      row[k] = static_cast<std::uint8_t>(uniform(0, std::max(0, room)));
    }
  }

 private:
  static std::uint64_t suit_mask(int s) { return s == 3 ? std::uint64_t{0x7F} << 27 : std::uint64_t{0x1FF} << (9 * s); }
  static bool legal(const Hand& h, Players players) {
    for (int k = 0; k < kind_count; ++k)
      if (h.count(Tile(k)) > 4 || (h.count(Tile(k)) && !exists(k, players))) return false;
    return true;
  }

  deal::Rng rng_;
  std::vector<std::uint8_t> wall_;
};

// n random hands through `check`, `residue` 1 or 2 (0: both, in turn).
template <class Check>
void random_test(std::uint64_t seed, int residue, std::size_t n, Check check) {
  Dealer dealer(seed);
  Batch b;
  for (std::size_t done = 0, batch = 0; done < n; ++batch) {
    b.players = batch % 2 ? Players::three : Players::four;
    b.hands.clear();
    b.visible.clear();
    for (std::size_t i = 0; i < chunk && done < n; ++i, ++done) {
      const int r = residue ? residue : 1 + static_cast<int>((i / 8) % 2);
      b.hands.push_back(dealer.hand(static_cast<int>(i % 8), r, b.players));
    }
    switch (batch % 3) {
      case 0: break;  // no visible tiles
      case 1:
        b.visible.resize(kind_count * b.hands.size());
        for (std::size_t i = 0; i < b.hands.size(); ++i)
          dealer.visible_row(b.hands[i], b.players, &b.visible[i * kind_count]);
        break;
      default: b.visible.resize(kind_count); dealer.shared_row(b.hands, b.players, b.visible.data());
    }
    check(b);
  }
  finish(n);
}

}  // namespace

TEST_CASE("shanten exhaustive: every single-suit and honour hand, 3k+1, four players" *
          doctest::test_suite("exhaustive")) {
  exhaustive(Players::four, 1);
}
TEST_CASE("shanten exhaustive: every single-suit and honour hand, 3k+2, four players" *
          doctest::test_suite("exhaustive")) {
  exhaustive(Players::four, 2);
}
TEST_CASE("shanten exhaustive: every single-suit, 1m/9m and honour hand, 3k+1, three players" *
          doctest::test_suite("exhaustive")) {
  exhaustive(Players::three, 1);
}
TEST_CASE("shanten exhaustive: every single-suit, 1m/9m and honour hand, 3k+2, three players" *
          doctest::test_suite("exhaustive")) {
  exhaustive(Players::three, 2);
}

TEST_CASE("shanten random: shanten" * doctest::test_suite("exhaustive")) {
  random_test(101, 0, test::random_hands(), check_shanten);
}
TEST_CASE("shanten random: necessary tiles" * doctest::test_suite("exhaustive")) {
  random_test(102, 1, test::random_hands(), check_necessary);
}
TEST_CASE("shanten random: advice" * doctest::test_suite("exhaustive")) {
  random_test(103, 2, test::random_hands(), check_advice);
}

// The reference's fast paths (memoised group costs, one kind changed at a
// time) against its own definitions spelled out from scratch.
TEST_CASE("shanten reference: necessary tiles and advice by their definitions") {
  Dealer dealer(104);
  int wrong = 0;
  for (int i = 0; i < 20000; ++i) {
    const Players players = i % 2 ? Players::three : Players::four;
    const Hand h = dealer.hand(i % 8, 1 + (i / 8) % 2, players);
    std::array<std::uint8_t, kind_count> seen{};
    dealer.visible_row(h, players, seen.data());
    const int best = ref::shanten_forms(h, players).best;
    if (h.tiles % 3 == 1) {
      Necessary want;
      want.shanten = static_cast<std::int8_t>(best);
      int ukeire = 0;
      for (int k = 0; k < kind_count; ++k) {
        if (!exists(k, players) || h.count(Tile(k)) == 4) continue;
        Hand more = h;
        more.add(Tile(k));
        if (ref::shanten_forms(more, players).best >= best) continue;
        want.tiles.insert(Tile(k));
        ukeire += 4 - h.count(Tile(k)) - seen[static_cast<std::size_t>(k)];
      }
      want.ukeire = static_cast<std::uint8_t>(ukeire);
      const Necessary got = ref::necessary_tiles(h, players, seen);
      if (!(got == want) && ++wrong <= 5) FAIL_CHECK(to_mpsz(h), ": ", test::text(want), " but ", test::text(got));
    } else {
      const Advice got = ref::advice(h, players, seen);
      int kinds = 0;
      for (int d = 0; d < kind_count; ++d) {
        if (!h.count(Tile(d))) continue;
        ++kinds;
        Hand after = h;
        after.remove(Tile(d));
        Necessary n = ref::necessary_tiles(after, players, seen);
        int ukeire = 0;
        for (const Tile t : n.tiles) ukeire += 4 - h.count(t) - seen[static_cast<std::size_t>(t.kind())];
        n.ukeire = static_cast<std::uint8_t>(ukeire);
        const auto* o = std::find_if(got.options.begin(), got.options.begin() + got.count,
                                     [d](const DiscardOption& x) { return x.discard == Tile(d); });
        const bool same = o != got.options.begin() + got.count && o->shanten == n.shanten && o->ukeire == n.ukeire &&
                          o->necessary == n.tiles;
        if (!same && ++wrong <= 5) FAIL_CHECK(to_mpsz(h), " discarding ", tile_name(Tile(d)), ": want ", test::text(n));
      }
      CHECK(got.count == kinds);
      for (int j = 1; j < got.count; ++j) {
        const auto& x = got.options[static_cast<std::size_t>(j - 1)];
        const auto& y = got.options[static_cast<std::size_t>(j)];
        CHECK((x.shanten < y.shanten ||
               (x.shanten == y.shanten && (x.ukeire > y.ukeire || (x.ukeire == y.ukeire && x.discard < y.discard)))));
      }
    }
  }
  CHECK(wrong == 0);
}

namespace {

// The reference's group search checked against the most literal one: every
// multiset of at most four melds in a group, every head, the draws each
// needs; then every split of the melds and the head over the groups.
struct Costs {
  int cost[5][2];
};
void multisets(const std::vector<int>& have, bool sequences, std::vector<int>& target, int from, int melds, int drawn,
               Costs& best) {
  const auto n = have.size();
  best.cost[melds][0] = std::min(best.cost[melds][0], drawn);
  for (std::size_t k = 0; k < n; ++k)
    if (target[k] + 2 <= 4)
      best.cost[melds][1] = std::min(best.cost[melds][1],
                                     drawn + std::max(0, target[k] + 2 - have[k]) - std::max(0, target[k] - have[k]));
  if (melds == 4) return;
  const int types = static_cast<int>(n) + (sequences ? 7 : 0);
  for (int type = from; type < types; ++type) {
    std::vector<std::size_t> kinds;
    if (type < static_cast<int>(n))
      kinds = {static_cast<std::size_t>(type), static_cast<std::size_t>(type), static_cast<std::size_t>(type)};
    else
      for (int i = 0; i < 3; ++i) kinds.push_back(static_cast<std::size_t>(type - static_cast<int>(n) + i));
    int add = 0;
    bool fits = true;
    for (auto k : kinds) {
      add += std::max(0, target[k] + 1 - have[k]) - std::max(0, target[k] - have[k]);
      ++target[k];
      fits = fits && target[k] <= 4;
    }
    if (fits) multisets(have, sequences, target, type, melds + 1, drawn + add, best);
    for (auto k : kinds) --target[k];
  }
}
int literal_standard_replacements(const Hand& h, Players players) {
  std::vector<std::vector<int>> groups = {{}, {}, {}, {}};
  for (int s = 0; s < 3; ++s)
    for (int i = 0; i < 9; ++i)
      if (players == Players::four || s > 0 || i == 0 || i == 8)
        groups[static_cast<std::size_t>(s)].push_back(h.count(Tile(9 * s + i)));
  for (int k = 27; k < 34; ++k) groups[3].push_back(h.count(Tile(k)));
  Costs g[4];
  for (int i = 0; i < 4; ++i) {
    for (auto& row : g[i].cost) row[0] = row[1] = 99;
    std::vector<int> target(groups[static_cast<std::size_t>(i)].size());
    const bool sequences = i < 3 && groups[static_cast<std::size_t>(i)].size() == 9;
    multisets(groups[static_cast<std::size_t>(i)], sequences, target, 0, 0, 0, g[i]);
  }
  const int melds = h.tiles / 3;
  int best = 99;
  for (int head = 0; head < 4; ++head)
    for (int m0 = 0; m0 <= melds; ++m0)
      for (int m1 = 0; m0 + m1 <= melds; ++m1)
        for (int m2 = 0; m0 + m1 + m2 <= melds; ++m2) {
          const int m[4] = {m0, m1, m2, melds - m0 - m1 - m2};
          int sum = 0;
          for (int i = 0; i < 4; ++i) sum += g[i].cost[m[i]][i == head ? 1 : 0];
          best = std::min(best, sum);
        }
  return best;
}

}  // namespace

TEST_CASE("shanten reference: group search against every meld multiset" * doctest::test_suite("exhaustive")) {
  Dealer dealer(105);
  int wrong = 0;
  for (int i = 0; i < 1500; ++i) {
    const Players players = i % 2 ? Players::three : Players::four;
    const Hand h = dealer.hand(i % 8, 1 + (i / 8) % 2, players);
    const int want = literal_standard_replacements(h, players) - 1;
    const int got = ref::shanten_forms(h, players).standard;
    if (want != got && ++wrong <= 5) FAIL_CHECK(to_mpsz(h), ": every multiset gives ", want, ", the reference ", got);
  }
  CHECK(wrong == 0);
}
