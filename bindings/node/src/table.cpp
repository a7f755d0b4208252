// mjk.Table's native half in the Node addon: a game table over the C ABI's
// mjk_table_* (docs/c-abi.md). The acting seat is the lowest seat asked
// (mjk_table_seat), as in Python's mjk.Table (docs/python.md, "Whole games
// in Python"); a round's end deals the next round within the same step
// (mjk_table_play_on). index.js is the JS side.
#include <napi.h>

#include <array>
#include <cstdint>
#include <string>

#include "mjk.h"
#include "addon.hpp"

namespace {

class NativeTable : public Napi::ObjectWrap<NativeTable> {
 public:
  static Napi::Function Define(Napi::Env env) {
    return DefineClass(env, "NativeTable",
                       {InstanceMethod("reset", &NativeTable::Reset), InstanceMethod("seat", &NativeTable::Seat),
                        InstanceMethod("legal", &NativeTable::Legal), InstanceMethod("step", &NativeTable::Step),
                        InstanceMethod("state", &NativeTable::State), InstanceMethod("events", &NativeTable::Events),
                        InstanceMethod("record", &NativeTable::Record)});
  }
  // new NativeTable(rules, length, seed (BigInt), game)
  explicit NativeTable(const Napi::CallbackInfo& info) : Napi::ObjectWrap<NativeTable>(info) {
    const Napi::Env env = info.Env();
    if (info.Length() != 4 || !info[0].IsString() || !info[1].IsNumber() || !info[2].IsBigInt() || !info[3].IsNumber())
      throw Napi::TypeError::New(env, "NativeTable(rules, length, seed, game)");
    rules_ = info[0].As<Napi::String>().Utf8Value();
    length_ = info[1].As<Napi::Number>().Int32Value();
    Start(env, info[2], info[3]);
  }
  ~NativeTable() override { mjk_table_free(table_); }
  NativeTable(const NativeTable&) = delete;
  NativeTable& operator=(const NativeTable&) = delete;

 private:
  void Start(Napi::Env env, const Napi::Value& seed, const Napi::Value& game) {
    bool lossless = false;
    const std::uint64_t s = seed.As<Napi::BigInt>().Uint64Value(&lossless);
    if (!lossless) throw Napi::RangeError::New(env, "seed must be an integer 0..2**64-1");
    mjk_table_error error{};
    mjk_table* t = mjk_table_new(rules_.c_str(), s, game.As<Napi::Number>().Uint32Value(), length_, &error);
    if (!t) throw Napi::RangeError::New(env, error.message);
    mjk_table_free(table_);
    table_ = t;
  }
  Napi::Value Reset(const Napi::CallbackInfo& info) {
    if (info.Length() != 2 || !info[0].IsBigInt() || !info[1].IsNumber())
      throw Napi::TypeError::New(info.Env(), "reset(seed, game)");
    Start(info.Env(), info[0], info[1]);
    return info.Env().Undefined();
  }
  Napi::Value Seat(const Napi::CallbackInfo& info) { return Napi::Number::New(info.Env(), mjk_table_seat(table_)); }
  Napi::Value Legal(const Napi::CallbackInfo& info) {
    const int seat = mjk_table_seat(table_);
    std::array<std::uint8_t, MJK_ACTIONS> ids{};
    const int n = seat < 0 ? 0 : mjk_table_legal(table_, seat, ids.data(), ids.size());
    Napi::Array out = Napi::Array::New(info.Env(), n < 0 ? 0 : static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) out.Set(static_cast<std::uint32_t>(i), Napi::Number::New(info.Env(), ids[i]));
    return out;
  }
  // step(action) -> the payments of the rounds it ended (4 numbers), or throws.
  Napi::Value Step(const Napi::CallbackInfo& info) {
    const Napi::Env env = info.Env();
    if (info.Length() != 1 || !info[0].IsNumber()) throw Napi::TypeError::New(env, "step(action): an action id");
    const double a = info[0].As<Napi::Number>().DoubleValue();
    const int seat = mjk_table_seat(table_);
    if (seat < 0) throw Napi::Error::New(env, "the game is over: no seat acts (reset() starts the next)");
    if (!(a >= 0 && a < MJK_ACTIONS) || a != static_cast<double>(static_cast<int>(a)))
      throw Napi::RangeError::New(env, "action " + info[0].ToString().Utf8Value() + " is not an action id (0..123)");
    mjk_table_error error{};
    if (mjk_table_apply(table_, seat, static_cast<int>(a), &error) != MJK_OK) {
      Napi::Error e = Napi::Error::New(env, error.message);
      e.Set("code", Napi::String::New(env, "MJK_ILLEGAL_ACTION"));
      e.Set("refusal", Napi::Number::New(env, error.refusal));
      throw e;
    }
    std::array<std::int32_t, 4> deltas{};
    if (mjk_table_play_on(table_, deltas.data()) < 0)
      throw Napi::Error::New(env, "out of memory dealing the next round");
    mjk_table_state s{};
    mjk_table_get_state(table_, &s);
    Napi::Array out = Napi::Array::New(env, s.players);
    for (int i = 0; i < s.players; ++i)
      out.Set(static_cast<std::uint32_t>(i), Napi::Number::New(env, deltas[static_cast<std::size_t>(i)]));
    return out;
  }
  Napi::Value State(const Napi::CallbackInfo& info) {
    const Napi::Env env = info.Env();
    mjk_table_state s{};
    mjk_table_get_state(table_, &s);
    Napi::Object o = Napi::Object::New(env);
    auto num = [&](const char* k, double v) { o.Set(k, Napi::Number::New(env, v)); };
    auto list = [&](const char* k, const auto& v, int n) {
      Napi::Array a = Napi::Array::New(env, static_cast<std::size_t>(n));
      for (int i = 0; i < n; ++i) a.Set(static_cast<std::uint32_t>(i), Napi::Number::New(env, v[i]));
      o.Set(k, a);
    };
    num("phase", s.phase);
    num("players", s.players);
    num("actors", s.actors);
    num("seat", mjk_table_seat(table_));
    num("turn", s.turn);
    num("roundWind", s.round_wind);
    num("kyoku", s.kyoku);
    num("dealer", s.dealer);
    num("honba", s.honba);
    num("sticks", s.sticks);
    num("tilesLeft", s.tiles_left);
    list("scores", s.scores, s.players);
    list("riichi", s.riichi, s.players);
    list("placements", s.placements, s.players);
    list("doraIndicators", s.dora, s.dora_count);
    o.Set("done", Napi::Boolean::New(env, s.done != 0));
    o.Set("seed", Napi::BigInt::New(env, static_cast<std::uint64_t>(s.seed)));
    num("game", s.game);
    return o;
  }
  // events(viewer) -> the mjai lines, one string each ending in '\n'.
  Napi::Value Events(const Napi::CallbackInfo& info) {
    const Napi::Env env = info.Env();
    const int viewer = info.Length() > 0 && info[0].IsNumber() ? info[0].As<Napi::Number>().Int32Value() : -1;
    std::size_t needed = 0;
    int code = mjk_table_events(table_, viewer, 0, nullptr, 0, &needed);
    if (code == MJK_ERR_INVALID_ARGUMENT)
      throw Napi::RangeError::New(env, "viewer must be -1 (every tile) or a seat of the table");
    std::string out(needed, '\0');
    code = mjk_table_events(table_, viewer, 0, out.data(), out.size(), &needed);
    if (code != MJK_OK) throw Napi::Error::New(env, mjk_error_message(code));
    out.resize(needed - 1);
    return Napi::String::New(env, out);
  }

