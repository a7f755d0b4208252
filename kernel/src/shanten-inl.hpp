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
  static std::uint16_t mask_of(int shape, std::uint32_t key, int cell) noexcept {
    std::uint16_t m;
    std::memcpy(&m,
                blob() + shanten_tables::layout.mask[static_cast<std::size_t>(shape)] +
                    2 * (static_cast<std::size_t>(key) * shanten_tables::mask_stride + static_cast<std::size_t>(cell)),
                2);
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
    const int first = g == 3 ? 27 : 9 * g, kinds = g == 3 ? 7 : 9;
    const std::uint32_t* r = rank_table(g == 3 ? shanten_tables::honour : shanten_tables::suit);
    std::uint32_t key = 0;
    int p = 0;
    for (int i = 0; i < kinds; ++i) {
      const int n = c[static_cast<std::size_t>(first + i)];
      key += r[i * shanten_tables::rank_row + p * 5 + n];
      p += n;
    }
    return key;
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
  static void combine(const std::uint8_t* a, const std::uint8_t* b, std::uint8_t* r) noexcept {
    for (int m = 0; m < 5; ++m) {
      int r0 = 255, r1 = 255;
      for (int m1 = 0; m1 <= m; ++m1) {
        const int m2 = m - m1;
        r0 = std::min(r0, a[2 * m1] + b[2 * m2]);
        r1 = std::min(r1, std::min(a[2 * m1] + b[2 * m2 + 1], a[2 * m1 + 1] + b[2 * m2]));
      }
      r[2 * m] = static_cast<std::uint8_t>(std::min(r0, 250));
      r[2 * m + 1] = static_cast<std::uint8_t>(std::min(r1, 250));
    }
  }

  // Cheapest `melds` melds and the head from two parts.
  static int join(const std::uint8_t* a, const std::uint8_t* b, int melds) noexcept {
    int best = 255;
    for (int m = 0; m <= melds; ++m)
      best = std::min(best, std::min(a[2 * m] + b[2 * (melds - m) + 1], a[2 * m + 1] + b[2 * (melds - m)]));
    return best;
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
    alignas(16) std::uint8_t p01[16], s23[16], rest[4][16];
    combine(gr.cost[0], gr.cost[1], p01);
    combine(gr.cost[2], gr.cost[3], s23);
    combine(gr.cost[1], s23, rest[0]);
    combine(gr.cost[0], s23, rest[1]);
    combine(p01, gr.cost[3], rest[2]);
    combine(p01, gr.cost[2], rest[3]);
    const int melds = tiles / 3;
    const int r = join(gr.cost[0], rest[0], melds);
    int best = r - 1;
    int chiitoi = 127, kokushi = 127;
    Tally t;
    if (tiles == 13) {
      t = tally_of(c);
      chiitoi = chiitoi_replacements(t.pairs, t.singles) - 1;
      kokushi = kokushi_replacements(t.orphan_kinds, t.orphan_pairs) - 1;
      best = std::min({best, chiitoi, kokushi});
    }
    std::uint64_t mask = 0;
    if (r - 1 == best) {
      for (int g = 0; g < 4; ++g) {
        std::uint32_t local = 0;
        for (int m = 0; m <= melds; ++m)
          for (int h = 0; h < 2; ++h)
            if (gr.cost[g][2 * m + h] + rest[g][2 * (melds - m) + 1 - h] == r)
              local |= mask_of(gr.shape[g], gr.key[g], 2 * m + h);
        mask |= kinds_of(g, gr.shape[g], local);
      }
    }
    if (tiles == 13) {
      std::uint64_t zero = 0, one = 0;
      for (int k = 0; k < kind_count; ++k) {
        zero |= std::uint64_t{c[static_cast<std::size_t>(k)] == 0} << k;
        one |= std::uint64_t{c[static_cast<std::size_t>(k)] == 1} << k;
      }
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
    int ukeire = 0;
    for (std::uint64_t m = mask; m; m &= m - 1) {
      const auto k = static_cast<std::size_t>(std::countr_zero(m));
      ukeire += 4 - outside[k] - (visible ? visible[k] : 0);
    }
    n.ukeire = static_cast<std::uint8_t>(ukeire);
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

template <class Ops>
void shanten(const BatchInput& in, Result<ShantenForms>* out) noexcept {
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
void necessary_tiles(const BatchInput& in, Result<Necessary>* out) noexcept {
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

template <class Ops>
void advice(const BatchInput& in, Result<Advice>* out) noexcept {
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
    Advice a;
    for (int d = 0; d < kind_count; ++d) {
      if (!c[static_cast<std::size_t>(d)]) continue;
      typename S::Counts after = c;
      --after[static_cast<std::size_t>(d)];
      typename S::Groups gr = whole;
      S::set_group(gr, after, S::group_of(d, players), players);
      const Necessary n = S::necessary(after, gr, tiles - 1, players, c, visible);
      // Insert in order: shanten ascending, ukeire descending, kind ascending.
      int at = a.count;
      while (at > 0) {
        const auto& prev = a.options[static_cast<std::size_t>(at - 1)];
        if (prev.shanten < n.shanten || (prev.shanten == n.shanten && prev.ukeire >= n.ukeire)) break;
        a.options[static_cast<std::size_t>(at)] = prev;
        --at;
      }
      a.options[static_cast<std::size_t>(at)] = DiscardOption{Tile(d), n.shanten, n.ukeire, n.tiles};
      ++a.count;
    }
    out[i] = {a, Error::none};
  });
}

}  // namespace mjk::simd
