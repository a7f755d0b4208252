// Game records in the Node addon: the library's review (read, replay with
// every check, review every discard: mjk_review_record_rows) and corpus
// statistics (mjk_corpus_json) for index.js's readLog and corpusStats.
#include <napi.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "../../common/mjk_review.hpp"
#include "addon.hpp"

namespace {

// maxBytes (0: the library's default), checked by index.js (a positive safe integer).
std::size_t max_bytes_argument(const Napi::CallbackInfo& info) {
  return info[1].IsUndefined() ? 0 : static_cast<std::size_t>(std::max(0.0, info[1].As<Napi::Number>().DoubleValue()));
}

// readLog(path, maxBytes) -> [summary, columns]: the JSON text of the review
// without its discards (for a record that cannot be read its place, and
// columns null) and one typed array per field of a discard
// (mjk_review_column_at), from which index.js makes the objects (JavaScript
// makes objects far faster than Node-API calls do).
Napi::Value ReadLog(const Napi::CallbackInfo& info) {
  const Napi::Env env = info.Env();
  const std::string path = info[0].As<Napi::String>();
  if (path.find('\0') != std::string::npos) throw Napi::TypeError::New(env, "readLog(path): path holds a NUL byte");
  // The library's one review pipeline, through the C ABI (mjk_review_record_rows),
  // as `mjk log` runs it; running out of memory is the record's read error.
  const mjk::bind::Review rv = mjk::bind::review_rows(path, max_bytes_argument(info));
  if (rv.status != MJK_OK && rv.status != MJK_ERR_RECORD_UNREADABLE)
    throw Napi::Error::New(env, "readLog: " + path + ": " + mjk_error_message(rv.status));
  if (rv.status == MJK_ERR_RECORD_UNREADABLE) return tuple_of(env, rv.json, env.Null());
  Napi::Object columns = Napi::Object::New(env);
  const std::vector<void*> arrays = set_columns(env, columns, mjk_review_column_at, rv.rows.size());
  mjk_review_columns_write_arrays(rv.rows.data(), rv.rows.size(), arrays.data());  // only NULL pointers fail
  return tuple_of(env, rv.json, columns);
}

// corpusJson([paths...], maxBytes) -> the text of the object `mjk log --stats --json`
// prints for these files and directories (mjk_corpus_json walking them, one thread).
Napi::Value CorpusJson(const Napi::CallbackInfo& info) {
  const Napi::Env env = info.Env();
  const std::vector<std::string> paths = strings_argument(env, info[0], "corpusJson: paths");
  std::vector<const char*> c_paths;
  for (const std::string& p : paths) c_paths.push_back(p.c_str());
  const std::size_t max_bytes = max_bytes_argument(info);
  std::string out;
  const int e = mjk::bind::corpus_call(
      [&](char* buf, std::size_t cap, std::size_t* needed) {
        return mjk_corpus_json(c_paths.data(), c_paths.size(), max_bytes, MJK_CORPUS_WALK, buf, cap, needed);
      },
      out);
  if (e != MJK_OK)  // a directory that cannot be listed, or out of memory
    throw Napi::Error::New(env, "corpusStats: " + (e == MJK_ERR_BAD_REQUEST ? out : mjk_error_message(e)));
  return Napi::String::New(env, out);
}

}  // namespace

void mjk_node_records_init(Napi::Env env, Napi::Object exports) {
  exports.Set("readLog", Napi::Function::New(env, ReadLog));
  exports.Set("corpusJson", Napi::Function::New(env, CorpusJson));
}
