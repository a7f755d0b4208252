// The search: the graph of hands reachable under EV.md's rules, memoised in
// an open-addressing table, then one backward sweep over the turns.
//
// Vertices: draw vertices (3k+1 tiles, the hand waiting for its draw) and
// discard vertices (3k+2 tiles), each a hand and a riichi flag (Key). A
// vertex is evaluated once, when it is created: its shanten and a mask (the
// necessary kinds of a draw vertex, the discards that keep the shanten of
// a discard vertex) from its four group rows (rows.hpp).
//
// Edges: (X, D) with D = X + one tile k, weight = k's copies in X's wall.
// An edge exists when X follows the draw of k, or when D follows the
// discard of k and lands on X (the same edge read the other way: EV.md's
// model, as mahjong-cpp's graph shares one edge list between a draw
// vertex's draws and a discard vertex's discards). A discard vertex's value
// is the maximum over every edge into it, a draw vertex's value sums over
// every edge out of it. Each edge is stored once, on its draw vertex: the
// ones X follows itself when X is expanded (so they lie in X's order), the
// others ("extras") when their discard vertex is expanded; a discard that
// lands on a vertex which follows that draw itself is the same edge and is
// not stored twice.
//
// The sweep: for t = 18 down to the first turn, every draw vertex's value
// at t from its own value at t+1 and its edges' discard vertices at t+1,
// then every discard vertex's value at t as the maximum of its draw
// vertices at t (pushed from the draw vertices: no second edge list). Only
// two layers of discard values and one of draw values are kept; the
// answer's vertices are copied out at each turn.
#include <algorithm>
#include <bit>
#include <cstring>
#include <utility>

#include "mjk/analysis.hpp"
#include "mjk/hand.hpp"
#include "search.hpp"

// The two hot loops (evaluating a vertex, the sweep) are compiled for three
// x86-64 levels and chosen at load time: the min-plus shuffles need SSSE3's
// pshufb and the tallies POPCNT, which the baseline x86-64 lacks.
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(MJK_EV_NO_CLONES)
#define MJK_EV_HOT __attribute__((target_clones("arch=x86-64-v3", "arch=x86-64-v2", "default")))
#else
#define MJK_EV_HOT
#endif

