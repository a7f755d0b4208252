// Pricing a winning draw: mjk::score for the yaku, han, fu and payments;
// ura-dora as an exact expectation over the indicators that could lie under
// the dora indicators (drawn without replacement from the unseen tiles).
#include <algorithm>
#include <array>

#include "search.hpp"

namespace mjk::ev_detail {

namespace {
constexpr int round_up_100(int x) noexcept { return (x + 99) / 100 * 100; }

// C(n, k) for the small k of indicators (k <= 5).
double choose(int n, int k) noexcept {
  if (k < 0 || k > n) return 0;
  double c = 1;
  for (int i = 1; i <= k; ++i) c = c * (n - k + i) / i;
  return c;
}
}  // namespace

double tsumo_income(const ScoreRequest& r, int han, int fu) noexcept {
  // Base points with the limits (SCORING.md §4: kazoe, kiriage switches).
  static constexpr std::array<int, 15> limit_by_han = {0, 0, 0, 0, 0, 2000, 3000, 3000, 4000, 4000, 4000, 6000, 6000, 6000, 8000};
  const int limit = limit_by_han[static_cast<std::size_t>(std::min(han, 13) + (han >= 13 && r.rules.kazoe_yakuman))];
  const bool kiriage = r.rules.kiriage && ((han == 4 && fu == 30) || (han == 3 && fu == 60));
  const int base = limit ? limit : kiriage ? 2000 : std::min(fu << std::min(han + 2, 6), 2000);
  const bool dealer = r.seat == 0;
  int paid;
  if (r.players == Players::four) {
    paid = dealer ? 3 * round_up_100(2 * base) : round_up_100(2 * base) + 2 * round_up_100(base);
  } else if (r.rules.sanma_tsumo_loss) {
    paid = dealer ? 2 * round_up_100(2 * base) : round_up_100(2 * base) + round_up_100(base);
  } else {  // North's share split between the two payers
    paid = dealer ? 2 * round_up_100(3 * base) : round_up_100(2 * base + base / 2) + round_up_100(base + base / 2);
  }
  const int payers = static_cast<int>(r.players) - 1;
  return paid + 100.0 * r.honba * payers + 1000.0 * r.sticks;
}

double price_win(const Setup& s, const Key& hand, int win37, bool riichi) noexcept {
  ScoreRequest q = s.base;
  q.hand = Hand{};
  for (int kind = 0; kind < kind_count; ++kind) q.hand.add(Tile(kind), count_of(hand, kind));
  if (s.options.red)
    for (int suit = 0; suit < 3; ++suit) q.hand.red_fives[static_cast<std::size_t>(suit)] = static_cast<std::uint8_t>(red_of(hand, suit));
  q.win = Tile(base_kind(win37));
  q.win_red = win37 >= 34;
  q.tsumo = true;
  q.riichi = riichi ? 1 : 0;
  const Result<Score> scored = score(q);
  // The request was validated and the hand is complete by construction:
  // anything else would be a bug, priced as no win.
  if (!scored.ok() || !scored.value.complete) return 0;
  const Score& sc = scored.value;
  if (sc.yakuman == 0 && sc.han == 0) return 0;  // no yaku: not a win
  const double income = sc.payments[q.seat];
  const int n = q.dora_count;
  if (!s.options.uradora || !riichi || n == 0 || sc.yakuman != 0) return income;

  // Each indicator kind k lying in the wall w[k] times would make
  // gain[k] = the held copies (melds and north tiles too) of the kind it
  // points at ura-dora. u = the sum over the n indicators drawn.
  std::array<int, kind_count> w{}, gain{};
  int total = 0;
  for (int k = 0; k < kind_count; ++k) {
    w[static_cast<std::size_t>(k)] = s.wall_merged[static_cast<std::size_t>(k)] + s.start_merged[static_cast<std::size_t>(k)] - count_of(hand, k);
    total += w[static_cast<std::size_t>(k)];
    const int dora = s.indicates[static_cast<std::size_t>(k)];
    gain[static_cast<std::size_t>(k)] = count_of(hand, dora) + s.fixed[static_cast<std::size_t>(dora)];
  }
  const double at0 = tsumo_income(q, sc.han, sc.fu);
  if (n == 1) {
    double sum = 0;
    for (int k = 0; k < kind_count; ++k)
      if (gain[static_cast<std::size_t>(k)] > 0 && w[static_cast<std::size_t>(k)] > 0)
        sum += w[static_cast<std::size_t>(k)] * (tsumo_income(q, sc.han + gain[static_cast<std::size_t>(k)], sc.fu) - at0);
    return income + sum / total;
  }
  // ways[m][u]: ways to draw m indicators from the kinds with a gain, worth u ura-dora.
  constexpr int max_u = 4 * max_indicators * 4;
  std::array<std::array<double, max_u + 1>, max_indicators + 1> ways{};
  ways[0][0] = 1;
  int zero = total, top = 0;
  for (int k = 0; k < kind_count; ++k) {
    const int g = gain[static_cast<std::size_t>(k)], c = w[static_cast<std::size_t>(k)];
    if (g == 0 || c == 0) continue;
    zero -= c;
    for (int m = n - 1; m >= 0; --m)
      for (int u = top; u >= 0; --u) {
        const double here = ways[static_cast<std::size_t>(m)][static_cast<std::size_t>(u)];
        if (here == 0) continue;
        for (int take = 1; take <= c && m + take <= n; ++take)
          ways[static_cast<std::size_t>(m + take)][static_cast<std::size_t>(u + take * g)] += here * choose(c, take);
      }
    top = std::min(max_u, top + n * g);
  }
  const double all = choose(total, n);
  double expected = 0;
  for (int m = 0; m <= n; ++m) {
    const double rest = choose(zero, n - m);
    if (rest == 0) continue;
    for (int u = 0; u <= top; ++u) {
      const double p = ways[static_cast<std::size_t>(m)][static_cast<std::size_t>(u)] * rest / all;
      if (p != 0) expected += p * (u == 0 ? at0 : tsumo_income(q, sc.han + u, sc.fu));
    }
  }
  return income - at0 + expected;
}

}  // namespace mjk::ev_detail
