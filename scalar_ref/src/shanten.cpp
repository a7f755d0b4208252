// The scalar reference's shanten, necessary tiles and discard advice.
//
// Plain definitions, made fast enough to check the kernel on millions of
// hands by memoisation only:
//   - a group (one suit, the honours, or three-player man = 1m/9m) costs
//     cost[m][h] draws to hold m melds and h heads: found by trying every
//     multiset of at most four melds (brute force), remembered per group
//     count vector in a lazily filled, thread-safe table;
//   - the standard form takes the cheapest split of the melds and the head
//     over the four groups (min-plus);
//   - seven pairs and thirteen orphans are counted directly;
//   - necessary tiles try every drawable kind, advice every held kind.
// Nothing here is shared with the kernel (DESIGN.md "Semantics").
#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <memory>

#include "mjk/ref.hpp"

namespace mjk::ref {
namespace {

using Counts = std::array<int, kind_count>;
constexpr int inf = 99;  // an impossible target

Counts counts_of(const Hand& hand) {
  Counts c{};
  for (int k = 0; k < kind_count; ++k) c[static_cast<std::size_t>(k)] = hand.count(Tile(k));
  return c;
}

bool is_orphan(int k) { return k >= 27 || k % 9 == 0 || k % 9 == 8; }

// 2m-8m do not exist with three players.
bool exists(int k, Players players) { return players == Players::four || k == 0 || k >= 8; }

// ---- one group ---------------------------------------------------------

// A group's kinds, in order, and whether they make sequences: a suit (nine
// kinds), the honours (seven), three-player man (1m and 9m).
struct GroupShape {
  int n = 0;
  bool sequences = false;
};
constexpr GroupShape suit_shape{9, true}, honour_shape{7, false}, three_player_man_shape{2, false};

// Fewest draws for the group to hold m melds (0..4) and h heads (0..1).
struct GroupCosts {
  std::array<std::array<int, 2>, 5> cost;
};

// Tries every multiset of at most four melds and at most one head (never
// more than four of a kind), counting the draws it needs beyond `have`.
// The search builds the multiset kind by kind, lowest first: at each kind it
// chooses the triplets (0 or 1), the head (0 or 1) and the sequences (suits
// only) that start there. Two partial choices that agree on the melds and
// head so far and on the sequences running into the next two kinds have the
// same futures, so only the cheaper is kept: best[b][c][m][h] below.
GroupCosts brute_force(const GroupShape& shape, const std::array<int, 9>& have) {
  // [sequences started at the previous kind][started at this kind][melds][heads]
  using Table = std::array<std::array<std::array<std::array<int, 2>, 5>, 5>, 5>;
  Table best;
  for (auto& x : best)
    for (auto& y : x)
      for (auto& z : y) z = {inf, inf};
  best[0][0][0][0] = 0;  // before the first kind: nothing chosen
  for (int i = 0; i < shape.n; ++i) {
    Table next;
    for (auto& x : next)
      for (auto& y : x)
        for (auto& z : y) z = {inf, inf};
    const bool can_start = shape.sequences && i + 2 < shape.n;
    for (int a = 0; a < 5; ++a)    // sequences started two kinds back: they end here
      for (int b = 0; b < 5; ++b)  // started one kind back: they cover this kind and the next
        for (int m = 0; m < 5; ++m)
          for (int h = 0; h < 2; ++h) {
            const int so_far = best[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)]
                                   [static_cast<std::size_t>(m)][static_cast<std::size_t>(h)];
            if (so_far >= inf) continue;
            for (int t = 0; t < 2; ++t)
              for (int head = 0; head + h < 2; ++head)
                for (int seq = 0; seq <= (can_start ? 4 : 0); ++seq) {
                  const int melds = m + t + seq;
                  const int target = 3 * t + 2 * head + a + b + seq;  // copies of kind i the choice uses
                  if (melds > 4 || target > 4) continue;
                  const int cost = so_far + std::max(0, target - have[static_cast<std::size_t>(i)]);
                  int& cell = next[static_cast<std::size_t>(b)][static_cast<std::size_t>(seq)]
                                  [static_cast<std::size_t>(melds)][static_cast<std::size_t>(h + head)];
                  cell = std::min(cell, cost);
                }
          }
    best = next;
  }
  GroupCosts out;
  for (std::size_t m = 0; m < 5; ++m) out.cost[m] = best[0][0][m];  // no sequence runs past the last kind
  return out;
}

// The brute force remembered per count vector, keyed by the counts as a
// base-5 number (the group's first kind lowest). A cell holds the ten costs
// as 4-bit fields (15 = impossible; a group never needs more than 14 draws)
// and bit 63 once filled. Threads filling the same cell write the same
// value, so relaxed atomics suffice.
class GroupTable {
 public:
  explicit GroupTable(GroupShape shape) : shape_(shape) {
    std::size_t size = 1;
    for (int i = 0; i < shape.n; ++i) size *= 5;
    cells_ = std::make_unique<std::atomic<std::uint64_t>[]>(size);  // zero: nothing filled
  }