namespace mjk::ev_detail {
namespace {

// ---- min-plus of group rows (the kernel's method, on 16-byte vectors) ----

typedef std::uint8_t Cells __attribute__((vector_size(16)));

inline Cells load_cells(const std::uint8_t* p) noexcept {
  Cells c;
  std::memcpy(&c, p, 16);
  return c;
}
// Cell k of b moved up by cell j (m1 = j/2 melds, h1 = j%2 heads): b's cell
// k - j where that is a cell, else the 16th lane (the `high` filler).
constexpr int moved_from(int j, int k) noexcept {
  const int m1 = j / 2, h1 = j % 2, m = k / 2, h = k % 2;
  return k >= 10 || m < m1 || h < h1 ? 16 : 2 * (m - m1) + (h - h1);
}
template <int J>
inline Cells moved(const Cells& b, const Cells& high) noexcept {
  return __builtin_shufflevector(b, high, moved_from(J, 0), moved_from(J, 1), moved_from(J, 2), moved_from(J, 3),
                                 moved_from(J, 4), moved_from(J, 5), moved_from(J, 6), moved_from(J, 7),
                                 moved_from(J, 8), moved_from(J, 9), moved_from(J, 10), moved_from(J, 11),
                                 moved_from(J, 12), moved_from(J, 13), moved_from(J, 14), moved_from(J, 15));
}
// The cheapest way for two groups together to hold each cell.
inline Cells combine(const Cells& a, const Cells& b) noexcept {
  const Cells high = Cells{} + static_cast<std::uint8_t>(120);
  Cells out = high;
  [&]<int... J>(std::integer_sequence<int, J...>) {
    ((out = [&] {
       const Cells t = (Cells{} + a[J]) + moved<J>(b, high);
       return out < t ? out : t;
     }()),
     ...);
  }(std::make_integer_sequence<int, 10>{});
  return out;
}
// Cheapest `melds` melds and one head from two parts.
inline int join(const Cells& a, const Cells& b, int melds) noexcept {
  int best = 255;
  for (int m = 0; m <= melds; ++m)
    best = std::min({best, a[2 * m] + b[2 * (melds - m) + 1], a[2 * m + 1] + b[2 * (melds - m)]});
  return best;
}
// Cells j of a that reach r with b holding the rest of `melds` melds and the head.
template <int M>
constexpr int partner(int j) noexcept {
  return j < 2 * M + 2 ? 2 * (M - j / 2) + 1 - j % 2 : 16;
}
template <int M>
inline Cells partnered(const Cells& b, const Cells& high) noexcept {
  return __builtin_shufflevector(b, high, partner<M>(0), partner<M>(1), partner<M>(2), partner<M>(3), partner<M>(4),
                                 partner<M>(5), partner<M>(6), partner<M>(7), partner<M>(8), partner<M>(9),
                                 partner<M>(10), partner<M>(11), partner<M>(12), partner<M>(13), partner<M>(14),
                                 partner<M>(15));
}
inline std::uint32_t tight_cells(const Cells& a, const Cells& b, int melds, int r) noexcept {
  const Cells high = Cells{} + static_cast<std::uint8_t>(120);
  Cells other;
  switch (melds) {
    case 0: other = partnered<0>(b, high); break;
    case 1: other = partnered<1>(b, high); break;
    case 2: other = partnered<2>(b, high); break;
    case 3: other = partnered<3>(b, high); break;
    default: other = partnered<4>(b, high); break;
  }
  const Cells eq = (Cells)(a + other == Cells{} + static_cast<std::uint8_t>(r));  // NOLINT: vector cast
  std::uint64_t lo, hi;
  std::memcpy(&lo, &eq, 8);
  std::memcpy(&hi, reinterpret_cast<const char*>(&eq) + 8, 8);
  constexpr std::uint64_t ones = 0x0101010101010101ull, gather = 0x0102040810204080ull;
  return static_cast<std::uint32_t>((((lo & ones) * gather) >> 56) | ((((hi & ones) * gather) >> 56) & 3u) << 8);
}

// ---- seven pairs and thirteen orphans, from the key's 3-bit counts ----

constexpr std::uint32_t field_ones = 0x1249249u;  // bit 3j for j = 0..8
constexpr std::uint32_t orphan_fields[4] = {0x1000001u, 0x1000001u, 0x1000001u, 0x49249u};
constexpr std::uint64_t orphan_kinds = 0x3FC060301ull;  // 1m 9m 1p 9p 1s 9s and the honours

struct Tally {
  std::array<std::uint32_t, 4> ge1{}, ge2{}, eq1{}, eq2{}, ge3{};  // by group, bit 3j per kind
  int pairs = 0, singles = 0, orphan_kinds = 0, orphan_pairs = 0;
};
inline Tally tally_of(const Key& k) noexcept {
  Tally t;
  for (int g = 0; g < 4; ++g) {
    const std::uint32_t x = group_vec(k, g);
    const std::uint32_t b0 = x & field_ones, b1 = (x >> 1) & field_ones, b2 = (x >> 2) & field_ones;
    t.ge1[g] = b0 | b1 | b2;
    t.ge2[g] = b1 | b2;
    t.eq1[g] = t.ge1[g] & ~t.ge2[g];
    t.eq2[g] = b1 & ~b0 & ~b2;
    t.ge3[g] = b2 | (b1 & b0);
    t.pairs += std::popcount(t.ge2[g]);
    t.singles += std::popcount(t.eq1[g]);
    t.orphan_kinds += std::popcount(t.ge1[g] & orphan_fields[g]);
    t.orphan_pairs += std::popcount(t.ge2[g] & orphan_fields[g]);
  }
  return t;
}
// Field bits (3j) of the four groups as kind bits.
inline std::uint64_t kinds_of_fields(const std::array<std::uint32_t, 4>& f) noexcept {
  std::uint64_t out = 0;
  for (int g = 0; g < 4; ++g)
    for (std::uint32_t x = f[static_cast<std::size_t>(g)]; x; x &= x - 1)
      out |= std::uint64_t{1} << (9 * g + std::countr_zero(x) / 3);
  return out;
}
inline int chiitoi_replacements(int pairs, int singles) noexcept {
  const int p = std::min(pairs, 7);
  const int s = std::min(singles, 7 - p);
  return s + 2 * (7 - p - s);
}
inline int kokushi_replacements(int kinds, int pairs) noexcept { return 13 - kinds + (pairs > 0 ? 0 : 1); }
constexpr std::uint64_t all_kinds = (std::uint64_t{1} << kind_count) - 1;
constexpr std::uint64_t sanma_absent = 0xFEull;  // 2m-8m

struct Eval {
  std::int8_t shanten;
  std::uint64_t mask;  // draw vertex: kinds whose draw lowers the shanten; discard vertex: kinds whose discard keeps it
};

// Shanten and mask of a hand of `tiles` concealed tiles (3k+1 for a draw
// vertex, 3k+2 for a discard vertex), exactly as the kernel's
// necessary_tiles (3k+1) and its advice (3k+2: the discards of the best
// shanten) give them.
MJK_EV_HOT Eval evaluate(const GroupRows& rows, const std::int32_t* row, const Key& key, int tiles, Players players) noexcept {
  const GroupRow* gr[4] = {&rows[row[0]], &rows[row[1]], &rows[row[2]], &rows[row[3]]};
  const Cells a[4] = {load_cells(gr[0]->cost), load_cells(gr[1]->cost), load_cells(gr[2]->cost), load_cells(gr[3]->cost)};
  const Cells p01 = combine(a[0], a[1]), s23 = combine(a[2], a[3]);
  const Cells rest[4] = {combine(a[1], s23), combine(a[0], s23), combine(p01, a[3]), combine(p01, a[2])};
  const int melds = tiles / 3;
  const bool draw = tiles % 3 == 1;
  const int r = join(a[0], rest[0], melds);
  int best = r - 1, chiitoi = 127, kokushi = 127;
  Tally t;
  if (tiles >= 13) {
    t = tally_of(key);
    chiitoi = chiitoi_replacements(t.pairs, t.singles) - 1;
    kokushi = kokushi_replacements(t.orphan_kinds, t.orphan_pairs) - 1;
    best = std::min({best, chiitoi, kokushi});
  }
  std::uint64_t mask = 0;
  if (r - 1 == best) {
    for (int g = 0; g < 4; ++g) {
      std::uint32_t local = 0;
      for (std::uint32_t tight = tight_cells(a[g], rest[g], melds, r); tight; tight &= tight - 1) {
        const int cell = std::countr_zero(tight);
        local |= draw ? gr[g]->draw[cell] : gr[g]->keep[cell];
      }
      mask |= std::uint64_t{local} << (9 * g);
    }
  }
  if (tiles >= 13 && (chiitoi == best || kokushi == best)) {
    const std::uint64_t held = kinds_of_fields(t.ge1);
    const std::uint64_t one = kinds_of_fields(t.eq1);
    if (draw) {
      std::uint64_t zero = all_kinds & ~held;
      if (players == Players::three) zero &= ~sanma_absent;
      if (chiitoi == best) {
        if (chiitoi_replacements(t.pairs, t.singles + 1) - 1 < best) mask |= zero;
        if (chiitoi_replacements(t.pairs + 1, t.singles - 1) - 1 < best) mask |= one;
      }
      if (kokushi == best) mask |= (zero | (t.orphan_pairs ? 0 : one)) & orphan_kinds;
    } else {
      const std::uint64_t two = kinds_of_fields(t.eq2), ge3 = kinds_of_fields(t.ge3);
      if (chiitoi == best) {
        const int now = chiitoi + 1;
        if (chiitoi_replacements(t.pairs, t.singles - 1) == now) mask |= one;
        if (chiitoi_replacements(t.pairs - 1, t.singles + 1) == now) mask |= two;
        mask |= ge3;
      }
      if (kokushi == best) {
        const int now = kokushi + 1;
        mask |= held & ~orphan_kinds;
        if (kokushi_replacements(t.orphan_kinds - 1, t.orphan_pairs) == now) mask |= one & orphan_kinds;
        if (kokushi_replacements(t.orphan_kinds, t.orphan_pairs - 1) == now) mask |= two & orphan_kinds;
        mask |= ge3 & orphan_kinds;
      }
    }
  }
  return {static_cast<std::int8_t>(best), mask};
}

// ---- the graph ----

struct Node {
  Key key;
  std::int32_t row[4];  // group rows
  std::uint64_t mask;   // Eval::mask
  std::int8_t shanten;  // -1: a complete discard vertex
  std::uint8_t dist;    // tiles held that the start hand did not hold (red fives apart)
  bool widened;         // hand change (draw vertex) / shanten back (discard vertex) applies
};

struct Edge {
  std::uint32_t d;  // discard vertex
  float w;          // the drawn kind's copies in the draw vertex's wall
};
struct WinEdge {
  std::uint32_t d;
  float w;
  double price;  // the win's expected income (> 0: a win with a yaku)
};
struct Extra {
  std::uint32_t x, d;
  float w;
};

typedef double V4 __attribute__((vector_size(32)));  // tenpai, win, score, (unused)
// Values in a vector: a class keeps its alignment as a template argument (a
// vector typedef's attribute is dropped there, and AVX loads need 32 bytes).
struct alignas(32) Values {
  V4 v;
};

constexpr std::uint32_t discard_bit = 0x80000000u;

}  // namespace
}  // namespace mjk::ev_detail

