// Pricing a winning draw: mjk::score for the yaku, han, fu and payments;
// ura-dora as an exact expectation over the indicators that could lie under
// the dora indicators (drawn without replacement from the unseen tiles).
#include <algorithm>
#include <array>
#include <bit>
#include <cstring>

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
  static constexpr std::array<int, 15> limit_by_han = {0,    0,    0,    0,    0,    2000, 3000, 3000,
                                                       4000, 4000, 4000, 6000, 6000, 6000, 8000};
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
// Three 3-bit counts (9 bits of a lane) as three bytes, and the same three
// fields' "held" bits as three kind bits.
constexpr std::array<std::uint32_t, 512> three_counts = [] {
  std::array<std::uint32_t, 512> t{};
  for (unsigned v = 0; v < 512; ++v) t[v] = (v & 7u) | ((v >> 3) & 7u) << 8 | ((v >> 6) & 7u) << 16;
  return t;
}();
constexpr std::array<std::uint8_t, 512> three_held = [] {
  std::array<std::uint8_t, 512> t{};
  for (unsigned v = 0; v < 512; ++v)
    t[v] = static_cast<std::uint8_t>(((v & 7u) != 0) | ((v >> 3 & 7u) != 0) << 1 | ((v >> 6 & 7u) != 0) << 2);
  return t;
}();
// Kind bits of a key's held kinds (the red bits aside).
std::uint64_t held_kinds(const Key& k) noexcept {
  std::uint64_t out = 0;
  for (int g = 0; g < 4; ++g) {
    const std::uint32_t x = group_vec(k, g);
    const unsigned held = three_held[x & 511] | three_held[(x >> 9) & 511] << 3 | three_held[(x >> 18) & 511] << 6;
    out |= std::uint64_t{held} << (9 * g);
  }
  return out;
}
}  // namespace

const double* Pricer::incomes(int fu) noexcept {
  const int at = std::min(fu, 130) / 5;
  auto& row = incomes_[static_cast<std::size_t>(at)];
  if (!((incomes_filled_ >> at) & 1)) {
    for (int h = 0; h < 14; ++h) row[static_cast<std::size_t>(h)] = tsumo_income(q_, h, fu);  // (13: 13 and more)
    incomes_filled_ |= std::uint32_t{1} << at;
  }
  return row.data();
}

void Pricer::price_each(const Key& hand, std::uint64_t kinds, std::array<double, kind_count>& out) noexcept {
  ScoreRequest& q = q_;
  const bool riichi = riichi_of(hand);
  // The concealed tiles straight from the key's lanes into the hand's slots
  // (a suit's nine counts at slots 12g.., three bytes per lookup; the
  // honours at theirs).
  for (int g = 0; g < 3; ++g) {
    const std::uint32_t x = group_vec(hand, g);
    const std::uint32_t a = three_counts[x & 511], b = three_counts[(x >> 9) & 511], c = three_counts[(x >> 18) & 511];
    std::uint8_t* slot = q.hand.slots.data() + 12 * g;
    std::memcpy(slot, &a, 3);
    std::memcpy(slot + 3, &b, 3);
    std::memcpy(slot + 6, &c, 3);
  }
  const std::uint32_t z = group_vec(hand, 3);
  for (int j = 0; j < 7; ++j)
    q.hand.slots[static_cast<std::size_t>(36 + honour_slot[static_cast<std::size_t>(j)])] =
        static_cast<std::uint8_t>((z >> (3 * j)) & 7u);
  q.hand.tiles = static_cast<std::uint8_t>(tiles_);
  if (s_.options.red)
    for (int suit = 0; suit < 3; ++suit)
      q.hand.red_fives[static_cast<std::size_t>(suit)] = static_cast<std::uint8_t>(red_of(hand, suit));
  q.tsumo = true;
  q.riichi = riichi ? 1 : 0;
  // A red five won is scored as its plain five: the red flag of the winning
  // tile is only checked against the hand, which holds the red five here.
  if (score_won_on_each(q, kinds, scored_) != Error::none) kinds = 0;  // (34 outputs: never)
  const bool ura = s_.options.uradora && riichi && q.dora_count > 0;
  if (ura) ura_odds(hand);
  for (std::uint64_t m = kinds; m; m &= m - 1) {
    const int k = std::countr_zero(m);
    out[static_cast<std::size_t>(k)] = value_of(scored_[static_cast<std::size_t>(k)], ura);
  }
}