  // record(format): 0 mjai, 1 tenhou6, 2 mjlog (mjk_table_record).
  Napi::Value Record(const Napi::CallbackInfo& info) {
    const Napi::Env env = info.Env();
    if (info.Length() != 1 || !info[0].IsNumber()) throw Napi::TypeError::New(env, "record(format)");
    const int format = info[0].As<Napi::Number>().Int32Value();
    std::size_t needed = 0;
    mjk_table_error error{};
    int code = mjk_table_record(table_, format, nullptr, 0, &needed, &error);
    if (code == MJK_ERR_OUTPUT_TOO_SMALL) {
      std::string out(needed, '\0');
      code = mjk_table_record(table_, format, out.data(), out.size(), &needed, &error);
      if (code == MJK_OK) {
        out.resize(needed - 1);
        return Napi::String::New(env, out);
      }
    }
    throw Napi::Error::New(env, error.message);
  }

  mjk_table* table_ = nullptr;
  std::string rules_;
  int length_ = MJK_LENGTH_RULES;
};

// preset(name) -> the preset's player count, or a RangeError naming the presets.
Napi::Value Preset(const Napi::CallbackInfo& info) {
  const Napi::Env env = info.Env();
  if (info.Length() != 1 || !info[0].IsString()) throw Napi::TypeError::New(env, "preset(name): a rules preset name");
  int players = 0, length = 0;
  mjk_table_error error{};
  if (mjk_rules_preset(info[0].As<Napi::String>().Utf8Value().c_str(), &players, &length, &error) != MJK_OK)
    throw Napi::RangeError::New(env, error.message);
  return Napi::Number::New(env, players);
}

Napi::Value ActionName(const Napi::CallbackInfo& info) {
  const Napi::Env env = info.Env();
  char name[32];
  if (info.Length() != 1 || !info[0].IsNumber() ||
      mjk_action_name(info[0].As<Napi::Number>().Int32Value(), name, sizeof name) != MJK_OK)
    throw Napi::RangeError::New(env, "actionName(id): action ids are 0..123");
  return Napi::String::New(env, name);
}

}  // namespace

void mjk_node_table_init(Napi::Env env, Napi::Object exports) {
  exports.Set("NativeTable", NativeTable::Define(env));
  exports.Set("actionName", Napi::Function::New(env, ActionName));
  exports.Set("rulesPreset", Napi::Function::New(env, Preset));
}