namespace mjk {

struct EvWorkspace::Impl {
  ev_detail::GroupRows rows;
  std::vector<ev_detail::Node> xs, ds;  // draw and discard vertices
  std::vector<std::uint64_t> table;     // fingerprint << 32 | (vertex ref + 1); 0: empty
  std::size_t table_used = 0;
  std::vector<ev_detail::Edge> own;     // the draws each draw vertex follows, in its order
  std::vector<std::uint32_t> own_begin;
  std::vector<ev_detail::WinEdge> wins;
  std::vector<std::uint32_t> win_begin;
  std::vector<ev_detail::Extra> extras;
  std::vector<double> weight;            // per draw vertex: the sum of its edges' weights
  std::vector<std::uint8_t> tenpai;      // per draw vertex
  std::vector<ev_detail::Edge> edges;    // own + extras, by draw vertex
  std::vector<std::uint32_t> edge_begin;
  std::vector<std::uint32_t> extra_count;
  std::vector<ev_detail::Values> xv, dv_now, dv_next;
  std::size_t peak = 0;
  std::size_t last_vertices = 0;  // of the previous search: sizes the table of the next

  std::size_t bytes() const noexcept {
    auto b = [](const auto& v) { return v.capacity() * sizeof(v[0]); };
    return rows.bytes() + b(xs) + b(ds) + b(table) + b(own) + b(own_begin) + b(wins) + b(win_begin) + b(extras) +
           b(weight) + b(tenpai) + b(edges) + b(edge_begin) + b(extra_count) + b(xv) + b(dv_now) + b(dv_next);
  }
  void reset(Players players) {
    rows.reset(players);
    xs.clear();
    ds.clear();
    // A table far larger than the last search needed is cut back (clearing
    // it would cost more than its growth), else cleared.
    std::size_t want = 1 << 12;
    while (want < 4 * last_vertices) want *= 2;
    if (table.size() < want || table.size() > 4 * want) table.assign(want, 0);
    else std::fill(table.begin(), table.end(), 0);
    table_used = 0;
    own.clear();
    own_begin.clear();
    wins.clear();
    win_begin.clear();
    extras.clear();
    weight.clear();
    tenpai.clear();
  }
};

EvWorkspace::EvWorkspace() : impl_(std::make_unique<Impl>()) {}
EvWorkspace::~EvWorkspace() = default;
EvWorkspace::EvWorkspace(EvWorkspace&&) noexcept = default;
EvWorkspace& EvWorkspace::operator=(EvWorkspace&&) noexcept = default;
std::size_t EvWorkspace::bytes() const noexcept { return impl_ ? impl_->bytes() : 0; }

}  // namespace mjk

