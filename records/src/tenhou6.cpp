// tenhou.net/6 JSON: per round the header, the scores, the dora and ura
// indicators, per seat the deal, the draws (with the calls) and the discards
// (with riichi, kans and norths set aside), then the result. The order of
// the events between seats is not written: it is rebuilt by playing the
// round, and where a discard could have been called by more than one seat
// (or the call belongs to a later identical discard) each order is tried
// until one plays every entry (several records can only be read that way).
// Files holding one game per line (mjx's exports) are read as one game.
#include <algorithm>
#include <array>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "common.hpp"
#include "mjk/json.hpp"

namespace mjk::records {
namespace {

using json::Value;

// One entry of a draws or discards column.
struct Entry {
  // riichi_stop: a lone "r", the riichi a record stops on before its discard (mjk writes it; Tenhou writes no such round)
  enum class Kind : std::uint8_t {
    tile,
    tsumogiri,
    placeholder,
    riichi,
    riichi_stop,
    chi,
    pon,
    minkan,
    kakan,
    ankan,
    nuki
  };
  Kind kind = Kind::tile;
  RecordTile tile;                // tile: the tile; riichi: the discard; calls: the called / added tile
  bool riichi_tsumogiri = false;  // "r60"
  std::uint8_t offset = 0;        // calls: the discarder's seat is seat + offset (mod 4)
  std::uint8_t count = 0;
  std::array<RecordTile, 4> tiles{};  // the called (added) tile first
  std::uint32_t where = 0;
};

struct Column {
  std::vector<Entry> entries;
};

constexpr int max_branch_steps = 200000;  // a bound on the call-order search

class Reader : detail::ReaderBase {
 public:
  Reader(std::string_view text, std::string file) : ReaderBase(text, std::move(file), Format::tenhou6) {}

  ReadResult run() {
    Value doc;
    json::ParseError perr;
    if (json::parse(text_, doc, perr)) {
      if (!game(doc, true)) return std::move(result_);
      return finish();
    }
    // One game object per line (mjx's mjscore files): the rounds follow each other.
    const json::ParseError whole = perr;
    std::size_t start = 0;
    bool any = false;
    while (start < text_.size()) {
      std::size_t end = text_.find('\n', start);
      if (end == std::string_view::npos) end = text_.size();
      const std::string_view line = text_.substr(start, end - start);
      if (line.find_first_not_of(" \t\r") != std::string_view::npos) {
        Value v;
        if (!json::parse(line, v, perr, static_cast<std::uint32_t>(start))) {
          if (!any) perr = whole;
          return fail(perr.offset, "malformed JSON: " + perr.what);
        }
        if (!game(v, !any)) return std::move(result_);
        any = true;
      }
      start = end + 1;
    }
    if (!any) return fail(0, "empty record");
    return finish();
  }

 private:
  ReadResult finish() {
    if (result_.game.rounds.empty()) return fail(0, "a tenhou.net/6 record without rounds");
    result_.game.rules.length_stated = length_named_;
    if (!length_named_) detail::east_only_if_ended_in_east(result_.game);
    return std::move(result_);
  }

  bool game(const Value& v, bool first) {
    if (v.type != Value::Type::object) return error(v.offset, "a tenhou.net/6 record is a JSON object");
    const Value* log = v.find("log");
    if (!log || log->type != Value::Type::array) return error(v.offset, "no \"log\" array of rounds");
    if (result_.game.final_scores && !log->items.empty())
      return error(log->offset, "rounds after the game's end (\"sc\")");
    if (first) {
      if (const Value* names = v.find("name"); names && names->type == Value::Type::array)
        for (std::size_t s = 0; s < std::min<std::size_t>(4, names->items.size()); ++s)
          if (names->items[s].type == Value::Type::string) result_.game.names[s] = names->items[s].string;
      GameRules& rules = result_.game.rules;
      rules.red_fives = true;
      rules.server = Server::tenhou;
      if (const Value* rule = v.find("rule"); rule && rule->type == Value::Type::object) {
        if (const Value* disp = rule->find("disp"); disp && disp->type == Value::Type::string) {
          const std::string& d = disp->string;
          if (d.find("の間") != std::string::npos || d.find("Room") != std::string::npos ||
              d.find("Jade") != std::string::npos || d.find("Gold") != std::string::npos ||
              d.find("Throne") != std::string::npos)
            rules.server = Server::mahjong_soul;
          if (d.rfind("三", 0) == 0) rules.players = Players::three;
          rules.hanchan = d.find("東") == std::string::npos;
          length_named_ = !rules.hanchan || d.find("南") != std::string::npos;
          // Tenhou names its rules in the room's title: no 喰 is no open tanyao.
          if (rules.server == Server::tenhou &&
              (d.find("南") != std::string::npos || d.find("東") != std::string::npos) &&
              d.find("喰") == std::string::npos)
            rules.open_tanyao = false;
        }
        if (const Value* aka = rule->find("aka"); aka && aka->is_int()) rules.red_fives = aka->as_int() != 0;
        if (rule->find("aka51") || rule->find("aka52") || rule->find("aka53")) rules.red_fives = true;
      }
      // Three players: the fourth seat's columns are empty (or its score is 0).
      if (!log->items.empty()) {
        const Value& r0 = log->items[0];
        if (r0.type == Value::Type::array && r0.items.size() >= 16) {
          const Value& deal3 = r0.items[4 + 3 * 3];
          if (deal3.type == Value::Type::array && deal3.items.empty()) result_.game.rules.players = Players::three;
        }
      }
    }
    for (const Value& r : log->items)
      if (!round(r)) return false;
    const Value* sc = v.find("sc");  // the game's end (tenhou6_final_scores)
    if (sc) result_.game.final_scores = detail::tenhou6_final_scores(*sc, result_.game.rules.seats());
    return !sc || result_.game.final_scores || error(sc->offset, "\"sc\" is not a score and points per player");
  }

