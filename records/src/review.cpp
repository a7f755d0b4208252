#include "mjk/review.hpp"

#include <algorithm>
#include <memory>
#include <new>
#include <numeric>
#include <span>
#include <string_view>

#include "mjk/hand.hpp"
#include "mjk/json.hpp"
#include "mjk/report.hpp"

namespace mjk::records {

std::array<std::int32_t, 4> GameReview::final_scores() const {
  std::array<std::int32_t, 4> s{};
  if (game.rounds.empty()) return s;
  const Round& last = game.rounds.back();
  s = last.scores;
  for (const Win& w : last.wins)
    for (std::size_t i = 0; i < 4; ++i) s[i] += w.deltas[i];
  if (last.draw)
    for (std::size_t i = 0; i < 4; ++i) s[i] += last.draw->deltas[i];
  // The payments leave out the riichi sticks put on the table.
  for (const Event& e : last.events)
    if (e.kind == EventKind::riichi_accepted && e.seat < 4) s[e.seat] -= 1000;
  return s;
}

std::array<std::uint8_t, 4> places(const std::array<std::int32_t, 4>& scores, int seats) {
  std::array<int, 4> order{0, 1, 2, 3};
  const auto n = static_cast<std::size_t>(std::clamp(seats, 0, 4));
  std::stable_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(n), [&](int a, int b) {
    return scores[static_cast<std::size_t>(a)] > scores[static_cast<std::size_t>(b)];
  });
  std::array<std::uint8_t, 4> place{};
  for (std::size_t i = 0; i < n; ++i) place[static_cast<std::size_t>(order[i])] = static_cast<std::uint8_t>(i + 1);
  return place;
}

