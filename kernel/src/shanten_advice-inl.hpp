// Discard advice of one 3k+2 hand from its groups, written once over each
// ISA's Ops (included by shanten-inl.hpp and shanten_single-inl.hpp). Every
// discard changes one group g, so everything about the three others is
// computed once per hand and each discard costs one pass over its new cost
// row.
//
// With M melds to make after the discard, the standard form's replacement
// number and tight cells (shanten_groups-inl.hpp) of a discard from g, with
// new costs c', need for each other group h and cell j
//   X[h][j] = c_h[j] + min_a (c'[a] + P[comp(j, a)])
// where P is the min-plus of the two groups other than g and h and comp(j, a)
// the cell completing j and a to M melds and one head. Per hand and per
// group g, Q[g][a][h, j] = c_h[j] + P[comp(j, a)] packs the three other
// groups' ten cells in one 32-byte vector, so that a discard costs ten
// broadcast-add-minimum steps for all three: X = min_a (c'[a] + Q[g][a]).
// g's own cells are c'[j] + the three others' combined cost of the
// complementing cell (one add); r is their minimum; a cell is tight where its
// value is r.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>

#include "mjk/analysis.hpp"
#include "shanten_batch-inl.hpp"
#include "shanten_groups-inl.hpp"

namespace mjk::simd {

template <class Ops>
struct AdviceKernel {
  using S = ShantenKernel<Ops>;
  using Cells = typename S::Cells;
  typedef std::uint8_t Cells32 __attribute__((vector_size(32)));
  static constexpr int cells = shanten_tables::cells;
  static constexpr std::uint8_t high = 120;  // above any reachable sum; 120 + 30 + 30 still fits a byte

  // The cell completing j and a to M melds and one head; 15 (a byte that
  // holds `high` in a combined row) where there is none.
  template <int M>
  static constexpr int comp(int j, int a) noexcept {
    const int mj = j / 2, hj = j % 2, ma = a / 2, ha = a % 2;
    if (j >= cells || mj + ma > M || hj + ha > 1) return 15;
    return 2 * (M - mj - ma) + (1 - hj - ha);
  }
  template <int M, int A>
  static Cells completed(const Cells& p) noexcept {
    return __builtin_shufflevector(p, p, comp<M>(0, A), comp<M>(1, A), comp<M>(2, A), comp<M>(3, A), comp<M>(4, A),
                                   comp<M>(5, A), comp<M>(6, A), comp<M>(7, A), comp<M>(8, A), comp<M>(9, A),
                                   comp<M>(10, A), comp<M>(11, A), comp<M>(12, A), comp<M>(13, A), comp<M>(14, A),
                                   comp<M>(15, A));
  }

  // The OR of the 16-bit mask row's entries where eq holds 0xFF (row entries
  // 10..15 or eq's bytes 10..15 zero), without a branch per tight cell.
  typedef std::int8_t SignedCells __attribute__((vector_size(16)));
  typedef std::int16_t Words __attribute__((vector_size(32)));
  typedef std::uint16_t Words8 __attribute__((vector_size(16)));
  static std::uint32_t masks_where(const Cells& eq, const std::uint8_t* row) noexcept {
    SignedCells e;
    std::memcpy(&e, &eq, 16);
    Words m;
    std::memcpy(&m, row, 32);
    const Words w = __builtin_convertvector(e, Words) & m;
    Words8 lo, hi;
    std::memcpy(&lo, &w, 16);
    std::memcpy(&hi, reinterpret_cast<const char*>(&w) + 16, 16);
    lo |= hi;
    lo |= __builtin_shufflevector(lo, lo, 4, 5, 6, 7, 4, 5, 6, 7);
    lo |= __builtin_shufflevector(lo, lo, 2, 3, 2, 3, 2, 3, 2, 3);
    lo |= __builtin_shufflevector(lo, lo, 1, 1, 1, 1, 1, 1, 1, 1);
    return lo[0];
  }

  // The three groups other than g, in order, and for the p-th of them the
  // lower and higher of the remaining two.
  static constexpr int other(int g, int p) noexcept { return p + (p >= g); }

