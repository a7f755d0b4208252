// `mjk census` checked against an independent count by generating
// functions: classify every single-group count vector with the reference,
// then combine the groups by their classes. Shares nothing with the census
// loop (which enumerates whole hands and asks the kernel).
#include <doctest/doctest.h>

#include <array>
#include <functional>
#include <map>
#include <tuple>
#include <vector>

#include "census.hpp"
#include "mjk/ref.hpp"
#include "support/count_vectors.hpp"

using namespace mjk;
using census::Counts;
using census::Kinds;

namespace {

// Everything about one group's counts that decides the hand's answers.
struct Class {
  int tiles = 0;
  bool melds = false;  // splits into melds only
  bool head = false;   // splits into a head and melds
  int head_waits = 0;  // 3k+1 tiles: kinds that make it head + melds
  int meld_waits = 0;  // 3k+2 tiles: kinds that make it melds only
  int pairs = -1;      // seven-pairs shape (counts 0/1/2, at most one 1): pairs; -1 otherwise
  int singles = 0;     // ... and singles (0 or 1)
  bool single_head_wait = false, single_meld_wait = false;  // the single is also such a wait
  bool orphans = false;  // thirteen orphans shape: every orphan of the group, nothing else, at most one twice
  auto key() const {
    return std::tie(tiles, melds, head, head_waits, meld_waits, pairs, singles, single_head_wait, single_meld_wait,
                    orphans);
  }
  friend bool operator<(const Class& a, const Class& b) { return a.key() < b.key(); }
};

using Classes = std::vector<std::pair<Class, std::uint64_t>>;  // class, how many count vectors

// Classes of every count vector of one group (first kind `base`, `n` kinds),
// with at most `max_tiles` tiles, using the reference on hands of that group
// alone (plus a pair from elsewhere when a group must be melds only).
Classes classify(int base, int n, int max_tiles, bool waits) {
  const Tile outside(base == 27 ? 0 : 33);
  std::map<Class, std::uint64_t> seen;
  test::each_count_vector(n, max_tiles, [&](const std::array<int, 9>& c, int sum) {
    Hand h;
    for (int k = 0; k < n; ++k) h.add(Tile(base + k), c[static_cast<std::size_t>(k)]);
    Class cl;
    cl.tiles = sum;
    Hand with_pair = h;
    with_pair.add(outside, 2);
    cl.melds = sum % 3 == 0 && (sum == 0 || (sum <= 12 && ref::is_standard_agari(with_pair)));
    cl.head = sum % 3 == 2 && ref::is_standard_agari(h);
    int ones = 0, others = 0, single = -1;
    for (int k = 0; k < n; ++k) {
      const int v = c[static_cast<std::size_t>(k)];
      ones += v == 1, others += v > 2;
      if (v == 1) single = base + k;
    }
    if (others == 0 && ones <= 1) cl.pairs = (sum - ones) / 2, cl.singles = ones;
    if (waits) {
      for (int k = 0; k < n; ++k) {
        if (c[static_cast<std::size_t>(k)] == 4) continue;  // no fifth copy
        const Tile x(base + k);
        if (sum % 3 == 1 && sum < 14) {
          Hand w = h;
          w.add(x);
          const bool ok = ref::is_standard_agari(w);
          cl.head_waits += ok;
          cl.single_head_wait = cl.single_head_wait || (ok && base + k == single);
        }
        if (sum % 3 == 2 && sum <= 11) {
          Hand w = with_pair;
          w.add(x);
          const bool ok = ref::is_standard_agari(w);
          cl.meld_waits += ok;
          cl.single_meld_wait = cl.single_meld_wait || (ok && base + k == single);
        }
      }
    }
    bool all = true, only = true;
    int twice = 0;
    for (int k = 0; k < n; ++k) {
      const bool orphan = base == 27 || k == 0 || k == 8;
      const int v = c[static_cast<std::size_t>(k)];
      all = all && (!orphan || v >= 1);
      only = only && (orphan || v == 0);
      twice += v == 2;
      only = only && v <= 2;
    }
    cl.orphans = all && only && twice <= 1;
    ++seen[cl];
  });
  return {seen.begin(), seen.end()};
}

// Combines the groups' classes: every choice of one class per group with
// `tiles` tiles in all, weighted by the product of their counts.
Counts combine(const std::vector<const Classes*>& groups, int tiles) {
  Counts out;
  std::vector<const Class*> pick(groups.size());
  std::function<void(std::size_t, int, std::uint64_t)> rec = [&](std::size_t g, int sum, std::uint64_t ways) {
    if (g < groups.size()) {
      for (const auto& [cl, n] : *groups[g]) {
        if (sum + cl.tiles > tiles) continue;
        pick[g] = &cl;
        rec(g + 1, sum + cl.tiles, ways * n);
      }
      return;
    }
    if (sum != tiles) return;
    out.hands += ways;
    const std::size_t G = groups.size();
    bool all_pairs = true, all_orphans = G == 4;
    int singles = 0;
    for (const Class* c : pick) {
      all_pairs = all_pairs && c->pairs >= 0;
      all_orphans = all_orphans && c->orphans;
      singles += c->singles;
    }
    if (tiles == 14) {
      int heads = 0, melds = 0;
      for (const Class* c : pick) heads += c->head, melds += c->melds;
      const bool standard = heads == 1 && melds + 1 == static_cast<int>(G);
      const bool chiitoi = all_pairs && singles == 0;
      out.standard += standard * ways;
      out.chiitoi += chiitoi * ways;
      out.both += (standard && chiitoi) * ways;
      out.kokushi += all_orphans * ways;
      out.total += (standard || chiitoi || all_orphans) * ways;
      return;
    }
    // 13 tiles: the residues say where the head and the wait can be.
    std::vector<std::size_t> r1, r2;
    bool rest_melds = true;
    for (std::size_t i = 0; i < G; ++i) {
      const int r = pick[i]->tiles % 3;
      if (r == 1) r1.push_back(i);
      if (r == 2) r2.push_back(i);
      if (r == 0) rest_melds = rest_melds && pick[i]->melds;
    }
    int standard_waits = 0;
    const bool chiitoi = all_pairs && singles == 1;
    bool overlap = false;  // the seven-pairs wait is also a standard wait
    if (rest_melds && r1.size() == 1 && r2.empty()) {
      const Class* w = pick[r1[0]];
      standard_waits = w->head_waits;
      overlap = chiitoi && w->singles == 1 && w->single_head_wait;
    } else if (rest_melds && r1.empty() && r2.size() == 2) {
      const Class *a = pick[r2[0]], *b = pick[r2[1]];
      if (b->head)
        standard_waits += a->meld_waits, overlap = overlap || (chiitoi && a->singles == 1 && a->single_meld_wait);
      if (a->head)
        standard_waits += b->meld_waits, overlap = overlap || (chiitoi && b->singles == 1 && b->single_meld_wait);
    }
    const int waits = standard_waits + (chiitoi ? 1 : 0) - (overlap ? 1 : 0);
    out.standard += (standard_waits > 0) * ways;
    out.chiitoi += chiitoi * ways;
    out.both += (standard_waits > 0 && chiitoi) * ways;
    out.total += (waits > 0) * ways;
    out.by_waits[static_cast<std::size_t>(waits)] += ways;
  };
  rec(0, 0, 1);
  out.by_waits[0] = 0;  // the census counts only hands with waits
  return out;
}

Counts generating_function(Kinds kinds, int tiles) {
  static const Classes suit14 = classify(0, 9, 14, false), honour14 = classify(27, 7, 14, false);
  static const Classes suit13 = classify(0, 9, 13, true), honour13 = classify(27, 7, 13, true);
  const Classes& suit = tiles == 14 ? suit14 : suit13;
  std::vector<const Classes*> groups(static_cast<std::size_t>(census::kind_count(kinds) / 9), &suit);  // the suits
  if (kinds == Kinds::all) groups.push_back(tiles == 14 ? &honour14 : &honour13);
  Counts c = combine(groups, tiles);
  if (kinds == Kinds::all && tiles == 13) {
    // Thirteen-orphans tenpai, counted directly: the thirteen orphans (13
    // waits), or twelve of them with one twice (13 missing x 12 doubled, one
    // wait each). No such hand is tenpai in another form.
    c.kokushi = 1 + 13 * 12;
    c.total += c.kokushi;
    c.by_waits[13] += 1;
    c.by_waits[1] += 13 * 12;
  }
  return c;
}

Counts brute_force(Kinds kinds, int tiles) {
  census::Options opt;
  opt.tiles = tiles;
  opt.kinds = kinds;
  const auto out = census::run(opt);
  REQUIRE_FALSE(out.partial);
  Counts c = out.counts;
  c.by_waits[0] = 0;
  return c;
}

void check_same(const Counts& gf, const Counts& census) {
  CHECK(gf.hands == census.hands);
  CHECK(gf.total == census.total);
  CHECK(gf.standard == census.standard);
  CHECK(gf.chiitoi == census.chiitoi);
  CHECK(gf.both == census.both);
  CHECK(gf.kokushi == census.kokushi);
  for (std::size_t n = 1; n < gf.by_waits.size(); ++n) {
    INFO(n, " waits");
    CHECK(gf.by_waits[n] == census.by_waits[n]);
  }
}

}  // namespace

