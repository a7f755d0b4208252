// The kernel, written once. Each per-ISA translation unit (arch/*.cpp)
// includes this file and instantiates Kernel<Ops> with its own register type.
//
// Lanes are hands: a block of Ops::lanes hands is transposed so that
// register a[s] holds slot s of every hand in the block. Every hand then goes
// through exactly the same instructions: there is no branch on the data
// anywhere below, only loops with constant trip counts, which the compiler
// unrolls. Per-hand decisions (which group holds the head, which suji, is
// this a valid hand) become all-ones/zero byte masks that select or cancel
// work ("subtract zero where nothing should change").
//
// Agari runs wholly here. Waits and tenpai discards are hybrid: the block
// answers, branch-free, which hands are invalid and which can have an answer
// at all (colour shapes, Tris of the groups that must be melds, the counts of
// seven pairs and thirteen orphans); those few go on to the single-hand path
// (single-inl.hpp), one hand at a time with lanes = that hand's tries.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>

#include "mjk/analysis.hpp"
#include "mjk/hand.hpp"
#include "mjk/implementation.hpp"
#include "single-inl.hpp"
#include "slots.hpp"

#if defined(__SSE2__)
#include <immintrin.h>
#endif

namespace mjk::simd {

// Calls f.template operator()<I>() for I = 0..N-1, unrolled at compile time.
template <int N, class F>
inline void static_for(F&& f) {
  [&]<int... I>(std::integer_sequence<int, I...>) { (f.template operator()<I>(), ...); }
  (std::make_integer_sequence<int, N>{});
}

// Tris and every other step look at the first 10 slots of a group: suits use
// 0-8, honours 0-9 (E S . W N . Wh G . R); slots 10 and 11 are always empty.
inline constexpr int scan = 10;

template <class Ops>
struct Kernel {
  using V = typename Ops::V;
  static constexpr std::size_t lanes = Ops::lanes;

  static V k(int x) noexcept { return V(static_cast<std::int8_t>(x)); }
  static V gt(const V& a, const V& b) noexcept { return Ops::gt(a, b); }
  static V eq(const V& a, const V& b) noexcept { return Ops::eq(a, b); }
  static V is_zero(const V& a) noexcept { return eq(a, k(0)); }
  static V is_not(const V& mask) noexcept { return mask ^ k(-1); }

  // Optional Ops primitives, each with the plain formulation below as the
  // fallback: Ops::lookup64(table, x) = table[x & 63] per lane (AVX-512 VBMI
  // vpermb), Ops::max_u(a, b) = the unsigned byte maximum.
  static constexpr bool has_lookup64 = requires(const V& x, const std::array<std::int8_t, 64>& t) {
    Ops::lookup64(t, x);
  };
  static constexpr bool has_max_u = requires(const V& x) { Ops::max_u(x, x); };

  // f on -32..31 as a 64-entry table indexed by x & 63.
  template <int (*F)(int)>
  static constexpr std::array<std::int8_t, 64> table64 = [] {
    std::array<std::int8_t, 64> t{};
    for (int i = 0; i < 64; ++i) t[static_cast<std::size_t>(i)] = static_cast<std::int8_t>(F(i < 32 ? i : i - 64));
    return t;
  }();

  // x mod 3 for 0 <= x <= 14, by comparisons (no division in SIMD); with a
  // table, the same function (exact for every x in -32..31).
  static constexpr int mod3_of(int x) { return x - 3 * ((x > 2) + (x > 5) + (x > 8) + (x > 11)); }
  static V mod3(const V& x) noexcept {
    if constexpr (has_lookup64) {
      return Ops::lookup64(table64<mod3_of>, x);
    } else {
      V r = x;
      for (int t : {2, 5, 8, 11}) r = r - (gt(x, k(t)) & k(3));
      return r;
    }
  }

  // What a slot's y tiles leave after taking out a triplet where there is one
  // (y > 2): y - 3 there, else y.
  static constexpr int less_triplet_of(int y) { return y - 3 * (y > 2); }
  static V less_triplet(const V& y) noexcept {
    if constexpr (has_lookup64) return Ops::lookup64(table64<less_triplet_of>, y);
    else return y - (gt(y, k(2)) & k(3));
  }

