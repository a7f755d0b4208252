// The C ABI's game records: mjk::records' review (mjk/review.hpp) as JSON
// into the caller's storage. The review allocates; no exception leaves here.
#include <cstring>
#include <new>
#include <string>

#include "mjk.h"
#include "mjk/error.hpp"
#include "mjk/review.hpp"

namespace {

constexpr int invalid = static_cast<int>(mjk::Error::invalid_argument);

mjk::records::ReadOptions read_options(size_t max_bytes) {
  mjk::records::ReadOptions o;
  if (max_bytes) o.max_bytes = max_bytes;
  return o;
}

bool flags_ok(int flags) { return flags == 0 || flags == MJK_REVIEW_LINES || flags == MJK_REVIEW_TEXT; }

int deliver(const mjk::records::GameReview& rv, int flags, char* buf, size_t cap, size_t* needed) {
  const std::string out = flags == MJK_REVIEW_LINES ? mjk::records::review_lines(rv)
                          : flags == MJK_REVIEW_TEXT ? mjk::records::review_text(rv)
                                                     : mjk::records::review_json(rv);
  if (needed) *needed = out.size() + 1;
  if (out.size() + 1 > cap) return static_cast<int>(mjk::Error::output_too_small);
  std::memcpy(buf, out.data(), out.size());
  buf[out.size()] = '\0';
  return rv.read_error ? MJK_ERR_RECORD_UNREADABLE : MJK_OK;
}

// Out of memory outside the review (the output's own string): the record's
// error, as small as it gets.
int out_of_memory(char* buf, size_t cap, size_t* needed) {
  static constexpr char text[] = "{\"file\": \"\", \"error\": \"out of memory while reviewing the record\"}";
  if (needed) *needed = sizeof text;
  if (sizeof text > cap) return static_cast<int>(mjk::Error::output_too_small);
  std::memcpy(buf, text, sizeof text);
  return MJK_ERR_RECORD_UNREADABLE;
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
    return deliver(mjk::records::review_record_bytes(bytes, name ? name : "", read_options(max_bytes)), flags, buf,
                   cap, needed);
  } catch (const std::bad_alloc&) {
    return out_of_memory(buf, cap, needed);
  }
}

}  // extern "C"
