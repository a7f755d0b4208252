// mjk's Node-API addon: the native half of index.js. index.js checks the
// caller's arguments and allocates the typed arrays; this file hands them to
// the C ABI (mjk_batch_run, mjk_score_lines, ...: mjk_doors.h) and re-checks
// every length, so no call from JavaScript can make it read or write out of
// bounds.
#include <napi.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "../../common/mjk_bind.hpp"
#include "addon.hpp"
#include "promise_worker.hpp"

namespace {

Napi::Value Operations(const Napi::CallbackInfo& info) {
  const Napi::Env env = info.Env();
  Napi::Array list = Napi::Array::New(env);
  for (std::uint32_t i = 0; const mjk_batch_op* op = mjk_batch_op_at(i); ++i) {
    Napi::Object o = Napi::Object::New(env);
    o.Set("name", op->name);
    o.Set("question", op->question);
    o.Set("readsVisible", op->reads_visible != 0);
    o.Set("readsWinning", op->reads_winning != 0);
    Napi::Array outs = Napi::Array::New(env, op->output_count);
    for (std::uint32_t k = 0; k < op->output_count; ++k) {
      const mjk_batch_output& out = op->outputs[k];
      Napi::Object d = Napi::Object::New(env);
      d.Set("name", out.name);
      d.Set("dtype", out.dtype);
      Napi::Array shape = Napi::Array::New(env, out.dims);
      for (std::uint32_t j = 0; j < out.dims; ++j) shape.Set(j, Napi::Number::New(env, out.shape[j]));
      d.Set("shape", shape);
      outs.Set(k, d);
    }
    o.Set("outputs", outs);
    list.Set(i, o);
  }
  return list;
}

// A typed array's bytes, checked to be exactly `bytes` long. Its data
// pointer comes from napi_get_typedarray_info, which, unlike
// TypedArray::ArrayBuffer().Data(), also takes a SharedArrayBuffer's.
std::uint8_t* bytes_of(const Napi::Env& env, const Napi::Value& v, std::size_t bytes, const char* what) {
  if (!v.IsTypedArray()) throw Napi::TypeError::New(env, std::string(what) + " must be a typed array");
  void* data = nullptr;
  NAPI_THROW_IF_FAILED(env, napi_get_typedarray_info(env, v, nullptr, nullptr, &data, nullptr, nullptr), nullptr);
  const std::size_t size = v.As<Napi::TypedArray>().ByteLength();
  if (size != bytes)
    throw Napi::RangeError::New(
        env, std::string(what) + " has " + std::to_string(size) + " bytes, expected " + std::to_string(bytes));
  return static_cast<std::uint8_t*>(data);
}

// run(name, rows, players, visible|null, winning|null, errors, [outputs...]) -> first bad row or -1
Napi::Value Run(const Napi::CallbackInfo& info) {
  const Napi::Env env = info.Env();
  if (info.Length() != 7 || !info[0].IsString() || !info[1].IsTypedArray() || !info[2].IsNumber() || !info[6].IsArray())
    throw Napi::TypeError::New(env, "run(name, rows, players, visible, winning, errors, outputs)");
  const std::string name = info[0].As<Napi::String>();
  const mjk_batch_op* op = mjk_batch_op_named(name.data(), name.size());
  if (!op) throw Napi::TypeError::New(env, "unknown operation " + name);
  const Napi::TypedArray rows = info[1].As<Napi::TypedArray>();
  if (rows.TypedArrayType() != napi_uint8_array) throw Napi::TypeError::New(env, "rows must be a Uint8Array");
  if (rows.ByteLength() % MJK_KINDS) throw Napi::RangeError::New(env, "rows: length not a multiple of 34");
  mjk_batch b{};
  b.n = rows.ByteLength() / MJK_KINDS;
  b.rows = bytes_of(env, rows, rows.ByteLength(), "rows");
  b.players = info[2].As<Napi::Number>().Int32Value();
  if (!info[3].IsNull() && !info[3].IsUndefined()) {
    const std::size_t len = info[3].IsTypedArray() ? info[3].As<Napi::TypedArray>().ByteLength() : 0;
    b.visible = bytes_of(env, info[3], len, "visible");
    b.visible_rows = len % MJK_KINDS ? SIZE_MAX : len / MJK_KINDS;  // not whole rows: the library refuses it
  }
  if (!info[4].IsNull() && !info[4].IsUndefined()) {
    if (!info[4].IsTypedArray() || info[4].As<Napi::TypedArray>().TypedArrayType() != napi_int8_array)
      throw Napi::TypeError::New(env, "winning must be an Int8Array");
    b.winning = reinterpret_cast<const std::int8_t*>(bytes_of(env, info[4], b.n, "winning"));
  }
  b.errors = bytes_of(env, info[5], b.n, "errors");
  const Napi::Array outs = info[6].As<Napi::Array>();
  if (outs.Length() != op->output_count) throw Napi::RangeError::New(env, "wrong number of output arrays");
  for (std::uint32_t k = 0; k < op->output_count; ++k)
    b.outputs[k] = bytes_of(env, outs.Get(k), b.n * op->outputs[k].per_row, "output");
  char why[MJK_MAX_MESSAGE];
  if (const int e = mjk_batch_run(op, &b, why, sizeof why); e == MJK_ERR_INVALID_ARGUMENT)
    throw Napi::RangeError::New(
        env, name + ": " + why + (std::strstr(why, "overlap") ? " (out arrays must not share memory)" : ""));
  else if (e != MJK_OK) throw Napi::Error::New(env, name + ": " + why);
  // The first row with an error, or -1: a scan here costs a fraction of a
  // nanosecond per row, a JavaScript callback per row about ten.
  const std::uint8_t* bad = std::find_if(b.errors, b.errors + b.n, [](std::uint8_t c) { return c != 0; });
  return Napi::Number::New(env, bad == b.errors + b.n ? -1.0 : static_cast<double>(bad - b.errors));
}

// parse(text) -> Uint8Array(34); throws an Error with .code on malformed text.
Napi::Value Parse(const Napi::CallbackInfo& info) {
  const Napi::Env env = info.Env();
  if (info.Length() != 1 || !info[0].IsString()) throw Napi::TypeError::New(env, "parse(text): text must be a string");
  const std::string text = info[0].As<Napi::String>();
  mjk_parsed parsed;
  if (const int e = mjk_parse_n(text.data(), text.size(), &parsed); e != MJK_OK) {
    Napi::Error err = Napi::Error::New(env, mjk::bind::parse_message(text));
    err.Set("code", Napi::Number::New(env, e));
    throw err;
  }
  Napi::Uint8Array out = Napi::Uint8Array::New(env, mjk::bind::row);
  for (std::size_t k = 0; k < mjk::bind::row; ++k) out[k] = parsed.counts[k];
  return out;
}

// analyseLines(texts, players, visible|null) -> [lines, codes]: the `mjk
// --json` line of each text (for a malformed hand the CLI's {"hand",
// "error"} object) and each line's own error code (0: answered), one call
// for a batch of hands (what a server collects in one turn of its event
// loop; analyse is the batch of one), a plain loop over mjk_analyse_json_info.
// players: Uint8Array(n) of 3|4; visible: null or Uint8Array(n*34), a row of
// zeros meaning none seen.
//
// The arguments, checked and copied on the calling thread: analyseLinesAsync
// reads only these on the pool, never the caller's arrays (which JavaScript
// may change or free meanwhile).
struct LinesArguments {
  std::vector<std::string> texts;
  std::vector<std::uint8_t> players;
  std::vector<std::uint8_t> visible;  // empty: none given
};

LinesArguments lines_arguments(const Napi::CallbackInfo& info, const char* name, std::size_t max_args = 3) {
  const Napi::Env env = info.Env();
  if (info.Length() < 3 || info.Length() > max_args || !info[0].IsArray() || !info[1].IsTypedArray())
    throw Napi::TypeError::New(env, std::string(name) + "(texts, players, visible)");
  LinesArguments a;
  a.texts = strings_argument(env, info[0], "texts");
  const std::size_t n = a.texts.size();
  const std::uint8_t* players = bytes_of(env, info[1], n, "players");
  const std::uint8_t* visible = nullptr;
  if (!info[2].IsNull() && !info[2].IsUndefined()) visible = bytes_of(env, info[2], n * mjk::bind::row, "visible");
  for (std::size_t i = 0; i < n; ++i) {
    if (players[i] != 3 && players[i] != 4)
      throw Napi::RangeError::New(env, "players[" + std::to_string(i) + "] must be 3 or 4");
  }
  a.players.assign(players, players + n);
  if (visible) a.visible.assign(visible, visible + n * mjk::bind::row);
  return a;
}

// Every text's line and code; MJK_OK or the first error of the library
// (which then leaves them partial), MJK_ERR_CANCELLED once `cancel` (NULL:
// never) is requested (an "ev" line's search stops then). Touches no
// JavaScript value: it runs on the calling thread (analyseLines) or on a
// thread of the addon's (analyseLinesAsync).
struct Lines {
  std::vector<std::string> lines;
  std::vector<std::uint8_t> codes;
};
int analyse_lines(const LinesArguments& a, Lines& out, const mjk_cancel* cancel = nullptr) {
  out.lines.resize(a.texts.size());
  out.codes.resize(a.texts.size());
  // One buffer for every line, grown when a line needs more: a buffer too
  // small makes the library analyse the hand again (half of all 14-tile
  // lines pass 1 KiB).
  std::string buf(16384, '\0');
  mjk_request_info info;
  for (std::size_t i = 0; i < a.texts.size(); ++i) {
    const std::uint8_t* v = a.visible.empty() ? nullptr : a.visible.data() + i * mjk::bind::row;
    if (const int e = mjk::bind::analyse_json(a.texts[i], a.players[i], v, buf, info, cancel); e != MJK_OK) return e;
    out.lines[i] = buf;
    out.codes[i] = info.error;
  }
  return MJK_OK;
}

Napi::Array lines_array(const Napi::Env& env, const Lines& l) {
  Napi::Array lines = Napi::Array::New(env, l.lines.size());
  for (std::size_t i = 0; i < l.lines.size(); ++i)
    lines.Set(static_cast<std::uint32_t>(i), Napi::String::New(env, l.lines[i]));
  auto codes = Napi::Uint8Array::New(env, l.codes.size());
  std::copy(l.codes.begin(), l.codes.end(), codes.Data());
  Napi::Array out = Napi::Array::New(env, 2);
  out.Set(0u, lines);
  out.Set(1u, codes);
  return out;
}

Napi::Value AnalyseLines(const Napi::CallbackInfo& info) {
  const Napi::Env env = info.Env();
  const LinesArguments a = lines_arguments(info, "analyseLines");
  Lines lines;
  if (const int e = analyse_lines(a, lines); e != MJK_OK)
    throw Napi::Error::New(env, std::string("analyseLines: ") + mjk_error_message(e));
  return lines_array(env, lines);
}

// analyseLinesAsync(texts, players, visible|null[, token]) -> Promise of
// analyseLines' answer, the analyses on a thread of the addon's, the
// strings made back on the JavaScript thread (rejected with "analyseLines:
// the search was cancelled" once the token is); a bad argument throws here,
// before anything is queued.
Napi::Value AnalyseLinesAsync(const Napi::CallbackInfo& info) {
  SharedCancel cancel = cancel_argument(info, 3);
  auto lines = std::make_shared<Lines>();
  return start_work(
      info.Env(), "mjk.analyseLinesAsync", std::move(cancel),
      [a = lines_arguments(info, "analyseLines", 4), lines](const mjk::bind::Cancel& c) -> std::string {
        const int e = analyse_lines(a, *lines, c.get());
        return e == MJK_OK ? "" : std::string("analyseLines: ") + mjk_error_message(e);
      },
      [lines](const Napi::Env& env) { return lines_array(env, *lines); });
}

Napi::Value ErrorMessage(const Napi::CallbackInfo& info) {
  const Napi::Env env = info.Env();
  if (info.Length() != 1 || !info[0].IsNumber()) throw Napi::TypeError::New(env, "errorMessage(code)");
  const int code = info[0].As<Napi::Number>().Int32Value();
  if (code < 0 || code > 255) throw Napi::RangeError::New(env, "error codes are 0..255");
  return Napi::String::New(env, mjk_error_message(code));
}

Napi::Value Implementation(const Napi::CallbackInfo& info) {
  return Napi::String::New(info.Env(), mjk_implementation());
}

// scoreMany(lines: string[]) -> [answers, errors]: answers the JSON text of
// an array holding each line's "score" object or null, as the library writes
// it (mjk_score_json: the object `mjk --json` prints, key for key; index.js
// parses the whole array at once, which V8 does faster than this addon could
// build the objects); errors [[row, code, message], ...] for the rejected
// lines (their answers are null). A string's lone surrogates arrive as U+FFFD
// (Node's UTF-8).
Napi::Value ScoreMany(const Napi::CallbackInfo& info) {
  const Napi::Env env = info.Env();
  if (info.Length() < 1 || info.Length() > 2 || !info[0].IsArray())
    throw Napi::TypeError::New(env, "scoreMany(lines, built)");
  const std::vector<std::string> lines = strings_argument(env, info[0], "requests");
  const std::vector<std::uint8_t> built = built_argument(info, 1, lines.size());
  std::string answers;
  std::vector<mjk::bind::BadLine> bad;
  const int e = mjk::bind::score_many_json(
      lines.size(), [&](std::size_t i) { return std::string_view(lines[i]); }, answers, bad,
      built.empty() ? nullptr : built.data());
  if (e != MJK_OK) throw Napi::Error::New(env, std::string("scoreMany: ") + mjk_error_message(e));
  Napi::Array errors = Napi::Array::New(env, bad.size());
  for (std::uint32_t k = 0; k < bad.size(); ++k) {
    Napi::Array row = Napi::Array::New(env, 3);
    row.Set(0u, Napi::Number::New(env, static_cast<double>(bad[k].row)));
    row.Set(1u, Napi::Number::New(env, bad[k].code));
    row.Set(2u, Napi::String::New(env, bad[k].message));
    errors.Set(k, row);
  }
  Napi::Array out = Napi::Array::New(env, 2);
  out.Set(0u, Napi::String::New(env, answers));
  out.Set(1u, errors);
  return out;
}

// scoreEachWin(line: string, built) -> [code, message, answers, codes]: code
// and message the request's own error (then answers is "{}"); answers the
// JSON text of an object {tile: "score" object} for the tiles that complete
// the waiting hand, in tile order (mjk_score_each_win_json); codes a
// Uint8Array(34), each tile's own error (0: none).
Napi::Value ScoreEachWin(const Napi::CallbackInfo& info) {
  const Napi::Env env = info.Env();
  if (info.Length() < 1 || info.Length() > 2 || !info[0].IsString())
    throw Napi::TypeError::New(env, "scoreEachWin(line, built)");
  mjk::bind::EachWin each;
  mjk::bind::score_each_win_line(info[0].As<Napi::String>().Utf8Value(), each,
                                 info.Length() == 2 && info[1].ToBoolean());
  auto codes = Napi::Uint8Array::New(env, MJK_KINDS);
  std::copy(each.codes.begin(), each.codes.end(), codes.Data());
  Napi::Array out = Napi::Array::New(env, 4);
  out.Set(0u, Napi::Number::New(env, each.code));
  out.Set(1u, Napi::String::New(env, each.message));
  out.Set(2u, Napi::String::New(env, each.code == MJK_OK ? each.json : "{}"));
  out.Set(3u, codes);
  return out;
}

// scoreBatch(lines) -> {complete, han, fu, yakuman, points, payments (n*4),
// yaku (BigUint64Array bit masks), codes, firstBad: [row, message] or null}:
// the same answers as scoreMany in typed arrays (index.js scoreBatch).
Napi::Value ScoreBatch(const Napi::CallbackInfo& info) {
  const Napi::Env env = info.Env();
  if (info.Length() < 1 || info.Length() > 2 || !info[0].IsArray())
    throw Napi::TypeError::New(env, "scoreBatch(lines, built)");
  const std::vector<std::string> lines = strings_argument(env, info[0], "requests");
  const std::vector<std::uint8_t> built = built_argument(info, 1, lines.size());
  const auto n = static_cast<std::uint32_t>(lines.size());
  auto complete = Napi::Uint8Array::New(env, n);
  auto han = Napi::Int8Array::New(env, n);
  auto fu = Napi::Uint8Array::New(env, n);
  auto yakuman = Napi::Uint8Array::New(env, n);
  auto points = Napi::Int32Array::New(env, n);
  auto payments = Napi::Int32Array::New(env, std::size_t{4} * n);
  auto yaku = Napi::BigUint64Array::New(env, n);
  auto codes = Napi::Uint8Array::New(env, n);
  const mjk_score_columns columns{complete.Data(), han.Data(),      fu.Data(),   yakuman.Data(),
                                  points.Data(),   payments.Data(), yaku.Data(), codes.Data()};
  const auto p = mjk::bind::line_pointers(n, [&](std::size_t i) { return std::string_view(lines[i]); });
  mjk_request_info bad;
  std::size_t bad_row = 0;
  mjk_score_lines(p.texts.data(), p.lengths.data(), n, built.empty() ? nullptr : built.data(), &columns, &bad,
                  &bad_row);
  Napi::Value first_bad = env.Null();
  if (bad.error != MJK_OK) {
    Napi::Array e = Napi::Array::New(env, 2);
    e.Set(0u, Napi::Number::New(env, static_cast<double>(bad_row)));
    e.Set(1u, Napi::String::New(env, bad.message));
    first_bad = e;
  }
  Napi::Object out = Napi::Object::New(env);
  out.Set("complete", complete);
  out.Set("han", han);
  out.Set("fu", fu);
  out.Set("yakuman", yakuman);
  out.Set("points", points);
  out.Set("payments", payments);
  out.Set("yaku", yaku);
  out.Set("codes", codes);
  out.Set("firstBad", first_bad);
  return out;
}

Napi::Value YakuNames(const Napi::CallbackInfo& info) {
  Napi::Array names = Napi::Array::New(info.Env(), MJK_YAKU_COUNT);
  for (int y = 0; y < MJK_YAKU_COUNT; ++y) names.Set(static_cast<std::uint32_t>(y), mjk_yaku_name(y));
  return names;
}

Napi::Object Init(Napi::Env env, Napi::Object exports) {
  exports.Set("operations", Napi::Function::New(env, Operations));
  exports.Set("run", Napi::Function::New(env, Run));
  exports.Set("parse", Napi::Function::New(env, Parse));
  exports.Set("scoreMany", Napi::Function::New(env, ScoreMany));
  exports.Set("scoreBatch", Napi::Function::New(env, ScoreBatch));
  exports.Set("scoreEachWin", Napi::Function::New(env, ScoreEachWin));
  exports.Set("yakuNames", Napi::Function::New(env, YakuNames));
  exports.Set("analyseLines", Napi::Function::New(env, AnalyseLines));
  exports.Set("analyseLinesAsync", Napi::Function::New(env, AnalyseLinesAsync));
  exports.Set("version", Napi::String::New(env, mjk_version()));
  exports.Set("errorMessage", Napi::Function::New(env, ErrorMessage));
  exports.Set("implementation", Napi::Function::New(env, Implementation));
  mjk_node_records_init(env, exports);  // readLog, corpusJson (records.cpp)
  mjk_node_ev_init(env, exports);       // evMany, evManyAsync (ev.cpp)
  mjk_node_table_init(env, exports);    // NativeTable, actionName (table.cpp)
  return exports;
}

}  // namespace

std::vector<std::string> strings_argument(const Napi::Env& env, const Napi::Value& value, const char* what) {
  if (!value.IsArray()) throw Napi::TypeError::New(env, std::string(what) + " must be an Array of strings");
  const Napi::Array list = value.As<Napi::Array>();
  std::vector<std::string> out(list.Length());
  for (std::uint32_t i = 0; i < list.Length(); ++i) {
    const Napi::Value v = list.Get(i);
    if (!v.IsString())
      throw Napi::TypeError::New(env, std::string(what) + "[" + std::to_string(i) + "] must be a string");
    out[i] = v.As<Napi::String>().Utf8Value();
  }
  return out;
}

NODE_API_MODULE(mjk, Init)