  // Tris: can group x split into melds only? Scanning up, the tiles left at
  // slot i must start (x mod 3) sequences, owed by slots i+1 and i+2 (p1, p2);
  // any slot driven negative means no. `sub` is subtracted at slots
  // Base..Base+2 first: a head (2) or, as -1, a wait tile. Slots past 9 are
  // empty, so an adjustment there is dropped: it only arises for groups whose
  // tile count is not 0 mod 3, which fail Tris anyway.
  template <int Base = -1>
  static V tris(const V* x, const V* sub = nullptr) noexcept {
    V p1 = k(0), p2 = k(0), seen = k(0);
#pragma GCC unroll 16
    for (int i = 0; i < scan; ++i) {
      V y = x[i] - p1;
      if constexpr (Base >= 0) {
        if (i >= Base && i < Base + 3) y = y - sub[i - Base];  // i is a constant once unrolled
      }
      seen = seen | y;
      const V r = less_triplet(y);
      p1 = p2 + r;
      p2 = r;
    }
    seen = seen | (k(0) - p1);  // sequences still owed past slot 9
    return gt(seen, k(-1));     // all ones iff no slot went negative
  }

  // For each suji j (slots j, j+3, j+6, j+9), the mask of lanes where adding
  // one tile to suji j (a wait tile, or removing a head: -2 = +1 mod 3)
  // makes all three suji residues equal, as every meld-only group has.
  static std::array<V, 3> suji_steps(const V* x) noexcept {
    std::array<V, 3> s;
    for (int j = 0; j < 3; ++j) {
      V sum = x[j] + x[j + 3] + x[j + 6];
      if (j == 0) sum = sum + x[9];
      s[j] = mod3(sum);
    }
    std::array<V, 3> up;
    for (int j = 0; j < 3; ++j) {
      const V next = mod3(s[j] + k(1));
      up[j] = eq(next, s[(j + 1) % 3]) & eq(next, s[(j + 2) % 3]);
    }
    return up;
  }

  // Does group x (count 2 mod 3) split into a head and melds? The head's suji
  // is fixed by the suji residues, leaving four candidate slots j, j+3, j+6,
  // j+9: one Tris run each.
  static V head_tris(const V* x) noexcept {
    const auto up = suji_steps(x);
    const V head[3] = {up[0] & k(2), up[1] & k(2), up[2] & k(2)};
    V ok = k(0);
    static_for<4>([&]<int T>() { ok = ok | tris<3 * T>(x, head); });
    return ok;
  }

  // For group x (count 2 mod 3): the slots w where x + w splits into melds.
  // The wait's suji is fixed like the head's, so again four Tris runs.
  static void wait_tris(const V* x, V* w) noexcept {
    const auto up = suji_steps(x);
    const V add[3] = {up[0], up[1], up[2]};  // all ones = -1: subtracting adds the tile
    for (int i = 0; i < group_slots; ++i) w[i] = k(0);
    static_for<4>([&]<int T>() {
      const V ok = tris<3 * T>(x, add);
      for (int j = 0; j < 3 && 3 * T + j < scan; ++j) w[3 * T + j] = ok & up[static_cast<std::size_t>(j)];
    });
  }

  // Copies into x the group chosen per lane by one-hot masks sel[0..3].
  static void select_group(const V* a, const V* sel, V* x) noexcept {
    for (int i = 0; i < scan; ++i)
      x[i] = (sel[0] & a[i]) | (sel[1] & a[12 + i]) | (sel[2] & a[24 + i]) | (sel[3] & a[36 + i]);
  }

  struct Groups {
    V residue[4];  // tile count of each group, mod 3
    V tris[4];     // each group splits into melds alone
  };
  static Groups groups(const V* a) noexcept {
    Groups g;
    for (int i = 0; i < 4; ++i) {
      V sum = k(0);
      for (int s = 0; s < scan; ++s) sum = sum + a[12 * i + s];
      g.residue[i] = mod3(sum);
      g.tris[i] = tris(a + 12 * i);
    }
    return g;
  }

