// Scoring requests for tests and benchmarks, built one way: a builder from
// readable text, the short forms the scorer's tests use, and fixed-seed
// generators of wins (wins_like_play, one_suit_wins).
//
//   ScoreRequest r = win("678m345p67s55s", "8s").chi("234m").seat(1).dora("9p");
//   ScoreRequest t = win("123m123p1z", "1z").chi("123s").pon("555z", Relative::toimen).tsumo();
//
// The hand is written as in a JSON request (SCORING.md §1): the concealed
// tiles WITHOUT the winning tile, in mpsz with 0 for a red five; melds are
// added in the order they were made. The builder checks only that its text
// spells what it is asked to build (a meld's tiles make its type); whether
// the request makes sense is validate()'s job, so contradictory requests
// (riichi on an open hand, a chi from toimen via meld()) can be built too.
// Text that does not parse throws std::invalid_argument naming the text.
#pragma once

#include <array>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "mjk/hand.hpp"
#include "mjk/score.hpp"

namespace mjk::test {

// The tiles of an mpsz string, in kind order ("0p" gives 5p), with how many red fives.
struct TileList {
  std::vector<Tile> tiles;
  int red = 0;
};

inline TileList tile_list(std::string_view text) {
  const Parsed<ParsedHand> parsed = parse_mpsz(text);
  if (!parsed.ok())
    throw std::invalid_argument("score_requests: '" + std::string(text) + "': " + parsed.error.message());
  TileList out;
  const Hand& h = parsed.value.hand;
  for (int k = 0; k < kind_count; ++k)
    for (int n = 0; n < h.count(Tile(k)); ++n) out.tiles.push_back(Tile(k));
  out.red = h.red_fives[0] + h.red_fives[1] + h.red_fives[2];
  return out;
}

// The tiles of an mpsz text as a Hand (red fives counted).
inline Hand tiles(std::string_view text) {
  if (text.empty()) return {};
  const Parsed<ParsedHand> parsed = parse_mpsz(text);
  if (!parsed.ok())
    throw std::invalid_argument("score_requests: '" + std::string(text) + "': " + parsed.error.message());
  return parsed.value.hand;
}

// A meld of `type` from its tiles ("234m", "0555p", "7777z"); throws unless
// the tiles make that type (a chi three consecutive tiles of one suit, a pon
// three equal tiles, a kan four).
inline Meld make_meld(MeldType type, std::string_view text, Relative from) {
  const TileList list = tile_list(text);
  const auto bad = [&](const char* why) {
    return std::invalid_argument("score_requests: meld '" + std::string(text) + "': " + why);
  };
  const std::size_t size = type == MeldType::chi || type == MeldType::pon ? 3 : 4;
  if (list.tiles.size() != size) throw bad(size == 3 ? "needs 3 tiles" : "needs 4 tiles");
  const Tile first = list.tiles.front();
  for (std::size_t i = 1; i < size; ++i) {
    const int step = type == MeldType::chi ? static_cast<int>(i) : 0;
    if (list.tiles[i].kind() != first.kind() + step || list.tiles[i].suit() != first.suit())
      throw bad(type == MeldType::chi ? "not a run of one suit" : "tiles differ");
  }
  if (type == MeldType::chi && first.is_honour()) throw bad("a run of honours");
  Meld m;
  m.type = type;
  m.tile = first;
  m.red = static_cast<std::uint8_t>(list.red);
  m.from = type == MeldType::ankan ? Relative::self : from;
  return m;
}

class RequestBuilder {
 public:
  // `hand`: the concealed tiles without the winning tile (any number: a
  // count that does not fit the melds is validate()'s to find); `winning`:
  // one tile ("8s", "0p").
  RequestBuilder(std::string_view hand, std::string_view winning) {
    r_.hand = tiles(hand);
    const TileList w = tile_list(winning);
    if (w.tiles.size() != 1)
      throw std::invalid_argument("score_requests: winning tile '" + std::string(winning) + "': not one tile");
    r_.win = w.tiles.front();
    r_.win_red = w.red == 1;
    r_.hand.add(r_.win);
    if (r_.win_red) ++r_.hand.red_fives[static_cast<std::size_t>(r_.win.kind() / 9)];
  }
  // Goes on from a request built already.
  explicit RequestBuilder(const ScoreRequest& r) : r_(r) {}

