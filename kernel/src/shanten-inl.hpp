// Shanten, necessary tiles and discard advice: the kernel's operations,
// written once over each ISA's Ops (included by kernel-inl.hpp).
//
// A hand is four groups (man, pin, sou, honours; with three players man holds
// only 1m and 9m). Each group's count vector has a dense rank into the
// generated tables (shanten_tables.hpp): for every cell (m melds, h heads)
// the draws the group needs, and the kinds whose draw lowers that. The
// standard form's replacement number r is the cheapest way to give the
// groups tiles/3 melds between them and exactly one of them the head
// (min-plus over the groups); shanten = r - 1. Seven pairs and thirteen
// orphans are counted directly (13 or 14 tiles only).
//
// Necessary tiles of a 3k+1 hand: a draw changes only its own group's cells,
// each by 0 or -1, so kind t lowers the standard form iff some cheapest split
// gives t's group a cell whose cost t's draw lowers: for each group, the
// cells that are tight (cell + the best of the other groups for the rest ==
// r) contribute their masks. Seven pairs and thirteen orphans add theirs
// when their shanten is the best.
//
// Everything here lives in a template on Ops so that each ISA's translation
// unit has its own copy, compiled with its own flags.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>

#include "mjk/analysis.hpp"
#include "mjk/implementation.hpp"
#include "shanten_tables.hpp"
#include "slots.hpp"

// The generated tables, embedded by shanten_blob.cpp.
extern "C" __attribute__((visibility("hidden"))) const std::uint32_t mjk_shanten_tables[];

namespace mjk::simd {

template <class Ops>
struct ShantenKernel {
  using Counts = std::array<std::uint8_t, kind_count>;
  static constexpr int cells = shanten_tables::cells;
  static constexpr int inf = shanten_tables::inf;
  static constexpr std::int8_t na = ShantenForms::not_applicable;

  static const std::uint8_t* blob() noexcept { return reinterpret_cast<const std::uint8_t*>(mjk_shanten_tables); }
  static const std::uint32_t* rank_table(int shape) noexcept {
    return mjk_shanten_tables + shanten_tables::layout.rank[static_cast<std::size_t>(shape)] / 4;
  }
  static const std::uint8_t* cost_of(int shape, std::uint32_t key) noexcept {
    return blob() + shanten_tables::layout.cost[static_cast<std::size_t>(shape)] +
           static_cast<std::size_t>(key) * shanten_tables::cost_stride;
  }
  static const std::uint8_t& mask_row(int shape, std::uint32_t key) noexcept {
    return blob()[shanten_tables::layout.mask[static_cast<std::size_t>(shape)] +
                  2 * static_cast<std::size_t>(key) * shanten_tables::mask_stride];
  }
  static std::uint16_t mask_of(int shape, std::uint32_t key, int cell) noexcept {
    std::uint16_t m;
    std::memcpy(&m, &mask_row(shape, key) + 2 * cell, 2);
    return m;
  }

  // The groups of a hand: shape, first kind, and the kinds' rank steps.
  struct Groups {
    int shape[4];
    std::uint32_t key[4];
    const std::uint8_t* cost[4];
  };

  static int group_of(int kind, Players players) noexcept {
    (void)players;
    return kind >= 27 ? 3 : kind / 9;
  }

  static std::uint32_t key_of(const Counts& c, int g, Players players) noexcept {
    if (g == 0 && players == Players::three) {
      const std::uint32_t* r = rank_table(shanten_tables::sanma_man);
      return r[c[0]] + r[shanten_tables::rank_row + 5 * c[0] + c[8]];
    }
    static constexpr int in_order[9] = {0, 1, 2, 3, 4, 5, 6, 7, 8};
    if (g == 3) return shanten_tables::split_rank(shanten_tables::honour_rank, c.data() + 27, in_order);
    return shanten_tables::split_rank(shanten_tables::suit_rank, c.data() + 9 * g, in_order);
  }

  static int shape_of(int g, Players players) noexcept {
    if (g == 3) return shanten_tables::honour;
    return g == 0 && players == Players::three ? shanten_tables::sanma_man : shanten_tables::suit;
  }

  static void set_group(Groups& gr, const Counts& c, int g, Players players) noexcept {
    gr.shape[g] = shape_of(g, players);
    gr.key[g] = key_of(c, g, players);
    gr.cost[g] = cost_of(gr.shape[g], gr.key[g]);
  }

  static Groups groups_of(const Counts& c, Players players) noexcept {
    Groups gr;
    for (int g = 0; g < 4; ++g) set_group(gr, c, g, players);
    return gr;
  }

  // Group-local kind bits to kinds.
  static std::uint64_t kinds_of(int g, int shape, std::uint32_t local) noexcept {
    if (shape == shanten_tables::sanma_man) return (local & 1u) | std::uint64_t{(local >> 1) & 1u} << 8;
    return std::uint64_t{local} << (g == 3 ? 27 : 9 * g);
  }

  // Min-plus: the cheapest way for two groups together to hold each cell.
  // One 16-byte vector per operand (GCC/Clang vector extensions, lowered to
  // each ISA's own instructions): for each cell j of a, a[j] plus b moved
  // up by j cells (inf where the cells don't fit), then the minimum. Costs
  // stay below 128, so no byte overflows.
  typedef std::uint8_t Cells __attribute__((vector_size(16)));
  static constexpr int moved_from(int j, int k) noexcept {
    const int m1 = j / 2, h1 = j % 2, m = k / 2, h = k % 2;
    return k >= cells || m < m1 || h < h1 ? 16 : 2 * (m - m1) + (h - h1);
  }
  template <int J>
  static Cells moved(const Cells& b, const Cells& high) noexcept {
    return __builtin_shufflevector(b, high, moved_from(J, 0), moved_from(J, 1), moved_from(J, 2), moved_from(J, 3),
                                   moved_from(J, 4), moved_from(J, 5), moved_from(J, 6), moved_from(J, 7),
                                   moved_from(J, 8), moved_from(J, 9), moved_from(J, 10), moved_from(J, 11),
                                   moved_from(J, 12), moved_from(J, 13), moved_from(J, 14), moved_from(J, 15));
  }
  static void combine(const std::uint8_t* a, const std::uint8_t* b, std::uint8_t* r) noexcept {
    Cells va, vb;
    std::memcpy(&va, a, 16);
    std::memcpy(&vb, b, 16);
    const Cells high = Cells{} + static_cast<std::uint8_t>(120);
    Cells out = high;
    static_for<cells>([&]<int J>() {
      const Cells t = (Cells{} + va[J]) + moved<J>(vb, high);
      out = out < t ? out : t;  // one unsigned byte minimum
    });
    std::memcpy(r, &out, 16);
  }