namespace mjk::ev_detail {
namespace {

inline std::uint64_t hash_of(const Key& k) noexcept {
  std::uint64_t h = k.lo * 0x9E3779B97F4A7C15ull ^ (k.hi + 0x632BE59BD9B4E019ull) * 0xC2B2AE3D27D4EB4Full;
  return h ^ (h >> 31);
}

class Builder {
 public:
  Builder(const Setup& s, EvWorkspace::Impl& w) : s_(s), w_(w) {
    for (int k = 0; k < kinds37; ++k) unit_[static_cast<std::size_t>(k)] = unit_of(k);
    draw_tiles_ = s.tiles % 3 == 1 ? s.tiles : s.tiles - 1;
    limit_ = s.shanten + s.options.extra;
    bits_ = std::countr_zero(w.table.size());
  }

  // Creates the root and expands vertices until none is left unexpanded.
  Error grow() {
    std::int32_t row[4];
    for (int g = 0; g < 4; ++g) row[g] = w_.rows.find(g, group_vec(s_.start, g));
    root_ = find_or_create(s_.start, s_.tiles % 3 == 2, row, 0);
    std::size_t xi = 0, di = 0;
    std::uint64_t next_report = 1 << 16;
    while (xi < w_.xs.size() || di < w_.ds.size()) {
      while (di < w_.ds.size()) {
        expand_discard(static_cast<std::uint32_t>(di++));
        if (over_budget()) return Error::too_many_vertices;
      }
      while (xi < w_.xs.size()) {
        expand_draw(static_cast<std::uint32_t>(xi++));
        if (over_budget()) return Error::too_many_vertices;
      }
      const std::uint64_t v = w_.xs.size() + w_.ds.size();
      if (s_.options.progress && s_.options.progress->report && v >= next_report) {
        s_.options.progress->report(s_.options.progress->user, v, -1);
        next_report = v + (1 << 16);
      }
    }
    w_.own_begin.push_back(static_cast<std::uint32_t>(w_.own.size()));
    w_.win_begin.push_back(static_cast<std::uint32_t>(w_.wins.size()));
    return Error::none;
  }