  bool tile(const Value& v, RecordTile& out) {
    if (!v.is_int()) return error(v.offset, "expected a tile code");
    const auto t = detail::from_tenhou6_code(v.as_int());
    if (!t)
      return error(v.offset,
                   "tile code " + std::to_string(v.as_int()) + " out of range (11-19, 21-29, 31-39, 41-47, 51-53)");
    out = *t;
    return true;
  }
  bool tiles(const Value& v, std::vector<RecordTile>& out, const char* what) {
    if (v.type != Value::Type::array) return error(v.offset, std::string(what) + " is not an array of tiles");
    for (const Value& t : v.items) {
      RecordTile rt;
      if (!tile(t, rt)) return false;
      out.push_back(rt);
    }
    return true;
  }
  bool ints(const Value& v, std::size_t n, std::array<std::int32_t, 4>& out, const char* what) {
    if (v.type != Value::Type::array || v.items.size() < n)
      return error(v.offset, std::string(what) + " is not an array of " + std::to_string(n) + " integers");
    for (std::size_t i = 0; i < n && i < 4; ++i) {
      if (!v.items[i].is_int() || v.items[i].as_int() < -10000000 || v.items[i].as_int() > 10000000)
        return error(v.items[i].offset, std::string(what) + " holds something that is not an integer");
      out[i] = static_cast<std::int32_t>(v.items[i].as_int());
    }
    return true;
  }

  // "c275226", "47p4747", "26m262626", "k52252525", "424242a42", "r35", "f44".
  bool call_string(const Value& v, Entry& e) {
    const std::string& s = v.string;
    e.where = v.offset;
    if (s == "r") {
      e.kind = Entry::Kind::riichi_stop;
      return true;
    }
    std::size_t marker = std::string::npos;
    for (std::size_t i = 0; i < s.size(); ++i)
      if (s[i] < '0' || s[i] > '9') {
        if (marker != std::string::npos) return error(v.offset, "\"" + s + "\": more than one letter in a call");
        marker = i;
      }
    if (marker == std::string::npos || marker % 2)
      return error(v.offset, "\"" + s + "\": not a call, riichi, kan or north");
    const char m = s[marker];
    std::string digits = s.substr(0, marker) + s.substr(marker + 1);
    if (digits.size() % 2 || digits.empty()) return error(v.offset, "\"" + s + "\": tile codes are two digits each");
    std::vector<RecordTile> codes;
    for (std::size_t i = 0; i < digits.size(); i += 2) {
      const int code = (digits[i] - '0') * 10 + (digits[i + 1] - '0');
      if (m == 'r' && code == 60) {
        e.riichi_tsumogiri = true;
        codes.push_back({});
        continue;
      }
      const auto t = detail::from_tenhou6_code(code);
      if (!t) return error(v.offset, "\"" + s + "\": tile code " + std::to_string(code) + " out of range");
      codes.push_back(*t);
    }
    const std::size_t before = marker / 2;  // codes written before the letter
    auto expect = [&](std::size_t n) {
      if (codes.size() == n) return true;
      return error(v.offset, "\"" + s + "\": " + std::to_string(n) + " tiles expected");
    };
    // The marked tile (right after the letter) first, then the rest in order.
    e.count = static_cast<std::uint8_t>(std::min<std::size_t>(codes.size(), 4));
    if (codes.size() <= 4) {
      e.tiles[0] = codes[before < codes.size() ? before : 0];
      std::size_t k = 1;
      for (std::size_t i = 0; i < codes.size(); ++i)
        if (i != before) e.tiles[k++] = codes[i];
    }
    e.tile = e.tiles[0];
    switch (m) {
      case 'r': e.kind = Entry::Kind::riichi; return expect(1);
      case 'f': e.kind = Entry::Kind::nuki; return expect(1);
      case 'c':
        e.kind = Entry::Kind::chi;
        e.offset = 3;
        if (!expect(3)) return false;
        return before == 0 || error(v.offset, "\"" + s + "\": a chi is called from the previous seat only");
      case 'p':
        e.kind = Entry::Kind::pon;
        if (!expect(3)) return false;
        if (before > 2) return error(v.offset, "\"" + s + "\": the letter of a pon is at position 0, 2 or 4");
        e.offset = static_cast<std::uint8_t>(3 - before);
        return true;
      case 'm':
        e.kind = Entry::Kind::minkan;
        if (!expect(4)) return false;
        if (before != 0 && before != 1 && before != 3)
          return error(v.offset, "\"" + s + "\": the letter of an open kan is at position 0, 2 or 6");
        e.offset = static_cast<std::uint8_t>(before == 0 ? 3 : before == 1 ? 2 : 1);
        return true;
      case 'k': e.kind = Entry::Kind::kakan; return expect(4);
      case 'a': e.kind = Entry::Kind::ankan; return expect(4);
      default: return error(v.offset, "\"" + s + "\": unknown letter '" + std::string(1, m) + "'");
    }
  }