  // Cheapest `melds` melds and the head from two parts.
  static int join(const std::uint8_t* a, const std::uint8_t* b, int melds) noexcept {
    int best = 255;
    for (int m = 0; m <= melds; ++m)
      best = std::min(best, std::min(a[2 * m] + b[2 * (melds - m) + 1], a[2 * m + 1] + b[2 * (melds - m)]));
    return best;
  }

  // The cells j of a that reach r with b holding the rest (a[j] + b[the
  // cell that completes j to `melds` melds and one head] == r), as bits.
  template <int M>
  static constexpr int partner(int j) noexcept {
    return j < 2 * M + 2 ? 2 * (M - j / 2) + 1 - j % 2 : 16;
  }
  template <int M>
  static Cells partnered(const Cells& b, const Cells& high) noexcept {
    return __builtin_shufflevector(b, high, partner<M>(0), partner<M>(1), partner<M>(2), partner<M>(3), partner<M>(4),
                                   partner<M>(5), partner<M>(6), partner<M>(7), partner<M>(8), partner<M>(9),
                                   partner<M>(10), partner<M>(11), partner<M>(12), partner<M>(13), partner<M>(14),
                                   partner<M>(15));
  }
  static std::uint32_t tight_cells(const std::uint8_t* a, const std::uint8_t* b, int melds, int r) noexcept {
    Cells va, vb;
    std::memcpy(&va, a, 16);
    std::memcpy(&vb, b, 16);
    const Cells high = Cells{} + static_cast<std::uint8_t>(120);
    Cells other;
    switch (melds) {
      case 0: other = partnered<0>(vb, high); break;
      case 1: other = partnered<1>(vb, high); break;
      case 2: other = partnered<2>(vb, high); break;
      case 3: other = partnered<3>(vb, high); break;
      default: other = partnered<4>(vb, high); break;
    }
    const Cells eq = (Cells)(va + other == Cells{} + static_cast<std::uint8_t>(r));  // NOLINT: vector cast
    std::uint64_t lo, hi;
    std::memcpy(&lo, &eq, 8);
    std::memcpy(&hi, reinterpret_cast<const char*>(&eq) + 8, 8);
    constexpr std::uint64_t ones = 0x0101010101010101ull, gather = 0x0102040810204080ull;
    return static_cast<std::uint32_t>((((lo & ones) * gather) >> 56) | ((((hi & ones) * gather) >> 56) & 3u) << 8);
  }

  // The copies of each kind left for ukeire (4 - outside - visible, 0..4) as
  // three bit planes: ukeire of a mask is three popcounts.
  struct Left {
    std::uint64_t plane[3] = {};
    int of(std::uint64_t mask) const noexcept {
      return std::popcount(mask & plane[0]) + 2 * std::popcount(mask & plane[1]) + 4 * std::popcount(mask & plane[2]);
    }
  };
  static Left left_of(const Counts& outside, const std::uint8_t* visible) noexcept {
    Left l;
    for (int k = 0; k < kind_count; ++k) {
      const auto n = static_cast<unsigned>(4 - outside[static_cast<std::size_t>(k)] - (visible ? visible[k] : 0));
      for (int b = 0; b < 3; ++b) l.plane[b] |= std::uint64_t{(n >> b) & 1u} << k;
    }
    return l;
  }

  static int standard_replacements(const Groups& gr, int tiles) noexcept {
    alignas(16) std::uint8_t ab[16], cd[16];
    combine(gr.cost[0], gr.cost[1], ab);
    combine(gr.cost[2], gr.cost[3], cd);
    return join(ab, cd, tiles / 3);
  }

  // ---- seven pairs and thirteen orphans ----
  struct Tally {
    int pairs = 0, singles = 0, orphan_kinds = 0, orphan_pairs = 0;
  };
  static constexpr bool is_orphan(int k) noexcept { return k >= 27 || k % 9 == 0 || k % 9 == 8; }
  static constexpr std::uint64_t orphan_bits = [] {
    std::uint64_t b = 0;
    for (int k = 0; k < kind_count; ++k)
      if (is_orphan(k)) b |= std::uint64_t{1} << k;
    return b;
  }();
  static Tally tally_of(const Counts& c) noexcept {
    Tally t;
    for (int k = 0; k < kind_count; ++k) {
      const int n = c[static_cast<std::size_t>(k)];
      t.pairs += n >= 2;
      t.singles += n == 1;
      if (is_orphan(k)) {
        t.orphan_kinds += n >= 1;
        t.orphan_pairs += n >= 2;
      }
    }
    return t;
  }
  static int chiitoi_replacements(int pairs, int singles) noexcept {
    const int p = std::min(pairs, 7);
    const int s = std::min(singles, 7 - p);
    return s + 2 * (7 - p - s);
  }
  static int kokushi_replacements(int kinds, int pairs) noexcept { return 13 - kinds + (pairs > 0 ? 0 : 1); }

  static ShantenForms forms(const Counts& c, const Groups& gr, int tiles) noexcept {
    ShantenForms s;
    s.standard = static_cast<std::int8_t>(standard_replacements(gr, tiles) - 1);
    s.best = s.standard;
    if (tiles >= 13) {
      const Tally t = tally_of(c);
      s.chiitoi = static_cast<std::int8_t>(chiitoi_replacements(t.pairs, t.singles) - 1);
      s.kokushi = static_cast<std::int8_t>(kokushi_replacements(t.orphan_kinds, t.orphan_pairs) - 1);
      s.best = std::min({s.standard, s.chiitoi, s.kokushi});
    }
    return s;
  }

