// Shanten, necessary tiles and discard advice: the kernel's batch entry
// points, written once over each ISA's Ops (included by kernel-inl.hpp).
// The algorithm is described in shanten_groups-inl.hpp.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>

#include "mjk/analysis.hpp"
#include "mjk/implementation.hpp"
#include "shanten_advice-inl.hpp"
#include "shanten_batch-inl.hpp"
#include "shanten_groups-inl.hpp"
#include "shanten_single-inl.hpp"

namespace mjk::simd {

template <class Ops>
void shanten(const BatchInput& in, Result<ShantenForms>* out) noexcept {
  using SL = ShantenLanes<Ops>;
  using V = typename Ops::V;
  if (in.size < shanten_scalar_below) return shanten_by_hand<Ops>(in, out);
  const Players players = in.options.players;
  for_each_block<Ops>(in, [&](const V* col, std::size_t base, std::size_t count) {
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
    const V best =
        SL::mn(r, SL::mn(closed & sp.chiitoi, closed & sp.kokushi) | (Kernel<Ops>::is_not(closed) & SL::k(100))) -
        SL::k(1);
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

// The per-slot facts necessary_tiles spreads the groups' mask bits with:
// each kind's slot, group, bit in its group's mask row (four and three
// players) and whether it is an orphan.
struct KindBits {
  std::uint8_t slot, group, bit, bit_sanma, orphan;
};
inline constexpr auto kind_bits = [] {
  std::array<KindBits, kind_count> t{};
  for (int kind = 0; kind < kind_count; ++kind) {
    const auto g = static_cast<std::uint8_t>(kind >= 27 ? 3 : kind / 9);
    const auto bit = static_cast<std::uint8_t>(kind >= 27 ? kind - 27 : kind % 9);
    // Three-player man rows: bit 0 for 1m, bit 1 for 9m.
    const auto sanma = static_cast<std::uint8_t>(g == 0 ? (kind == 8 ? 1 : 0) : bit);
    t[static_cast<std::size_t>(kind)] = {static_cast<std::uint8_t>(Tile(kind).slot()), g, bit, sanma,
                                         static_cast<std::uint8_t>(Tile(kind).is_terminal_or_honour())};
  }
  return t;
}();

// Blocks are pipelined: block n's keys are computed and its table rows
// prefetched before block n - 1 is finished, so the rows arrive during a
// whole block's arithmetic instead of stalling the block that reads them.
template <class Ops>
void necessary_tiles(const BatchInput& in, Result<Necessary>* out) noexcept {
  using SL = ShantenLanes<Ops>;
  using S = ShantenKernel<Ops>;
  using K = Kernel<Ops>;
  using V = typename Ops::V;
  constexpr std::size_t L = Ops::lanes;
  if (in.size < shanten_scalar_below) return necessary_by_hand<Ops>(in, out);
  const Players players = in.options.players;
  const bool with_visible = S::visible_row(in, 0) != nullptr;
  const typename SL::Tables tables(players);
  // A block waits here for its finish, a block later. Its hand rows for the
  // visible tiles' check come from its own columns then.
  struct Pending {
    alignas(64) V col[64];  // 49 used; transpose_out reads 64
    typename SL::Block b;
    std::size_t base, count;
  };
  Pending pending[2];
  std::size_t started = 0;

  const auto finish = [&](Pending& p) {
    typename SL::Block& b = p.b;
    const V* col = p.col;
    SL::read_costs(players, b);
    // Every lane's four mask rows, side by side: group g's ten cells at
    // bytes 20g..20g+19, the low byte of each 9-bit mask first. Copied 32
    // bytes at a time in order, each copy's tail overwritten by the next;
    // then transposed in as two windows of 40 columns.
    alignas(64) std::uint8_t mask_rows[L][128];
    const std::uint8_t* window[2][L];
    for (std::size_t l = 0; l < L; ++l) {
#pragma GCC unroll 4
      for (int gi = 0; gi < 4; ++gi) std::memcpy(mask_rows[l] + 20 * gi, tables.mask_row(gi, b.key[l][gi]), 32);
      window[0][l] = mask_rows[l];
      window[1][l] = mask_rows[l] + 40;
    }
    alignas(64) V masks[2][64];  // group g's cell c: masks[g / 2][20 (g % 2) + 2c] (low byte), + 1 (bit 8)
    Ops::transpose_in(window[0], masks[0]);
    Ops::transpose_in(window[1], masks[1]);

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

    // Tight cells (group cell + the rest's complement == r, on the best
    // form) select their mask rows: per group, the OR of the tight cells'
    // masks, low byte and bit 8, in lanes.
    V at_least[5];  // lanes with m melds or more to make
    at_least[4] = b.is_melds[4];
    for (int m = 3; m >= 0; --m) at_least[m] = at_least[m + 1] | b.is_melds[m];
    V local[4][2];
#pragma GCC unroll 4
    for (int gi = 0; gi < 4; ++gi) {
      const V* mask = masks[gi / 2] + 20 * (gi % 2);
      V lo = SL::k(0), hi = SL::k(0);
#pragma GCC unroll 5
      for (int m = 0; m < 5; ++m)
#pragma GCC unroll 2
        for (int h = 0; h < 2; ++h) {
          V comp = SL::k(0);
#pragma GCC unroll 5
          for (int M = m; M < 5; ++M) comp = comp | (b.is_melds[M] & rest[gi][2 * (M - m) + 1 - h]);
          const V tight = K::eq(g[gi][2 * m + h] + comp, r) & at_least[m];
          lo = lo | (tight & mask[2 * (2 * m + h)]);
          hi = hi | (tight & mask[2 * (2 * m + h) + 1]);
        }
      local[gi][0] = lo & standard_best;
      local[gi][1] = hi & standard_best;
    }

    // Per slot: needed (the standard form's kinds, spread from the groups'
    // bits, or seven pairs' / thirteen orphans'), and the copies it adds to
    // the ukeire (4 less the hand's; the visible ones come off per hand).
    const V c_best = K::eq(chiitoi, best) & closed, k_best = K::eq(kokushi, best) & closed;
    const V single_helps = c_best & K::gt(sp.chiitoi, SL::chiitoi(sp.pairs, sp.singles + SL::k(1)));
    const V pair_helps = c_best & K::gt(sp.chiitoi, SL::chiitoi(sp.pairs + SL::k(1), sp.singles - SL::k(1)));
    const V k_single = single_helps | k_best, k_pair = pair_helps | (k_best & K::is_not(sp.orphan_pair));
    alignas(64) V need[64];
    for (auto& t : need) t = SL::k(0);
    V ukeire = SL::k(0);
#pragma GCC unroll 34
    for (int kind = 0; kind < kind_count; ++kind) {
      const KindBits& kb = kind_bits[static_cast<std::size_t>(kind)];
      if (players == Players::three && kind >= 1 && kind <= 7) continue;
      const int bit = players == Players::three ? kb.bit_sanma : kb.bit;
      const V& c = col[kb.slot];
      const V standard_needs = K::is_not(K::is_zero(local[kb.group][bit / 8] & SL::k(1 << (bit % 8))));
      const V n = standard_needs | (K::is_zero(c) & (kb.orphan ? k_single : single_helps)) |
                  (K::eq(c, SL::k(1)) & (kb.orphan ? k_pair : pair_helps));
      need[kb.slot] = n;
      ukeire = ukeire + (n & (SL::k(4) - c));
    }
    need[48] = ukeire;
    need[49] = best;
    alignas(64) std::uint8_t out_rows[L][64];
    Ops::transpose_out(need, out_rows);

    alignas(64) std::uint8_t hands[L][64];  // each lane's slots, for the visible tiles' check
    if (with_visible) Ops::transpose_out(col, hands);
    for (std::size_t l = 0; l < p.count; ++l) {
      const std::size_t i = p.base + l;
      Error e = static_cast<Error>(b.err[l]);
      const std::uint64_t mask = slot_bytes_to_mask(out_rows[l]).bits();
      int ukeire_l = out_rows[l][48];
      if (with_visible && e == Error::none) {
        const std::uint8_t* visible = S::visible_row(in, i);
        const std::uint8_t* h = hands[l];
        e = S::visible_error([h](int kind) { return int{h[slots::of_kind[static_cast<std::size_t>(kind)]]}; }, visible,
                             players);
        for (std::uint64_t m = mask; m; m &= m - 1) ukeire_l -= visible[std::countr_zero(m)];
      }
      if (e != Error::none) {
        out[i] = {{}, e};
        continue;
      }
      Necessary n;
      n.shanten = static_cast<std::int8_t>(out_rows[l][49]);
      n.ukeire = static_cast<std::uint8_t>(ukeire_l);
      n.tiles = TileMask(mask);
      out[i] = {n, Error::none};
    }
  };

  for_each_block<Ops>(in, [&](const V* col, std::size_t base, std::size_t count) {
    // The next block's hands, on their way while this one is started and
    // the previous one finished (on 10^6 hands the hardware's stream
    // prefetch alone left the transpose's loads waiting).
    if (base + 2 * L <= in.size) {
      const std::size_t row = in.layout == Layout::hands ? sizeof(Hand) : kind_count;
      const auto* next = static_cast<const char*>(in.data) + (base + L) * row;
      for (std::size_t at = 0; at < L * row; at += 64) __builtin_prefetch(next + at);
    }
    Pending& p = pending[started & 1];
    std::memcpy(static_cast<void*>(p.col), col, sizeof p.col);
    p.base = base;
    p.count = count;
    SL::start(p.col, 1, players, p.b, true, true);
    if (started++) finish(pending[started & 1]);
  });
  if (started) finish(pending[(started - 1) & 1]);
}

// Hand by hand on the single path (validation in SIMD, the group keys from
// the slot bytes): advise() shares the per-hand work across the discards,
// so lanes of hands would only add transposes. Rows of 34 counts become a
// Hand first, as validate() sees them.
template <class Ops>
void advice(const BatchInput& in, Result<Advice>* out) noexcept {
  using S = ShantenKernel<Ops>;
  const Players players = in.options.players;
  const Hand* hands = static_cast<const Hand*>(in.data);
  const std::uint8_t* rows = static_cast<const std::uint8_t*>(in.data);
  const auto start = [&](std::size_t i, single::AdviceStart<Ops>& a) {
    if (in.layout == Layout::hands) return single::start_advice<Ops>(hands[i], players, S::visible_row(in, i), a);
    const std::uint8_t* row = rows + i * kind_count;
    Hand h;
    std::uint8_t tiles = 0;
    for (int k = 0; k < kind_count; ++k) {
      h.slots[slots::of_kind[static_cast<std::size_t>(k)]] = row[k];
      tiles = static_cast<std::uint8_t>(tiles + row[k]);
    }
    h.tiles = tiles;
    single::start_advice<Ops>(h, players, S::visible_row(in, i), a);
  };
  // One hand ahead: its table rows arrive while this one is advised.
  single::AdviceStart<Ops> a[2];
  if (in.size > 0) start(0, a[0]);
  for (std::size_t i = 0; i < in.size; ++i) {
    if (i + 1 < in.size) start(i + 1, a[(i + 1) & 1]);
    single::finish_advice<Ops>(a[i & 1], players, out[i]);
  }
}

}  // namespace mjk::simd
