// The mjlog writer: Tenhou's XML as Tenhou writes it (the tags, their
// attributes and their order as in Tenhou's own records), from the one game
// model. The model names tiles by kind and redness, mjlog by the physical
// tile (ids 0-135), so the writer gives every tile of a round an id as it
// comes into the round (dealt, drawn, shown as an indicator) and follows it:
// a discard, a call, a win names the id the player holds. The red five is
// copy 0 of its five; no id is used twice in a round; a tsumogiri discard is
// the id just drawn and a discard from the hand is another one (mjlog tells
// tsumogiri by the id alone). write.cpp reads the text back and replays it.
#include <algorithm>
#include <array>
#include <cstdio>
#include <string>
#include <vector>

#include "common.hpp"
#include "mjk/analysis.hpp"
#include "mjk/replay.hpp"

namespace mjk::records::detail {
namespace {

// Tenhou's yaku id of a yaku (mjlog AGARI yaku= / yakuman=): the inverse of
// yaku_from_tenhou_id, the winds by the wind (10-13 seat, 14-17 round); -1
// for a yaku Tenhou has no id for (renhou as a mangan).
int tenhou_yaku_id(Yaku y, int seat_wind, int round_wind) {
  if (y == Yaku::seat_wind) return 10 + (seat_wind & 3);
  if (y == Yaku::round_wind) return 14 + (round_wind & 3);
  for (int id = 0; id < 55; ++id)
    if (yaku_from_tenhou_id(id) == y) return id;
  return -1;
}

std::string hundreds(std::int32_t points) { return std::to_string(points / 100); }

// Tenhou percent-encodes every byte of a name (ASCII too: "%41%53").
std::string percent_encoded(const std::string& name) {
  std::string s;
  for (const unsigned char c : name) {
    char hex[4];
    std::snprintf(hex, sizeof hex, "%%%02X", c);
    s += hex;
  }
  return s;
}

std::string id_list(std::vector<int> ids, bool sorted) {
  if (sorted) std::sort(ids.begin(), ids.end());
  std::string s;
  for (std::size_t i = 0; i < ids.size(); ++i) s += (i ? "," : "") + std::to_string(ids[i]);
  return s;
}

struct MeldCode {
  int kind = 0;
  bool pon = false;  // its added kan replaces it
  std::uint32_t code = 0;
};

class Writer {
 public:
  explicit Writer(const Game& g) : g_(g), seats_(g.rules.seats()) {}

  bool run(std::string& out, std::string& error) {
    const bool three = g_.rules.players == Players::three;
    // GO type: 0x01 a game between people (Tenhou's general room), 0x02 no
    // red fives, 0x04 no open tanyao, 0x08 hanchan, 0x10 three players.
    const int type = 0x01 | (g_.rules.red_fives ? 0 : 0x02) | (g_.rules.open_tanyao ? 0 : 0x04) |
                     (g_.rules.hanchan ? 0x08 : 0) | (three ? 0x10 : 0);
    o_ = "<mjloggm ver=\"2.3\"><SHUFFLE seed=\"\" ref=\"\"/><GO type=\"" + std::to_string(type) + "\" lobby=\"0\"/><UN";
    for (int s = 0; s < 4; ++s) {
      const std::string& name = g_.names[static_cast<std::size_t>(s)];
      o_ +=
          " n" + std::to_string(s) + "=\"" + (s < seats_ ? percent_encoded(name.empty() ? "NoName" : name) : "") + "\"";
    }
    // The model carries no rank, rate nor sex: a beginner's (新人, R1500), "C" a computer.
    o_ += three ? " dan=\"0,0,0,0\" rate=\"1500,1500,1500,0\" sx=\"C,C,C,C\"/>"
                : " dan=\"0,0,0,0\" rate=\"1500,1500,1500,1500\" sx=\"C,C,C,C\"/>";
    o_ += "<TAIKYOKU oya=\"0\"/>";
    // A win stated by its deltas alone (mjai as most bots write it): mjlog's
    // AGARI states fu, han, points and yaku, so they are the kernel's, as the
    // replay scores the win (and checks again when the text is read back).
    bool undetailed = false;
    for (const Round& r : g_.rounds)
      for (const Win& w : r.wins) undetailed |= !w.detailed;
    if (undetailed) {
      ReplayOptions options;
      options.scores = true;
      scores_of_wins_ = replay(g_, options).scores;
    }
    for (std::size_t i = 0; i < g_.rounds.size(); ++i) {
      round_index_ = i;
      // owari only where the record states the game's end: a written excerpt stays an excerpt.
      last_round_ = i + 1 == g_.rounds.size() && g_.final_scores.has_value();
      if (!round(g_.rounds[i])) {
        error = where_ + ": " + why_;
        return false;
      }
    }
    o_ += "</mjloggm>\n";
    out = std::move(o_);
    return true;
  }