  // ---- necessary tiles of a 3k+1 hand ----
  // `outside`: the counts the ukeire leaves out besides `visible` (the hand,
  // or for advice the 3k+2 hand before the discard).
  static Necessary necessary(const Counts& c, const Groups& gr, int tiles, Players players, const Counts& outside,
                             const std::uint8_t* visible) noexcept {
    alignas(16) std::uint8_t rest[4][16];
    rests_of(gr, rest);
    return necessary(c, gr, rest, tiles, players, left_of(outside, visible));
  }
  // For each group, the other three combined.
  static void rests_of(const Groups& gr, std::uint8_t (*rest)[16]) noexcept {
    alignas(16) std::uint8_t p01[16], s23[16];
    combine(gr.cost[0], gr.cost[1], p01);
    combine(gr.cost[2], gr.cost[3], s23);
    combine(gr.cost[1], s23, rest[0]);
    combine(gr.cost[0], s23, rest[1]);
    combine(p01, gr.cost[3], rest[2]);
    combine(p01, gr.cost[2], rest[3]);
  }
  // What seven pairs and thirteen orphans need: the tally and the kinds
  // held not at all / once.
  struct Singles {
    Tally t;
    std::uint64_t zero = 0, one = 0;
  };
  static Singles singles_of(const Counts& c) noexcept {
    Singles s;
    s.t = tally_of(c);
    for (int k = 0; k < kind_count; ++k) {
      s.zero |= std::uint64_t{c[static_cast<std::size_t>(k)] == 0} << k;
      s.one |= std::uint64_t{c[static_cast<std::size_t>(k)] == 1} << k;
    }
    return s;
  }
  // The same after taking one copy of kind d (held n times) out.
  static Singles without(Singles s, int d, int n) noexcept {
    const std::uint64_t bit = std::uint64_t{1} << d;
    s.t.pairs -= n == 2;
    s.t.singles += (n == 2) - (n == 1);
    if (is_orphan(d)) {
      s.t.orphan_kinds -= n == 1;
      s.t.orphan_pairs -= n == 2;
    }
    s.zero |= n == 1 ? bit : 0;
    s.one = (s.one & ~bit) | (n == 2 ? bit : 0);
    return s;
  }

  // The same, given for each group the other three combined (rest).
  static Necessary necessary(const Counts& c, const Groups& gr, const std::uint8_t (*rest)[16], int tiles, Players players,
                             const Left& left) noexcept {
    return necessary(tiles == 13 ? singles_of(c) : Singles{}, gr, rest, tiles, players, left);
  }
  static Necessary necessary(const Singles& sg, const Groups& gr, const std::uint8_t (*rest)[16], int tiles,
                             Players players, const Left& left) noexcept {
    const int melds = tiles / 3;
    const int r = join(gr.cost[0], rest[0], melds);
    int best = r - 1;
    int chiitoi = 127, kokushi = 127;
    const Tally t = sg.t;
    if (tiles == 13) {
      chiitoi = chiitoi_replacements(t.pairs, t.singles) - 1;
      kokushi = kokushi_replacements(t.orphan_kinds, t.orphan_pairs) - 1;
      best = std::min({best, chiitoi, kokushi});
    }
    std::uint64_t mask = 0;
    if (r - 1 == best) {
      for (int g = 0; g < 4; ++g) {
        std::uint32_t local = 0;
        for (std::uint32_t tight = tight_cells(gr.cost[g], rest[g], melds, r); tight; tight &= tight - 1)
          local |= mask_of(gr.shape[g], gr.key[g], std::countr_zero(tight));
        mask |= kinds_of(g, gr.shape[g], local);
      }
    }
    if (tiles == 13) {
      std::uint64_t zero = sg.zero;
      const std::uint64_t one = sg.one;
      if (players == Players::three) zero &= ~std::uint64_t{0xFE};
      if (chiitoi == best) {
        if (chiitoi_replacements(t.pairs, t.singles + 1) - 1 < best) mask |= zero;
        if (chiitoi_replacements(t.pairs + 1, t.singles - 1) - 1 < best) mask |= one;
      }
      if (kokushi == best) mask |= (zero | (t.orphan_pairs ? 0 : one)) & orphan_bits;
    }
    Necessary n;
    n.shanten = static_cast<std::int8_t>(best);
    n.tiles = TileMask(mask);
    n.ukeire = static_cast<std::uint8_t>(left.of(mask));
    return n;
  }

  // ---- inputs ----
  static Counts counts_of(const Hand& h) noexcept {
    Counts c;
    for (int k = 0; k < kind_count; ++k) c[static_cast<std::size_t>(k)] = h.slots[slots::of_kind[static_cast<std::size_t>(k)]];
    return c;
  }

  // Calls f(i, counts, error) for each hand of the batch, validated for q.
  template <class F>
  static void each_hand(const BatchInput& in, Question q, F f) noexcept {
    for (std::size_t i = 0; i < in.size; ++i) {
      if (in.layout == Layout::hands) {
        const Hand& h = static_cast<const Hand*>(in.data)[i];
        f(i, counts_of(h), validate(h, q, in.options.players).code);
      } else {
        const std::uint8_t* row = static_cast<const std::uint8_t*>(in.data) + i * kind_count;
        Hand h;
        Counts c;
        std::uint8_t tiles = 0;
        for (int k = 0; k < kind_count; ++k) {
          c[static_cast<std::size_t>(k)] = row[k];
          h.slots[slots::of_kind[static_cast<std::size_t>(k)]] = row[k];
          tiles = static_cast<std::uint8_t>(tiles + row[k]);
        }
        h.tiles = tiles;
        f(i, c, validate(h, q, in.options.players).code);
      }
    }
  }

  // The visible row of hand i: none, one shared row, or one per hand.
  static const std::uint8_t* visible_row(const BatchInput& in, std::size_t i) noexcept {
    const auto& v = in.options.visible;
    if (v.size() >= in.size * kind_count && in.size > 0) return v.data() + i * kind_count;
    if (v.size() >= static_cast<std::size_t>(kind_count)) return v.data();
    return nullptr;
  }
  static bool over_four(const Counts& c, const std::uint8_t* visible) noexcept {
    if (!visible) return false;
    bool over = false;
    for (std::size_t k = 0; k < static_cast<std::size_t>(kind_count); ++k) over |= c[k] + visible[k] > 4;
    return over;
  }
};

// ---- many hands at once: lanes are hands, as in Kernel ----
//
// Per block: the hands transposed (col), validated; the lanes' four group
// keys computed across lanes (keys_of_lanes), each lane's four 16-byte cost
// rows gathered and transposed, so that cost[10g + cell] holds group g's cell of every hand
// (rows of 40 bytes: every Ops' transpose_in carries bytes 0..48);
// then the min-plus, seven pairs and thirteen orphans run on every lane at
// once. Lanes holding an invalid hand look up the empty hand instead.
template <class Ops>
struct ShantenLanes {
  using K = Kernel<Ops>;
  using S = ShantenKernel<Ops>;
  using V = typename Ops::V;
  static constexpr std::size_t lanes = Ops::lanes;
  static V k(int x) noexcept { return K::k(x); }
  static V mn(const V& a, const V& b) noexcept { return Ops::min(a, b); }