  // Lanes with the error each hand's validation finds (0 = none), checking
  // what validate() in hand.cpp checks, in the same order. residue: 1 for
  // 3k+1 hands, 2 for 3k+2, 0 for either.
  static V validate(const V* a, const V& tiles, int residue, Players players) noexcept {
    V bad_slot = k(0);
    if constexpr (has_max_u) {  // a count outside 0..4 is above 4 as an unsigned byte
      V most = k(0), padding = k(0);
      for (int s : slots::tiles) most = Ops::max_u(most, a[s]);
      for (int s : slots::padding) padding = padding | a[s];
      bad_slot = is_not(eq(Ops::max_u(most, k(4)), k(4))) | is_not(is_zero(padding));
    } else {
      for (int s : slots::tiles) bad_slot = bad_slot | gt(a[s], k(4)) | gt(k(0), a[s]);
      for (int s : slots::padding) bad_slot = bad_slot | is_not(is_zero(a[s]));
    }
    // With every count in 0..4 a group sums to at most 40 and the hand to at
    // most 136: compare group sums first so no byte overflows.
    V total = k(0), over = k(0);
    for (int i = 0; i < 4; ++i) {
      V sum = k(0);
      for (int s = 0; s < scan; ++s) sum = sum + a[12 * i + s];
      over = over | gt(sum, k(14));
      total = total + sum;
    }
    over = over | gt(total, k(14));
    const V mismatch = is_not(eq(total, tiles));  // bytes: equal mod 256 iff equal, as total <= 136
    V fits = k(0);
    for (int n = 1; n <= 14; ++n)  // residue 0: 3k+1 or 3k+2 (Question::shanten)
      if (residue == 0 ? n % 3 != 0 : n % 3 == residue) fits = fits | eq(tiles, k(n));
    V absent = k(0);  // a tile the rules in force do not have (2m-8m with three players)
    if (players == Players::three)
      for (int s : slots::sanma_absent) absent = absent | is_not(is_zero(a[s]));
    V err = absent & k(static_cast<int>(Error::not_in_rules));
    err = (is_not(fits) & k(static_cast<int>(Error::wrong_tile_count))) | (fits & err);
    err = (over & k(static_cast<int>(Error::too_many_tiles))) | (is_not(over) & err);
    err = (mismatch & k(static_cast<int>(Error::count_mismatch))) | (is_not(mismatch) & err);
    err = (bad_slot & k(static_cast<int>(Error::bad_slot))) | (is_not(bad_slot) & err);
    return err;
  }

  // Count of lanes' true masks, negated (each mask is -1).
  template <class... M>
  static V negated_count(const M&... m) noexcept {
    return (m + ...);
  }

  // ---- agari (3k+2) ----
  static V standard_agari(const V* a) noexcept {
    const Groups g = groups(a);
    V is2[4], shape = k(-1), others = k(-1);
    for (int i = 0; i < 4; ++i) {
      is2[i] = eq(g.residue[i], k(2));
      shape = shape & (is2[i] | is_zero(g.residue[i]));
      others = others & (g.tris[i] | is2[i]);
    }
    shape = shape & eq(negated_count(is2[0], is2[1], is2[2], is2[3]), k(-1));
    V head_group[scan];
    select_group(a, is2, head_group);
    return shape & others & head_tris(head_group);
  }

  static V chiitoi_agari(const V* a, const V& tiles) noexcept {
    V pairs = k(0);
    for (int s : slots::tiles) pairs = pairs + eq(a[s], k(2));  // a quad is not two pairs
    return eq(pairs, k(-7)) & eq(tiles, k(14));
  }

  static V kokushi_agari(const V* a, const V& tiles) noexcept {
    V all = k(-1), orphans = k(0);
    for (int s : slots::orphans) {
      all = all & gt(a[s], k(0));
      orphans = orphans + a[s];
    }
    return all & eq(orphans, k(14)) & eq(tiles, k(14));
  }

  static V agari(const V* a, const V& tiles) noexcept {
    return standard_agari(a) | chiitoi_agari(a, tiles) | kokushi_agari(a, tiles);
  }

  // The forms a 3k+2 hand is complete in, as bits (see mjk::form_bit).
  static V agari_forms(const V* a, const V& tiles) noexcept {
    return (standard_agari(a) & k(1)) | (chiitoi_agari(a, tiles) & k(2)) | (kokushi_agari(a, tiles) & k(4));
  }