 private:
  bool fail(std::size_t event, std::string why) {
    where_ = round_label(*r_) + (event == npos ? std::string() : " event " + std::to_string(event));
    why_ = std::move(why);
    return false;
  }
  static constexpr std::size_t npos = ~std::size_t{0};

  // ---- ids ----
  // The ids a tile of this kind and redness may have: the red five is copy 0.
  bool may_be(int id, RecordTile t) const {
    if (id / 4 != t.tile.kind()) return false;
    const bool five = t.tile.kind() < 27 && t.tile.kind() % 9 == 4 && g_.rules.red_fives;
    return five ? (id % 4 == 0) == t.red : !t.red;
  }
  // A tile comes into the round: the lowest id of its kind not yet used.
  int enter(RecordTile t) {
    for (int id = t.tile.kind() * 4; id < t.tile.kind() * 4 + 4; ++id)
      if (!used_[static_cast<std::size_t>(id)] && may_be(id, t)) {
        used_[static_cast<std::size_t>(id)] = true;
        return id;
      }
    return -1;
  }
  bool enter(std::size_t event, RecordTile t, int& id) {
    id = enter(t);
    if (id >= 0) return true;
    if (t.red && !g_.rules.red_fives) return fail(event, "a red five in a game without red fives");
    const bool plain_five = g_.rules.red_fives && !t.red && t.tile.kind() < 27 && t.tile.kind() % 9 == 4;
    return fail(event, "no tile id left for another " + tile_text(t) +
                           (plain_five ? " (with red fives there are three plain ones)" : ""));
  }
  // A held tile leaves the hand: an id of its kind and redness, not `avoid` (-1: any).
  int take(int seat, RecordTile t, int avoid = -1) {
    auto& hand = hands_[static_cast<std::size_t>(seat)];
    for (auto it = hand.begin(); it != hand.end(); ++it)
      if (*it != avoid && may_be(*it, t)) {
        const int id = *it;
        hand.erase(it);
        return id;
      }
    return -1;
  }
  bool take(std::size_t event, int seat, RecordTile t, int& id) {
    id = take(seat, t);
    if (id >= 0) return true;
    return fail(event, "seat " + std::to_string(seat) + " does not hold " + tile_text(t));
  }
  bool take_id(int seat, int id) {
    auto& hand = hands_[static_cast<std::size_t>(seat)];
    const auto it = std::find(hand.begin(), hand.end(), id);
    if (it == hand.end()) return false;
    hand.erase(it);
    return true;
  }

  std::string scores_text() const {
    std::string s;
    for (int p = 0; p < 4; ++p) s += (p ? "," : "") + hundreds(p < seats_ ? scores_[static_cast<std::size_t>(p)] : 0);
    return s;
  }
  // sc: each seat's score before and its change, in hundreds.
  bool sc_text(std::size_t event, const std::array<std::int32_t, 4>& deltas, std::string& s) {
    s.clear();
    for (int p = 0; p < 4; ++p) {
      const std::int32_t d = p < seats_ ? deltas[static_cast<std::size_t>(p)] : 0;
      if (d % 100)
        return fail(event, "seat " + std::to_string(p) + " changes by " + std::to_string(d) +
                               ", which mjlog's hundreds cannot state");
      s += (p ? "," : "") + hundreds(p < seats_ ? scores_[static_cast<std::size_t>(p)] : 0) + "," + hundreds(d);
    }
    return true;
  }

