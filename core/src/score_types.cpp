// The scoring request's checks and the yaku vocabulary (score_types.hpp):
// names, display names, limits and payment text. Not on a hot path: the
// scorer makes its own fast checks and comes here only for a request they
// do not accept, for its exact error.
#include <algorithm>
#include <array>
#include <cstdio>
#include <cstring>

#include "mjk/score_types.hpp"

namespace mjk {

namespace {

constexpr std::array<std::string_view, yaku_count> names = {
    "riichi",     "double_riichi", "ippatsu",        "menzen_tsumo",   "pinfu",       "tanyao",     "iipeikou",
    "haitei",     "houtei",        "rinshan",        "chankan",        "seat_wind",   "round_wind", "haku",
    "hatsu",      "chun",          "chiitoitsu",     "chanta",         "ittsu",       "sanshoku",   "sanshoku_doukou",
    "sankantsu",  "toitoi",        "sanankou",       "shousangen",     "honroutou",   "ryanpeikou", "junchan",
    "honitsu",    "chinitsu",      "renhou",         "tenhou",         "chiihou",     "renhou",     "kokushi",
    "kokushi_13", "suuankou",      "suuankou_tanki", "daisangen",      "shousuushii", "daisuushii", "tsuuiisou",
    "ryuuiisou",  "chinroutou",    "chuuren",        "junsei_chuuren", "suukantsu",   "dora",       "aka",
    "ura",        "nuki"};

// Han of the non-yakuman yaku: closed, open (0: needs a closed hand).
struct Han {
  std::uint8_t closed, open;
};
constexpr std::array<Han, static_cast<int>(Yaku::renhou_mangan) + 1> han_table = {{
    {1, 0}, {2, 0}, {1, 0}, {1, 0}, {1, 0}, {1, 1}, {1, 0}, {1, 1}, {1, 1},          // riichi .. houtei
    {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {2, 0}, {2, 1}, {2, 1},  // rinshan .. ittsu
    {2, 1}, {2, 2}, {2, 2}, {2, 2}, {2, 2}, {2, 2}, {2, 2}, {3, 0},                  // sanshoku .. ryanpeikou
    {3, 2}, {3, 2}, {6, 5}, {5, 0},  // junchan, honitsu, chinitsu, renhou (mangan rule)
}};

// Display names, by Yaku: the id (as `names`), English, Japanese. The
// English follows the names English-language clients and rule books use;
// the Japanese is the yaku's full name (tenhou's for the yakuhai).
constexpr std::array<DisplayName, yaku_count> yaku_display = {{
    {"riichi", "Riichi", "立直"},
    {"double_riichi", "Double riichi", "ダブル立直"},
    {"ippatsu", "Ippatsu", "一発"},
    {"menzen_tsumo", "Fully concealed hand", "門前清自摸和"},
    {"pinfu", "Pinfu", "平和"},
    {"tanyao", "All simples", "断幺九"},
    {"iipeikou", "Pure double sequence", "一盃口"},
    {"haitei", "Under the sea", "海底摸月"},
    {"houtei", "Under the river", "河底撈魚"},
    {"rinshan", "After a kan", "嶺上開花"},
    {"chankan", "Robbing a kan", "槍槓"},
    {"seat_wind", "Seat wind", "自風牌"},
    {"round_wind", "Round wind", "場風牌"},
    {"haku", "White dragon", "役牌 白"},
    {"hatsu", "Green dragon", "役牌 發"},
    {"chun", "Red dragon", "役牌 中"},
    {"chiitoitsu", "Seven pairs", "七対子"},
    {"chanta", "Half outside hand", "混全帯幺九"},
    {"ittsu", "Pure straight", "一気通貫"},
    {"sanshoku", "Mixed triple sequence", "三色同順"},
    {"sanshoku_doukou", "Triple triplets", "三色同刻"},
    {"sankantsu", "Three quads", "三槓子"},
    {"toitoi", "All triplets", "対々和"},
    {"sanankou", "Three concealed triplets", "三暗刻"},
    {"shousangen", "Little three dragons", "小三元"},
    {"honroutou", "All terminals and honours", "混老頭"},
    {"ryanpeikou", "Twice pure double sequence", "二盃口"},
    {"junchan", "Fully outside hand", "純全帯幺九"},
    {"honitsu", "Half flush", "混一色"},
    {"chinitsu", "Full flush", "清一色"},
    {"renhou", "Blessing of man", "人和"},
    {"tenhou", "Blessing of heaven", "天和"},
    {"chiihou", "Blessing of earth", "地和"},
    {"renhou", "Blessing of man", "人和"},
    {"kokushi", "Thirteen orphans", "国士無双"},
    {"kokushi_13", "Thirteen orphans, 13-sided wait", "国士無双十三面待ち"},
    {"suuankou", "Four concealed triplets", "四暗刻"},
    {"suuankou_tanki", "Four concealed triplets, single wait", "四暗刻単騎"},
    {"daisangen", "Big three dragons", "大三元"},
    {"shousuushii", "Little four winds", "小四喜"},
    {"daisuushii", "Big four winds", "大四喜"},
    {"tsuuiisou", "All honours", "字一色"},
    {"ryuuiisou", "All green", "緑一色"},
    {"chinroutou", "All terminals", "清老頭"},
    {"chuuren", "Nine gates", "九蓮宝燈"},
    {"junsei_chuuren", "True nine gates", "純正九蓮宝燈"},
    {"suukantsu", "Four quads", "四槓子"},
    {"dora", "Dora", "ドラ"},
    {"aka", "Red five", "赤ドラ"},
    {"ura", "Ura dora", "裏ドラ"},
    {"nuki", "North dora", "抜きドラ"},
}};

constexpr std::array<DisplayName, static_cast<std::size_t>(Limit::count)> limit_display = {{
    {"", "", ""},
    {"mangan", "Mangan", "満貫"},
    {"haneman", "Haneman", "跳満"},
    {"baiman", "Baiman", "倍満"},
    {"sanbaiman", "Sanbaiman", "三倍満"},
    {"kazoe_yakuman", "Counted yakuman", "数え役満"},
    {"yakuman", "Yakuman", "役満"},
    {"double_yakuman", "Double yakuman", "ダブル役満"},
    {"triple_yakuman", "Triple yakuman", "トリプル役満"},
    {"quadruple_yakuman", "Quadruple yakuman", "四倍役満"},
    {"quintuple_yakuman", "Quintuple yakuman", "五倍役満"},
    {"sextuple_yakuman", "Sextuple yakuman", "六倍役満"},
}};

constexpr std::array<std::string_view, static_cast<std::size_t>(FuReason::count)> fu_reason_names = {
    "base",           "chiitoitsu",   "closed_ron", "tsumo",    "wait",       "pair",
    "closed_triplet", "open_triplet", "closed_kan", "open_kan", "open_pinfu", "rounding"};

constexpr bool ids_match() {
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] != yaku_display[i].id) return false;
  return true;
}
static_assert(ids_match(), "yaku_display follows names");

int round_up_100(int x) noexcept { return (x + 99) / 100 * 100; }

// The base points of a score (what its payments are multiples of).
int base_of(const Score& s, Limit limit) noexcept {
  switch (limit) {
    case Limit::none: return s.fu << std::min(s.han + 2, 6);
    case Limit::mangan: return 2000;
    case Limit::haneman: return 3000;
    case Limit::baiman: return 4000;
    case Limit::sanbaiman: return 6000;
    case Limit::kazoe_yakuman: return 8000;
    default: return 8000 * s.yakuman;
  }
}

constexpr bool is_double_pattern(Yaku y) noexcept {
  return y == Yaku::suuankou_tanki || y == Yaku::kokushi_13 || y == Yaku::junsei_chuuren || y == Yaku::daisuushii;
}

HandError err(Error code, std::uint32_t position = 0, std::optional<Tile> tile = std::nullopt) noexcept {
  return {code, position, tile, 0};
}

bool is_five(Tile t) noexcept { return !t.is_honour() && t.number() == 5; }

}  // namespace