  // Group keys of one hand row (slots), under the rules.
  static std::uint32_t key_of_group(const std::uint8_t* h, int g, Players players) noexcept {
    static constexpr int in_order[9] = {0, 1, 2, 3, 4, 5, 6, 7, 8};
    static constexpr int honours[7] = {honour_slot[0], honour_slot[1], honour_slot[2], honour_slot[3],
                                       honour_slot[4], honour_slot[5], honour_slot[6]};
    if (g == 3) return shanten_tables::split_rank(shanten_tables::honour_rank, h + 36, honours);
    if (g == 0 && players == Players::three) {
      const std::uint32_t* r = S::rank_table(shanten_tables::sanma_man);
      return r[h[0]] + r[shanten_tables::rank_row + 5 * h[0] + h[8]];
    }
    return shanten_tables::split_rank(shanten_tables::suit_rank, h + 12 * g, in_order);
  }
  static void keys_of_row(const std::uint8_t* h, Players players, std::uint32_t* key) noexcept {
    for (int g = 0; g < 4; ++g) key[g] = key_of_group(h, g, players);
  }

  // Min-plus of two cell vectors (cells 0..9), lane by lane.
  static void combine(const V* a, const V* b, V* r) noexcept {
    for (int m = 0; m < 5; ++m) {
      V r0 = a[0] + b[2 * m], r1 = mn(a[0] + b[2 * m + 1], a[1] + b[2 * m]);
      for (int m1 = 1; m1 <= m; ++m1) {
        const int m2 = m - m1;
        r0 = mn(r0, a[2 * m1] + b[2 * m2]);
        r1 = mn(r1, mn(a[2 * m1] + b[2 * m2 + 1], a[2 * m1 + 1] + b[2 * m2]));
      }
      r[2 * m] = r0;
      r[2 * m + 1] = r1;
    }
  }

  // The cheapest M melds and one head from two parts, M chosen per lane by
  // the exclusive masks is_melds[0..4].
  static V join(const V* a, const V* b, const V* is_melds) noexcept {
    V out = k(0);
    for (int M = 0; M < 5; ++M) {
      V best = mn(a[0] + b[2 * M + 1], a[1] + b[2 * M]);
      for (int m = 1; m <= M; ++m) best = mn(best, mn(a[2 * m] + b[2 * (M - m) + 1], a[2 * m + 1] + b[2 * (M - m)]));
      out = out | (is_melds[M] & best);
    }
    return out;
  }

  struct Block {
    alignas(64) std::int8_t err[lanes];
    alignas(64) V cost[64];  // group g's cell c at 10 g + c
    std::uint32_t key[lanes][4];
    V is_melds[5];
  };

  // Validation, keys and the transposed cost rows of one block.
  // Lane l's hand as 64 slot bytes: the block's rows, or (rows null) the
  // columns transposed back into `own`.
  static const std::uint8_t* const* hand_rows(const V* col, const std::uint8_t* const* rows,
                                              std::uint8_t (*own)[64], const std::uint8_t** table) noexcept {
    if (rows) return rows;
    Ops::transpose_out(col, own);
    for (std::size_t l = 0; l < lanes; ++l) table[l] = own[l];
    return table;
  }

  // Every lane's group keys (what keys_of_row gives), the arithmetic across
  // lanes: each group's base-5 count digits three kinds to a byte (at most
  // 124), transposed out, then per lane and group the two split-rank lookups.
  // Lanes holding an invalid hand (`ok` zero) get the empty hand's keys.
  static void keys_of_lanes(const V* col, const V& ok, Players players, Block& b) noexcept {
    auto times5 = [](const V& x) {
      const V twice = x + x;
      return twice + twice + x;
    };
    auto digits3 = [&](const V& first, const V& second, const V& third) {
      return first + times5(second + times5(third));
    };
    alignas(64) V part[64];  // 0..18 used; the rest only fills the transpose
    for (int j = 19; j < 64; ++j) part[j] = k(0);
    for (int g = 0; g < 3; ++g) {
      V c[9];
      for (int i = 0; i < 9; ++i) c[i] = col[12 * g + i] & ok;
      part[5 * g] = digits3(c[0], c[1], c[2]);      // first index: kinds 0-2,
      part[5 * g + 1] = c[3] + times5(c[4]);        //   3-4 (times 125)
      part[5 * g + 2] = c[0] + c[1] + c[2] + c[3] + c[4];  // tiles before kind 5
      part[5 * g + 3] = digits3(c[5], c[6], c[7]);  // rest index: kinds 5-7,
      part[5 * g + 4] = c[8];                       //   8 (times 125)
    }
    V z[7];
    for (int i = 0; i < 7; ++i) z[i] = col[36 + honour_slot[static_cast<std::size_t>(i)]] & ok;
    part[15] = digits3(z[0], z[1], z[2]);
    part[16] = z[3];
    part[17] = z[0] + z[1] + z[2] + z[3];
    part[18] = digits3(z[4], z[5], z[6]);
    alignas(64) std::uint8_t p[lanes][64];
    Ops::transpose_out(part, p);
    const auto& suit = shanten_tables::suit_rank;
    const auto& honour = shanten_tables::honour_rank;
    const std::uint32_t* sanma = S::rank_table(shanten_tables::sanma_man);
    for (std::size_t l = 0; l < lanes; ++l) {
      const std::uint8_t* q = p[l];
      for (int g = 0; g < 3; ++g)
        b.key[l][g] = suit.first[q[5 * g] + 125u * q[5 * g + 1]] + suit.rest[q[5 * g + 2]][q[5 * g + 3] + 125u * q[5 * g + 4]];
      if (players == Players::three)  // 1m and 9m only: kinds 1-7 hold nothing in a valid hand
        b.key[l][0] = sanma[q[0]] + sanma[shanten_tables::rank_row + 5 * q[0] + q[4]];
      b.key[l][3] = honour.first[q[15] + 125u * q[16]] + honour.rest[q[17]][q[18]];
    }
  }

