// Writers: mjai JSON lines and tenhou.net/6 JSON from the one game model
// (mjlog XML: write_mjlog.cpp), and the read-back check all three pass.
// mjai states every event in order, so it carries the whole model (mjk adds
// hora's fu / han / points / yaku and the rules to start_game, which its
// reader reads back). tenhou.net/6 writes per seat the draws (with the
// calls) and the discards (with riichi, kans and norths) and leaves the
// order between seats to be rebuilt by playing the round; it cannot carry
// everything (a limit hand's fu, the hand an mjlog AGARI shows, events in
// an order the game does not allow), so each writer reads its text back and
// replays both games, and refuses with the difference rather than hand out
// a record that reads back differently.
#include <array>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common.hpp"
#include "mjk/json.hpp"
#include "mjk/replay.hpp"

namespace mjk::records {
namespace {


void write_ints(JsonWriter& j, const std::array<std::int32_t, 4>& v, int n) {
  j.begin_array();
  for (int i = 0; i < n; ++i) j.number(v[static_cast<std::size_t>(i)]);
  j.end_array();
}

// ---- mjai ----

void write_mjai_tiles(JsonWriter& j, const RecordTile* first, const RecordTile* last) {
  j.begin_array();
  for (const RecordTile* t = first; t < last; ++t) j.string(detail::to_mjai(*t));
  j.end_array();
}
void write_mjai_tiles(JsonWriter& j, const std::vector<RecordTile>& tiles) {
  write_mjai_tiles(j, tiles.data(), tiles.data() + tiles.size());
}

// One event as its line (no line for a result the round does not have).
void write_mjai_event(JsonWriter& j, const Round& r, const Event& e, int seats) {
  auto start = [&](std::string_view type) -> JsonWriter& {
    return j.begin_object().key("type").string(type).key("actor").number(e.seat);
  };
  auto pai = [&] { j.key("pai").string(detail::to_mjai(e.tiles[0])); };
  auto consumed = [&](int first) {
    j.key("consumed");
    write_mjai_tiles(j, e.tiles.data() + first, e.tiles.data() + std::max<int>(first, e.tile_count));
  };
  switch (e.kind) {
    case EventKind::draw: start("tsumo"), pai(); break;
    case EventKind::discard: start("dahai"), pai(), j.key("tsumogiri").boolean(e.tsumogiri); break;
    case EventKind::chi:
    case EventKind::pon:
    case EventKind::minkan:
      start(e.kind == EventKind::chi   ? "chi"
            : e.kind == EventKind::pon ? "pon"
                                       : "daiminkan")
          .key("target")
          .number(e.from);
      pai(), consumed(1);
      break;
    case EventKind::kakan: start("kakan"), pai(), consumed(1); break;
    case EventKind::ankan: start("ankan"), consumed(0); break;
    case EventKind::riichi: start("reach"); break;
    case EventKind::riichi_accepted: start("reach_accepted"); break;
    case EventKind::dora:
      j.begin_object().key("type").string("dora").key("dora_marker").string(detail::to_mjai(e.tiles[0]));
      break;
    case EventKind::nuki: start("nukidora"), pai(); break;
    case EventKind::win: {
      if (e.result >= r.wins.size()) return;
      const Win& w = r.wins[e.result];
      j.begin_object().key("type").string("hora").key("actor").number(w.seat).key("target").number(w.from);
      if (w.tile) j.key("pai").string(detail::to_mjai(*w.tile));
      j.key("deltas");
      write_ints(j, w.deltas, seats);
      j.key("ura_markers");
      write_mjai_tiles(j, w.ura);
      if (!w.hand.empty()) j.key("hora_tehais"), write_mjai_tiles(j, w.hand);
      if (w.pao >= 0) j.key("pao").number(w.pao);
      if (w.detailed) {
        j.key("fu").number(w.fu).key("han").number(w.han).key("points").number(w.points).key("yakuman").number(
            w.yakuman);
        if (w.limit != Limit::none) j.key("limit").string(display_name(w.limit).id);
        j.key("yaku").begin_array();
        for (const StatedYaku& y : w.yaku)
          j.begin_array().string(yaku_name(y.yaku)).number(y.han).number(y.yakuman).end_array();
        j.end_array();
      }
      break;
    }
    case EventKind::exhaustive: {
      if (!r.draw) return;
      static constexpr std::array<const char*, 7> reasons = {"",          "kyushukyuhai", "suuchariichi", "suufonrenda",
                                                             "suukaikan", "sanchaho",     "nagashimangan"};
      const Draw& d = *r.draw;
      j.begin_object().key("type").string("ryukyoku");
      if (d.kind != DrawKind::exhaustive) j.key("reason").string(reasons[static_cast<std::size_t>(d.kind)]);
      j.key("deltas");
      write_ints(j, d.deltas, seats);
      j.key("tenpais").begin_array();
      for (int i = 0; i < seats; ++i) {
        const auto t = d.tenpai[static_cast<std::size_t>(i)];
        if (t < 0) j.null();
        else j.boolean(t != 0);
      }
      j.end_array();
      break;
    }
    default: return;
  }
  j.end_object().raw("\n");
}

// The lines one after another: at the top level the writer separates nothing.
void write_mjai_text(JsonWriter& j, const Game& g) {
  const int seats = g.rules.seats();
  j.begin_object().key("type").string("start_game").key("names").begin_array();
  for (int i = 0; i < seats; ++i) j.string(std::string_view(&"ABCD"[i], 1));
  j.end_array().key("aka_flag").boolean(g.rules.red_fives).key("kuitan").boolean(g.rules.open_tanyao);
  if (g.rules.length_stated) j.key("hanchan").boolean(g.rules.hanchan);
  j.key("server").string(g.rules.server == Server::mahjong_soul ? "mahjong_soul" : "tenhou").end_object().raw("\n");
  for (const Round& r : g.rounds) {
    j.begin_object().key("type").string("start_kyoku").key("bakaze").string(std::string_view(&"ESWN"[r.wind & 3], 1));
    j.key("dora_marker").string(detail::to_mjai(r.dora)).key("kyoku").number(r.dealer + 1);
    j.key("honba").number(r.honba).key("kyotaku").number(r.sticks).key("oya").number(r.dealer).key("scores");
    write_ints(j, r.scores, seats);
    j.key("tehais").begin_array();
    for (int i = 0; i < seats; ++i) write_mjai_tiles(j, r.deal[static_cast<std::size_t>(i)]);
    j.end_array().end_object().raw("\n");
    for (const Event& e : r.events) write_mjai_event(j, r, e, seats);
    j.begin_object().key("type").string("end_kyoku").end_object().raw("\n");
  }
  // The final scores only where the game ended: an excerpt stays an excerpt.
  j.begin_object().key("type").string("end_game");
  if (g.final_scores) {
    j.key("scores");
    write_ints(j, *g.final_scores, seats);
  }
  j.end_object().raw("\n");
}

std::string mjai_text(const Game& g) {
  return json_string([&](JsonWriter& j) { write_mjai_text(j, g); });
}

// ---- tenhou.net/6 ----

std::string code(RecordTile t) { return std::to_string(detail::to_tenhou6_code(t)); }

// One entry of a seat's draws or discards: a tile's code, or a call's text
// ("c121314", "r15", ...: tenhou.net/6 writes the calls as strings).
struct Piece {
  int code = 0;
  std::string call;  // empty: the tile `code`
};
Piece tile_piece(RecordTile t) { return {detail::to_tenhou6_code(t), {}}; }
Piece call_piece(std::string text) { return {0, std::move(text)}; }

void write_pieces(JsonWriter& j, const std::vector<Piece>& pieces) {
  j.begin_array();
  for (const Piece& p : pieces) {
    if (p.call.empty()) j.number(p.code);
    else j.string(p.call);
  }
  j.end_array();
}

void write_codes(JsonWriter& j, const std::vector<RecordTile>& tiles) {
  j.begin_array();
  for (const RecordTile t : tiles) j.number(detail::to_tenhou6_code(t));
  j.end_array();
}

// The names tenhou.net/6 exports give the yaku, by mjk's Yaku (the winds take the wind).
std::string tenhou6_yaku_name(Yaku y, int seat_wind, int round_wind) {
  static constexpr std::array<const char*, yaku_count> names = {
      "立直",     "両立直",     "一発",     "門前清自摸和", "平和",           "断幺九",   "一盃口",       "海底摸月",
      "河底撈魚", "嶺上開花",   "槍槓",     "自風",         "場風",           "役牌 白",  "役牌 發",      "役牌 中",
      "七対子",   "混全帯幺九", "一気通貫", "三色同順",     "三色同刻",       "三槓子",   "対々和",       "三暗刻",
      "小三元",   "混老頭",     "二盃口",   "純全帯幺九",   "混一色",         "清一色",
      "",  // renhou_mangan: Tenhou has no such yaku, so no name
      "天和",     "地和",       "人和",     "国士無双",     "国士無双１３面", "四暗刻",   "四暗刻単騎",   "大三元",
      "小四喜",   "大四喜",     "字一色",   "緑一色",       "清老頭",         "九蓮宝燈", "純正九蓮宝燈", "四槓子",
      "ドラ",     "赤ドラ",     "裏ドラ",   "抜きドラ"};
  static constexpr std::array<const char*, 4> winds = {"東", "南", "西", "北"};
  std::string name = names[static_cast<std::size_t>(y)];
  if (y == Yaku::seat_wind) name += std::string(" ") + winds[static_cast<std::size_t>(seat_wind & 3)];
  if (y == Yaku::round_wind) name += std::string(" ") + winds[static_cast<std::size_t>(round_wind & 3)];
  return name;
}

// "30符4飜7700点", "満貫2000-4000点", "跳満6000点∀", "役満32000点": the value without honba.
std::string points_text(const Round& r, const Win& w, int seats) {
  std::string s;
  // The limit the record names, else the one its han and fu reach.
  if (w.limit >= Limit::kazoe_yakuman) s = "役満";
  else if (w.limit != Limit::none)
    s = std::array{"", "満貫", "跳満", "倍満", "三倍満"}[static_cast<std::size_t>(w.limit)];
  else if (w.yakuman || w.han >= 13) s = "役満";
  else if (w.han >= 11) s = "三倍満";
  else if (w.han >= 8) s = "倍満";
  else if (w.han >= 6) s = "跳満";
  else if (w.han >= 5 || w.fu == 0 || (w.fu << (w.han + 2)) >= 2000) s = "満貫";
  else s = std::to_string(w.fu) + "符" + std::to_string(w.han) + "飜";
  const int payers = seats - 1;
  if (!w.tsumo()) return s + std::to_string(w.points) + "点";
  if (w.seat == r.dealer) return s + std::to_string(w.points / payers) + "点∀";
  // Non-dealer tsumo: the others pay a, the dealer b (a * (payers - 1) + b = points).
  const int honba = 100 * r.honba;
  const int payer = [&] {
    for (int p = 0; p < seats; ++p)
      if (p != w.seat && p != r.dealer) return p;
    return 0;
  }();
  int a = -w.deltas[static_cast<std::size_t>(payer)] - honba;
  int b = w.points - a * (payers - 1);
  if (a <= 0 || b <= 0) {  // pao or a record that pays otherwise: any split that sums to the value
    a = (w.points / (payers + 1) + 99) / 100 * 100;
    b = w.points - a * (payers - 1);
  }
  return s + std::to_string(a) + "-" + std::to_string(b) + "点";
}

struct Columns {
  std::array<std::vector<Piece>, 4> draws, discards;
};

void write_tenhou6_round(JsonWriter& j, const Game& g, const Round& r) {
  const int seats = g.rules.seats();
  Columns c;
  std::array<RecordTile, 4> last_draw{};
  std::array<bool, 4> called{}, riichi{};
  std::array<std::array<int, kind_count>, 4> pon_before{};  // where the pon's letter stood, for its added kan
  std::vector<RecordTile> dora{r.dora};
  for (const Event& e : r.events) {
    const auto s = static_cast<std::size_t>(e.seat & 3);
    const int offset = (e.from - e.seat + 4) % 4;  // the discarder's seat is seat + offset (mod 4, as Tenhou writes it)
    switch (e.kind) {
      case EventKind::draw:
        c.draws[s].push_back(tile_piece(e.tiles[0]));
        last_draw[s] = e.tiles[0];
        called[s] = false;
        break;
      case EventKind::discard: {
        const bool drawn = e.tsumogiri && !called[s] && e.tiles[0] == last_draw[s];
        const int tile = drawn ? 60 : detail::to_tenhou6_code(e.tiles[0]);  // 60: the tile just drawn
        c.discards[s].push_back(riichi[s] ? call_piece("r" + std::to_string(tile)) : Piece{tile, {}});
        riichi[s] = false;
        called[s] = false;
        break;
      }
      case EventKind::riichi: riichi[s] = true; break;
      case EventKind::chi:
        c.draws[s].push_back(call_piece("c" + code(e.tiles[0]) + code(e.tiles[1]) + code(e.tiles[2])));
        called[s] = true;
        break;
      case EventKind::pon:
      case EventKind::minkan: {
        // The letter's place says who was called: before it the tiles from the hand.
        const bool pon = e.kind == EventKind::pon;
        const int before = pon ? 3 - offset : offset == 3 ? 0 : offset == 2 ? 1 : 3;
        std::string text;
        for (int k = 1, put = 0; k <= e.tile_count; ++k) {
          if (put == before) {
            text += (pon ? "p" : "m") + code(e.tiles[0]);
            ++put;
          }
          if (k < e.tile_count) {
            text += code(e.tiles[static_cast<std::size_t>(k)]);
            ++put;
          }
        }
        c.draws[s].push_back(call_piece(std::move(text)));
        if (pon) {
          pon_before[s][static_cast<std::size_t>(e.tiles[0].tile.kind())] = before;
          called[s] = true;
        } else {
          c.discards[s].push_back(Piece{0, {}});  // where the caller would have discarded
        }
        break;
      }
      case EventKind::kakan: {
        const int before = pon_before[s][static_cast<std::size_t>(e.tiles[0].tile.kind())];
        std::string text;
        for (int k = 1, put = 0; k <= 3; ++k) {
          if (put == before) text += "k" + code(e.tiles[0]);
          text += code(e.tiles[static_cast<std::size_t>(k)]);
          ++put;
        }
        c.discards[s].push_back(call_piece(std::move(text)));
        break;
      }
      case EventKind::ankan:
        c.discards[s].push_back(
            call_piece(code(e.tiles[0]) + code(e.tiles[1]) + code(e.tiles[2]) + "a" + code(e.tiles[3])));
        break;
      case EventKind::nuki: c.discards[s].push_back(call_piece("f" + code(e.tiles[0]))); break;
      case EventKind::dora: dora.push_back(e.tiles[0]); break;
      case EventKind::riichi_accepted:  // rebuilt by the reader after the riichi discard passes
      case EventKind::win:
      case EventKind::exhaustive: break;
    }
  }
  std::vector<RecordTile> ura;  // one list a round: the winners' in riichi
  for (const Win& w : r.wins)
    if (ura.empty()) ura = w.ura;
  for (std::size_t s = 0; s < 4; ++s)
    if (riichi[s]) c.discards[s].push_back(call_piece("r"));  // the record stops on a riichi before its discard
  std::array<std::int32_t, 4> scores = r.scores;
  for (int i = seats; i < 4; ++i) scores[static_cast<std::size_t>(i)] = 0;
  j.begin_array().begin_array().number(r.wind * 4 + r.dealer).number(r.honba).number(r.sticks).end_array();
  write_ints(j, scores, 4);
  write_codes(j, dora);
  write_codes(j, ura);
  for (std::size_t s = 0; s < 4; ++s) {
    if (static_cast<int>(s) < seats) write_codes(j, r.deal[s]);
    else j.begin_array().end_array();
    write_pieces(j, c.draws[s]);
    write_pieces(j, c.discards[s]);
  }
  j.begin_array();
  if (!r.wins.empty()) {
    j.string("和了");
    for (const Win& w : r.wins) {
      std::array<std::int32_t, 4> d = w.deltas;
      for (int i = seats; i < 4; ++i) d[static_cast<std::size_t>(i)] = 0;
      write_ints(j, d, 4);
      j.begin_array().number(w.seat).number(w.from).number(w.pao >= 0 ? w.pao : w.seat);
      if (w.detailed) {
        j.string(points_text(r, w, seats));
        const int seat_wind = (w.seat - r.dealer + seats) % seats;
        for (const StatedYaku& y : w.yaku) {
          std::string text = tenhou6_yaku_name(y.yaku, seat_wind, r.wind);
          text += y.yakuman ? (y.yakuman >= 2 ? "(ダブル役満)" : "(役満)") : "(" + std::to_string(y.han) + "飜)";
          j.string(text);
        }
      }
      j.end_array();
    }
  } else if (r.draw) {
    static constexpr std::array<const char*, 7> names = {"流局",     "九種九牌", "四家立直", "四風連打",
                                                         "四槓散了", "三家和了", "流し満貫"};
    const Draw& d = *r.draw;
    std::string_view name = names[static_cast<std::size_t>(d.kind)];
    bool moved = false, all = true, none = true;
    for (int i = 0; i < seats; ++i) {
      moved |= d.deltas[static_cast<std::size_t>(i)] != 0;
      all &= d.tenpai[static_cast<std::size_t>(i)] == 1;
      none &= d.tenpai[static_cast<std::size_t>(i)] == 0;
    }
    if (d.kind == DrawKind::exhaustive && !moved && all) name = "全員聴牌";
    if (d.kind == DrawKind::exhaustive && !moved && none) name = "全員不聴";
    j.string(name);
    std::array<std::int32_t, 4> deltas = d.deltas;
    for (int i = seats; i < 4; ++i) deltas[static_cast<std::size_t>(i)] = 0;
    // Tenhou writes no deltas when none move: an abortive draw, 全員聴牌, 全員不聴.
    const bool named_all = d.kind == DrawKind::exhaustive && !moved && (all || none);
    if (moved || (d.kind == DrawKind::exhaustive && !named_all) || d.kind == DrawKind::nagashi_mangan)
      write_ints(j, deltas, 4);
  }
  // A round the record stops in has no result: an empty one (mjk's; Tenhou writes only finished rounds).
  j.end_array().end_array();
}

std::string tenhou6_text(const Game& g) {
  const bool three = g.rules.players == Players::three;
  std::string disp = three ? "三" : "";
  disp += g.rules.server == Server::mahjong_soul ? "玉の間" : "般";
  if (g.rules.length_stated) disp += g.rules.hanchan ? "南" : "東";  // else the room names no length
  if (g.rules.open_tanyao) disp += "喰";
  if (g.rules.red_fives) disp += "赤";
  return json_string([&](JsonWriter& j) {
    j.begin_object().key("title").begin_array().string("").string("").end_array();
    j.key("name").begin_array().string("A").string("B").string("C").string(three ? "" : "D").end_array();
    j.key("rule").begin_object().key("disp").string(disp).key("aka").number(g.rules.red_fives ? 1 : 0).end_object();
    j.key("log").begin_array();
    for (const Round& r : g.rounds) write_tenhou6_round(j, g, r);
    j.end_array();
    // "sc" (score, points by seat) only where the game ended; the reader keeps the scores alone, so points are 0.
    if (g.final_scores) {
      j.key("sc").begin_array();
      for (const std::int32_t x : *g.final_scores) j.number(x).number(0);
      j.end_array();
    }
    j.end_object().raw("\n");
  });
}

// ---- reading back ----

std::string event_text(const Event& e) {
  std::string s = std::string(event_name(e.kind)) + " seat " + std::to_string(e.seat);
  if (e.kind == EventKind::chi || e.kind == EventKind::pon || e.kind == EventKind::minkan)
    s += " from " + std::to_string(e.from);
  if (e.tsumogiri) s += " tsumogiri";
  for (int k = 0; k < e.tile_count; ++k) s += " " + tile_text(e.tiles[static_cast<std::size_t>(k)]);
  return s;
}

// The first difference between the game and its copy read back, or "".
// mjlog states no server (it is Tenhou's): there the replays decide.
std::string difference(const Game& a, const Game& b, bool server_stated) {
  if (a.rules.players != b.rules.players || a.rules.red_fives != b.rules.red_fives ||
      a.rules.open_tanyao != b.rules.open_tanyao || (server_stated && a.rules.server != b.rules.server))
    return "the rules";
  if (a.rounds.size() != b.rounds.size())
    return std::to_string(a.rounds.size()) + " rounds read back as " + std::to_string(b.rounds.size());
  for (std::size_t i = 0; i < a.rounds.size(); ++i) {
    const Round &x = a.rounds[i], &y = b.rounds[i];
    const std::string at = "round " + std::to_string(i + 1) + " (" + round_label(x) + ")";
    if (x.wind != y.wind || x.dealer != y.dealer || x.honba != y.honba || x.sticks != y.sticks || !(x.dora == y.dora))
      return at + ": the header";
    for (int s = 0; s < a.rules.seats(); ++s)
      if (x.scores[static_cast<std::size_t>(s)] != y.scores[static_cast<std::size_t>(s)] ||
          x.deal[static_cast<std::size_t>(s)] != y.deal[static_cast<std::size_t>(s)])
        return at + ": seat " + std::to_string(s) + "'s score or deal";
    const std::size_t n = std::min(x.events.size(), y.events.size());
    for (std::size_t k = 0; k < n; ++k)
      if (event_text(x.events[k]) != event_text(y.events[k]))
        return at + " event " + std::to_string(k) + ": " + event_text(x.events[k]) + " reads back as " +
               event_text(y.events[k]);
    if (x.events.size() != y.events.size())
      return at + ": " + std::to_string(x.events.size()) + " events read back as " + std::to_string(y.events.size());
    if (x.wins.size() != y.wins.size() || x.draw.has_value() != y.draw.has_value()) return at + ": the result";
  }
  if (a.final_scores != b.final_scores) return "the game's end (final scores)";
  return {};
}


// The first line of one replay's text that the other does not have ("" when the same).
std::string first_change(const std::string& before, const std::string& after) {
  std::size_t at = 0;
  while (at < before.size() && at < after.size() && before[at] == after[at]) ++at;
  const std::size_t start = before.rfind('\n', at == 0 ? 0 : at - 1);
  const std::size_t from = start == std::string::npos || at == 0 ? 0 : start + 1;
  const std::string& longer = at < after.size() ? after : before;
  return longer.substr(from, longer.find('\n', from) - from);
}

WriteResult checked(const Game& g, std::string text, Format format) {
  WriteResult out;
  const ReadResult back = format == Format::mjai      ? read_mjai(text, g.file)
                          : format == Format::tenhou6 ? read_tenhou6(text, g.file)
                                                      : read_mjlog(text, g.file);
  const std::string name(format_name(format));
  if (!back.ok()) {
    out.error = g.file + ": the " + name + " written does not read back: " + back.error->what;
    return out;
  }
  if (const std::string diff = difference(g, back.game, format != Format::mjlog); !diff.empty()) {
    out.error = g.file + ": " + name + " cannot carry " + diff;
    return out;
  }
  const std::string before = replay_text(replay(g)), after = replay_text(replay(back.game));
  if (before != after) {
    const char* why = format == Format::tenhou6 ? "a limit hand's fu or the hand shown at a win is not carried"
                      : format == Format::mjlog ? "mjlog states Tenhou's rules, which score a win differently"
                                                : "a writer defect";
    out.error = g.file + ": written as " + name + ", the record replays differently (" + why +
                "): " + first_change(before, after);
    return out;
  }
  out.text = std::move(text);
  return out;
}

}  // namespace

WriteResult write_mjai(const Game& game) { return checked(game, mjai_text(game), Format::mjai); }
WriteResult write_tenhou6(const Game& game) { return checked(game, tenhou6_text(game), Format::tenhou6); }

WriteResult write_mjlog(const Game& game) {
  std::string text, error;
  if (!detail::mjlog_text(game, text, error)) {
    WriteResult out;
    out.error = game.file + ": mjlog cannot carry " + error;
    return out;
  }
  return checked(game, std::move(text), Format::mjlog);
}

WriteResult write_record(const Game& game, Format format) {
  if (format == Format::mjai) return write_mjai(game);
  if (format == Format::tenhou6) return write_tenhou6(game);
  return write_mjlog(game);
}

}  // namespace mjk::records
