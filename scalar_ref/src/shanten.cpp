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

// A group: the kinds it holds (ascending) and whether they make sequences.
struct GroupShape {
  std::array<int, 9> kinds{};
  int n = 0;
  bool sequences = false;
};

GroupShape suit_shape(int suit) {
  GroupShape s;
  for (int i = 0; i < 9; ++i) s.kinds[static_cast<std::size_t>(i)] = suit * 9 + i;
  s.n = 9;
  s.sequences = true;
  return s;
}
GroupShape honour_shape() {
  GroupShape s;
  for (int i = 0; i < 7; ++i) s.kinds[static_cast<std::size_t>(i)] = 27 + i;
  s.n = 7;
  return s;
}
GroupShape three_player_man_shape() {  // 1m and 9m only, no sequences
  GroupShape s;
  s.kinds[0] = 0;
  s.kinds[1] = 8;
  s.n = 2;
  return s;
}

// Fewest draws for the group to hold m melds (0..4) and h heads (0..1).
struct GroupCosts {
  std::array<std::array<int, 2>, 5> cost;
};

// Tries every multiset of melds (meld types in non-decreasing order, at most
// four, never more than four of a kind), and with each every head.
// `drawn` is the number of tiles the target holds beyond `have`.
void search_melds(const std::array<int, 9>& have, int n, bool sequences, std::array<int, 9>& target, int from_type,
                  int melds, int drawn, GroupCosts& best) {
  auto& row = best.cost[static_cast<std::size_t>(melds)];
  row[0] = std::min(row[0], drawn);
  for (std::size_t k = 0; k < static_cast<std::size_t>(n); ++k) {
    if (target[k] + 2 > 4) continue;
    const int extra = std::max(0, target[k] + 2 - have[k]) - std::max(0, target[k] - have[k]);
    row[1] = std::min(row[1], drawn + extra);
  }
  if (melds == 4) return;
  // Meld types: triplets of kind 0..n-1, then sequences starting at 0..6.
  const int types = n + (sequences ? 7 : 0);
  for (int type = from_type; type < types; ++type) {
    const bool triplet = type < n;
    const int first = triplet ? type : type - n;
    int add = 0;
    bool fits = true;
    for (int i = 0; i < 3; ++i) {
      const auto k = static_cast<std::size_t>(triplet ? first : first + i);
      add += std::max(0, target[k] + 1 - have[k]) - std::max(0, target[k] - have[k]);
      ++target[k];
      fits = fits && target[k] <= 4;
    }
    if (fits) search_melds(have, n, sequences, target, type, melds + 1, drawn + add, best);
    for (int i = 0; i < 3; ++i) --target[static_cast<std::size_t>(triplet ? first : first + i)];
  }
}

GroupCosts brute_force(const GroupShape& shape, const std::array<int, 9>& have) {
  GroupCosts best;
  for (auto& row : best.cost) row = {inf, inf};
  std::array<int, 9> target{};
  search_melds(have, shape.n, shape.sequences, target, 0, 0, 0, best);
  return best;
}

// The brute force remembered per count vector (base-5 key). A cell holds the
// ten costs as 4-bit fields (15 = impossible; a group never needs more than
// 14 draws) and bit 63 once filled. Threads filling the same cell write the
// same value, so relaxed atomics suffice.
class GroupTable {
 public:
  explicit GroupTable(GroupShape shape) : shape_(shape) {
    std::size_t size = 1;
    for (int i = 0; i < shape.n; ++i) size *= 5;
    cells_ = std::make_unique<std::atomic<std::uint64_t>[]>(size);  // zero: nothing filled
  }

  [[nodiscard]] GroupCosts costs(const Counts& c) const {
    std::array<int, 9> have{};
    std::size_t key = 0;
    for (int i = shape_.n - 1; i >= 0; --i) {
      const int x = c[static_cast<std::size_t>(shape_.kinds[static_cast<std::size_t>(i)])];
      have[static_cast<std::size_t>(i)] = x;
      key = key * 5 + static_cast<std::size_t>(x);
    }
    std::uint64_t cell = cells_[key].load(std::memory_order_relaxed);
    if (cell == 0) {
      cell = pack(brute_force(shape_, have));
      cells_[key].store(cell, std::memory_order_relaxed);
    }
    return unpack(cell);
  }

 private:
  static std::uint64_t pack(const GroupCosts& g) {
    std::uint64_t cell = std::uint64_t{1} << 63;
    for (int m = 0; m < 5; ++m)
      for (int h = 0; h < 2; ++h) {
        const int v = std::min(15, g.cost[static_cast<std::size_t>(m)][static_cast<std::size_t>(h)]);
        cell |= static_cast<std::uint64_t>(v) << (4 * (2 * m + h));
      }
    return cell;
  }
  static GroupCosts unpack(std::uint64_t cell) {
    GroupCosts g;
    for (int m = 0; m < 5; ++m)
      for (int h = 0; h < 2; ++h) {
        const int v = static_cast<int>((cell >> (4 * (2 * m + h))) & 15);
        g.cost[static_cast<std::size_t>(m)][static_cast<std::size_t>(h)] = v == 15 ? inf : v;
      }
    return g;
  }

