// The built-in bots and the loop that plays a game with them.
#include "mjk/bots.hpp"

#include <algorithm>
#include <bit>

#include "mjk/analysis.hpp"
#include "mjk/ev.hpp"
#include "mixed_counters.hpp"
#include "table_internal.hpp"

namespace mjk {

Action bot_random(const Table& table, int seat, Rng& rng) noexcept {
  const ActionSet& legal = table.legal(seat);
  return legal.nth(static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size()))));
}

Action bot_tsumogiri(const Table& table, int seat, Rng&) noexcept {
  const ActionSet& legal = table.legal(seat);
  if (legal.contains(act::pass)) return act::pass;
  if (legal.contains(act::tsumogiri)) return act::tsumogiri;
  return legal.nth(0);  // after a call: the lowest discard
}

namespace {

// The discard action for a kind, preferring the drawn tile, then a plain tile.
int discard_of(const ActionSet& legal, const Table& table, int kind, Action base, Action drawn_action) {
  if (table.drawn() != no_pai && pai_kind(table.drawn()) == kind && legal.contains(drawn_action)) return drawn_action;
  if (legal.contains(base + kind)) return base + kind;
  if (detail::is_five(kind) && legal.contains(base + red_pai_of(kind))) return base + red_pai_of(kind);
  return -1;
}

int best_shanten_after(const Hand& h, Players players) {
  const Result<ShantenForms> s = shanten(h, Options{players, {}});
  return s.ok() ? s.value.best : 8;
}

}  // namespace

Action bot_advice(const Table& table, int seat, Rng& rng) noexcept {
  const ActionSet& legal = table.legal(seat);
  if (legal.contains(act::tsumo)) return act::tsumo;
  if (legal.contains(act::ron)) return act::ron;
  if (legal.contains(act::north)) return act::north;
  const SeatState& st = table.seat(seat);
  const Players players = table.rules().players;
  if (table.phase() == Phase::turn) {
    const Result<Advice> adv = advice(st.hand, Options{players, {}});
    if (!adv.ok()) return bot_random(table, seat, rng);
    for (int i = 0; i < adv.value.count; ++i) {  // riichi with the discard that keeps the most ukeire
      const int a = discard_of(legal, table, adv.value.options[static_cast<std::size_t>(i)].discard.kind(), act::riichi,
                               act::riichi_tsumogiri);
      if (a >= 0) return static_cast<Action>(a);
    }
    for (int i = 0; i < adv.value.count; ++i) {
      const int a = discard_of(legal, table, adv.value.options[static_cast<std::size_t>(i)].discard.kind(),
                               act::discard, act::tsumogiri);
      if (a >= 0) return static_cast<Action>(a);
    }
    for (int i = 0; i < legal.size(); ++i)  // in riichi or kuikae-bound: any discard
      if (legal.nth(i) <= act::tsumogiri) return legal.nth(i);
    return legal.nth(0);
  }
  if (table.phase() == Phase::reaction && legal.size() > 1) {
    const int now = best_shanten_after(st.hand, players);
    const int kind = pai_kind(table.claim());
    for (int i = 0; i < legal.size(); ++i) {
      const Action a = legal.nth(i);
      Hand after = st.hand;
      if (a == act::pon || a == act::pon_red) {
        after.remove(Tile(kind));
        after.remove(Tile(kind));
      } else if (a >= act::chi && a < act::pon) {
        int k1 = 0, k2 = 0;
        (void)detail::chi_kinds(kind, (a - act::chi) % 3, k1, k2);  // legal: the run exists
        after.remove(Tile(k1));
        after.remove(Tile(k2));
      } else {
        continue;
      }
      if (best_shanten_after(after, players) < now) return a;
    }
  }
  return legal.contains(act::pass) ? act::pass : legal.nth(0);
}

namespace {

// The tiles a seat sees outside its hand, melds and the indicators: every
// discard left in a river, the other seats' melds and norths.
EvVisible seen_by(const Table& table, int seat) {
  EvVisible v;
  auto see = [&](Pai p, int n = 1) {
    v.counts[static_cast<std::size_t>(pai_kind(p))] =
        static_cast<std::uint8_t>(v.counts[static_cast<std::size_t>(pai_kind(p))] + n);
    if (pai_red(p)) v.red[static_cast<std::size_t>(pai_kind(p) / 9)] = 1;
  };
  for (int i = 0; i < table.river_size(); ++i)
    if (!(table.river(i).flags & 4)) see(table.river(i).pai);
  for (int s = 0; s < table.players(); ++s) {
    if (s == seat) continue;
    const SeatState& st = table.seat(s);
    if (st.nuki) see(30, st.nuki);
    for (int m = 0; m < st.meld_count; ++m) {
      const Meld& meld = st.melds[static_cast<std::size_t>(m)];
      const int base = meld.tile.kind();
      if (meld.type == MeldType::chi)
        for (int k = base; k < base + 3; ++k) see(static_cast<Pai>(k));
      else see(static_cast<Pai>(base), meld.size());
      if (meld.red) v.red[static_cast<std::size_t>(base / 9)] = 1;
    }
  }
  for (int k = 0; k < kind_count; ++k)
    v.counts[static_cast<std::size_t>(k)] = std::min<std::uint8_t>(v.counts[static_cast<std::size_t>(k)], 4);
  return v;
}

}  // namespace

