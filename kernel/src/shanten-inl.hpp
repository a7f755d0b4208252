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