  GroupShape shape_;
  std::unique_ptr<std::atomic<std::uint64_t>[]> cells_;
};

const GroupTable& suit_table() {
  static const GroupTable t(suit_shape(0));  // the three suits alike: keyed by counts only
  return t;
}
const GroupTable& honour_table() {
  static const GroupTable t(honour_shape());
  return t;
}
const GroupTable& three_player_man_table() {
  static const GroupTable t(three_player_man_shape());
  return t;
}

// Group g (0..3: man, pin, sou, honours) of the counts `c` under the rules.
GroupCosts group_costs(const Counts& c, int g, Players players) {
  if (g == 3) return honour_table().costs(c);
  if (g == 0 && players == Players::three) return three_player_man_table().costs(c);
  if (g == 0) return suit_table().costs(c);
  // Shift pin or sou into the man places the suit table reads.
  Counts shifted{};
  for (int i = 0; i < 9; ++i) shifted[static_cast<std::size_t>(i)] = c[static_cast<std::size_t>(g * 9 + i)];
  return suit_table().costs(shifted);
}

int group_of(int k) { return k / 9; }

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
      best = std::min(best, group.cost[static_cast<std::size_t>(m)][h] +
                                rest.cost[static_cast<std::size_t>(melds - m)][1 - h]);
  return best;
}

// What seven pairs and thirteen orphans need to know of the counts; a kind's
// contribution depends on its count only, so a change of one kind is cheap.
struct Tally {
  int pairs = 0;          // kinds held twice or more
  int singles = 0;        // kinds held once
  int orphan_kinds = 0;   // of the 13 terminals and honours, kinds held
  int orphan_pairs = 0;   // of them, kinds held twice or more

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

// A hand under analysis, with what changing one kind by one needs.
class Position {
 public:
  Position(const Counts& c, Players players) : c_(c), players_(players) {
    for (int k = 0; k < kind_count; ++k) {
      if (!exists(k, players)) continue;  // ignored (a three-player hand never holds them)
      tiles_ += c_[static_cast<std::size_t>(k)];
      tally_.add(k, c_[static_cast<std::size_t>(k)], +1);
    }
    for (int g = 0; g < 4; ++g) groups_[static_cast<std::size_t>(g)] = group_costs(c_, g, players);
    // The other three groups combined, for each group.
    const auto& G = groups_;
    const GroupCosts g01 = combine(G[0], G[1]), g23 = combine(G[2], G[3]);
    rest_[0] = combine(G[1], g23);
    rest_[1] = combine(G[0], g23);
    rest_[2] = combine(g01, G[3]);
    rest_[3] = combine(g01, G[2]);
  }

  [[nodiscard]] int tiles() const { return tiles_; }
  [[nodiscard]] const Counts& counts() const { return c_; }

  [[nodiscard]] ShantenForms shanten() const {
    return forms_of(with_rest(groups_[0], rest_[0], tiles_ / 3), tally_, tiles_);
  }

  // The shanten of the hand with one more (delta = +1) or one fewer (-1) of kind k.
  [[nodiscard]] ShantenForms shanten_changed(int k, int delta) const {
    Counts c = c_;
    const auto ki = static_cast<std::size_t>(k);
    c[ki] += delta;
    Tally t = tally_;
    t.add(k, c_[ki], -1);
    t.add(k, c[ki], +1);
    const int g = group_of(k);
    const int tiles = tiles_ + delta;
    return forms_of(with_rest(group_costs(c, g, players_), rest_[static_cast<std::size_t>(g)], tiles / 3), t, tiles);
  }

  // Necessary tiles of this (3k+1) hand; ukeire counts copies outside `outside` and `visible`.
  [[nodiscard]] Necessary necessary(const Counts& outside, std::span<const std::uint8_t> visible) const {
    Necessary n;
    n.shanten = shanten().best;
    int ukeire = 0;
    for (int k = 0; k < kind_count; ++k) {
      const auto ki = static_cast<std::size_t>(k);
      if (!exists(k, players_) || c_[ki] >= 4) continue;  // no such tile, or no fifth copy
      if (shanten_changed(k, +1).best >= n.shanten) continue;
      n.tiles.insert(Tile(k));
      ukeire += std::max(0, 4 - outside[ki] - (visible.empty() ? 0 : visible[ki]));
    }
    n.ukeire = static_cast<std::uint8_t>(ukeire);
    return n;
  }

 private:
  Counts c_;
  Players players_;
  int tiles_ = 0;
  Tally tally_;
  std::array<GroupCosts, 4> groups_;
  std::array<GroupCosts, 4> rest_;
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
  const Counts c = counts_of(hand);
  return Position(c, players).necessary(c, row_of(visible));
}

Advice advice(const Hand& hand, Players players, std::span<const std::uint8_t> visible) {
  const Counts c = counts_of(hand);
  Advice a;
  for (int d = 0; d < kind_count; ++d) {
    if (c[static_cast<std::size_t>(d)] == 0 || !exists(d, players)) continue;
    if (a.count == a.options.size()) break;  // more than 14 tiles: outside the preconditions
    Counts after = c;
    --after[static_cast<std::size_t>(d)];
    const Necessary n = Position(after, players).necessary(c, row_of(visible));  // the discard is not in the wall
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
