// The expected value (EV.md) in the Node addon: request lines searched by the
// C ABI (mjk_ev_lines, mjk_doors.h), synchronously on the calling thread, or
// on a thread of the addon's behind a Promise (evManyAsync: the event loop
// goes on meanwhile, and a cancel token stops it: index.js's AbortSignal). index.js checks
// the arguments, makes the lines and the errors; this file re-checks types
// and makes each answer's object with its typed arrays.
#include <napi.h>

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
  const std::size_t d = a.count;
  Napi::Object o = Napi::Object::New(env);
  o.Set("shanten", Napi::Number::New(env, a.shanten));
  o.Set("vertices", Napi::Number::New(env, static_cast<double>(a.vertices)));
  o.Set("wall", Napi::Number::New(env, a.wall));
  o.Set("wallCounts", copy_of(env, a.wall_counts, MJK_KINDS));
  Napi::Array names = Napi::Array::New(env, d);
  auto shanten = Napi::Int8Array::New(env, d);
  auto necessary = Napi::Uint8Array::New(env, d * MJK_KINDS);
  auto counts = Napi::Uint8Array::New(env, d * MJK_KINDS);
  auto tenpai = Napi::Float64Array::New(env, d * MJK_EV_TURNS), win = Napi::Float64Array::New(env, d * MJK_EV_TURNS),
       score = Napi::Float64Array::New(env, d * MJK_EV_TURNS);
  for (std::size_t i = 0; i < d; ++i) {
    const mjk_ev_discard& x = a.discards[i];
    char buf[3];
    mjk_ev_discard_name(&x, buf);
    names.Set(static_cast<std::uint32_t>(i), x.has_discard ? Napi::Value(Napi::String::New(env, buf)) : env.Null());
    shanten[i] = x.shanten;
    for (std::size_t k = 0; k < MJK_KINDS; ++k) {
      const bool n = x.necessary >> k & 1;
      necessary[i * MJK_KINDS + k] = n;
      counts[i * MJK_KINDS + k] = n ? a.wall_counts[k] : 0;
    }
    std::memcpy(tenpai.Data() + i * MJK_EV_TURNS, x.tenpai, sizeof x.tenpai);
    std::memcpy(win.Data() + i * MJK_EV_TURNS, x.win, sizeof x.win);
    std::memcpy(score.Data() + i * MJK_EV_TURNS, x.score, sizeof x.score);
  }
  o.Set("discards", names);
  o.Set("discardShanten", shanten);
  o.Set("necessary", necessary);
  o.Set("necessaryCounts", counts);
  o.Set("tenpai", tenpai);
  o.Set("win", win);
  o.Set("score", score);
  Napi::Object s = Napi::Object::New(env);
  s.Set("drawVertices", Napi::Number::New(env, static_cast<double>(a.stats.draw_vertices)));
  s.Set("discardVertices", Napi::Number::New(env, static_cast<double>(a.stats.discard_vertices)));
  s.Set("edges", Napi::Number::New(env, static_cast<double>(a.stats.edges)));
  s.Set("wins", Napi::Number::New(env, static_cast<double>(a.stats.wins)));
  s.Set("groupRows", Napi::Number::New(env, static_cast<double>(a.stats.group_rows)));
  s.Set("peakBytes", Napi::Number::New(env, static_cast<double>(a.stats.peak_bytes)));
  s.Set("searchUs", Napi::Number::New(env, static_cast<double>(a.search_us)));
  o.Set("stats", s);
  return o;
}

// [answers, errors]: answers[i] the answer's object or null; errors [[row, code, message], ...].
Napi::Array results(const Napi::Env& env, const std::vector<mjk::bind::EvRow>& rows) {
  Napi::Array answers = Napi::Array::New(env, rows.size());
  Napi::Array errors = Napi::Array::New(env);
  std::uint32_t bad = 0;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto row = static_cast<std::uint32_t>(i);
    if (rows[i].info.error == MJK_OK) {
      answers.Set(row, answer_object(env, rows[i].answer));
      continue;
    }
    answers.Set(row, env.Null());
    Napi::Array e = Napi::Array::New(env, 3);
    e.Set(0u, Napi::Number::New(env, row));
    e.Set(1u, Napi::Number::New(env, rows[i].info.error));
    e.Set(2u, Napi::String::New(env, rows[i].info.message));
    errors.Set(bad++, e);
  }
  Napi::Array out = Napi::Array::New(env, 2);
  out.Set(0u, answers);
  out.Set(1u, errors);
  return out;
}