  struct Shared {
    alignas(32) std::uint8_t q[4][cells][48];  // Q[g][a]: bytes 10p..10p+9 for other(g, p); 32 read
    alignas(16) std::uint8_t own[4][16];       // the three others' cost of the cell completing g's cell j
    std::uint16_t mask[4][16];                 // the hand's mask rows, entries 10..15 zero
    int shape[4];
  };

  template <int M>
  static void prepare_q(const typename S::Groups& whole, const std::uint8_t (*pair)[4][16],
                        const std::uint8_t (*others)[16], unsigned groups, Shared& h) noexcept {
    for (int g = 0; g < 4; ++g) {
      if (!(groups >> g & 1u)) continue;
      Cells o;
      std::memcpy(&o, others[g], 16);
      const Cells high_cells = Cells{} + high;
      const Cells partner = S::template partnered<M>(o, high_cells);
      std::memcpy(h.own[g], &partner, 16);
      for (int p = 0; p < 3; ++p) {
        const int x = other(g, p);
        int y0 = -1, y1 = -1;
        for (int z = 0; z < 4; ++z)
          if (z != g && z != x) (y0 < 0 ? y0 : y1) = z;
        Cells pr, cx;
        std::memcpy(&pr, pair[y0][y1], 16);
        std::memcpy(&cx, whole.cost[x], 16);
        static_for<cells>([&]<int A>() {
          const Cells v = cx + completed<M, A>(pr);
          std::memcpy(h.q[g][A] + 10 * p, &v, 16);
        });
      }
    }
  }

  // min over a of (c[a] + Q[a]): ten broadcast-add steps, minimums as a
  // tree. (32-byte vectors go by reference: returning them changes the ABI
  // without AVX.)
  template <int A>
  [[gnu::always_inline]] static inline void term(const Cells& c, const std::uint8_t (*q)[48], Cells32& t) noexcept {
    std::memcpy(&t, q[A], 32);
    t += __builtin_shufflevector(c, c, A, A, A, A, A, A, A, A, A, A, A, A, A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
                                 A, A, A, A, A);
  }
  [[gnu::always_inline]] static inline void lower(Cells32& a, const Cells32& b) noexcept { a = a < b ? a : b; }
  static void over_others(const Cells& c, const std::uint8_t (*q)[48], Cells32& out) noexcept {
    static_assert(cells == 10);
    Cells32 t[10];
    term<0>(c, q, t[0]), term<1>(c, q, t[1]), term<2>(c, q, t[2]), term<3>(c, q, t[3]), term<4>(c, q, t[4]);
    term<5>(c, q, t[5]), term<6>(c, q, t[6]), term<7>(c, q, t[7]), term<8>(c, q, t[8]), term<9>(c, q, t[9]);
    lower(t[0], t[1]), lower(t[2], t[3]), lower(t[4], t[5]), lower(t[6], t[7]), lower(t[8], t[9]);
    lower(t[0], t[2]), lower(t[4], t[6]), lower(t[0], t[4]), lower(t[0], t[8]);
    out = t[0];
  }

