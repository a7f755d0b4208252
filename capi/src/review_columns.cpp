// mjk_review_columns_write: review rows turned into the columns a door hands
// over as arrays, written once here for every binding.
#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "mjk.h"

namespace {

template <class T, class F>
void column(T* out, const mjk_review_row* rows, std::size_t n, F field) {
  if (out)
    for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<T>(field(rows[i]));
}

template <std::size_t W>
void rows_of(std::uint8_t* out, const mjk_review_row* rows, std::size_t n, const std::uint8_t (mjk_review_row::*f)[W],
             bool reviewed_only = false) {
  if (!out) return;
  for (std::size_t i = 0; i < n; ++i) {
    if (reviewed_only && !rows[i].reviewed) std::fill_n(out + i * W, W, std::uint8_t{0});
    else std::copy_n(rows[i].*f, W, out + i * W);
  }
}

}  // namespace

extern "C" int mjk_review_columns_write(const mjk_review_row* rows, size_t n, const mjk_review_columns* c) {
  if (!c || (!rows && n)) return MJK_ERR_INVALID_ARGUMENT;
  rows_of(c->hand, rows, n, &mjk_review_row::hand);
  rows_of(c->visible, rows, n, &mjk_review_row::visible);
  rows_of(c->melds, rows, n, &mjk_review_row::melds);
  rows_of(c->dora, rows, n, &mjk_review_row::dora);
  rows_of(c->best, rows, n, &mjk_review_row::best, true);
  rows_of(c->hand_red, rows, n, &mjk_review_row::hand_red);
  rows_of(c->visible_red, rows, n, &mjk_review_row::visible_red);
  using R = const mjk_review_row&;
  column(c->seat, rows, n, [](R r) { return r.seat; });
  column(c->seat_wind, rows, n, [](R r) { return r.seat_wind; });
  column(c->discard, rows, n, [](R r) { return r.discard; });
  column(c->discard_red, rows, n, [](R r) { return r.discard_red != 0; });
  column(c->riichi, rows, n, [](R r) { return r.riichi != 0; });
  column(c->reviewed, rows, n, [](R r) { return r.reviewed != 0; });
  // Not reviewed: zeros, whatever the row holds (the review leaves them unset).
  column(c->ukeire, rows, n, [](R r) { return r.reviewed ? r.ukeire : 0; });
  column(c->best_ukeire, rows, n, [](R r) { return r.reviewed ? r.best_ukeire : 0; });
  column(c->shanten, rows, n, [](R r) { return r.reviewed ? r.shanten : 0; });
  column(c->shanten_after, rows, n, [](R r) { return r.reviewed ? r.shanten_after : 0; });
  column(c->best_shanten, rows, n, [](R r) { return r.reviewed ? r.best_shanten : 0; });
  column(c->round, rows, n, [](R r) { return r.round; });
  column(c->turn, rows, n, [](R r) { return r.turn; });
  column(c->event, rows, n, [](R r) { return r.event; });
  return MJK_OK;
}