  // ---- waits (3k+1): w[s] = all ones where the tile at slot s completes ----
  //
  // Per-colour residues leave two shapes. (1,0,0,0): head and wait in the
  // residue-1 group X: try each wait slot c of X, then the head's four
  // suji-fixed slots. (2,2,0,0): one residue-2 group takes the head, the
  // other the wait (four suji-fixed slots): both ways round.
  //
  // With Forms, w[s] holds form bits instead (1 standard, 2 seven pairs,
  // 4 thirteen orphans); without, an all-ones mask.
  template <bool Forms = false>
  static void waits(const V* a, const V& tiles, V* w) noexcept {
    const Groups g = groups(a);
    V is1[4], is2[4], first2[4], second2[4];
    V shape1 = k(-1), shape22 = k(-1), others1 = k(-1), others22 = k(-1), earlier2 = k(0);
    for (int i = 0; i < 4; ++i) {
      const V is0 = is_zero(g.residue[i]);
      is1[i] = eq(g.residue[i], k(1));
      is2[i] = eq(g.residue[i], k(2));
      first2[i] = is2[i] & is_not(earlier2);
      second2[i] = is2[i] & earlier2;
      earlier2 = earlier2 | is2[i];
      shape1 = shape1 & (is0 | is1[i]);
      shape22 = shape22 & (is0 | is2[i]);
      others1 = others1 & (g.tris[i] | is1[i]);
      others22 = others22 & (g.tris[i] | is2[i]);
    }
    shape1 = shape1 & eq(negated_count(is1[0], is1[1], is1[2], is1[3]), k(-1)) & others1;
    shape22 = shape22 & eq(negated_count(is2[0], is2[1], is2[2], is2[3]), k(-2)) & others22;

    // (1,0,0,0)
    V x[scan], w1[scan];
    select_group(a, is1, x);
    static_for<scan>([&]<int C>() {
      V xc[scan];
      for (int i = 0; i < scan; ++i) xc[i] = x[i];
      xc[C] = xc[C] + k(1);
      w1[C] = head_tris(xc) & shape1;
    });

    // (2,2,0,0)
    V xa[scan], xb[scan], wa[group_slots], wb[group_slots];
    select_group(a, first2, xa);
    select_group(a, second2, xb);
    wait_tris(xa, wa);
    wait_tris(xb, wb);
    const V a_waits = head_tris(xb) & shape22;
    const V b_waits = head_tris(xa) & shape22;

    for (int i = 0; i < 4; ++i)
      for (int s = 0; s < scan; ++s)
        w[12 * i + s] = (is1[i] & w1[s]) | (first2[i] & wa[s] & a_waits) | (second2[i] & wb[s] & b_waits);

    // Seven pairs: six pairs and a single, which is the wait.
    V pairs = k(0), singles = k(0);
    for (int s : slots::tiles) {
      pairs = pairs + eq(a[s], k(2));
      singles = singles + eq(a[s], k(1));
    }
    const V chiitoi = eq(pairs, k(-6)) & eq(singles, k(-1)) & eq(tiles, k(13));
    const V chiitoi_mark = Forms ? k(2) : k(-1), kokushi_mark = Forms ? k(4) : k(-1);
    if constexpr (Forms)
      for (int s : slots::tiles) w[s] = w[s] & k(1);
    for (int s : slots::tiles) w[s] = w[s] | (chiitoi & eq(a[s], k(1)) & chiitoi_mark);

    // Thirteen orphans: only orphans; thirteen kinds wait on all thirteen,
    // twelve kinds (one pair) wait on the missing one.
    V kinds = k(0), orphans = k(0);
    for (int s : slots::orphans) {
      kinds = kinds + gt(a[s], k(0));
      orphans = orphans + a[s];
    }
    const V kokushi = eq(orphans, k(13)) & eq(tiles, k(13));
    const V thirteen = kokushi & eq(kinds, k(-13)), twelve = kokushi & eq(kinds, k(-12));
    for (int s : slots::orphans) w[s] = w[s] | ((thirteen | (twelve & is_zero(a[s]))) & kokushi_mark);

    // A fifth copy can't be drawn; padding slots never hold a wait.
    for (int s : slots::tiles) w[s] = w[s] & is_not(eq(a[s], k(4)));
    for (int s : slots::padding) w[s] = k(0);
  }

