// fu_breakdown (score.hpp): the fu of a score part by part, for the report
// writers. Off the scoring path: it runs the scorer's search again keeping
// which reading won, and spells its fu out of the winning splits, the melds
// and the context.
#include "score_readings.hpp"

namespace mjk {

using namespace scoring;

FuBreakdown fu_breakdown(const ScoreRequest& r, const Score& score) noexcept {
  FuBreakdown out;
  const auto add = [&out](FuReason reason, int fu, Tile tile = Tile(), int tiles = 0,
                          WaitKind wait = WaitKind::ryanmen) noexcept {
    if (fu <= 0 || out.count == out.parts.size()) return;
    out.parts[out.count++] = {reason, static_cast<std::uint8_t>(fu), static_cast<std::uint8_t>(tiles), tile, wait};
  };
  if (!score.complete || score.fu == 0 || score.yakuman) return out;
  if (score.has(Yaku::chiitoitsu)) {
    add(FuReason::chiitoitsu, 25);
    return out;
  }
  // The scorer's search again, as score_one runs it, keeping which reading won.
  Score counted;
  Context c;
  if (!prepare(r, counted, c) && validate(r)) return out;
  const scoring::SuitTable& table = scoring::suit_table();
  Reading best;
  Pick pick{};
  standard_readings(c, table, [&](const Reading& v, const Pick& p) noexcept {
    if (better(v, best, c)) best = v, pick = p;
  });
  if (best.key <= 0 || best.fu != score.fu) return out;  // not this request's score

  const Hand& h = r.hand;
  const int win = r.win.kind(), wg = win / 9, wn = win % 9;
  const bool ron = !r.tsumo, shanpon_ron = ron && pick.wait == scoring::wait_shanpon;
  std::array<const SplitInfo*, 3> split{};
  for (std::size_t g = 0; g < 3; ++g) split[g] = table.find(scoring::suit_key(&h.slots[12 * g])).first + pick.split[g];
  add(FuReason::base, 20);
  if (c.closed && ron) add(FuReason::closed_ron, 10);
  // Concealed triplets (the one a ron completes on a shanpon wait counts as open), then the melds in order.
  int triplets = c.meld_triplets;
  const auto concealed_triplet = [&](int kind) noexcept {
    const Tile t(kind);
    const bool opened = shanpon_ron && kind == win;
    ++triplets;
    add(opened ? FuReason::open_triplet : FuReason::closed_triplet,
        (t.is_terminal_or_honour() ? 4 : 2) * (opened ? 1 : 2), t, 3);
  };
  for (int g = 0; g < 3; ++g)
    for (int n = 0; n < 9; ++n)
      if (split[static_cast<std::size_t>(g)]->trip >> n & 1) concealed_triplet(9 * g + n);
  for (int i = 0; i < 7; ++i)
    if (c.honour_trip >> i & 1) concealed_triplet(27 + i);
  for (std::size_t i = 0; i < r.meld_count; ++i) {
    const Meld& m = r.melds[i];
    if (m.type == MeldType::chi) continue;
    const MeldRow& row = meld_rows[static_cast<std::size_t>(m.type)][static_cast<std::size_t>(m.tile.kind())];
    const FuReason reason = !m.is_kan()   ? FuReason::open_triplet
                            : m.is_open() ? FuReason::open_kan
                                          : FuReason::closed_kan;
    add(reason, row.fu, m.tile, m.size());
  }
  if (pick.wait == scoring::wait_closed) {
    // Kanchan: the winning tile in the middle of a sequence; else penchan (3 of 123, 7 of 789).
    const bool kanchan = wg < 3 && wn >= 1 && wn <= 7 && (split[static_cast<std::size_t>(wg)]->seq >> (wn - 1) & 1);
    add(FuReason::wait, 2, r.win, 0, kanchan ? WaitKind::kanchan : WaitKind::penchan);
  } else if (pick.wait == scoring::wait_tanki) {
    add(FuReason::wait, 2, r.win, 0, WaitKind::tanki);
  }
  if (c.honour_pair_fu) add(FuReason::pair, c.honour_pair_fu, Tile(27 + std::countr_zero(c.honour_pair)), 2);
  const bool pinfu = c.closed && triplets == 0 && c.honour_pair_fu == 0 && pick.wait == scoring::wait_ryanmen;
  if (r.tsumo && !pinfu) add(FuReason::tsumo, 2);
  const int raw = out.total(), rounded = (raw + 9) / 10 * 10;
  if (!c.closed && rounded == 20) add(FuReason::open_pinfu, 10);
  else add(FuReason::rounding, rounded - raw);
  return out;
}

}  // namespace mjk
