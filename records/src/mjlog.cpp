// Tenhou mjlog XML: a flat sequence of tags under <mjloggm>. Draws are
// T/U/V/W<id>, discards D/E/F/G<id> (seats 0-3), tile ids 0-135.
#include <array>
#include <cctype>
#include <charconv>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "common.hpp"

namespace mjk::records {
namespace {

using detail::from_tile_id;

struct Attribute {
  std::string_view name, value;
};

struct Tag {
  std::string_view name;
  std::vector<Attribute> attributes;
  std::size_t offset = 0;
  bool closing = false;  // </name>
  [[nodiscard]] const std::string_view* find(std::string_view key) const {
    for (const auto& a : attributes)
      if (a.name == key) return &a.value;
    return nullptr;
  }
};

// Where one of the 136 tiles of a round is, and how it came into the round.
enum class Spot : std::uint8_t { wall, hand, river, meld, aside, indicator };
enum class Origin : std::uint8_t { dealt, drawn, indicator };
struct Whereabouts {
  Spot spot = Spot::wall;
  Origin origin = Origin::dealt;
  std::uint8_t seat = 0;
};

// mjlog names every physical tile by its id (0-135); the reader follows each
// id through the round, so a tile in two places (dealt twice, drawn while a
// player holds it, discarded by a player who does not hold it) is an error
// naming the id, where the replay, which counts kinds, could see nothing.
class Reader : detail::ReaderBase {
 public:
  Reader(std::string_view text, std::string file) : ReaderBase(text, std::move(file), Format::mjlog) {}

  ReadResult run() {
    Tag tag;
    bool closed = false;
    while (next_tag(tag)) {
      if (tag.closing) {
        if (tag.name == "mjloggm") closed = true;
        continue;
      }
      if (!handle(tag)) return std::move(result_);
    }
    if (result_.error) return std::move(result_);
    if (!started_) return fail(text_.size(), "not an mjlog record: no <mjloggm> tag");
    if (!closed) return fail(text_.size(), "truncated: the record ends before its closing </mjloggm> tag");
    return std::move(result_);
  }