std::string_view yaku_name(Yaku y) noexcept {
  const auto i = static_cast<std::size_t>(y);
  return i < names.size() ? names[i] : std::string_view("unknown");
}

DisplayName display_name(Yaku y) noexcept {
  const auto i = static_cast<std::size_t>(y);
  return i < yaku_display.size() ? yaku_display[i] : DisplayName{};
}

DisplayName display_name(Limit l) noexcept {
  const auto i = static_cast<std::size_t>(l);
  return i < limit_display.size() ? limit_display[i] : DisplayName{};
}

std::string_view fu_reason_name(FuReason r) noexcept {
  const auto i = static_cast<std::size_t>(r);
  return i < fu_reason_names.size() ? fu_reason_names[i] : std::string_view("unknown");
}

Limit limit_of(const Score& s, const ScoreRules& rules) noexcept {
  if (!s.complete) return Limit::none;
  if (s.yakuman)
    return static_cast<Limit>(static_cast<int>(Limit::yakuman) + std::min<int>(s.yakuman, 6) -
                              1);     // 6: the most that stacks
  if (s.fu == 0) return Limit::none;  // no yaku
  const int han = s.han, fu = s.fu;
  if (han >= 13) return rules.kazoe_yakuman ? Limit::kazoe_yakuman : Limit::sanbaiman;
  if (han >= 11) return Limit::sanbaiman;
  if (han >= 8) return Limit::baiman;
  if (han >= 6) return Limit::haneman;
  if (han >= 5) return Limit::mangan;
  const bool kiriage = rules.kiriage && ((han == 4 && fu == 30) || (han == 3 && fu == 60));
  return kiriage || (fu << (han + 2)) >= 2000 ? Limit::mangan : Limit::none;
}

