// mjk.Table's native half in the Node addon: a game table over the C ABI's
// mjk_table_* (docs/c-abi.md). The acting seat is the lowest seat asked
// (mjk_table_seat), as in Python's mjk.Table (docs/python.md, "Whole games
// in Python"); a round's end deals the next round within the same step
// (mjk_table_play_on). index.js is the JS side and checks the arguments.
#include <napi.h>

#include <array>
#include <cstdint>
#include <string>

#include "../../common/mjk_bind.hpp"
#include "addon.hpp"

namespace {

class NativeTable : public Napi::ObjectWrap<NativeTable> {
 public:
  static Napi::Function Define(Napi::Env env) {
    return DefineClass(env, "NativeTable",
                       {InstanceMethod("reset", &NativeTable::Reset), InstanceMethod("seat", &NativeTable::Seat),
                        InstanceMethod("mask", &NativeTable::Mask), InstanceMethod("step", &NativeTable::Step),
                        InstanceMethod("state", &NativeTable::State), InstanceMethod("events", &NativeTable::Events),
                        InstanceMethod("record", &NativeTable::Record)});
  }
  // new NativeTable(rules, length, seed (BigInt), game)
  explicit NativeTable(const Napi::CallbackInfo& info)
      : Napi::ObjectWrap<NativeTable>(info), rules_(info[0].As<Napi::String>()) {
    length_ = info[1].As<Napi::Number>().Int32Value();
    Reset(info);
  }
  ~NativeTable() override { mjk_table_free(table_); }
  NativeTable(const NativeTable&) = delete;
  NativeTable& operator=(const NativeTable&) = delete;

 private:
  // reset(seed (BigInt 0..2**64-1, checked by index.js), game): the arguments after the constructor's rules and length.
  Napi::Value Reset(const Napi::CallbackInfo& info) {
    const std::size_t at = info.Length() == 4 ? 2 : 0;
    bool lossless = false;
    const std::uint64_t seed = info[at].As<Napi::BigInt>().Uint64Value(&lossless);
    mjk_table_error error{};
    mjk_table* t = mjk_table_new(rules_.c_str(), seed, info[at + 1].As<Napi::Number>().Uint32Value(), length_, &error);
    if (!t) throw Napi::RangeError::New(info.Env(), error.message);
    mjk_table_free(table_);
    table_ = t;
    return info.Env().Undefined();
  }
  Napi::Value Seat(const Napi::CallbackInfo& info) { return Napi::Number::New(info.Env(), mjk_table_seat(table_)); }
  // mask() -> Uint8Array(MJK_ACTIONS): 1 for each legal action of the acting seat (none once the game is over).
  Napi::Value Mask(const Napi::CallbackInfo& info) {
    Napi::Uint8Array mask = Napi::Uint8Array::New(info.Env(), MJK_ACTIONS);
    if (const int seat = mjk_table_seat(table_); seat >= 0) mjk_table_legal_mask(table_, seat, mask.Data());
    return mask;
  }
  // step(action) -> the payments of the rounds it ended (one number a seat), or throws.
  Napi::Value Step(const Napi::CallbackInfo& info) {
    const Napi::Env env = info.Env();
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
    return array_of(env, deltas.data(), s.players);
  }
  Napi::Value State(const Napi::CallbackInfo& info) {
    const Napi::Env env = info.Env();
    mjk_table_state s{};
    mjk_table_get_state(table_, &s);
    Napi::Object o = Napi::Object::New(env);
    o.Set("phase", s.phase);
    o.Set("players", s.players);
    o.Set("actors", s.actors);
    o.Set("seat", mjk_table_seat(table_));
    o.Set("turn", s.turn);
    o.Set("roundWind", s.round_wind);
    o.Set("kyoku", s.kyoku);
    o.Set("dealer", s.dealer);
    o.Set("honba", s.honba);
    o.Set("sticks", s.sticks);
    o.Set("tilesLeft", s.tiles_left);
    o.Set("scores", array_of(env, s.scores, s.players));
    o.Set("riichi", array_of(env, s.riichi, s.players));
    o.Set("placements", array_of(env, s.placements, s.players));
    o.Set("doraIndicators", array_of(env, s.dora, s.dora_count));
    o.Set("done", s.done != 0);
    o.Set("seed", Napi::BigInt::New(env, static_cast<std::uint64_t>(s.seed)));
    o.Set("game", s.game);
    return o;
  }
  // events(viewer) -> the mjai lines, each ending in '\n'.
  Napi::Value Events(const Napi::CallbackInfo& info) {
    const int viewer = info[0].IsNumber() ? info[0].As<Napi::Number>().Int32Value() : -1;
    std::string out;
    const int code = mjk::bind::grown(out, 1 << 14, [&](char* buf, std::size_t cap, std::size_t* needed) {
      return mjk_table_events(table_, viewer, 0, buf, cap, needed);
    });
    if (code == MJK_ERR_INVALID_ARGUMENT)
      throw Napi::RangeError::New(info.Env(), "viewer must be -1 (every tile) or a seat of the table");
    if (code != MJK_OK) throw Napi::Error::New(info.Env(), mjk_error_message(code));
    return Napi::String::New(info.Env(), out);
  }
  // record(format): 0 mjai, 1 tenhou6, 2 mjlog (mjk_table_record).
  Napi::Value Record(const Napi::CallbackInfo& info) {
    const int format = info[0].As<Napi::Number>().Int32Value();
    std::string out;
    mjk_table_error error{};
    if (mjk::bind::grown(out, 1 << 14, [&](char* buf, std::size_t cap, std::size_t* needed) {
          return mjk_table_record(table_, format, buf, cap, needed, &error);
        }) != MJK_OK)
      throw Napi::Error::New(info.Env(), error.message);
    return Napi::String::New(info.Env(), out);
  }

  mjk_table* table_ = nullptr;
  std::string rules_;
  int length_ = MJK_LENGTH_RULES;
};

// rulesPreset(name) -> the preset's player count, or a RangeError naming the presets.
Napi::Value Preset(const Napi::CallbackInfo& info) {
  int players = 0, length = 0;
  mjk_table_error error{};
  if (mjk_rules_preset(info[0].As<Napi::String>().Utf8Value().c_str(), &players, &length, &error) != MJK_OK)
    throw Napi::RangeError::New(info.Env(), error.message);
  return Napi::Number::New(info.Env(), players);
}

// actionName(id): an integer 0..123 (1.5, NaN, Infinity and 2**32 were read as
// other ids: Int32Value truncates and wraps), checked as step's action is.
Napi::Value ActionName(const Napi::CallbackInfo& info) {
  char name[32];
  const double id = info[0].IsNumber() ? info[0].As<Napi::Number>().DoubleValue() : -1;
  if (!(id >= 0 && id < MJK_ACTIONS) || id != static_cast<double>(static_cast<int>(id)) ||
      mjk_action_name(static_cast<int>(id), name, sizeof name) != MJK_OK)
    throw Napi::RangeError::New(info.Env(), "actionName(id): action ids are 0..123");
  return Napi::String::New(info.Env(), name);
}

}  // namespace

void mjk_node_table_init(Napi::Env env, Napi::Object exports) {
  exports.Set("NativeTable", NativeTable::Define(env));
  exports.Set("actionName", Napi::Function::New(env, ActionName));
  exports.Set("rulesPreset", Napi::Function::New(env, Preset));
}
