// mjk_corpus_json, mjk_corpus_files and mjk_corpus_merge_json: statistics over
// a corpus of game records (mjk/corpus.hpp) and the walk that finds them, for
// the doors, so that no binding walks or sums a corpus or reads the library's
// C++ itself.
#include <cstddef>
#include <new>
#include <string>
#include <vector>

#include "mjk.h"
#include "mjk/corpus.hpp"

#include "c_convert.hpp"

static_assert(MJK_DEFAULT_MAX_RECORD_BYTES == mjk::records::default_max_record_bytes);

namespace {

// The statistics written as flags says into buf.
int write(mjk::records::CorpusStats& s, int flags, char* buf, std::size_t cap, std::size_t* needed) {
  s.sort();  // the order of a merge depends on who finished first
  const std::string text = flags == MJK_CORPUS_TEXT      ? mjk::records::corpus_text(s)
                           : flags == MJK_CORPUS_PARTIAL ? mjk::records::corpus_partial_json(s)
                                                         : mjk::records::corpus_json(s);
  return mjk::capi::put_text(text, buf, cap, needed);
}

bool flags_ok(int flags) { return flags == 0 || flags == MJK_CORPUS_TEXT || flags == MJK_CORPUS_PARTIAL; }

// The sentence of a call that failed as a whole (MJK_ERR_BAD_REQUEST) into buf, as far as it fits.
int refuse(const std::string& error, char* buf, std::size_t cap, std::size_t* needed) {
  mjk::capi::put_text(error, buf, cap, needed);
  return MJK_ERR_BAD_REQUEST;
}

}  // namespace

extern "C" {

int mjk_corpus_json(const char* const* paths, size_t n, size_t max_bytes, int flags, char* buf, size_t cap,
                    size_t* needed) {
  const bool walk = (flags & MJK_CORPUS_WALK) != 0;
  flags &= ~MJK_CORPUS_WALK;
  if ((!paths && n) || (!buf && cap) || !flags_ok(flags)) return MJK_ERR_INVALID_ARGUMENT;
  for (std::size_t i = 0; i < n; ++i)
    if (!paths[i]) return MJK_ERR_INVALID_ARGUMENT;
  try {
    mjk::records::ReadOptions options;
    if (max_bytes) options.max_bytes = max_bytes;
    std::vector<std::string> files, named(paths, paths + n);
    std::string error;
    if (!walk) files = named;
    else if (!mjk::records::record_files(named, files, error)) return refuse(error, buf, cap, needed);
    mjk::records::CorpusStats s;
    for (const std::string& f : files) mjk::records::add_record(s, f, options);
    return write(s, flags, buf, cap, needed);
  } catch (const std::bad_alloc&) {
    return MJK_ERR_OUT_OF_MEMORY;
  }
}

int mjk_corpus_files(const char* const* paths, size_t n, char* buf, size_t cap, size_t* needed) {
  if ((!paths && n) || (!buf && cap)) return MJK_ERR_INVALID_ARGUMENT;
  for (std::size_t i = 0; i < n; ++i)
    if (!paths[i]) return MJK_ERR_INVALID_ARGUMENT;
  try {
    std::vector<std::string> files;
    std::string error, text;
    if (!mjk::records::record_files(std::vector<std::string>(paths, paths + n), files, error))
      return refuse(error, buf, cap, needed);
    for (const std::string& f : files) (text += f) += '\0';
    return mjk::capi::put_text(text, buf, cap, needed);
  } catch (const std::bad_alloc&) {
    return MJK_ERR_OUT_OF_MEMORY;
  }
}

int mjk_corpus_merge_json(const char* const* parts, const size_t* lengths, size_t n, int flags, char* buf, size_t cap,
                          size_t* needed) {
  if ((!parts || !lengths) && n) return MJK_ERR_INVALID_ARGUMENT;
  if ((!buf && cap) || !flags_ok(flags)) return MJK_ERR_INVALID_ARGUMENT;
  try {
    mjk::records::CorpusStats total, part;
    std::string error;
    for (std::size_t i = 0; i < n; ++i) {
      if ((!parts[i] && lengths[i]) ||
          !mjk::records::corpus_from_partial_json({parts[i] ? parts[i] : "", lengths[i]}, part, error)) {
        if (!parts[i] && lengths[i]) error = "partial statistics: NULL";
        return refuse("parts[" + std::to_string(i) + "]: " + error, buf, cap, needed);
      }
      total.merge(part);
    }
    return write(total, flags, buf, cap, needed);
  } catch (const std::bad_alloc&) {
    return MJK_ERR_OUT_OF_MEMORY;
  }
}

}  // extern "C"