std::size_t payment_text(const ScoreRequest& r, const Score& s, std::span<char> out) noexcept {
  if (!s.complete || s.points <= 0) return 0;
  const int base = base_of(s, limit_of(s, r.rules));
  const bool dealer = r.seat == 0;
  char text[max_payment_text + 8];
  int n = 0;
  if (!r.tsumo) {
    n = std::snprintf(text, sizeof text, "%d", round_up_100(base * (dealer ? 6 : 4)));
  } else {
    // The shares as the scorer pays them: the dealer's doubled; with three
    // players and no tsumo loss, North's share split between the two payers.
    const bool split_north = r.players == Players::three && !r.rules.sanma_tsumo_loss;
    const int north = split_north ? (dealer ? base : base / 2) : 0;
    const int from_dealer = round_up_100(2 * base + north),
              from_other = round_up_100((dealer ? 2 * base : base) + north);
    n = dealer ? std::snprintf(text, sizeof text, "%d all", from_other)
               : std::snprintf(text, sizeof text, "%d/%d", from_other, from_dealer);
  }
  const std::size_t size = n > 0 ? static_cast<std::size_t>(n) : 0;
  if (!out.empty()) std::memcpy(out.data(), text, std::min(size, out.size()));
  return size;
}

std::size_t list_yaku(const Score& score, const ScoreRules& rules, std::span<YakuValue> out) noexcept {
  std::size_t n = 0;
  for (int i = 0; i < yaku_count && n < out.size(); ++i) {
    const auto y = static_cast<Yaku>(i);
    if (!score.has(y)) continue;
    YakuValue v{y};
    if (is_yakuman(y)) v.yakuman = is_double_pattern(y) && rules.double_yakuman ? 2 : 1;
    else if (y == Yaku::dora) v.han = score.dora;
    else if (y == Yaku::aka) v.han = score.aka;
    else if (y == Yaku::ura) v.han = score.ura;
    else if (y == Yaku::nuki) v.han = score.nuki;
    else
      v.han =
          score.closed ? han_table[static_cast<std::size_t>(i)].closed : han_table[static_cast<std::size_t>(i)].open;
    out[n++] = v;
  }
  return n;
}