 private:
  // The next tag, its attributes split; false at the end or on malformed XML (error set).
  bool next_tag(Tag& tag) {
    tag.attributes.clear();
    tag.closing = false;
    const std::size_t lt = text_.find('<', pos_);
    if (lt == std::string_view::npos) return false;
    tag.offset = lt;
    std::size_t i = lt + 1;
    if (i < text_.size() && text_[i] == '?') {  // <?xml ...?>
      const std::size_t end = text_.find("?>", i);
      if (end == std::string_view::npos) return error(lt, "an XML declaration without its closing '?>'");
      pos_ = end + 2;
      return next_tag(tag);
    }
    if (i < text_.size() && text_[i] == '/') {
      tag.closing = true;
      ++i;
    }
    const std::size_t name_start = i;
    while (i < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[i])))) ++i;
    tag.name = text_.substr(name_start, i - name_start);
    if (tag.name.empty()) return error(lt, "a '<' not followed by a tag name");
    while (true) {
      while (i < text_.size() && (text_[i] == ' ' || text_[i] == '\t' || text_[i] == '\n' || text_[i] == '\r')) ++i;
      if (i >= text_.size()) return error(lt, "truncated: the tag <" + std::string(tag.name) + "> is not closed");
      if (text_[i] == '>') {
        pos_ = i + 1;
        return true;
      }
      if (text_[i] == '/' && i + 1 < text_.size() && text_[i + 1] == '>') {
        pos_ = i + 2;
        return true;
      }
      const std::size_t an = i;
      while (i < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[i])) || text_[i] == '_')) ++i;
      if (i == an) return error(i, "unexpected character in the tag <" + std::string(tag.name) + ">");
      const std::string_view name = text_.substr(an, i - an);
      if (i + 1 >= text_.size() || text_[i] != '=' || text_[i + 1] != '"')
        return error(i, "attribute " + std::string(name) + " without =\"value\"");
      i += 2;
      const std::size_t close = text_.find('"', i);
      if (close == std::string_view::npos)
        return error(an, "truncated: attribute " + std::string(name) + " has no closing quote");
      tag.attributes.push_back({name, text_.substr(i, close - i)});
      i = close + 1;
    }
  }

  // Comma-separated integers.
  static constexpr std::int64_t max_number = 10'000'000;
  bool ints(const Tag& tag, std::string_view key, std::vector<std::int64_t>& out, bool required = true) {
    out.clear();
    const std::string_view* v = tag.find(key);
    if (!v) {
      if (required)
        return error(tag.offset, "<" + std::string(tag.name) + "> without its " + std::string(key) + " attribute");
      return true;
    }
    std::string_view s = *v;
    while (!s.empty()) {
      const std::size_t comma = s.find(',');
      const std::string_view part = s.substr(0, comma);
      // Tenhou writes owari's figures as "-20.0"; take the integer part.
      std::int64_t n = 0;
      const char* b = part.data();
      const char* e = part.data() + part.size();
      const auto r = std::from_chars(b, e, n);
      if (r.ec != std::errc() || (r.ptr != e && *r.ptr != '.'))
        return error(tag.offset, "<" + std::string(tag.name) + "> " + std::string(key) + "=\"" + std::string(*v) +
                                     "\": not a list of integers");
      // Every number of a record (ids, meld codes, scores in hundreds) is far
      // below this; a larger one is garbage, and scores * 100 must fit 32 bits.
      if (n < -max_number || n > max_number)
        return error(tag.offset, "<" + std::string(tag.name) + "> " + std::string(key) + ": a number out of range");
      out.push_back(n);
      if (comma == std::string_view::npos) break;
      s.remove_prefix(comma + 1);
    }
    return true;
  }
  bool tile(const Tag& tag, std::int64_t id, RecordTile& out) {
    const auto t = from_tile_id(id, result_.game.rules.red_fives);
    if (!t)
      return error(tag.offset,
                   "tile id " + std::to_string(id) + " out of range 0-135 in <" + std::string(tag.name) + ">");
    out = *t;
    return true;
  }
  bool seat(const Tag& tag, std::string_view key, std::uint8_t& out) {
    std::vector<std::int64_t> v;
    if (!ints(tag, key, v)) return false;
    if (v.size() != 1 || v[0] < 0 || v[0] >= result_.game.rules.seats())
      return error(tag.offset, "<" + std::string(tag.name) + "> " + std::string(key) + " is not a seat of this game");
    out = static_cast<std::uint8_t>(v[0]);
    return true;
  }
  Round* round(const Tag& tag) {
    if (result_.game.rounds.empty()) {
      error(tag.offset, "<" + std::string(tag.name) + "> before the first <INIT>");
      return nullptr;
    }
    return &result_.game.rounds.back();
  }
  void push(Round& r, Event e, const Tag& tag) {
    e.where = static_cast<std::uint32_t>(tag.offset);
    detail::normalise(e);
    r.events.push_back(e);
  }

  // An id in the wrong place, named with the round and the event it is at
  // ("E1-0 event 12: ", "E1-0 deal: "). Past the deal it is a rule broken
  // at that event: the game read so far (the round's events before it) is
  // handed on with the place, for the review to replay up to it.
  bool misplaced(const Tag& tag, const Round& r, bool deal, std::string what) {
    if (result_.error) return false;
    const std::string label = round_label(r);
    const auto event = static_cast<std::uint32_t>(r.events.size());
    if (!deal) result_.rule_broken = Disagreement{result_.game.file, label, event, what};
    return error(tag.offset, label + (deal ? " deal: " : " event " + std::to_string(event) + ": ") + what);
  }
  static const char* origin_text(Origin o) {
    return o == Origin::dealt ? "dealt" : o == Origin::drawn ? "drawn" : "shown as a dora indicator";
  }
  std::string where_text(std::int64_t id) const {
    const Whereabouts& w = tiles_[static_cast<std::size_t>(id)];
    const std::string seat = "seat " + std::to_string(w.seat);
    switch (w.spot) {
      case Spot::wall: return "it was never dealt nor drawn";
      case Spot::hand: return seat + " holds it";
      case Spot::river: return seat + " discarded it";
      case Spot::meld: return "it is in a meld of " + seat;
      case Spot::aside: return seat + " set it aside";
      case Spot::indicator: return "it is a dora indicator";
    }
    return {};
  }
  // A tile comes into round r (dealt, drawn, shown as an indicator): its id
  // must still be in the wall.
  bool enter(const Tag& tag, const Round& r, std::int64_t id, Origin origin, Spot spot, int seat) {
    Whereabouts& w = tiles_[static_cast<std::size_t>(id)];
    if (w.spot != Spot::wall) {
      const std::string verb = origin_text(origin);
      return misplaced(
          tag, r, tag.name == "INIT",
          "tile id " + std::to_string(id) + " " + verb +
              (w.origin == origin ? " twice" : ", but it was already " + std::string(origin_text(w.origin))));
    }
    w = {spot, origin, static_cast<std::uint8_t>(seat)};
    return true;
  }
  // A tile moves (discarded, called, melded, set aside): it must be where
  // the record put it before. what(): who does what, made only for an error.
  template <class What>
  bool move(const Tag& tag, const Round& r, std::int64_t id, Spot from, int from_seat, Spot to, int seat, What&& what) {
    Whereabouts& w = tiles_[static_cast<std::size_t>(id)];
    if (w.spot != from || w.seat != from_seat)
      return misplaced(tag, r, false, what() + " tile id " + std::to_string(id) + ", but " + where_text(id));
    w.spot = to;
    w.seat = static_cast<std::uint8_t>(seat);
    return true;
  }

  bool handle(const Tag& tag) {
    const std::string_view n = tag.name;
    if (n == "mjloggm") {
      started_ = true;
      return true;
    }
    if (!started_) return error(tag.offset, "not an mjlog record: <" + std::string(n) + "> before <mjloggm>");
    if (n == "GO") return go(tag);
    if (n == "INIT") return init(tag);
    if (n.size() >= 2 && std::strchr("TUVWDEFG", n[0]) && std::isdigit(static_cast<unsigned char>(n[1])))
      return draw_or_discard(tag);
    if (n == "N") return call(tag);
    if (n == "REACH") return reach(tag);
    if (n == "DORA") return dora(tag);
    if (n == "AGARI") return agari(tag);
    if (n == "RYUUKYOKU") return ryuukyoku(tag);
    if (n == "UN") return names(tag);
    return true;  // SHUFFLE, TAIKYOKU, BYE: nothing the replay needs
  }

  // <UN n0="%E3%81%82" ...>: the players' names, percent-encoded UTF-8 (a
  // reconnection repeats UN without names: those are kept).
  bool names(const Tag& tag) {
    const auto hex = [](char c) {
      return std::isxdigit(static_cast<unsigned char>(c)) ? (c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10) : -1;
    };
    for (std::size_t s = 0; s < 4; ++s) {
      const std::string_view* v = tag.find("n" + std::to_string(s));
      if (!v || v->empty()) continue;
      std::string& name = result_.game.names[s] = {};
      for (std::size_t i = 0; i < v->size(); ++i) {
        const bool escape = (*v)[i] == '%' && i + 2 < v->size() && hex((*v)[i + 1]) >= 0 && hex((*v)[i + 2]) >= 0;
        name += escape ? static_cast<char>(hex((*v)[i + 1]) * 16 + hex((*v)[i + 2])) : (*v)[i];
        if (escape) i += 2;
      }
    }
    return true;
  }

  bool go(const Tag& tag) {
    std::vector<std::int64_t> v;
    if (!ints(tag, "type", v)) return false;
    if (v.size() != 1) return error(tag.offset, "<GO> type is not one integer");
    GameRules& r = result_.game.rules;
    r.red_fives = !(v[0] & 0x02);
    r.open_tanyao = !(v[0] & 0x04);
    r.hanchan = (v[0] & 0x08) != 0;
    r.players = (v[0] & 0x10) ? Players::three : Players::four;
    r.server = Server::tenhou;
    return true;
  }

  bool init(const Tag& tag) {
    if (result_.game.final_scores) return error(tag.offset, "<INIT> after the game's end (owari)");
    std::vector<std::int64_t> seed, ten, oya;
    if (!ints(tag, "seed", seed) || !ints(tag, "ten", ten) || !ints(tag, "oya", oya)) return false;
    if (seed.size() != 6)
      return error(tag.offset, "<INIT> seed needs six numbers (round, honba, sticks, dice, dice, dora)");
    const int seats = result_.game.rules.seats();
    if (seed[0] < 0 || seed[0] >= 16 || seed[1] < 0 || seed[1] > 255 || seed[2] < 0 || seed[2] > 255)
      return error(tag.offset, "<INIT> seed's round, honba or sticks out of range");
    if (static_cast<int>(ten.size()) < seats) return error(tag.offset, "<INIT> ten has fewer scores than players");
    if (oya.size() != 1 || oya[0] < 0 || oya[0] >= seats)
      return error(tag.offset, "<INIT> oya is not a seat of this game");
    Round r;
    r.wind = static_cast<std::uint8_t>(seed[0] / 4);
    r.dealer = static_cast<std::uint8_t>(oya[0]);
    if (seed[0] % 4 != oya[0]) return error(tag.offset, "<INIT> oya differs from the round number in seed");
    r.honba = static_cast<std::uint8_t>(seed[1]);
    r.sticks = static_cast<std::uint8_t>(seed[2]);
    for (int s = 0; s < seats; ++s)
      r.scores[static_cast<std::size_t>(s)] = static_cast<std::int32_t>(ten[static_cast<std::size_t>(s)] * 100);
    tiles_.fill({});
    if (!tile(tag, seed[5], r.dora) || !enter(tag, r, seed[5], Origin::indicator, Spot::indicator, 0)) return false;
    for (int s = 0; s < seats; ++s) {
      std::vector<std::int64_t> ids;
      const std::string key = "hai" + std::to_string(s);
      if (!ints(tag, key, ids)) return false;
      if (ids.size() != 13)
        return error(tag.offset, "<INIT> " + key + " deals " + std::to_string(ids.size()) + " tiles, not 13");
      for (const auto id : ids) {
        RecordTile t;
        if (!tile(tag, id, t) || !enter(tag, r, id, Origin::dealt, Spot::hand, s)) return false;
        r.deal[static_cast<std::size_t>(s)].push_back(t);
      }
    }
    r.where = static_cast<std::uint32_t>(tag.offset);
    result_.game.rounds.push_back(std::move(r));
    last_draw_.fill(-1);
    return true;
  }

  bool draw_or_discard(const Tag& tag) {
    Round* r = round(tag);
    if (!r) return false;
    if (r->ended()) return error(tag.offset, "<" + std::string(tag.name) + "> after the round's result");
    const char c = tag.name[0];
    const bool draw = c >= 'T' && c <= 'W';
    const int seat = draw ? c - 'T' : c - 'D';
    if (seat >= result_.game.rules.seats())
      return error(tag.offset, "<" + std::string(tag.name) + "> names a seat this game does not have");
    std::int64_t id = 0;
    const auto digits = tag.name.substr(1);
    const auto res = std::from_chars(digits.data(), digits.data() + digits.size(), id);
    if (res.ec != std::errc() || res.ptr != digits.data() + digits.size())
      return error(tag.offset, "<" + std::string(tag.name) + ">: not a tile id");
    Event e;
    e.kind = draw ? EventKind::draw : EventKind::discard;
    e.seat = static_cast<std::uint8_t>(seat);
    e.tile_count = 1;
    if (!tile(tag, id, e.tiles[0])) return false;
    if (draw ? !enter(tag, *r, id, Origin::drawn, Spot::hand, seat)
             : !move(tag, *r, id, Spot::hand, seat, Spot::river, seat,
                     [&] { return "seat " + std::to_string(seat) + " discards"; }))
      return false;
    const auto s = static_cast<std::size_t>(seat);
    if (draw) {
      last_draw_[s] = id;
    } else {
      e.tsumogiri = last_draw_[s] == id;
      last_draw_[s] = -1;
    }
    push(*r, e, tag);
    return true;
  }

  // The 16-bit meld code of <N m="...">.
  bool call(const Tag& tag) {
    Round* r = round(tag);
    if (!r) return false;
    if (r->ended()) return error(tag.offset, "<N> after the round's result");
    Event e;
    if (!seat(tag, "who", e.seat)) return false;
    std::vector<std::int64_t> v;
    if (!ints(tag, "m", v)) return false;
    if (v.size() != 1 || v[0] < 0 || v[0] > 0xffff) return error(tag.offset, "<N> m is not a 16-bit meld code");
    const auto m = static_cast<std::uint32_t>(v[0]);
    const int seats = result_.game.rules.seats();
    // The discarder is `relative` seats after the caller (1 shimocha, 2
    // toimen, 3 kamicha), counted over four seats with three players too:
    // Tenhou keeps the empty North seat in the count, so West calling
    // East's discard is 2, not 1.
    const int relative = static_cast<int>(m & 3);
    const int from = (e.seat + relative) % 4;
    e.from = static_cast<std::uint8_t>(from);
    std::array<std::int64_t, 4> ids{};
    int called = 0;  // index in ids of the called (or added) tile
    if (m & 0x4) {   // chi
      e.kind = EventKind::chi;
      std::uint32_t t = m >> 10;
      const std::uint32_t which = t % 3;
      t /= 3;
      const std::uint32_t base = (t / 7) * 9 + t % 7;
      if (t >= 21) return error(tag.offset, "<N> m: a chi beyond the suits");
      for (std::uint32_t i = 0; i < 3; ++i) ids[i] = (base + i) * 4 + ((m >> (3 + 2 * i)) & 3);
      called = static_cast<int>(which);
      e.tile_count = 3;
    } else if (m & 0x18) {  // pon (0x8) or added kan (0x10)
      std::uint32_t t = m >> 9;
      const std::uint32_t which = t % 3;
      t /= 3;
      if (t >= 34) return error(tag.offset, "<N> m: a pon of a kind beyond 34");
      const std::uint32_t unused = (m >> 5) & 3;
      int k = 0;
      for (std::uint32_t i = 0; i < 4; ++i)
        if (i != unused) ids[static_cast<std::size_t>(k++)] = t * 4 + i;
      if (m & 0x8) {
        e.kind = EventKind::pon;
        called = static_cast<int>(which);
        e.tile_count = 3;
      } else {
        e.kind = EventKind::kakan;
        ids[3] = t * 4 + unused;
        called = 3;
        e.tile_count = 4;
      }
    } else if (m & 0x20) {  // north set aside
      e.kind = EventKind::nuki;
      ids[0] = m >> 8;
      e.tile_count = 1;
      e.from = e.seat;
    } else {  // closed or open kan
      const std::uint32_t hai = m >> 8;
      if (hai >= 136) return error(tag.offset, "<N> m: a kan of a tile beyond 135");
      const std::uint32_t kind = hai / 4;
      for (std::uint32_t i = 0; i < 4; ++i) ids[i] = kind * 4 + i;
      called = static_cast<int>(hai % 4);
      e.kind = relative == 0 ? EventKind::ankan : EventKind::minkan;
      e.tile_count = 4;
      if (relative == 0) e.from = e.seat;
    }
    if ((e.kind == EventKind::chi || e.kind == EventKind::pon || e.kind == EventKind::minkan) && relative == 0)
      return error(tag.offset, "<N> m: a call of one's own discard");
    if (from >= seats && e.kind != EventKind::nuki && e.kind != EventKind::ankan)
      return error(tag.offset, "<N> m: seat " + std::to_string(e.seat) + " calls from seat " + std::to_string(from) +
                                   ", a seat this game does not have");
    // The called (added) tile first, then the others in id order.
    std::array<std::int64_t, 4> ordered{};
    ordered[0] = ids[static_cast<std::size_t>(called)];
    int k = 1;
    for (int i = 0; i < e.tile_count; ++i)
      if (i != called) ordered[static_cast<std::size_t>(k++)] = ids[static_cast<std::size_t>(i)];
    for (int i = 0; i < e.tile_count; ++i)
      if (!tile(tag, ordered[static_cast<std::size_t>(i)], e.tiles[static_cast<std::size_t>(i)])) return false;
    if (!follow_call(tag, *r, e, ordered)) return false;
    push(*r, e, tag);
    return true;
  }

  // The ids of a call: the called tile from the discarder's river, an added
  // tile and the tiles of a closed kan or a north from the hand, the rest of
  // an added kan from the caller's pon.
  bool follow_call(const Tag& tag, const Round& r, const Event& e, const std::array<std::int64_t, 4>& ids) {
    const auto who = [&](const char* does) { return [&e, does] { return "seat " + std::to_string(e.seat) + does; }; };
    for (int i = 0; i < e.tile_count; ++i) {
      const std::int64_t id = ids[static_cast<std::size_t>(i)];
      bool ok = true;
      if (e.kind == EventKind::nuki) {
        ok = move(tag, r, id, Spot::hand, e.seat, Spot::aside, e.seat, who(" sets aside"));
      } else if (e.kind == EventKind::ankan) {
        ok = move(tag, r, id, Spot::hand, e.seat, Spot::meld, e.seat, who(" declares a closed kan of"));
      } else if (e.kind == EventKind::kakan) {
        ok = i == 0 ? move(tag, r, id, Spot::hand, e.seat, Spot::meld, e.seat, who(" adds to a kan"))
                    : move(tag, r, id, Spot::meld, e.seat, Spot::meld, e.seat, who(" adds to a pon of"));
      } else if (i == 0) {
        ok = move(tag, r, id, Spot::river, e.from, Spot::meld, e.seat,
                  [&] { return "seat " + std::to_string(e.seat) + " calls from seat " + std::to_string(e.from); });
      } else {
        ok = move(tag, r, id, Spot::hand, e.seat, Spot::meld, e.seat, who(" calls with"));
      }
      if (!ok) return false;
    }
    return true;
  }

  bool reach(const Tag& tag) {
    Round* r = round(tag);
    if (!r) return false;
    Event e;
    if (!seat(tag, "who", e.seat)) return false;
    std::vector<std::int64_t> step;
    if (!ints(tag, "step", step)) return false;
    if (step.size() != 1 || (step[0] != 1 && step[0] != 2)) return error(tag.offset, "<REACH> step is neither 1 nor 2");
    e.kind = step[0] == 1 ? EventKind::riichi : EventKind::riichi_accepted;
    push(*r, e, tag);
    return true;
  }

  bool dora(const Tag& tag) {
    Round* r = round(tag);
    if (!r) return false;
    std::vector<std::int64_t> v;
    if (!ints(tag, "hai", v)) return false;
    if (v.size() != 1) return error(tag.offset, "<DORA> hai is not one tile id");
    Event e;
    e.kind = EventKind::dora;
    e.tile_count = 1;
    if (!tile(tag, v[0], e.tiles[0]) || !enter(tag, *r, v[0], Origin::indicator, Spot::indicator, 0)) return false;
    push(*r, e, tag);
    return true;
  }

  bool deltas(const Tag& tag, std::array<std::int32_t, 4>& out) {
    std::vector<std::int64_t> sc;
    if (!ints(tag, "sc", sc)) return false;
    const int seats = result_.game.rules.seats();
    if (static_cast<int>(sc.size()) < 2 * seats)
      return error(tag.offset, "<" + std::string(tag.name) + "> sc has fewer than two numbers per player");
    for (int s = 0; s < seats; ++s)
      out[static_cast<std::size_t>(s)] = static_cast<std::int32_t>(sc[static_cast<std::size_t>(2 * s + 1)] * 100);
    return true;
  }

  // owari="score,points,..." on the game's last result: the final scores (in
  // hundreds, the sticks left given to the top) and Tenhou's points, which
  // follow from them and are not kept.
  bool owari(const Tag& tag) {
    if (!tag.find("owari")) return true;
    std::vector<std::int64_t> v;
    if (!ints(tag, "owari", v)) return false;
    const int seats = result_.game.rules.seats();
    if (static_cast<int>(v.size()) < 2 * seats)
      return error(tag.offset, "<" + std::string(tag.name) + "> owari has fewer than two numbers per player");
    std::array<std::int32_t, 4> scores{};
    for (int s = 0; s < seats; ++s)
      scores[static_cast<std::size_t>(s)] = static_cast<std::int32_t>(v[static_cast<std::size_t>(2 * s)] * 100);
    result_.game.final_scores = scores;
    return true;
  }

  bool agari(const Tag& tag) {
    Round* r = round(tag);
    if (!r) return false;
    if (r->draw) return error(tag.offset, "<AGARI> after the round's draw");
    Win w;
    if (!seat(tag, "who", w.seat) || !seat(tag, "fromWho", w.from)) return false;
    std::vector<std::int64_t> v;
    if (!ints(tag, "paoWho", v, false)) return false;
    if (!v.empty()) {
      if (v[0] < 0 || v[0] >= result_.game.rules.seats()) return error(tag.offset, "<AGARI> paoWho is not a seat");
      w.pao = static_cast<std::int8_t>(v[0]);
    }
    if (!ints(tag, "hai", v)) return false;
    for (const auto id : v) {
      RecordTile t;
      if (!tile(tag, id, t)) return false;
      w.hand.push_back(t);
    }
    if (!ints(tag, "machi", v)) return false;
    if (v.size() != 1) return error(tag.offset, "<AGARI> machi is not one tile id");
    RecordTile win;
    if (!tile(tag, v[0], win)) return false;
    w.tile = win;
    if (!ints(tag, "ten", v)) return false;
    if (v.size() < 2) return error(tag.offset, "<AGARI> ten needs fu and points");
    w.detailed = true;
    w.fu = static_cast<std::uint8_t>(v[0] < 0 || v[0] > 255 ? 0 : v[0]);
    w.points = static_cast<std::int32_t>(v[1]);
    // ten's third figure names the limit: 0 none, 1 mangan ... 4 sanbaiman,
    // 5 yakuman (counted or not: stated_limit tells them apart below).
    if (v.size() >= 3 && v[2] >= 1 && v[2] <= 4) w.limit = static_cast<Limit>(v[2]);
    if (v.size() >= 3 && v[2] == 5) w.limit = Limit::yakuman;
    if (!ints(tag, "yaku", v, false)) return false;
    if (v.size() % 2) return error(tag.offset, "<AGARI> yaku is not a list of id,han pairs");
    for (std::size_t i = 0; i < v.size(); i += 2) {
      const auto y = detail::yaku_from_tenhou_id(v[i]);
      if (!y) return error(tag.offset, "<AGARI> yaku id " + std::to_string(v[i]) + " is unknown");
      if (v[i + 1] < 0 || v[i + 1] > 64) return error(tag.offset, "<AGARI> yaku han out of range");
      w.yaku.push_back({*y, static_cast<std::uint8_t>(v[i + 1]), 0});
      w.han = static_cast<std::uint8_t>(w.han + v[i + 1]);
    }
    if (!ints(tag, "yakuman", v, false)) return false;
    for (const auto id : v) {
      const auto y = detail::yaku_from_tenhou_id(id);
      if (!y) return error(tag.offset, "<AGARI> yakuman id " + std::to_string(id) + " is unknown");
      w.yaku.push_back({*y, 0, 1});
      ++w.yakuman;
    }
    if (w.yakuman) w.fu = 0, w.han = 0;
    w.limit = detail::stated_limit(w.limit, w.yakuman);
    if (!ints(tag, "doraHaiUra", v, false)) return false;
    for (const auto id : v) {
      RecordTile t;
      if (!tile(tag, id, t)) return false;
      w.ura.push_back(t);
    }
    if (!deltas(tag, w.deltas) || !owari(tag)) return false;
    Event e;
    e.kind = EventKind::win;
    e.seat = w.seat;
    e.from = w.from;
    e.result = static_cast<std::uint16_t>(r->wins.size());
    r->wins.push_back(std::move(w));
    push(*r, e, tag);
    return true;
  }

  bool ryuukyoku(const Tag& tag) {
    Round* r = round(tag);
    if (!r) return false;
    if (r->ended()) return error(tag.offset, "<RYUUKYOKU> after the round's result");
    Draw d;
    const std::string_view* type = tag.find("type");
    if (!type) d.kind = DrawKind::exhaustive;
    else if (*type == "yao9") d.kind = DrawKind::nine_terminals;
    else if (*type == "reach4") d.kind = DrawKind::four_riichi;
    else if (*type == "ron3") d.kind = DrawKind::triple_ron;
    else if (*type == "kan4") d.kind = DrawKind::four_kans;
    else if (*type == "kaze4") d.kind = DrawKind::four_winds;
    else if (*type == "nm") d.kind = DrawKind::nagashi_mangan;
    else return error(tag.offset, "<RYUUKYOKU> type \"" + std::string(*type) + "\" is unknown");
    if (d.kind == DrawKind::exhaustive || d.kind == DrawKind::nagashi_mangan)
      for (int s = 0; s < result_.game.rules.seats(); ++s)
        d.tenpai[static_cast<std::size_t>(s)] = tag.find("hai" + std::to_string(s)) ? 1 : 0;
    if (!deltas(tag, d.deltas) || !owari(tag)) return false;
    r->draw = d;
    Event e;
    e.kind = EventKind::exhaustive;
    push(*r, e, tag);
    return true;
  }

  std::size_t pos_ = 0;
  bool started_ = false;
  std::array<std::int64_t, 4> last_draw_{-1, -1, -1, -1};
  std::array<Whereabouts, 136> tiles_{};
};

}  // namespace

ReadResult read_mjlog(std::string_view text, std::string file) { return Reader(text, std::move(file)).run(); }

}  // namespace mjk::records
