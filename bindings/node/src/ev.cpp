// The expected value (EV.md) in the Node addon: request lines searched by the
// C ABI (mjk_ev_lines, mjk_doors.h), synchronously on the calling thread, or
// on a thread of the addon's behind a Promise (evManyAsync: the event loop
// goes on meanwhile, and its .cancel() stops it: index.js's AbortSignal).
// index.js checks the arguments, makes the lines and the errors; this file
// makes each answer's object with its typed arrays.
#include <napi.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "../../common/mjk_ev_bind.hpp"
#include "addon.hpp"
#include "promise_worker.hpp"

namespace {

template <class T>
Napi::TypedArrayOf<T> copy_of(const Napi::Env& env, const T* data, std::size_t n) {
  auto a = Napi::TypedArrayOf<T>::New(env, n);
  if (n) std::memcpy(a.Data(), data, n * sizeof(T));
  return a;
}

Napi::Object answer_object(const Napi::Env& env, const mjk_ev_answer& a) {
  const std::size_t d = a.count, turns = MJK_EV_TURNS;
  Napi::Array names = Napi::Array::New(env, d);
  auto shanten = Napi::Int8Array::New(env, d);
  auto necessary = Napi::Uint8Array::New(env, d * MJK_KINDS), counts = Napi::Uint8Array::New(env, d * MJK_KINDS);
  auto tenpai = Napi::Float64Array::New(env, d * turns), win = Napi::Float64Array::New(env, d * turns),
       score = Napi::Float64Array::New(env, d * turns);
  for (std::size_t i = 0; i < d; ++i) {
    const mjk_ev_discard& x = a.discards[i];
    char buf[3];
    mjk_ev_discard_name(&x, buf);
    names.Set(static_cast<std::uint32_t>(i), x.has_discard ? Napi::Value(Napi::String::New(env, buf)) : env.Null());
    shanten[i] = x.shanten;
    for (std::size_t k = 0; k < MJK_KINDS; ++k) {
      necessary[i * MJK_KINDS + k] = x.necessary >> k & 1;
      counts[i * MJK_KINDS + k] = x.necessary >> k & 1 ? a.wall_counts[k] : 0;
    }
    std::copy_n(x.tenpai, turns, tenpai.Data() + i * turns);
    std::copy_n(x.win, turns, win.Data() + i * turns);
    std::copy_n(x.score, turns, score.Data() + i * turns);
  }
  Napi::Object o = Napi::Object::New(env);
  o.Set("shanten", a.shanten);
  o.Set("vertices", a.vertices);
  o.Set("wall", a.wall);
  o.Set("wallCounts", copy_of(env, a.wall_counts, MJK_KINDS));
  o.Set("discards", names);
  o.Set("discardShanten", shanten);
  o.Set("necessary", necessary);
  o.Set("necessaryCounts", counts);
  o.Set("tenpai", tenpai);
  o.Set("win", win);
  o.Set("score", score);
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

// evMany(lines, overrides, threads, built) -> [answers, errors]: answers[i]
// the answer's object or null, errors [[row, code, message], ...], on the
// calling thread (and `threads` - 1 more). evManyAsync(...): the same as a
// promise (with .cancel(): the searches stop, every row not answered
// holding MJK_ERR_CANCELLED; index.js rejects with an AbortError), the
// objects made back on the JavaScript thread.
// overrides: number[8] as mjk_ev_overrides {given, hand_change,
// shanten_back, extra, uradora, red, turn, max_vertices}, checked by index.js
// (a byte's option past 255 is 255, the library's to refuse).
struct Search {
  std::vector<std::string> lines;
  mjk::bind::EvOverrides overrides{};
  unsigned threads = 1;
  std::vector<std::uint8_t> built;  // empty: none
  std::vector<mjk::bind::EvRow> rows;

  explicit Search(const Napi::CallbackInfo& info) : lines(strings_argument(info.Env(), info[0], "requests")) {
    const Napi::Array o = info[1].As<Napi::Array>();
    std::array<double, 8> v{};
    for (std::uint32_t i = 0; i < v.size(); ++i) {
      const double x = o.Get(i).As<Napi::Number>().DoubleValue(), most = i == 7 ? 9007199254740991.0 : 255.0;
      v[i] = x >= 0 && x <= most ? x : most;
    }
    overrides.given = static_cast<std::uint32_t>(v[0]);
    overrides.values.hand_change = static_cast<std::uint8_t>(v[1]);
    overrides.values.shanten_back = static_cast<std::uint8_t>(v[2]);
    overrides.values.extra = static_cast<std::uint8_t>(v[3]);
    overrides.values.uradora = static_cast<std::uint8_t>(v[4]);
    overrides.values.red = static_cast<std::uint8_t>(v[5]);
    overrides.values.turn = static_cast<std::uint8_t>(v[6]);
    overrides.values.max_vertices = static_cast<std::uint64_t>(v[7]);
    threads = static_cast<unsigned>(std::clamp(info[2].As<Napi::Number>().Int32Value(), 1, 1024));
    built = built_argument(info, 3, lines.size());
    rows.resize(lines.size());
  }
  // The searches of every line into rows (stopped once cancel is requested): each row its own error.
  std::string run(const mjk_cancel* cancel) {
    mjk::bind::ev_lines(
        rows.size(), [&](std::size_t i) { return std::string_view(lines[i]); }, overrides, threads, rows.data(), cancel,
        built.empty() ? nullptr : built.data());
    return "";
  }
  [[nodiscard]] Napi::Array answer(const Napi::Env& env) const {
    Napi::Array answers = Napi::Array::New(env, rows.size()), errors = Napi::Array::New(env);
    for (std::uint32_t i = 0, bad = 0; i < rows.size(); ++i) {
      const mjk_request_info& e = rows[i].info;
      answers.Set(i, e.error == MJK_OK ? Napi::Value(answer_object(env, rows[i].answer)) : env.Null());
      if (e.error != MJK_OK) errors.Set(bad++, tuple_of(env, i, e.error, e.message));
    }
    return tuple_of(env, answers, errors);
  }
};

}  // namespace

void mjk_node_ev_init(Napi::Env env, Napi::Object exports) {
  exports.Set("evMany", Napi::Function::New(env, [](const Napi::CallbackInfo& info) {
                return now_or_later<Search>(info, "mjk.evMany", false);
              }));
  exports.Set("evManyAsync", Napi::Function::New(env, [](const Napi::CallbackInfo& info) {
                return now_or_later<Search>(info, "mjk.evManyAsync", true);
              }));
  exports.Set("evThreads", mjk::bind::ev_threads(1024, 0));
}