  // with_masks: the lanes' mask rows will be read too (necessary tiles):
  // prefetched here, with the whole block's arithmetic to arrive in.
  static void load(const V* col, int residue, Players players, Block& b, bool with_masks = false) noexcept {
    const V err = K::validate(col, col[48], residue, players);
    Ops::store(b.err, err);
    alignas(64) std::uint8_t costs[lanes][64];
    const std::uint8_t* cost_rows[lanes];
    const int man = players == Players::three ? shanten_tables::sanma_man : shanten_tables::suit;
    // Every key first, then every load: the table reads (mostly cache
    // misses) overlap.
    keys_of_lanes(col, K::is_zero(err), players, b);
    if (with_masks) {
      const int shape[4] = {man, shanten_tables::suit, shanten_tables::suit, shanten_tables::honour};
      for (std::size_t l = 0; l < lanes; ++l)
        for (int g = 0; g < 4; ++g) __builtin_prefetch(&S::mask_row(shape[g], b.key[l][g]));
    }
    for (std::size_t l = 0; l < lanes; ++l) {
      std::memcpy(costs[l], S::cost_of(man, b.key[l][0]), 16);
      std::memcpy(costs[l] + 10, S::cost_of(shanten_tables::suit, b.key[l][1]), 16);  // in order: each
      // copy's padding is overwritten by the next group
      std::memcpy(costs[l] + 20, S::cost_of(shanten_tables::suit, b.key[l][2]), 16);
      std::memcpy(costs[l] + 30, S::cost_of(shanten_tables::honour, b.key[l][3]), 16);
      cost_rows[l] = costs[l];
    }
    Ops::transpose_in(cost_rows, b.cost);
    const V& tiles = col[48];
    const V melds = k(0) - (K::gt(tiles, k(2)) + K::gt(tiles, k(5)) + K::gt(tiles, k(8)) + K::gt(tiles, k(11)));
    for (int M = 0; M < 5; ++M) b.is_melds[M] = K::eq(melds, k(M));
  }

  // Seven pairs and thirteen orphans: replacement numbers and what they need.
  struct Special {
    V pairs, singles;          // kinds held 2+ / once (as counts)
    V chiitoi, kokushi;        // replacement numbers
    V orphan_pair;             // all ones where an orphan is held twice or more
  };
  static Special special(const V* a) noexcept {
    V pairs = k(0), singles = k(0), kinds = k(0), orphan_pair = k(0);
    for (int s : slots::tiles) {
      pairs = pairs + K::gt(a[s], k(1));
      singles = singles + K::eq(a[s], k(1));
    }
    for (int s : slots::orphans) {
      kinds = kinds + K::gt(a[s], k(0));
      orphan_pair = orphan_pair | K::gt(a[s], k(1));
    }
    Special sp;
    sp.pairs = k(0) - pairs;
    sp.singles = k(0) - singles;
    sp.chiitoi = chiitoi(sp.pairs, sp.singles);
    sp.kokushi = k(14) + kinds + orphan_pair;  // 13 - kinds + (no pair ? 1 : 0)
    sp.orphan_pair = orphan_pair;
    return sp;
  }
  static V chiitoi(const V& pairs, const V& singles) noexcept {
    const V p = mn(pairs, k(7));
    const V s = mn(singles, k(7) - p);
    return k(14) - p - p - s;
  }
};

// A batch this small runs hand by hand: a block costs the same for one hand as for a full register.
inline constexpr std::size_t shanten_scalar_below = 4;

template <class Ops>
void shanten_by_hand(const BatchInput& in, Result<ShantenForms>* out) noexcept {
  using S = ShantenKernel<Ops>;
  const Players players = in.options.players;
  S::each_hand(in, Question::shanten, [&](std::size_t i, const typename S::Counts& c, Error e) {
    if (e != Error::none) {
      out[i] = {{}, e};
      return;
    }
    int tiles = 0;
    for (auto n : c) tiles += n;
    out[i] = {S::forms(c, S::groups_of(c, players), tiles), Error::none};
  });
}

template <class Ops>
void necessary_by_hand(const BatchInput& in, Result<Necessary>* out) noexcept {
  using S = ShantenKernel<Ops>;
  const Players players = in.options.players;
  S::each_hand(in, Question::waits, [&](std::size_t i, const typename S::Counts& c, Error e) {
    const std::uint8_t* visible = S::visible_row(in, i);
    if (e == Error::none && S::over_four(c, visible)) e = Error::visible_over_four;
    if (e != Error::none) {
      out[i] = {{}, e};
      return;
    }
    int tiles = 0;
    for (auto n : c) tiles += n;
    out[i] = {S::necessary(c, S::groups_of(c, players), tiles, players, c, visible), Error::none};
  });
}

// The advice of options found in kind order, sorted: shanten ascending,
// ukeire descending, kind ascending.
inline void write_advice(const DiscardOption* found, int count, Advice& a) noexcept {
  // Distinct keys (shanten, 255 - ukeire, index; absent options last): each
  // option's place is the number of smaller keys, counted without branches
  // (a sort's compares mispredict half the time on these).
  std::uint32_t key[16];
  for (int k = 0; k < 16; ++k)
    key[k] = k < count ? static_cast<std::uint32_t>(found[k].shanten + 1) << 16 | (255u - found[k].ukeire) << 8 |
                             static_cast<std::uint32_t>(k)
                       : 0xFFFFFF00u | static_cast<std::uint32_t>(k);
  a.count = static_cast<std::uint8_t>(count);
  for (int k = 0; k < 14; ++k) {
    int place = 0;
    for (int j = 0; j < 16; ++j) place += key[j] < key[k];
    a.options[static_cast<std::size_t>(place)] = k < count ? found[k] : DiscardOption{};
  }
}

// The advice of a valid 3k+2 hand from its groups (whole), the kinds it
// holds, count(d) of each, each discard's key of its group after the discard
// (key_after), the seven-pairs /
// thirteen-orphans tally (14 tiles) and the copies left: the min-plus of
// every discard's groups, reusing what the discards share. A discard changes
// one group g: the other three combined are the same for every discard of g,
// and each other group's rest is g's new costs with a pair of unchanged groups.
template <class Ops, class Count>
void advise(const typename ShantenKernel<Ops>::Groups& whole, int tiles, Players players,
            const typename ShantenKernel<Ops>::Singles& whole_singles, const typename ShantenKernel<Ops>::Left& left,
            std::uint64_t held, Count count, const std::uint32_t* key_after, Advice& a) noexcept {
  using S = ShantenKernel<Ops>;
  // Every discard's table rows fetched first: the misses of the 8 MB tables
  // overlap (with each other and the combines below) instead of stalling
  // discard by discard.
  for (std::uint64_t m = held; m; m &= m - 1) {
    const int d = std::countr_zero(m), shape = whole.shape[S::group_of(d, players)];
    __builtin_prefetch(S::cost_of(shape, key_after[d]));
    __builtin_prefetch(&S::mask_row(shape, key_after[d]));
  }
  alignas(16) std::uint8_t pair[4][4][16], others[4][16];
  for (int x = 0; x < 4; ++x)
    for (int y = x + 1; y < 4; ++y) S::combine(whole.cost[x], whole.cost[y], pair[x][y]);
  S::combine(whole.cost[1], pair[2][3], others[0]);
  S::combine(whole.cost[0], pair[2][3], others[1]);
  S::combine(pair[0][1], whole.cost[3], others[2]);
  S::combine(pair[0][1], whole.cost[2], others[3]);
  int found_count = 0;
  DiscardOption found[14];
  for (; held; held &= held - 1) {
    const int d = std::countr_zero(held);
    const auto sg = tiles == 14 ? S::without(whole_singles, d, count(d)) : typename S::Singles{};
    typename S::Groups gr = whole;
    const int g = S::group_of(d, players);
    gr.key[g] = key_after[d];
    gr.cost[g] = S::cost_of(gr.shape[g], gr.key[g]);
    alignas(16) std::uint8_t rest[4][16];
    std::memcpy(rest[g], others[g], 16);
    for (int h = 0; h < 4; ++h) {
      if (h == g) continue;
      const int x = (g == 0 || h == 0) ? ((g == 1 || h == 1) ? 2 : 1) : 0;  // the lower of the other two
      const int y = 6 - g - h - x;
      S::combine(gr.cost[g], pair[x][y], rest[h]);
    }
    const Necessary n = S::necessary(sg, gr, rest, tiles - 1, players, left);
    found[found_count++] = DiscardOption{Tile(d), n.shanten, n.ukeire, n.tiles};
  }
  write_advice(found, found_count, a);
}

}  // namespace mjk::simd