  // ---- prefilters of the hybrid batch paths ----
  //
  // Lanes of 3k+1 hands that can have a wait at all: residues (1,0,0,0) or
  // (2,2,0,0) with every other group splitting into melds; six pairs and a
  // single; thirteen tiles all orphans.
  static V may_wait(const V* a, const V& tiles) noexcept {
    const Groups g = groups(a);
    V n1 = k(0), n2 = k(0), others1 = k(-1), others22 = k(-1);
    for (int i = 0; i < 4; ++i) {
      const V is1 = eq(g.residue[i], k(1)), is2 = eq(g.residue[i], k(2));
      n1 = n1 + is1;
      n2 = n2 + is2;
      others1 = others1 & (g.tris[i] | is1);
      others22 = others22 & (g.tris[i] | is2);
    }
    const V standard = (eq(n1, k(-1)) & eq(n2, k(0)) & others1) | (eq(n1, k(0)) & eq(n2, k(-2)) & others22);
    V pairs = k(0), singles = k(0);
    for (int s : slots::tiles) {
      pairs = pairs + eq(a[s], k(2));
      singles = singles + eq(a[s], k(1));
    }
    V orphans = k(0);
    for (int s : slots::orphans) orphans = orphans + a[s];
    const V thirteen = eq(tiles, k(13));
    return standard | (thirteen & eq(pairs, k(-6)) & eq(singles, k(-1))) | (thirteen & eq(orphans, k(13)));
  }

  // Lanes of 3k+2 hands that can be tenpai after a discard (the riichi
  // judgement's colour shapes): (2,0,0,0) with at most one residue-0 group
  // failing Tris (it must lose the discard); (1,1,0,0) or (1,2,2,0) with
  // every residue-0 group passing; five kinds held twice or more (seven
  // pairs); at least 13 orphans (thirteen orphans).
  static V may_discard(const V* a, const V& tiles) noexcept {
    const Groups g = groups(a);
    V n1 = k(0), n2 = k(0), failing0 = k(0);
    for (int i = 0; i < 4; ++i) {
      n1 = n1 + eq(g.residue[i], k(1));
      n2 = n2 + eq(g.residue[i], k(2));
      failing0 = failing0 + (is_zero(g.residue[i]) & is_not(g.tris[i]));
    }
    const V standard = (eq(n1, k(0)) & eq(n2, k(-1)) & gt(failing0, k(-2))) |
                       (((eq(n1, k(-2)) & eq(n2, k(0))) | (eq(n1, k(-1)) & eq(n2, k(-2)))) & is_zero(failing0));
    V pairs = k(0);
    for (int s : slots::tiles) pairs = pairs + gt(a[s], k(1));
    V orphans = k(0);
    for (int s : slots::orphans) orphans = orphans + a[s];
    const V fourteen = eq(tiles, k(14));
    return standard | (fourteen & gt(k(-4), pairs)) | (fourteen & gt(orphans, k(12)));
  }
};

// ---- block drivers: transpose in, run, write results ----

inline constexpr Hand empty_hand{};

// The blocks are Hand's bytes transposed: col[s] (s < 48) is slot s, col[48] the tile count.
static_assert(slot_count == 48 && offsetof(Hand, slots) == 0 && offsetof(Hand, tiles) == 48 && sizeof(Hand) == 64,
              "the block drivers and result rows read col[48] / row[48] as Hand::tiles");

// Bit `bit` of each slot byte of one hand, as a 34-kind mask.
inline TileMask slot_bytes_to_mask(const std::uint8_t* bytes, int bit = 7) noexcept {
  std::uint64_t slots = 0;
#if defined(__SSE2__)
  // The bit moved to each byte's top (a 16-bit shift moves no bit across
  // the bytes' tops for shifts up to 7), then one pmovmskb per 16 slots.
  const __m128i by = _mm_cvtsi32_si128(7 - bit);
  for (int i = 0; i < 3; ++i) {
    const __m128i v = _mm_sll_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(bytes + 16 * i)), by);
    slots |= std::uint64_t{static_cast<std::uint32_t>(_mm_movemask_epi8(v))} << (16 * i);
  }
#else
  for (int word = 0; word < 6; ++word) {
    std::uint64_t w;
    std::memcpy(&w, bytes + 8 * word, 8);
    // One bit of each byte, gathered into the top byte by one multiply.
    const std::uint64_t bits = (((w >> bit) & 0x0101010101010101ull) * 0x0102040810204080ull) >> 56;
    slots |= bits << (8 * word);
  }
#endif
  return TileMask(slots::to_kinds(slots));
}