struct Arguments {
  std::vector<std::string> lines;
  mjk::bind::EvOverrides overrides{};
  unsigned threads = 1;
  std::vector<std::uint8_t> built;  // empty: none
  [[nodiscard]] const std::uint8_t* built_flags() const { return built.empty() ? nullptr : built.data(); }
};

// (lines: string[], overrides: number[8] as mjk_ev_overrides
// {given, hand_change, shanten_back, extra, uradora, red, turn,
// max_vertices}, threads), checked by index.js; re-checked here.
Arguments arguments(const Napi::CallbackInfo& info, const char* name, std::size_t built_at) {
  const std::size_t max_args = built_at + 1;
  const Napi::Env env = info.Env();
  if (info.Length() < 3 || info.Length() > max_args || !info[0].IsArray() || !info[1].IsArray() || !info[2].IsNumber())
    throw Napi::TypeError::New(env, std::string(name) + "(lines, overrides, threads)");
  Arguments a;
  a.lines = strings_argument(env, info[0], "requests");
  const Napi::Array o = info[1].As<Napi::Array>();
  if (o.Length() != 8) throw Napi::TypeError::New(env, std::string(name) + ": overrides must be 8 numbers");
  std::array<double, 8> v{};
  for (std::uint32_t i = 0; i < 8; ++i) {
    const Napi::Value x = o.Get(i);
    if (!x.IsNumber()) throw Napi::TypeError::New(env, std::string(name) + ": overrides must be 8 numbers");
    v[i] = x.As<Napi::Number>().DoubleValue();
    const double most = i == 7 ? 9007199254740991.0 : 255.0;
    if (!(v[i] >= 0 && v[i] <= most))
      throw Napi::RangeError::New(env, std::string(name) + ": an override out of range");
  }
  a.overrides.given = static_cast<std::uint32_t>(v[0]);
  a.overrides.values.hand_change = static_cast<std::uint8_t>(v[1]);
  a.overrides.values.shanten_back = static_cast<std::uint8_t>(v[2]);
  a.overrides.values.extra = static_cast<std::uint8_t>(v[3]);
  a.overrides.values.uradora = static_cast<std::uint8_t>(v[4]);
  a.overrides.values.red = static_cast<std::uint8_t>(v[5]);
  a.overrides.values.turn = static_cast<std::uint8_t>(v[6]);
  a.overrides.values.max_vertices = static_cast<std::uint64_t>(v[7]);
  const double threads = info[2].As<Napi::Number>().DoubleValue();
  if (!(threads >= 1 && threads <= 1024))
    throw Napi::RangeError::New(env, std::string(name) + ": threads must be 1..1024");
  a.threads = static_cast<unsigned>(threads);
  a.built = built_argument(info, built_at, a.lines.size());
  return a;
}

// The searches of every line into rows (stopped once cancel is requested).
void search(const Arguments& a, std::vector<mjk::bind::EvRow>& rows, const mjk_cancel* cancel) {
  mjk::bind::ev_lines(
      rows.size(), [&](std::size_t i) { return std::string_view(a.lines[i]); }, a.overrides, a.threads, rows.data(),
      cancel, a.built_flags());
}

// evMany(lines, overrides, threads[, built]) -> [answers, errors], on the calling thread (and `threads` - 1 more).
Napi::Value EvMany(const Napi::CallbackInfo& info) {
  const Arguments a = arguments(info, "evMany", 3);
  std::vector<mjk::bind::EvRow> rows(a.lines.size());
  search(a, rows, nullptr);
  return results(info.Env(), rows);
}