Action bot_ev(const Table& table, int seat, Rng& rng) noexcept {
  const ActionSet& legal = table.legal(seat);
  if (legal.contains(act::tsumo)) return act::tsumo;
  if (legal.contains(act::ron)) return act::ron;
  if (table.phase() != Phase::turn || table.seat(seat).riichi) return bot_advice(table, seat, rng);
  const SeatState& st = table.seat(seat);
  ScoreRequest r;
  r.hand = st.hand;
  r.melds = st.melds;
  r.meld_count = st.meld_count;
  r.seat = static_cast<std::uint8_t>((seat - table.dealer() + table.players()) % table.players());
  r.round = static_cast<std::uint8_t>(table.round_wind() & 3);
  r.dora_count = static_cast<std::uint8_t>(table.dora_indicator_count());
  for (int i = 0; i < table.dora_indicator_count(); ++i)
    r.dora[static_cast<std::size_t>(i)] = Tile(pai_kind(table.dora_indicator(i)));
  r.nuki = st.nuki;
  r.honba = static_cast<std::uint16_t>(table.honba());
  r.sticks = static_cast<std::uint16_t>(table.sticks());
  r.players = table.rules().players;
  r.rules = table.rules().score;
  EvOptions options;
  options.max_vertices = 200000;  // a bounded search; past it, advice's discard
  thread_local EvWorkspace workspace;
  const EvResult ev = expected_value(r, options, seen_by(table, seat), &workspace);
  if (!ev.ok()) return bot_advice(table, seat, rng);
  // The turn the seat is at: 14 tiles are read at t = 1 with 17 draws left.
  const int t = std::clamp(ev_last_turn - table.tiles_left() / table.players(), 1, ev_last_turn - 1);
  int best = -1;
  double best_score = -1, best_tenpai = -1;
  for (int i = 0; i < ev.value.count; ++i) {
    const EvDiscard& d = ev.value.discards[static_cast<std::size_t>(i)];
    if (!d.has_discard) continue;
    const Pai p = d.discard_red ? red_pai_of(d.discard.kind()) : static_cast<Pai>(d.discard.kind());
    const int a = table.drawn() == p && legal.contains(act::tsumogiri) ? act::tsumogiri
                  : legal.contains(act::discard + p)                   ? act::discard + p
                                                                       : -1;
    const double score = d.score[static_cast<std::size_t>(t)], tenpai = d.tenpai[static_cast<std::size_t>(t)];
    if (a < 0 || score < best_score || (score == best_score && tenpai <= best_tenpai)) continue;
    best = a;
    best_score = score;
    best_tenpai = tenpai;
  }
  if (best < 0) return bot_advice(table, seat, rng);
  // riichi with that discard when it may
  if (best == act::tsumogiri && legal.contains(act::riichi_tsumogiri)) return act::riichi_tsumogiri;
  if (best < act::tsumogiri && legal.contains(act::riichi + best)) return static_cast<Action>(act::riichi + best);
  return static_cast<Action>(best);
}

Bot bot_by_name(std::string_view name) noexcept {
  if (name == "random") return bot_random;
  if (name == "tsumogiri") return bot_tsumogiri;
  if (name == "advice") return bot_advice;
  if (name == "ev") return bot_ev;
  return nullptr;
}

namespace {
// A seat's next number, as Rng::next gives it, with one mix (mixed_counters.hpp).
std::uint64_t next_number(Rng& rng) noexcept {
  const std::uint64_t c = rng.counter++;
  return Rng::mix(rng.key ^ detail::mixed_counter(c));
}

// What a seat plays when its bot's answer is illegal, or when it has no bot:
// pass, else tsumogiri, else the lowest legal action.
Action fallback(const Table& table, int seat, Rng&) noexcept {
  const ActionSet& legal = table.legal(seat);
  return legal.contains(act::pass) ? act::pass : legal.contains(act::tsumogiri) ? act::tsumogiri : legal.nth(0);
}
}  // namespace

long play_game(Table& table, std::span<const Bot> bots, std::uint64_t seed, GameLog* log) noexcept {
  std::array<Rng, 4> rngs{};
  for (int s = 0; s < 4; ++s) rngs[static_cast<std::size_t>(s)].key = Rng::mix(seed ^ Rng::mix(0x5eed0000u + s));
  std::array<Bot, 4> by_seat{};  // taken once: a division per decision showed in the profile
  for (std::size_t s = 0; s < 4; ++s) {
    const Bot b = bots.empty() ? nullptr : bots[s % bots.size()];
    by_seat[s] = b ? b : fallback;  // no bot (an empty list, a null entry): the fallback
  }
  // A random seat's next number is drawn as soon as its last is used: the
  // n-th number of a stream does not depend on the game, so it is ready when
  // the seat is next asked instead of on the path from one decision to the
  // next. The same numbers in the same order as bot_random's own draws.
  std::array<std::uint64_t, 4> ahead{};
  for (std::size_t s = 0; s < 4; ++s)
    if (by_seat[s] == bot_random) ahead[s] = next_number(rngs[s]);
  long decisions = 0;
  while (!table.done()) {
    if (table.phase() == Phase::round_over) {
      table.next_round(log);
      continue;
    }
    for (unsigned actors = table.actors(); actors; actors &= actors - 1) {  // the seats asked, in seat order
      const int s = std::countr_zero(actors);
      const auto seat = static_cast<std::size_t>(s);
      Action a = 0;
      if (by_seat[seat] == bot_random) {
        const ActionSet& legal = table.legal(s);
        a = legal.nth(static_cast<int>(Rng::scaled(ahead[seat], static_cast<std::uint32_t>(legal.size()))));
        ahead[seat] = next_number(rngs[seat]);
      } else {
        a = by_seat[seat](table, s, rngs[seat]);
      }
      if (!table.apply(s, a, log).ok()) {  // a bot's illegal answer: the fallback, so the game goes on
        (void)table.apply(s, fallback(table, s, rngs[seat]), log);
      }
      ++decisions;
    }
  }
  return decisions;
}

}  // namespace mjk