// Does Ops load rows of 34 counts itself (spreading them into the 48-slot
// layout on the way), or do they go through a scalar spread first?
template <class Ops>
inline constexpr bool loads_rows34 = requires(const std::uint8_t* const* rows, typename Ops::V* col) {
  Ops::transpose_in_rows34(rows, col);
};

// Loads each block of Ops::lanes hands of `in`, transposed so that col[s]
// holds slot s of every hand (col[48]: the tile count; the empty hand past
// the end), and calls run(col, base, count). Rows of 34 counts are spread
// into the 48-slot layout on the way in. (A block's hand rows are not passed
// on: some live on this loop's stack, gone once the next block is loaded; a
// caller that needs a lane's slots transposes col back out.)
template <class Ops, class Run>
inline void for_each_block(const BatchInput& in, Run run) noexcept {
  using V = typename Ops::V;
  constexpr std::size_t L = Ops::lanes;
  const std::size_t n = in.size;
  for (std::size_t base = 0; base < n; base += L) {
    const std::size_t count = n - base < L ? n - base : L;
    alignas(64) V col[64];
    if constexpr (requires(const std::uint8_t* p, V* c) { Ops::transpose_in_contiguous(p, c); }) {
      if (in.layout == Layout::hands && count == L) {  // a full block of Hands: no row table
        const auto* first = reinterpret_cast<const std::uint8_t*>(static_cast<const Hand*>(in.data) + base);
        Ops::transpose_in_contiguous(first, col);
        run(col, base, count);
        continue;
      }
    }
    if constexpr (requires(const std::uint8_t* p, V* c) { Ops::transpose_in_rows34_contiguous(p, c); }) {
      if (in.layout == Layout::counts34 && count == L) {  // a full block of rows: no row table either
        Ops::transpose_in_rows34_contiguous(static_cast<const std::uint8_t*>(in.data) + base * kind_count, col);
        run(col, base, count);
        continue;
      }
    }
    const std::uint8_t* rows[L];
    alignas(64) std::uint8_t spread[L][64];
    for (std::size_t l = 0; l < L; ++l) {
      if (l >= count) {
        rows[l] = reinterpret_cast<const std::uint8_t*>(&empty_hand);
      } else if (in.layout == Layout::hands) {
        rows[l] = reinterpret_cast<const std::uint8_t*>(static_cast<const Hand*>(in.data) + base + l);
      } else if constexpr (loads_rows34<Ops>) {
        rows[l] = static_cast<const std::uint8_t*>(in.data) + (base + l) * kind_count;  // spread by the load
      } else {
        const std::uint8_t* counts = static_cast<const std::uint8_t*>(in.data) + (base + l) * kind_count;
        std::uint8_t* row = spread[l];
        std::memset(row, 0, 64);
        std::uint8_t tiles = 0;
        for (int kind = 0; kind < kind_count; ++kind) {
          row[slots::of_kind[static_cast<std::size_t>(kind)]] = counts[kind];
          tiles = static_cast<std::uint8_t>(tiles + counts[kind]);
        }
        row[offsetof(Hand, tiles)] = tiles;
        rows[l] = row;
      }
    }
    if constexpr (loads_rows34<Ops>) {
      if (in.layout == Layout::counts34) {
        Ops::transpose_in_rows34(rows, col);
        run(col, base, count);
        continue;
      }
    }
    Ops::transpose_in(rows, col);
    run(col, base, count);
  }
}

// Results of one byte each (value bytes 0/1 for bool), lanes 0..count-1:
// {value, error} pairs, written as two interleaved registers where the Ops
// can (Ops::store_pairs) and the block is full.
template <class Ops, class T>
inline void store_results(const typename Ops::V& value, const typename Ops::V& err, std::size_t count,
                          Result<T>* out) noexcept {
  static_assert(sizeof(T) == 1 && sizeof(Result<T>) == 2 && offsetof(Result<T>, error) == 1);
  if constexpr (requires(std::uint8_t * p) { Ops::store_pairs(p, value, err); }) {
    if (count == Ops::lanes) {
      Ops::store_pairs(reinterpret_cast<std::uint8_t*>(out), value, err);
      return;
    }
  }
  alignas(64) std::int8_t e[Ops::lanes], v[Ops::lanes];
  Ops::store(e, err);
  Ops::store(v, value);
  for (std::size_t l = 0; l < count; ++l) out[l] = {static_cast<T>(v[l]), static_cast<Error>(e[l])};
}