  bool column(const Value& v, Column& out, bool discards) {
    if (v.type != Value::Type::array)
      return error(v.offset, discards ? "a discards column is not an array" : "a draws column is not an array");
    for (const Value& item : v.items) {
      Entry e;
      e.where = item.offset;
      if (item.type == Value::Type::string) {
        if (!call_string(item, e)) return false;
        const bool in_discards = e.kind == Entry::Kind::riichi || e.kind == Entry::Kind::riichi_stop ||
                                 e.kind == Entry::Kind::kakan || e.kind == Entry::Kind::ankan ||
                                 e.kind == Entry::Kind::nuki;
        if (in_discards != discards)
          return error(item.offset, "\"" + item.string + "\" in the " + (discards ? "discards" : "draws") + " column");
      } else if (discards && item.is_int() && item.as_int() == 60) {
        e.kind = Entry::Kind::tsumogiri;
      } else if (discards && item.is_int() && item.as_int() == 0) {
        e.kind = Entry::Kind::placeholder;
      } else {
        if (!tile(item, e.tile)) return false;
      }
      out.entries.push_back(e);
    }
    return true;
  }

  // "30符4飜7700点", "満貫2000-4000点", "1300点∀", "役満32000点".
  bool points_text(const Value& v, Win& w, std::array<std::int32_t, 2>& parts, bool& all) {
    const std::string& s = v.string;
    all = s.find("∀") != std::string::npos;
    std::vector<std::int64_t> numbers;
    std::int64_t cur = -1;
    for (const char c : s) {
      if (c >= '0' && c <= '9') {
        cur = (cur < 0 ? 0 : cur * 10) + (c - '0');
        if (cur > 100000000) return error(v.offset, "\"" + s + "\": a number too large");
      } else if (cur >= 0) {
        numbers.push_back(cur);
        cur = -1;
      }
    }
    if (cur >= 0) numbers.push_back(cur);
    // The limit's word, the longer first: 三倍満 holds 倍満, 数え役満 役満.
    static constexpr std::array<std::pair<std::string_view, Limit>, 6> limits = {{{"三倍満", Limit::sanbaiman},
                                                                                  {"数え役満", Limit::kazoe_yakuman},
                                                                                  {"倍満", Limit::baiman},
                                                                                  {"跳満", Limit::haneman},
                                                                                  {"満貫", Limit::mangan},
                                                                                  {"役満", Limit::yakuman}}};
    for (const auto& [word, limit] : limits)
      if (s.find(word) != std::string::npos) {
        w.limit = limit;
        break;
      }
    const bool fu_han = s.find("符") != std::string::npos;
    if (fu_han) {
      if (numbers.size() < 3) return error(v.offset, "\"" + s + "\": fu, han and points expected");
      w.fu = static_cast<std::uint8_t>(std::min<std::int64_t>(numbers[0], 255));
      numbers.erase(numbers.begin(), numbers.begin() + 2);
    }
    if (numbers.empty() || numbers.size() > 2) return error(v.offset, "\"" + s + "\": not a points text");
    parts = {static_cast<std::int32_t>(numbers[0]), numbers.size() == 2 ? static_cast<std::int32_t>(numbers[1]) : -1};
    return true;
  }

