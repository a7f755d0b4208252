// Game records in the Node addon: a thin door onto mjk::records (read,
// replay with every check, review every discard), as index.js's readLog and
// corpusStats use it. index.js checks the arguments and makes the errors
// (RecordError); this file re-checks the types and builds the objects.
#include <napi.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "mjk/corpus.hpp"
#include "mjk/records.hpp"
#include "mjk/replay.hpp"
#include "records.hpp"

namespace {

using namespace mjk::records;
constexpr std::size_t k34 = mjk::kind_count;

Napi::Object disagreement_object(const Napi::Env& env, const Disagreement& d) {
  Napi::Object o = Napi::Object::New(env);
  o.Set("file", d.file);
  o.Set("round", d.round);
  o.Set("event", Napi::Number::New(env, d.event));
  o.Set("what", d.what);
  o.Set("message", d.message());
  return o;
}

// One ArrayBuffer of n rows of 34 counts per field; each decision gets a
// Uint8Array(34) view of its row, so the whole n x 34 matrix is one
// `new Uint8Array(decision.hand.buffer)` away (one allocation, not n).
struct Rows {
  Napi::ArrayBuffer buffer;
  std::uint8_t* data;
  Rows(const Napi::Env& env, std::size_t n)
      : buffer(Napi::ArrayBuffer::New(env, n * k34)), data(static_cast<std::uint8_t*>(buffer.Data())) {}
  std::uint8_t* row(std::size_t i) const { return data + i * k34; }
  Napi::Uint8Array view(const Napi::Env& env, std::size_t i) const {
    return Napi::Uint8Array::New(env, k34, buffer, i * k34);
  }
};

// readLog(path) -> {file, format, players, rounds, decisions, disagreements,
// error} or, for a record that cannot be read, {readError: {file, offset,
// line, column, what, message}}.
Napi::Value ReadLog(const Napi::CallbackInfo& info) {
  const Napi::Env env = info.Env();
  if (info.Length() != 1 || !info[0].IsString()) throw Napi::TypeError::New(env, "readLog(path): path must be a string");
  const std::string path = info[0].As<Napi::String>();
  const ReadResult read = read_record_file(path);
  if (!read.ok()) {
    const ReadError& e = *read.error;
    Napi::Object err = Napi::Object::New(env);
    err.Set("file", e.file);
    err.Set("offset", Napi::Number::New(env, static_cast<double>(e.offset)));
    err.Set("line", Napi::Number::New(env, e.line));
    err.Set("column", Napi::Number::New(env, e.column));
    err.Set("what", e.what);
    err.Set("message", e.message());
    Napi::Object o = Napi::Object::New(env);
    o.Set("readError", err);
    return o;
  }
  const Game& g = read.game;
  ReplayOptions options;
  options.decisions = true;
  Replay r = replay(g, options);
  review(r.decisions, g.rules.players);

  const std::size_t n = r.decisions.size();
  const Rows hand(env, n), visible(env, n), melds(env, n), dora(env, n);
  Napi::Array decisions = Napi::Array::New(env, n);
  for (std::size_t i = 0; i < n; ++i) {
    const Decision& d = r.decisions[i];
    std::uint8_t* h = hand.row(i);
    std::uint8_t* own = melds.row(i);
    std::uint8_t* ind = dora.row(i);
    for (std::size_t k = 0; k < k34; ++k) {
      h[k] = static_cast<std::uint8_t>(d.hand.count(mjk::Tile(static_cast<int>(k))));
      own[k] = 0;
      ind[k] = 0;
    }
    for (std::size_t m = 0; m < d.meld_count; ++m) {
      const mjk::Meld& meld = d.melds[m];
      for (int k = 0; k < meld.size(); ++k)
        ++own[static_cast<std::size_t>(meld.type == mjk::MeldType::chi ? meld.tile.kind() + k : meld.tile.kind())];
    }
    for (const RecordTile t : d.dora) ++ind[static_cast<std::size_t>(t.tile.kind())];
    std::copy(d.visible.begin(), d.visible.end(), visible.row(i));

    Napi::Object o = Napi::Object::New(env);
    o.Set("round", d.round);
    o.Set("roundIndex", Napi::Number::New(env, d.round_index));
    o.Set("seat", Napi::Number::New(env, d.seat));
    o.Set("seatWind", Napi::Number::New(env, d.seat_wind));
    o.Set("turn", Napi::Number::New(env, d.turn));
    o.Set("event", Napi::Number::New(env, d.event));
    o.Set("hand", hand.view(env, i));
    o.Set("visible", visible.view(env, i));
    o.Set("melds", melds.view(env, i));
    o.Set("dora", dora.view(env, i));
    o.Set("discard", Napi::Number::New(env, d.discard.tile.kind()));
    o.Set("discardRed", Napi::Boolean::New(env, d.discard.red));
    o.Set("riichi", Napi::Boolean::New(env, d.riichi));
    o.Set("reviewed", Napi::Boolean::New(env, d.reviewed));
    // Not reviewed (the kernel could not analyse the hand): null, as `mjk log --json` prints.
    const auto number_or_null = [&](int v) -> Napi::Value {
      return d.reviewed ? Napi::Value(Napi::Number::New(env, v)) : env.Null();
    };
    o.Set("shanten", number_or_null(d.shanten));
    o.Set("shantenAfter", number_or_null(d.shanten_after));
    o.Set("bestShanten", number_or_null(d.best_shanten));
    o.Set("ukeire", number_or_null(d.ukeire));
    o.Set("bestUkeire", number_or_null(d.best_ukeire));
    if (d.reviewed) {
      Napi::Array best = Napi::Array::New(env, static_cast<std::size_t>(d.best.size()));
      std::uint32_t b = 0;
      for (const mjk::Tile t : d.best) best.Set(b++, Napi::Number::New(env, t.kind()));
      o.Set("best", best);
    } else {
      o.Set("best", env.Null());
    }
    decisions.Set(static_cast<std::uint32_t>(i), o);
  }

  Napi::Object o = Napi::Object::New(env);
  o.Set("file", g.file);
  o.Set("format", std::string(format_name(g.format)));
  o.Set("players", Napi::Number::New(env, g.rules.seats()));
  Napi::Array rounds = Napi::Array::New(env, g.rounds.size());
  for (std::size_t i = 0; i < g.rounds.size(); ++i) rounds.Set(static_cast<std::uint32_t>(i), round_label(g.rounds[i]));
  o.Set("rounds", rounds);
  o.Set("decisions", decisions);
  Napi::Array dis = Napi::Array::New(env, r.disagreements.size());
  for (std::size_t i = 0; i < r.disagreements.size(); ++i)
    dis.Set(static_cast<std::uint32_t>(i), disagreement_object(env, r.disagreements[i]));
  o.Set("disagreements", dis);
  o.Set("error", r.error ? Napi::Value(disagreement_object(env, *r.error)) : env.Null());
  return o;
}

// corpusJson([files...]) -> the text of the object `mjk log --stats --json`
// prints for these files (one thread; index.js walks directories and parses it).
Napi::Value CorpusJson(const Napi::CallbackInfo& info) {
  const Napi::Env env = info.Env();
  if (info.Length() != 1 || !info[0].IsArray()) throw Napi::TypeError::New(env, "corpusJson(paths): paths must be an Array");
  const Napi::Array list = info[0].As<Napi::Array>();
  std::vector<std::string> paths;
  paths.reserve(list.Length());
  for (std::uint32_t i = 0; i < list.Length(); ++i) {
    const Napi::Value v = list.Get(i);
    if (!v.IsString()) throw Napi::TypeError::New(env, "corpusJson: paths[" + std::to_string(i) + "] must be a string");
    paths.push_back(v.As<Napi::String>());
  }
  CorpusStats stats = corpus_stats(paths);
  stats.sort();
  return Napi::String::New(env, corpus_json(stats));
}

}  // namespace

void mjk_node_records_init(Napi::Env env, Napi::Object exports) {
  exports.Set("readLog", Napi::Function::New(env, ReadLog));
  exports.Set("corpusJson", Napi::Function::New(env, CorpusJson));
}