namespace mjk::single {

// What shanten, necessary tiles and advice of one hand start from, on the
// single path: its SIMD validation, the group keys straight from the slot
// bytes, and from the slot bit masks (count >= 1, 2, 3, == 4) the seven
// pairs / thirteen orphans tally and the copies left, so that no 34-count
// loop runs without visible tiles.
template <class Ops>
struct ShantenHand {
  using P = Path<Ops>;
  using S = simd::ShantenKernel<Ops>;
  typename P::Prepared masks;  // slot bits: count >= 1, 2, 3, == 4
  typename S::Groups groups;
  typename S::Singles singles;  // the tally and the kinds held zero / one times
  typename S::Left left;        // 4 - held - visible, as bit planes
  int tiles = 0;

  // Validated for q; `for_draws` (necessary tiles, advice): also the kinds
  // held zero / one times and the copies left (checks the visible tiles).
  // The group keys and cost rows first: their table reads overlap the rest.
  Error prepare(const Hand& hand, const Options& options, Question q, bool for_draws) noexcept {
    std::array<int, 4> sum{};
    const Error e = P::validate(hand, q, options.players, sum);
    if (e != Error::none) return e;
    tiles = sum[0] + sum[1] + sum[2] + sum[3];
    simd::ShantenLanes<Ops>::keys_of_row(hand.slots.data(), options.players, groups.key);
    for (int g = 0; g < 4; ++g) {
      groups.shape[g] = S::shape_of(g, options.players);
      groups.cost[g] = S::cost_of(groups.shape[g], groups.key[g]);
    }
    if (tiles < 13 && !for_draws) return Error::none;  // only the standard form
    P::prepare_bits(masks, hand.slots.data());
    const std::uint64_t one = masks.occ & ~masks.ge2;
    singles.t.pairs = std::popcount(masks.ge2);
    singles.t.singles = std::popcount(one);
    singles.t.orphan_kinds = std::popcount(masks.occ & bits::orphans);
    singles.t.orphan_pairs = std::popcount(masks.ge2 & bits::orphans);
    if (!for_draws) return Error::none;
    singles.zero = slots::to_kinds(~masks.occ);
    singles.one = slots::to_kinds(one);
    if (options.visible.size() >= static_cast<std::size_t>(kind_count)) {
      const typename S::Counts c = S::counts_of(hand);
      if (S::over_four(c, options.visible.data())) return Error::visible_over_four;
      left = S::left_of(c, options.visible.data());
    } else {  // 4 (0b100) where none is held, 3 (0b011) one, 2 (0b010) two, 1 three
      left.plane[0] = slots::to_kinds(one | (masks.ge3 & ~masks.four));
      left.plane[1] = slots::to_kinds(one | (masks.ge2 & ~masks.ge3));
      left.plane[2] = singles.zero;
    }
    return Error::none;
  }
};

template <class Ops>
Result<ShantenForms> shanten(const Hand& hand, const Options& options) noexcept {
  using S = simd::ShantenKernel<Ops>;
  ShantenHand<Ops> h;
  const Error e = h.prepare(hand, options, Question::shanten, false);
  if (e != Error::none) return {{}, e};
  ShantenForms f;
  f.standard = static_cast<std::int8_t>(S::standard_replacements(h.groups, h.tiles) - 1);
  f.best = f.standard;
  if (h.tiles >= 13) {
    const auto& t = h.singles.t;
    f.chiitoi = static_cast<std::int8_t>(S::chiitoi_replacements(t.pairs, t.singles) - 1);
    f.kokushi = static_cast<std::int8_t>(S::kokushi_replacements(t.orphan_kinds, t.orphan_pairs) - 1);
    f.best = std::min({f.standard, f.chiitoi, f.kokushi});
  }
  return {f, Error::none};
}

template <class Ops>
Result<Necessary> necessary_tiles(const Hand& hand, const Options& options) noexcept {
  using S = simd::ShantenKernel<Ops>;
  ShantenHand<Ops> h;
  const Error e = h.prepare(hand, options, Question::waits, true);
  if (e != Error::none) return {{}, e};
  alignas(16) std::uint8_t rest[4][16];
  S::rests_of(h.groups, rest);
  return {S::necessary(h.singles, h.groups, rest, h.tiles, options.players, h.left), Error::none};
}

// Advice: each discard's key from the slot bytes with that copy taken out.
template <class Ops>
Result<Advice> advice(const Hand& hand, const Options& options) noexcept {
  using S = simd::ShantenKernel<Ops>;
  using SL = simd::ShantenLanes<Ops>;
  const Players players = options.players;
  ShantenHand<Ops> h;
  const Error e = h.prepare(hand, options, Question::complete, true);
  if (e != Error::none) return {{}, e};
  const std::uint64_t held = slots::to_kinds(h.masks.occ);
  alignas(64) std::uint8_t after[64];
  std::memcpy(after, hand.slots.data(), 64);
  std::uint32_t key_after[kind_count];
  for (std::uint64_t m = held; m; m &= m - 1) {
    const int d = std::countr_zero(m);
    const int slot = Tile(d).slot();
    --after[slot];
    key_after[d] = SL::key_of_group(after, S::group_of(d, players), players);
    ++after[slot];
  }
  Result<Advice> r;
  simd::advise<Ops>(h.groups, h.tiles, players, h.singles, h.left, held,
                    [&hand](int d) { return static_cast<int>(hand.slots[Tile(d).slot()]); }, key_after, r.value);
  return r;
}

}  // namespace mjk::single