  bool win_info(const Value& deltas, const Value& info, Round& r, Win& w) {
    const int seats = result_.game.rules.seats();
    if (!ints(deltas, static_cast<std::size_t>(seats), w.deltas, "a win's deltas")) return false;
    if (info.type != Value::Type::array || info.items.size() < 3)
      return error(info.offset, "a win's details need [who, from, pao, ...]");
    for (int i = 0; i < 3; ++i)
      if (!info.items[static_cast<std::size_t>(i)].is_int() || info.items[static_cast<std::size_t>(i)].as_int() < 0 ||
          info.items[static_cast<std::size_t>(i)].as_int() >= seats)
        return error(info.items[static_cast<std::size_t>(i)].offset, "a win's who / from / pao is not a seat");
    w.seat = static_cast<std::uint8_t>(info.items[0].as_int());
    w.from = static_cast<std::uint8_t>(info.items[1].as_int());
    const auto pao = info.items[2].as_int();
    w.pao = pao == w.seat ? -1 : static_cast<std::int8_t>(pao);
    if (info.items.size() < 4) return true;  // no points text: nothing more stated
    if (info.items[3].type != Value::Type::string)
      return error(info.items[3].offset, "a win's points text is not a string");
    std::array<std::int32_t, 2> parts{};
    bool all = false;
    if (!points_text(info.items[3], w, parts, all)) return false;
    w.detailed = true;
    // The hand's value, as paid without honba: ron X; tsumo a-b (others a, dealer b); a∀ from each.
    const bool dealer = w.seat == r.dealer;
    const int payers = seats - 1;
    if (w.seat != w.from) w.points = parts[0];
    else if (all || dealer) w.points = parts[0] * payers;
    else w.points = parts[0] * (payers - 1) + (parts[1] < 0 ? 0 : parts[1]);
    for (std::size_t i = 4; i < info.items.size(); ++i) {
      const Value& y = info.items[i];
      if (y.type != Value::Type::string) return error(y.offset, "a yaku is not a string");
      const std::string& s = y.string;
      const std::size_t paren = s.find('(');
      const std::string name = s.substr(0, paren);
      auto yaku = detail::yaku_from_name(name);
      if (!yaku) return error(y.offset, "unknown yaku \"" + s + "\"");
      StatedYaku sy{*yaku, 0, 0};
      if (s.find("役満") != std::string::npos) {
        sy.yakuman = s.find("ダブル") != std::string::npos || s.find("2倍") != std::string::npos ? 2 : 1;
        w.yakuman = static_cast<std::uint8_t>(w.yakuman + sy.yakuman);
      } else if (paren != std::string::npos) {
        int han = 0;
        // Digits past 255 are read as 255 (no overflow on a long run of them).
        for (std::size_t k = paren + 1; k < s.size() && s[k] >= '0' && s[k] <= '9'; ++k)
          han = std::min(han * 10 + (s[k] - '0'), 1000);
        sy.han = static_cast<std::uint8_t>(std::min(han, 255));
        w.han = static_cast<std::uint8_t>(w.han + sy.han);
      }
      w.yaku.push_back(sy);
    }
    if (w.yakuman) w.fu = 0, w.han = 0;
    w.limit = detail::stated_limit(w.limit, w.yakuman);
    return true;
  }

  bool result(const Value& v, Round& r) {
    if (v.type == Value::Type::array && v.items.empty())
      return true;  // mjk writes a round the record stops in with no result
    if (v.type != Value::Type::array || v.items.empty() || v.items[0].type != Value::Type::string)
      return error(v.offset, "a round's result is not [\"和了\" | \"流局\" | ..., ...]");
    const std::string& what = v.items[0].string;
    const int seats = result_.game.rules.seats();
    if (what == "和了") {
      if (v.items.size() < 3 || v.items.size() % 2 == 0)
        return error(v.offset, "\"和了\" needs deltas and details for each win");
      for (std::size_t i = 1; i + 1 < v.items.size(); i += 2) {
        Win w;
        if (!win_info(v.items[i], v.items[i + 1], r, w)) return false;
        r.wins.push_back(std::move(w));
      }
      return true;
    }
    Draw d;
    if (what == "流局" || what == "全員聴牌" || what == "全員不聴") d.kind = DrawKind::exhaustive;
    else if (what == "九種九牌") d.kind = DrawKind::nine_terminals;
    else if (what == "四家立直") d.kind = DrawKind::four_riichi;
    else if (what == "四風連打") d.kind = DrawKind::four_winds;
    else if (what == "四槓散了") d.kind = DrawKind::four_kans;
    else if (what == "三家和了") d.kind = DrawKind::triple_ron;
    else if (what == "流し満貫") d.kind = DrawKind::nagashi_mangan;
    else return error(v.items[0].offset, "unknown result \"" + what + "\"");
    if (v.items.size() >= 2 && !ints(v.items[1], static_cast<std::size_t>(seats), d.deltas, "a draw's deltas"))
      return false;
    if (d.kind == DrawKind::exhaustive) {
      // Only the deltas are written: a player who gains is tenpai, one who pays is not;
      // all zero: everyone or no one ("全員聴牌" / "全員不聴" say which).
      const bool any = std::any_of(d.deltas.begin(), d.deltas.begin() + seats, [](std::int32_t x) { return x != 0; });
      for (int s = 0; s < seats; ++s) {
        const auto i = static_cast<std::size_t>(s);
        if (any) d.tenpai[i] = d.deltas[i] > 0 ? 1 : 0;
        else if (what == "全員聴牌") d.tenpai[i] = 1;
        else if (what == "全員不聴") d.tenpai[i] = 0;
      }
    }
    r.draw = d;
    return true;
  }

