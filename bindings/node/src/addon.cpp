// mjk's Node-API addon: the native half of index.js. index.js checks the
// caller's arguments and allocates the typed arrays; this file hands them to
// the C ABI (mjk_batch_run, mjk_score_lines, ...: mjk_doors.h) and re-checks
// every length, so no call from JavaScript can make it read or write out of
// bounds.
#include <napi.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "../../common/mjk_bind.hpp"
#include "addon.hpp"
#include "promise_worker.hpp"

namespace {

// run(name, rows, players, visible|null, winning|null, errors, [outputs...]) -> first bad row or -1
Napi::Value Run(const Napi::CallbackInfo& info) {
  const Napi::Env env = info.Env();
  const std::string name = info[0].As<Napi::String>();
  const mjk_batch_op* op = mjk_batch_op_named(name.data(), name.size());
  if (!op) throw Napi::TypeError::New(env, "unknown operation " + name);
  mjk_batch b{};
  const std::size_t rows = info[1].As<Napi::TypedArray>().ByteLength();
  b.n = rows / MJK_KINDS;
  b.rows = bytes_of(env, info[1], b.n * MJK_KINDS, "rows");
  b.players = info[2].As<Napi::Number>().Int32Value();
  if (!info[3].IsNull() && !info[3].IsUndefined()) {
    b.visible = bytes_of(env, info[3], SIZE_MAX, "visible");
    const std::size_t len = info[3].As<Napi::TypedArray>().ByteLength();
    b.visible_rows = len % MJK_KINDS ? SIZE_MAX : len / MJK_KINDS;  // not whole rows: the library refuses it
  }
  if (!info[4].IsNull() && !info[4].IsUndefined())
    b.winning = reinterpret_cast<const std::int8_t*>(bytes_of(env, info[4], b.n, "winning"));
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

// parse(text) -> Uint8Array(34), or [code, why] for malformed text.
Napi::Value Parse(const Napi::CallbackInfo& info) {
  const Napi::Env env = info.Env();
  const std::string text = info[0].As<Napi::String>();
  mjk_parsed parsed;
  if (const int e = mjk_parse_n(text.data(), text.size(), &parsed); e != MJK_OK)
    return tuple_of(env, e, mjk::bind::parse_message(text));
  return copied(env, parsed.counts, MJK_KINDS);
}

// analyseLines(texts, players, visible|null) -> [lines, codes]: each text's
// `mjk --json` line (mjk_analyse_json_info) and its own error code (0:
// answered); players Uint8Array(n) of 3|4, visible 34 counts (every text) or
// n*34. analyseLinesAsync(...): the same as a promise, reading only the
// copies made here (JavaScript may change or free its arrays meanwhile).
struct Lines {
  std::vector<std::string> texts, lines;
  std::vector<std::uint8_t> players, visible, codes;  // visible: empty, one row, or one per text

  explicit Lines(const Napi::CallbackInfo& info) : texts(strings_argument(info.Env(), info[0], "texts")) {
    const Napi::Env env = info.Env();
    const std::uint8_t* p = bytes_of(env, info[1], texts.size(), "players");
    players.assign(p, p + texts.size());
    for (std::size_t i = 0; i < texts.size(); ++i)
      if (players[i] != 3 && players[i] != 4)
        throw Napi::RangeError::New(env, "players[" + std::to_string(i) + "] must be 3 or 4");
    if (info[2].IsNull() || info[2].IsUndefined()) return;
    const std::size_t len = info[2].IsTypedArray() ? info[2].As<Napi::TypedArray>().ByteLength() : 0;
    const std::uint8_t* v = bytes_of(env, info[2], len == MJK_KINDS ? len : texts.size() * MJK_KINDS, "visible");
    visible.assign(v, v + len);
  }
  // Every text's line and code; "" or the first error of the library
  // (which then leaves them partial), "analyseLines: the search was
  // cancelled" once `cancel` (NULL: never) is requested. Touches no JavaScript value.
  std::string run(const mjk_cancel* cancel) {
    lines.resize(texts.size());
    codes.resize(texts.size());
    // One buffer for every line, grown when a line needs more: a buffer too
    // small makes the library analyse the hand again (half of all 14-tile
    // lines pass 1 KiB).
    std::string buf(16384, '\0');
    mjk_request_info info;
    for (std::size_t i = 0; i < texts.size(); ++i) {
      const std::uint8_t* v =
          visible.empty() ? nullptr : visible.data() + (visible.size() > MJK_KINDS ? i * MJK_KINDS : 0);
      if (const int e = mjk::bind::analyse_json(texts[i], players[i], v, buf, info, cancel); e != MJK_OK)
        return std::string("analyseLines: ") + mjk_error_message(e);
      lines[i] = buf;
      codes[i] = info.error;
    }
    return "";
  }
  [[nodiscard]] Napi::Array answer(const Napi::Env& env) const {
    return tuple_of(env, array_of(env, lines.data(), lines.size()), copied(env, codes.data(), codes.size()));
  }
};

// tileName(kind) -> [name, why], tileKind(name) -> [kind, why], toMpsz(34
// counts) -> text: the library's tile naming (mjk_tile_name, mjk_tile_kind,
// mjk_counts_mpsz); index.js writes a refusal's why after the value.
Napi::Value TileName(const Napi::CallbackInfo& info) {
  const double kind = info[0].As<Napi::Number>().DoubleValue();
  char name[3];
  const char* why = "";
  mjk_tile_name(kind >= 0 && kind < MJK_KINDS ? static_cast<long long>(kind) : -1, name, &why);
  return tuple_of(info.Env(), name, why);
}
Napi::Value TileKind(const Napi::CallbackInfo& info) {
  const std::string name = info[0].As<Napi::String>();
  const char* why = "";
  const int kind = mjk_tile_kind(name.data(), name.size(), &why);
  return tuple_of(info.Env(), kind, why);
}
Napi::Value ToMpsz(const Napi::CallbackInfo& info) {
  char text[MJK_MPSZ_CAP];  // "" for a count past 4, which index.js refuses first
  mjk_counts_mpsz(bytes_of(info.Env(), info[0], MJK_KINDS, "counts"), text, nullptr);
  return Napi::String::New(info.Env(), text);
}

Napi::Value ErrorMessage(const Napi::CallbackInfo& info) {
  const int code = info[0].As<Napi::Number>().Int32Value();
  if (code < 0 || code > 255) throw Napi::RangeError::New(info.Env(), "error codes are 0..255");
  return Napi::String::New(info.Env(), mjk_error_message(code));
}

// scoreMany(lines, built) -> [answers, errors]: answers the JSON text of an
// array of each line's "score" object or null, as `mjk --json` writes it
// (index.js parses it at once, which V8 does faster than this addon could
// build the objects); errors [[row, code, message], ...] for rejected lines.
Napi::Value ScoreMany(const Napi::CallbackInfo& info) {
  const Napi::Env env = info.Env();
  const RequestLines lines(info);
  std::string answers;
  std::vector<mjk::bind::BadLine> bad;
  if (const int e = mjk::bind::score_many_json(lines.texts.size(), lines.line(), answers, bad, lines.built.data());
      e != MJK_OK)
    throw Napi::Error::New(env, std::string("scoreMany: ") + mjk_error_message(e));
  Napi::Array errors = Napi::Array::New(env, bad.size());
  for (std::uint32_t k = 0; k < bad.size(); ++k)
    errors.Set(k, tuple_of(env, static_cast<double>(bad[k].row), bad[k].code, bad[k].message));
  return tuple_of(env, answers, errors);
}

// scoreEachWin(line, built) -> [code, message, answers, codes]: the request's
// own error, the JSON text of {tile: "score" object} (mjk_score_each_win_json;
// "{}" on an error) and each tile's own code (Uint8Array(34), 0: none).
Napi::Value ScoreEachWin(const Napi::CallbackInfo& info) {
  const Napi::Env env = info.Env();
  mjk::bind::EachWin each;
  mjk::bind::score_each_win_line(info[0].As<Napi::String>().Utf8Value(), each, info[1].ToBoolean());
  return tuple_of(env, each.code, each.message, each.code == MJK_OK ? each.json : "{}",
                  copied(env, each.codes.data(), MJK_KINDS));
}

// scoreBatch(lines, built) -> {the library's score columns as typed arrays
// (mjk_score_column_at), firstBad: [row, code, message] or null}.
Napi::Value ScoreBatch(const Napi::CallbackInfo& info) {
  const Napi::Env env = info.Env();
  const RequestLines lines(info);
  const std::size_t n = lines.texts.size();
  Napi::Object out = Napi::Object::New(env);
  const std::vector<void*> arrays = set_columns(env, out, mjk_score_column_at, n);
  const auto p = mjk::bind::line_pointers(n, lines.line());
  mjk_request_info bad{};  // error MJK_OK (0) unless a line is rejected
  std::size_t bad_row = 0;
  mjk_score_lines_arrays(p.texts.data(), p.lengths.data(), n, lines.built.data(), arrays.data(), &bad, &bad_row);
  out.Set("firstBad",
          bad.error == MJK_OK ? env.Null() : tuple_of(env, static_cast<double>(bad_row), bad.error, bad.message));
  return out;
}

Napi::Object Init(Napi::Env env, Napi::Object exports) {
  exports.Set("doors",
              mjk_doors_json());  // the operations, ev options, yaku and defaults index.js makes its functions from
  exports.Set("run", Napi::Function::New(env, Run));
  exports.Set("parse", Napi::Function::New(env, Parse));
  exports.Set("scoreMany", Napi::Function::New(env, ScoreMany));
  exports.Set("scoreBatch", Napi::Function::New(env, ScoreBatch));
  exports.Set("scoreEachWin", Napi::Function::New(env, ScoreEachWin));
  export_work<Lines>(env, exports, "analyseLines");  // and analyseLinesAsync
  exports.Set("errorMessage", Napi::Function::New(env, ErrorMessage));
  exports.Set("tileName", Napi::Function::New(env, TileName));
  exports.Set("tileKind", Napi::Function::New(env, TileKind));
  exports.Set("toMpsz", Napi::Function::New(env, ToMpsz));
  exports.Set("implementation", mjk_implementation());
  mjk_node_records_init(env, exports);  // readLog, corpusJson (records.cpp)
  mjk_node_ev_init(env, exports);       // evMany, evManyAsync (ev.cpp)
  mjk_node_table_init(env, exports);    // NativeTable, actionName (table.cpp)
  return exports;
}

}  // namespace

NODE_API_MODULE(mjk, Init)
