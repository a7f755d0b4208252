// The reference scorer (SCORING.md): every reading of the hand by the
// reference's own backtracking (decompositions() in ref.cpp), every yaku a
// plainly written predicate over the whole hand as read, fu and points by the
// book, the reading that pays most. Deliberately naive and separate from the
// kernel: no table of the kernel's (not even list_yaku's han table) is used,
// so the two scorers check each other.
//
// Where SCORING.md leaves a choice open, this file takes (and the kernel must
// take the same): a yakuman hand's dora are counted in Score's fields but are
// neither listed nor paid; renhou under the mangan rule is a 5-han yaku that
// adds to the others; three players without tsumo loss split the absent
// North's share evenly between the two payers (each payment rounded up to
// 100); a composite pao tsumo puts the honba on the liable player only when
// the liable yakuman are all the hand pays, else the rest and the honba are
// paid as usual.
#include <algorithm>
#include <array>
#include <vector>

#include "mjk/ref.hpp"

namespace mjk::ref {
namespace {

// ---- tiles as kind numbers 0..33 ----

constexpr int east = 27, north = 30, haku = 31, hatsu = 32, chun = 33;

bool is_honour(int k) { return k >= east; }
bool is_terminal(int k) { return k < east && (k % 9 == 0 || k % 9 == 8); }
bool is_orphan(int k) { return is_honour(k) || is_terminal(k); }
bool is_wind(int k) { return k >= east && k <= north; }
bool is_dragon(int k) { return k >= haku; }
bool is_green(int k) {  // ryuuiisou: 2, 3, 4, 6, 8 of sou and the green dragon
  return k == 19 || k == 20 || k == 21 || k == 23 || k == 25 || k == hatsu;
}
int suit_of(int k) { return k / 9; }  // 3: honours
int number_of(int k) { return k % 9 + 1; }

// ---- the hand as one reading sees it ----

enum class SetKind { pair, run, triplet, single };

// One group of the whole hand: a block of the concealed reading or a called meld.
struct Set {
  SetKind kind = SetKind::pair;
  int first = 0;           // the lowest kind
  bool kan = false;        // four tiles
  bool concealed = true;   // not an open meld, and (a triplet) not completed by a ron
  bool holds_win = false;  // the block the winning tile is read into