  [[nodiscard]] std::uint32_t root() const noexcept { return root_; }

  // The vertex of a key, if the search reached it.
  [[nodiscard]] std::int64_t lookup(const Key& k, bool discard) const noexcept {
    const std::uint64_t h = hash_of(k);
    const std::size_t mask = w_.table.size() - 1;
    for (std::size_t i = h >> (64 - bits_);; i = (i + 1) & mask) {
      const std::uint64_t e = w_.table[i];
      if (e == 0) return -1;
      if ((e >> 32) != (h & 0xffffffffu)) continue;
      const std::uint32_t ref = static_cast<std::uint32_t>(e) - 1;
      if (((ref & discard_bit) != 0) != discard) continue;
      const Node& n = (ref & discard_bit) ? w_.ds[ref & ~discard_bit] : w_.xs[ref];
      if (n.key == k) return ref & ~discard_bit;
    }
  }

 private:
  bool over_budget() const noexcept {
    return s_.options.max_vertices != 0 && w_.xs.size() + w_.ds.size() > s_.options.max_vertices;
  }

  [[nodiscard]] int wall_of(const Key& k, int k37) const noexcept {
    return s_.wall0[static_cast<std::size_t>(k37)] + s_.org[static_cast<std::size_t>(k37)] - held_of(k, k37);
  }

  void grow_table() {
    std::vector<std::uint64_t> old(2 * w_.table.size(), 0);
    old.swap(w_.table);
    ++bits_;
    const std::size_t mask = w_.table.size() - 1;
    for (const std::uint64_t e : old) {
      if (e == 0) continue;
      const std::uint32_t ref = static_cast<std::uint32_t>(e) - 1;
      const Node& n = (ref & discard_bit) ? w_.ds[ref & ~discard_bit] : w_.xs[ref];
      std::size_t i = hash_of(n.key) >> (64 - bits_);
      while (w_.table[i] != 0) i = (i + 1) & mask;
      w_.table[i] = e;
    }
  }

  std::uint32_t find_or_create(const Key& k, bool discard, const std::int32_t* row, int dist) {
    if (2 * (w_.table_used + 1) > w_.table.size()) grow_table();
    const std::uint64_t h = hash_of(k);
    const std::size_t mask = w_.table.size() - 1;
    std::size_t i = h >> (64 - bits_);
    for (;; i = (i + 1) & mask) {
      const std::uint64_t e = w_.table[i];
      if (e == 0) break;
      if ((e >> 32) != (h & 0xffffffffu)) continue;
      const std::uint32_t ref = static_cast<std::uint32_t>(e) - 1;
      if (((ref & discard_bit) != 0) != discard) continue;
      const Node& n = (ref & discard_bit) ? w_.ds[ref & ~discard_bit] : w_.xs[ref];
      if (n.key == k) return ref & ~discard_bit;
    }
    const int tiles = discard ? draw_tiles_ + 1 : draw_tiles_;
    const Eval e = evaluate(w_.rows, row, k, tiles, s_.players);
    const bool riichi = riichi_of(k);
    const bool widened = (discard ? s_.options.shanten_back : s_.options.hand_change) && !riichi && dist + e.shanten < limit_;
    Node n{k, {row[0], row[1], row[2], row[3]}, e.mask, e.shanten, static_cast<std::uint8_t>(dist), widened};
    std::uint32_t index;
    if (discard) {
      index = static_cast<std::uint32_t>(w_.ds.size());
      w_.ds.push_back(n);
    } else {
      index = static_cast<std::uint32_t>(w_.xs.size());
      w_.xs.push_back(n);
      w_.weight.push_back(0);
      w_.tenpai.push_back(e.shanten == 0);
    }
    w_.table[i] = (h & 0xffffffffu) << 32 | ((discard ? index | discard_bit : index) + 1);
    ++w_.table_used;
    return index;
  }