namespace {

GameReview unreadable(std::string file, std::string what) {
  GameReview out;
  out.read_error = ReadError{std::move(file), 0, 0, 0, std::move(what)};
  return out;
}

GameReview reviewed(ReadResult read, const std::string& file) {
  GameReview out;
  if (!read.ok() && !read.rule_broken) {
    out.read_error = std::move(read.error);
    return out;
  }
  out.game = std::move(read.game);
  try {
    ReplayOptions options;
    options.decisions = true;
    out.replay = replay(out.game, options);
    // A reader that follows the tiles stopped at a rule broken, the game up
    // to there handed on: its place is the replay's error, as where the
    // replay finds the rule broken itself (the discards before it
    // reviewed), unless the replay stopped earlier at one of its own.
    if (read.rule_broken && !out.replay.error) out.replay.error = std::move(read.rule_broken);
    review(out.replay.decisions, out.game.rules.players);
  } catch (const std::bad_alloc&) {
    return unreadable(file, "out of memory while replaying the record");
  }
  return out;
}

// ---- the lines of `mjk log --json` (their spacing is that output's) ----

// What `write` writes, spaced as `mjk log --json` prints it (json::spaced).
// Written once into a buffer of `guess` bytes (not zeroed: the lines of a
// corpus are megabytes), again only when that is too small: a decision's
// strings (hand, visible) are built as it is written, so json_string's
// counting pass would build them twice.
template <class Write>
std::string spaced_json(std::size_t guess, Write&& write) {
  auto compact = std::make_unique_for_overwrite<char[]>(guess);
  JsonWriter first(std::span<char>(compact.get(), guess));
  write(first);
  if (first.size() > guess) {
    compact = std::make_unique_for_overwrite<char[]>(first.size());
    JsonWriter again(std::span<char>(compact.get(), first.size()));
    write(again);
  }
  return json::spaced(std::string_view(compact.get(), first.size()));
}

// Bytes of a decision's line, nearly always enough (melds and long names make more).
constexpr std::size_t decision_bytes = 384;

// Counts as mpsz, the red fives among the fives written 0 where the five is
// (as the hand is written), so a reader of `visible` knows which are gone.
std::string counts_mpsz(const std::array<std::uint8_t, kind_count>& counts, const std::array<std::uint8_t, 3>& red) {
  Hand tiles;  // a holder of counts for the one mpsz writer (more than 14 tiles is fine here)
  for (int k = 0; k < kind_count; ++k) tiles.add(Tile(k), counts[static_cast<std::size_t>(k)]);
  tiles.red_fives = red;
  return to_mpsz(tiles);
}

void write_meld(JsonWriter& j, const Meld& m) {
  static constexpr std::array<std::string_view, 5> types = {"chi", "pon", "minkan", "ankan", "kakan"};
  std::array<char, 5> tiles{};  // mpsz: up to four digits and the suit
  std::size_t n = 0;
  const int kind = m.tile.kind();
  int red = m.red;
  for (int k = 0; k < m.size() && n + 1 < tiles.size(); ++k) {
    const int kk = m.type == MeldType::chi ? kind + k : kind;
    const bool is_red = red > 0 && kk < 27 && kk % 9 == 4;
    if (is_red) --red;
    tiles[n++] = static_cast<char>(is_red ? '0' : '1' + kk % 9);
  }
  tiles[n++] = "mpsz"[kind / 9];
  j.begin_object().key("type").string(types[static_cast<std::size_t>(m.type)]);
  j.key("tiles").string(std::string_view(tiles.data(), n));
  if (m.type != MeldType::ankan)
    j.key("from").string(m.from == Relative::kamicha ? "kamicha" : m.from == Relative::toimen ? "toimen" : "shimocha");
  j.end_object();
}

void write_decision(JsonWriter& j, const Game& g, const Decision& d) {
  const std::string player = std::to_string(d.seat_wind + 1) + "z";  // the seat wind as an honour tile
  j.begin_object().key("file").string(g.file).key("round").string(d.round);
  j.key("player").string(player).key("turn").number(d.turn);
  j.key("hand").string(to_mpsz(d.hand)).key("melds").begin_array();
  for (std::size_t m = 0; m < d.meld_count; ++m) write_meld(j, d.melds[m]);
  j.end_array();
  // mpsz for the indicators: tile_text writes digit+suit per tile, which parses as mpsz.
  std::string dora;
  for (const RecordTile t : d.dora) dora += tile_text(t);
  j.key("dora").string(dora).key("visible").string(counts_mpsz(d.visible, d.visible_red));
  j.key("discard").string(tile_text(d.discard)).key("riichi").boolean(d.riichi);
  if (d.reviewed) {
    j.key("shanten").number(d.shanten).key("shanten_after").number(d.shanten_after).key("ukeire").number(d.ukeire);
    j.key("best").tiles(d.best).key("best_ukeire").number(d.best_ukeire);
  } else {
    j.key("shanten").null().key("shanten_after").null().key("ukeire").null().key("best").null();
    j.key("best_ukeire").null();
  }
  j.end_object();
}

// A place in a record and what happened there: a disagreement names it
// "what", the replay's error "error".
void write_place(JsonWriter& j, const Disagreement& d, std::string_view what_key) {
  j.begin_object().key("file").string(d.file).key("round").string(d.round).key("event").number(d.event);
  j.key(what_key).string(d.what).end_object();
}

void write_read_error(JsonWriter& j, const ReadError& e) {
  j.begin_object().key("file").string(e.file).key("error").string(e.message()).end_object();
}

// One object spaced, for the review's object, which holds them as the lines print them.
std::string decision_json(const Game& g, const Decision& d) {
  return spaced_json(decision_bytes, [&](JsonWriter& j) { write_decision(j, g, d); });
}
std::string place_json(const Disagreement& d, std::string_view what_key) {
  return spaced_json(decision_bytes, [&](JsonWriter& j) { write_place(j, d, what_key); });
}

// ---- the whole review as one object ----

void write_seats(JsonWriter& j, const std::array<std::int32_t, 4>& v, int seats) {
  j.begin_array();
  for (int s = 0; s < seats; ++s) j.number(static_cast<long long>(v[static_cast<std::size_t>(s)]));
  j.end_array();
}

void write_win(JsonWriter& j, const Win& w, int seats) {
  j.begin_object();
  j.key("winner").number(w.seat).key("from").number(w.from).key("tsumo").boolean(w.tsumo());
  if (w.pao >= 0) j.key("pao").number(w.pao);
  if (w.detailed) {
    j.key("han").number(w.han).key("fu").number(w.fu).key("yakuman").number(w.yakuman).key("points").number(w.points);
  } else {
    j.key("han").null().key("fu").null().key("yakuman").null().key("points").null();
  }
  j.key("yaku").begin_array();
  for (const StatedYaku& y : w.yaku) {
    j.begin_object().key("name").string(yaku_name(y.yaku)).key("han").number(y.han);
    if (y.yakuman) j.key("yakuman").number(y.yakuman);
    j.end_object();
  }
  j.end_array();
  j.key("payments");
  write_seats(j, w.deltas, seats);
  j.end_object();
}

void write_round(JsonWriter& j, const Round& r, int seats) {
  j.begin_object();
  j.key("label").string(round_label(r)).key("wind").number(r.wind).key("number").number(r.dealer + 1);
  j.key("dealer").number(r.dealer).key("honba").number(r.honba).key("sticks").number(r.sticks);
  j.key("scores");
  write_seats(j, r.scores, seats);
  j.key("riichi").begin_array();  // the seats whose riichi was accepted (each put a 1000 stick down)
  for (const Event& e : r.events)
    if (e.kind == EventKind::riichi_accepted) j.number(e.seat);
  j.end_array();
  j.key("wins").begin_array();
  for (const Win& w : r.wins) write_win(j, w, seats);
  j.end_array();
  j.key("draw");
  if (r.draw) {
    // tenpai: the seats shown tenpai (none where the record states only the payments, as tenhou.net/6 does).
    j.begin_object().key("kind").string(draw_kind_name(r.draw->kind)).key("tenpai").begin_array();
    for (int s = 0; s < seats; ++s)
      if (r.draw->tenpai[static_cast<std::size_t>(s)] == 1) j.number(s);
    j.end_array().key("payments");
    write_seats(j, r.draw->deltas, seats);
    j.end_object();
  } else {
    j.null();
  }
  j.end_object();
}

void write_review(JsonWriter& j, const GameReview& rv, bool decisions) {
  j.begin_object();
  if (rv.read_error) {
    j.key("file").string(rv.read_error->file).key("error").string(rv.read_error->message()).end_object();
    return;
  }
  const Game& g = rv.game;
  const int seats = g.rules.seats();
  j.key("file").string(g.file).key("format").string(format_name(g.format)).key("players").number(seats);
  j.key("names").begin_array();
  for (int s = 0; s < seats; ++s) j.string(g.names[static_cast<std::size_t>(s)]);
  j.end_array();
  j.key("rounds").begin_array();
  for (const Round& r : g.rounds) write_round(j, r, seats);
  j.end_array();
  const auto final_scores = rv.final_scores();
  j.key("final_scores");
  write_seats(j, final_scores, seats);
  const auto place = places(final_scores, seats);
  j.key("places").begin_array();
  for (int s = 0; s < seats; ++s) j.number(place[static_cast<std::size_t>(s)]);
  j.end_array();
  if (decisions) {
    j.key("decisions").begin_array();
    // raw() writes no separator: the commas are written here.
    for (std::size_t i = 0; i < rv.replay.decisions.size(); ++i)
      j.raw(i ? "," : "").raw(decision_json(g, rv.replay.decisions[i]));
    j.end_array();
  }
  j.key("disagreements").begin_array();
  for (std::size_t i = 0; i < rv.replay.disagreements.size(); ++i)
    j.raw(i ? "," : "").raw(place_json(rv.replay.disagreements[i], "what"));
  j.end_array();
  // Last: raw() writes no separator, so after key() and raw() the writer
  // still stands after a key, and would leave out the comma of a member after it.
  j.key("error");
  if (rv.replay.error) j.raw(place_json(*rv.replay.error, "error"));
  else j.null();
  j.end_object();
}

}  // namespace

