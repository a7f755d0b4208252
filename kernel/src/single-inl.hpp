// The single-hand path: one hand at a time, with the lanes of a 16-byte
// register holding the *tries* of that hand instead of 16 hands.
//
// A try is one group of the hand (man, pin, sou, honours) with at most one
// tile added (a wait), one removed (a discard) and one pair removed (a head).
// The hand is transposed by fours once (t[q] byte 4m+g = slot 4q+m of group
// g), so column i of a register of tries is one byte shuffle of t[i/4] by the
// tries' group numbers, plus the adjustments; then the same Tris recurrence as
// the batch kernel runs down the 10 columns, 16 tries at a time.
//
// Which tries are worth running is decided per hand, in scalar code, by the
// seed's rules: colour residues (which group holds the head, the wait, the
// discard), candidate waits by neighbour products (a tile held, or both
// neighbours of a sequence through it held), and pairs for heads.
//
// Templated on the translation unit's batch Ops (Tag) so each per-ISA object
// has its own copy, compiled with its own flags.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "mjk/analysis.hpp"
#include "mjk/hand.hpp"
#include "mjk/implementation.hpp"
#include "single_ops.hpp"
#include "slots.hpp"

namespace mjk::single {

// Slot bit masks (bit s = slot s of the 48-slot layout).
namespace bits {
template <class Keep>
constexpr std::uint64_t of(Keep keep) {
  std::uint64_t m = 0;
  for (int s = 0; s < slot_count; ++s)
    if (keep(s)) m |= std::uint64_t{1} << s;
  return m;
}
inline constexpr std::uint64_t tiles = of([](int s) { return Tile::from_slot(s).has_value(); });
inline constexpr std::uint64_t sanma_absent = of([](int s) { return s >= Tile(1).slot() && s <= Tile(7).slot(); });
inline constexpr std::uint64_t orphans = of([](int s) {
  const auto t = Tile::from_slot(s);
  return t && t->is_terminal_or_honour();
});
}  // namespace bits

template <class Tag>
struct Path {
  using S = simd::SingleOps<Tag>;
  using V = typename S::V;
  static constexpr std::uint8_t none = 0x7f;  // no adjustment (never a slot number)

  static V k(int x) noexcept { return S::k(x); }

  static std::uint64_t valid_slots(Players players) noexcept {
    return players == Players::three ? bits::tiles & ~bits::sanma_absent : bits::tiles;
  }

  // The groups' tile counts mod 3, two bits each (group g at bits 2g).
  static unsigned residues(const std::array<int, 4>& sum) noexcept {
    constexpr std::uint32_t mod3 = [] {
      std::uint32_t m = 0;
      for (unsigned x = 0; x <= 14; ++x) m |= (x % 3) << (2 * x);
      return m;
    }();
    unsigned code = 0;
    for (int g = 0; g < 4; ++g) code |= (mod3 >> (2 * sum[static_cast<std::size_t>(g)]) & 3u) << (2 * g);
    return code;
  }

  // Slot bits -> kinds.
  static TileMask to_mask(std::uint64_t slots) noexcept { return TileMask(slots::to_kinds(slots)); }

  // Tile counts of the four groups, from 64-bit words (each count <= 4, so
  // no byte carries).
  static std::array<int, 4> group_sums(const std::uint8_t* s) noexcept {
    std::uint64_t w[6];
    std::memcpy(w, s, 48);
    constexpr std::uint64_t low = 0xffffffffull, ones = 0x0101010101010101ull;
    const std::uint64_t g[4] = {w[0] + (w[1] & low), (w[1] >> 32) + w[2], w[3] + (w[4] & low), (w[4] >> 32) + w[5]};
    return {static_cast<int>((g[0] * ones) >> 56), static_cast<int>((g[1] * ones) >> 56),
            static_cast<int>((g[2] * ones) >> 56), static_cast<int>((g[3] * ones) >> 56)};
  }