  template <class Count>
  static void advise(const typename S::Groups& whole, int tiles, Players players,
                     const typename S::Singles& whole_singles, const typename S::Left& left, std::uint64_t held,
                     Count count, const std::uint32_t* key_after, Advice& a) noexcept {
    // Every discard's table rows fetched first: the misses overlap with
    // each other and with the per-hand work below.
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
    unsigned groups = 0;
    for (std::uint64_t m = held; m; m &= m - 1) groups |= 1u << S::group_of(std::countr_zero(m), players);
    Shared h;
    const int melds = (tiles - 1) / 3;
    switch (melds) {
      case 0: prepare_q<0>(whole, pair, others, groups, h); break;
      case 1: prepare_q<1>(whole, pair, others, groups, h); break;
      case 2: prepare_q<2>(whole, pair, others, groups, h); break;
      case 3: prepare_q<3>(whole, pair, others, groups, h); break;
      default: prepare_q<4>(whole, pair, others, groups, h); break;
    }
    for (int g = 0; g < 4; ++g) {
      h.shape[g] = whole.shape[g];
      std::memset(h.mask[g], 0, sizeof h.mask[g]);
      std::memcpy(h.mask[g], &S::mask_row(whole.shape[g], whole.key[g]), 2 * cells);
    }

    int found_count = 0;
    DiscardOption found[14];
    for (; held; held &= held - 1) {
      const int d = std::countr_zero(held);
      const int g = S::group_of(d, players), shape = whole.shape[g];
      const std::uint8_t* row = S::cost_of(shape, key_after[d]);
      Cells c, own;
      std::memcpy(&c, row, 16);
      Cells32 x;
      over_others(c, h.q[g], x);
      std::memcpy(&own, h.own[g], 16);
      const Cells mine = c + own;
      const int r = S::min_of(mine);

      const auto sg = tiles == 14 ? S::without(whole_singles, d, count(d)) : typename S::Singles{};
      const typename S::Tally t = sg.t;
      int best = r - 1, chiitoi = 127, kokushi = 127;
      if (tiles == 14) {
        chiitoi = S::chiitoi_replacements(t.pairs, t.singles) - 1;
        kokushi = S::kokushi_replacements(t.orphan_kinds, t.orphan_pairs) - 1;
        best = std::min({best, chiitoi, kokushi});
      }
      std::uint64_t mask = 0;
      if (r - 1 == best) {
        // g's row is read 32 bytes wide: its entries 10..15 (the next row,
        // or the blob's padding after the last) meet bytes of `mine` that
        // hold 150 and are never tight.
        const std::uint8_t rb = static_cast<std::uint8_t>(r);
        mask = S::kinds_of(g, shape,
                           masks_where((Cells)(mine == (Cells{} + rb)), &S::mask_row(shape, key_after[d])));  // NOLINT
        alignas(32) std::uint8_t eq[48] = {};
        const Cells32 e = (Cells32)(x == (Cells32{} + rb));  // NOLINT: vector cast
        std::memcpy(eq, &e, 32);
        for (int p = 0; p < 3; ++p) {
          const int o = other(g, p);
          Cells ep;
          std::memcpy(&ep, eq + 10 * p, 16);
          mask |= S::kinds_of(o, h.shape[o], masks_where(ep, reinterpret_cast<const std::uint8_t*>(h.mask[o])));
        }
      }
      if (tiles == 14) {
        std::uint64_t zero = sg.zero;
        const std::uint64_t one = sg.one;
        if (players == Players::three) zero &= ~std::uint64_t{0xFE};
        if (chiitoi == best) {
          if (S::chiitoi_replacements(t.pairs, t.singles + 1) - 1 < best) mask |= zero;
          if (S::chiitoi_replacements(t.pairs + 1, t.singles - 1) - 1 < best) mask |= one;
        }
        if (kokushi == best) mask |= (zero | (t.orphan_pairs ? 0 : one)) & S::orphan_bits;
      }
      found[found_count++] = DiscardOption{Tile(d), static_cast<std::int8_t>(best),
                                           static_cast<std::uint8_t>(left.of(mask)), TileMask(mask)};
    }
    write_advice(found, found_count, a);
  }
};

// The advice of a valid 3k+2 hand from its groups (whole), the kinds it
// holds, count(d) of each, each discard's key of its group after the discard
// (key_after), the seven-pairs / thirteen-orphans tally (14 tiles) and the
// copies left.
template <class Ops, class Count>
void advise(const typename ShantenKernel<Ops>::Groups& whole, int tiles, Players players,
            const typename ShantenKernel<Ops>::Singles& whole_singles, const typename ShantenKernel<Ops>::Left& left,
            std::uint64_t held, Count count, const std::uint32_t* key_after, Advice& a) noexcept {
  AdviceKernel<Ops>::advise(whole, tiles, players, whole_singles, left, held, count, key_after, a);
}

}  // namespace mjk::simd