  bool round(const Value& v) {
    const int seats = result_.game.rules.seats();
    if (v.type != Value::Type::array || v.items.size() < 17)
      return error(v.offset, "a round is an array of 17: header, scores, dora, ura, 3 columns per seat, result");
    Round r;
    r.where = v.offset;
    const Value& head = v.items[0];
    if (head.type != Value::Type::array || head.items.size() < 3 || !head.items[0].is_int() ||
        !head.items[1].is_int() || !head.items[2].is_int())
      return error(head.offset, "a round's header is not [round, honba, sticks]");
    const auto number = head.items[0].as_int(), honba = head.items[1].as_int(), sticks = head.items[2].as_int();
    if (number < 0 || number >= 16 || honba < 0 || honba > 255 || sticks < 0 || sticks > 255)
      return error(head.offset, "a round's header is out of range");
    r.wind = static_cast<std::uint8_t>(number / 4);
    r.dealer = static_cast<std::uint8_t>(number % 4);
    if (r.dealer >= seats) return error(head.offset, "the dealer is not a seat of this game");
    r.honba = static_cast<std::uint8_t>(honba);
    r.sticks = static_cast<std::uint8_t>(sticks);
    if (!ints(v.items[1], static_cast<std::size_t>(seats), r.scores, "the scores")) return false;
    std::vector<RecordTile> dora, ura;
    if (!tiles(v.items[2], dora, "the dora indicators") || !tiles(v.items[3], ura, "the ura indicators")) return false;
    if (dora.empty() || dora.size() > 5) return error(v.items[2].offset, "a round needs one to five dora indicators");
    if (ura.size() > 5) return error(v.items[3].offset, "more than five ura indicators");
    r.dora = dora[0];
    std::array<Column, 4> draws, discards;
    for (int s = 0; s < seats; ++s) {
      const auto i = static_cast<std::size_t>(s);
      if (!tiles(v.items[4 + 3 * i], r.deal[i], "a deal")) return false;
      if (r.deal[i].size() != 13)
        return error(v.items[4 + 3 * i].offset, "a deal of " + std::to_string(r.deal[i].size()) + " tiles, not 13");
      if (!column(v.items[5 + 3 * i], draws[i], false) || !column(v.items[6 + 3 * i], discards[i], true)) return false;
    }
    if (!result(v.items[16], r)) return false;
    if (!play(r, draws, discards, dora, v.offset)) return false;
    // One list of ura indicators a round: they are shown to the winners in riichi (as mjlog states them).
    for (auto& w : r.wins)
      if (std::any_of(r.events.begin(), r.events.end(),
                      [&](const Event& e) { return e.kind == EventKind::riichi && e.seat == w.seat; }))
        w.ura = ura;
    result_.game.rounds.push_back(std::move(r));
    return true;
  }

  // ---- rebuilding the order of events ----

  struct State {
    std::array<std::size_t, 4> take{}, drop{};
    std::array<std::array<std::uint8_t, 34>, 4> held{};
    std::array<std::array<std::uint8_t, 3>, 4> red{};
    std::array<RecordTile, 4> drawn{};
    std::size_t dora_shown = 1;
    // Open / added kans whose dora is not shown yet: as Tenhou's mjlog shows it,
    // right before the caller's discard, or right after the caller's next kan or north.
    int kans_pending_dora = 0;
  };
  struct Failure {
    std::size_t events = 0;
    std::uint32_t where = 0;
    std::string what;
    bool rule = false;          // a tile not held: a rule of the game broken, not the record's form
    std::vector<Event> played;  // rule: the events before it, in the order tried
  };