  [[nodiscard]] GroupCosts costs(std::size_t key) const {
    std::uint64_t cell = cells_[key].load(std::memory_order_relaxed);
    if (cell == 0) {
      std::array<int, 9> have{};
      for (std::size_t i = 0, rest = key; i < static_cast<std::size_t>(shape_.n); ++i, rest /= 5)
        have[i] = static_cast<int>(rest % 5);
      cell = pack(brute_force(shape_, have));
      cells_[key].store(cell, std::memory_order_relaxed);
    }
    return unpack(cell);
  }

 private:
  static std::uint64_t pack(const GroupCosts& g) {
    std::uint64_t cell = std::uint64_t{1} << 63;
    for (std::size_t m = 0; m < 5; ++m)
      for (std::size_t h = 0; h < 2; ++h)
        cell |= static_cast<std::uint64_t>(std::min(15, g.cost[m][h])) << (4 * (2 * m + h));
    return cell;
  }
  static GroupCosts unpack(std::uint64_t cell) {
    GroupCosts g;
    for (std::size_t m = 0; m < 5; ++m)
      for (std::size_t h = 0; h < 2; ++h) {
        const int v = static_cast<int>((cell >> (4 * (2 * m + h))) & 15);
        g.cost[m][h] = v == 15 ? inf : v;
      }
    return g;
  }

  GroupShape shape_;
  std::unique_ptr<std::atomic<std::uint64_t>[]> cells_;
};

// Group g: 0..2 the suits m, p, s; 3 the honours.
const GroupTable& table_of(int g, Players players) {
  static const GroupTable suits(suit_shape), honours(honour_shape), three_player_man(three_player_man_shape);
  if (g == 3) return honours;
  return g == 0 && players == Players::three ? three_player_man : suits;
}

// Where kind k counts in its group's key: the group and the place value.
struct Place {
  int group = 0;
  std::size_t weight = 0;
};
constexpr Place compute_place(int k, Players players) {
  constexpr std::size_t pow5[9] = {1, 5, 25, 125, 625, 3125, 15625, 78125, 390625};
  if (k >= 27) return {3, pow5[k - 27]};
  if (k < 9 && players == Players::three) return {0, k == 0 ? pow5[0] : pow5[1]};  // 1m, 9m
  return {k / 9, pow5[k % 9]};
}
template <Players players>
constexpr std::array<Place, kind_count> places = [] {
  std::array<Place, kind_count> out{};
  for (int k = 0; k < kind_count; ++k) out[static_cast<std::size_t>(k)] = compute_place(k, players);
  return out;
}();
Place place_of(int k, Players players) {
  return (players == Players::three ? places<Players::three> : places<Players::four>)[static_cast<std::size_t>(k)];
}

// ---- combining groups --------------------------------------------------

// Min-plus: the cheapest way for two groups together to hold m melds, h heads.
GroupCosts combine(const GroupCosts& a, const GroupCosts& b) {
  GroupCosts r;
  for (auto& row : r.cost) row = {inf, inf};
  for (std::size_t m1 = 0; m1 < 5; ++m1)
    for (std::size_t h1 = 0; h1 < 2; ++h1)
      for (std::size_t m2 = 0; m1 + m2 < 5; ++m2)
        for (std::size_t h2 = 0; h1 + h2 < 2; ++h2) {
          int& cell = r.cost[m1 + m2][h1 + h2];
          cell = std::min(cell, a.cost[m1][h1] + b.cost[m2][h2]);
        }
  return r;
}

// Cheapest `melds` melds and one head from a group and the rest of the hand.
int with_rest(const GroupCosts& group, const GroupCosts& rest, int melds) {
  int best = inf;
  for (int m = 0; m <= melds; ++m)
    for (std::size_t h = 0; h < 2; ++h)
      best = std::min(
          best, group.cost[static_cast<std::size_t>(m)][h] + rest.cost[static_cast<std::size_t>(melds - m)][1 - h]);
  return best;
}

// What seven pairs and thirteen orphans need to know of the counts; a kind's
// contribution depends on its count only, so a change of one kind is cheap.
struct Tally {
  int pairs = 0;         // kinds held twice or more
  int singles = 0;       // kinds held once
  int orphan_kinds = 0;  // of the 13 terminals and honours, kinds held
  int orphan_pairs = 0;  // of them, kinds held twice or more

