// What the Python package's read_log and the Node addon's readLog share: a
// game record's review through the C ABI (mjk_review_record_rows), one row
// of numbers per discard and the review's JSON without the discards. Each
// binding turns the rows into its arrays and reads the JSON.
#pragma once

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

}  // namespace mjk::bind
