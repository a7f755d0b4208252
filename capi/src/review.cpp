// The C ABI's game records: mjk::records' review (mjk/review.hpp) as JSON
// (or rows of numbers and JSON) into the caller's storage. The review
// allocates; no exception leaves here.
#include <algorithm>
#include <cstring>
#include <new>
#include <string>

#include "mjk.h"
#include "mjk/error.hpp"
#include "mjk/json.hpp"
#include "mjk/records.hpp"
#include "mjk/review.hpp"

#include "c_convert.hpp"

namespace {

constexpr int invalid = static_cast<int>(mjk::Error::invalid_argument);

mjk::records::ReadOptions read_options(size_t max_bytes) {
  mjk::records::ReadOptions o;
  if (max_bytes) o.max_bytes = max_bytes;
  return o;
}

bool flags_ok(int flags) { return flags == 0 || flags == MJK_REVIEW_LINES || flags == MJK_REVIEW_TEXT; }

int deliver(const mjk::records::GameReview& rv, int flags, char* buf, size_t cap, size_t* needed) {
  const std::string out = flags == MJK_REVIEW_LINES  ? mjk::records::review_lines(rv)
                          : flags == MJK_REVIEW_TEXT ? mjk::records::review_text(rv)
                                                     : mjk::records::review_json(rv);
  if (const int e = mjk::capi::put_text(out, buf, cap, needed)) return e;
  return rv.read_error ? MJK_ERR_RECORD_UNREADABLE : MJK_OK;
}

// Out of memory outside the review (the output's own string): the record's
// error, as small as it gets.
int out_of_memory(char* buf, size_t cap, size_t* needed) {
  static constexpr char text[] = "{\"file\": \"\", \"error\": \"out of memory while reviewing the record\"}";
  if (const int e = mjk::capi::put_text(text, buf, cap, needed)) return e;
  return MJK_ERR_RECORD_UNREADABLE;
}

// A record that cannot be read, for mjk_review_record_rows: the place in parts.
std::string read_error_parts(const mjk::records::ReadError& e) {
  return mjk::json_string([&](mjk::JsonWriter& j) {
    j.begin_object().key("file").string(e.file).key("error").string(e.message());
    j.key("offset").number(static_cast<long long>(e.offset)).key("line").number(static_cast<long long>(e.line));
    j.key("column").number(static_cast<long long>(e.column)).key("what").string(e.what).end_object();
  });
}

void fill_row(const mjk::records::Decision& d, mjk_review_row& row) {
  row = {};
  for (int k = 0; k < MJK_KINDS; ++k) {
    const mjk::Tile t(k);
    row.hand[k] = static_cast<uint8_t>(d.hand.count(t));
    row.best[k] = d.reviewed && d.best.contains(t);
  }
  for (std::size_t m = 0; m < d.meld_count; ++m) {
    const mjk::Meld& meld = d.melds[m];
    for (int k = 0; k < meld.size(); ++k) ++row.melds[meld.tile.kind() + (meld.type == mjk::MeldType::chi ? k : 0)];
  }
  for (const mjk::records::RecordTile t : d.dora) ++row.dora[t.tile.kind()];
  std::copy(d.visible.begin(), d.visible.end(), row.visible);
  row.event = d.event;
  row.round = d.round_index;
  row.turn = d.turn;
  row.seat = d.seat;
  row.seat_wind = d.seat_wind;
  row.discard = static_cast<uint8_t>(d.discard.tile.kind());
  row.discard_red = d.discard.red;
  row.riichi = d.riichi;
  row.reviewed = d.reviewed;
  row.shanten = d.shanten;
  row.shanten_after = d.shanten_after;
  row.best_shanten = d.best_shanten;
  row.ukeire = d.ukeire;
  row.best_ukeire = d.best_ukeire;
  for (std::size_t suit = 0; suit < 3; ++suit) {
    row.hand_red[suit] = d.hand.red_fives[suit];
    row.visible_red[suit] = d.visible_red[suit];
  }
}

}  // namespace

extern "C" {

int mjk_review_record_json(const char* path, size_t max_bytes, int flags, char* buf, size_t cap, size_t* needed) {
  if (!path || (cap && !buf) || !flags_ok(flags)) return invalid;
  try {
    return deliver(mjk::records::review_record_file(path, read_options(max_bytes)), flags, buf, cap, needed);
  } catch (const std::bad_alloc&) {
    return out_of_memory(buf, cap, needed);
  }
}

int mjk_review_bytes_json(const uint8_t* data, size_t n, const char* name, size_t max_bytes, int flags, char* buf,
                          size_t cap, size_t* needed) {
  if ((!data && n) || (cap && !buf) || !flags_ok(flags)) return invalid;
  try {
    const std::string_view bytes(data ? reinterpret_cast<const char*>(data) : "", n);
    return deliver(mjk::records::review_record_bytes(bytes, name ? name : "", read_options(max_bytes)), flags, buf, cap,
                   needed);
  } catch (const std::bad_alloc&) {
    return out_of_memory(buf, cap, needed);
  }
}

int mjk_review_record_rows(const char* path, size_t max_bytes, mjk_review_row* rows, size_t rows_cap,
                           size_t* rows_needed, char* json, size_t json_cap, size_t* json_needed) {
  if (!path || (rows_cap && !rows) || (json_cap && !json)) return invalid;
  if (rows_needed) *rows_needed = 0;
  try {
    const mjk::records::GameReview rv = mjk::records::review_record_file(path, read_options(max_bytes));
    const std::string out = rv.read_error ? read_error_parts(*rv.read_error) : mjk::records::review_json(rv, false);
    const auto& decisions = rv.replay.decisions;
    if (rows_needed) *rows_needed = decisions.size();
    if (json_needed) *json_needed = out.size() + 1;
    if (decisions.size() > rows_cap || out.size() + 1 > json_cap) return static_cast<int>(mjk::Error::output_too_small);
    for (std::size_t i = 0; i < decisions.size(); ++i) fill_row(decisions[i], rows[i]);
    std::memcpy(json, out.data(), out.size());
    json[out.size()] = '\0';
    return rv.read_error ? MJK_ERR_RECORD_UNREADABLE : MJK_OK;
  } catch (const std::bad_alloc&) {
    static constexpr char text[] =
        "{\"file\":\"\",\"error\":\"out of memory while reviewing the record\","
        "\"offset\":0,\"line\":0,\"column\":0,"
        "\"what\":\"out of memory while reviewing the record\"}";
    if (const int e = mjk::capi::put_text(text, json, json_cap, json_needed)) return e;
    return MJK_ERR_RECORD_UNREADABLE;
  }
}

}  // extern "C"