TEST_CASE("census: one suit, known answers") {
  const Counts c14 = brute_force(Kinds::m, 14);
  CHECK(c14.hands == 118800);
  CHECK(c14.chiitoi == 36);  // 7 of the 9 kinds
  CHECK(c14.kokushi == 0);
  const Counts c13 = brute_force(Kinds::m, 13);
  CHECK(c13.hands == 93600);
  CHECK(c13.by_waits[9] == 1);  // only 1112345678999 waits on all nine
  CHECK(c13.by_waits[10] == 0);
}

TEST_CASE("census equals the generating-function count: m and mp, 14 and 13 tiles" *
          doctest::test_suite("exhaustive")) {
  for (Kinds k : {Kinds::m, Kinds::mp})
    for (int tiles : {14, 13}) {
      INFO("kinds ", std::string(census::name(k)), ", ", tiles, " tiles");
      check_same(generating_function(k, tiles), brute_force(k, tiles));
    }
}

TEST_CASE("generating functions reproduce the known figures for all 34 kinds") {
  const Counts c14 = generating_function(Kinds::all, 14);
  CHECK(c14.hands == 326520504500ull);
  CHECK(c14.total == 16873619);
  CHECK(c14.standard == 11498658);
  CHECK(c14.chiitoi == 5379616);
  CHECK(c14.both == 4668);
  CHECK(c14.kokushi == 13);
  CHECK(census::space_size(13, Kinds::all) == 98521596000ull);
  CHECK(census::space_size(14, Kinds::all) == 326520504500ull);
}

