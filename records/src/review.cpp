#include "mjk/review.hpp"

#include <algorithm>
#include <new>
#include <numeric>

#include "mjk/hand.hpp"
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

// Counts as mpsz, the red fives among the fives written 0 where the five is
// (as the hand is written), so a reader of `visible` knows which are gone.
std::string counts_mpsz(const std::array<std::uint8_t, kind_count>& counts, const std::array<std::uint8_t, 3>& red) {
  Hand tiles;  // a holder of counts for the one mpsz writer (more than 14 tiles is fine here)
  for (int k = 0; k < kind_count; ++k) tiles.add(Tile(k), counts[static_cast<std::size_t>(k)]);
  tiles.red_fives = red;
  return to_mpsz(tiles);
}

std::string meld_json(const Meld& m) {
  static constexpr std::array<std::string_view, 5> types = {"chi", "pon", "minkan", "ankan", "kakan"};
  std::string tiles;
  const int kind = m.tile.kind();
  const char suit = "mpsz"[kind / 9];
  int red = m.red;
  for (int k = 0; k < m.size(); ++k) {
    const int kk = m.type == MeldType::chi ? kind + k : kind;
    const bool is_red = red > 0 && kk < 27 && kk % 9 == 4;
    if (is_red) --red;
    tiles += static_cast<char>(is_red ? '0' : '1' + kk % 9);
  }
  tiles += suit;
  std::string out =
      "{\"type\": \"" + std::string(types[static_cast<std::size_t>(m.type)]) + "\", \"tiles\": \"" + tiles + "\"";
  if (m.type != MeldType::ankan) {
    out += ", \"from\": ";
    out += m.from == Relative::kamicha ? "\"kamicha\"" : m.from == Relative::toimen ? "\"toimen\"" : "\"shimocha\"";
  }
  return out + "}";
}

std::string tiles_mpsz(TileMask m) {
  std::string out;
  for (const Tile t : m) {
    if (!out.empty()) out += ", ";
    out += "\"" + tile_name(t) + "\"";
  }
  return out;
}

std::string decision_json(const Game& g, const Decision& d) {
  std::string o = "{\"file\": ";
  append_json_string(o, g.file);
  o += ", \"round\": \"" + d.round + "\", \"player\": \"" + std::to_string(d.seat_wind + 1) +
       "z\", \"turn\": " + std::to_string(d.turn);
  o += ", \"hand\": \"" + to_mpsz(d.hand) + "\", \"melds\": [";
  for (std::size_t m = 0; m < d.meld_count; ++m) o += (m ? ", " : "") + meld_json(d.melds[m]);
  std::string dora;
  for (const RecordTile t : d.dora) dora += tile_text(t);
  // mpsz for the indicators: tile_text writes digit+suit per tile, which parses as mpsz.
  o += "], \"dora\": \"" + dora + "\", \"visible\": \"" + counts_mpsz(d.visible, d.visible_red) + "\"";
  o += ", \"discard\": \"" + tile_text(d.discard) + "\", \"riichi\": " + (d.riichi ? "true" : "false");
  if (d.reviewed) {
    o += ", \"shanten\": " + std::to_string(d.shanten) + ", \"shanten_after\": " + std::to_string(d.shanten_after) +
         ", \"ukeire\": " + std::to_string(d.ukeire) + ", \"best\": [" + tiles_mpsz(d.best) +
         "], \"best_ukeire\": " + std::to_string(d.best_ukeire);
  } else {
    o += ", \"shanten\": null, \"shanten_after\": null, \"ukeire\": null, \"best\": null, \"best_ukeire\": null";
  }
  return o + "}";
}

// A place in a record and what happened there: a disagreement names it
// "what", the replay's error "error".
std::string place_json(const Disagreement& d, std::string_view what_key) {
  std::string o = "{\"file\": ";
  append_json_string(o, d.file);
  o += ", \"round\": \"" + d.round + "\", \"event\": " + std::to_string(d.event) + ", \"" + std::string(what_key) +
       "\": ";
  append_json_string(o, d.what);
  return o + "}";
}
std::string disagreement_json(const Disagreement& d) { return place_json(d, "what"); }
std::string replay_error_json(const Disagreement& e) { return place_json(e, "error"); }

std::string read_error_json(const ReadError& e) {
  std::string o = "{\"file\": ";
  append_json_string(o, e.file);
  o += ", \"error\": ";
  append_json_string(o, e.message());
  return o + "}";
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
    j.raw(i ? "," : "").raw(disagreement_json(rv.replay.disagreements[i]));
  j.end_array();
  if (rv.replay.error)
    j.raw(",\"error\":")
        .raw(replay_error_json(*rv.replay.error));  // last: raw() after key() would leave the writer after a key
  else j.key("error").null();
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
  if (rv.read_error) return read_error_json(*rv.read_error) + "\n";
  std::string out;
  for (const Decision& d : rv.replay.decisions) out += decision_json(rv.game, d) + "\n";
  for (const Disagreement& d : rv.replay.disagreements) out += disagreement_json(d) + "\n";
  if (rv.replay.error) out += replay_error_json(*rv.replay.error) + "\n";
  return out;
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