  Hand concealed(int seat) const {
    Hand h;
    for (const int id : hands_[static_cast<std::size_t>(seat)]) h.add(Tile(id / 4));
    return h;
  }
  bool tenpai(int seat) const {
    const Hand h = concealed(seat);
    if (h.tiles % 3 != 1) return false;
    const auto w = waits(h, Options{g_.rules.players, {}});
    return w.ok() && !w.value.empty();
  }

  // ---- a round ----
  bool round(const Round& r) {
    r_ = &r;
    used_.fill(false);
    for (auto& h : hands_) h.clear();
    for (auto& m : melds_) m.clear();
    last_draw_.fill(-1);
    dora_.clear();
    ura_.clear();
    scores_ = r.scores;
    sticks_ = r.sticks;
    last_tile_ = -1;
    for (int s = 0; s < seats_; ++s)
      if (scores_[static_cast<std::size_t>(s)] % 100)
        return fail(npos, "seat " + std::to_string(s) + " starts with " +
                              std::to_string(scores_[static_cast<std::size_t>(s)]) +
                              " points, which mjlog's hundreds cannot state");
    int dora = 0;
    if (!enter(npos, r.dora, dora)) return false;
    dora_.push_back(dora);
    std::string init = "<INIT seed=\"" + std::to_string(r.wind * 4 + r.dealer) + "," + std::to_string(r.honba) + "," +
                       std::to_string(r.sticks) + ",0,0," + std::to_string(dora) + "\" ten=\"" + scores_text() +
                       "\" oya=\"" + std::to_string(r.dealer) + "\"";
    for (int s = 0; s < 4; ++s) {
      std::vector<int> ids;
      if (s < seats_) {
        if (r.deal[static_cast<std::size_t>(s)].size() != 13)
          return fail(npos, "seat " + std::to_string(s) + " is dealt " +
                                std::to_string(r.deal[static_cast<std::size_t>(s)].size()) + " tiles, not 13");
        for (const RecordTile t : r.deal[static_cast<std::size_t>(s)]) {
          int id = 0;
          if (!enter(npos, t, id)) return false;
          ids.push_back(id);
        }
      }
      hands_[static_cast<std::size_t>(s)] = ids;
      init += " hai" + std::to_string(s) + "=\"" + id_list(ids, false) + "\"";
    }
    o_ += init + "/>";
    for (std::size_t i = 0; i < r.events.size(); ++i)
      if (!event(r, i)) return false;
    return true;
  }