  bool play(Round& r, const std::array<Column, 4>& draws, const std::array<Column, 4>& discards,
            const std::vector<RecordTile>& dora, std::uint32_t where) {
    const int seats = result_.game.rules.seats();
    State s;
    for (int p = 0; p < seats; ++p)
      for (const RecordTile t : r.deal[static_cast<std::size_t>(p)]) add(s, p, t);
    draws_ = &draws;
    discards_ = &discards;
    dora_ = &dora;
    round_ = &r;
    events_.clear();
    pending_riichi_ = -1;
    best_ = Failure{0, where, "the events cannot be put in an order that plays them all", false, {}};
    steps_ = 0;
    if (!draw_phase(s, r.dealer, false)) {
      if (steps_ > max_branch_steps)
        return error(where, "the order of the calls could not be found within the search limit");
      if (best_.rule) return rule_broken(r);
      return error(best_.where, best_.what);
    }
    r.events = events_;
    // Win events carry the index of their win; double ron: in record order.
    return true;
  }

  // The deepest order tried stops at a tile not held: the round up to there
  // (the events played, without the result) ends the game handed on, and
  // the error names the round and the event.
  bool rule_broken(Round& r) {
    const std::string label = round_label(r);
    const auto event = static_cast<std::uint32_t>(best_.events);
    result_.rule_broken = Disagreement{result_.game.file, label, event, best_.what};
    error(best_.where, label + " event " + std::to_string(event) + ": " + best_.what);
    r.events = std::move(best_.played);
    r.wins.clear();
    r.draw.reset();
    result_.game.rounds.push_back(std::move(r));
    return false;
  }

  void add(State& s, int p, RecordTile t) {
    const auto i = static_cast<std::size_t>(p);
    ++s.held[i][static_cast<std::size_t>(t.tile.kind())];
    if (t.red) ++s.red[i][static_cast<std::size_t>(t.tile.kind() / 9)];
  }
  bool take_out(State& s, int p, RecordTile t) {
    const auto i = static_cast<std::size_t>(p);
    auto& n = s.held[i][static_cast<std::size_t>(t.tile.kind())];
    if (n == 0) return false;
    if (t.red) {
      auto& r = s.red[i][static_cast<std::size_t>(t.tile.kind() / 9)];
      if (r == 0) return false;
      --r;
    } else if (t.tile.kind() < 27 && t.tile.number() == 5 &&
               n == s.red[i][static_cast<std::size_t>(t.tile.kind() / 9)]) {
      return false;  // only the red copy is left
    }
    --n;
    return true;
  }
  bool failed(std::uint32_t at, std::string what, bool rule = false) {
    if (events_.size() < best_.events) return false;
    best_.events = events_.size();
    best_.where = at;
    best_.what = std::move(what);
    best_.rule = rule;
    if (rule) best_.played.assign(events_.begin(), events_.end());
    return false;
  }
  bool not_held(std::uint32_t at, int seat, const char* does, RecordTile t) {
    return failed(at, "seat " + std::to_string(seat) + " " + does + " " + tile_text(t) + ", a tile not held", true);
  }
  void emit(EventKind k, int seat, std::uint32_t at, std::initializer_list<RecordTile> tiles = {}, int from = -1,
            bool tsumogiri = false) {
    Event e;
    e.kind = k;
    e.seat = static_cast<std::uint8_t>(seat);
    e.from = static_cast<std::uint8_t>(from < 0 ? seat : from);
    e.tsumogiri = tsumogiri;
    for (const RecordTile t : tiles) e.tiles[e.tile_count++] = t;
    e.where = at;
    detail::normalise(e);
    events_.push_back(e);
  }
  void show_dora(State& s, std::uint32_t at) {
    if (s.dora_shown < dora_->size()) emit(EventKind::dora, 0, at, {(*dora_)[s.dora_shown++]});
  }

  void show_pending_dora(State& s, std::uint32_t at) {
    for (; s.kans_pending_dora > 0; --s.kans_pending_dora) show_dora(s, at);
  }

  // Every column played to its end.
  bool all_played(const State& s) const {
    for (int p = 0; p < result_.game.rules.seats(); ++p) {
      const auto i = static_cast<std::size_t>(p);
      if (s.take[i] != (*draws_)[i].entries.size() || s.drop[i] != (*discards_)[i].entries.size()) return false;
    }
    return true;
  }