template <class Ops>
void is_agari(const BatchInput& in, Result<bool>* out) noexcept {
  using K = Kernel<Ops>;
  for_each_block<Ops>(in, [&](const typename Ops::V* col, std::size_t base, std::size_t count) {
    const auto& tiles = col[48];
    const auto err = K::validate(col, tiles, 2, in.options.players);
    const auto yes = K::agari(col, tiles) & K::is_zero(err) & K::k(1);
    store_results<Ops>(yes, err, count, out + base);
  });
}

// The waits of one block, transposed back to one 64-byte row per hand:
// bytes 0..47 the slots (masks, or form bits with Forms), byte 48 the error;
// invalid hands get no waits.
template <class Ops, bool Forms>
void waits_rows(const typename Ops::V* col, Players players, std::uint8_t (*rows)[64]) noexcept {
  using K = Kernel<Ops>;
  alignas(64) typename Ops::V w[64];
  K::template waits<Forms>(col, col[48], w);
  w[48] = K::validate(col, col[48], 1, players);
  for (int s = 0; s < 48; ++s) w[s] = w[s] & K::is_zero(w[48]);
  for (int s = 49; s < 64; ++s) w[s] = K::k(0);
  Ops::transpose_out(w, rows);
}

// Hand `i` of a batch (rows of 34 counts are spread into `tmp`).
inline const Hand& hand_at(const BatchInput& in, std::size_t i, Hand& tmp) noexcept {
  if (in.layout == Layout::hands) return static_cast<const Hand*>(in.data)[i];
  const std::uint8_t* counts = static_cast<const std::uint8_t*>(in.data) + i * kind_count;
  tmp = Hand{};
  for (int kind = 0; kind < kind_count; ++kind) tmp.add(Tile(kind), counts[kind]);
  return tmp;
}

// The hybrid batch paths (waits, waits by form, tenpai discards): the block
// finds, lanes = hands, which hands are invalid and which can have an answer
// at all (may_wait / may_discard); only those go through the single-hand
// path, one hand at a time with lanes = its tries. Random hands are mostly
// answered by the block alone.
//
// `whole(col, base, count)`, where given, answers a block in lanes = hands
// instead when more than a quarter of its hands would go on (tenpai-heavy
// data): the branch-free block costs less than that many single hands.
template <class Ops, class T, class Filter, class Answer, class Whole = std::nullptr_t>
void hybrid(const BatchInput& in, Result<T>* out, int residue, Filter filter, Answer answer,
            Whole whole = nullptr) noexcept {
  using K = Kernel<Ops>;
  using V = typename Ops::V;
  for_each_block<Ops>(in, [&](const V* col, std::size_t base, std::size_t count) {
    const V err = K::validate(col, col[48], residue, in.options.players);
    const V maybe = filter(col, col[48]) & K::is_zero(err);
    alignas(64) std::int8_t e[Ops::lanes], m[Ops::lanes];
    Ops::store(e, err);
    Ops::store(m, maybe);
    if constexpr (!std::is_same_v<Whole, std::nullptr_t>) {
      std::size_t going = 0;
      for (std::size_t l = 0; l < count; ++l) going += m[l] != 0;
      if (4 * going > Ops::lanes) {
        whole(col, base, count);
        return;
      }
    }
    for (std::size_t l = 0; l < count; ++l) {
      out[base + l] = {{}, static_cast<Error>(e[l])};
      if (m[l]) {
        Hand tmp;
        answer(hand_at(in, base + l, tmp), out[base + l].value);
      }
    }
  });
}

template <class Ops>
void waits(const BatchInput& in, Result<TileMask>* out) noexcept {
  using P = single::Path<Ops>;
  const std::uint64_t valid = P::valid_slots(in.options.players);
  hybrid<Ops>(
      in, out, 1, Kernel<Ops>::may_wait,
      [valid](const Hand& h, TileMask& r) {
        const auto w = P::all_waits(P::prepare(h.slots.data()), valid);
        r = P::to_mask(w.standard | w.chiitoi | w.kokushi);
      },
      [&](const typename Ops::V* col, std::size_t base, std::size_t count) {
        alignas(64) std::uint8_t rows[Ops::lanes][64];
        waits_rows<Ops, false>(col, in.options.players, rows);
        for (std::size_t l = 0; l < count; ++l)
          out[base + l] = {slot_bytes_to_mask(rows[l]), static_cast<Error>(rows[l][48])};
      });
}

