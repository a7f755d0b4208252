// The expected value (EV.md) in the Node addon: request lines searched by the
// C ABI (mjk_ev_lines, mjk_doors.h), synchronously on the calling thread, or
// on a thread of the addon's behind a Promise (evManyAsync: the event loop
// goes on meanwhile, and its .cancel() stops it: index.js's AbortSignal).
// index.js checks the arguments, makes the lines and the errors; this file
// makes each answer's object with its typed arrays.
#include <napi.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "../../common/mjk_ev_bind.hpp"
#include "addon.hpp"
#include "promise_worker.hpp"

namespace {

// keys: the per-discard columns' (mjk_ev_column_at's names as index.js names them).
Napi::Object answer_object(const Napi::Env& env, const mjk_ev_answer& a, const std::vector<std::string>& keys) {
  Napi::Object o = Napi::Object::New(env);
  o.Set("shanten", a.shanten);
  o.Set("vertices", a.vertices);
  o.Set("wall", a.wall);
  auto wall = Napi::Uint8Array::New(env, MJK_KINDS);
  std::copy_n(a.wall_counts, MJK_KINDS, wall.Data());
  o.Set("wallCounts", wall);
  Napi::Array names = Napi::Array::New(env, a.count);
  for (std::uint32_t i = 0; i < a.count; ++i) {
    char buf[3];
    mjk_ev_discard_name(&a.discards[i], buf);
    names.Set(i, a.discards[i].has_discard ? Napi::Value(Napi::String::New(env, buf)) : env.Null());
  }
  o.Set("discards", names);
  mjk_ev_answer_write_arrays(&a, set_columns(env, o, mjk_ev_column_at, a.count, keys).data());
  Napi::Object s = Napi::Object::New(env);
  s.Set("drawVertices", a.stats.draw_vertices);
  s.Set("discardVertices", a.stats.discard_vertices);
  s.Set("edges", a.stats.edges);
  s.Set("wins", a.stats.wins);
  s.Set("groupRows", a.stats.group_rows);
  s.Set("peakBytes", a.stats.peak_bytes);
  s.Set("searchUs", a.search_us);
  o.Set("stats", s);
  return o;
}

// evMany(lines, built, overrides, threads, keys) -> [answers, errors]: answers[i]
// the answer's object or null, errors [[row, code, message], ...], on the
// calling thread (and `threads` - 1 more). evManyAsync(...): the same as a
// promise (with .cancel(): the searches stop, every row not answered
// holding MJK_ERR_CANCELLED; index.js rejects with an AbortError), the
// objects made back on the JavaScript thread.
// overrides: one number per option in mjk_ev_option_at's order (null: not
// given), set by mjk_ev_overrides_set; checked by index.js but for a byte's
// range, which the library saturates at 255 and refuses.
struct Search {
  RequestLines lines;
  mjk::bind::EvOverrides overrides{};
  unsigned threads = 1;
  std::vector<std::string> keys;  // the answers' column keys
  std::vector<mjk::bind::EvRow> rows;

  explicit Search(const Napi::CallbackInfo& info)
      : lines(info), keys(strings_argument(info.Env(), info[4], "keys")), rows(lines.texts.size()) {
    const Napi::Array o = info[2].As<Napi::Array>();
    for (std::uint32_t i = 0; i < o.Length(); ++i)
      if (const Napi::Value v = o.Get(i); !v.IsNull()) {
        const double x = v.As<Napi::Number>().DoubleValue(), most = 9007199254740991.0;  // Number.MAX_SAFE_INTEGER
        mjk_ev_overrides_set(&overrides, i, static_cast<std::uint64_t>(x >= 0 && x <= most ? x : most));
      }
    threads = static_cast<unsigned>(std::clamp(info[3].As<Napi::Number>().Int32Value(), 1, 1024));
  }
  // The searches of every line into rows (stopped once cancel is requested): each row its own error.
  std::string run(const mjk_cancel* cancel) {
    mjk::bind::ev_lines(rows.size(), lines.line(), overrides, threads, rows.data(), cancel, lines.built.data());
    return "";
  }
  [[nodiscard]] Napi::Array answer(const Napi::Env& env) const {
    Napi::Array answers = Napi::Array::New(env, rows.size()), errors = Napi::Array::New(env);
    for (std::uint32_t i = 0, bad = 0; i < rows.size(); ++i) {
      const mjk_request_info& e = rows[i].info;
      answers.Set(i, e.error == MJK_OK ? Napi::Value(answer_object(env, rows[i].answer, keys)) : env.Null());
      if (e.error != MJK_OK) errors.Set(bad++, tuple_of(env, i, e.error, e.message));
    }
    return tuple_of(env, answers, errors);
  }
};

}  // namespace

void mjk_node_ev_init(Napi::Env env, Napi::Object exports) {
  export_work<Search>(env, exports, "evMany");        // and evManyAsync
  exports.Set("evThreads", mjk_ev_threads(1024, 0));  // a thread per core, as evMany's default
}
