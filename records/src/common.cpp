#include "common.hpp"
#include "mjk/report.hpp"

#include <algorithm>
#include <array>
#include <utility>

namespace mjk::records {

std::string tile_text(RecordTile t) {
  const char suit = "mpsz"[t.tile.kind() / 9];
  const int digit = t.red ? 0 : t.tile.kind() % 9 + 1;
  return std::string{static_cast<char>('0' + digit), suit};
}

std::string_view format_name(Format f) noexcept {
  switch (f) {
    case Format::mjlog: return "mjlog";
    case Format::tenhou6: return "tenhou6";
    case Format::mjai: return "mjai";
  }
  return "?";
}

std::string_view event_name(EventKind k) noexcept {
  static constexpr std::array<std::string_view, 11> names = {
      "draw", "discard", "chi", "pon", "minkan", "ankan", "kakan", "riichi", "riichi_accepted", "dora", "nuki"};
  if (k == EventKind::win) return "win";
  if (k == EventKind::exhaustive) return "draw_end";
  return names[static_cast<std::size_t>(k)];
}

std::string_view draw_kind_name(DrawKind k) noexcept {
  switch (k) {
    case DrawKind::exhaustive: return "exhaustive";
    case DrawKind::nine_terminals: return "nine_terminals";
    case DrawKind::four_riichi: return "four_riichi";
    case DrawKind::four_winds: return "four_winds";
    case DrawKind::four_kans: return "four_kans";
    case DrawKind::triple_ron: return "triple_ron";
    case DrawKind::nagashi_mangan: return "nagashi_mangan";
  }
  return "?";
}

ScoreRules GameRules::score_rules() const noexcept {
  ScoreRules r;
  r.open_tanyao = open_tanyao;
  r.kiriage = false;
  r.kazoe_yakuman = true;
  r.yakuman_stacking = true;
  r.double_wind_pair_fu = 4;
  r.pao = true;
  r.renhou = RenhouRule::none;
  r.sanma_tsumo_loss = true;
  r.double_yakuman = server == Server::mahjong_soul;
  return r;
}

std::string round_label(const Round& r) {
  std::string s;
  s += "ESWN"[r.wind & 3];
  s += std::to_string(r.dealer + 1);
  s += '-';
  s += std::to_string(r.honba);
  return s;
}

std::string ReadError::message() const {
  std::string s = file;
  if (!line && !offset) return s + ": " + what;  // the file as a whole
  if (line) s += ":" + std::to_string(line) + ":" + std::to_string(column);
  s += " (byte " + std::to_string(offset) + "): " + what;
  return s;
}

namespace detail {

std::optional<RecordTile> from_mjai(std::string_view name) {
  static constexpr std::string_view honours = "ESWNPFC";
  if (name.size() == 1) {
    const auto i = honours.find(name[0]);
    if (i == std::string_view::npos) return std::nullopt;
    return RecordTile{Tile(27 + static_cast<int>(i)), false};
  }
  if (name.size() < 2 || name.size() > 3 || name[0] < '1' || name[0] > '9') return std::nullopt;
  const auto suit = std::string_view("mps").find(name[1]);
  if (suit == std::string_view::npos) return std::nullopt;
  const bool red = name.size() == 3;
  if (red && (name[2] != 'r' || name[0] != '5')) return std::nullopt;
  return RecordTile{Tile(static_cast<int>(suit) * 9 + (name[0] - '1')), red};
}

std::string to_mjai(RecordTile t) {
  const int k = t.tile.kind();
  if (k >= 27) return std::string(1, "ESWNPFC"[k - 27]);
  std::string s{static_cast<char>('1' + k % 9), "mps"[k / 9]};
  if (t.red) s += 'r';
  return s;
}

std::optional<Yaku> yaku_from_tenhou_id(std::int64_t id) {
  using Y = Yaku;
  static constexpr std::array<Y, 55> table = {
      Y::menzen_tsumo, Y::riichi,     Y::ippatsu,     Y::chankan,         Y::rinshan,
      Y::haitei,       Y::houtei,     Y::pinfu,       Y::tanyao,          Y::iipeikou,
      Y::seat_wind,    Y::seat_wind,  Y::seat_wind,   Y::seat_wind,   // 10-13 seat wind E S W N
      Y::round_wind,   Y::round_wind, Y::round_wind,  Y::round_wind,  // 14-17 round wind
      Y::haku,         Y::hatsu,      Y::chun,        Y::double_riichi,   Y::chiitoitsu,
      Y::chanta,       Y::ittsu,      Y::sanshoku,    Y::sanshoku_doukou, Y::sankantsu,
      Y::toitoi,       Y::sanankou,   Y::shousangen,  Y::honroutou,       Y::ryanpeikou,
      Y::junchan,      Y::honitsu,    Y::chinitsu,    Y::renhou,          Y::tenhou,
      Y::chiihou,      Y::daisangen,  Y::suuankou,    Y::suuankou_tanki,  Y::tsuuiisou,
      Y::ryuuiisou,    Y::chinroutou, Y::chuuren,     Y::junsei_chuuren,  Y::kokushi,
      Y::kokushi_13,   Y::daisuushii, Y::shousuushii, Y::suukantsu,       Y::dora,
      Y::ura,          Y::aka};
  if (id < 0 || id >= static_cast<std::int64_t>(table.size())) return std::nullopt;
  return table[static_cast<std::size_t>(id)];
}

std::optional<Yaku> yaku_from_name(std::string_view name) {
  using Y = Yaku;
  static const std::array<std::pair<std::string_view, Y>, 86> table = {{
      {"門前清自摸和", Y::menzen_tsumo},
      {"立直", Y::riichi},
      {"一発", Y::ippatsu},
      {"槍槓", Y::chankan},
      {"嶺上開花", Y::rinshan},
      {"海底摸月", Y::haitei},
      {"河底撈魚", Y::houtei},
      {"平和", Y::pinfu},
      {"断幺九", Y::tanyao},
      {"一盃口", Y::iipeikou},
      {"自風 東", Y::seat_wind},
      {"自風 南", Y::seat_wind},
      {"自風 西", Y::seat_wind},
      {"自風 北", Y::seat_wind},
      {"場風 東", Y::round_wind},
      {"場風 南", Y::round_wind},
      {"場風 西", Y::round_wind},
      {"場風 北", Y::round_wind},
      {"役牌:自風牌", Y::seat_wind},
      {"役牌:場風牌", Y::round_wind},
      {"役牌 白", Y::haku},
      {"役牌 發", Y::hatsu},
      {"役牌 中", Y::chun},
      {"役牌:白", Y::haku},
      {"役牌:發", Y::hatsu},
      {"役牌:中", Y::chun},
      {"両立直", Y::double_riichi},
      {"ダブル立直", Y::double_riichi},
      {"七対子", Y::chiitoitsu},
      {"混全帯幺九", Y::chanta},
      {"一気通貫", Y::ittsu},
      {"三色同順", Y::sanshoku},
      {"三色同刻", Y::sanshoku_doukou},
      {"三槓子", Y::sankantsu},
      {"対々和", Y::toitoi},
      {"三暗刻", Y::sanankou},
      {"小三元", Y::shousangen},
      {"混老頭", Y::honroutou},
      {"二盃口", Y::ryanpeikou},
      {"純全帯幺九", Y::junchan},
      {"混一色", Y::honitsu},
      {"清一色", Y::chinitsu},
      {"人和", Y::renhou},
      {"天和", Y::tenhou},
      {"地和", Y::chiihou},
      {"大三元", Y::daisangen},
      {"四暗刻", Y::suuankou},
      {"四暗刻単騎", Y::suuankou_tanki},
      {"字一色", Y::tsuuiisou},
      {"緑一色", Y::ryuuiisou},
      {"清老頭", Y::chinroutou},
      {"九蓮宝燈", Y::chuuren},
      {"純正九蓮宝燈", Y::junsei_chuuren},
      {"国士無双", Y::kokushi},
      {"国士無双１３面", Y::kokushi_13},
      {"国士無双13面", Y::kokushi_13},
      {"大四喜", Y::daisuushii},
      {"小四喜", Y::shousuushii},
      {"四槓子", Y::suukantsu},
      {"ドラ", Y::dora},
      {"裏ドラ", Y::ura},
      {"赤ドラ", Y::aka},
      {"抜きドラ", Y::nuki},
      // English names (mjai-reviewer's exports)
      {"Riichi", Y::riichi},
      {"Ippatsu", Y::ippatsu},
      {"Fully Concealed Hand", Y::menzen_tsumo},
      {"Menzen Tsumo", Y::menzen_tsumo},
      {"Pinfu", Y::pinfu},
      {"Tanyao", Y::tanyao},
      {"All Simples", Y::tanyao},
      {"Iipeikou", Y::iipeikou},
      {"Dora", Y::dora},
      {"Ura Dora", Y::ura},
      {"Red Five", Y::aka},
      {"Aka Dora", Y::aka},
      {"Chiitoitsu", Y::chiitoitsu},
      {"Seven Pairs", Y::chiitoitsu},
      {"Double Riichi", Y::double_riichi},
      {"Haitei", Y::haitei},
      {"Houtei", Y::houtei},
      {"Rinshan", Y::rinshan},
      {"Chankan", Y::chankan},
      {"Toitoi", Y::toitoi},
      {"Honitsu", Y::honitsu},
      {"Chinitsu", Y::chinitsu},
  }};
  for (const auto& [n, y] : table)
    if (n == name) return y;
  return std::nullopt;
}

Place place_of(std::string_view text, std::size_t offset) {
  Place p;
  const std::size_t end = offset < text.size() ? offset : text.size();
  for (std::size_t i = 0; i < end; ++i) {
    if (text[i] == '\n') {
      ++p.line;
      p.column = 1;
    } else {
      ++p.column;
    }
  }
  return p;
}

ReadError make_error(std::string_view text, const std::string& file, std::size_t offset, std::string what) {
  ReadError e;
  e.file = file;
  e.offset = offset;
  const Place p = place_of(text, offset);
  e.line = p.line;
  e.column = p.column;
  e.what = std::move(what);
  return e;
}

std::optional<std::array<std::int32_t, 4>> tenhou6_final_scores(const json::Value& sc, int seats) {
  const auto n = static_cast<std::size_t>(seats);
  if (sc.type != json::Value::Type::array || sc.items.size() < 2 * n) return std::nullopt;
  std::array<std::int32_t, 4> scores{};
  for (std::size_t s = 0; s < n; ++s) {
    const json::Value& x = sc.items[2 * s];
    if (!x.is_int() || x.as_int() < -10'000'000 || x.as_int() > 10'000'000) return std::nullopt;
    scores[s] = static_cast<std::int32_t>(x.as_int());
  }
  return scores;
}

void east_only_if_ended_in_east(Game& g) {
  if (g.final_scores && std::all_of(g.rounds.begin(), g.rounds.end(), [](const Round& r) { return r.wind == 0; }))
    g.rules.hanchan = false;
}

}  // namespace detail
void append_json_string(std::string& out, std::string_view s) {
  // The longest a string can get: six bytes (\u00XX) for each input byte, and the quotes.
  const std::size_t at = out.size();
  out.resize(at + 6 * s.size() + 2);
  JsonWriter json(std::span<char>(out.data() + at, out.size() - at));
  json.string(s);
  out.resize(at + json.size());
}

}  // namespace mjk::records