  void add(int k, int count, int sign) {
    pairs += sign * (count >= 2);
    singles += sign * (count == 1);
    if (is_orphan(k)) {
      orphan_kinds += sign * (count >= 1);
      orphan_pairs += sign * (count >= 2);
    }
  }
};

// Seven distinct kinds, two of each: a held pair costs nothing, a kind held
// once one draw, any other kind two (there are always enough of those).
int chiitoi_replacements(const Tally& t) {
  const int pairs = std::min(t.pairs, 7);
  const int singles = std::min(t.singles, 7 - pairs);
  return singles + 2 * (7 - pairs - singles);
}

// One of each of the 13 terminals and honours, and a second of one of them.
int kokushi_replacements(const Tally& t) { return 13 - t.orphan_kinds + (t.orphan_pairs > 0 ? 0 : 1); }

ShantenForms forms_of(int standard_replacements, const Tally& t, int tiles) {
  ShantenForms s;
  s.standard = static_cast<std::int8_t>(standard_replacements - 1);
  s.best = s.standard;
  if (tiles == 13 || tiles == 14) {
    s.chiitoi = static_cast<std::int8_t>(chiitoi_replacements(t) - 1);
    s.kokushi = static_cast<std::int8_t>(kokushi_replacements(t) - 1);
    s.best = std::min({s.standard, s.chiitoi, s.kokushi});
  }
  return s;
}

// A hand under analysis: its counts, each group's key and costs, and for
// each group the other three combined, so that the shanten of the hand with
// one kind changed needs one group's costs and one min-plus step.
struct Position {
  Counts c{};
  Players players = Players::four;
  int tiles = 0;
  Tally tally;
  std::array<std::size_t, 4> key{};
  std::array<GroupCosts, 4> group;
  std::array<GroupCosts, 4> rest;

  Position(const Counts& counts, Players rules) : c(counts), players(rules) {
    for (int k = 0; k < kind_count; ++k) {
      if (!exists(k, players)) continue;  // a three-player hand never holds them
      const int n = c[static_cast<std::size_t>(k)];
      tiles += n;
      tally.add(k, n, +1);
      const Place p = place_of(k, players);
      key[static_cast<std::size_t>(p.group)] += static_cast<std::size_t>(n) * p.weight;
    }
    for (int g = 0; g < 4; ++g)
      group[static_cast<std::size_t>(g)] = table_of(g, players).costs(key[static_cast<std::size_t>(g)]);
    combine_rest();
  }

  // This position with one copy of kind d taken out.
  Position without(int d) const {
    Position p = *this;
    const auto di = static_cast<std::size_t>(d);
    p.tally.add(d, p.c[di], -1);
    --p.c[di];
    p.tally.add(d, p.c[di], +1);
    --p.tiles;
    const Place place = place_of(d, players);
    const auto g = static_cast<std::size_t>(place.group);
    p.key[g] -= place.weight;
    p.group[g] = table_of(place.group, players).costs(p.key[g]);
    p.combine_rest();
    return p;
  }

  void combine_rest() {
    const GroupCosts g01 = combine(group[0], group[1]), g23 = combine(group[2], group[3]);
    rest[0] = combine(group[1], g23);
    rest[1] = combine(group[0], g23);
    rest[2] = combine(g01, group[3]);
    rest[3] = combine(g01, group[2]);
  }

  [[nodiscard]] ShantenForms shanten() const { return forms_of(with_rest(group[0], rest[0], tiles / 3), tally, tiles); }

