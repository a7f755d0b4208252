// Game records in the Node addon: a thin door onto the library's review
// (read, replay with every check, review every discard; readLog through the
// C ABI's mjk_review_record_rows), as index.js's readLog and corpusStats use
// it. index.js checks the arguments, makes the errors (RecordError) and the
// per-discard objects; this file re-checks the types and fills the
// typed-array columns the objects are made from.
#include <napi.h>

#include <cctype>
#include <cstdint>
#include <string_view>
#include <string>
#include <vector>

#include "../../common/mjk_review.hpp"
#include "addon.hpp"

namespace {

// maxBytes from (path, maxBytes) (0: the library's default): index.js
// checks it (a positive safe integer); this re-checks the type.
std::size_t max_bytes_argument(const Napi::CallbackInfo& info, const char* name) {
  if (info.Length() < 2 || info[1].IsUndefined()) return 0;
  if (!info[1].IsNumber()) throw Napi::TypeError::New(info.Env(), std::string(name) + ": maxBytes must be a number");
  const double n = info[1].As<Napi::Number>().DoubleValue();
  if (!(n >= 1 && n <= 9007199254740991.0))
    throw Napi::RangeError::New(info.Env(), std::string(name) + ": maxBytes must be a positive integer");
  return static_cast<std::size_t>(n);
}

// readLog(path, maxBytes) -> {summary, columns}: summary the JSON text of
// the review without its discards (mjk_review_record_rows: for a record that
// cannot be read {file, error, offset, line, column, what}, and columns
// null), columns one typed array per field of a discard, rows of 34 counts
// for the tiles. index.js makes the objects from them (JavaScript makes
// objects far faster than Node-API calls do).
Napi::Value ReadLog(const Napi::CallbackInfo& info) {
  const Napi::Env env = info.Env();
  if (info.Length() < 1 || info.Length() > 2 || !info[0].IsString())
    throw Napi::TypeError::New(env, "readLog(path): path must be a string");
  const std::string path = info[0].As<Napi::String>();
  if (path.find('\0') != std::string::npos) throw Napi::TypeError::New(env, "readLog(path): path holds a NUL byte");
  // The library's one review pipeline, through the C ABI (mjk_review_record_rows),
  // as `mjk log` runs it; running out of memory is the record's read error.
  const mjk::bind::Review rv = mjk::bind::review_rows(path, max_bytes_argument(info, "readLog"));
  if (rv.status != MJK_OK && rv.status != MJK_ERR_RECORD_UNREADABLE)
    throw Napi::Error::New(env, "readLog: " + path + ": " + mjk_error_message(rv.status));
  Napi::Object o = Napi::Object::New(env);
  o.Set("summary", rv.json);
  if (rv.status == MJK_ERR_RECORD_UNREADABLE) {
    o.Set("columns", env.Null());
    return o;
  }
  Napi::Object columns = Napi::Object::New(env);
  const std::size_t n = rv.rows.size();
  mjk::bind::write_columns(rv, [&](const mjk_review_column& c) -> void* {
    const std::size_t size = n * c.width;
    const std::string_view dtype = c.dtype;
    const auto set = [&](auto a) {  // named as index.js names it: camelCase, the round's index roundIndex
      std::string name = c.name == std::string_view("round") ? "round_index" : c.name;
      for (std::size_t k; (k = name.find('_')) != std::string::npos;)
        name.replace(k, 2, 1, static_cast<char>(std::toupper(name[k + 1])));
      columns.Set(name, a);
      return static_cast<void*>(a.Data());
    };
    if (dtype == "int8") return set(Napi::Int8Array::New(env, size));
    if (dtype == "uint16") return set(Napi::Uint16Array::New(env, size));
    if (dtype == "uint32") return set(Napi::Uint32Array::New(env, size));
    return set(Napi::Uint8Array::New(env, size));  // 0/1 for the booleans
  });
  o.Set("columns", columns);
  return o;
}

// corpusJson([files...], maxBytes) -> the text of the object `mjk log --stats --json`
// prints for these files (mjk_corpus_json, one thread; index.js walks directories and parses it).
Napi::Value CorpusJson(const Napi::CallbackInfo& info) {
  const Napi::Env env = info.Env();
  if (info.Length() < 1 || info.Length() > 2 || !info[0].IsArray())
    throw Napi::TypeError::New(env, "corpusJson(paths): paths must be an Array");
  const std::vector<std::string> paths = strings_argument(env, info[0], "corpusJson: paths");
  std::vector<const char*> c_paths;
  for (const std::string& p : paths) c_paths.push_back(p.c_str());
  const std::size_t max_bytes = max_bytes_argument(info, "corpusJson");
  std::string out;
  const int e = mjk::bind::corpus_call(
      [&](char* buf, std::size_t cap, std::size_t* needed) {
        return mjk_corpus_json(c_paths.data(), c_paths.size(), max_bytes, 0, buf, cap, needed);
      },
      out);
  if (e != MJK_OK) throw Napi::Error::New(env, std::string("corpusJson: ") + mjk_error_message(e));
  return Napi::String::New(env, out);
}

}  // namespace

void mjk_node_records_init(Napi::Env env, Napi::Object exports) {
  exports.Set("readLog", Napi::Function::New(env, ReadLog));
  exports.Set("corpusJson", Napi::Function::New(env, CorpusJson));
  exports.Set("defaultMaxRecordBytes", Napi::Number::New(env, static_cast<double>(MJK_DEFAULT_MAX_RECORD_BYTES)));
}
