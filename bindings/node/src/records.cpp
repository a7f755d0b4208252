// Game records in the Node addon: a thin door onto mjk::records (read,
// replay with every check, review every discard), as index.js's readLog and
// corpusStats use it. index.js checks the arguments, makes the errors
// (RecordError) and the per-discard objects; this file re-checks the types
// and fills the typed-array columns the objects are made from.
#include <napi.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "mjk/corpus.hpp"
#include "mjk/records.hpp"
#include "mjk/replay.hpp"
#include "mjk/review.hpp"
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

// A typed array of n elements (n x 34 when `row`) for one column.
template <class T>
struct Column {
  Napi::TypedArrayOf<T> array;
  T* data;
  Column(const Napi::Env& env, std::size_t n, std::size_t width = 1)
      : array(Napi::TypedArrayOf<T>::New(env, n * width)), data(array.Data()) {}
};

Napi::Object read_error_object(const Napi::Env& env, const ReadError& e) {
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

// The read options from (path, maxBytes): index.js checks maxBytes (a
// positive safe integer); this re-checks the type.
ReadOptions read_options(const Napi::CallbackInfo& info, const char* name) {
  ReadOptions o;
  if (info.Length() >= 2 && !info[1].IsUndefined()) {
    if (!info[1].IsNumber()) throw Napi::TypeError::New(info.Env(), std::string(name) + ": maxBytes must be a number");
    const double n = info[1].As<Napi::Number>().DoubleValue();
    if (!(n >= 1 && n <= 9007199254740991.0))
      throw Napi::RangeError::New(info.Env(), std::string(name) + ": maxBytes must be a positive integer");
    o.max_bytes = static_cast<std::uint64_t>(n);
  }
  return o;
}

// readLog(path, maxBytes) -> {file, format, players, rounds, columns, disagreements,
// error, summaryJson} or, for a record that cannot be read, {readError: {file, offset,
// line, column, what, message}}. `columns`: one typed array per field of a
// discard, rows of 34 counts for the tiles; index.js makes the objects from
// them (JavaScript makes objects far faster than Node-API calls do).
Napi::Value ReadLog(const Napi::CallbackInfo& info) {
  const Napi::Env env = info.Env();
  if (info.Length() < 1 || info.Length() > 2 || !info[0].IsString())
    throw Napi::TypeError::New(env, "readLog(path): path must be a string");
  const std::string path = info[0].As<Napi::String>();
  // The library's one review pipeline (mjk/review.hpp), as `mjk log` and the
  // C ABI run it; running out of memory is the record's read error.
  const GameReview rv = review_record_file(path, read_options(info, "readLog"));
  if (rv.read_error) return read_error_object(env, *rv.read_error);
  const Game& g = rv.game;
  const Replay& r = rv.replay;

  const std::size_t n = r.decisions.size();
  Column<std::uint8_t> hand(env, n, k34), visible(env, n, k34), melds(env, n, k34), dora(env, n, k34), best(env, n, k34);
  Column<std::uint8_t> seat(env, n), seat_wind(env, n), discard(env, n), discard_red(env, n), riichi(env, n),
      reviewed(env, n), ukeire(env, n), best_ukeire(env, n);
  Column<std::int8_t> shanten(env, n), shanten_after(env, n), best_shanten(env, n);
  Column<std::uint16_t> round_index(env, n), turn(env, n);
  Column<std::uint32_t> event(env, n);
  for (std::size_t i = 0; i < n; ++i) {
    const Decision& d = r.decisions[i];
    std::uint8_t* own = melds.data + i * k34;
    std::uint8_t* ind = dora.data + i * k34;
    for (std::size_t k = 0; k < k34; ++k) {
      const mjk::Tile t(static_cast<int>(k));
      hand.data[i * k34 + k] = static_cast<std::uint8_t>(d.hand.count(t));
      best.data[i * k34 + k] = d.reviewed && d.best.contains(t);
      own[k] = 0;
      ind[k] = 0;
    }
    for (std::size_t m = 0; m < d.meld_count; ++m) {
      const mjk::Meld& meld = d.melds[m];
      for (int k = 0; k < meld.size(); ++k)
        ++own[static_cast<std::size_t>(meld.type == mjk::MeldType::chi ? meld.tile.kind() + k : meld.tile.kind())];
    }
    for (const RecordTile t : d.dora) ++ind[static_cast<std::size_t>(t.tile.kind())];
    std::copy(d.visible.begin(), d.visible.end(), visible.data + i * k34);
    seat.data[i] = d.seat;
    seat_wind.data[i] = d.seat_wind;
    discard.data[i] = static_cast<std::uint8_t>(d.discard.tile.kind());
    discard_red.data[i] = d.discard.red;
    riichi.data[i] = d.riichi;
    reviewed.data[i] = d.reviewed;
    // Not reviewed: zeros here, null in the objects (as `mjk log --json` prints).
    shanten.data[i] = d.reviewed ? d.shanten : 0;
    shanten_after.data[i] = d.reviewed ? d.shanten_after : 0;
    best_shanten.data[i] = d.reviewed ? d.best_shanten : 0;
    ukeire.data[i] = d.reviewed ? d.ukeire : 0;
    best_ukeire.data[i] = d.reviewed ? d.best_ukeire : 0;
    round_index.data[i] = d.round_index;
    turn.data[i] = d.turn;
    event.data[i] = d.event;
  }
  Napi::Object columns = Napi::Object::New(env);
  columns.Set("hand", hand.array), columns.Set("visible", visible.array), columns.Set("melds", melds.array);
  columns.Set("dora", dora.array), columns.Set("best", best.array);
  columns.Set("seat", seat.array), columns.Set("seatWind", seat_wind.array), columns.Set("discard", discard.array);
  columns.Set("discardRed", discard_red.array), columns.Set("riichi", riichi.array), columns.Set("reviewed", reviewed.array);
  columns.Set("shanten", shanten.array), columns.Set("shantenAfter", shanten_after.array);
  columns.Set("bestShanten", best_shanten.array), columns.Set("ukeire", ukeire.array);
  columns.Set("bestUkeire", best_ukeire.array), columns.Set("roundIndex", round_index.array);
  columns.Set("turn", turn.array), columns.Set("event", event.array);

  Napi::Object o = Napi::Object::New(env);
  o.Set("file", g.file);
  o.Set("format", std::string(format_name(g.format)));
  o.Set("players", Napi::Number::New(env, g.rules.seats()));
  Napi::Array rounds = Napi::Array::New(env, g.rounds.size());
  for (std::size_t i = 0; i < g.rounds.size(); ++i) rounds.Set(static_cast<std::uint32_t>(i), round_label(g.rounds[i]));
  o.Set("rounds", rounds);
  o.Set("columns", columns);
  Napi::Array dis = Napi::Array::New(env, r.disagreements.size());
  for (std::size_t i = 0; i < r.disagreements.size(); ++i)
    dis.Set(static_cast<std::uint32_t>(i), disagreement_object(env, r.disagreements[i]));
  o.Set("disagreements", dis);
  o.Set("error", r.error ? Napi::Value(disagreement_object(env, *r.error)) : env.Null());
  // Names, rounds (wins, draws), final scores and places: index.js parses the library's JSON.
  o.Set("summaryJson", review_json(rv, false));
  return o;
}

// corpusJson([files...], maxBytes) -> the text of the object `mjk log --stats --json`
// prints for these files (one thread; index.js walks directories and parses it).
Napi::Value CorpusJson(const Napi::CallbackInfo& info) {
  const Napi::Env env = info.Env();
  if (info.Length() < 1 || info.Length() > 2 || !info[0].IsArray())
    throw Napi::TypeError::New(env, "corpusJson(paths): paths must be an Array");
  const Napi::Array list = info[0].As<Napi::Array>();
  std::vector<std::string> paths;
  paths.reserve(list.Length());
  for (std::uint32_t i = 0; i < list.Length(); ++i) {
    const Napi::Value v = list.Get(i);
    if (!v.IsString()) throw Napi::TypeError::New(env, "corpusJson: paths[" + std::to_string(i) + "] must be a string");
    paths.push_back(v.As<Napi::String>());
  }
  CorpusStats stats = corpus_stats(paths, read_options(info, "corpusJson"));
  stats.sort();
  return Napi::String::New(env, corpus_json(stats));
}

}  // namespace

void mjk_node_records_init(Napi::Env env, Napi::Object exports) {
  exports.Set("readLog", Napi::Function::New(env, ReadLog));
  exports.Set("corpusJson", Napi::Function::New(env, CorpusJson));
  exports.Set("defaultMaxRecordBytes", Napi::Number::New(env, static_cast<double>(default_max_record_bytes)));
}
