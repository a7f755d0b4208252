// The kernel's scorer (score.hpp; SCORING.md is the specification).
//
// The index method's idea: what a suit contributes to yaku and fu is decided per
// suit by a table (score_tables.hpp: every split of every suit summarised
// once), and a reading combines its suits' summaries with bit operations:
// sanshoku is the AND of three sequence masks, sanshoku doukou the AND of
// three triplet masks, ittsu a mask holding 1, 4 and 7, chanta / junchan an
// AND of per-split flags. Everything a reading cannot change (tanyao,
// honroutou, honitsu, chinitsu, yakuhai, the yakuman of tile sets, dora) is
// decided once per request from one occupancy mask of the whole hand. Han
// are table sums over the bytes of yaku masks. docs/kernel.md ("Scoring") says where the
// time goes.
//
// Files: score_detail.hpp (masks, meld rows, Context), score_prepare.cpp
// (validation and the reading-independent yaku), score_readings.hpp (a
// reading's value and the search), score_pay.cpp (payments), score_fu.cpp
// (fu_breakdown); this file holds the entry points.
#include "score_readings.hpp"

namespace mjk {
namespace {

using namespace scoring;

// Writes its answer into `out` (the batch's own slot: no copy of the Score).
void score_one(const ScoreRequest& r, const scoring::SuitTable& table, Result<Score>& out) noexcept {
  out = {};
  Score& s = out.value;
  Context c;
  if (!prepare(r, s, c)) [[unlikely]] {
    // Maybe invalid: validate() names the first error. (prepare() returns
    // early only on what it rejects, so a request it accepts has a whole context.)
    if (const HandError e = validate(r)) {
      out = {};
      out.error = e.code;
      return;
    }
  }
  s.closed = c.closed;
  Reading best;
  standard_readings(c, table, [&](const Reading& v, const Pick&) noexcept { keep_best(best, v, c); });
  {
    // Seven pairs: 14 tiles, every count 0 or 2 (no count above 2, none
    // odd; a kind held four times is not two pairs).
    u64 not_pairs = r.hand.tiles != 14;
    for (std::size_t i = 0; i < 6; ++i) {
      const u64 w = word(&r.hand.slots[8 * i]);
      not_pairs |= ((w + 0x7d7d7d7d7d7d7d7du) | w << 7) & 0x8080808080808080u;
    }
    if (!not_pairs) keep_best(best, value(c.fixed_yaku | Y(Yaku::chiitoitsu), 25, c), c);
    // Thirteen orphans: every terminal and honour; the 13-sided wait when the winning tile is the pair.
    if (r.hand.tiles == 14 && c.occupied == (terminals | honours)) {
      const u64 y = (r.hand.count(r.win) == 2 ? Y(Yaku::kokushi_13) : Y(Yaku::kokushi)) |
                    (c.fixed_yaku & mask_of(Yaku::tenhou, Yaku::chiihou, Yaku::renhou));
      keep_best(best, value(y, 0, c), c);
    }
  }
  if (best.key < 0) {  // not complete ("score": null): nothing counted
    s = Score{};
    return;
  }
  s.complete = true;
  if (best.key == 0) return;  // complete without a yaku: nothing is paid
  s.yaku = best.yaku;
  s.han = static_cast<std::uint8_t>(best.han);
  s.fu = static_cast<std::uint8_t>(best.fu);
  s.yakuman = static_cast<std::uint8_t>(best.yakuman);
  if (!best.yakuman) {
    s.yaku |= (s.dora ? Y(Yaku::dora) : 0) | (s.aka ? Y(Yaku::aka) : 0) | (s.ura ? Y(Yaku::ura) : 0) |
              (s.nuki ? Y(Yaku::nuki) : 0);
  }
  settle(r, best, s);
}

}  // namespace

Result<Score> score(const ScoreRequest& request) noexcept {
  Result<Score> out;
  score_one(request, scoring::suit_table(), out);
  return out;
}

Error score(std::span<const ScoreRequest> requests, std::span<Result<Score>> out) noexcept {
  if (out.size() < requests.size()) return Error::output_too_small;
  const scoring::SuitTable& table = scoring::suit_table();
  for (std::size_t i = 0; i < requests.size(); ++i) score_one(requests[i], table, out[i]);
  return Error::none;
}

}  // namespace mjk