namespace mjk::simd {

template <class Ops>
void shanten(const BatchInput& in, Result<ShantenForms>* out) noexcept {
  using SL = ShantenLanes<Ops>;
  using V = typename Ops::V;
  if (in.size < shanten_scalar_below) return shanten_by_hand<Ops>(in, out);
  const Players players = in.options.players;
  for_each_block_rows<Ops>(in, [&](const V* col, const std::uint8_t* const* block_rows, std::size_t base, std::size_t count) {
    (void)block_rows;
    typename SL::Block b;
    SL::load(col, 0, players, b);
    V ab[10], cd[10];
    SL::combine(b.cost, b.cost + 10, ab);
    SL::combine(b.cost + 20, b.cost + 30, cd);
    // Replacement numbers (never negative: the unsigned min applies), then shanten.
    const V r = SL::join(ab, cd, b.is_melds);
    const auto sp = SL::special(col);
    const V closed = Kernel<Ops>::gt(col[48], SL::k(12));
    const V na = SL::k(ShantenForms::not_applicable);
    const V best = SL::mn(r, SL::mn(closed & sp.chiitoi, closed & sp.kokushi) | (Kernel<Ops>::is_not(closed) & SL::k(100))) - SL::k(1);
    const V standard = r - SL::k(1);
    const V chiitoi = (closed & (sp.chiitoi - SL::k(1))) | (Kernel<Ops>::is_not(closed) & na);
    const V kokushi = (closed & (sp.kokushi - SL::k(1))) | (Kernel<Ops>::is_not(closed) & na);
    alignas(64) std::int8_t v[4][Ops::lanes];
    Ops::store(v[0], best);
    Ops::store(v[1], standard);
    Ops::store(v[2], chiitoi);
    Ops::store(v[3], kokushi);
    for (std::size_t l = 0; l < count; ++l) {
      if (b.err[l]) {
        out[base + l] = {{}, static_cast<Error>(b.err[l])};
      } else {
        out[base + l] = {ShantenForms{v[0][l], v[1][l], v[2][l], v[3][l]}, Error::none};
      }
    }
  });
}

template <class Ops>
void necessary_tiles(const BatchInput& in, Result<Necessary>* out) noexcept {
  using SL = ShantenLanes<Ops>;
  using S = ShantenKernel<Ops>;
  using K = Kernel<Ops>;
  using V = typename Ops::V;
  if (in.size < shanten_scalar_below) return necessary_by_hand<Ops>(in, out);
  const Players players = in.options.players;
  for_each_block_rows<Ops>(in, [&](const V* col, const std::uint8_t* const* block_rows, std::size_t base, std::size_t count) {
    alignas(64) std::uint8_t own[Ops::lanes][64];
    const std::uint8_t* table[Ops::lanes];
    const std::uint8_t* const* rows = SL::hand_rows(col, block_rows, own, table);
    typename SL::Block b;
    SL::load(col, 1, players, b, true);
    const V* g[4] = {b.cost, b.cost + 10, b.cost + 20, b.cost + 30};
    V p01[10], s23[10], rest[4][10];
    SL::combine(g[0], g[1], p01);
    SL::combine(g[2], g[3], s23);
    SL::combine(g[1], s23, rest[0]);
    SL::combine(g[0], s23, rest[1]);
    SL::combine(p01, g[3], rest[2]);
    SL::combine(p01, g[2], rest[3]);
    const V r = SL::join(g[0], rest[0], b.is_melds);
    const V standard = r - SL::k(1);
    const auto sp = SL::special(col);
    const V closed = K::eq(col[48], SL::k(13));
    // Replacement-number minus one; 100 where the form doesn't apply.
    const V chiitoi = (closed & (sp.chiitoi - SL::k(1))) | (K::is_not(closed) & SL::k(100));
    const V kokushi = (closed & (sp.kokushi - SL::k(1))) | (K::is_not(closed) & SL::k(100));
    const V best = SL::mn(standard, SL::mn(chiitoi, kokushi));  // all >= 0: 3k+1 hands are never complete
    const V standard_best = K::eq(standard, best);

    // Tight cells: group cell + the rest's complement == r, on the best form.
    alignas(64) V tight[64];
    for (auto& t : tight) t = SL::k(0);
    for (int gi = 0; gi < 4; ++gi)
      for (int m = 0; m < 5; ++m)
        for (int h = 0; h < 2; ++h) {
          V comp = SL::k(0), valid = SL::k(0);
          for (int M = m; M < 5; ++M) {
            comp = comp | (b.is_melds[M] & rest[gi][2 * (M - m) + 1 - h]);
            valid = valid | b.is_melds[M];
          }
          tight[16 * gi + 2 * m + h] = K::eq(g[gi][2 * m + h] + comp, r) & valid & standard_best;
        }
    alignas(64) std::uint8_t tight_rows[Ops::lanes][64];
    Ops::transpose_out(tight, tight_rows);

    // Seven pairs / thirteen orphans: the kinds whose draw lowers them.
    const V c_best = K::eq(chiitoi, best) & closed, k_best = K::eq(kokushi, best) & closed;
    const V single_helps = c_best & K::gt(sp.chiitoi, SL::chiitoi(sp.pairs, sp.singles + SL::k(1)));
    const V pair_helps = c_best & K::gt(sp.chiitoi, SL::chiitoi(sp.pairs + SL::k(1), sp.singles - SL::k(1)));
    const V k_one = k_best & K::is_not(sp.orphan_pair);
    alignas(64) V special[64];
    for (auto& t : special) t = SL::k(0);
    for (int s : slots::tiles) {
      const bool orphan = Tile::from_slot(s)->is_terminal_or_honour();
      if (players == Players::three && s >= 1 && s <= 7) continue;
      const V zero = K::is_zero(col[s]), one = K::eq(col[s], SL::k(1));
      V z = single_helps, o = pair_helps;
      if (orphan) z = z | k_best, o = o | k_one;
      special[s] = (zero & z) | (one & o);
    }
    alignas(64) std::uint8_t special_rows[Ops::lanes][64];
    Ops::transpose_out(special, special_rows);
    alignas(64) std::int8_t best_of[Ops::lanes];
    Ops::store(best_of, best);

    const int man = players == Players::three ? shanten_tables::sanma_man : shanten_tables::suit;
    const int shape[4] = {man, shanten_tables::suit, shanten_tables::suit, shanten_tables::honour};
    for (std::size_t l = 0; l < count; ++l) {
      const std::size_t i = base + l;
      Error e = static_cast<Error>(b.err[l]);
      const std::uint8_t* visible = S::visible_row(in, i);
      const std::uint8_t* h = rows[l];
      if (e == Error::none && visible) {
        for (int kind = 0; kind < kind_count; ++kind)
          if (h[slots::of_kind[static_cast<std::size_t>(kind)]] + visible[kind] > 4) e = Error::visible_over_four;
      }
      if (e != Error::none) {
        out[i] = {{}, e};
        continue;
      }
      std::uint64_t mask = slot_bytes_to_mask(special_rows[l]).bits();
      for (int gi = 0; gi < 4; ++gi) {
        std::uint64_t w;
        std::memcpy(&w, tight_rows[l] + 16 * gi, 8);
        std::uint32_t cells = static_cast<std::uint32_t>((((w & 0x0101010101010101ull) * 0x0102040810204080ull) >> 56) |
                                                         ((tight_rows[l][16 * gi + 8] & 1u) << 8) |
                                                         ((tight_rows[l][16 * gi + 9] & 1u) << 9));
        std::uint32_t local = 0;
        for (; cells; cells &= cells - 1) local |= S::mask_of(shape[gi], b.key[l][gi], std::countr_zero(cells));
        mask |= S::kinds_of(gi, shape[gi], local);
      }
      // Copies left: 4 per kind less the hand's (three bit planes of its
      // counts) less the visible ones.
      int ukeire = 4 * std::popcount(mask);
      for (int bit = 0; bit < 3; ++bit) ukeire -= std::popcount(mask & slot_bytes_to_mask(h, bit).bits()) << bit;
      if (visible)
        for (std::uint64_t m = mask; m; m &= m - 1) ukeire -= visible[std::countr_zero(m)];
      Necessary n;
      n.shanten = best_of[l];
      n.ukeire = static_cast<std::uint8_t>(ukeire);
      n.tiles = TileMask(mask);
      out[i] = {n, Error::none};
    }
  });
}

// One hand at a time (small batches).
template <class Ops>
void advice_by_hand(const BatchInput& in, Result<Advice>* out) noexcept {
  using S = ShantenKernel<Ops>;
  const Players players = in.options.players;
  S::each_hand(in, Question::complete, [&](std::size_t i, const typename S::Counts& c, Error e) {
    const std::uint8_t* visible = S::visible_row(in, i);
    if (e == Error::none && S::over_four(c, visible)) e = Error::visible_over_four;
    if (e != Error::none) {
      out[i] = {{}, e};
      return;
    }
    int tiles = 0;
    for (auto n : c) tiles += n;
    const typename S::Groups whole = S::groups_of(c, players);
    const typename S::Singles whole_singles = tiles == 14 ? S::singles_of(c) : typename S::Singles{};
    typename S::Counts after = c;
    std::uint32_t key_after[kind_count];
    std::uint64_t held = 0;
    for (int d = 0; d < kind_count; ++d) {
      if (!c[static_cast<std::size_t>(d)]) continue;
      held |= std::uint64_t{1} << d;
      --after[static_cast<std::size_t>(d)];
      key_after[d] = S::key_of(after, S::group_of(d, players), players);
      ++after[static_cast<std::size_t>(d)];
    }
    advise<Ops>(whole, tiles, players, whole_singles, S::left_of(c, visible), held,
                [&c](int d) { return static_cast<int>(c[static_cast<std::size_t>(d)]); }, key_after,
                out[i].value);  // in place: an Advice is 232 bytes
    out[i].error = Error::none;
  });
}

// Many hands: every discard of a round of hands becomes a 3k+1 hand of its
// own, and the lanes' necessary tiles answer them all at once. Ukeire counts
// the copies outside the hand before the discard: three popcounts per option.
inline constexpr std::size_t advice_lanes_from = 8;  // hands; fewer fill too few lanes
template <class Ops>
void advice(const BatchInput& in, Result<Advice>* out) noexcept {
  using S = ShantenKernel<Ops>;
  if (in.size < advice_lanes_from) return advice_by_hand<Ops>(in, out);
  constexpr std::size_t round = 32, most = round * 14;  // 28 KB of hands on the stack
  Hand after[most];
  Result<Necessary> nec[most];
  std::uint8_t discarded[most];
  typename S::Left left[round];
  std::uint16_t first[round];
  std::uint8_t count[round];
  for (std::size_t start = 0; start < in.size; start += round) {
    const std::size_t n = std::min(round, in.size - start);
    BatchInput part = in;
    part.size = n;
    part.data = in.layout == Layout::hands ? static_cast<const void*>(static_cast<const Hand*>(in.data) + start)
                                           : static_cast<const std::uint8_t*>(in.data) + start * kind_count;
    std::size_t rows = 0;
    S::each_hand(part, Question::complete, [&](std::size_t i, const typename S::Counts& c, Error e) {
      const std::uint8_t* visible = S::visible_row(in, start + i);
      if (e == Error::none && S::over_four(c, visible)) e = Error::visible_over_four;
      count[i] = 0;
      out[start + i].error = e;
      if (e != Error::none) {
        out[start + i].value = {};
        return;
      }
      left[i] = S::left_of(c, visible);
      Hand whole;
      int tiles = 0;
      std::uint64_t held = 0;
      for (int k = 0; k < kind_count; ++k) {
        whole.slots[slots::of_kind[static_cast<std::size_t>(k)]] = c[static_cast<std::size_t>(k)];
        tiles += c[static_cast<std::size_t>(k)];
        held |= std::uint64_t{c[static_cast<std::size_t>(k)] != 0} << k;
      }
      whole.tiles = static_cast<std::uint8_t>(tiles - 1);
      first[i] = static_cast<std::uint16_t>(rows);
      for (; held; held &= held - 1) {
        const int d = std::countr_zero(held);
        discarded[rows] = static_cast<std::uint8_t>(d);
        Hand& h = after[rows++];
        h = whole;
        --h.slots[slots::of_kind[static_cast<std::size_t>(d)]];
        ++count[i];
      }
    });
    BatchInput discards{after, rows, Layout::hands, in.options};
    discards.options.visible = {};
    necessary_tiles<Ops>(discards, nec);
    for (std::size_t i = 0; i < n; ++i) {
      if (out[start + i].error != Error::none) continue;
      DiscardOption found[14];
      for (int k = 0; k < count[i]; ++k) {
        const std::size_t row = first[i] + static_cast<std::size_t>(k);
        const Necessary& nk = nec[row].value;
        found[k] = {Tile(discarded[row]), nk.shanten, static_cast<std::uint8_t>(left[i].of(nk.tiles.bits())), nk.tiles};
      }
      write_advice(found, count[i], out[start + i].value);
    }
  }
}

}  // namespace mjk::simd
