// mjai JSONL: one event object a line ("type": start_game, start_kyoku,
// tsumo, dahai, chi, pon, daiminkan, kakan, ankan, dora, reach,
// reach_accepted, hora, ryukyoku, end_kyoku, end_game; "nukidora" for a
// north set aside). Places are line numbers. hora may carry the details mjk's
// writer adds ("fu", "han", "points", "yakuman", "limit", "yaku", "pao", and
// "hora_tehais", the hand an mjlog win shows); without them only its deltas
// are checked. start_game may state "kuitan" and "hanchan" (mjk's writer).
#include <algorithm>
#include <array>
#include <string>
#include <utility>

#include "common.hpp"
#include "mjk/json.hpp"

namespace mjk::records {
namespace {

using json::Value;

class Reader : detail::ReaderBase {
 public:
  Reader(std::string_view text, std::string file) : ReaderBase(text, std::move(file), Format::mjai) {}

  ReadResult run() {
    std::size_t start = 0;
    bool any = false;
    while (start < text_.size()) {
      std::size_t end = text_.find('\n', start);
      if (end == std::string_view::npos) end = text_.size();
      ++line_;
      const std::string_view line = text_.substr(start, end - start);
      if (line.find_first_not_of(" \t\r") != std::string_view::npos) {
        Value v;
        json::ParseError perr;
        if (!json::parse(line, v, perr, static_cast<std::uint32_t>(start)))
          return fail(perr.offset, "malformed JSON: " + perr.what);
        if (!event(v)) return std::move(result_);
        any = true;
      }
      start = end + 1;
    }
    if (!any) return fail(0, "empty record");
    if (result_.game.rounds.empty()) return fail(text_.size(), "an mjai record without start_kyoku");
    result_.game.rules.length_stated = length_named_;
    if (!length_named_) detail::east_only_if_ended_in_east(result_.game);
    return std::move(result_);
  }

 private:
  using ReaderBase::error;
  bool error(const Value& v, std::string what) { return error(v.offset, std::move(what)); }

  const Value* member(const Value& v, std::string_view key, Value::Type type) {
    const Value* m = v.find(key);
    if (!m || m->type != type) {
      error(v, "\"" + std::string(key) + "\" missing or of the wrong type");
      return nullptr;
    }
    return m;
  }
  bool seat(const Value& v, std::string_view key, std::uint8_t& out) {
    const Value* m = member(v, key, Value::Type::number);
    if (!m) return false;
    if (!m->is_int() || m->as_int() < 0 || m->as_int() >= result_.game.rules.seats())
      return error(*m, "\"" + std::string(key) + "\" is not a seat of this game");
    out = static_cast<std::uint8_t>(m->as_int());
    return true;
  }
  bool tile(const Value& v, RecordTile& out) {
    if (v.type != Value::Type::string) return error(v, "a tile is a string such as \"5mr\"");
    const auto t = detail::from_mjai(v.string);
    if (!t) return error(v, "\"" + v.string + "\" is not a tile");
    out = *t;
    return true;
  }
  bool tile_member(const Value& v, std::string_view key, RecordTile& out) {
    const Value* m = member(v, key, Value::Type::string);
    return m && tile(*m, out);
  }
  bool tile_list(const Value& v, std::vector<RecordTile>& out) {
    if (v.type != Value::Type::array) return error(v, "expected an array of tiles");
    for (const Value& t : v.items) {
      RecordTile rt;
      if (!tile(t, rt)) return false;
      out.push_back(rt);
    }
    return true;
  }
  bool deltas(const Value& v, std::array<std::int32_t, 4>& out) {
    const Value* d = v.find("deltas");
    if (!d) return true;
    if (d->type != Value::Type::array || d->items.size() < static_cast<std::size_t>(result_.game.rules.seats()))
      return error(v, "\"deltas\" is not an array of one integer per player");
    for (std::size_t i = 0; i < d->items.size() && i < 4; ++i) {
      if (!d->items[i].is_int() || d->items[i].as_int() < -10000000 || d->items[i].as_int() > 10000000)
        return error(d->items[i], "a delta is not an integer");
      out[i] = static_cast<std::int32_t>(d->items[i].as_int());
    }
    return true;
  }
  Round* round(const Value& v, bool hora) {
    if (result_.game.rounds.empty() || (result_.game.rounds.back().ended() && !(hora && double_ron_open_))) {
      error(v, "an event outside a round (before start_kyoku or after its result)");
      return nullptr;
    }
    return &result_.game.rounds.back();
  }
  void push(Round& r, Event e) {
    e.where = line_;
    detail::normalise(e);
    r.events.push_back(e);
  }