  // The first error validate() would report (fast path: everything in range).
  // Each slot's most copies: four and three players.
  static constexpr auto limits = [] {
    std::array<std::array<std::uint8_t, 48>, 2> l{};
    for (int s = 0; s < slot_count; ++s) {
      const auto t = Tile::from_slot(s);
      l[0][static_cast<std::size_t>(s)] = t ? 4 : 0;
      l[1][static_cast<std::size_t>(s)] = t && !(bits::sanma_absent >> s & 1) ? 4 : 0;
    }
    return l;
  }();
  // Every slot of a hand's three 16-slot loads within its most copies.
  static bool in_range(const V (&a)[3], Players players) noexcept {
    const std::uint8_t* lim = limits[players == Players::three ? 1 : 0].data();
    V bad = k(0);
    for (int i = 0; i < 3; ++i) bad = bad | (S::eq(S::min_u8(a[i], S::load(lim + 16 * i)), a[i]) ^ k(-1));
    return S::sign_bits(bad) == 0;
  }
  static Error validate(const Hand& hand, Question q, Players players, std::array<int, 4>& sum) noexcept {
    const std::uint8_t* s = hand.slots.data();
    const V a[3] = {S::load(s), S::load(s + 16), S::load(s + 32)};
    if (in_range(a, players)) {
      sum = group_sums(s);
      const int total = sum[0] + sum[1] + sum[2] + sum[3];
      const bool fits = q == Question::shanten ? total % 3 != 0 : total % 3 == (q == Question::waits ? 1 : 2);
      if (total == hand.tiles && total <= 14 && fits) return Error::none;
    }
    return mjk::validate(hand, q, players).code;
  }

  static unsigned group_bits(std::uint64_t m, int g) noexcept { return static_cast<unsigned>(m >> (12 * g)) & 0xfffu; }

  // One valid hand, ready for tries.
  struct Prepared {
    V t[3];                             // transposed by fours
    std::uint64_t occ, ge2, ge3, four;  // slot bits: count >= 1, >= 2, >= 3, == 4
    std::array<int, 4> sum;
    int tiles;
    const std::uint8_t* s;  // the slot counts
  };

  // The transposed hand, for tries.
  static void prepare_tries(Prepared& p, const std::uint8_t* s) noexcept {
    V l[4], m[4];
    for (int g = 0; g < 4; ++g) {
      l[g] = S::template load_low<8>(s + 12 * g);
      m[g] = S::template load_low<4>(s + 12 * g + 8);
    }
    const V ab = S::zip8(l[0], l[1]), cd = S::zip8(l[2], l[3]);
    p.t[0] = S::zip16_lo(ab, cd);
    p.t[1] = S::zip16_hi(ab, cd);
    p.t[2] = S::zip16_lo(S::zip8(m[0], m[1]), S::zip8(m[2], m[3]));
  }
  // The slot bit masks.
  static void prepare_bits(Prepared& p, const std::uint8_t* s) noexcept {
    std::uint64_t occ = 0, ge2 = 0, ge3 = 0, four = 0;
    for (int i = 0; i < 3; ++i) {
      const V a = S::load(s + 16 * i);
      const int sh = 16 * i;
      occ |= std::uint64_t{S::sign_bits(S::gt(a, k(0)))} << sh;
      ge2 |= std::uint64_t{S::sign_bits(S::gt(a, k(1)))} << sh;
      ge3 |= std::uint64_t{S::sign_bits(S::gt(a, k(2)))} << sh;
      four |= std::uint64_t{S::sign_bits(S::eq(a, k(4)))} << sh;
    }
    p.occ = occ, p.ge2 = ge2, p.ge3 = ge3, p.four = four;
  }
  static Prepared prepare(const std::uint8_t* s, const std::array<int, 4>& sum) noexcept {
    Prepared p;
    p.s = s;
    p.sum = sum;
    p.tiles = sum[0] + sum[1] + sum[2] + sum[3];
    prepare_tries(p, s);
    prepare_bits(p, s);
    return p;
  }
  static Prepared prepare(const std::uint8_t* s) noexcept { return prepare(s, group_sums(s)); }

  // A necessary condition for group g to split into melds, on the bit
  // masks: a held slot with no held neighbour holds exactly three (exact
  // for honours, where every slot is isolated).
  static bool may_be_melds(const Prepared& p, int g) noexcept {
    const unsigned occ = group_bits(p.occ, g), three = group_bits(p.ge3 & ~p.four, g);
    const unsigned isolated = occ & ~(occ << 1) & ~(occ >> 1);
    return (isolated & ~three) == 0;
  }

  // Tris of up to 16 tries at once: lane l is group g[l], with one tile added
  // at slot plus[l], one removed at minus[l] and two at head[l] (none: no
  // change). Bit l of the result: that try splits into melds only.
  template <bool Plus, bool Minus>
  [[gnu::always_inline]] static inline unsigned tris(const Prepared& p, const V& g, const V& plus, const V& minus,
                                                     const V& head) noexcept {
    V idx[4];
    for (int m = 0; m < 4; ++m) idx[m] = g + k(4 * m);
    V r1 = k(0), r2 = k(0), seen = k(0);
#pragma GCC unroll 10
    for (int i = 0; i < 10; ++i) {
      V x = S::shuffle(p.t[i / 4], idx[i % 4]);
      if constexpr (Plus) x = x - S::eq(plus, k(i));
      if constexpr (Minus) x = x + S::eq(minus, k(i));
      x = x + (S::eq(head, k(i)) & k(-2));
      // Tiles left at slot i after the sequences owed by i-1 and i-2 start
      // (y mod 3) more sequences: y - 3 if y >= 3, which as unsigned bytes is
      // min(y, y - 3). Any y < 0 means no.
      const V y = (x - r2) - r1;
      seen = seen | y;
      const V r = S::min_u8(y, y - k(3));
      r2 = r1;
      r1 = r;
    }
    seen = seen | (k(0) - r1) | (k(0) - r2);  // sequences still owed past slot 9
    return ~S::sign_bits(seen) & 0xffffu;
  }

