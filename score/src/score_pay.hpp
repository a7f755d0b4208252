// Payments: what each seat pays for the chosen reading (honba, sticks,
// three players' shares, pao). Its own file: it runs once per win, after the
// search, and holds the rules of who pays whom. A header included by
// score.cpp alone: out of line (its own object), settling cost 47 more
// instructions per win.
#pragma once

#include <atomic>

#include "score_readings.hpp"

namespace mjk::scoring {

// Pao: the meld completing the third dragon set (fourth wind set), in the
// order of the melds, when all of them are melds and it was called.
inline int liable_seat(const ScoreRequest& r, bool dragons) noexcept {
  int sets = 0, liable = -1;
  for (std::size_t i = 0; i < r.meld_count; ++i) {
    const Meld& m = r.melds[i];
    const int k = m.tile.kind();
    if (m.type == MeldType::chi || (dragons ? k < 31 : (k < 27 || k > 30))) continue;
    if (++sets == (dragons ? 3 : 4)) liable = m.is_open() ? seat_of(r.seat, m.from, r.players) : -1;
  }
  return liable;
}

// What each seat pays for a base, plus `honba` per payer: the discarder on
// a ron; on a tsumo every other seat its share (the dealer's doubled;
// three players: no North share, or with no tsumo loss North's split in two).
// Four seats always, the payers chosen by masks.
inline void pay(const ScoreRequest& r, int base, int honba, std::array<std::int32_t, 4>& p, int discarder) noexcept {
  const bool dealer = r.seat == 0;
  const int n = static_cast<int>(r.players);
  const int ron = round_up_100(base * (dealer ? 6 : 4));
  const bool split_north = (r.players == Players::three) & !r.rules.sanma_tsumo_loss;
  const int north = split_north ? (dealer ? base : base / 2) : 0;
  const int dealer_share = round_up_100(2 * base + north),
            other_share = round_up_100((dealer ? 2 * base : base) + north);
  for (int seat = 0; seat < 4; ++seat) {
    const bool payer = (seat != r.seat) & (seat < n);
    const int share = seat == 0 ? dealer_share : other_share;
    const int owed =
        r.tsumo ? static_cast<int>(payer) * (share + honba) : static_cast<int>(seat == discarder) * (ron + honba);
    p[static_cast<std::size_t>(seat)] -= owed;
  }
}

// Always inlined into the scorer's finish() (score.cpp says why).
[[gnu::always_inline]] inline void settle(const ScoreRequest& r, const Reading& v, Score& s) noexcept {
  const int n = static_cast<int>(r.players);
  // The discarder (-1 on a tsumo): kamicha is the previous seat, shimocha the next, toimen across.
  const std::array<int, 4> offset = {0, 1, 2, n - 1};
  // (seat + offset < 2n: a subtraction, not a division)
  const int across = r.seat + offset[static_cast<std::size_t>(r.from) & 3];
  const int discarder = r.tsumo ? -1 : across >= n ? across - n : across;
  const int honba_each = r.tsumo ? 100 * r.honba : (n == 4 ? 300 : 200) * r.honba;
  std::array<std::int32_t, 4> p{};
  int liable = -1, liable_base = 0;
  if (r.rules.pao && v.yakuman) {
    if (v.yaku & Y(Yaku::daisangen)) liable = liable_seat(r, true), liable_base = 8000;
    if (v.yaku & Y(Yaku::daisuushii))
      liable = liable_seat(r, false), liable_base = r.rules.double_yakuman ? 16000 : 8000;
    liable_base = std::min(liable_base, v.base);
  }
  if (liable >= 0) {
    // The liable yakuman's share as a ron's value; the rest as usual.
    const int share = round_up_100(liable_base * (r.seat == 0 ? 6 : 4));
    if (r.tsumo) {
      // Every honba on the liable player only when the liable yakuman are
      // all the hand pays; else the rest, honba included, is paid as usual
      // (the reference's reading of SCORING.md, and majiang-core's).
      // The liable player pays what the tsumo of that yakuman would take from
      // every payer (with three players' tsumo loss, less than a ron's value).
      const bool all_liable = v.base == liable_base;
      std::array<std::int32_t, 4> tsumo{};
      pay(r, liable_base, 0, tsumo, discarder);
      const int tsumo_total = -(tsumo[0] + tsumo[1] + tsumo[2] + tsumo[3]);
      p[static_cast<std::size_t>(liable)] -= tsumo_total + (all_liable ? honba_each * (n - 1) : 0);
      pay(r, v.base - liable_base, all_liable ? 0 : honba_each, p, discarder);
    } else {
      p[static_cast<std::size_t>(liable)] -= share / 2;
      p[static_cast<std::size_t>(discarder)] -= share / 2 + honba_each;
      pay(r, v.base - liable_base, 0, p, discarder);
    }
  } else {
    pay(r, v.base, honba_each, p, discarder);
  }
  const int paid = -(p[0] + p[1] + p[2] + p[3]);
  s.points = paid - (r.tsumo ? honba_each * (n - 1) : honba_each);
  p[r.seat] = paid + 1000 * r.sticks;
  // Copied seat by seat: the four 4-byte stores above forward to 4-byte
  // loads (one 16-byte load of them stalls on store forwarding).
  for (std::size_t seat = 0; seat < 4; ++seat) {
    s.payments[seat] = p[seat];
    std::atomic_signal_fence(std::memory_order_seq_cst);  // keeps them four copies
  }
}


}  // namespace mjk::scoring