  bool event(const Value& v) {
    if (v.type != Value::Type::object) return error(v, "an mjai event is a JSON object");
    const Value* type = member(v, "type", Value::Type::string);
    if (!type) return false;
    const std::string& t = type->string;
    if (t == "start_game") {
      if (const Value* aka = v.find("aka_flag"); aka && aka->type == Value::Type::boolean)
        result_.game.rules.red_fives = aka->boolean;
      if (const Value* names = v.find("names"); names && names->type == Value::Type::array) {
        if (names->items.size() == 3) result_.game.rules.players = Players::three;
        for (std::size_t s = 0; s < std::min<std::size_t>(4, names->items.size()); ++s)
          if (names->items[s].type == Value::Type::string) result_.game.names[s] = names->items[s].string;
      }
      if (const Value* p = v.find("players"); p && p->is_int() && p->as_int() == 3)
        result_.game.rules.players = Players::three;
      // mjk's writer states the rest of the rules too.
      if (const Value* k = v.find("kuitan"); k && k->type == Value::Type::boolean)
        result_.game.rules.open_tanyao = k->boolean;
      if (const Value* h = v.find("hanchan"); h && h->type == Value::Type::boolean) {
        result_.game.rules.hanchan = h->boolean;
        length_named_ = true;
      }
      if (const Value* s = v.find("server"); s && s->type == Value::Type::string && s->string == "mahjong_soul")
        result_.game.rules.server = Server::mahjong_soul;
      return true;
    }
    if (t == "start_kyoku") return start_kyoku(v);
    // end_game with the final scores (as mjk and the engine write it) states
    // the game's end; without them it states nothing (excerpts end so too).
    if (t == "end_game" && v.find("scores")) {
      std::array<std::int32_t, 4> scores{};
      if (!score_list(*v.find("scores"), scores)) return false;
      result_.game.final_scores = scores;
    }
    if (t == "end_kyoku" || t == "end_game" || t == "none") {
      double_ron_open_ = false;
      return true;
    }
    Round* r = round(v, t == "hora");
    if (!r) return false;
    Event e;
    if (t == "tsumo" || t == "dahai") {
      e.kind = t == "tsumo" ? EventKind::draw : EventKind::discard;
      if (!seat(v, "actor", e.seat) || !tile_member(v, "pai", e.tiles[0])) return false;
      e.tile_count = 1;
      if (const Value* g = v.find("tsumogiri"); g && g->type == Value::Type::boolean) e.tsumogiri = g->boolean;
    } else if (t == "chi" || t == "pon" || t == "daiminkan" || t == "kakan" || t == "ankan") {
      e.kind = t == "chi"         ? EventKind::chi
               : t == "pon"       ? EventKind::pon
               : t == "daiminkan" ? EventKind::minkan
               : t == "kakan"     ? EventKind::kakan
                                  : EventKind::ankan;
      if (!seat(v, "actor", e.seat)) return false;
      e.from = e.seat;
      if (e.kind != EventKind::ankan && e.kind != EventKind::kakan && !seat(v, "target", e.from)) return false;
      std::vector<RecordTile> tiles;
      if (e.kind != EventKind::ankan) {
        RecordTile p;
        if (!tile_member(v, "pai", p)) return false;
        tiles.push_back(p);
      }
      const Value* consumed = member(v, "consumed", Value::Type::array);
      if (!consumed || !tile_list(*consumed, tiles)) return false;
      const std::size_t want = e.kind == EventKind::chi || e.kind == EventKind::pon ? 3 : 4;
      if (tiles.size() != want) return error(v, t + " needs " + std::to_string(want) + " tiles in pai and consumed");
      for (std::size_t i = 0; i < tiles.size(); ++i) e.tiles[i] = tiles[i];
      e.tile_count = static_cast<std::uint8_t>(tiles.size());
    } else if (t == "nukidora") {
      e.kind = EventKind::nuki;
      if (!seat(v, "actor", e.seat) || !tile_member(v, "pai", e.tiles[0])) return false;
      e.tile_count = 1;
    } else if (t == "dora") {
      e.kind = EventKind::dora;
      if (!tile_member(v, "dora_marker", e.tiles[0])) return false;
      e.tile_count = 1;
    } else if (t == "reach" || t == "reach_accepted") {
      e.kind = t == "reach" ? EventKind::riichi : EventKind::riichi_accepted;
      if (!seat(v, "actor", e.seat)) return false;
    } else if (t == "hora") {
      Win w;
      if (!seat(v, "actor", w.seat) || !seat(v, "target", w.from)) return false;
      if (!deltas(v, w.deltas)) return false;
      if (const Value* u = v.find("ura_markers"); u && !tile_list(*u, w.ura)) return false;
      if (const Value* p = v.find("pai")) {
        RecordTile pt;
        if (!tile(*p, pt)) return false;
        w.tile = pt;
      }
      if (const Value* h = v.find("hora_tehais"); h && !tile_list(*h, w.hand)) return false;
      if (const Value* p = v.find("pao");
          p && p->is_int() && p->as_int() >= 0 && p->as_int() < result_.game.rules.seats())
        w.pao = static_cast<std::int8_t>(p->as_int());
      if (!details(v, w)) return false;
      e.kind = EventKind::win;
      e.seat = w.seat;
      e.from = w.from;
      e.result = static_cast<std::uint16_t>(r->wins.size());
      r->wins.push_back(std::move(w));
      double_ron_open_ = true;  // a second hora may follow
    } else if (t == "ryukyoku") {
      if (r->ended()) return error(v, "ryukyoku after the round's result");
      Draw d;
      if (!deltas(v, d.deltas)) return false;
      const Value* reason = v.find("reason");
      const std::string why = reason && reason->type == Value::Type::string ? reason->string : "";
      if (why == "kyushukyuhai" || why == "nine_terminals") d.kind = DrawKind::nine_terminals;
      else if (why == "suuchariichi" || why == "four_riichi") d.kind = DrawKind::four_riichi;
      else if (why == "suufonrenda" || why == "four_winds") d.kind = DrawKind::four_winds;
      else if (why == "suukaikan" || why == "four_kans") d.kind = DrawKind::four_kans;
      else if (why == "sanchaho" || why == "triple_ron") d.kind = DrawKind::triple_ron;
      else if (why == "nagashimangan" || why == "nagashi_mangan") d.kind = DrawKind::nagashi_mangan;
      if (const Value* tp = v.find("tenpais"); tp && tp->type == Value::Type::array)
        for (std::size_t i = 0; i < tp->items.size() && i < 4; ++i)
          if (tp->items[i].type == Value::Type::boolean) d.tenpai[i] = tp->items[i].boolean ? 1 : 0;
      r->draw = d;
      e.kind = EventKind::exhaustive;
    } else {
      return true;  // other mjai events (hello, error, ...) carry nothing the replay needs
    }
    push(*r, e);
    return true;
  }

