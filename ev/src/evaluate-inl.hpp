// A vertex's evaluation: its shanten and mask (the necessary kinds of a
// draw vertex, the discards that keep the shanten of a discard vertex) from
// its four group rows by min-plus (the kernel's method, on 16-byte vectors),
// and the seven-pairs and thirteen-orphans forms from the key's counts.
// Included by search.cpp alone: every function is always inlined, so it is
// compiled into each per-ISA clone of the growth that calls it.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <utility>
#include <cstddef>
#include <cstring>

#include "search.hpp"

#define MJK_EV_INLINE inline __attribute__((always_inline))

namespace mjk::ev_detail {
namespace {  // search.cpp's own: one copy per clone, no symbol shared

// ---- min-plus of group rows (the kernel's method, on 16-byte vectors) ----

typedef std::uint8_t Cells __attribute__((vector_size(16)));

// Impossible cells. A shuffle that needs "no cell" reads its row's own
// lane 15, which holds the kernel's `inf` (30: a cost no hand reaches,
// shanten_tables.hpp), so each shuffle has one source (one pshufb, not a
// blend with a constant vector). A lane at inf or more stays at inf or more
// through the sums and minima (so every combine's lane 15 does too), and
// never equals the replacement number r (at most 14 < inf): the shanten and
// the masks are those of any filler past inf. The largest lane is 4 inf (a
// row plus a combine of a row and a combine), 120: a byte.
constexpr int filler = 15;
static_assert(shanten_tables::inf > 14 && 4 * shanten_tables::inf < 256);
// A row's costs, its lane 15 set to inf here (the kernel's rows hold inf in
// lanes 10..15 already; one blend keeps the filler this file's own).
MJK_EV_INLINE Cells load_cells(const std::uint8_t* p) noexcept {
  Cells c;
  std::memcpy(&c, p, 16);
  const Cells inf = Cells{} + shanten_tables::inf;
  return __builtin_shufflevector(c, inf, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 31);
}
// Cell k of b moved up by cell j (m1 = j/2 melds, h1 = j%2 heads): b's cell
// k - j where that is a cell, else the filler.
constexpr int moved_from(int j, int k) noexcept {
  const int m1 = j / 2, h1 = j % 2, m = k / 2, h = k % 2;
  return k >= 10 || m < m1 || h < h1 ? filler : 2 * (m - m1) + (h - h1);
}
// For each cell j of a, the cell of b that completes it to M melds and one
// head (the filler where j is past M melds).
template <int M>
constexpr int partner(int j) noexcept {
  return j < 2 * M + 2 ? 2 * (M - j / 2) + 1 - j % 2 : filler;
}
MJK_EV_INLINE int min_lane(Cells v) noexcept {
  v = v < __builtin_shufflevector(v, v, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7)
          ? v
          : __builtin_shufflevector(v, v, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7);
  v = v < __builtin_shufflevector(v, v, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3)
          ? v
          : __builtin_shufflevector(v, v, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3);
  v = v < __builtin_shufflevector(v, v, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1)
          ? v
          : __builtin_shufflevector(v, v, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1);
  return std::min(v[0], v[1]);
}
// The masks of a group's cells whose sum is r (its tight cells), ORed
// together, without a branch: which cells are tight varies from vertex to
// vertex as no predictor learns. The ten masks are read as the last ten
// words of 32 bytes that end with them (in the row whatever its layout, as
// the masks are not its first 12 bytes), the cells' compare moved up to
// them, so what comes before them is cleared.
typedef std::int16_t Words __attribute__((vector_size(32)));
MJK_EV_INLINE std::uint32_t tight_masks(const Cells& v, int r, const GroupRow& row, bool draw) noexcept {
  typedef std::int8_t SignedCells __attribute__((vector_size(16)));
  constexpr std::size_t before = sizeof(Words) - sizeof(GroupRow::draw);  // 12 bytes: 6 words
  static_assert(sizeof(GroupRow::draw) == 20 && sizeof(GroupRow::keep) == 20 && offsetof(GroupRow, draw) >= before &&
                offsetof(GroupRow, keep) >= before);
  const SignedCells eq = (SignedCells)(v == Cells{} + static_cast<std::uint8_t>(r));  // NOLINT: vector cast
  const SignedCells moved_up = __builtin_shufflevector(eq, SignedCells{}, 16, 16, 16, 16, 16, 16, 0, 1, 2, 3, 4, 5, 6,
                                                       7, 8, 9);  // cell j at word j + 6
  Words m;
  std::memcpy(
      &m, reinterpret_cast<const char*>(&row) + (draw ? offsetof(GroupRow, draw) : offsetof(GroupRow, keep)) - before,
      sizeof m);
  m &= __builtin_convertvector(moved_up, Words);
  m |= __builtin_shufflevector(m, m, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7);
  m |= __builtin_shufflevector(m, m, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3);
  m |= __builtin_shufflevector(m, m, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1);
  m |= __builtin_shufflevector(m, m, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0);
  return static_cast<std::uint16_t>(m[0]);
}

// ---- seven pairs and thirteen orphans, from the key's 3-bit counts ----

constexpr std::uint32_t field_ones = 0x1249249u;                                           // bit 3j for j = 0..8
constexpr std::uint64_t field_words = std::uint64_t{field_ones} << 32 | field_ones;        // two lanes' fields
constexpr std::uint64_t orphan_words[2] = {0x0100000101000001ull, 0x0004924901000001ull};  // 1s and 9s; honours
constexpr std::uint64_t orphan_kinds = 0x3FC060301ull;  // 1m 9m 1p 9p 1s 9s and the honours

// Field bits (bit 3j of each of a key word's two lanes, and 32 + 3j) as
// kind bits (bit j, and 9 + j), both lanes at once by one multiply, no
// table: times 0b10101 (terms 4, 2, 0), field f lands at 3f + 4 - 2t for
// t = 0, 1, 2, and these are all distinct (3 f - 2 t = 3 f' - 2 t' needs
// 3 | t - t', so t = t'), so the product has no carry; field 3c + t lands
// at 4 + 9c + t with the term t, so the kinds come in three 3-bit chunks,
// gathered by two shifts. A lane's terms lie in bits 0-28 of it, so the
// high lane's (from bit 32) do not meet the low one's. Checked below for
// every field mask of a lane, beside three of the other.
MJK_EV_INLINE constexpr std::uint64_t kinds_of_word(std::uint64_t fields) noexcept {
  constexpr std::uint64_t chunks = 0x001C0E07001C0E07ull;  // bits 0-2, 9-11, 18-20 of each lane
  const std::uint64_t y = ((fields * 0x15u) >> 4) & chunks;
  const std::uint64_t z = y | y >> 6 | y >> 12;
  return (z & 0x1ffu) | ((z >> 32) & 0x1ffu) << 9;
}
// The kind bits (kind k at bit k) of a key's two words of field masks.
MJK_EV_INLINE std::uint64_t kinds_of_words(std::uint64_t lo, std::uint64_t hi) noexcept {
  return kinds_of_word(lo) | kinds_of_word(hi) << 18;
}
constexpr bool kinds_of_word_exact = [] {
  for (std::uint64_t v = 0; v < 512; ++v) {
    std::uint64_t f = 0;
    for (int j = 0; j < 9; ++j) f |= ((v >> j) & 1) << (3 * j);
    for (const std::uint64_t other : {std::uint64_t{0}, std::uint64_t{field_ones}, f})
      if (kinds_of_word(f | other << 32) != (v | kinds_of_word(other) << 9) ||
          kinds_of_word(other | f << 32) != (kinds_of_word(other) | v << 9))
        return false;
  }
  return true;
}();
static_assert(kinds_of_word_exact);

// Per key word (two groups' lanes), bit 3j of kind j: held at least once,
// exactly once, exactly twice, three times or more (the red and riichi
// bits, 27 of each lane, are outside every field).
struct Fields {
  std::uint64_t ge1, eq1, eq2, ge3;
};
MJK_EV_INLINE Fields fields_of(std::uint64_t word) noexcept {
  const std::uint64_t b0 = word & field_words, b1 = (word >> 1) & field_words, b2 = (word >> 2) & field_words;
  const std::uint64_t ge1 = b0 | b1 | b2, ge2 = b1 | b2;
  return {ge1, ge1 & ~ge2, b1 & ~b0 & ~b2, b2 | (b1 & b0)};
}
MJK_EV_INLINE int chiitoi_replacements(int pairs, int singles) noexcept {
  const int p = std::min(pairs, 7);
  const int s = std::min(singles, 7 - p);
  return s + 2 * (7 - p - s);
}
MJK_EV_INLINE int kokushi_replacements(int kinds, int pairs) noexcept { return 13 - kinds + (pairs > 0 ? 0 : 1); }
constexpr std::uint64_t all_kinds = (std::uint64_t{1} << kind_count) - 1;
constexpr std::uint64_t sanma_absent = 0xFEull;  // 2m-8m

struct Eval {
  std::int8_t shanten;
  std::uint64_t mask;  // draw vertex: kinds whose draw lowers the shanten; discard vertex: kinds whose discard keeps it
};

// Two rows side by side (32 bytes: one AVX2 register, two SSE ones): the
// six combines of a vertex are three pairs, each pair one pass of shuffles.
// (These functions are always inlined, never called across an ABI: GCC's
// note that a 32-byte vector is returned differently without AVX is moot.
// It is given at the end of the file that includes this one, search.cpp,
// so the note stays off to its end.)
#pragma GCC diagnostic ignored "-Wpsabi"
typedef std::uint8_t Cells2 __attribute__((vector_size(32)));

template <int... K>
MJK_EV_INLINE Cells2 joined_impl(const Cells& lo, const Cells& hi, std::integer_sequence<int, K...>) noexcept {
  return __builtin_shufflevector(lo, hi, K...);
}
MJK_EV_INLINE Cells2 joined(const Cells& lo, const Cells& hi) noexcept {
  return joined_impl(lo, hi, std::make_integer_sequence<int, 32>{});
}
// Each half of a pair's shuffle index: lanes 0..15 read the low row, 16..31
// the high one.
constexpr int in_half(int k, int single) noexcept { return (k / 16) * 16 + single; }
template <int J, int... K>
MJK_EV_INLINE Cells2 moved2(const Cells2& b, std::integer_sequence<int, K...>) noexcept {
  return __builtin_shufflevector(b, b, in_half(K, moved_from(J, K % 16))...);
}
template <int J, int... K>
MJK_EV_INLINE Cells2 broadcast2(const Cells2& a, std::integer_sequence<int, K...>) noexcept {
  return __builtin_shufflevector(a, a, in_half(K, J)...);
}
template <int J>
MJK_EV_INLINE Cells2 combine2_term(const Cells2& a, const Cells2& b) noexcept {
  constexpr auto lanes = std::make_integer_sequence<int, 32>{};
  return broadcast2<J>(a, lanes) + moved2<J>(b, lanes);
}
template <int J>
MJK_EV_INLINE void combine2_step(Cells2& out, const Cells2& a, const Cells2& b) noexcept {
  const Cells2 t = combine2_term<J>(a, b);
  out = out < t ? out : t;
}
// The cheapest way for two groups together to hold each cell, for the cells
// of up to M melds (the rest of the answer is never read; its lanes stay at
// inf or more, as b's lane 15 is). (A fold over functions, not lambdas: a
// lambda would not be inlined into the clones.)
template <int... J>
MJK_EV_INLINE Cells2 combine2_all(const Cells2& a, const Cells2& b, std::integer_sequence<int, J...>) noexcept {
  Cells2 out = combine2_term<0>(a, b);
  (combine2_step<J + 1>(out, a, b), ...);
  return out;
}
// combine<M> of each half of a with the same half of b.
template <int M>
MJK_EV_INLINE Cells2 combine2(const Cells2& a, const Cells2& b) noexcept {
  return combine2_all(a, b, std::make_integer_sequence<int, 2 * M + 1>{});
}
template <int M, int... K>
MJK_EV_INLINE Cells2 partnered2(const Cells2& b, std::integer_sequence<int, K...>) noexcept {
  return __builtin_shufflevector(b, b, in_half(K, partner<M>(K % 16))...);
}
// The low half in both halves, the high half in both.
MJK_EV_INLINE Cells2 low_twice(const Cells2& v) noexcept {
  return __builtin_shufflevector(v, v, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7, 8,
                                 9, 10, 11, 12, 13, 14, 15);
}
MJK_EV_INLINE Cells2 high_twice(const Cells2& v) noexcept {
  return __builtin_shufflevector(v, v, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 16, 17, 18, 19,
                                 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31);
}
MJK_EV_INLINE Cells low_half(const Cells2& v) noexcept {
  return __builtin_shufflevector(v, v, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
}
MJK_EV_INLINE Cells high_half(const Cells2& v) noexcept {
  return __builtin_shufflevector(v, v, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31);
}

// The standard form of M melds and a head: r (the replacement number) and
// the mask from every group's tight cells. Four rests by prefix and suffix
// (six combines, as three pairs: (0+1, 2+3), then (1 + 23, 0 + 23), then
// (3 + 01, 2 + 01); a combine's cells up to M melds do not depend on the
// order of its two rows); a group's tight cells are those where its cost
// plus the rest's partner cell is r.
template <int M>
MJK_EV_INLINE void standard(const GroupRow* const* gr, bool draw, int& r, std::uint64_t& mask) noexcept {
  const Cells a0 = load_cells(gr[0]->cost), a1 = load_cells(gr[1]->cost), a2 = load_cells(gr[2]->cost),
              a3 = load_cells(gr[3]->cost);
  constexpr auto lanes = std::make_integer_sequence<int, 32>{};
  const Cells2 prefix = combine2<M>(joined(a0, a2), joined(a1, a3));      // 0+1 | 2+3
  const Cells2 rest01 = combine2<M>(joined(a1, a0), high_twice(prefix));  // rest of 0 | rest of 1
  const Cells2 rest23 = combine2<M>(joined(a3, a2), low_twice(prefix));   // rest of 2 | rest of 3
  const Cells2 sum01 = joined(a0, a1) + partnered2<M>(rest01, lanes);
  const Cells2 sum23 = joined(a2, a3) + partnered2<M>(rest23, lanes);
  const Cells sum[4] = {low_half(sum01), high_half(sum01), low_half(sum23), high_half(sum23)};
  r = min_lane(sum[0]);
  mask = 0;
  for (int g = 0; g < 4; ++g) mask |= std::uint64_t{tight_masks(sum[g], r, *gr[g], draw)} << (9 * g);
}

// Shanten and mask of a hand of `tiles` concealed tiles (3k+1 for a draw
// vertex, 3k+2 for a discard vertex), exactly as the kernel's
// necessary_tiles (3k+1) and its advice (3k+2: the discards of the best
// shanten) give them.
MJK_EV_INLINE Eval evaluate(const GroupRows& rows, const std::int32_t* row, const Key& key, int tiles,
                            Players players) noexcept {
  const GroupRow* gr[4] = {&rows[row[0]], &rows[row[1]], &rows[row[2]], &rows[row[3]]};
  const bool draw = tiles % 3 == 1;
  int r = 0;
  std::uint64_t mask = 0;
  switch (tiles / 3) {
    case 0: standard<0>(gr, draw, r, mask); break;
    case 1: standard<1>(gr, draw, r, mask); break;
    case 2: standard<2>(gr, draw, r, mask); break;
    case 3: standard<3>(gr, draw, r, mask); break;
    default: standard<4>(gr, draw, r, mask); break;
  }
  int best = r - 1;
  if (tiles < 13) return {static_cast<std::int8_t>(best), mask};
  // Seven pairs and thirteen orphans (a closed hand of 13 or 14 tiles).
  // Two groups' fields at a time, from the key's two words (the red and
  // riichi bits, 27 of each lane, are outside every field).
  int pairs = 0, singles = 0, orphans = 0, orphan_pairs = 0;
  for (const auto& [word, orphan] : {std::pair{key.lo, orphan_words[0]}, std::pair{key.hi, orphan_words[1]}}) {
    const std::uint64_t b0 = word & field_words, b1 = (word >> 1) & field_words, b2 = (word >> 2) & field_words;
    const std::uint64_t ge1 = b0 | b1 | b2, ge2 = b1 | b2;
    pairs += std::popcount(ge2);
    singles += std::popcount(ge1 & ~ge2);
    orphans += std::popcount(ge1 & orphan);
    orphan_pairs += std::popcount(ge2 & orphan);
  }
  const int chiitoi = chiitoi_replacements(pairs, singles) - 1,
            kokushi = kokushi_replacements(orphans, orphan_pairs) - 1;
  const int forms_best = std::min(chiitoi, kokushi);
  if (forms_best > best) return {static_cast<std::int8_t>(best), mask};
  if (forms_best < best) mask = 0;  // the standard form is not the best: its mask goes
  best = forms_best;
  const Fields lo = fields_of(key.lo), hi = fields_of(key.hi);
  const std::uint64_t held = kinds_of_words(lo.ge1, hi.ge1);
  const std::uint64_t one = kinds_of_words(lo.eq1, hi.eq1);
  if (draw) {
    std::uint64_t zero = all_kinds & ~held;
    if (players == Players::three) zero &= ~sanma_absent;
    if (chiitoi == best) {
      if (chiitoi_replacements(pairs, singles + 1) - 1 < best) mask |= zero;
      if (chiitoi_replacements(pairs + 1, singles - 1) - 1 < best) mask |= one;
    }
    if (kokushi == best) mask |= (zero | (orphan_pairs ? 0 : one)) & orphan_kinds;
  } else {
    const std::uint64_t two = kinds_of_words(lo.eq2, hi.eq2);
    const std::uint64_t ge3 = kinds_of_words(lo.ge3, hi.ge3);
    if (chiitoi == best) {
      const int now = chiitoi + 1;
      if (chiitoi_replacements(pairs, singles - 1) == now) mask |= one;
      if (chiitoi_replacements(pairs - 1, singles + 1) == now) mask |= two;
      mask |= ge3;
    }
    if (kokushi == best) {
      const int now = kokushi + 1;
      mask |= held & ~orphan_kinds;
      if (kokushi_replacements(orphans - 1, orphan_pairs) == now) mask |= one & orphan_kinds;
      if (kokushi_replacements(orphans, orphan_pairs - 1) == now) mask |= two & orphan_kinds;
      mask |= ge3 & orphan_kinds;
    }
  }
  return {static_cast<std::int8_t>(best), mask};
}

}  // namespace
}  // namespace mjk::ev_detail