  // A draw vertex follows kind k37 (with `w` copies in its wall).
  [[nodiscard]] static bool follows(const Node& x, int k37, int w) noexcept {
    return w > 0 && (x.widened || ((x.mask >> base_kind(k37)) & 1));
  }

  // The kinds of the 37 a draw vertex may draw: widened, every kind; else
  // its necessary kinds, a red five beside its plain five.
  static std::uint64_t draw_candidates(const Node& n) noexcept {
    if (n.widened) return (std::uint64_t{1} << kinds37) - 1;
    std::uint64_t m = n.mask;
    for (int suit = 0; suit < 3; ++suit) m |= ((n.mask >> (9 * suit + 4)) & 1) << red_kind(suit);
    return m;
  }
  // The kinds of the 37 a hand holds.
  static std::uint64_t held37(const Key& k) noexcept {
    std::uint64_t out = 0;
    for (int g = 0; g < 4; ++g) {
      const std::uint32_t x = lane(k, g);
      for (std::uint32_t f = (x | x >> 1 | x >> 2) & field_ones; f; f &= f - 1)
        out |= std::uint64_t{1} << (9 * g + std::countr_zero(f) / 3);
      if (g < 3 && ((x >> 27) & 1)) {
        out |= std::uint64_t{1} << red_kind(g);
        if (((x >> 12) & 7) == 1) out &= ~(std::uint64_t{1} << (9 * g + 4));  // the red five is the only five
      }
    }
    return out;
  }

  void expand_draw(std::uint32_t x) {
    const Node n = w_.xs[x];
    w_.own_begin.push_back(static_cast<std::uint32_t>(w_.own.size()));
    w_.win_begin.push_back(static_cast<std::uint32_t>(w_.wins.size()));
    const bool riichi = riichi_of(n.key), tenpai = n.shanten == 0;
    double weight = 0;
    for (std::uint64_t m = draw_candidates(n); m; m &= m - 1) {
      const int k37 = std::countr_zero(m);
      const int w = wall_of(n.key, k37);
      if (w <= 0) continue;
      const int kind = base_kind(k37), g = group_of(kind);
      std::int32_t row[4] = {n.row[0], n.row[1], n.row[2], n.row[3]};
      row[g] = w_.rows.added(g, n.row[g], kind - 9 * g);
      const Key dk = plus(n.key, unit_[static_cast<std::size_t>(k37)]);
      const int dist = n.dist + (held_of(dk, k37) > s_.org[static_cast<std::size_t>(k37)]);
      const std::uint32_t d = find_or_create(dk, true, row, dist);
      weight += w;
      if (tenpai && ((n.mask >> kind) & 1)) {
        const double price = price_win(s_, dk, k37, riichi);
        if (price > 0) {
          w_.wins.push_back({d, static_cast<float>(w), price});
          continue;
        }
      }
      w_.own.push_back({d, static_cast<float>(w)});
    }
    w_.weight[x] += weight;
  }

  void expand_discard(std::uint32_t d) {
    const Node n = w_.ds[d];
    const bool riichi = riichi_of(n.key);
    for (std::uint64_t m = held37(n.key); m; m &= m - 1) {
      const int k37 = std::countr_zero(m);
      const int kind = base_kind(k37), g = group_of(kind);
      const bool keeps = (n.mask >> kind) & 1;
      if (!n.widened && !keeps) continue;
      const bool declares = riichi || (s_.closed && n.shanten == 0 && keeps);
      std::int32_t row[4] = {n.row[0], n.row[1], n.row[2], n.row[3]};
      row[g] = w_.rows.removed(g, n.row[g], kind - 9 * g);
      const Key xk = with_riichi(minus(n.key, unit_[static_cast<std::size_t>(k37)]), declares);
      const int dist = n.dist - (held_of(n.key, k37) > s_.org[static_cast<std::size_t>(k37)]);
      const std::uint32_t x = find_or_create(xk, false, row, dist);
      const int w = wall_of(xk, k37);
      if (declares == riichi && follows(w_.xs[x], k37, w)) continue;  // x's own edge
      w_.extras.push_back({x, d, static_cast<float>(w)});
      w_.weight[x] += w;
    }
  }