  // mjk's writer adds fu / han / points / yaku to hora.
  bool details(const Value& v, Win& w) {
    const Value* fu = v.find("fu");
    const Value* han = v.find("han");
    const Value* points = v.find("points");
    if (!fu || !han || !points) return true;
    if (!fu->is_int() || !han->is_int() || !points->is_int() || fu->as_int() < 0 || fu->as_int() > 255 ||
        han->as_int() < 0 || han->as_int() > 255)
      return error(v, "hora's fu, han or points is not an integer in range");
    w.detailed = true;
    w.fu = static_cast<std::uint8_t>(fu->as_int());
    w.han = static_cast<std::uint8_t>(han->as_int());
    w.points = static_cast<std::int32_t>(points->as_int());
    if (const Value* y = v.find("yakuman"); y && y->is_int() && y->as_int() >= 0 && y->as_int() < 64)
      w.yakuman = static_cast<std::uint8_t>(y->as_int());
    if (const Value* l = v.find("limit")) {
      for (int k = 1; k < static_cast<int>(Limit::count); ++k)
        if (l->type == Value::Type::string && display_name(static_cast<Limit>(k)).id == l->string)
          w.limit = static_cast<Limit>(k);
      if (w.limit == Limit::none) return error(*l, "hora's limit is not mangan, haneman, ... sextuple_yakuman");
    }
    if (const Value* list = v.find("yaku"); list && list->type == Value::Type::array) {
      for (const Value& item : list->items) {
        if (item.type != Value::Type::array || item.items.size() != 3 || item.items[0].type != Value::Type::string ||
            !item.items[1].is_int() || !item.items[2].is_int())
          return error(item, "a yaku is [name, han, yakuman]");
        Yaku found = Yaku::count;
        for (int k = 0; k < yaku_count; ++k)
          if (yaku_name(static_cast<Yaku>(k)) == item.items[0].string) {
            found = static_cast<Yaku>(k);
            if (item.items[2].as_int() == 0 || is_yakuman(found)) break;
          }
        if (found == Yaku::count) return error(item, "unknown yaku \"" + item.items[0].string + "\"");
        w.yaku.push_back({found, static_cast<std::uint8_t>(item.items[1].as_int() & 0xff),
                          static_cast<std::uint8_t>(item.items[2].as_int() & 0xff)});
      }
    }
    return true;
  }

