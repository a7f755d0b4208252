// Game records in the Node addon: a thin door onto the library's review
// (read, replay with every check, review every discard; readLog through the
// C ABI's mjk_review_record_rows), as index.js's readLog and corpusStats use
// it. index.js checks the arguments, makes the errors (RecordError) and the
// per-discard objects; this file re-checks the types and fills the
// typed-array columns the objects are made from.
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
#include "../../common/mjk_review.hpp"
#include "records.hpp"

namespace {

using namespace mjk::records;
constexpr std::size_t k34 = mjk::kind_count;

// Adds "message": "FILE ROUND event N: WHAT", as the library's Disagreement::message() writes it.
Napi::Object with_message(Napi::Object d, const char* what_key) {
  const std::string message = d.Get("file").ToString().Utf8Value() + " " + d.Get("round").ToString().Utf8Value() +
                              " event " + d.Get("event").ToString().Utf8Value() + ": " +
                              d.Get(what_key).ToString().Utf8Value();
  d.Set("message", message);
  return d;
}

// A typed array of n elements (n x 34 when `row`) for one column.
template <class T>
struct Column {
  Napi::TypedArrayOf<T> array;
  T* data;
  Column(const Napi::Env& env, std::size_t n, std::size_t width = 1)
      : array(Napi::TypedArrayOf<T>::New(env, n * width)), data(array.Data()) {}
};

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
  if (path.find('\0') != std::string::npos) throw Napi::TypeError::New(env, "readLog(path): path holds a NUL byte");
  // The library's one review pipeline, through the C ABI (mjk_review_record_rows),
  // as `mjk log` runs it; running out of memory is the record's read error.
  const mjk::bind::Review rv = mjk::bind::review_rows(path, read_options(info, "readLog").max_bytes);
  if (rv.status != MJK_OK && rv.status != MJK_ERR_RECORD_UNREADABLE)
    throw Napi::Error::New(env, "readLog: " + path + ": " + mjk_error_message(rv.status));
  const Napi::Function parse = env.Global().Get("JSON").As<Napi::Object>().Get("parse").As<Napi::Function>();
  const Napi::Object summary = parse.Call({Napi::String::New(env, rv.json)}).As<Napi::Object>();
  if (rv.status == MJK_ERR_RECORD_UNREADABLE) {
    Napi::Object err = Napi::Object::New(env);
    for (const char* key : {"file", "offset", "line", "column", "what"}) err.Set(key, summary.Get(key));
    err.Set("message", summary.Get("error"));
    Napi::Object o = Napi::Object::New(env);
    o.Set("readError", err);
    return o;
  }

  const std::size_t n = rv.rows.size();
  Column<std::uint8_t> hand(env, n, k34), visible(env, n, k34), melds(env, n, k34), dora(env, n, k34),
      best(env, n, k34);
  Column<std::uint8_t> hand_red(env, n, 3), visible_red(env, n, 3);
  Column<std::uint8_t> seat(env, n), seat_wind(env, n), discard(env, n), discard_red(env, n), riichi(env, n),
      reviewed(env, n), ukeire(env, n), best_ukeire(env, n);
  Column<std::int8_t> shanten(env, n), shanten_after(env, n), best_shanten(env, n);
  Column<std::uint16_t> round_index(env, n), turn(env, n);
  Column<std::uint32_t> event(env, n);
  for (std::size_t i = 0; i < n; ++i) {
    const mjk_review_row& d = rv.rows[i];
    std::copy_n(d.hand, k34, hand.data + i * k34);
    std::copy_n(d.visible, k34, visible.data + i * k34);
    std::copy_n(d.melds, k34, melds.data + i * k34);
    std::copy_n(d.dora, k34, dora.data + i * k34);
    std::copy_n(d.best, k34, best.data + i * k34);
    std::copy_n(d.hand_red, 3, hand_red.data + i * 3);
    std::copy_n(d.visible_red, 3, visible_red.data + i * 3);
    seat.data[i] = d.seat;
    seat_wind.data[i] = d.seat_wind;
    discard.data[i] = d.discard;
    discard_red.data[i] = d.discard_red;
    riichi.data[i] = d.riichi;
    reviewed.data[i] = d.reviewed;
    // Not reviewed: zeros here, null in the objects (as `mjk log --json` prints).
    shanten.data[i] = d.reviewed ? d.shanten : 0;
    shanten_after.data[i] = d.reviewed ? d.shanten_after : 0;
    best_shanten.data[i] = d.reviewed ? d.best_shanten : 0;
    ukeire.data[i] = d.reviewed ? d.ukeire : 0;
    best_ukeire.data[i] = d.reviewed ? d.best_ukeire : 0;
    round_index.data[i] = d.round;
    turn.data[i] = d.turn;
    event.data[i] = d.event;
  }
  Napi::Object columns = Napi::Object::New(env);
  columns.Set("hand", hand.array), columns.Set("visible", visible.array), columns.Set("melds", melds.array);
  columns.Set("dora", dora.array), columns.Set("best", best.array);
  columns.Set("handRed", hand_red.array), columns.Set("visibleRed", visible_red.array);
  columns.Set("seat", seat.array), columns.Set("seatWind", seat_wind.array), columns.Set("discard", discard.array);
  columns.Set("discardRed", discard_red.array), columns.Set("riichi", riichi.array),
      columns.Set("reviewed", reviewed.array);
  columns.Set("shanten", shanten.array), columns.Set("shantenAfter", shanten_after.array);
  columns.Set("bestShanten", best_shanten.array), columns.Set("ukeire", ukeire.array);
  columns.Set("bestUkeire", best_ukeire.array), columns.Set("roundIndex", round_index.array);
  columns.Set("turn", turn.array), columns.Set("event", event.array);

  Napi::Object o = Napi::Object::New(env);
  o.Set("file", summary.Get("file"));
  o.Set("format", summary.Get("format"));
  o.Set("players", summary.Get("players"));
  const Napi::Array round_info = summary.Get("rounds").As<Napi::Array>();
  Napi::Array rounds = Napi::Array::New(env, round_info.Length());
  for (std::uint32_t i = 0; i < round_info.Length(); ++i)
    rounds.Set(i, round_info.Get(i).As<Napi::Object>().Get("label"));
  o.Set("rounds", rounds);
  o.Set("columns", columns);
  // Each {file, round, event, what}, and its message as the library writes it.
  const Napi::Array dis = summary.Get("disagreements").As<Napi::Array>();
  for (std::uint32_t i = 0; i < dis.Length(); ++i) with_message(dis.Get(i).As<Napi::Object>(), "what");
  o.Set("disagreements", dis);
  // The replay's error: {file, round, event, error} in the JSON, keyed as a disagreement.
  const Napi::Value error = summary.Get("error");
  if (error.IsNull()) {
    o.Set("error", env.Null());
  } else {
    const Napi::Object e = error.As<Napi::Object>();
    Napi::Object as_disagreement = Napi::Object::New(env);
    for (const char* key : {"file", "round", "event"}) as_disagreement.Set(key, e.Get(key));
    as_disagreement.Set("what", e.Get("error"));
    o.Set("error", with_message(as_disagreement, "what"));
  }
  // Names, rounds (wins, draws), final scores and places: index.js parses the library's JSON.
  o.Set("summaryJson", rv.json);
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