  bool event(const Round& r, std::size_t i) {
    const Event& e = r.events[i];
    const int s = e.seat;
    if (s >= seats_ || e.from >= seats_) return fail(i, "a seat this game does not have");
    const auto si = static_cast<std::size_t>(s);
    const std::string who = std::to_string(s);
    switch (e.kind) {
      case EventKind::draw: {
        int id = 0;
        if (!enter(i, e.tiles[0], id)) return false;
        hands_[si].push_back(id);
        last_draw_[si] = id;
        o_ += "<" + std::string(1, static_cast<char>('T' + s)) + std::to_string(id) + "/>";
        return true;
      }
      case EventKind::discard: {
        int id = -1;
        if (e.tsumogiri) {
          id = last_draw_[si];
          if (id < 0 || !may_be(id, e.tiles[0]) || !take_id(s, id))
            return fail(i, "seat " + who + " discards " + tile_text(e.tiles[0]) +
                               " as the tile just drawn, but it did not just draw it");
        } else {
          id = take(s, e.tiles[0], last_draw_[si]);
          if (id < 0)
            return fail(i, "seat " + who + " discards " + tile_text(e.tiles[0]) +
                               " from the hand, but holds no other than the one just drawn"
                               " (mjlog tells tsumogiri by the tile's id)");
        }
        last_draw_[si] = -1;
        last_tile_ = id;
        o_ += "<" + std::string(1, static_cast<char>('D' + s)) + std::to_string(id) + "/>";
        return true;
      }
      case EventKind::chi:
      case EventKind::pon:
      case EventKind::minkan: return call(i, e);
      case EventKind::ankan: {
        std::vector<int> ids;
        for (int k = 0; k < 4; ++k) {
          int id = 0;
          if (!take(i, s, e.tiles[static_cast<std::size_t>(k)], id)) return false;
          ids.push_back(id);
        }
        if (ids[0] / 4 != ids[3] / 4) return fail(i, "a closed kan of different tiles");
        // Tenhou names a closed kan by its kind's first id; a ron on it (kokushi) takes tiles[0].
        const auto code = static_cast<std::uint32_t>((ids[0] / 4) * 4) << 8;
        melds_[si].push_back({ids[0] / 4, false, code});
        last_tile_ = ids[0];
        return call_tag(s, code);
      }
      case EventKind::kakan: {
        const int kind = e.tiles[0].tile.kind();
        auto pon = std::find_if(melds_[si].begin(), melds_[si].end(),
                                [&](const MeldCode& m) { return m.pon && m.kind == kind; });
        if (pon == melds_[si].end())
          return fail(i, "seat " + who + " adds " + tile_text(e.tiles[0]) + " to a pon it does not have");
        // The added tile is the copy the pon left out (bits 5-6): the pon's code with bit 4 for bit 3.
        const int added = kind * 4 + static_cast<int>((pon->code >> 5) & 3);
        if (!may_be(added, e.tiles[0]) || !take_id(s, added))
          return fail(i, "seat " + who + " adds " + tile_text(e.tiles[0]) + ", which it does not hold");
        pon->code = (pon->code & ~std::uint32_t{0x8}) | 0x10;
        pon->pon = false;
        last_tile_ = added;
        return call_tag(s, pon->code);
      }
      case EventKind::nuki: {
        int id = 0;
        if (!take(i, s, e.tiles[0], id)) return false;
        last_tile_ = id;
        // A north set aside: its id, bit 5.
        return call_tag(s, static_cast<std::uint32_t>(id) << 8 | 0x20);
      }
      case EventKind::riichi: o_ += "<REACH who=\"" + who + "\" step=\"1\"/>"; return true;
      case EventKind::riichi_accepted:
        scores_[si] -= 1000;
        ++sticks_;
        o_ += "<REACH who=\"" + who + "\" ten=\"" + scores_text() + "\" step=\"2\"/>";
        return true;
      case EventKind::dora: {
        int id = 0;
        if (!enter(i, e.tiles[0], id)) return false;
        dora_.push_back(id);
        o_ += "<DORA hai=\"" + std::to_string(id) + "\" />";
        return true;
      }
      case EventKind::win: return win(r, i, e);
      case EventKind::exhaustive: return draw_end(r, i);
    }
    return true;
  }

  bool call_tag(int seat, std::uint32_t code) {
    o_ += "<N who=\"" + std::to_string(seat) + "\" m=\"" + std::to_string(code) + "\" />";
    return true;
  }

  // Chi, pon, open kan: the discard's id and the caller's tiles, in Tenhou's
  // meld code; the low two bits are the discarder's offset from the caller
  // counted over four seats, the empty North seat too.
  bool call(std::size_t i, const Event& e) {
    const int s = e.seat;
    const auto si = static_cast<std::size_t>(s);
    if (last_tile_ < 0 || !may_be(last_tile_, e.tiles[0]))
      return fail(i, "seat " + std::to_string(s) + " calls " + tile_text(e.tiles[0]) + ", which is not the discard");
    std::vector<int> ids{last_tile_};
    for (int k = 1; k < e.tile_count; ++k) {
      int id = 0;
      if (!take(i, s, e.tiles[static_cast<std::size_t>(k)], id)) return false;
      ids.push_back(id);
    }
    if (ids.size() != (e.kind == EventKind::minkan ? 4u : 3u))
      return fail(i, "a " + std::string(event_name(e.kind)) + " of " + std::to_string(ids.size()) + " tiles");
    const int called = ids[0];
    const auto offset = static_cast<std::uint32_t>((e.from - s + 4) % 4);
    std::sort(ids.begin(), ids.end());
    const auto at = static_cast<std::uint32_t>(std::find(ids.begin(), ids.end(), called) - ids.begin());
    const int kind = ids[0] / 4;
    std::uint32_t code = 0;
    if (e.kind == EventKind::chi) {
      if (kind >= 27 || ids[2] / 4 != kind + 2 || ids[1] / 4 != kind + 1 || kind % 9 > 6)
        return fail(i, "a chi that is not a run of one suit");
      const auto base = static_cast<std::uint32_t>((kind / 9) * 7 + kind % 9);
      code = (base * 3 + at) << 10 | static_cast<std::uint32_t>(ids[2] % 4) << 7 |
             static_cast<std::uint32_t>(ids[1] % 4) << 5 | static_cast<std::uint32_t>(ids[0] % 4) << 3 | 0x4 | offset;
    } else if (e.kind == EventKind::pon) {
      if (ids[2] / 4 != kind) return fail(i, "a pon of different tiles");
      std::uint32_t left_out = 0;  // the copy not in the pon: the one an added kan adds
      while (std::find(ids.begin(), ids.end(), kind * 4 + static_cast<int>(left_out)) != ids.end()) ++left_out;
      code = (static_cast<std::uint32_t>(kind) * 3 + at) << 9 | left_out << 5 | 0x8 | offset;
    } else {
      if (ids[3] / 4 != kind) return fail(i, "an open kan of different tiles");
      code = static_cast<std::uint32_t>(called) << 8 | offset;
    }
    melds_[si].push_back({kind, e.kind == EventKind::pon, code});
    last_tile_ = -1;
    return call_tag(s, code);
  }

