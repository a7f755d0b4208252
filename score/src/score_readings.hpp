// A reading's value and the search over readings (private to score/): han,
// limits and base points, the order of readings (SCORING.md §2), and
// standard_readings, which combines the suits' table splits with bit
// operations. A header because the scorer's loop, fu_breakdown and the
// every-winning-tile entry run the same search and each inlines its keeper.
#pragma once

#include "score_detail.hpp"

namespace mjk::scoring {

inline int round_up_100(int x) noexcept { return (x + 99) / 100 * 100; }

// Base points of han and fu with the limits (no yakuman).
// Limits by han (index 13: 13 han or more without kazoe), 0 below mangan.
inline constexpr std::array<int, 15> limit_by_han = {0,    0,    0,    0,    0,    2000, 3000, 3000,
                                                     4000, 4000, 4000, 6000, 6000, 6000, 8000};
inline int base_points(int han, int fu, const ScoreRules& rules) noexcept {
  const int limit = limit_by_han[static_cast<std::size_t>(std::min(han, 13) + ((han >= 13) & rules.kazoe_yakuman))];
  const bool kiriage = rules.kiriage & (((han == 4) & (fu == 30)) | ((han == 3) & (fu == 60)));
  const int counted = kiriage ? 2000 : std::min(fu << std::min(han + 2, 6), 2000);  // han >= 5 takes the limit
  return limit ? limit : counted;
}

// One reading's value. SCORING.md §2 orders readings by points, then a
// yakuman reading, then han, then fu: `key` holds the last three (0: no
// yaku), points come from the base only when two readings' bases differ.
struct Reading {
  u64 yaku = 0;
  int han = 0, fu = 0, yakuman = 0, base = 0;
  std::int64_t key = -1;  // -1: no reading yet
};

// What a base pays the winner in all: a ron 4x (dealer 6x), a tsumo the
// shares (the dealer's doubled; three players: the North share lost, or
// with no tsumo loss split between the two payers).
inline int points_of(int base, const Context& c) noexcept {
  const ScoreRequest& r = *c.r;
  // Every case computed, one selected (no branch on the request).
  const int ron = round_up_100(base * (c.dealer ? 6 : 4));
  const int one = round_up_100(base), two = round_up_100(2 * base);
  const int four = c.dealer ? 3 * two : two + 2 * one;
  const int three_loss = c.dealer ? 2 * two : two + one;
  const int three_split =
      c.dealer ? 2 * round_up_100(3 * base) : round_up_100(2 * base + base / 2) + round_up_100(base + base / 2);
  const int three = r.rules.sanma_tsumo_loss ? three_loss : three_split;
  const int tsumo = r.players == Players::four ? four : three;
  return r.tsumo ? tsumo : ron;
}

// Values a reading from its yaku (fixed and its own), han and fu. Inlined
// in the scorer's loop (fu_breakdown's second use would otherwise make the
// compiler call it there).
[[gnu::always_inline]] inline Reading value(u64 yaku, int fu, const Context& c) noexcept {
  const ScoreRules& rules = c.r->rules;
  Reading v;
  const u64 yakuman = yaku & yakuman_yaku;
  if (yakuman) {
    const int multiple = std::popcount(yakuman) + (rules.double_yakuman ? std::popcount(yakuman & double_yakuman) : 0);
    v.yaku = yakuman;
    v.yakuman = rules.yakuman_stacking ? multiple : 1;
    v.base = 8000 * v.yakuman;
  } else {
    v.yaku = yaku & ordinary_yaku;
    const int han = han_of(v.yaku, c.closed);
    if (han == 0) {  // no yaku: complete, worth nothing
      v.yaku = 0;
      v.key = 0;
      return v;
    }
    v.han = han + c.dora_han;
    v.fu = fu;
    v.base = base_points(v.han, fu, rules);
  }
  v.key = std::int64_t{v.yakuman > 0} << 23 | v.han << 8 | v.fu;
  return v;
}

// Whether v is a better reading than best (SCORING.md §2's order). Most
// hands have one reading: points are computed only to compare two.
inline bool better(const Reading& v, const Reading& best, const Context& c) noexcept {
  if (best.key < 0) return true;
  const int points = points_of(v.base, c), best_points = points_of(best.base, c);
  return points > best_points || (points == best_points && v.key > best.key);
}
inline void keep_best(Reading& best, const Reading& v, const Context& c) noexcept {
  if (better(v, best, c)) best = v;
}

// Which standard reading a value came from: the split of each suit (an
// index into its table entry) and the wait (a scoring::WaitBit). Only
// fu_breakdown() reads it; the scorer's own `keep` ignores it.
struct Pick {
  unsigned split[3];
  unsigned wait;
};

// The winning tiles one search over readings values at once (one complete
// hand, each of these tiles its winning one): kinds, in the order their
// answers are handed to keep.
template <std::size_t N>
struct WinningTiles {
  std::array<std::uint8_t, N> kind{};
  std::size_t count = 0;
};

// Every standard-form reading: each combination of the suits' splits, and
// for each winning tile each wait it can have in it, each valued and handed
// to keep(i, reading, pick), i the tile's index in `wins`. The splits do not
// depend on the winning tile: a hand won on several tiles is split once.
template <std::size_t N, class Keep>
inline void standard_readings_on(const Context& c, const scoring::SuitTable& table, const WinningTiles<N>& wins,
                                 Keep&& keep) noexcept {
  const ScoreRequest& r = *c.r;
  const Hand& h = r.hand;
  // The concealed part splits only if one group holds 3k+2 tiles and the others 3k.
  // Residue 1 anywhere, or 2 in more than one group, leaves 8 or 2+: no split.
  static constexpr std::array<std::uint8_t, 15> residue_weight = {0, 8, 1, 0, 8, 1, 0, 8, 1, 0, 8, 1, 0, 8, 1};
  const int residues = residue_weight[static_cast<std::size_t>(c.group_tiles[0])] +
                       residue_weight[static_cast<std::size_t>(c.group_tiles[1])] +
                       residue_weight[static_cast<std::size_t>(c.group_tiles[2])] +
                       residue_weight[static_cast<std::size_t>(c.group_tiles[3])];
  if (residues != 1 || !c.honours_split) return;
  if (bits7[c.honour_pair] != (c.group_tiles[3] % 3 == 2)) return;
  std::array<std::pair<const SplitInfo*, unsigned>, 3> splits;
  for (std::size_t g = 0; g < 3; ++g) {
    splits[g] = table.find(scoring::suit_key(&h.slots[12 * g]));  // key 0 (no tile): one empty split
    if (splits[g].second == 0) return;
  }

  const bool ron = !r.tsumo;
  const int honour_trips = bits7[c.honour_trip];
  const int kans_and_fixed_fu = c.meld_fu + 8 * honour_trips + c.honour_pair_fu;
  // What each winning tile's waits need that no split changes, once.
  struct WinAt {
    std::size_t group;
    unsigned number, honour_waits;
    bool outside;
  };
  const std::size_t tiles = N == 1 ? 1 : wins.count;  // (one tile: a constant loop, unrolled)
  std::array<WinAt, N> win_at;
  for (std::size_t i = 0; i < tiles; ++i) {
    const int win = wins.kind[i], wg = win / 9, wn = win % 9;
    win_at[i] = {static_cast<std::size_t>(wg), static_cast<unsigned>(wn),
                 wg == 3 ? (c.honour_pair >> (win - 27) & 1) * scoring::wait_tanki |
                               (c.honour_trip >> (win - 27) & 1) * scoring::wait_shanpon
                         : 0u,
                 wg == 3 || wn == 0 || wn == 8};
  }

  for (unsigned a = 0; a < splits[0].second; ++a)
    for (unsigned b = 0; b < splits[1].second; ++b)
      for (unsigned d = 0; d < splits[2].second; ++d) {
        const SplitInfo& m = splits[0].first[a];
        const SplitInfo& p = splits[1].first[b];
        const SplitInfo& s = splits[2].first[d];
        const unsigned seq0 = m.seq | c.meld_seq[0], seq1 = p.seq | c.meld_seq[1], seq2 = s.seq | c.meld_seq[2];
        const unsigned trip0 = m.trip | c.meld_trip[0], trip1 = p.trip | c.meld_trip[1],
                       trip2 = s.trip | c.meld_trip[2];
        const int closed_trips = m.triplets + p.triplets + s.triplets + honour_trips;
        const int triplets = closed_trips + c.meld_triplets;
        const int sequences = 4 - triplets;
        const int peikou = m.peikou + p.peikou + s.peikou;
        const bool outside = m.outside & p.outside & s.outside & c.meld_outside;
        u64 y = c.fixed_yaku;
        const auto set = [&y](Yaku yaku, bool on) noexcept { y |= u64{on} << static_cast<int>(yaku); };
        set(Yaku::sanshoku, seq0 & seq1 & seq2);
        set(Yaku::sanshoku_doukou, trip0 & trip1 & trip2);
        set(Yaku::ittsu, ((seq0 & 0x49u) == 0x49u) | ((seq1 & 0x49u) == 0x49u) | ((seq2 & 0x49u) == 0x49u));
        const bool outside_runs = outside & (sequences > 0), has_honours = (c.occupied & honours) != 0;
        set(Yaku::iipeikou, c.closed & (peikou == 1));
        set(Yaku::ryanpeikou, c.closed & (peikou >= 2));
        set(Yaku::chanta, outside_runs & has_honours);
        set(Yaku::junchan, outside_runs & !has_honours);
        set(Yaku::toitoi, triplets == 4);
        const int head_fu = c.honour_pair_fu;  // suit heads are worth nothing
        const int trip_fu = m.trip_fu + p.trip_fu + s.trip_fu + kans_and_fixed_fu;
        const std::array<const SplitInfo*, 4> parts = {&m, &p, &s, &s};
        for (std::size_t i = 0; i < tiles; ++i) {
          const WinAt& at = win_at[i];
          const unsigned suit_waits = static_cast<unsigned>(parts[at.group]->waits >> (4 * at.number)) & 15u;
          const unsigned waits = at.group == 3 ? at.honour_waits : suit_waits;
          const bool outside_win = at.outside;
          for (unsigned w = waits; w; w &= w - 1) {
            const unsigned kind = w & (0u - w);
            const bool shanpon_ron = (kind == scoring::wait_shanpon) & ron;
            const int anko = closed_trips + c.ankans - shanpon_ron;
            u64 yr = y;
            const auto setr = [&yr](Yaku yaku, bool on) noexcept { yr |= u64{on} << static_cast<int>(yaku); };
            const bool pinfu = c.closed & (triplets == 0) & (head_fu == 0) & (kind == scoring::wait_ryanmen);
            const bool tanki = kind == scoring::wait_tanki;
            setr(Yaku::pinfu, pinfu);
            setr(Yaku::sanankou, anko == 3);
            setr(Yaku::suuankou, (anko == 4) & !tanki);
            setr(Yaku::suuankou_tanki, (anko == 4) & tanki);
            const int fu = 20 + trip_fu - static_cast<int>(shanpon_ron) * (outside_win ? 4 : 2) +
                           2 * static_cast<int>((kind & (scoring::wait_closed | scoring::wait_tanki)) != 0) +
                           10 * static_cast<int>(c.closed & ron) + 2 * static_cast<int>(r.tsumo & !pinfu);
            // Round up to 10; an open hand's 20 fu is 30.
            const int rounded = (fu + 9) / 10 * 10;
            const int final_fu = rounded + 10 * static_cast<int>(!c.closed & (rounded == 20));
            keep(i, value(yr, final_fu, c), Pick{{a, b, d}, kind});
          }
        }
      }
}

// Every standard-form reading of the request's own winning tile, handed to keep(reading, pick).
template <class Keep>
inline void standard_readings(const Context& c, const scoring::SuitTable& table, Keep&& keep) noexcept {
  WinningTiles<1> win;
  win.kind[0] = static_cast<std::uint8_t>(c.r->win.kind());
  win.count = 1;
  standard_readings_on(c, table, win, [&](std::size_t, const Reading& v, const Pick& pick) noexcept { keep(v, pick); });
}

}  // namespace mjk::scoring