  const Setup& s_;
  EvWorkspace::Impl& w_;
  std::array<Key, kinds37> unit_{};
  int draw_tiles_ = 0, limit_ = 0;
  int bits_ = 0;  // log2 of the table size
  std::uint32_t root_ = 0;
};

// The extras joined to each draw vertex's own edges: one edge list per draw vertex.
void join_edges(EvWorkspace::Impl& w) {
  const std::size_t nx = w.xs.size();
  w.extra_count.assign(nx + 1, 0);
  for (const Extra& e : w.extras) ++w.extra_count[e.x + 1];
  for (std::size_t x = 0; x < nx; ++x) w.extra_count[x + 1] += w.extra_count[x];  // prefix: extras before x
  w.edge_begin.resize(nx + 1);
  for (std::size_t x = 0; x <= nx; ++x) w.edge_begin[x] = w.own_begin[x] + w.extra_count[x];
  w.edges.resize(w.own.size() + w.extras.size());
  // Own edges first in each list, then the extras (their slots counted down from the end).
  std::vector<std::uint32_t>& fill = w.extra_count;  // reused: next free extra slot of x
  for (std::size_t x = 0; x < nx; ++x) {
    const std::uint32_t n = w.own_begin[x + 1] - w.own_begin[x];
    std::memcpy(w.edges.data() + w.edge_begin[x], w.own.data() + w.own_begin[x], n * sizeof(Edge));
    fill[x] = w.edge_begin[x] + n;
  }
  for (const Extra& e : w.extras) w.edges[fill[e.x]++] = {e.d, e.w};
}

// Every turn's values, from the last turn back to `first`; the answer's
// slots copied out at each turn.
MJK_EV_HOT void sweep(const Setup& s, EvWorkspace::Impl& w, int first, const std::uint32_t* slot_of, int slots,
                      EvAnswer& answer) noexcept {
  const std::size_t nx = w.xs.size(), nd = w.ds.size();
  const Edge* edges = w.edges.data();
  const WinEdge* wins = w.wins.data();
  for (int t = ev_last_turn; t >= first; --t) {
    Values* now = w.dv_now.data();
    const Values* next = w.dv_next.data();
    std::fill(w.dv_now.begin(), w.dv_now.end(), Values{});
    const double inv = 1.0 / (s.wall - t);
    for (std::size_t x = 0; x < nx; ++x) {
      V4 v;
      const std::uint32_t eb = w.edge_begin[x], ee = w.edge_begin[x + 1];
      const std::uint32_t wb = w.win_begin[x], we = w.win_begin[x + 1];
      if (t == ev_last_turn) {
        v = V4{w.tenpai[x] ? 1.0 : 0.0, 0, 0, 0};
      } else {
        v = w.xv[x].v;
        V4 acc{};
        for (std::uint32_t e = eb; e < ee; ++e) acc += static_cast<double>(edges[e].w) * next[edges[e].d].v;
        for (std::uint32_t e = wb; e < we; ++e) {
          const V4 c = next[wins[e].d].v;
          acc += static_cast<double>(wins[e].w) * V4{1.0, 1.0, std::max(wins[e].price, c[2]), 0};
        }
        v += (acc - w.weight[x] * v) * inv;
        if (w.tenpai[x]) v[0] = 1.0;
      }
      w.xv[x].v = v;
      for (std::uint32_t e = eb; e < ee; ++e) {
        V4& d = now[edges[e].d].v;
        d = d > v ? d : v;
      }
      for (std::uint32_t e = wb; e < we; ++e) {
        V4& d = now[wins[e].d].v;
        d = d > v ? d : v;
      }
    }
    for (int i = 0; i < slots; ++i) {
      const V4 v = w.xv[slot_of[static_cast<std::size_t>(i)]].v;
      EvDiscard& out = answer.discards[static_cast<std::size_t>(i)];
      out.tenpai[static_cast<std::size_t>(t)] = v[0];
      out.win[static_cast<std::size_t>(t)] = v[1];
      out.score[static_cast<std::size_t>(t)] = v[2];
    }
    std::swap(w.dv_now, w.dv_next);
    if (s.options.progress && s.options.progress->report)
      s.options.progress->report(s.options.progress->user, nx + nd, t - first);
  }

}

}  // namespace

Error search(const Setup& s, EvWorkspace::Impl& w, EvAnswer& answer) {
  w.reset(s.players);
  Builder b(s, w);
  if (const Error e = b.grow(); e != Error::none) {
    answer.vertices = w.last_vertices = w.xs.size() + w.ds.size();
    return e;
  }
  join_edges(w);

  // The answer's vertices: each discard of a 14-tile hand the search
  // explored (with riichi declared iff the hand is closed and the discard
  // keeps it tenpai), or the 13-tile hand itself.
  std::array<std::uint32_t, 14> slot_of{};
  int slots = 0;
  const bool from_draw = s.tiles % 3 == 1;
  if (from_draw) {
    slot_of[0] = b.root();
    answer.discards[0] = EvDiscard{};
    slots = 1;
  } else {
    const Node& root = w.ds[b.root()];
    for (int kind = 0; kind < kind_count; ++kind) {
      for (int k37 : {kind, is_five(kind) ? red_kind(kind / 9) : -1}) {
        if (k37 < 0 || held_of(root.key, k37) == 0) continue;
        const bool keeps = (root.mask >> kind) & 1;
        const bool declares = s.closed && root.shanten == 0 && keeps;
        const Key xk = with_riichi(minus(root.key, unit_of(k37)), declares);
        const std::int64_t x = b.lookup(xk, false);
        if (x < 0 || slots == 14) continue;
        EvDiscard& out = answer.discards[static_cast<std::size_t>(slots)];
        out = EvDiscard{};
        out.has_discard = true;
        out.discard = Tile(kind);
        out.discard_red = k37 >= 34;
        slot_of[static_cast<std::size_t>(slots++)] = static_cast<std::uint32_t>(x);
      }
    }
  }
  answer.count = static_cast<std::uint8_t>(slots);
  for (int i = 0; i < slots; ++i) {
    const Node& x = w.xs[slot_of[static_cast<std::size_t>(i)]];
    answer.discards[static_cast<std::size_t>(i)].shanten = x.shanten;
    answer.discards[static_cast<std::size_t>(i)].necessary = TileMask(x.mask);
  }

  // The sweep.
  const std::size_t nx = w.xs.size(), nd = w.ds.size();
  w.xv.assign(nx, Values{});
  w.dv_now.assign(nd, Values{});
  w.dv_next.assign(nd, Values{});
  w.peak = std::max(w.peak, w.bytes());
  const int first = from_draw ? 0 : 1;
  sweep(s, w, first, slot_of.data(), slots, answer);

  w.last_vertices = nx + nd;
  answer.vertices = nx + nd;
  answer.stats.draw_vertices = nx;
  answer.stats.discard_vertices = nd;
  answer.stats.edges = w.own.size() + w.extras.size() + w.wins.size();
  answer.stats.wins = w.wins.size();
  answer.stats.group_rows = w.rows.size();
  answer.stats.peak_bytes = w.peak;
  return Error::none;
}

}  // namespace mjk::ev_detail