// evManyAsync(lines, overrides, threads[, token[, built]]) -> Promise of
// [answers, errors]: the searches on a thread of the addon's (which may start
// `threads` - 1 more), the objects made back on the JavaScript thread. Once
// the token is cancelled the searches stop and every row not answered holds
// MJK_ERR_CANCELLED (index.js rejects with an AbortError).
Napi::Value EvManyAsync(const Napi::CallbackInfo& info) {
  SharedCancel cancel = cancel_argument(info, 3);
  Arguments a = arguments(info, "evManyAsync", 4);
  auto rows = std::make_shared<std::vector<mjk::bind::EvRow>>(a.lines.size());
  return start_work(
      info.Env(), "mjk.evManyAsync", std::move(cancel),
      [a = std::move(a), rows](const mjk::bind::Cancel& c) -> std::string {
        search(a, *rows, c.get());
        return "";
      },
      [rows](const Napi::Env& env) { return results(env, *rows); });
}

// The tag of the addon's cancel tokens: an External from elsewhere is refused.
constexpr napi_type_tag cancel_tag = {0x6d6a6b5f63616e63ull, 0x656c5f746f6b656eull};

SharedCancel* token_of(const Napi::Value& v) {
  if (!v.IsExternal()) return nullptr;
  const auto e = v.As<Napi::External<SharedCancel>>();
  return e.CheckTypeTag(&cancel_tag) ? e.Data() : nullptr;
}

}  // namespace

Napi::Value CancelToken(const Napi::CallbackInfo& info) {
  const Napi::Env env = info.Env();
  auto* held = new SharedCancel(std::make_shared<mjk::bind::Cancel>());
  auto token = Napi::External<SharedCancel>::New(env, held, [](Napi::Env, SharedCancel* p) { delete p; });
  token.TypeTag(&cancel_tag);
  return token;
}

Napi::Value CancelRequest(const Napi::CallbackInfo& info) {
  SharedCancel* c = info.Length() == 1 ? token_of(info[0]) : nullptr;
  if (!c) throw Napi::TypeError::New(info.Env(), "cancel(token): a token of cancelToken()");
  (*c)->request();
  return info.Env().Undefined();
}

SharedCancel cancel_argument(const Napi::CallbackInfo& info, std::size_t i) {
  if (info.Length() <= i || info[i].IsUndefined() || info[i].IsNull()) return std::make_shared<mjk::bind::Cancel>();
  SharedCancel* c = token_of(info[i]);
  if (!c) throw Napi::TypeError::New(info.Env(), "the cancel argument must be a token of cancelToken()");
  return *c;
}

std::vector<std::uint8_t> built_argument(const Napi::CallbackInfo& info, std::size_t i, std::size_t n) {
  if (info.Length() <= i || info[i].IsUndefined() || info[i].IsNull()) return {};
  if (!info[i].IsTypedArray() || info[i].As<Napi::TypedArray>().TypedArrayType() != napi_uint8_array ||
      info[i].As<Napi::TypedArray>().ByteLength() != n)
    throw Napi::TypeError::New(info.Env(), "built must be a Uint8Array of one byte per line");
  const Napi::Uint8Array a = info[i].As<Napi::Uint8Array>();
  return {a.Data(), a.Data() + n};
}

void mjk_node_ev_init(Napi::Env env, Napi::Object exports) {
  exports.Set("evMany", Napi::Function::New(env, EvMany));
  exports.Set("evManyAsync", Napi::Function::New(env, EvManyAsync));
  exports.Set("cancelToken", Napi::Function::New(env, CancelToken));
  exports.Set("cancel", Napi::Function::New(env, CancelRequest));
  Napi::Array options = Napi::Array::New(env);  // the library's table of the "ev" options
  for (std::uint32_t i = 0; const mjk_ev_option* o = mjk_ev_option_at(i); ++i) {
    Napi::Object x = Napi::Object::New(env);
    x.Set("name", o->name);
    x.Set("type", o->type);
    x.Set("minimum", Napi::Number::New(env, static_cast<double>(o->min)));
    x.Set("maximum", Napi::Number::New(env, static_cast<double>(o->max)));
    options.Set(i, x);
  }
  exports.Set("evOptions", options);
  exports.Set("evDefaultMaxVertices", Napi::Number::New(env, static_cast<double>(MJK_EV_DEFAULT_MAX_VERTICES)));
  exports.Set("evThreads", Napi::Function::New(env, [](const Napi::CallbackInfo& info) {
                return Napi::Number::New(info.Env(), mjk::bind::ev_threads(1024, 0));
              }));
}