// The full brute-force 13-tile census (`mjk census --tiles 13 --kinds all`,
// 37 minutes here; a ctest with -DMJK_LONG_TESTS=ON) printed these counts;
// the generating functions must give the same.
TEST_CASE("generating functions equal the full 13-tile census of all 34 kinds") {
  const Counts c = generating_function(Kinds::all, 13);
  CHECK(c.hands == 98521596000ull);
  CHECK(c.total == 92371838);
  CHECK(c.standard == 54747045);
  CHECK(c.chiitoi == 37657312);
  CHECK(c.both == 32676);
  CHECK(c.kokushi == 157);
  const std::array<std::uint64_t, 14> by_waits = {0,   64152121, 25337340, 2549634, 271155, 56145, 4686,
                                                  471, 282,      3,        0,       0,      0,     1};
  for (std::size_t n = 1; n < by_waits.size(); ++n) {
    INFO(n, " waits");
    CHECK(c.by_waits[n] == by_waits[n]);
  }
}

TEST_CASE("census stops early when asked, and says so") {
  std::atomic<bool> stop{true};
  census::Options opt;
  opt.tiles = 14;
  opt.kinds = Kinds::mp;
  opt.stop = &stop;
  const auto out = census::run(opt);
  CHECK(out.partial);
  CHECK(out.counts.hands < census::space_size(14, Kinds::mp));
}
