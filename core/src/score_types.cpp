// The scoring request's checks and the yaku vocabulary (score_types.hpp).
// Not on a hot path: the scorer makes its own fast checks and comes here only
// for a request they do not accept, for its exact error.
#include <array>

#include "mjk/score_types.hpp"

namespace mjk {

namespace {

constexpr std::array<std::string_view, yaku_count> names = {
    "riichi", "double_riichi", "ippatsu", "menzen_tsumo", "pinfu", "tanyao", "iipeikou", "haitei", "houtei",
    "rinshan", "chankan", "seat_wind", "round_wind", "haku", "hatsu", "chun", "chiitoitsu", "chanta", "ittsu",
    "sanshoku", "sanshoku_doukou", "sankantsu", "toitoi", "sanankou", "shousangen", "honroutou", "ryanpeikou",
    "junchan", "honitsu", "chinitsu", "renhou",
    "tenhou", "chiihou", "renhou", "kokushi", "kokushi_13", "suuankou", "suuankou_tanki", "daisangen",
    "shousuushii", "daisuushii", "tsuuiisou", "ryuuiisou", "chinroutou", "chuuren", "junsei_chuuren", "suukantsu",
    "dora", "aka", "ura", "nuki"};

// Han of the non-yakuman yaku: closed, open (0: needs a closed hand).
struct Han {
  std::uint8_t closed, open;
};
constexpr std::array<Han, static_cast<int>(Yaku::renhou_mangan) + 1> han_table = {{
    {1, 0}, {2, 0}, {1, 0}, {1, 0}, {1, 0}, {1, 1}, {1, 0}, {1, 1}, {1, 1},  // riichi .. houtei
    {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {2, 0}, {2, 1}, {2, 1},  // rinshan .. ittsu
    {2, 1}, {2, 2}, {2, 2}, {2, 2}, {2, 2}, {2, 2}, {2, 2}, {3, 0},  // sanshoku .. ryanpeikou
    {3, 2}, {3, 2}, {6, 5}, {5, 0},  // junchan, honitsu, chinitsu, renhou (mangan rule)
}};

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
    else v.han = score.closed ? han_table[static_cast<std::size_t>(i)].closed : han_table[static_cast<std::size_t>(i)].open;
    out[n++] = v;
  }
  return n;
}

// The checks one by one in the documented order: the first failure, exactly.
HandError validate(const ScoreRequest& r, std::span<const std::uint8_t> visible) noexcept {
  // Values a C caller could pass raw: enums and counters in range.
  if (r.players != Players::four && r.players != Players::three) return err(Error::bad_request);
  if (r.riichi > 2 || r.rules.renhou > RenhouRule::yakuman ||
      (r.rules.double_wind_pair_fu != 2 && r.rules.double_wind_pair_fu != 4) ||
      static_cast<std::uint8_t>(r.from) > 3 || r.win.kind() >= kind_count)
    return err(Error::bad_request);
  if (!visible.empty() && visible.size() != kind_count) return err(Error::bad_request);

  // The concealed tiles, then the melds they need.
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
    const bool holds_five = m.type == MeldType::chi ? !m.tile.is_honour() && m.tile.number() >= 3 && m.tile.number() <= 5
                                                    : is_five(m.tile);
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
    for (int t = 0; t < m.size(); ++t) ++seen[static_cast<std::size_t>(m.tile.kind() + (m.type == MeldType::chi ? t : 0))];
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
    if (red[static_cast<std::size_t>(s)] > 1 || r.hand.red_fives[static_cast<std::size_t>(s)] > r.hand.count(Tile(s * 9 + 4)))
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

}  // namespace mjk