  bool win(const Round& r, std::size_t i, const Event& e) {
    if (e.result >= r.wins.size()) return fail(i, "a win event without its result");
    Win w = r.wins[e.result];
    if (w.seat >= seats_ || w.from >= seats_ || w.pao >= seats_)
      return fail(i, "a win by or from a seat this game does not have");
    const bool first = e.result == 0;
    if (!w.detailed && !kernel_details(e.result, w))
      return fail(i,
                  "the win states no fu, han, points nor yaku, which mjlog's AGARI needs, and the kernel does not "
                  "score it");
    const int win_id = w.tsumo() ? last_draw_[w.seat] : last_tile_;
    if (win_id < 0) return fail(i, "the winning tile is not the one just drawn or discarded");
    std::vector<int> hand = hands_[w.seat];
    if (!w.tsumo()) hand.push_back(win_id);
    std::string a = "<AGARI ba=\"" + std::to_string(r.honba) + "," + std::to_string(first ? sticks_ : 0) + "\" hai=\"" +
                    id_list(hand, true) + "\"";
    // The winner's melds, the last made first (an added kan where its pon was).
    const auto& melds = melds_[w.seat];
    if (!melds.empty()) {
      a += " m=\"";
      for (std::size_t k = melds.size(); k-- > 0;) a += std::to_string(melds[k].code) + (k ? "," : "");
      a += "\"";
    }
    // ten's third figure: 0 below mangan, 1 mangan .. 4 sanbaiman, 5 a yakuman (counted or not).
    const int limit = std::min(5, static_cast<int>(w.limit));
    a += " machi=\"" + std::to_string(win_id) + "\" ten=\"" + std::to_string(w.fu) + "," + std::to_string(w.points) +
         "," + std::to_string(limit) + "\"";
    std::string yaku, yakuman;
    int dora_at = -1;
    const int seat_wind = (w.seat - r.dealer + seats_) % seats_;
    std::vector<std::pair<int, int>> pairs;
    for (const StatedYaku& y : w.yaku) {
      if (y.yakuman) {
        const int id = tenhou_yaku_id(y.yaku, seat_wind, r.wind);
        if (id < 0) return fail(i, "a yaku Tenhou has no id for");
        for (int k = 0; k < y.yakuman; ++k) yakuman += (yakuman.empty() ? "" : ",") + std::to_string(id);
        continue;
      }
      // Tenhou's ids name no north set aside: they are counted with the dora (id 52).
      if (y.yaku == Yaku::nuki || y.yaku == Yaku::dora) {
        if (dora_at < 0) {
          dora_at = static_cast<int>(pairs.size());
          pairs.push_back({52, 0});
        }
        pairs[static_cast<std::size_t>(dora_at)].second += y.han;
        continue;
      }
      const int id = tenhou_yaku_id(y.yaku, seat_wind, r.wind);
      if (id < 0) return fail(i, "the yaku " + std::string(yaku_name(y.yaku)) + ", which Tenhou has no id for");
      pairs.push_back({id, y.han});
    }
    for (const auto& [id, han] : pairs)
      yaku += (yaku.empty() ? "" : ",") + std::to_string(id) + "," + std::to_string(han);
    if (!yaku.empty()) a += " yaku=\"" + yaku + "\"";
    if (!yakuman.empty()) a += " yakuman=\"" + yakuman + "\"";
    a += " doraHai=\"" + id_list(dora_, false) + "\"";
    if (!w.ura.empty()) {
      // The same ura indicators for every winner of the round: one id per place.
      std::vector<int> ids;
      for (std::size_t k = 0; k < w.ura.size(); ++k) {
        if (k < ura_.size() && may_be(ura_[k], w.ura[k])) {
          ids.push_back(ura_[k]);
          continue;
        }
        int id = 0;
        if (!enter(i, w.ura[k], id)) return false;
        if (k < ura_.size()) ura_[k] = id;
        else ura_.push_back(id);
        ids.push_back(id);
      }
      a += " doraHaiUra=\"" + id_list(ids, false) + "\"";
    }
    a += " who=\"" + std::to_string(w.seat) + "\" fromWho=\"" + std::to_string(w.from) + "\"";
    if (w.pao >= 0) a += " paoWho=\"" + std::to_string(w.pao) + "\"";
    std::string sc;
    if (!sc_text(i, w.deltas, sc)) return false;
    a += " sc=\"" + sc + "\"";
    for (int p = 0; p < seats_; ++p) scores_[static_cast<std::size_t>(p)] += w.deltas[static_cast<std::size_t>(p)];
    sticks_ = 0;
    const bool last = i + 1 == r.events.size();
    if (last && last_round_) a += owari();
    o_ += a + " />";
    return true;
  }

