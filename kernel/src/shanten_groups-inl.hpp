// Shanten, necessary tiles and discard advice of one hand by the generated
// tables (ShantenKernel), written once over each ISA's Ops; the batch path
// (shanten_batch-inl.hpp), the single-hand path (shanten_single-inl.hpp) and
// the entry points (shanten-inl.hpp) build on it.
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

#if defined(__AVX2__)
#include <immintrin.h>
#endif

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
  // a[J] in every byte: a shuffle with constant indexes (pshufb), not a
  // byte extracted to a general register and broadcast back.
  template <int J>
  static Cells broadcast(const Cells& a) noexcept {
    return __builtin_shufflevector(a, a, J, J, J, J, J, J, J, J, J, J, J, J, J, J, J, J);
  }
  template <int J>
  [[gnu::always_inline]] static inline Cells term(const Cells& va, const Cells& vb, const Cells& high) noexcept {
    return broadcast<J>(va) + moved<J>(vb, high);
  }
  [[gnu::always_inline]] static inline Cells mn(const Cells& a, const Cells& b) noexcept {
    return a < b ? a : b;  // one unsigned byte minimum
  }
  // A tree of minimums (four levels), not a chain of ten.
  [[gnu::always_inline]] static inline Cells combine(const Cells& va, const Cells& vb) noexcept {
    const Cells high = Cells{} + static_cast<std::uint8_t>(120);
    const Cells m01 = mn(term<0>(va, vb, high), term<1>(va, vb, high));
    const Cells m23 = mn(term<2>(va, vb, high), term<3>(va, vb, high));
    const Cells m45 = mn(term<4>(va, vb, high), term<5>(va, vb, high));
    const Cells m67 = mn(term<6>(va, vb, high), term<7>(va, vb, high));
    const Cells m89 = mn(term<8>(va, vb, high), term<9>(va, vb, high));
    return mn(mn(mn(m01, m23), mn(m45, m67)), m89);
  }
  [[gnu::always_inline]] static inline void combine(const std::uint8_t* a, const std::uint8_t* b,
                                                    std::uint8_t* r) noexcept {
    Cells va, vb;
    std::memcpy(&va, a, 16);
    std::memcpy(&vb, b, 16);
    const Cells out = combine(va, vb);
    std::memcpy(r, &out, 16);
  }

  // The smallest byte.
  static int min_of(Cells c) noexcept {
    Cells t = __builtin_shufflevector(c, c, 8, 9, 10, 11, 12, 13, 14, 15, 8, 9, 10, 11, 12, 13, 14, 15);
    c = c < t ? c : t;
    t = __builtin_shufflevector(c, c, 4, 5, 6, 7, 4, 5, 6, 7, 4, 5, 6, 7, 4, 5, 6, 7);
    c = c < t ? c : t;
    t = __builtin_shufflevector(c, c, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3);
    c = c < t ? c : t;
    t = __builtin_shufflevector(c, c, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
    c = c < t ? c : t;
    return c[0];
  }

  // Cheapest `melds` melds and the head from two parts.
  static int join(const std::uint8_t* a, const std::uint8_t* b, int melds) noexcept {
    int best = 255;
    for (int m = 0; m <= melds; ++m)
      best = std::min(best, std::min(a[2 * m] + b[2 * (melds - m) + 1], a[2 * m + 1] + b[2 * (melds - m)]));
    return best;
  }
  // The same on vectors: a's cells plus b's completing cells, the smallest.
  static int join(const Cells& a, const Cells& b, int melds) noexcept {
    const Cells high = Cells{} + static_cast<std::uint8_t>(120);
    Cells other;
    switch (melds) {
      case 0: other = partnered<0>(b, high); break;
      case 1: other = partnered<1>(b, high); break;
      case 2: other = partnered<2>(b, high); break;
      case 3: other = partnered<3>(b, high); break;
      default: other = partnered<4>(b, high); break;
    }
    return min_of(a + other);
  }

  // The standard form's replacement number from the four groups' cost rows
  // (man, pin, sou, honours), for `melds` melds and the head: min-plus of
  // man with pin and of sou with the honours, then the join. With AVX2 both
  // pairs share one 32-byte register (man and pin in the low half, sou and
  // the honours in the high half), so the min-plus takes ten terms, not
  // twenty; a cell moved out of range reads byte 15 of its row instead of a
  // second operand: every cost row holds inf there (shanten_tables.hpp),
  // and so does every pair's row (a cell plus inf), so those terms never
  // win where a real cell exists, and sums stay below 128.
  static constexpr int moved_or_inf(int j, int k) noexcept { return moved_from(j, k) == 16 ? 15 : moved_from(j, k); }
  // The cell completing cell j to `melds` melds and one head (16: none).
  static constexpr int partner_of(int melds, int j) noexcept {
    return j < 2 * melds + 2 ? 2 * (melds - j / 2) + 1 - j % 2 : 16;
  }
  // The pshufb indexes: per term J, a[J] spread over each half and b's
  // cells moved by J; per melds M, the partner cells of the join (15: inf).
  struct PairIndexes {
    alignas(32) std::uint8_t spread[cells][32];
    alignas(32) std::uint8_t moved[cells][32];
    alignas(16) std::uint8_t partner[5][16];
  };
  static constexpr PairIndexes pair_indexes = [] {
    PairIndexes t{};
    for (int j = 0; j < cells; ++j)
      for (int i = 0; i < 32; ++i) {
        t.spread[j][i] = static_cast<std::uint8_t>(j);
        t.moved[j][i] = static_cast<std::uint8_t>(moved_or_inf(j, i % 16));
      }
    for (int m = 0; m < 5; ++m)
      for (int i = 0; i < 16; ++i) t.partner[m][i] = static_cast<std::uint8_t>(std::min(partner_of(m, i), 15));
    return t;
  }();
  [[gnu::always_inline]] static inline int replacements(const std::uint8_t* man, const std::uint8_t* pin,
                                                        const std::uint8_t* sou, const std::uint8_t* honour,
                                                        int melds) noexcept {
#if defined(__AVX2__)
    // The indexes as pshufb's memory operands, the join's partner cells
    // looked up by melds, the smallest byte by phminposuw on the pairwise
    // minimums.
    // (Read through a pointer the compiler can't see through: knowing the
    // spread indexes, GCC builds each with three instructions instead of
    // reading it as pshufb's memory operand.)
    const PairIndexes* indexes = &pair_indexes;
    __asm__("" : "+r"(indexes));
    const auto& t = *indexes;
    const __m256i a = _mm256_loadu2_m128i(reinterpret_cast<const __m128i*>(sou), reinterpret_cast<const __m128i*>(man));
    const __m256i b =
        _mm256_loadu2_m128i(reinterpret_cast<const __m128i*>(honour), reinterpret_cast<const __m128i*>(pin));
    __m256i best[2] = {_mm256_set1_epi8(-1), _mm256_set1_epi8(-1)};
    for (int j = 0; j < cells; ++j) {
      const __m256i term =
          _mm256_add_epi8(_mm256_shuffle_epi8(a, _mm256_load_si256(reinterpret_cast<const __m256i*>(t.spread[j]))),
                          _mm256_shuffle_epi8(b, _mm256_load_si256(reinterpret_cast<const __m256i*>(t.moved[j]))));
      best[j & 1] = _mm256_min_epu8(best[j & 1], term);
    }
    const __m256i p = _mm256_min_epu8(best[0], best[1]);
    const __m128i sums = _mm_add_epi8(
        _mm256_castsi256_si128(p),
        _mm_shuffle_epi8(_mm256_extracti128_si256(p, 1),
                         _mm_load_si128(reinterpret_cast<const __m128i*>(t.partner[melds > 4 ? 4 : melds]))));
    const __m128i pairwise = _mm_and_si128(_mm_min_epu8(sums, _mm_srli_epi16(sums, 8)), _mm_set1_epi16(0xff));
    return _mm_cvtsi128_si32(_mm_minpos_epu16(pairwise)) & 0xffff;
#else
    // Without AVX2 a 32-byte register is two 16-byte halves anyway (and
    // measured slower written as one): the two pairs one after the other.
    Cells c[4];
    std::memcpy(&c[0], man, 16);
    std::memcpy(&c[1], pin, 16);
    std::memcpy(&c[2], sou, 16);
    std::memcpy(&c[3], honour, 16);
    return join(combine(c[0], c[1]), combine(c[2], c[3]), melds);
#endif
  }

  // The cells j of a that reach r with b holding the rest (a[j] + b[the
  // cell that completes j to `melds` melds and one head] == r), as bits.
  template <int M>
  static constexpr int partner(int j) noexcept {
    return partner_of(M, j);
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
    Cells c[4];
    for (int g = 0; g < 4; ++g) std::memcpy(&c[g], gr.cost[g], 16);
    return join(combine(c[0], c[1]), combine(c[2], c[3]), tiles / 3);
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
  static Necessary necessary(const Counts& c, const Groups& gr, const std::uint8_t (*rest)[16], int tiles,
                             Players players, const Left& left) noexcept {
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
    for (int k = 0; k < kind_count; ++k)
      c[static_cast<std::size_t>(k)] = h.slots[slots::of_kind[static_cast<std::size_t>(k)]];
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
  // What the visible row (none: nothing) makes wrong with a hand holding
  // held(kind) of each kind: a kind held and seen more than four times, else
  // a 2m-8m seen with three players, which their rules do not have (the
  // order of a request's checks, io/src/request_checks.cpp).
  template <class Held>
  static Error visible_error(Held held, const std::uint8_t* visible, Players players) noexcept {
    if (!visible) return Error::none;
    bool over = false;
    for (int k = 0; k < kind_count; ++k) over |= held(k) + visible[k] > 4;
    if (over) return Error::visible_over_four;
    if (players == Players::three)
      for (int k = 1; k <= 7; ++k)
        if (visible[k] > 0) return Error::not_in_rules;
    return Error::none;
  }
  static Error visible_error(const Counts& c, const std::uint8_t* visible, Players players) noexcept {
    return visible_error([&c](int k) { return int{c[static_cast<std::size_t>(k)]}; }, visible, players);
  }
};

}  // namespace mjk::simd