// An indicator of kind ind(t) drawn makes each held copy of t (melds and
// north tiles too) an ura-dora: gain[t]. u = the sum over the n indicators,
// drawn from the wall at the win (the start wall, plus the start hand, less
// this hand). None of it depends on the winning tile: each win of the hand
// reads it with its own han and fu.
void Pricer::ura_odds(const Key& hand) noexcept {
  const ScoreRequest& q = q_;
  const Setup& s = s_;
  const int n = q.dora_count;
  // The hand's counts are read back from the request's slots.
  static constexpr auto slot_of_kind = [] {
    std::array<std::uint8_t, kind_count> t{};
    for (int k = 0; k < kind_count; ++k) t[static_cast<std::size_t>(k)] = static_cast<std::uint8_t>(Tile(k).slot());
    return t;
  }();
  const auto held = [&](int k) { return static_cast<int>(q.hand.slots[slot_of_kind[static_cast<std::size_t>(k)]]); };
  const auto wall_at = [&](int k) {
    return s.wall_merged[static_cast<std::size_t>(k)] + s.start_merged[static_cast<std::size_t>(k)] - held(k);
  };
  const std::uint64_t gaining = held_kinds(hand) | s.fixed_kinds;
  const int total = s.wall + s.tiles - tiles_;
  term_count_ = 0;
  if (n == 1) {
    // The indicators worth u ura-dora, by u (1..4: a kind's copies): the
    // income's expectation is then a sum of integers (incomes are whole
    // points, far below 2^53), exact in any order.
    std::array<int, 5> ways{};
    for (std::uint64_t m = gaining; m; m &= m - 1) {
      const int t = std::countr_zero(m);
      const int w = wall_at(s.indicator_of[static_cast<std::size_t>(t)]);
      if (w > 0) ways[static_cast<std::size_t>(held(t) + s.fixed[static_cast<std::size_t>(t)])] += w;
    }
    for (int u = 1; u <= 4; ++u)
      if (ways[static_cast<std::size_t>(u)] > 0)
        terms_[static_cast<std::size_t>(term_count_++)] = {static_cast<double>(ways[static_cast<std::size_t>(u)]), u};
    return;
  }
  // ways[m][u]: ways to draw m indicators among the gaining kinds' indicators, worth u ura-dora.
  constexpr int max_u = 4 * max_indicators;
  std::array<std::array<double, max_u + 1>, max_indicators + 1> ways{};
  ways[0][0] = 1;
  int zero = total, top = 0;
  for (std::uint64_t m = gaining; m; m &= m - 1) {
    const int t = std::countr_zero(m);
    const int c = wall_at(s.indicator_of[static_cast<std::size_t>(t)]);
    const int g = held(t) + s.fixed[static_cast<std::size_t>(t)];
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
  // The probability of each (indicators among the gaining kinds, u), in
  // the order the expectation sums them.
  const double all = choose(total, n);
  for (int have = 0; have <= n; ++have) {
    const double rest = choose(zero, n - have);
    if (rest == 0) continue;
    for (int u = 0; u <= top; ++u) {
      const double p = ways[static_cast<std::size_t>(have)][static_cast<std::size_t>(u)] * rest / all;
      if (p != 0) terms_[static_cast<std::size_t>(term_count_++)] = {p, u};
    }
  }
}

double Pricer::value_of(const Result<Score>& scored, bool ura) noexcept {
  // The request was validated and the hand is complete by construction:
  // anything else would be a bug, priced as no win.
  if (!scored.ok() || !scored.value.complete) return 0;
  const Score& sc = scored.value;
  if (sc.yakuman == 0 && sc.han == 0) return 0;  // no yaku: not a win
  const double paid = sc.payments[q_.seat];
  if (!ura || sc.yakuman != 0) return paid;
  // The incomes of this fu from one row, by han.
  const double* row = incomes(sc.fu);
  const auto income_of = [&](int u) { return row[std::min(sc.han + u, 13)]; };
  const double at0 = income_of(0);
  if (q_.dora_count == 1) {
    double sum = 0;
    for (int i = 0; i < term_count_; ++i)
      sum += terms_[static_cast<std::size_t>(i)].p * (income_of(terms_[static_cast<std::size_t>(i)].u) - at0);
    return paid + sum / (s_.wall + s_.tiles - tiles_);
  }
  double expected = 0;
  for (int i = 0; i < term_count_; ++i)
    expected += terms_[static_cast<std::size_t>(i)].p * income_of(terms_[static_cast<std::size_t>(i)].u);
  return paid - at0 + expected;
}

}  // namespace mjk::ev_detail
