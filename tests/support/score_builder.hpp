// Scoring requests from readable text, for tests of any scorer:
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
  if (!parsed.ok()) throw std::invalid_argument("score_builder: '" + std::string(text) + "': " + parsed.error.message());
  TileList out;
  const Hand& h = parsed.value.hand;
  for (int k = 0; k < kind_count; ++k)
    for (int n = 0; n < h.count(Tile(k)); ++n) out.tiles.push_back(Tile(k));
  out.red = h.red_fives[0] + h.red_fives[1] + h.red_fives[2];
  return out;
}

// A meld of `type` from its tiles ("234m", "0555p", "7777z"); throws unless
// the tiles make that type (a chi three consecutive tiles of one suit, a pon
// three equal tiles, a kan four).
inline Meld make_meld(MeldType type, std::string_view text, Relative from) {
  const TileList list = tile_list(text);
  const auto bad = [&](const char* why) {
    return std::invalid_argument("score_builder: meld '" + std::string(text) + "': " + why);
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
  // `hand`: the concealed tiles without the winning tile; `winning`: one tile ("8s", "0p").
  RequestBuilder(std::string_view hand, std::string_view winning) {
    const std::string text = std::string(hand) + " " + std::string(winning);
    const Parsed<ParsedHand> parsed = parse_mpsz(text);
    if (!parsed.ok() || !parsed.value.winning)
      throw std::invalid_argument("score_builder: hand '" + text + "': " + parsed.error.message());
    r_.hand = parsed.value.hand;
    r_.win = *parsed.value.winning;
    r_.win_red = parsed.value.winning_red;
  }

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
    if (r_.meld_count >= r_.melds.size()) throw std::invalid_argument("score_builder: more than four melds");
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
      throw std::invalid_argument("score_builder: more than five indicators in '" + std::string(text) + "'");
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

}  // namespace mjk::test
