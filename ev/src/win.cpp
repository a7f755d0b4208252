// Pricing a winning draw: mjk::score for the yaku, han, fu and payments;
// ura-dora as an exact expectation over the indicators that could lie under
// the dora indicators (drawn without replacement from the unseen tiles).
#include <algorithm>
#include <array>
#include <bit>

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

namespace {
// Kind bits of a key's held kinds (the red bits aside).
std::uint64_t held_kinds(const Key& k) noexcept {
  std::uint64_t out = 0;
  for (int g = 0; g < 4; ++g) {
    const std::uint32_t x = group_vec(k, g);
    for (std::uint32_t f = (x | x >> 1 | x >> 2) & 0x1249249u; f; f &= f - 1)
      out |= std::uint64_t{1} << (9 * g + std::countr_zero(f) / 3);
  }
  return out;
}
}  // namespace

double price_win(const Setup& s, const Key& hand, int win37, bool riichi) noexcept {
  ScoreRequest q = s.base;
  // The concealed tiles straight from the key's lanes into the hand's slots
  // (suits at slots 12g + j, honours at theirs).
  q.hand = Hand{};
  int tiles = 0;
  for (int g = 0; g < 4; ++g) {
    const std::uint32_t x = group_vec(hand, g);
    for (int j = 0; j < (g == 3 ? 7 : 9); ++j) {
      const int c = static_cast<int>((x >> (3 * j)) & 7u);
      q.hand.slots[static_cast<std::size_t>(g == 3 ? 36 + honour_slot[static_cast<std::size_t>(j)] : 12 * g + j)] =
          static_cast<std::uint8_t>(c);
      tiles += c;
    }
  }
  q.hand.tiles = static_cast<std::uint8_t>(tiles);
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

  // An indicator of kind ind(t) drawn makes each held copy of t (melds and
  // north tiles too) an ura-dora: gain[t]. u = the sum over the n
  // indicators, drawn from the wall at the win (the start wall, plus the
  // start hand, less this hand).
  const auto wall_at = [&](int k) {
    return s.wall_merged[static_cast<std::size_t>(k)] + s.start_merged[static_cast<std::size_t>(k)] - count_of(hand, k);
  };
  std::array<double, 4 * max_indicators + 1> income_at{};  // by u, filled as needed (0: not yet)
  income_at[0] = tsumo_income(q, sc.han, sc.fu);
  const auto income_of = [&](int u) {
    double& v = income_at[static_cast<std::size_t>(u)];
    if (v == 0) v = tsumo_income(q, sc.han + u, sc.fu);
    return v;
  };
  const std::uint64_t gaining = held_kinds(hand) | s.fixed_kinds;
  if (n == 1) {
    double sum = 0;
    for (std::uint64_t m = gaining; m; m &= m - 1) {
      const int t = std::countr_zero(m);
      const int w = wall_at(s.indicator_of[static_cast<std::size_t>(t)]);
      if (w > 0) sum += w * (income_of(count_of(hand, t) + s.fixed[static_cast<std::size_t>(t)]) - income_at[0]);
    }
    return income + sum / (s.wall + s.tiles - tiles);
  }
  // ways[m][u]: ways to draw m indicators among the gaining kinds' indicators, worth u ura-dora.
  constexpr int max_u = 4 * max_indicators;
  std::array<std::array<double, max_u + 1>, max_indicators + 1> ways{};
  ways[0][0] = 1;
  const int total = s.wall + s.tiles - tiles;
  int zero = total, top = 0;
  for (std::uint64_t m = gaining; m; m &= m - 1) {
    const int t = std::countr_zero(m);
    const int c = wall_at(s.indicator_of[static_cast<std::size_t>(t)]);
    const int g = count_of(hand, t) + s.fixed[static_cast<std::size_t>(t)];
    if (c <= 0) continue;
    zero -= c;
    for (int have = n - 1; have >= 0; --have)
      for (int u = top; u >= 0; --u) {
        const double here = ways[static_cast<std::size_t>(have)][static_cast<std::size_t>(u)];
        if (here == 0) continue;
        for (int take = 1; take <= c && have + take <= n; ++take)
          ways[static_cast<std::size_t>(have + take)][static_cast<std::size_t>(u + take * g)] += here * choose(c, take);
      }
    top = std::min(max_u, top + n * g);
  }
  const double all = choose(total, n);
  double expected = 0;
  for (int have = 0; have <= n; ++have) {
    const double rest = choose(zero, n - have);
    if (rest == 0) continue;
    for (int u = 0; u <= top; ++u) {
      const double p = ways[static_cast<std::size_t>(have)][static_cast<std::size_t>(u)] * rest / all;
      if (p != 0) expected += p * income_of(u);
    }
  }
  return income - income_at[0] + expected;
}

}  // namespace mjk::ev_detail