  // The kernel's fu, han, points, limit and yaku (in mjk's order, the dora kinds last) for win `index`.
  bool kernel_details(std::size_t index, Win& w) const {
    for (const WinScore& ws : scores_of_wins_) {
      if (ws.round_index != round_index_ || ws.win != index) continue;
      const Score& sc = ws.score;
      const ScoreRules rules = g_.rules.score_rules();
      w.detailed = true;
      w.fu = sc.fu;
      w.han = sc.han;
      w.yakuman = sc.yakuman;
      w.points = sc.points;
      w.limit = limit_of(sc, rules);
      std::array<YakuValue, yaku_count> listed{};
      const std::size_t n = list_yaku(sc, rules, listed);
      w.yaku.clear();
      for (std::size_t k = 0; k < n; ++k) w.yaku.push_back({listed[k].yaku, listed[k].han, listed[k].yakuman});
      return true;
    }
    return false;
  }

  bool draw_end(const Round& r, std::size_t i) {
    if (!r.draw) return fail(i, "a draw event without its result");
    const Draw& d = *r.draw;
    static constexpr std::array<const char*, 7> types = {"", "yao9", "reach4", "kaze4", "kan4", "ron3", "nm"};
    std::string a = "<RYUUKYOKU";
    if (d.kind != DrawKind::exhaustive) a += std::string(" type=\"") + types[static_cast<std::size_t>(d.kind)] + "\"";
    std::string sc;
    if (!sc_text(i, d.deltas, sc)) return false;
    a += " ba=\"" + std::to_string(r.honba) + "," + std::to_string(sticks_) + "\" sc=\"" + sc + "\"";
    // The hands Tenhou shows: the tenpai ones at an exhaustive draw (and
    // nagashi mangan), the nine terminals of the player who stops the round,
    // every hand at four riichi, the three winners' at three rons.
    std::array<bool, 4> shown{};
    // The event that stops the round (a riichi stick or a dora shown after it aside).
    std::size_t k = i;
    while (k > 0 && (r.events[k - 1].kind == EventKind::riichi_accepted || r.events[k - 1].kind == EventKind::dora))
      --k;
    const Event* before = k > 0 ? &r.events[k - 1] : nullptr;
    for (int s = 0; s < seats_; ++s) {
      const auto si = static_cast<std::size_t>(s);
      switch (d.kind) {
        case DrawKind::exhaustive:
        case DrawKind::nagashi_mangan: shown[si] = d.tenpai[si] < 0 ? tenpai(s) : d.tenpai[si] == 1; break;
        case DrawKind::nine_terminals:
          shown[si] = before && before->kind == EventKind::draw && before->seat == s;
          break;
        case DrawKind::four_riichi: shown[si] = true; break;
        case DrawKind::triple_ron: {
          if (!before || before->kind != EventKind::discard || before->seat == s) break;
          const Hand h = concealed(s);
          const auto w = waits(h, Options{g_.rules.players, {}});
          shown[si] = w.ok() && w.value.contains(before->tiles[0].tile);
          break;
        }
        case DrawKind::four_winds:
        case DrawKind::four_kans: break;
      }
      if (shown[si]) a += " hai" + std::to_string(s) + "=\"" + id_list(hands_[si], true) + "\"";
    }
    for (int p = 0; p < seats_; ++p) scores_[static_cast<std::size_t>(p)] += d.deltas[static_cast<std::size_t>(p)];
    if (i + 1 == r.events.size() && last_round_) a += owari();
    o_ += a + " />";
    return true;
  }