namespace mjk::ev_detail {

std::string verify_vertices(EvWorkspace& ws, Players players) {
  const EvWorkspace::Impl& w = ws.impl();
  const Options options{players, {}};
  const auto hand_of = [](const Key& k) {
    Hand h;
    for (int kind = 0; kind < kind_count; ++kind) h.add(Tile(kind), count_of(k, kind));
    return h;
  };
  for (const Node& n : w.xs) {
    const Hand h = hand_of(n.key);
    const Result<Necessary> r = necessary_tiles(h, options);
    if (!r.ok() || r.value.shanten != n.shanten || r.value.tiles.bits() != n.mask)
      return "draw vertex " + to_mpsz(h) + ": shanten " + std::to_string(n.shanten) + " mask " + std::to_string(n.mask) +
             ", kernel " + std::to_string(r.value.shanten) + " mask " + std::to_string(r.value.tiles.bits());
  }
  for (const Node& n : w.ds) {
    const Hand h = hand_of(n.key);
    const Result<ShantenForms> r = shanten(h, options);
    std::uint64_t keeps = 0;
    for (int kind = 0; kind < kind_count; ++kind) {
      if (h.count(Tile(kind)) == 0) continue;
      Hand less = h;
      less.remove(Tile(kind));
      if (shanten(less, options).value.best == r.value.best) keeps |= std::uint64_t{1} << kind;
    }
    if (!r.ok() || r.value.best != n.shanten || keeps != n.mask)
      return "discard vertex " + to_mpsz(h) + ": shanten " + std::to_string(n.shanten) + " mask " + std::to_string(n.mask) +
             ", kernel " + std::to_string(r.value.best) + " mask " + std::to_string(keeps);
  }
  return {};
}

}  // namespace mjk::ev_detail