  // The costs of kind k's group with one more copy of k.
  [[nodiscard]] GroupCosts group_with(int k) const {
    const Place p = place_of(k, players);
    return table_of(p.group, players).costs(key[static_cast<std::size_t>(p.group)] + p.weight);
  }

  // The shanten with one more copy of kind k, whose group then costs `changed`.
  [[nodiscard]] ShantenForms shanten_with(int k, const GroupCosts& changed) const {
    const auto ki = static_cast<std::size_t>(k);
    Tally t = tally;
    t.add(k, c[ki], -1);
    t.add(k, c[ki] + 1, +1);
    const int more = tiles + 1;
    return forms_of(with_rest(changed, rest[static_cast<std::size_t>(place_of(k, players).group)], more / 3), t, more);
  }

  // Necessary tiles; ukeire counts copies outside `outside` and `visible`.
  // group_with(k) gives kind k's group costs with one more k.
  template <class GroupWith>
  [[nodiscard]] Necessary necessary(const Counts& outside, std::span<const std::uint8_t> visible,
                                    GroupWith group_with_more) const {
    Necessary n;
    n.shanten = shanten().best;
    int ukeire = 0;
    for (int k = 0; k < kind_count; ++k) {
      const auto ki = static_cast<std::size_t>(k);
      if (!exists(k, players) || c[ki] >= 4) continue;  // no such tile, or no fifth copy
      if (shanten_with(k, group_with_more(k)).best >= n.shanten) continue;
      n.tiles.insert(Tile(k));
      ukeire += std::max(0, 4 - outside[ki] - (visible.empty() ? 0 : visible[ki]));
    }
    n.ukeire = static_cast<std::uint8_t>(ukeire);
    return n;
  }
};

std::span<const std::uint8_t> row_of(std::span<const std::uint8_t> visible) {
  return visible.size() >= static_cast<std::size_t>(kind_count) ? visible.first(kind_count)
                                                                : std::span<const std::uint8_t>{};
}

}  // namespace

ShantenForms shanten_forms(const Hand& hand, Players players) { return Position(counts_of(hand), players).shanten(); }

int Shanten::best() const noexcept {
  int b = standard;
  if (chiitoi) b = std::min(b, *chiitoi);
  if (kokushi) b = std::min(b, *kokushi);
  return b;
}

Shanten shanten(const Hand& hand, Players players) {
  const ShantenForms f = shanten_forms(hand, players);
  Shanten s;
  s.standard = f.standard;
  if (f.chiitoi != ShantenForms::not_applicable) s.chiitoi = f.chiitoi;
  if (f.kokushi != ShantenForms::not_applicable) s.kokushi = f.kokushi;
  return s;
}

Necessary necessary_tiles(const Hand& hand, Players players, std::span<const std::uint8_t> visible) {
  const Position p(counts_of(hand), players);
  return p.necessary(p.c, row_of(visible), [&p](int k) { return p.group_with(k); });
}

Advice advice(const Hand& hand, Players players, std::span<const std::uint8_t> visible) {
  const Position whole(counts_of(hand), players);
  // A draw outside the discard's group meets that group as the whole hand has it.
  std::array<GroupCosts, kind_count> more{};
  std::array<bool, kind_count> known{};
  Advice a;
  for (int d = 0; d < kind_count; ++d) {
    if (whole.c[static_cast<std::size_t>(d)] == 0 || !exists(d, players)) continue;
    if (a.count == a.options.size()) break;  // more than 14 tiles: outside the preconditions
    const Position after = whole.without(d);
    const int discard_group = place_of(d, players).group;
    const Necessary n = after.necessary(whole.c, row_of(visible), [&](int k) {  // the discard is not in the wall
      if (place_of(k, players).group == discard_group) return after.group_with(k);
      const auto ki = static_cast<std::size_t>(k);
      if (!known[ki]) more[ki] = whole.group_with(k), known[ki] = true;
      return more[ki];
    });
    a.options[a.count++] = DiscardOption{Tile(d), n.shanten, n.ukeire, n.tiles};
  }
  std::stable_sort(a.options.begin(), a.options.begin() + a.count, [](const DiscardOption& x, const DiscardOption& y) {
    if (x.shanten != y.shanten) return x.shanten < y.shanten;
    if (x.ukeire != y.ukeire) return x.ukeire > y.ukeire;
    return x.discard < y.discard;
  });
  return a;
}

}  // namespace mjk::ref