template <class Ops>
void waits_by_form(const BatchInput& in, Result<FormWaits>* out) noexcept {
  using P = single::Path<Ops>;
  const std::uint64_t valid = P::valid_slots(in.options.players);
  hybrid<Ops>(
      in, out, 1, Kernel<Ops>::may_wait,
      [valid](const Hand& h, FormWaits& r) {
        const auto w = P::all_waits(P::prepare(h.slots.data()), valid);
        r = {P::to_mask(w.standard), P::to_mask(w.chiitoi), P::to_mask(w.kokushi)};
      },
      [&](const typename Ops::V* col, std::size_t base, std::size_t count) {
        alignas(64) std::uint8_t rows[Ops::lanes][64];
        waits_rows<Ops, true>(col, in.options.players, rows);
        for (std::size_t l = 0; l < count; ++l)
          out[base + l] = {
              {slot_bytes_to_mask(rows[l], 0), slot_bytes_to_mask(rows[l], 1), slot_bytes_to_mask(rows[l], 2)},
              static_cast<Error>(rows[l][48])};
      });
}

template <class Ops>
void tenpai_discards(const BatchInput& in, Result<TenpaiDiscards>* out) noexcept {
  using P = single::Path<Ops>;
  const Players players = in.options.players;
  hybrid<Ops>(in, out, 2, Kernel<Ops>::may_discard,
              [players](const Hand& h, TenpaiDiscards& r) { r = P::tenpai_discards(h, players).value; });
}

template <class Ops>
void agari_forms(const BatchInput& in, Result<std::uint8_t>* out) noexcept {
  using K = Kernel<Ops>;
  for_each_block<Ops>(in, [&](const typename Ops::V* col, std::size_t base, std::size_t count) {
    const auto& tiles = col[48];
    const auto err = K::validate(col, tiles, 2, in.options.players);
    const auto forms = K::agari_forms(col, tiles) & K::is_zero(err);
    store_results<Ops>(forms, err, count, out + base);
  });
}

}  // namespace mjk::simd

#include "shanten-inl.hpp"  // shanten, necessary_tiles, advice

// ---- the single-hand path: defaults ----
//
// Isa::single_NAME(hand, options) calls mjk::single::NAME<Ops>(hand, options).
// An operation's own single-hand algorithm is either a per-ISA template
//   template <class Ops> Result<T> mjk::single::NAME(const Hand&, const Options&) noexcept;
// (single-inl.hpp defines those of agari, waits and tenpai discards), which
// overload resolution prefers to the default below, or an ISA-independent
// function `Result<T> mjk::single::NAME(const Hand&, const Options&) noexcept`
// declared before this point, which the default forwards to. Otherwise the
// default runs a batch of one hand.
namespace mjk::single {
#define MJK_SINGLE_DEFAULT(name, T, question)                         \
  template <class Ops, class H>                                       \
  Result<T> name(const H& hand, const Options& options) noexcept {    \
    if constexpr (requires { ::mjk::single::name(hand, options); }) { \
      return ::mjk::single::name(hand, options);                      \
    } else {                                                          \
      Result<T> r;                                                    \
      simd::name<Ops>({&hand, 1, Layout::hands, options}, &r);        \
      return r;                                                       \
    }                                                                 \
  }
MJK_OPERATIONS(MJK_SINGLE_DEFAULT)
#undef MJK_SINGLE_DEFAULT
}  // namespace mjk::single

// The entry points of one per-ISA translation unit (declared in arch/arch.hpp):
// one per row of MJK_OPERATIONS, each calling simd::NAME<OPS>, and its
// single-hand counterpart.
#define MJK_DEFINE_ENTRY(name, T, question)                                                      \
  void Isa::name(const BatchInput& in, Result<T>* out) noexcept { simd::name<IsaOps>(in, out); } \
  Result<T> Isa::single_##name(const Hand& hand, const Options& options) noexcept {              \
    return single::name<IsaOps>(hand, options);                                                  \
  }
#define MJK_KERNEL_ENTRY_POINTS(isa, OPS) \
  namespace mjk::arch {                   \
  namespace {                             \
  using Isa = isa;                        \
  using IsaOps = OPS;                     \
  }                                       \
  MJK_OPERATIONS(MJK_DEFINE_ENTRY)        \
  }