  // A list of tries, run 16 at a time.
  template <int N>
  struct TryList {
    static constexpr int capacity = N;
    alignas(16) std::uint8_t g[N + 16], plus[N + 16], minus[N + 16], head[N + 16];  // N tries and a tail
    int n = 0;
    void add(int group, int p, int m, int h) noexcept {
      g[n] = static_cast<std::uint8_t>(group);
      plus[n] = static_cast<std::uint8_t>(p);
      minus[n] = static_cast<std::uint8_t>(m);
      head[n] = static_cast<std::uint8_t>(h);
      ++n;
    }
  };
  using Tries = TryList<64>;

  // Runs every try of t; bit l of pass[l / 64]: try l passed.
  template <bool Plus, bool Minus, int N>
  static void run(const Prepared& p, TryList<N>& t, std::uint64_t* pass) noexcept {
    // Harmless tries after the last (results masked off below).
    S::store(t.g + t.n, k(0));
    S::store(t.plus + t.n, k(none));
    S::store(t.minus + t.n, k(none));
    S::store(t.head + t.n, k(none));
    for (int w = 0; w < N / 64; ++w) pass[w] = 0;
    for (int base = 0; base < t.n; base += 16)
      pass[base / 64] |= std::uint64_t{tris<Plus, Minus>(p, S::load(t.g + base), S::load(t.plus + base),
                                                         S::load(t.minus + base), S::load(t.head + base))}
                         << (base % 64);
    if (t.n % 64) pass[t.n / 64] &= (std::uint64_t{1} << (t.n % 64)) - 1;
  }
  template <bool Plus, bool Minus>
  static std::uint64_t run(const Prepared& p, Tries& t) noexcept {
    std::uint64_t pass;
    run<Plus, Minus>(p, t, &pass);
    return pass;
  }

  // Suji residues of group g (the counts at slots j, j+3, j+6, j+9, mod 3)
  // as one index r0 + 3 r1 + 9 r2. A group of melds has all three equal;
  // adding a tile, or removing a pair (-2 = +1 mod 3), steps one suji by one.
  static int mod3(int x) noexcept {  // 0 <= x < 32
    constexpr std::uint64_t table = [] {
      std::uint64_t m = 0;
      for (unsigned v = 0; v < 32; ++v) m |= std::uint64_t{v % 3} << (2 * v);
      return m;
    }();
    return static_cast<int>(table >> (2 * x) & 3);
  }
  static int suji(const Prepared& p, int g) noexcept {
    const std::uint8_t* x = p.s + 12 * g;
    return mod3(x[0] + x[3] + x[6] + x[9]) + 3 * mod3(x[1] + x[4] + x[7]) + 9 * mod3(x[2] + x[5] + x[8]);
  }
  static constexpr unsigned suji_slots = 0x249;  // slots 0, 3, 6, 9
  struct SujiTables {
    std::array<std::array<std::uint8_t, 3>, 27> bump{};  // index after one step at suji u
    std::array<std::uint16_t, 27> one_step{};            // slots where one step equalises
  };
  static constexpr SujiTables suji_tables = [] {
    SujiTables t;
    for (int i = 0; i < 27; ++i) {
      const int r[3] = {i % 3, i / 3 % 3, i / 9};
      for (int u = 0; u < 3; ++u) {
        int q[3] = {r[0], r[1], r[2]};
        q[u] = (q[u] + 1) % 3;
        t.bump[static_cast<std::size_t>(i)][static_cast<std::size_t>(u)] =
            static_cast<std::uint8_t>(q[0] + 3 * q[1] + 9 * q[2]);
        if (q[0] == q[1] && q[1] == q[2])
          t.one_step[static_cast<std::size_t>(i)] |= static_cast<std::uint16_t>(suji_slots << u);
      }
    }
    return t;
  }();
  static int bump(int r, int u) noexcept {
    return suji_tables.bump[static_cast<std::size_t>(r)][static_cast<std::size_t>(u)];
  }
  // Slots where one step leaves the three residues equal.
  static unsigned one_step(int r) noexcept { return suji_tables.one_step[static_cast<std::size_t>(r)]; }
  // Slots where a second step, after one at suji u, leaves them equal.
  static unsigned two_steps(int r, int u) noexcept { return one_step(bump(r, u)); }