  // Called melds and closed kans, in the order they were made.
  RequestBuilder& chi(std::string_view tiles) { return meld(make_meld(MeldType::chi, tiles, Relative::kamicha)); }
  RequestBuilder& pon(std::string_view tiles, Relative from = Relative::kamicha) {
    return meld(make_meld(MeldType::pon, tiles, from));
  }
  RequestBuilder& minkan(std::string_view tiles, Relative from = Relative::kamicha) {
    return meld(make_meld(MeldType::minkan, tiles, from));
  }
  RequestBuilder& kakan(std::string_view tiles, Relative from = Relative::kamicha) {
    return meld(make_meld(MeldType::kakan, tiles, from));
  }
  RequestBuilder& ankan(std::string_view tiles) { return meld(make_meld(MeldType::ankan, tiles, Relative::self)); }
  // Any meld as given, malformed ones included (validate() should reject those).
  RequestBuilder& meld(Meld m) {
    if (r_.meld_count >= r_.melds.size()) throw std::invalid_argument("score_requests: more than four melds");
    r_.melds[r_.meld_count++] = m;
    return *this;
  }

  RequestBuilder& tsumo(bool on = true) {
    r_.tsumo = on;
    return *this;
  }
  RequestBuilder& ron(Relative from) {
    r_.tsumo = false;
    r_.from = from;
    return *this;
  }
  // Winds as numbers: 0 East (the dealer), 1 South, 2 West, 3 North.
  RequestBuilder& seat(int wind) {
    r_.seat = static_cast<std::uint8_t>(wind);
    return *this;
  }
  RequestBuilder& round(int wind) {
    r_.round = static_cast<std::uint8_t>(wind);
    return *this;
  }
  RequestBuilder& riichi(int kind = 1) {
    r_.riichi = static_cast<std::uint8_t>(kind);
    return *this;
  }
  RequestBuilder& ippatsu(bool on = true) {
    r_.ippatsu = on;
    return *this;
  }
  RequestBuilder& rinshan(bool on = true) {
    r_.rinshan = on;
    return *this;
  }
  RequestBuilder& chankan(bool on = true) {
    r_.chankan = on;
    return *this;
  }
  RequestBuilder& haitei(bool on = true) {
    r_.haitei = on;
    return *this;
  }
  RequestBuilder& tenhou(bool on = true) {
    r_.tenhou = on;
    return *this;
  }
  // Indicators in mpsz ("9p8p"); each call replaces the list.
  RequestBuilder& dora(std::string_view indicators) {
    r_.dora_count = indicator_list(indicators, r_.dora);
    return *this;
  }
  RequestBuilder& ura(std::string_view indicators) {
    r_.ura_count = indicator_list(indicators, r_.ura);
    return *this;
  }
  RequestBuilder& nuki(int north_tiles) {
    r_.nuki = static_cast<std::uint8_t>(north_tiles);
    return *this;
  }
  RequestBuilder& honba(int n) {
    r_.honba = static_cast<std::uint16_t>(n);
    return *this;
  }
  RequestBuilder& sticks(int n) {
    r_.sticks = static_cast<std::uint16_t>(n);
    return *this;
  }
  RequestBuilder& three_players() {
    r_.players = Players::three;
    return *this;
  }
  // Changes the rules: .rules([](ScoreRules& r) { r.kiriage = true; }).
  template <class Change>
  RequestBuilder& rules(Change change) {
    change(r_.rules);
    return *this;
  }

  [[nodiscard]] const ScoreRequest& request() const { return r_; }
  operator const ScoreRequest&() const { return r_; }  // NOLINT: builders convert implicitly

 private:
  static std::uint8_t indicator_list(std::string_view text, std::array<Tile, max_indicators>& out) {
    out = {};
    if (text.empty()) return 0;
    const TileList list = tile_list(text);
    if (list.tiles.size() > out.size())
      throw std::invalid_argument("score_requests: more than five indicators in '" + std::string(text) + "'");
    for (std::size_t i = 0; i < list.tiles.size(); ++i) out[i] = list.tiles[i];
    return static_cast<std::uint8_t>(list.tiles.size());
  }

