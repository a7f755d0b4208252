// What the Python package's read_log and the Node addon's readLog share: a
// game record's review through the C ABI (mjk_review_record_rows), one row
// of numbers per discard and the review's JSON without the discards, and the
// columns the rows become (mjk_review_columns_write). Each binding allocates
// its arrays from review_columns and reads the JSON.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "mjk.h"

namespace mjk::bind {

struct Review {
  int status = MJK_OK;  // MJK_OK, MJK_ERR_RECORD_UNREADABLE (json: the place in parts), or another error
  std::vector<mjk_review_row> rows;
  std::string json;
};

// The review of the record at `path` (max_bytes 0: the library's default).
// The buffers start at the size of a long game and grow to what the first
// call says it needed (the record is then reviewed again).
inline Review review_rows(const std::string& path, std::uint64_t max_bytes) {
  Review r;
  r.rows.resize(2048);
  r.json.resize(std::size_t{1} << 16);
  for (int attempt = 0; attempt < 3; ++attempt) {
    std::size_t rows_needed = 0, json_needed = 0;
    r.status = mjk_review_record_rows(path.c_str(), static_cast<std::size_t>(max_bytes), r.rows.data(), r.rows.size(),
                                      &rows_needed, r.json.data(), r.json.size(), &json_needed);
    if (r.status != MJK_ERR_OUTPUT_TOO_SMALL) {
      r.rows.resize(r.status == MJK_OK ? rows_needed : 0);
      r.json.resize(json_needed ? json_needed - 1 : 0);  // without the NUL
      return r;
    }
    // Another size only if the file changed between the calls.
    r.rows.resize(rows_needed);
    r.json.resize(json_needed);
  }
  return r;
}

enum class ColumnType : std::uint8_t { uint8, boolean, int8, uint16, uint32 };

// One column of read_log: its Python and Node names, its type, its width
// (1, 3 or 34 per discard) and where mjk_review_columns takes it.
struct ReviewColumn {
  const char* python;
  const char* node;
  ColumnType type;
  std::size_t width;
  void (*set)(mjk_review_columns&, void*);
};

#define MJK_REVIEW_COLUMN(field, node, type, width)                                          \
  ReviewColumn {                                                                             \
#field, node, ColumnType::type, width,                                                   \
        [](mjk_review_columns & c, void* p) { c.field = static_cast<decltype(c.field)>(p); } \
  }
// In the order of Python's read_log dict.
inline constexpr ReviewColumn review_columns[] = {
    MJK_REVIEW_COLUMN(hand, "hand", uint8, 34),
    MJK_REVIEW_COLUMN(visible, "visible", uint8, 34),
    MJK_REVIEW_COLUMN(melds, "melds", uint8, 34),
    MJK_REVIEW_COLUMN(dora, "dora", uint8, 34),
    MJK_REVIEW_COLUMN(hand_red, "handRed", uint8, 3),
    MJK_REVIEW_COLUMN(visible_red, "visibleRed", uint8, 3),
    MJK_REVIEW_COLUMN(discard, "discard", uint8, 1),
    MJK_REVIEW_COLUMN(discard_red, "discardRed", boolean, 1),
    MJK_REVIEW_COLUMN(seat, "seat", uint8, 1),
    MJK_REVIEW_COLUMN(seat_wind, "seatWind", uint8, 1),
    MJK_REVIEW_COLUMN(round, "roundIndex", uint16, 1),
    MJK_REVIEW_COLUMN(turn, "turn", uint16, 1),
    MJK_REVIEW_COLUMN(event, "event", uint32, 1),
    MJK_REVIEW_COLUMN(riichi, "riichi", boolean, 1),
    MJK_REVIEW_COLUMN(reviewed, "reviewed", boolean, 1),
    MJK_REVIEW_COLUMN(shanten, "shanten", int8, 1),
    MJK_REVIEW_COLUMN(shanten_after, "shantenAfter", int8, 1),
    MJK_REVIEW_COLUMN(ukeire, "ukeire", uint8, 1),
    MJK_REVIEW_COLUMN(best_shanten, "bestShanten", int8, 1),
    MJK_REVIEW_COLUMN(best_ukeire, "bestUkeire", uint8, 1),
    MJK_REVIEW_COLUMN(best, "best", boolean, 34),
};
#undef MJK_REVIEW_COLUMN

// The review's rows into the binding's arrays: make(column) allocates one
// (n x width elements) and returns its data; the C ABI fills them.
template <class Make>
void write_columns(const Review& r, Make make) {
  mjk_review_columns c{};
  for (const ReviewColumn& col : review_columns) col.set(c, make(col));
  mjk_review_columns_write(r.rows.data(), r.rows.size(), &c);  // only NULL pointers fail, and none is
}

// Corpus statistics through the C ABI (mjk_corpus_json with paths,
// mjk_corpus_merge_json with partial statistics): the text written as
// flags says, or MJK_ERR_* with `out` the library's sentence where it has one.
template <class Call>
int corpus_call(Call call, std::string& out) {
  std::size_t needed = 0;
  out.resize(std::size_t{1} << 12);
  int e = call(out.data(), out.size(), &needed);
  if (e == MJK_ERR_OUTPUT_TOO_SMALL) {
    out.resize(needed);
    e = call(out.data(), out.size(), &needed);
  }
  out.resize(e == MJK_OK || (e == MJK_ERR_BAD_REQUEST && needed <= out.size()) ? needed - 1 : 0);
  return e;
}

}  // namespace mjk::bind