  // The round ends here: the last event must be what the result says.
  bool end_round(State& s, int actor, bool after_discard, bool after_kan, std::uint32_t at) {
    if (!all_played(s)) return failed(at, "entries are left in the columns when the round ends");
    Round& r = *round_;
    if (!r.wins.empty()) {
      for (const Win& w : r.wins) {
        if (w.tsumo()) {
          if (after_discard || after_kan || w.seat != actor)
            return failed(at, "the round ends without the winner's draw");
        } else {
          if (!(after_discard || after_kan) || w.from != actor)
            return failed(at, "the round ends without the discard the win is on");
        }
      }
      // Indicators the record lists that no discard has shown yet (a kan right before the win) count too.
      while (s.dora_shown < dora_->size()) show_dora(s, at);
      for (std::size_t i = 0; i < r.wins.size(); ++i) {
        emit(EventKind::win, r.wins[i].seat, at, {}, r.wins[i].from);
        events_.back().result = static_cast<std::uint16_t>(i);
      }
      return true;
    }
    if (!r.draw) return true;  // the record stops here, before any result (a riichi discard not yet accepted)
    if (after_discard && pending_riichi_ >= 0) {
      emit(EventKind::riichi_accepted, pending_riichi_, at);
      pending_riichi_ = -1;
    }
    (void)s;
    emit(EventKind::exhaustive, 0, at);  // nobody's event (mjlog does not say who)
    return true;
  }

  bool budget() { return ++steps_ <= max_branch_steps; }

  // `actor` draws (rinshan after a kan or a north), then acts.
  bool draw_phase(State s, int actor, bool rinshan) {
    if (!budget()) return false;
    const auto i = static_cast<std::size_t>(actor);
    const auto& col = (*draws_)[i].entries;
    if (s.take[i] >= col.size()) return end_round(s, actor, false, false, 0) || failed(0, "a player has no draw left");
    const Entry& e = col[s.take[i]];
    if (e.kind != Entry::Kind::tile) return failed(e.where, "a call where the player draws");
    ++s.take[i];
    add(s, actor, e.tile);
    s.drawn[i] = e.tile;
    emit(EventKind::draw, actor, e.where, {e.tile});
    (void)rinshan;
    const std::size_t mark = events_.size();
    if (act_phase(s, actor)) return true;
    events_.resize(mark);
    return false;
  }

  // After a draw: discard, riichi, closed or added kan, north.
  bool act_phase(State s, int actor) {
    const auto i = static_cast<std::size_t>(actor);
    const auto& col = (*discards_)[i].entries;
    if (s.drop[i] >= col.size()) return end_round(s, actor, false, false, 0);
    const Entry& e = col[s.drop[i]];
    ++s.drop[i];
    switch (e.kind) {
      case Entry::Kind::tile:
      case Entry::Kind::tsumogiri:
      case Entry::Kind::riichi: {
        const bool riichi = e.kind == Entry::Kind::riichi;
        const bool tsumogiri = e.kind == Entry::Kind::tsumogiri || (riichi && e.riichi_tsumogiri);
        const RecordTile t = tsumogiri ? s.drawn[i] : e.tile;
        if (!take_out(s, actor, t)) return not_held(e.where, actor, "discards", t);
        show_pending_dora(s, e.where);
        if (riichi) emit(EventKind::riichi, actor, e.where);
        emit(EventKind::discard, actor, e.where, {t}, -1, tsumogiri);
        if (riichi) pending_riichi_ = actor;
        return react_phase(s, actor, t, e.where);
      }
      case Entry::Kind::riichi_stop: {
        if (round_->ended()) return failed(e.where, "a riichi without its discard in a round with a result");
        emit(EventKind::riichi, actor, e.where);
        return end_round(s, actor, false, false, e.where);
      }
      case Entry::Kind::ankan: {
        for (const RecordTile t : e.tiles)
          if (!take_out(s, actor, t)) return not_held(e.where, actor, "declares a closed kan with", t);
        emit(EventKind::ankan, actor, e.where, {e.tiles[0], e.tiles[1], e.tiles[2], e.tiles[3]});
        show_pending_dora(s, e.where);
        show_dora(s, e.where);
        // A closed kan can be robbed only for thirteen orphans: the round may end here.
        if (all_played(s) && !round_->wins.empty() && !round_->wins[0].tsumo() && round_->wins[0].from == actor)
          return end_round(s, actor, false, true, e.where);
        return draw_phase(s, actor, true);
      }
      case Entry::Kind::kakan: {
        if (!take_out(s, actor, e.tiles[0])) return not_held(e.where, actor, "adds to a kan", e.tiles[0]);
        emit(EventKind::kakan, actor, e.where, {e.tiles[0], e.tiles[1], e.tiles[2], e.tiles[3]});
        show_pending_dora(s, e.where);
        if (all_played(s) && !round_->wins.empty() && !round_->wins[0].tsumo() && round_->wins[0].from == actor)
          return end_round(s, actor, false, true, e.where);  // robbed: chankan
        ++s.kans_pending_dora;
        return draw_phase(s, actor, true);
      }
      case Entry::Kind::nuki: {
        if (!take_out(s, actor, e.tile)) return not_held(e.where, actor, "sets aside", e.tile);
        emit(EventKind::nuki, actor, e.where, {e.tile});
        // An open kan's indicator still pending: after the north, as after a kan (before the
        // replacement draw, so that a win on it counts it, as the engine plays it; the record
        // does not say, and no Tenhou record of the case is at hand).
        show_pending_dora(s, e.where);
        if (all_played(s) && !round_->wins.empty() && !round_->wins[0].tsumo() && round_->wins[0].from == actor)
          return end_round(s, actor, false, true, e.where);
        return draw_phase(s, actor, true);
      }
      default: return failed(e.where, "a call or a placeholder where the player discards");
    }
  }

