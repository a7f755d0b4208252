// mjk_review_columns_write: review rows turned into the columns a door hands
// over as arrays, written once here for every binding; mjk_review_column_at
// and mjk_review_columns_write_arrays (mjk_doors.h): the columns described,
// so a binding allocates them by the table and names them as it names things.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>

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

namespace {

// The columns in the order of Python's read_log dict, each with where mjk_review_columns takes it.
#define MJK_REVIEW_COLUMN(field, dtype, width)                                                                  \
  Column {                                                                                                      \
    {#field, dtype, width}, [](mjk_review_columns& c, void* p) { c.field = static_cast<decltype(c.field)>(p); } \
  }
struct Column {
  mjk_review_column about;
  void (*set)(mjk_review_columns&, void*);
};
const Column columns[] = {
    MJK_REVIEW_COLUMN(hand, "uint8", 34),        MJK_REVIEW_COLUMN(visible, "uint8", 34),
    MJK_REVIEW_COLUMN(melds, "uint8", 34),       MJK_REVIEW_COLUMN(dora, "uint8", 34),
    MJK_REVIEW_COLUMN(hand_red, "uint8", 3),     MJK_REVIEW_COLUMN(visible_red, "uint8", 3),
    MJK_REVIEW_COLUMN(discard, "uint8", 1),      MJK_REVIEW_COLUMN(discard_red, "bool", 1),
    MJK_REVIEW_COLUMN(seat, "uint8", 1),         MJK_REVIEW_COLUMN(seat_wind, "uint8", 1),
    MJK_REVIEW_COLUMN(round, "uint16", 1),       MJK_REVIEW_COLUMN(turn, "uint16", 1),
    MJK_REVIEW_COLUMN(event, "uint32", 1),       MJK_REVIEW_COLUMN(riichi, "bool", 1),
    MJK_REVIEW_COLUMN(reviewed, "bool", 1),      MJK_REVIEW_COLUMN(shanten, "int8", 1),
    MJK_REVIEW_COLUMN(shanten_after, "int8", 1), MJK_REVIEW_COLUMN(ukeire, "uint8", 1),
    MJK_REVIEW_COLUMN(best_shanten, "int8", 1),  MJK_REVIEW_COLUMN(best_ukeire, "uint8", 1),
    MJK_REVIEW_COLUMN(best, "bool", 34),
};
#undef MJK_REVIEW_COLUMN

}  // namespace

extern "C" const mjk_review_column* mjk_review_column_at(size_t i) {
  return i < std::size(columns) ? &columns[i].about : nullptr;
}

extern "C" int mjk_review_columns_write_arrays(const mjk_review_row* rows, size_t n, void* const* arrays) {
  if (!arrays) return MJK_ERR_INVALID_ARGUMENT;
  mjk_review_columns c{};
  for (std::size_t i = 0; i < std::size(columns); ++i) columns[i].set(c, arrays[i]);
  return mjk_review_columns_write(rows, n, &c);
}