  [[nodiscard]] int size() const {
    if (kind == SetKind::single) return 1;
    if (kind == SetKind::pair) return 2;
    return kan ? 4 : 3;
  }
  [[nodiscard]] int kind_at(int i) const { return kind == SetKind::run ? first + i : first; }
  [[nodiscard]] bool is_triplet() const { return kind == SetKind::triplet; }
  template <class Pred>
  [[nodiscard]] bool any_tile(Pred pred) const {
    for (int i = 0; i < size(); ++i)
      if (pred(kind_at(i))) return true;
    return false;
  }
};

struct Reading {
  Form form = Form::standard;
  std::vector<Set> sets;  // standard: the pair first; chiitoi: seven pairs; kokushi: its blocks
  WaitKind wait = WaitKind::tanki;
};

// What does not depend on the reading.
struct Table {
  const ScoreRequest& r;
  bool closed = true;  // no open meld (a closed kan keeps the hand closed)
  int seat_wind = east, round_wind = east;
  std::array<int, 34> all{};        // every tile of the hand: concealed, winning tile and melds
  std::array<int, 34> concealed{};  // the concealed tiles, the winning tile included
};

Table table_of(const ScoreRequest& r) {
  Table t{r};
  t.seat_wind = east + r.seat;
  t.round_wind = east + r.round;
  for (int k = 0; k < 34; ++k) t.concealed[static_cast<std::size_t>(k)] = r.hand.count(Tile(k));
  t.all = t.concealed;
  for (int i = 0; i < r.meld_count; ++i) {
    const Meld& m = r.melds[static_cast<std::size_t>(i)];
    if (m.is_open()) t.closed = false;
    for (int j = 0; j < m.size(); ++j)
      ++t.all[static_cast<std::size_t>(m.tile.kind() + (m.type == MeldType::chi ? j : 0))];
  }
  return t;
}

Set set_of_meld(const Meld& m) {
  Set s;
  s.kind = m.type == MeldType::chi ? SetKind::run : SetKind::triplet;
  s.first = m.tile.kind();
  s.kan = m.is_kan();
  s.concealed = !m.is_open();
  return s;
}

Reading reading_of(const Table& t, const Decomposition& d) {
  Reading w;
  w.form = d.form;
  w.wait = d.wait.value_or(WaitKind::tanki);
  for (int i = 0; i < d.block_count; ++i) {
    const Block b = d.blocks[static_cast<std::size_t>(i)];
    Set s;
    s.first = b.first.kind();
    s.kind = b.kind == BlockKind::pair       ? SetKind::pair
             : b.kind == BlockKind::sequence ? SetKind::run
             : b.kind == BlockKind::triplet  ? SetKind::triplet
                                             : SetKind::single;
    s.holds_win = i == d.win;
    // A triplet completed by another's discard is an open triplet (shanpon ron).
    s.concealed = !(s.holds_win && s.kind == SetKind::triplet && !t.r.tsumo);
    w.sets.push_back(s);
  }
  for (int i = 0; i < t.r.meld_count; ++i) w.sets.push_back(set_of_meld(t.r.melds[static_cast<std::size_t>(i)]));
  return w;
}

// ---- counting over a reading ----

int count_sets(const Reading& w, bool (*pred)(const Set&)) {
  int n = 0;
  for (const Set& s : w.sets) n += pred(s) ? 1 : 0;
  return n;
}
int triplets_of(const Reading& w, int kind) {
  int n = 0;
  for (const Set& s : w.sets) n += s.is_triplet() && s.first == kind ? 1 : 0;
  return n;
}
bool has_run(const Reading& w, int first) {
  for (const Set& s : w.sets)
    if (s.kind == SetKind::run && s.first == first) return true;
  return false;
}
int concealed_triplets(const Reading& w) {
  return count_sets(w, [](const Set& s) { return s.is_triplet() && s.concealed; });
}
int kans(const Reading& w) {
  return count_sets(w, [](const Set& s) { return s.kan; });
}
int runs(const Reading& w) {
  return count_sets(w, [](const Set& s) { return s.kind == SetKind::run; });
}
// Pairs of identical runs (iipeikou 1, ryanpeikou 2; both need a closed hand, so no chi is among them).
int identical_run_pairs(const Reading& w) {
  std::array<int, 34> seen{};
  for (const Set& s : w.sets)
    if (s.kind == SetKind::run) ++seen[static_cast<std::size_t>(s.first)];
  int pairs = 0;
  for (int n : seen) pairs += n / 2;
  return pairs;
}
const Set* pair_of(const Reading& w) {
  for (const Set& s : w.sets)
    if (s.kind == SetKind::pair) return &s;
  return nullptr;
}
bool all_tiles(const Table& t, bool (*pred)(int)) {
  for (int k = 0; k < 34; ++k)
    if (t.all[static_cast<std::size_t>(k)] > 0 && !pred(k)) return false;
  return true;
}
bool any_tile(const Table& t, bool (*pred)(int)) {
  for (int k = 0; k < 34; ++k)
    if (t.all[static_cast<std::size_t>(k)] > 0 && pred(k)) return true;
  return false;
}
// Every set holds a tile `pred` accepts.
bool every_set(const Reading& w, bool (*pred)(int)) {
  for (const Set& s : w.sets)
    if (!s.any_tile(pred)) return false;
  return true;
}
// The one suit (0..2) of all number tiles, or -1 when there are none or several.
int single_suit(const Table& t) {
  int suit = -1;
  for (int k = 0; k < east; ++k) {
    if (t.all[static_cast<std::size_t>(k)] == 0) continue;
    if (suit >= 0 && suit != suit_of(k)) return -1;
    suit = suit_of(k);
  }
  return suit;
}
bool is_valued_pair_kind(const Table& t, int k) { return is_dragon(k) || k == t.seat_wind || k == t.round_wind; }
bool standard(const Reading& w) { return w.form == Form::standard; }

// ---- the yaku, each a plain predicate ----


// Nine gates: no call, the 14 tiles of one suit hold 1112345678999 and one
// more. 0: no; 1: chuuren; 2: junsei chuuren (the 13 before the winning tile
// were exactly 1112345678999: a nine-sided wait).
int nine_gates(const Table& t) {
  const ScoreRequest& r = t.r;
  if (r.meld_count > 0) return 0;
  const int suit = single_suit(t);
  if (suit < 0 || any_tile(t, is_honour)) return 0;
  constexpr std::array<int, 9> gates = {3, 1, 1, 1, 1, 1, 1, 1, 3};
  std::array<int, 9> before{};
  for (int n = 0; n < 9; ++n) {
    const int held = t.concealed[static_cast<std::size_t>(suit * 9 + n)];
    if (held < gates[static_cast<std::size_t>(n)]) return 0;
    before[static_cast<std::size_t>(n)] = held;
  }
  if (suit_of(r.win.kind()) != suit) return 0;
  --before[static_cast<std::size_t>(number_of(r.win.kind()) - 1)];
  return before == gates ? 2 : 1;
}

bool riichi(const Table& t, const Reading&) { return t.r.riichi == 1; }
bool double_riichi(const Table& t, const Reading&) { return t.r.riichi == 2; }
bool ippatsu(const Table& t, const Reading&) { return t.r.ippatsu; }
bool menzen_tsumo(const Table& t, const Reading&) { return t.closed && t.r.tsumo; }
bool pinfu(const Table& t, const Reading& w) {
  const Set* pair = pair_of(w);
  return standard(w) && t.r.meld_count == 0 && runs(w) == 4 && pair && !is_valued_pair_kind(t, pair->first) &&
         w.wait == WaitKind::ryanmen;
}
bool tanyao(const Table& t, const Reading&) {
  return (t.closed || t.r.rules.open_tanyao) && all_tiles(t, [](int k) { return !is_orphan(k); });
}
bool iipeikou(const Table& t, const Reading& w) { return t.closed && standard(w) && identical_run_pairs(w) == 1; }
bool ryanpeikou(const Table& t, const Reading& w) { return t.closed && standard(w) && identical_run_pairs(w) == 2; }
bool haitei(const Table& t, const Reading&) { return t.r.haitei && t.r.tsumo; }
bool houtei(const Table& t, const Reading&) { return t.r.haitei && !t.r.tsumo; }
bool rinshan(const Table& t, const Reading&) { return t.r.rinshan; }
bool chankan(const Table& t, const Reading&) { return t.r.chankan; }
bool seat_wind(const Table& t, const Reading& w) { return triplets_of(w, t.seat_wind) > 0; }
bool round_wind(const Table& t, const Reading& w) { return triplets_of(w, t.round_wind) > 0; }
bool haku_set(const Table&, const Reading& w) { return triplets_of(w, haku) > 0; }
bool hatsu_set(const Table&, const Reading& w) { return triplets_of(w, hatsu) > 0; }
bool chun_set(const Table&, const Reading& w) { return triplets_of(w, chun) > 0; }
bool chiitoitsu(const Table&, const Reading& w) { return w.form == Form::chiitoi; }
bool chanta(const Table& t, const Reading& w) {
  return standard(w) && every_set(w, is_orphan) && runs(w) > 0 && any_tile(t, is_honour);
}
bool junchan(const Table& t, const Reading& w) {
  return standard(w) && every_set(w, is_terminal) && runs(w) > 0 && !any_tile(t, is_honour);
}
bool ittsu(const Table&, const Reading& w) {
  for (int suit = 0; suit < 3; ++suit)
    if (has_run(w, suit * 9) && has_run(w, suit * 9 + 3) && has_run(w, suit * 9 + 6)) return true;
  return false;
}
bool sanshoku(const Table&, const Reading& w) {
  for (int n = 0; n < 7; ++n)
    if (has_run(w, n) && has_run(w, 9 + n) && has_run(w, 18 + n)) return true;
  return false;
}
bool sanshoku_doukou(const Table&, const Reading& w) {
  for (int n = 0; n < 9; ++n)
    if (triplets_of(w, n) && triplets_of(w, 9 + n) && triplets_of(w, 18 + n)) return true;
  return false;
}
bool sankantsu(const Table&, const Reading& w) { return kans(w) == 3; }
bool toitoi(const Table&, const Reading& w) { return standard(w) && runs(w) == 0; }
bool sanankou(const Table&, const Reading& w) { return concealed_triplets(w) == 3; }
bool shousangen(const Table&, const Reading& w) {
  const Set* pair = pair_of(w);
  return standard(w) && pair && is_dragon(pair->first) &&
         triplets_of(w, haku) + triplets_of(w, hatsu) + triplets_of(w, chun) == 2;
}
bool honroutou(const Table& t, const Reading&) { return all_tiles(t, is_orphan); }
bool honitsu(const Table& t, const Reading&) { return single_suit(t) >= 0 && any_tile(t, is_honour); }
bool chinitsu(const Table& t, const Reading&) { return single_suit(t) >= 0 && !any_tile(t, is_honour); }
bool renhou_mangan(const Table& t, const Reading&) {
  return t.r.tenhou && !t.r.tsumo && t.r.rules.renhou == RenhouRule::mangan;
}

// Yakuman.
bool tenhou(const Table& t, const Reading&) { return t.r.tenhou && t.r.tsumo && t.r.seat == 0; }
bool chiihou(const Table& t, const Reading&) { return t.r.tenhou && t.r.tsumo && t.r.seat != 0; }
bool renhou(const Table& t, const Reading&) {
  return t.r.tenhou && !t.r.tsumo && t.r.rules.renhou == RenhouRule::yakuman;
}
bool kokushi(const Table&, const Reading& w) { return w.form == Form::kokushi && w.wait != WaitKind::kokushi13; }
bool kokushi_13(const Table&, const Reading& w) { return w.form == Form::kokushi && w.wait == WaitKind::kokushi13; }
bool suuankou(const Table&, const Reading& w) { return concealed_triplets(w) == 4 && w.wait != WaitKind::tanki; }
bool suuankou_tanki(const Table&, const Reading& w) { return concealed_triplets(w) == 4 && w.wait == WaitKind::tanki; }
bool daisangen(const Table&, const Reading& w) {
  return triplets_of(w, haku) + triplets_of(w, hatsu) + triplets_of(w, chun) == 3;
}
int wind_triplets(const Reading& w) {
  int n = 0;
  for (int k = east; k <= north; ++k) n += triplets_of(w, k);
  return n;
}
bool shousuushii(const Table&, const Reading& w) {
  const Set* pair = pair_of(w);
  return standard(w) && pair && is_wind(pair->first) && wind_triplets(w) == 3;
}
bool daisuushii(const Table&, const Reading& w) { return wind_triplets(w) == 4; }
bool tsuuiisou(const Table& t, const Reading&) { return all_tiles(t, is_honour); }
bool ryuuiisou(const Table& t, const Reading&) { return all_tiles(t, is_green); }
bool chinroutou(const Table& t, const Reading&) { return all_tiles(t, is_terminal); }
bool chuuren(const Table& t, const Reading& w) { return standard(w) && nine_gates(t) == 1; }
bool junsei_chuuren(const Table& t, const Reading& w) { return standard(w) && nine_gates(t) == 2; }
bool suukantsu(const Table&, const Reading& w) { return kans(w) == 4; }

using Predicate = bool (*)(const Table&, const Reading&);
struct YakuRule {
  Yaku yaku;
  Predicate holds;
};

const std::array<YakuRule, 31> plain_yaku = {{
    {Yaku::riichi, riichi},
    {Yaku::double_riichi, double_riichi},
    {Yaku::ippatsu, ippatsu},
    {Yaku::menzen_tsumo, menzen_tsumo},
    {Yaku::pinfu, pinfu},
    {Yaku::tanyao, tanyao},
    {Yaku::iipeikou, iipeikou},
    {Yaku::haitei, haitei},
    {Yaku::houtei, houtei},
    {Yaku::rinshan, rinshan},
    {Yaku::chankan, chankan},
    {Yaku::seat_wind, seat_wind},
    {Yaku::round_wind, round_wind},
    {Yaku::haku, haku_set},
    {Yaku::hatsu, hatsu_set},
    {Yaku::chun, chun_set},
    {Yaku::chiitoitsu, chiitoitsu},
    {Yaku::chanta, chanta},
    {Yaku::ittsu, ittsu},
    {Yaku::sanshoku, sanshoku},
    {Yaku::sanshoku_doukou, sanshoku_doukou},
    {Yaku::sankantsu, sankantsu},
    {Yaku::toitoi, toitoi},
    {Yaku::sanankou, sanankou},
    {Yaku::shousangen, shousangen},
    {Yaku::honroutou, honroutou},
    {Yaku::ryanpeikou, ryanpeikou},
    {Yaku::junchan, junchan},
    {Yaku::honitsu, honitsu},
    {Yaku::chinitsu, chinitsu},
    {Yaku::renhou_mangan, renhou_mangan},
}};

const std::array<YakuRule, 16> yakuman_yaku = {{
    {Yaku::tenhou, tenhou},
    {Yaku::chiihou, chiihou},
    {Yaku::renhou, renhou},
    {Yaku::kokushi, kokushi},
    {Yaku::kokushi_13, kokushi_13},
    {Yaku::suuankou, suuankou},
    {Yaku::suuankou_tanki, suuankou_tanki},
    {Yaku::daisangen, daisangen},
    {Yaku::shousuushii, shousuushii},
    {Yaku::daisuushii, daisuushii},
    {Yaku::tsuuiisou, tsuuiisou},
    {Yaku::ryuuiisou, ryuuiisou},
    {Yaku::chinroutou, chinroutou},
    {Yaku::chuuren, chuuren},
    {Yaku::junsei_chuuren, junsei_chuuren},
    {Yaku::suukantsu, suukantsu},
}};

// The reference's own han per yaku (closed hand, open hand).
int han_of(Yaku y, bool closed) {
  switch (y) {
    case Yaku::riichi:
    case Yaku::ippatsu:
    case Yaku::menzen_tsumo:
    case Yaku::pinfu:
    case Yaku::iipeikou: return closed ? 1 : 0;
    case Yaku::double_riichi:
    case Yaku::chiitoitsu: return closed ? 2 : 0;
    case Yaku::ryanpeikou: return closed ? 3 : 0;
    case Yaku::renhou_mangan: return closed ? 5 : 0;
    case Yaku::tanyao:
    case Yaku::haitei:
    case Yaku::houtei:
    case Yaku::rinshan:
    case Yaku::chankan:
    case Yaku::seat_wind:
    case Yaku::round_wind:
    case Yaku::haku:
    case Yaku::hatsu:
    case Yaku::chun: return 1;
    case Yaku::chanta:
    case Yaku::ittsu:
    case Yaku::sanshoku: return closed ? 2 : 1;
    case Yaku::sanshoku_doukou:
    case Yaku::sankantsu:
    case Yaku::toitoi:
    case Yaku::sanankou:
    case Yaku::shousangen:
    case Yaku::honroutou: return 2;
    case Yaku::junchan:
    case Yaku::honitsu: return closed ? 3 : 2;
    case Yaku::chinitsu: return closed ? 6 : 5;
    default: return 0;
  }
}

// Yakuman paid for one yakuman yaku: the four double patterns pay two when the rules say so.
int yakuman_of(Yaku y, const ScoreRules& rules) {
  const bool double_pattern =
      y == Yaku::suuankou_tanki || y == Yaku::kokushi_13 || y == Yaku::junsei_chuuren || y == Yaku::daisuushii;
  return double_pattern && rules.double_yakuman ? 2 : 1;
}

std::uint64_t bit(Yaku y) { return std::uint64_t{1} << static_cast<int>(y); }

// A yaku that a stronger one of the same reading replaces.
std::uint64_t without_superseded(std::uint64_t yaku) {
  if (yaku & bit(Yaku::ryanpeikou)) yaku &= ~bit(Yaku::iipeikou);
  if (yaku & bit(Yaku::junchan)) yaku &= ~bit(Yaku::chanta);
  if (yaku & bit(Yaku::chinitsu)) yaku &= ~bit(Yaku::honitsu);
  return yaku;
}

// ---- dora ----

// The dora an indicator names: the next tile of its suit, 9 wrapping to 1,
// North to East, the red dragon to the white; three players: 1m names 9m.
int dora_after(int indicator, Players players) {
  if (players == Players::three && indicator == 0) return 8;
  if (indicator < east) return suit_of(indicator) * 9 + (indicator % 9 + 1) % 9;
  if (is_wind(indicator)) return indicator == north ? east : indicator + 1;
  return indicator == chun ? haku : indicator + 1;
}

// Tiles of the hand (and, for north, the nuki tiles set aside) that the indicators name.
int dora_count(const Table& t, const std::array<Tile, max_indicators>& indicators, int given) {
  int n = 0;
  for (int i = 0; i < given; ++i) {
    const int dora = dora_after(indicators[static_cast<std::size_t>(i)].kind(), t.r.players);
    n += t.all[static_cast<std::size_t>(dora)];
    if (dora == north) n += t.r.nuki;
  }
  return n;
}

int aka_count(const ScoreRequest& r) {
  int n = r.hand.red_fives[0] + r.hand.red_fives[1] + r.hand.red_fives[2];
  for (int i = 0; i < r.meld_count; ++i) n += r.melds[static_cast<std::size_t>(i)].red;
  return n;
}

// ---- fu ----

int round_up(int x, int unit) { return (x + unit - 1) / unit * unit; }

int fu_of(const Table& t, const Reading& w, bool is_pinfu) {
  if (w.form == Form::chiitoi) return 25;
  if (w.form == Form::kokushi) return 0;  // a yakuman: no fu
  if (is_pinfu) return t.r.tsumo ? 20 : 30;
  int fu = 20;
  if (t.closed && !t.r.tsumo) fu += 10;
  if (t.r.tsumo) fu += 2;
  if (w.wait == WaitKind::kanchan || w.wait == WaitKind::penchan || w.wait == WaitKind::tanki) fu += 2;
  for (const Set& s : w.sets) {
    if (s.kind == SetKind::pair) {
      const bool seat = s.first == t.seat_wind, round = s.first == t.round_wind;
      if (is_dragon(s.first)) fu += 2;
      if (seat && round) fu += t.r.rules.double_wind_pair_fu;
      else if (seat || round) fu += 2;
    } else if (s.is_triplet()) {
      int v = is_orphan(s.first) ? 4 : 2;
      if (s.concealed) v *= 2;
      if (s.kan) v *= 4;
      fu += v;
    }
  }
  fu = round_up(fu, 10);
  if (!t.closed && fu == 20) fu = 30;  // an open hand with no fu at all
  return fu;
}

// ---- points ----

// The basic points of a hand (before the multiplier of who pays).
int base_points(int han, int fu, int yakuman, const ScoreRules& rules) {
  if (yakuman > 0) return 8000 * yakuman;
  if (han >= 13) return rules.kazoe_yakuman ? 8000 : 6000;
  if (han >= 11) return 6000;
  if (han >= 8) return 4000;
  if (han >= 6) return 3000;
  if (han >= 5) return 2000;
  if (rules.kiriage && ((han == 4 && fu == 30) || (han == 3 && fu == 60))) return 2000;
  return std::min(2000, fu * (1 << (han + 2)));
}

int players_of(const ScoreRequest& r) { return static_cast<int>(r.players); }

// What each seat pays for a hand of `base` basic points, honba and sticks apart.
std::array<int, 4> shares(const ScoreRequest& r, int base) {
  std::array<int, 4> pay{};
  const int winner = r.seat;
  if (!r.tsumo) {
    pay[static_cast<std::size_t>(seat_of(winner, r.from, r.players))] = round_up(base * (winner == 0 ? 6 : 4), 100);
    return pay;
  }
  // Three players without tsumo loss: the absent North's share is split between the two payers.
  const bool split_north = r.players == Players::three && !r.rules.sanma_tsumo_loss;
  const int north_share = winner == 0 ? 2 * base : base;
  for (int s = 0; s < players_of(r); ++s) {
    if (s == winner) continue;
    int owed = (winner == 0 || s == 0) ? 2 * base : base;
    if (split_north) owed += north_share / 2;
    pay[static_cast<std::size_t>(s)] = round_up(owed, 100);
  }
  return pay;
}

int sum(const std::array<int, 4>& a) { return a[0] + a[1] + a[2] + a[3]; }

// The seat liable for a daisangen / daisuushii (pao): the meld, by melds
// order, that made the third dragon set / fourth wind set, when it was called
// from another player. -1: none.
int liable_seat(const ScoreRequest& r, bool (*kind_pred)(int), int sets_needed) {
  int sets = 0;
  for (int i = 0; i < r.meld_count; ++i) {
    const Meld& m = r.melds[static_cast<std::size_t>(i)];
    if (m.type == MeldType::chi || !kind_pred(m.tile.kind())) continue;
    if (++sets == sets_needed) return m.is_open() ? seat_of(r.seat, m.from, r.players) : -1;
  }
  return -1;
}

// ---- one reading, scored ----

struct Scored {
  std::uint64_t yaku = 0;  // yaku bits, dora kinds excluded
  int han = 0, fu = 0, yakuman = 0, points = 0;
};

Scored score_reading(const Table& t, const Reading& w, int dora_han) {
  Scored s;
  for (const YakuRule& y : yakuman_yaku)
    if (y.holds(t, w)) {
      s.yaku |= bit(y.yaku);
      s.yakuman += yakuman_of(y.yaku, t.r.rules);
    }
  if (s.yakuman > 0) {
    if (!t.r.rules.yakuman_stacking) s.yakuman = 1;
    s.points = sum(shares(t.r, base_points(0, 0, s.yakuman, t.r.rules)));
    return s;
  }
  for (const YakuRule& y : plain_yaku)
    if (y.holds(t, w) && han_of(y.yaku, t.closed) > 0) s.yaku |= bit(y.yaku);
  s.yaku = without_superseded(s.yaku);
  if (s.yaku == 0) return s;  // no yaku: nothing to pay (dora alone is no yaku)
  for (int i = 0; i < yaku_count; ++i)
    if (s.yaku & bit(static_cast<Yaku>(i))) s.han += han_of(static_cast<Yaku>(i), t.closed);
  s.han += dora_han;
  s.fu = fu_of(t, w, (s.yaku & bit(Yaku::pinfu)) != 0);
  s.points = sum(shares(t.r, base_points(s.han, s.fu, 0, t.r.rules)));
  return s;
}

// SCORING.md §2: most points, then a yakuman reading, then more han, then more fu.
bool better(const Scored& a, const Scored& b) {
  if (a.points != b.points) return a.points > b.points;
  if ((a.yakuman > 0) != (b.yakuman > 0)) return a.yakuman > 0;
  if (a.han != b.han) return a.han > b.han;
  return a.fu > b.fu;
}

// Each seat's change: the hand's shares (pao moves the liable yakuman's part),
// honba from the payers, the sticks to the winner.
std::array<std::int32_t, 4> payments(const ScoreRequest& r, const Scored& s) {
  int liable = -1, liable_yakuman = 0;
  if (r.rules.pao && s.yakuman > 0) {
    if (s.yaku & bit(Yaku::daisangen)) {
      if (const int seat = liable_seat(r, is_dragon, 3); seat >= 0) {
        liable = seat;
        liable_yakuman += yakuman_of(Yaku::daisangen, r.rules);
      }
    }
    if (s.yaku & bit(Yaku::daisuushii)) {
      if (const int seat = liable_seat(r, is_wind, 4); seat >= 0) {
        liable = seat;
        liable_yakuman += yakuman_of(Yaku::daisuushii, r.rules);
      }
    }
    liable_yakuman = std::min(liable_yakuman, s.yakuman);  // without stacking the hand pays one at most
  }

  std::array<int, 4> pay{};
  const int honba_unit = 100 * r.honba;
  if (liable < 0) {
    pay = shares(r, base_points(s.han, s.fu, s.yakuman, r.rules));
    if (r.tsumo) {
      for (int seat = 0; seat < players_of(r); ++seat)
        if (seat != r.seat) pay[static_cast<std::size_t>(seat)] += honba_unit;
    } else {
      pay[static_cast<std::size_t>(seat_of(r.seat, r.from, r.players))] += honba_unit * (players_of(r) - 1);
    }
  } else {
    pay = shares(r, base_points(0, 0, s.yakuman - liable_yakuman, r.rules));
    const std::array<int, 4> liable_part = shares(r, base_points(0, 0, liable_yakuman, r.rules));
    if (r.tsumo) {
      // The liable player pays the liable yakuman's whole tsumo value; with
      // nothing else to pay, the honba too; else the rest, honba included, is
      // paid as usual.
      pay[static_cast<std::size_t>(liable)] += sum(liable_part);
      if (s.yakuman == liable_yakuman) {
        pay[static_cast<std::size_t>(liable)] += honba_unit * (players_of(r) - 1);
      } else {
        for (int seat = 0; seat < players_of(r); ++seat)
          if (seat != r.seat) pay[static_cast<std::size_t>(seat)] += honba_unit;
      }
    } else {
      // The liable player and the discarder pay half each; the discarder pays the honba.
      const int discarder = seat_of(r.seat, r.from, r.players);
      const int half = sum(liable_part) / 2;
      pay[static_cast<std::size_t>(liable)] += half;
      pay[static_cast<std::size_t>(discarder)] += sum(liable_part) - half + honba_unit * (players_of(r) - 1);
    }
  }

  std::array<std::int32_t, 4> out{};
  for (std::size_t seat = 0; seat < 4; ++seat) out[seat] = -pay[seat];
  out[r.seat] = sum(pay) + 1000 * r.sticks;
  return out;
}

}  // namespace

Score score(const ScoreRequest& request) {
  if (validate(request)) return {};  // outside the precondition
  const Table t = table_of(request);

  std::vector<Reading> readings;
  for (const Decomposition& d : decompositions(request.hand, request.win)) readings.push_back(reading_of(t, d));
  if (readings.empty()) return {};  // not complete with this winning tile

  Score out;
  out.complete = true;
  out.closed = t.closed;
  out.dora = static_cast<std::uint8_t>(dora_count(t, request.dora, request.dora_count));
  out.ura = static_cast<std::uint8_t>(request.riichi ? dora_count(t, request.ura, request.ura_count) : 0);
  out.aka = static_cast<std::uint8_t>(aka_count(request));
  out.nuki = request.nuki;
  const int dora_han = out.dora + out.ura + out.aka + out.nuki;

  Scored best;
  for (const Reading& w : readings) {
    const Scored s = score_reading(t, w, dora_han);
    if (better(s, best)) best = s;
  }
  if (best.yaku == 0) return out;  // complete, but no yaku

  out.yaku = best.yaku;
  out.yakuman = static_cast<std::uint8_t>(best.yakuman);
  if (best.yakuman == 0) {
    out.han = static_cast<std::uint8_t>(best.han);
    out.fu = static_cast<std::uint8_t>(best.fu);
    if (out.dora) out.yaku |= bit(Yaku::dora);
    if (out.aka) out.yaku |= bit(Yaku::aka);
    if (out.ura) out.yaku |= bit(Yaku::ura);
    if (out.nuki) out.yaku |= bit(Yaku::nuki);
  }
  out.points = best.points;
  out.payments = payments(request, best);
  return out;
}

}  // namespace mjk::ref