GameReview review_record_file(const std::string& path, const ReadOptions& options) {
  try {
    return reviewed(read_record_file(path, options), path);
  } catch (const std::bad_alloc&) {
    return unreadable(path, "out of memory while reading the record");
  }
}

GameReview review_record_bytes(std::string_view bytes, std::string name, const ReadOptions& options) {
  try {
    const std::string file = name;
    return reviewed(read_record(bytes, std::move(name), options), file);
  } catch (const std::bad_alloc&) {
    return unreadable({}, "out of memory while reading the record");
  }
}

std::string review_lines(const GameReview& rv) {
  const auto& decisions = rv.replay.decisions;
  const auto& disagreements = rv.replay.disagreements;
  // One text for the record's lines: at the top level the writer separates
  // nothing, so each value is followed by its newline alone.
  return spaced_json(decision_bytes * (decisions.size() + disagreements.size() + 1), [&](JsonWriter& j) {
    if (rv.read_error) {
      write_read_error(j, *rv.read_error);
      j.raw("\n");
      return;
    }
    for (const Decision& d : decisions) write_decision(j, rv.game, d), j.raw("\n");
    for (const Disagreement& d : disagreements) write_place(j, d, "what"), j.raw("\n");
    if (rv.replay.error) write_place(j, *rv.replay.error, "error"), j.raw("\n");
  });
}

std::string review_json(const GameReview& rv, bool decisions) {
  JsonWriter count(std::span<char>{});
  write_review(count, rv, decisions);
  std::string out(count.size(), '\0');
  JsonWriter json(std::span<char>(out.data(), out.size()));
  write_review(json, rv, decisions);
  return out;
}

}  // namespace mjk::records
