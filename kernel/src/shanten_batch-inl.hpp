// Shanten, necessary tiles and advice of many hands at once (lanes are
// hands), and the hand-by-hand fallbacks of small batches; written once over
// each ISA's Ops (included by shanten-inl.hpp).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>

#include "mjk/analysis.hpp"
#include "mjk/implementation.hpp"
#include "shanten_groups-inl.hpp"

#if defined(__SSSE3__)
#include <immintrin.h>
#endif

namespace mjk::simd {

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
  // The rows of a split-rank table's second part, and its entry at a row's
  // start plus an index (read through the object's bytes: the index crosses rows).
  static constexpr int suit_row = static_cast<int>(shanten_tables::pow5(4));
  static constexpr int honour_row = static_cast<int>(shanten_tables::pow5(3));
  template <class Table>
  static std::uint32_t rest_at(const Table& t, std::uint32_t flat) noexcept {
    using Rest = decltype(t.rest);
    static_assert(sizeof(Rest) ==
                  sizeof(std::uint32_t) * std::tuple_size_v<Rest> * std::tuple_size_v<typename Rest::value_type>);
    std::uint32_t v;
    std::memcpy(&v, reinterpret_cast<const unsigned char*>(&t.rest) + sizeof(std::uint32_t) * flat, sizeof v);
    return v;
  }
  // All four keys of one hand row (64 readable bytes). With SSSE3, each
  // group's split-rank indexes come from one byte shuffle and two multiply-
  // adds: the counts put in order (kinds 0-4 | 5-8 of a suit, E S W N | Wh G
  // R of the honours), pmaddubsw by (1, 5) pairs, pmaddwd by (1, 25) and 625,
  // the first part's two dwords added by a shift, and the tiles before the
  // second part by psadbw times the row length added to the second index;
  // then the two lookups.
  // With `parts`, also each group's split-rank indexes (first part, tiles in
  // it, second part), from which a discard's key is two lookups
  // (key_without).
  struct KeyParts {
    std::uint32_t first[4], tiles[4], second[4];
  };
  [[gnu::always_inline]] static inline void keys_of_row(const std::uint8_t* h, Players players, std::uint32_t* key,
                                                        KeyParts* parts = nullptr) noexcept {
#if defined(__SSSE3__)
    constexpr char z = -128;  // a pshufb index that gives 0
    // Per group: dword 0 the first part's index, dword 2 the second part's
    // index plus its row's start (tiles before it times the row length),
    // both summed in the register: two extracts and two loads per group.
    alignas(32) std::uint32_t idx[4][4];
    alignas(32) std::uint64_t before[4][2];  // the tiles before the second part in [g][1]
#if defined(__AVX2__)
    // Two groups per register; each constant written out whole (assembled
    // from the 16-byte ones, GCC built it at run time on every call).
    const __m256i order_suits = _mm256_setr_epi8(0, 1, 2, 3, 4, z, z, z, 5, 6, 7, 8, z, z, z, z,  //
                                                 0, 1, 2, 3, 4, z, z, z, 5, 6, 7, 8, z, z, z, z);
    const __m256i order_mixed = _mm256_setr_epi8(0, 1, 2, 3, 4, z, z, z, 5, 6, 7, 8, z, z, z, z,  //
                                                 0, 1, 3, 4, z, z, z, z, 6, 7, 9, z, z, z, z, z);
    // the first part's counts in bytes 8-12: psadbw sums them into qword 1
    const __m256i first_suits = _mm256_setr_epi8(z, z, z, z, z, z, z, z, 0, 1, 2, 3, 4, z, z, z,  //
                                                 z, z, z, z, z, z, z, z, 0, 1, 2, 3, 4, z, z, z);
    const __m256i first_mixed = _mm256_setr_epi8(z, z, z, z, z, z, z, z, 0, 1, 2, 3, 4, z, z, z,  //
                                                 z, z, z, z, z, z, z, z, 0, 1, 3, 4, z, z, z, z);
    const __m256i row_suits = _mm256_setr_epi32(0, 0, suit_row, 0, 0, 0, suit_row, 0);
    const __m256i row_mixed = _mm256_setr_epi32(0, 0, suit_row, 0, 0, 0, honour_row, 0);
    const __m256i by5_2 = _mm256_setr_epi8(1, 5, 1, 5, 1, 0, 0, 0, 1, 5, 1, 5, 0, 0, 0, 0,  //
                                           1, 5, 1, 5, 1, 0, 0, 0, 1, 5, 1, 5, 0, 0, 0, 0);
    // words (c0+5c1, c2+5c3, c4, 0, c5+5c6, c7+5c8) by (1, 25, 625, 0, 1, 25)
    const __m256i by25_2 = _mm256_setr_epi16(1, 25, 625, 0, 1, 25, 0, 0, 1, 25, 625, 0, 1, 25, 0, 0);
    for (int g = 0; g < 4; g += 2) {
      const __m256i x = _mm256_loadu2_m128i(reinterpret_cast<const __m128i*>(h + 12 * g + 12),
                                            reinterpret_cast<const __m128i*>(h + 12 * g));
      const __m256i w = _mm256_madd_epi16(
          _mm256_maddubs_epi16(_mm256_shuffle_epi8(x, g == 0 ? order_suits : order_mixed), by5_2), by25_2);
      const __m256i b =
          _mm256_sad_epu8(_mm256_shuffle_epi8(x, g == 0 ? first_suits : first_mixed), _mm256_setzero_si256());
      const __m256i i = _mm256_add_epi32(_mm256_add_epi32(w, _mm256_srli_epi64(w, 32)),
                                         _mm256_mul_epu32(b, g == 0 ? row_suits : row_mixed));
      _mm256_store_si256(reinterpret_cast<__m256i*>(idx[g]), i);
      if (parts) _mm256_store_si256(reinterpret_cast<__m256i*>(before[g]), b);
    }
#else
    const __m128i order_suit = _mm_setr_epi8(0, 1, 2, 3, 4, z, z, z, 5, 6, 7, 8, z, z, z, z);
    const __m128i order_honour = _mm_setr_epi8(0, 1, 3, 4, z, z, z, z, 6, 7, 9, z, z, z, z, z);
    const __m128i first_suit = _mm_setr_epi8(z, z, z, z, z, z, z, z, 0, 1, 2, 3, 4, z, z, z);
    const __m128i first_honour = _mm_setr_epi8(z, z, z, z, z, z, z, z, 0, 1, 3, 4, z, z, z, z);
    const __m128i by5 = _mm_setr_epi8(1, 5, 1, 5, 1, 0, 0, 0, 1, 5, 1, 5, 0, 0, 0, 0);
    const __m128i by25 = _mm_setr_epi16(1, 25, 625, 0, 1, 25, 0, 0);  // words (c0+5c1, c2+5c3, c4, 0, c5+5c6, c7+5c8)
    for (int g = 0; g < 4; ++g) {
      const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(h + 12 * g));
      const __m128i w =
          _mm_madd_epi16(_mm_maddubs_epi16(_mm_shuffle_epi8(x, g == 3 ? order_honour : order_suit), by5), by25);
      const __m128i b = _mm_sad_epu8(_mm_shuffle_epi8(x, g == 3 ? first_honour : first_suit), _mm_setzero_si128());
      const __m128i i = _mm_add_epi32(_mm_add_epi32(w, _mm_srli_epi64(w, 32)),
                                      _mm_mul_epu32(b, _mm_setr_epi32(0, 0, g == 3 ? honour_row : suit_row, 0)));
      _mm_store_si128(reinterpret_cast<__m128i*>(idx[g]), i);
      if (parts) _mm_store_si128(reinterpret_cast<__m128i*>(before[g]), b);
    }
#endif
    const auto& suit = shanten_tables::suit_rank;
    const auto& honour = shanten_tables::honour_rank;
    for (int g = 0; g < 3; ++g) key[g] = suit.first[idx[g][0]] + rest_at(suit, idx[g][2]);
    key[3] = honour.first[idx[3][0]] + rest_at(honour, idx[3][2]);
    if (players == Players::three) key[0] = key_of_group(h, 0, players);
    if (parts)
      for (int g = 0; g < 4; ++g) {
        parts->first[g] = idx[g][0];
        parts->tiles[g] = static_cast<std::uint32_t>(before[g][1]);
        parts->second[g] = idx[g][2] - parts->tiles[g] * (g == 3 ? honour_row : suit_row);
      }
#else
    for (int g = 0; g < 4; ++g) key[g] = key_of_group(h, g, players);
    if (parts)
      for (int g = 0; g < 4; ++g) {
        const int lo = g == 3 ? 4 : 5, kinds = g == 3 ? 7 : 9;
        std::uint32_t u = 0, v = 0, t = 0;
        for (int i = kinds - 1; i >= 0; --i) {
          const std::uint8_t c = h[12 * g + (g == 3 ? honour_slot[static_cast<std::size_t>(i)] : i)];
          if (i < lo) u = 5 * u + c, t += c;
          else v = 5 * v + c;
        }
        parts->first[g] = u, parts->tiles[g] = t, parts->second[g] = v;
      }
#endif
  }
  // The key of group g (not three-player man) less one copy of its i-th kind,
  // held at least once.
  static std::uint32_t key_without(const KeyParts& p, int g, int i) noexcept {
    static constexpr std::uint32_t power[5] = {1, 5, 25, 125, 625};
    const int lo = g == 3 ? 4 : 5;
    const bool in_first = i < lo;
    const std::uint32_t u = p.first[g] - (in_first ? power[i] : 0), t = p.tiles[g] - in_first;
    const std::uint32_t v = p.second[g] - (in_first ? 0 : power[i - lo]);
    if (g == 3) return shanten_tables::honour_rank.first[u] + shanten_tables::honour_rank.rest[t][v];
    return shanten_tables::suit_rank.first[u] + shanten_tables::suit_rank.rest[t][v];
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
      part[5 * g] = digits3(c[0], c[1], c[2]);             // first index: kinds 0-2,
      part[5 * g + 1] = c[3] + times5(c[4]);               //   3-4 (times 125)
      part[5 * g + 2] = c[0] + c[1] + c[2] + c[3] + c[4];  // tiles before kind 5
      part[5 * g + 3] = digits3(c[5], c[6], c[7]);         // rest index: kinds 5-7,
      part[5 * g + 4] = c[8];                              //   8 (times 125)
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
        b.key[l][g] =
            suit.first[q[5 * g] + 125u * q[5 * g + 1]] + suit.rest[q[5 * g + 2]][q[5 * g + 3] + 125u * q[5 * g + 4]];
      if (players == Players::three)  // 1m and 9m only: kinds 1-7 hold nothing in a valid hand
        b.key[l][0] = sanma[q[0]] + sanma[shanten_tables::rank_row + 5 * q[0] + q[4]];
      b.key[l][3] = honour.first[q[15] + 125u * q[16]] + honour.rest[q[17]][q[18]];
    }
  }

  // Where the rows of group g (man, pin, sou, honours) start, under the rules.
  struct Tables {
    const std::uint8_t* cost[4];
    const std::uint8_t* mask[4];
    explicit Tables(Players players) noexcept {
      for (int g = 0; g < 4; ++g) {
        cost[g] = S::cost_of(S::shape_of(g, players), 0);
        mask[g] = &S::mask_row(S::shape_of(g, players), 0);
      }
    }
    const std::uint8_t* cost_row(int g, std::uint32_t key) const noexcept {
      return cost[g] + std::size_t{key} * shanten_tables::cost_stride;
    }
    const std::uint8_t* mask_row(int g, std::uint32_t key) const noexcept {
      return mask[g] + 2 * std::size_t{key} * shanten_tables::mask_stride;
    }
  };

  // The first half of load: validation, the keys, the melds, and (prefetch)
  // the prefetches of the lanes' cost rows and (with_masks) mask rows, so
  // that a caller can start the next block before it finishes this one.
  static void start(const V* col, int residue, Players players, Block& b, bool prefetch, bool with_masks) noexcept {
    const V err = K::validate(col, col[48], residue, players);
    Ops::store(b.err, err);
    keys_of_lanes(col, K::is_zero(err), players, b);
    const Tables t(players);
    if (with_masks)
      for (std::size_t l = 0; l < lanes; ++l)
#pragma GCC unroll 4
        for (int g = 0; g < 4; ++g) __builtin_prefetch(t.mask_row(g, b.key[l][g]));
    if (prefetch)
      for (std::size_t l = 0; l < lanes; ++l)
#pragma GCC unroll 4
        for (int g = 0; g < 4; ++g) __builtin_prefetch(t.cost_row(g, b.key[l][g]));
    const V& tiles = col[48];
    const V melds = k(0) - (K::gt(tiles, k(2)) + K::gt(tiles, k(5)) + K::gt(tiles, k(8)) + K::gt(tiles, k(11)));
    for (int M = 0; M < 5; ++M) b.is_melds[M] = K::eq(melds, k(M));
  }
  // The second half: every lane's cost rows read and transposed.
  static void read_costs(Players players, Block& b) noexcept {
    alignas(64) std::uint8_t costs[lanes][64];
    const std::uint8_t* cost_rows[lanes];
    const Tables t(players);
    for (std::size_t l = 0; l < lanes; ++l) {
      // In order: each copy's padding is overwritten by the next group.
#pragma GCC unroll 4
      for (int g = 0; g < 4; ++g) std::memcpy(costs[l] + 10 * g, t.cost_row(g, b.key[l][g]), 16);
      cost_rows[l] = costs[l];
    }
    Ops::transpose_in(cost_rows, b.cost);
  }
  // with_masks: the lanes' mask rows will be read too (necessary tiles):
  // prefetched here, with the whole block's arithmetic to arrive in.
  // Every key first, then every load: the table reads (mostly cache misses)
  // overlap.
  static void load(const V* col, int residue, Players players, Block& b, bool with_masks = false) noexcept {
    start(col, residue, players, b, false, with_masks);
    read_costs(players, b);
  }

  // Seven pairs and thirteen orphans: replacement numbers and what they need.
  struct Special {
    V pairs, singles;    // kinds held 2+ / once (as counts)
    V chiitoi, kokushi;  // replacement numbers
    V orphan_pair;       // all ones where an orphan is held twice or more
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
    if (e == Error::none) e = S::visible_error(c, visible, players);
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

}  // namespace mjk::simd
