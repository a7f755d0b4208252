// What the Python package's read_log and the Node addon's readLog share: a
// game record's review through the C ABI (mjk_review_record_rows), one row
// of numbers per discard and the review's JSON without the discards, and the
// columns the rows become (mjk_review_columns_write_arrays). Each binding
// allocates its arrays as mjk_review_column_at describes them and reads the JSON.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "mjk.h"
#include "mjk_bind.hpp"

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

// The review's rows into the binding's arrays: make(column) allocates one
// (n x width elements of its dtype, mjk_review_column_at) and returns its
// data; the C ABI fills them.
template <class Make>
void write_columns(const Review& r, Make make) {
  std::vector<void*> arrays;
  for (std::size_t i = 0; const mjk_review_column* c = mjk_review_column_at(i); ++i) arrays.push_back(make(*c));
  mjk_review_columns_write_arrays(r.rows.data(), r.rows.size(), arrays.data());  // only NULL pointers fail
}

// Corpus statistics through the C ABI (mjk_corpus_json with paths,
// mjk_corpus_merge_json with partial statistics): the text written as
// flags says, or MJK_ERR_* with `out` the library's sentence where it has one.
template <class Call>
int corpus_call(Call call, std::string& out) {
  std::string why;  // the sentence of MJK_ERR_BAD_REQUEST, where it fits
  const int e = grown(out, std::size_t{1} << 12, [&](char* buf, std::size_t cap, std::size_t* needed) {
    const int r = call(buf, cap, needed);
    if (r == MJK_ERR_BAD_REQUEST && *needed <= cap) why.assign(buf, *needed - 1);
    return r;
  });
  if (e == MJK_ERR_BAD_REQUEST) out = why;
  return e;
}

}  // namespace mjk::bind