  // The game's end: each seat's final score as the record states it (the
  // sticks left on the table given to the top) and its points as Tenhou counts them: the score less the
  // return (30,000; 40,000 with three players) in thousands, rounded at the
  // hundreds with 5 down and 6 up on the absolute value, plus the uma
  // (+20 +10 -10 -20; +20 0 -20 with three); the top takes what makes the
  // sum zero (the oka). Ties go to the seat nearer the first dealer.
  std::string owari() const {
    const std::array<std::int32_t, 4> final_scores = g_.final_scores.value_or(scores_);
    std::array<int, 4> order{0, 1, 2, 3};
    std::stable_sort(order.begin(), order.begin() + seats_, [&](int a, int b) {
      return final_scores[static_cast<std::size_t>(a)] > final_scores[static_cast<std::size_t>(b)];
    });
    const bool three = seats_ == 3;
    const std::int32_t back = three ? 40000 : 30000;
    static constexpr std::array<int, 4> uma4 = {20, 10, -10, -20};
    static constexpr std::array<int, 3> uma3 = {20, 0, -20};
    std::array<int, 4> points{};
    int others = 0;
    for (int place = 1; place < seats_; ++place) {
      const auto seat = static_cast<std::size_t>(order[static_cast<std::size_t>(place)]);
      const std::int32_t x = final_scores[seat] - back;
      const int thousands = (x < 0 ? -1 : 1) * static_cast<int>(((x < 0 ? -x : x) + 400) / 1000);
      points[seat] =
          thousands + (three ? uma3[static_cast<std::size_t>(place)] : uma4[static_cast<std::size_t>(place)]);
      others += points[seat];
    }
    points[static_cast<std::size_t>(order[0])] = -others;
    std::string s = " owari=\"";
    for (int p = 0; p < 4; ++p) {
      const bool seated = p < seats_;
      s += (p ? "," : "") + hundreds(seated ? final_scores[static_cast<std::size_t>(p)] : 0) + "," +
           std::to_string(seated ? points[static_cast<std::size_t>(p)] : 0) + ".0";
    }
    return s + "\"";
  }

  const Game& g_;
  const int seats_;
  const Round* r_ = nullptr;
  std::size_t round_index_ = 0;
  std::vector<WinScore> scores_of_wins_;
  bool last_round_ = false;
  std::string o_;
  std::string where_, why_;
  std::array<bool, 136> used_{};
  std::array<std::vector<int>, 4> hands_;
  std::array<std::vector<MeldCode>, 4> melds_;
  std::array<int, 4> last_draw_{-1, -1, -1, -1};
  int last_tile_ = -1;  // the id last discarded, added to a kan, set aside or melded closed
  std::vector<int> dora_, ura_;
  std::array<std::int32_t, 4> scores_{};
  int sticks_ = 0;
};

}  // namespace

bool mjlog_text(const Game& game, std::string& text, std::string& error) { return Writer(game).run(text, error); }

}  // namespace mjk::records::detail
