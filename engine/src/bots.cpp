// The built-in bots and the loop that plays a game with them.
#include "mjk/bots.hpp"

#include "mjk/analysis.hpp"
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

Bot bot_by_name(std::string_view name) noexcept {
  if (name == "random") return bot_random;
  if (name == "tsumogiri") return bot_tsumogiri;
  if (name == "advice") return bot_advice;
  return nullptr;
}

long play_game(Table& table, std::span<const Bot> bots, std::uint64_t seed, GameLog* log) noexcept {
  std::array<Rng, 4> rngs{};
  for (int s = 0; s < 4; ++s) rngs[static_cast<std::size_t>(s)].key = Rng::mix(seed ^ Rng::mix(0x5eed0000u + s));
  long decisions = 0;
  while (!table.done()) {
    if (table.phase() == Phase::round_over) {
      table.next_round(log);
      continue;
    }
    const std::uint8_t actors = table.actors();
    for (int s = 0; s < table.players(); ++s) {
      if (!((actors >> s) & 1)) continue;
      const Action a = bots[static_cast<std::size_t>(s) % bots.size()](table, s, rngs[static_cast<std::size_t>(s)]);
      (void)table.apply(s, a, log);
      ++decisions;
    }
  }
  return decisions;
}

}  // namespace mjk