  ScoreRequest r_;
};

// win("123678m345p67s55s", "8s"): a ron from kamicha by East in the East
// round with ScoreRequest's defaults, to be changed by the builder's calls.
inline RequestBuilder win(std::string_view hand, std::string_view winning) { return {hand, winning}; }

// A score in one line, for checks whose failure shows what differs:
//   "riichi tanyao ryanpeikou | 5 han 40 fu | 8000 | 0 8000 -8000 0"
//   "tsuuiisou suuankou_tanki | yakuman 3 | 96000 | -48000 96000 -24000 -24000"
//   "no yaku" / "not complete"
// Dora kinds show their count ("dora:2").
inline std::string describe(const Score& s) {
  if (!s.complete) return "not complete";
  if (s.yaku == 0) return "no yaku";
  std::string out;
  for (int i = 0; i < yaku_count; ++i) {
    const auto y = static_cast<Yaku>(i);
    if (!s.has(y)) continue;
    if (!out.empty()) out += ' ';
    out += yaku_name(y);
    if (y == Yaku::dora) out += ":" + std::to_string(s.dora);
    if (y == Yaku::aka) out += ":" + std::to_string(s.aka);
    if (y == Yaku::ura) out += ":" + std::to_string(s.ura);
    if (y == Yaku::nuki) out += ":" + std::to_string(s.nuki);
  }
  out += s.yakuman ? " | yakuman " + std::to_string(s.yakuman)
                   : " | " + std::to_string(s.han) + " han " + std::to_string(s.fu) + " fu";
  out += " | " + std::to_string(s.points) + " |";
  for (const std::int32_t p : s.payments) out += " " + std::to_string(p);
  return out;
}

// ---- the short forms (the scorer's known answers) ----

// SCORING.md §5's defaults: South seat, East round, dora indicator 9p, ron
// from kamicha (or tsumo); `hand` without the winning tile `winning` ("0p": a red five).
inline ScoreRequest request(std::string_view hand, std::string_view winning, bool tsumo = false) {
  return win(hand, winning).seat(1).dora("9p").tsumo(tsumo);
}

// Appends a meld: "234m" (chi), "555z" (pon), "5555p" / "5550p" (kan).
inline void meld(ScoreRequest& r, MeldType type, std::string_view text, Relative from = Relative::kamicha) {
  if (r.meld_count >= r.melds.size()) throw std::invalid_argument("score_requests: more than four melds");
  r.melds[r.meld_count++] = make_meld(type, text, from);
}

// Replaces the dora and ura indicators (mpsz; "" for none).
inline void indicators(ScoreRequest& r, std::string_view dora, std::string_view ura = "") {
  r = RequestBuilder(r).dora(dora).ura(ura);
}

// ---- realistic wins (benchmarks, random tests) ----
//
// The proportions are this generator's choice, meant to resemble real play:
// 40% riichi (3% of them double riichi, 15% ippatsu), 20% closed without
// riichi, 40% open with 1, 2, 3 or 4 calls (45/35/15/5%); open hands take a
// theme so that most have a yaku as real open wins do: a called yakuhai
// triplet (50%), all simples (30%) or one suit with honours (20%). Blocks
// are sequences 70% of the time; 5% of triplets are kans (called: minkan or
// kakan; closed: ankan). 35% tsumo, 65% ron from a random seat; 25% dealer
// wins; East round 70%, South 30%; red fives as they come from a wall with
// one red five per suit; one dora indicator plus one per kan, and as many
// ura indicators with riichi; honba 0/1/2/3 at 65/20/10/5%, riichi sticks
// 0/1/2 at 55/30/15%; haitei 2%, rinshan on 30% of tsumo wins with a kan.
// Every request validates and is complete.
inline std::vector<ScoreRequest> wins_like_play(std::uint64_t seed, std::size_t n) {
  std::mt19937_64 rng(seed);
  const auto pct = [&rng](int p) { return static_cast<int>(rng() % 100) < p; };
  const auto below = [&rng](int bound) { return static_cast<int>(rng() % static_cast<std::uint64_t>(bound)); };
  std::vector<ScoreRequest> out;
  out.reserve(n);
  while (out.size() < n) {
    std::array<int, kind_count> left;
    left.fill(4);
    std::array<bool, 3> red_left{true, true, true};
    ScoreRequest r;
    r.seat = static_cast<std::uint8_t>(pct(25) ? 0 : 1 + below(3));
    r.round = static_cast<std::uint8_t>(pct(70) ? 0 : 1);
    const int style = below(100);  // < 40 riichi, < 60 closed, else open
    const bool open = style >= 60;
    const int theme = open ? below(100) : 100;  // < 50 yakuhai, < 80 tanyao, < 100 honitsu; 100: any
    const int suit = below(3);
    // Kinds the theme allows, for a triplet or pair (any) or a sequence's first tile.
    const auto allowed = [&](int k, bool sequence) {
      if (sequence && (k >= 27 || k % 9 > 6)) return false;
      if (theme < 80 && theme >= 50) return k < 27 && k % 9 >= 1 && k % 9 <= (sequence ? 5 : 7);
      if (theme >= 80 && theme < 100) return k >= 27 || k / 9 == suit;
      return true;
    };
    struct Block {
      bool sequence;
      int kind;
      int size;
    };
    std::array<Block, 5> blocks{};  // [0] the head
    bool ok = true;
    for (int b = 0; b < 5 && ok; ++b) {
      const bool head = b == 0;
      const bool yakuhai = theme < 50 && b == 1;
      const bool sequence = !head && !yakuhai && pct(70);
      int k = -1;
      for (int attempt = 0; attempt < 64 && k < 0; ++attempt) {
        const int c = yakuhai ? (pct(60) ? 31 + below(3) : 27 + (pct(50) ? r.seat : r.round)) : below(kind_count);
        const int need = head ? 2 : 3;
        if (!allowed(c, sequence)) continue;
        if (sequence ? left[static_cast<std::size_t>(c)] && left[static_cast<std::size_t>(c + 1)] &&
                           left[static_cast<std::size_t>(c + 2)]
                     : left[static_cast<std::size_t>(c)] >= need)
          k = c;
      }
      if (k < 0) {
        ok = false;
        break;
      }
      const bool kan = !head && !sequence && left[static_cast<std::size_t>(k)] == 4 && pct(5);
      blocks[static_cast<std::size_t>(b)] = {sequence, k, head ? 2 : kan ? 4 : 3};
      if (sequence) {
        for (int i = 0; i < 3; ++i) left[static_cast<std::size_t>(k + i)] -= 1;
      } else {
        left[static_cast<std::size_t>(k)] -= blocks[static_cast<std::size_t>(b)].size;
      }
    }
    if (!ok) continue;
    const int calls = open ? (pct(45) ? 1 : pct(64) ? 2 : pct(75) ? 3 : 4) : 0;
    // Called blocks first (blocks 1..calls); kans outside them are closed kans.
    Hand concealed;
    std::array<int, 3> red{};
    std::array<int, 3> fives_taken{};  // of the suit's four fives, one red
    for (std::size_t b = 0; b < 5; ++b) {
      const Block& bl = blocks[b];
      const bool called = b >= 1 && static_cast<int>(b) <= calls;
      const bool ankan = !called && bl.size == 4;
      int meld_red = 0;
      for (int i = 0; i < (bl.sequence ? 3 : bl.size); ++i) {
        const int k = bl.sequence ? bl.kind + i : bl.kind;
        // A five is the red one with the chance a draw from the fives still
        // in the wall gives it: 1/4, then 1/3, ..., so four fives hold it.
        const bool five = k < 27 && k % 9 == 4;
        const int is_red = five && red_left[static_cast<std::size_t>(k / 9)] &&
                           below(4 - fives_taken[static_cast<std::size_t>(k / 9)]) == 0;
        if (five) ++fives_taken[static_cast<std::size_t>(k / 9)];
        if (is_red) red_left[static_cast<std::size_t>(k / 9)] = false;
        if (called || ankan) meld_red += is_red;
        else {
          concealed.add(Tile(k));
          red[static_cast<std::size_t>(k / 9 % 3)] += is_red;
        }
      }
      if (!called && !ankan) continue;
      Meld m;
      m.tile = Tile(bl.kind);
      m.red = static_cast<std::uint8_t>(meld_red);
      if (ankan) {
        m.type = MeldType::ankan;
        m.from = Relative::self;
      } else if (bl.sequence) {
        m.type = MeldType::chi;
        m.from = Relative::kamicha;
      } else {
        m.type = bl.size == 4 ? (pct(33) ? MeldType::kakan : MeldType::minkan) : MeldType::pon;
        m.from = static_cast<Relative>(1 + below(3));
      }
      r.melds[r.meld_count++] = m;
    }
    for (std::size_t s = 0; s < 3; ++s) concealed.red_fives[s] = static_cast<std::uint8_t>(red[s]);
    r.hand = concealed;
    // The winning tile: one of the concealed tiles, uniformly.
    int pick = below(concealed.tiles);
    for (int k = 0; k < kind_count; ++k) {
      pick -= concealed.count(Tile(k));
      if (pick < 0) {
        r.win = Tile(k);
        break;
      }
    }
    r.win_red = r.win.kind() < 27 && r.win.number() == 5 &&
                concealed.red_fives[static_cast<std::size_t>(r.win.kind() / 9)] && below(concealed.count(r.win)) == 0;
    r.tsumo = pct(35);
    r.from = static_cast<Relative>(1 + below(3));
    bool kan = false;
    for (std::size_t i = 0; i < r.meld_count; ++i) kan |= r.melds[i].is_kan();
    r.riichi = static_cast<std::uint8_t>(style < 40 ? (pct(3) ? 2 : 1) : 0);
    r.ippatsu = r.riichi && pct(15);
    r.rinshan = kan && r.tsumo && pct(30);
    r.haitei = !r.rinshan && pct(2);
    int kans = 0;
    for (std::size_t i = 0; i < r.meld_count; ++i) kans += r.melds[i].is_kan();
    const auto indicator = [&]() {
      for (;;) {
        const int k = below(kind_count);
        if (left[static_cast<std::size_t>(k)] > 0) {
          --left[static_cast<std::size_t>(k)];
          return Tile(k);
        }
      }
    };
    r.dora_count = static_cast<std::uint8_t>(1 + kans);
    for (std::size_t i = 0; i < r.dora_count; ++i) r.dora[i] = indicator();
    if (r.riichi) {
      r.ura_count = r.dora_count;
      for (std::size_t i = 0; i < r.ura_count; ++i) r.ura[i] = indicator();
    }
    r.honba = static_cast<std::uint16_t>(pct(65) ? 0 : pct(57) ? 1 : pct(67) ? 2 : 3);
    r.sticks = static_cast<std::uint16_t>(pct(55) ? 0 : pct(67) ? 1 : 2);
    if (validate(r)) continue;
    out.push_back(r);
  }
  return out;
}

// Closed one-suit wins (chinitsu: the most readings per hand), ron and tsumo in turn.
inline std::vector<ScoreRequest> one_suit_wins(std::uint64_t seed, std::size_t n) {
  std::mt19937_64 rng(seed);
  std::vector<ScoreRequest> out;
  while (out.size() < n) {
    std::array<int, 9> c{};
    int head = static_cast<int>(rng() % 9);
    c[static_cast<std::size_t>(head)] += 2;
    for (int b = 0; b < 4; ++b) {
      const int k = static_cast<int>(rng() % 16);
      if (k < 9) c[static_cast<std::size_t>(k)] += 3;
      else
        for (int i = 0; i < 3; ++i) ++c[static_cast<std::size_t>(k - 9 + i)];
    }
    bool legal = true;
    for (const int x : c) legal &= x <= 4;
    if (!legal) continue;
    ScoreRequest r;
    r.seat = 1;
    for (int k = 0; k < 9; ++k) r.hand.add(Tile(9 + k), c[static_cast<std::size_t>(k)]);
    int pick = static_cast<int>(rng() % 14);
    for (int k = 0; k < 9; ++k) {
      pick -= c[static_cast<std::size_t>(k)];
      if (pick < 0) {
        r.win = Tile(9 + k);
        break;
      }
    }
    r.tsumo = out.size() % 2;
    r.dora_count = 1;
    r.dora[0] = Tile(27);
    if (validate(r)) continue;
    out.push_back(r);
  }
  return out;
}

// The waiting hand of a win's request: the winning tile taken out (a red
// winning five takes a red five with it).
inline ScoreRequest waiting(ScoreRequest r) {
  const auto g = static_cast<std::size_t>(r.win.kind() / 9);
  if (r.win_red && g < 3 && r.hand.red_fives[g] > 0) --r.hand.red_fives[g];
  r.hand.remove(r.win);
  r.win_red = false;
  return r;
}

// Requests that break `base` one way each, as every scoring entry must
// refuse them: ippatsu without riichi, a seat past the players, more dora
// indicators than there are, counts above four (and too many tiles), too
// few tiles.
inline std::vector<ScoreRequest> broken_requests(const ScoreRequest& base) {
  std::vector<ScoreRequest> out(5, base);
  out[0].ippatsu = true;
  out[1].seat = 7;
  out[2].dora_count = 200;
  out[3].hand.add(*parse_tile("1z"), 6);
  out[4].hand.remove(*parse_tile("1m"));
  return out;
}

}  // namespace mjk::test