// The checks one by one in the documented order: the first failure, exactly.
HandError validate(const ScoreRequest& r, std::span<const std::uint8_t> visible) noexcept {
  // Values a C caller could pass raw: enums and counters in range.
  if (r.players != Players::four && r.players != Players::three) return err(Error::bad_request);
  if (r.riichi > 2 || r.rules.renhou > RenhouRule::yakuman ||
      (r.rules.double_wind_pair_fu != 2 && r.rules.double_wind_pair_fu != 4) || static_cast<std::uint8_t>(r.from) > 3 ||
      r.win.kind() >= kind_count)
    return err(Error::bad_request);
  if (!visible.empty() && visible.size() != kind_count) return err(Error::bad_request);

  // The concealed tiles, then the melds they need. Five copies of a kind
  // held (a waiting hand won on a kind it holds four of: score_each_win's
  // tile, or a caller's struct) is a fifth copy, as a line's parser says.
  for (int k = 0; k < kind_count; ++k)
    if (r.hand.count(Tile(k)) == 5) return err(Error::fifth_copy, static_cast<std::uint32_t>(k), Tile(k));
  if (HandError e = validate(r.hand, Question::complete, r.players)) return e;
  if (r.meld_count > 4 || r.hand.tiles + 3 * r.meld_count != 14) return err(Error::wrong_meld_count, r.meld_count);
  const bool four = r.players == Players::four;
  bool open = false, kan = false;
  for (std::uint32_t i = 0; i < r.meld_count; ++i) {
    const Meld& m = r.melds[i];
    if (static_cast<std::uint8_t>(m.type) > static_cast<std::uint8_t>(MeldType::kakan) || m.tile.kind() >= kind_count)
      return err(Error::bad_meld, i);
    if (m.type == MeldType::chi) {
      if (m.tile.is_honour() || m.tile.number() > 7) return err(Error::bad_meld, i, m.tile);
      if (!four) return err(Error::chi_with_three_players, i);
      if (m.from != Relative::kamicha) return err(Error::bad_meld_source, i);
    } else if ((m.type == MeldType::ankan) != (m.from == Relative::self) || (!four && m.from == Relative::toimen) ||
               static_cast<std::uint8_t>(m.from) > 3) {
      return err(Error::bad_meld_source, i);
    }
    const bool holds_five =
        m.type == MeldType::chi ? !m.tile.is_honour() && m.tile.number() >= 3 && m.tile.number() <= 5 : is_five(m.tile);
    if (m.red > 1 || (m.red && !holds_five)) return err(Error::bad_meld, i, m.tile);
    if (!four && m.tile.kind() >= 1 && m.tile.kind() <= 7) return err(Error::not_in_rules, i, m.tile);
    open |= m.is_open();
    kan |= m.is_kan();
  }

  // No fifth copy: hand, melds, indicators, north tiles set aside; then visible.
  if (r.dora_count > max_indicators || r.ura_count > max_indicators) return err(Error::too_many_indicators);
  std::array<int, kind_count> seen{};
  for (int k = 0; k < kind_count; ++k) seen[static_cast<std::size_t>(k)] = r.hand.count(Tile(k));
  std::array<int, 3> red{r.hand.red_fives[0], r.hand.red_fives[1], r.hand.red_fives[2]};
  for (std::size_t i = 0; i < r.meld_count; ++i) {
    const Meld& m = r.melds[i];
    for (int t = 0; t < m.size(); ++t)
      ++seen[static_cast<std::size_t>(m.tile.kind() + (m.type == MeldType::chi ? t : 0))];
    if (m.red) ++red[static_cast<std::size_t>(m.tile.kind() / 9)];
  }
  const auto indicators = [&](const std::array<Tile, max_indicators>& list, int count) -> HandError {
    for (std::size_t i = 0; i < static_cast<std::size_t>(count); ++i) {
      if (list[i].kind() >= kind_count) return err(Error::bad_request, static_cast<std::uint32_t>(i));
      if (!four && list[i].kind() >= 1 && list[i].kind() <= 7) return err(Error::not_in_rules, 0, list[i]);
      ++seen[static_cast<std::size_t>(list[i].kind())];
    }
    return {};
  };
  if (HandError e = indicators(r.dora, r.dora_count)) return e;
  if (HandError e = indicators(r.ura, r.ura_count)) return e;
  if (r.nuki > 4 || (four && r.nuki > 0)) return err(Error::bad_nuki);
  seen[30] += r.nuki;  // north
  for (int k = 0; k < kind_count; ++k)
    if (seen[static_cast<std::size_t>(k)] > 4) return err(Error::fifth_copy, 0, Tile(k));
  for (int s = 0; s < 3; ++s)
    if (red[static_cast<std::size_t>(s)] > 1 ||
        r.hand.red_fives[static_cast<std::size_t>(s)] > r.hand.count(Tile(s * 9 + 4)))
      return err(Error::too_many_red_fives, 0, Tile(s * 9 + 4));  // a second red five, or a red five not held
  if (!visible.empty())
    for (int k = 0; k < kind_count; ++k)
      if (seen[static_cast<std::size_t>(k)] + visible[static_cast<std::size_t>(k)] > 4)
        return err(Error::visible_over_four, static_cast<std::uint32_t>(k), Tile(k));

  // The winning tile, then the context.
  if (r.hand.count(r.win) == 0) return err(Error::winning_tile_not_held, 0, r.win);
  if (r.win_red && (!is_five(r.win) || r.hand.red_fives[static_cast<std::size_t>(r.win.kind() / 9)] == 0))
    return err(Error::bad_winning_tile, 0, r.win);
  if (r.seat >= static_cast<int>(r.players) || r.round > 3) return err(Error::bad_seat);
  if (!r.tsumo && (r.from == Relative::self || seat_of(r.seat, r.from, r.players) < 0)) return err(Error::bad_seat);
  if (r.riichi && open) return err(Error::riichi_on_open_hand);
  if (r.ippatsu && !r.riichi) return err(Error::ippatsu_without_riichi);
  if (r.rinshan && !kan) return err(Error::rinshan_without_kan);
  if (r.rinshan && !r.tsumo) return err(Error::rinshan_on_ron);
  if (r.chankan && r.tsumo) return err(Error::chankan_on_tsumo);
  if (r.haitei && r.rinshan) return err(Error::haitei_with_rinshan);
  if (r.tenhou && r.meld_count > 0) return err(Error::tenhou_with_call);
  if (r.tenhou && !r.tsumo && r.seat == 0) return err(Error::dealer_ron_with_tenhou);
  return {};
}

HandError validate_waiting(const ScoreRequest& request) noexcept {
  // The hand as any line's hand is checked first (a count of 3k, a tile
  // three players lack: analyse() reports those before the request's), then
  // its count for a wait.
  if (HandError e = validate(request.hand, Question::shanten, request.players)) return e;
  if (HandError e = validate(request.hand, Question::waits, request.players)) return e;
  if (request.meld_count > 4 || request.hand.tiles + 3 * request.meld_count != 13)
    return err(Error::wrong_meld_count, request.meld_count);
  for (int k = 0; k < kind_count; ++k) {
    const HandError e = validate(won_on(request, Tile(k)));
    if (!e) return e;
    // (A kind held four times and won on is a fifth copy: validate() names five copies so.)
    const bool own = (e.code == Error::fifth_copy || e.code == Error::not_in_rules) && e.tile == Tile(k);
    if (!own) return e;
  }
  return {};  // not reached: no request holds four copies of every kind
}

}  // namespace mjk