  // After a call: the caller discards (no draw).
  bool discard_after_call(State s, int actor) {
    const auto i = static_cast<std::size_t>(actor);
    const auto& col = (*discards_)[i].entries;
    if (s.drop[i] >= col.size()) {
      if (!round_->ended()) return end_round(s, actor, false, false, 0);  // the record stops after the call
      return failed(0, "a player calls and has no discard left");
    }
    const Entry& e = col[s.drop[i]];
    if (e.kind != Entry::Kind::tile) return failed(e.where, "after a call the player discards a tile");
    ++s.drop[i];
    if (!take_out(s, actor, e.tile)) return not_held(e.where, actor, "discards", e.tile);
    emit(EventKind::discard, actor, e.where, {e.tile});
    return react_phase(s, actor, e.tile, e.where);
  }

  // A discard is on the table: a win on it, a call, or the next player draws.
  bool react_phase(State s, int discarder, RecordTile tile, std::uint32_t at) {
    if (!budget()) return false;
    const int seats = result_.game.rules.seats();
    const std::size_t mark = events_.size();
    const int riichi = pending_riichi_;
    auto restore = [&] {
      events_.resize(mark);
      pending_riichi_ = riichi;
    };
    if (all_played(s)) {
      if (end_round(s, discarder, true, false, at)) return true;
      restore();
      return false;
    }
    auto accept_riichi = [&] {
      if (pending_riichi_ >= 0) {
        emit(EventKind::riichi_accepted, pending_riichi_, at);
        pending_riichi_ = -1;
      }
    };
    // Calls: pon and open kan first, then chi; each a branch.
    for (int pass = 0; pass < 2; ++pass) {
      for (int k = 1; k < seats; ++k) {
        const int p = (discarder + k) % seats;
        const auto i = static_cast<std::size_t>(p);
        const auto& col = (*draws_)[i].entries;
        if (s.take[i] >= col.size()) continue;
        const Entry& e = col[s.take[i]];
        const bool is_chi = e.kind == Entry::Kind::chi;
        if (e.kind != Entry::Kind::pon && e.kind != Entry::Kind::minkan && !is_chi) continue;
        if ((pass == 0) == is_chi) continue;
        if ((p + e.offset) % 4 != discarder) continue;
        if (!(e.tile == tile)) continue;
        State t = s;
        ++t.take[i];
        int c = 1;
        while (c < e.count && take_out(t, p, e.tiles[static_cast<std::size_t>(c)])) ++c;
        if (c < e.count) {
          not_held(e.where, p, "calls with", e.tiles[static_cast<std::size_t>(c)]);
          continue;
        }
        accept_riichi();
        const EventKind kind = is_chi                       ? EventKind::chi
                               : e.kind == Entry::Kind::pon ? EventKind::pon
                                                            : EventKind::minkan;
        Event ev;
        ev.kind = kind;
        ev.seat = static_cast<std::uint8_t>(p);
        ev.from = static_cast<std::uint8_t>(discarder);
        ev.tile_count = e.count;
        ev.tiles = e.tiles;
        ev.where = e.where;
        detail::normalise(ev);
        events_.push_back(ev);
        if (kind == EventKind::minkan) {
          // The discards column holds a 0 where the kan's caller would have discarded.
          const auto& drops = (*discards_)[i].entries;
          if (t.drop[i] < drops.size() && drops[t.drop[i]].kind == Entry::Kind::placeholder) ++t.drop[i];
          ++t.kans_pending_dora;
          if (draw_phase(t, p, true)) return true;
        } else {
          if (discard_after_call(t, p)) return true;
        }
        restore();
      }
    }
    accept_riichi();
    if (draw_phase(s, (discarder + 1) % seats, false)) return true;
    restore();
    return false;
  }

  bool length_named_ = false;  // the room names 東 or 南
  const std::array<Column, 4>* draws_ = nullptr;
  const std::array<Column, 4>* discards_ = nullptr;
  const std::vector<RecordTile>* dora_ = nullptr;
  Round* round_ = nullptr;
  std::vector<Event> events_;
  Failure best_;
  int steps_ = 0;
  int pending_riichi_ = -1;
};

}  // namespace

ReadResult read_tenhou6(std::string_view text, std::string file) { return Reader(text, std::move(file)).run(); }

}  // namespace mjk::records