  // Candidate waits of a group by neighbour products (occupancy only
  // matters, so products are ANDs): held, or both neighbours of a sequence
  // through the slot held. Empty honour slots between honours fall out with
  // the valid-slot mask.
  static unsigned candidates(unsigned occ) noexcept {
    return occ | ((occ << 1) & (occ >> 1)) | ((occ << 1) & (occ << 2)) | ((occ >> 1) & (occ >> 2));
  }

  template <class F>
  static void each_bit(std::uint64_t m, F f) noexcept {
    for (; m; m &= m - 1) f(std::countr_zero(m));
  }

  // ---- agari ----

  // Standard form: residues (2,0,0,0); the residue-2 group takes the head.
  // Lanes 0-3: each group as it is; lanes 4-13: the head group with the
  // head at slot 0..9 (a head where fewer than two are held fails Tris).
  static bool standard_agari(const std::uint8_t* s, const std::array<int, 4>& sum) noexcept {
    const unsigned code = residues(sum);
    if (!(code == 2 || code == 8 || code == 32 || code == 128)) return false;
    const int head = std::countr_zero(code) / 2;
    Prepared p;
    // Every other group must pass the meld prefilter first.
    std::uint64_t occ = 0, three = 0;
    for (int i = 0; i < 3; ++i) {
      const V a = S::load(s + 16 * i);
      occ |= std::uint64_t{S::sign_bits(S::gt(a, k(0)))} << (16 * i);
      three |= std::uint64_t{S::sign_bits(S::eq(a, k(3)))} << (16 * i);
    }
    const std::uint64_t isolated = occ & ~(occ << 1) & ~(occ >> 1) & ~(std::uint64_t{0xfff} << (12 * head));
    if (isolated & ~three) return false;
    prepare_tries(p, s);
    alignas(16) static constexpr std::int8_t base[16] = {0, 1, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    alignas(16) static constexpr std::int8_t in_head[16] = {0, 0, 0, 0, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 0, 0};
    alignas(16) static constexpr std::int8_t heads[16] = {none, none, none, none, 0, 1, 2,    3,
                                                          4,    5,    6,    7,    8, 9, none, none};
    const V g = S::load(base) + (S::load(in_head) & k(head));
    const unsigned pass = tris<false, false>(p, g, k(0), k(0), S::load(heads));
    const unsigned others = 0xfu & ~(1u << head);
    return (pass & others) == others && (pass & 0x3ff0u) != 0;
  }

  // Seven pairs: 14 tiles, every group even, seven kinds held exactly twice.
  static bool chiitoi_agari(const std::uint8_t* s, const std::array<int, 4>& sum) noexcept {
    if (sum[0] + sum[1] + sum[2] + sum[3] != 14 || ((sum[0] | sum[1] | sum[2] | sum[3]) & 1)) return false;
    int pairs = 0;
    for (int i = 0; i < 3; ++i) pairs += std::popcount(S::sign_bits(S::eq(S::load(s + 16 * i), k(2))));
    return pairs == 7;
  }
  // Thirteen orphans: 14 tiles, all seven honours among them, every orphan
  // held and nothing else.
  static bool kokushi_agari(const std::uint8_t* s, const std::array<int, 4>& sum) noexcept {
    if (sum[0] + sum[1] + sum[2] + sum[3] != 14 || sum[3] < 7) return false;
    Prepared p;
    prepare_bits(p, s);
    return (p.occ & bits::orphans) == bits::orphans && (p.occ & ~bits::orphans) == 0;
  }

  // ---- waits ----

  // Standard-form waits of a valid 3k+1 hand, as slot bits (kinds held four
  // times included; the caller removes them). Residues (1,0,0,0): head and
  // wait in the residue-1 group X, a try per (wait candidate, head) pair;
  // (2,2,0,0): a head try per pair and a wait try per candidate in each of
  // the two residue-2 groups. Every other non-empty group must pass Tris.
  static std::uint64_t standard_waits(const Prepared& p, std::uint64_t valid) noexcept {
    int ones = 0, twos = 0, x = 0, a = -1, b = -1;
    const unsigned code = residues(p.sum);
    for (int g = 0; g < 4; ++g) {
      const unsigned r = code >> (2 * g) & 3u;
      if (r == 1) ++ones, x = g;
      if (r == 2) ++twos, (a < 0 ? a : b) = g;
    }
    Tries t;
    if (ones == 1 && twos == 0) {
      for (int g = 0; g < 4; ++g)
        if (g != x && p.sum[g] > 0 && !may_be_melds(p, g)) return 0;
      for (int g = 0; g < 4; ++g)
        if (g != x && p.sum[g] > 0) t.add(g, none, none, none);
      const int plain = t.n;
      const unsigned occ = group_bits(p.occ, x), ge2 = group_bits(p.ge2, x);
      const unsigned cand = candidates(occ) & group_bits(valid & ~p.four, x);
      // The wait's suji fixes the head's (the suji rule).
      const auto r = suji(p, x);
      const unsigned heads_after[3] = {two_steps(r, 0), two_steps(r, 1), two_steps(r, 2)};
      each_bit(cand, [&](int c) {
        each_bit((ge2 | ((occ >> c & 1u) << c)) & heads_after[c % 3], [&](int d) { t.add(x, c, none, d); });
      });
      const std::uint64_t pass = run<true, false>(p, t);
      const std::uint64_t need = (std::uint64_t{1} << plain) - 1;
      if ((pass & need) != need) return 0;
      std::uint64_t w = 0;
      each_bit(pass >> plain, [&](int l) { w |= std::uint64_t{1} << (12 * x + t.plus[l + plain]); });
      return w;
    }
    if (twos == 2 && ones == 0) {
      for (int g = 0; g < 4; ++g)
        if (g != a && g != b && p.sum[g] > 0 && !may_be_melds(p, g)) return 0;
      for (int g = 0; g < 4; ++g)
        if (g != a && g != b && p.sum[g] > 0) t.add(g, none, none, none);
      const int plain = t.n;
      // A head and a wait each step one suji of their group: the one step
      // that equalises its residues.
      const unsigned step_a = one_step(suji(p, a)), step_b = one_step(suji(p, b));
      each_bit(group_bits(p.ge2, a) & step_a, [&](int d) { t.add(a, none, none, d); });
      const int heads_b = t.n;
      each_bit(group_bits(p.ge2, b) & step_b, [&](int d) { t.add(b, none, none, d); });
      const int waits_a = t.n;
      each_bit(candidates(group_bits(p.occ, a)) & group_bits(valid & ~p.four, a) & step_a,
               [&](int c) { t.add(a, c, none, none); });
      const int waits_b = t.n;
      each_bit(candidates(group_bits(p.occ, b)) & group_bits(valid & ~p.four, b) & step_b,
               [&](int c) { t.add(b, c, none, none); });
      const std::uint64_t pass = run<true, false>(p, t);
      auto range = [&](int lo, int hi) { return (pass >> lo) & ((std::uint64_t{1} << (hi - lo)) - 1); };
      const std::uint64_t need = (std::uint64_t{1} << plain) - 1;
      if ((pass & need) != need) return 0;
      std::uint64_t w = 0;
      if (range(heads_b, waits_a))  // b takes the head, a the wait
        each_bit(range(waits_a, waits_b), [&](int l) { w |= std::uint64_t{1} << (12 * a + t.plus[l + waits_a]); });
      if (range(plain, heads_b))
        each_bit(range(waits_b, t.n), [&](int l) { w |= std::uint64_t{1} << (12 * b + t.plus[l + waits_b]); });
      return w;
    }
    return 0;
  }

  static std::uint64_t chiitoi_waits(const Prepared& p) noexcept {
    const std::uint64_t single = p.occ & ~p.ge2;
    return p.tiles == 13 && std::popcount(p.ge2 & ~p.ge3) == 6 && std::popcount(single) == 1 ? single : 0;
  }
  static std::uint64_t kokushi_waits(const Prepared& p) noexcept {
    if (p.tiles != 13 || (p.occ & ~bits::orphans) != 0) return 0;
    const int kinds = std::popcount(p.occ);
    return kinds == 13 ? bits::orphans : kinds == 12 ? bits::orphans & ~p.occ : 0;
  }

  // Every wait of a valid 3k+1 hand by form, kinds held four times removed.
  struct Waits {
    std::uint64_t standard, chiitoi, kokushi;
  };
  static Waits all_waits(const Prepared& p, std::uint64_t valid) noexcept {
    const std::uint64_t keep = ~p.four;
    return {standard_waits(p, valid) & keep, chiitoi_waits(p) & keep, kokushi_waits(p) & keep};
  }
  // The same from the counts, stopping before any try is prepared when the
  // hand can have no wait: standard form needs residues (1,0,0,0) or
  // (2,2,0,0) and the other groups past the meld prefilter; seven pairs
  // seven kinds; thirteen orphans nothing else.
  static Waits all_waits(const std::uint8_t* s, const std::array<int, 4>& sum, std::uint64_t valid) noexcept {
    const unsigned code = residues(sum);
    const bool one = code == 1 || code == 4 || code == 16 || code == 64;
    const bool two_twos = (code & 0x55u) == 0 && std::popcount(code) == 2;
    std::uint64_t occ = 0, three = 0;
    for (int i = 0; i < 3; ++i) {
      const V a = S::load(s + 16 * i);
      occ |= std::uint64_t{S::sign_bits(S::gt(a, k(0)))} << (16 * i);
      three |= std::uint64_t{S::sign_bits(S::eq(a, k(3)))} << (16 * i);
    }
    // Groups that must split into melds: residue 0.
    std::uint64_t melds = 0;
    for (int g = 0; g < 4; ++g)
      if ((code >> (2 * g) & 3u) == 0) melds |= std::uint64_t{0xfff} << (12 * g);
    const std::uint64_t isolated = occ & ~(occ << 1) & ~(occ >> 1) & melds;
    const bool standard = (one || two_twos) && (isolated & ~three) == 0;
    const int tiles = sum[0] + sum[1] + sum[2] + sum[3];
    const bool special = tiles == 13 && (std::popcount(occ) == 7 || (occ & ~bits::orphans) == 0);
    if (!standard && !special) return {0, 0, 0};
    return all_waits(prepare(s, sum), valid);
  }

  // ---- tenpai discards (riichi judgement) ----
  //
  // A 3k+2 hand is tenpai after a standard-form discard only with colour
  // residues (2,0,0,0), (1,1,0,0) or (1,2,2,0):
  //  (1,1,0,0): the discard comes from a residue-1 group D that is Tris
  //    without it; the other residue-1 group holds head and wait, so the
  //    waits are the same for every such discard: computed once per D.
  //  (1,2,2,0): likewise from the residue-1 group; the waits are those of
  //    the two residue-2 groups, once.
  //  (2,0,0,0), x the residue-2 group (the three cases of one pair-or-run group): one
  //    register tells whether each residue-0 group is Tris and, per try,
  //    whether x is "head Tris" or "wait Tris". Two or more residue-0 groups
  //    failing: no discard. One failing, y: the discard is y's (b: x waits,
  //    y less d takes the head; c: x takes the head, y less d waits). None
  //    failing: also x's discards (a: x less d takes head and wait). All of
  //    b/c in one list of tries and all of a in another: two more runs.
  // Seven pairs and thirteen orphans: when the hand could be one of them
  // after a discard (five kinds held twice or more; at most one kind that is
  // not an orphan), every held kind's discard is checked on the bit masks.
  static Result<TenpaiDiscards> tenpai_discards(const Hand& hand, Players players) noexcept {
    Result<TenpaiDiscards> out;
    const std::uint8_t* s = hand.slots.data();
    const Prepared p = prepare(s);
    const std::uint64_t valid = valid_slots(players);
    alignas(64) std::uint8_t buf[64];
    std::memcpy(buf, s, 64);
    // Waits after discarding the tile at `slot` (added to any recorded).
    auto record = [&](int slot, std::uint64_t w) {
      if (!w) return;
      const Tile tile = *Tile::from_slot(slot);
      out.value.discards.insert(tile);
      TileMask& m = out.value.waits[static_cast<std::size_t>(tile.kind())];
      m = TileMask(m.bits() | to_mask(w).bits());
    };
    // The standard-form waits after discarding the tile at `slot`.
    auto after = [&](int slot) {
      --buf[slot];
      const Prepared q = prepare(buf);
      const std::uint64_t w = standard_waits(q, valid);
      ++buf[slot];
      return w & ~q.four;
    };

    // Seven pairs and thirteen orphans need only the bit masks after the
    // discard, no tries.
    if (p.tiles == 14 && (std::popcount(p.ge2) >= 5 || std::popcount(p.occ & ~bits::orphans) <= 1)) {
      each_bit(p.occ, [&](int d) {
        const std::uint64_t bit = std::uint64_t{1} << d;
        Prepared q = p;
        q.occ = (p.occ & ~bit) | (p.ge2 & bit);
        q.ge2 = (p.ge2 & ~bit) | (p.ge3 & bit);
        q.ge3 = (p.ge3 & ~bit) | (p.four & bit);
        q.four = p.four & ~bit;
        q.tiles = 13;
        record(d, (chiitoi_waits(q) | kokushi_waits(q)) & ~q.four);
      });
    }
    int ones = 0, twos = 0, one[2] = {0, 0}, two = 0;
    const unsigned code = residues(p.sum);
    for (int g = 0; g < 4; ++g) {
      const unsigned r = code >> (2 * g) & 3u;
      if (r == 1) one[ones++ & 1] = g;
      if (r == 2) ++twos, two = g;
    }
    if (twos == 1 && ones == 0) {
      // (2,0,0,0), group x of residue 2. One register: the four groups'
      // Tris, x's head tries and x's wait tries (each in its one suji).
      const int x = two;
      Tries t;
      for (int g = 0; g < 4; ++g) t.add(g, none, none, none);
      const unsigned step_x = one_step(suji(p, x));
      each_bit(group_bits(p.ge2, x) & step_x, [&](int h) { t.add(x, none, none, h); });
      const int waits_x = t.n;
      each_bit(candidates(group_bits(p.occ, x)) & group_bits(valid & ~p.four, x) & step_x,
               [&](int c) { t.add(x, c, none, none); });
      const std::uint64_t pass = run<true, false>(p, t);
      unsigned failing = 0;
      for (int g = 0; g < 4; ++g)
        if (g != x && !(pass >> g & 1)) failing |= 1u << g;
      if (std::popcount(failing) >= 2) return out;
      const bool head_x = (pass >> 4) & ((std::uint64_t{1} << (waits_x - 4)) - 1);
      std::uint64_t wait_x = 0;
      each_bit(pass >> waits_x, [&](int l) { wait_x |= std::uint64_t{1} << (12 * x + t.plus[l + waits_x]); });

      // Discards from x (case a): only when every other group is Tris; x
      // less d then holds head and wait (residues (1,0,0,0)). Every
      // (discard, wait, head) try of x in one list, the head's suji fixed by
      // the discard's and the wait's: at most 9 discards x 9 waits x 3 heads
      // (an honour group: 7 x 7 x 3).
      if (failing == 0) {
        TryList<256> a;
        const unsigned occ = group_bits(p.occ, x), ge2 = group_bits(p.ge2, x), ge3 = group_bits(p.ge3, x);
        const unsigned keep = group_bits(valid & ~p.four, x), in_rules = group_bits(valid, x);
        const int rx = suji(p, x);
        std::array<int, 11> first{};  // tries of discard slot d (0..9): first[d] .. first[d + 1]
        for (int d = 0; d < 10; ++d) {
          first[static_cast<std::size_t>(d)] = a.n;
          const unsigned bit = 1u << d;
          if (!(occ & bit)) continue;
          const int r = bump(bump(rx, d % 3), d % 3);  // one tile fewer: -1 = +2 mod 3
          const unsigned occ_d = (occ & ~bit) | (ge2 & bit), ge2_d = (ge2 & ~bit) | (ge3 & bit);
          // A kind held four times is held three times after its discard.
          each_bit(candidates(occ_d) & (keep | bit) & in_rules, [&](int c) {
            each_bit((ge2_d | ((occ_d >> c & 1u) << c)) & two_steps(r, c % 3), [&](int h) { a.add(x, c, d, h); });
          });
        }
        first[10] = a.n;
        std::uint64_t pass_a[4];
        run<true, true>(p, a, pass_a);
        for (int d = 0; d < 10; ++d) {
          std::uint64_t w = 0;
          for (int l = first[static_cast<std::size_t>(d)]; l < first[static_cast<std::size_t>(d + 1)]; ++l)
            if (pass_a[l / 64] >> (l % 64) & 1) w |= std::uint64_t{1} << (12 * x + a.plus[l]);
          record(12 * x + d, w);
        }
      }

      // Discards from a residue-0 group y (the failing one, else each):
      // y less d is (2,2,0,0)'s other group: it takes the head while x
      // waits, or waits while x takes the head. Tries of y less d: heads
      // (if x has waits) and waits (if x has a head), all in one list.
      unsigned ys = failing;
      if (!ys)
        for (int g = 0; g < 4; ++g)
          if (g != x && p.sum[g] > 0) ys |= 1u << g;
      if (!wait_x && !head_x) return out;
      TryList<128> u;
      struct Span {
        int slot, heads, waits, end;
      };
      std::array<Span, 14> spans;
      int n_spans = 0;
      each_bit(ys, [&](int y) {
        const auto ry = suji(p, y);
        const unsigned occ = group_bits(p.occ, y), ge2 = group_bits(p.ge2, y), ge3 = group_bits(p.ge3, y);
        const unsigned keep = group_bits(valid & ~p.four, y);
        each_bit(occ, [&](int d) {
          const int r = bump(bump(ry, d % 3), d % 3);  // one tile fewer: -1 = +2 mod 3
          const unsigned step = one_step(r), bit = 1u << d;
          Span& sp = spans[static_cast<std::size_t>(n_spans++)];
          sp.slot = 12 * y + d;
          sp.heads = u.n;
          if (wait_x) each_bit(((ge2 & ~bit) | (ge3 & bit)) & step, [&](int h) { u.add(y, none, d, h); });
          sp.waits = u.n;
          // A kind held four times is held three times after its discard.
          if (head_x)
            each_bit(candidates((occ & ~bit) | (ge2 & bit)) & (keep | bit) & group_bits(valid, y) & step,
                     [&](int c) { u.add(y, c, d, none); });
          sp.end = u.n;
        });
      });
      std::uint64_t pass2[2];
      run<true, true>(p, u, pass2);
      auto bit_of = [&](int l) { return (pass2[l / 64] >> (l % 64)) & 1; };
      for (int i = 0; i < n_spans; ++i) {
        const Span& sp = spans[static_cast<std::size_t>(i)];
        std::uint64_t w = 0;
        for (int l = sp.heads; l < sp.waits; ++l)
          if (bit_of(l)) w = wait_x;
        for (int l = sp.waits; l < sp.end; ++l)
          if (bit_of(l)) w |= std::uint64_t{1} << (12 * (sp.slot / 12) + u.plus[l]);
        record(sp.slot, w);
      }
      return out;
    }
    if ((ones == 2 && twos == 0) || (ones == 1 && twos == 2)) {
      Tries t;
      for (int g = 0; g < 4; ++g)
        if ((code >> (2 * g) & 3u) == 0 && p.sum[g] > 0) t.add(g, none, none, none);
      const int plain = t.n;
      for (int i = 0; i < ones; ++i) each_bit(group_bits(p.occ, one[i]), [&](int d) { t.add(one[i], none, d, none); });
      const std::uint64_t pass = run<false, true>(p, t);
      const std::uint64_t need = (std::uint64_t{1} << plain) - 1;
      if ((pass & need) != need) return out;
      for (int i = 0; i < ones; ++i) {
        std::uint64_t w = 0;
        bool first = true;
        for (int l = plain; l < t.n; ++l) {
          if (t.g[l] != one[i] || !(pass >> l & 1)) continue;
          const int slot = 12 * one[i] + t.minus[l];
          if (first) w = after(slot), first = false;
          record(slot, w);
        }
      }
    }
    return out;
  }
};

// ---- the per-ISA single-hand entry points (see MJK_SINGLE_DEFAULT) ----

template <class Ops>
Result<std::uint8_t> agari_forms(const Hand& hand, const Options& options) noexcept {
  using P = Path<Ops>;
  std::array<int, 4> sum;
  const Error e = P::validate(hand, Question::complete, options.players, sum);
  if (e != Error::none) return {0, e};
  const std::uint8_t* s = hand.slots.data();
  return {static_cast<std::uint8_t>((P::standard_agari(s, sum) ? standard_form : 0) |
                                    (P::chiitoi_agari(s, sum) ? chiitoi_form : 0) |
                                    (P::kokushi_agari(s, sum) ? kokushi_form : 0)),
          Error::none};
}

template <class Ops>
Result<bool> is_agari(const Hand& hand, const Options& options) noexcept {
  using P = Path<Ops>;
  std::array<int, 4> sum;
  const Error e = P::validate(hand, Question::complete, options.players, sum);
  if (e != Error::none) return {false, e};
  const std::uint8_t* s = hand.slots.data();
  return {P::standard_agari(s, sum) || P::chiitoi_agari(s, sum) || P::kokushi_agari(s, sum), Error::none};
}

template <class Ops>
Result<TileMask> waits(const Hand& hand, const Options& options) noexcept {
  using P = Path<Ops>;
  std::array<int, 4> sum;
  const Error e = P::validate(hand, Question::waits, options.players, sum);
  if (e != Error::none) return {{}, e};
  const auto w = P::all_waits(hand.slots.data(), sum, P::valid_slots(options.players));
  return {P::to_mask(w.standard | w.chiitoi | w.kokushi), Error::none};
}

template <class Ops>
Result<FormWaits> waits_by_form(const Hand& hand, const Options& options) noexcept {
  using P = Path<Ops>;
  std::array<int, 4> sum;
  const Error e = P::validate(hand, Question::waits, options.players, sum);
  if (e != Error::none) return {{}, e};
  const auto w = P::all_waits(hand.slots.data(), sum, P::valid_slots(options.players));
  return {{P::to_mask(w.standard), P::to_mask(w.chiitoi), P::to_mask(w.kokushi)}, Error::none};
}

template <class Ops>
Result<TenpaiDiscards> tenpai_discards(const Hand& hand, const Options& options) noexcept {
  using P = Path<Ops>;
  std::array<int, 4> sum;
  const Error e = P::validate(hand, Question::complete, options.players, sum);
  if (e != Error::none) return {{}, e};
  return P::tenpai_discards(hand, options.players);
}

}  // namespace mjk::single