  // "scores": a score (an integer) per seat, by seat.
  bool score_list(const Value& v, std::array<std::int32_t, 4>& out) {
    if (v.type != Value::Type::array) return error(v, "scores is not an array");
    for (std::size_t i = 0; i < v.items.size() && i < 4; ++i) {
      if (!v.items[i].is_int() || v.items[i].as_int() < -10000000 || v.items[i].as_int() > 10000000)
        return error(v.items[i], "a score is not an integer");
      out[i] = static_cast<std::int32_t>(v.items[i].as_int());
    }
    return true;
  }

  bool start_kyoku(const Value& v) {
    if (result_.game.final_scores) return error(v, "start_kyoku after the game's end (end_game with scores)");
    double_ron_open_ = false;
    Round r;
    r.where = line_;
    const Value* bakaze = member(v, "bakaze", Value::Type::string);
    if (!bakaze) return false;
    const auto wind = std::string_view("ESWN").find(bakaze->string.empty() ? '?' : bakaze->string[0]);
    if (bakaze->string.size() != 1 || wind == std::string_view::npos)
      return error(*bakaze, "bakaze is not E, S, W or N");
    r.wind = static_cast<std::uint8_t>(wind);
    const Value* tehais = member(v, "tehais", Value::Type::array);
    if (!tehais) return false;
    std::size_t players = 0;
    for (const Value& h : tehais->items)
      if (h.type == Value::Type::array && !h.items.empty()) ++players;
    if (players != 3 && players != 4) return error(*tehais, "tehais deals to neither three nor four players");
    result_.game.rules.players = players == 3 ? Players::three : Players::four;
    if (!seat(v, "oya", r.dealer)) return false;
    for (const char* key : {"honba", "kyotaku"}) {
      const Value* n = member(v, key, Value::Type::number);
      if (!n) return false;
      if (!n->is_int() || n->as_int() < 0 || n->as_int() > 255) return error(*n, std::string(key) + " out of range");
      (key[0] == 'h' ? r.honba : r.sticks) = static_cast<std::uint8_t>(n->as_int());
    }
    if (const Value* k = v.find("kyoku"); k && k->is_int() && k->as_int() - 1 != r.dealer)
      return error(*k, "kyoku differs from oya + 1");
    if (!tile_member(v, "dora_marker", r.dora)) return false;
    if (const Value* scores = v.find("scores");
        scores && scores->type == Value::Type::array && !score_list(*scores, r.scores))
      return false;
    for (std::size_t s = 0; s < players; ++s) {
      if (!tile_list(tehais->items[s], r.deal[s])) return false;
      if (r.deal[s].size() != 13)
        return error(tehais->items[s], "a deal of " + std::to_string(r.deal[s].size()) + " tiles, not 13");
    }
    result_.game.rounds.push_back(std::move(r));
    return true;
  }

  bool length_named_ = false;  // start_game states "hanchan"
  std::uint32_t line_ = 0;
  bool double_ron_open_ = false;
};

}  // namespace

ReadResult read_mjai(std::string_view text, std::string file) { return Reader(text, std::move(file)).run(); }

}  // namespace mjk::records
