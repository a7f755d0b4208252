// A win to score and its answer, as values: called melds, the win's context,
// the rules, the yaku, han, fu, points and each seat's payment (score.hpp
// scores it). ../shared/SCORING.md is the specification: the request fields,
// the rule switches, the yaku names.
//
// A ScoreRequest is a plain fixed-size value (no pointers), so a batch of
// them is an array the kernel walks without allocating, the C ABI can pass
// as structs, and an expected-value search can build millions of
// hypothetical wins by copying one request and changing a few fields.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

#include "mjk/decomposition_types.hpp"
#include "mjk/error.hpp"
#include "mjk/export.h"
#include "mjk/hand.hpp"
#include "mjk/rules.hpp"
#include "mjk/tile.hpp"

namespace mjk {

// ---- seats ----

// Seats by wind: 0 East (the dealer), 1 South, 2 West, 3 North. Play goes
// East, South, West, North; with three players there is no North seat.
// Another player as seen from one seat: the next to play (shimocha, seat+1),
// the one across (toimen, seat+2), the previous (kamicha, seat-1).
enum class Relative : std::uint8_t { self = 0, shimocha = 1, toimen = 2, kamicha = 3 };

// The absolute seat of `who` seen from `seat`, or -1 when it does not exist
// with that many players (toimen with three players; self is `seat`).
[[nodiscard]] constexpr int seat_of(int seat, Relative who, Players players) noexcept {
  const int n = static_cast<int>(players);
  switch (who) {
    case Relative::self: return seat;
    case Relative::shimocha: return (seat + 1) % n;
    case Relative::toimen: return n == 4 ? (seat + 2) % 4 : -1;
    case Relative::kamicha: return (seat + n - 1) % n;
  }
  return -1;
}

// ---- called melds ----

enum class MeldType : std::uint8_t {
  chi,     // a run of one suit, called from kamicha
  pon,     // three equal tiles
  minkan,  // open kan: four equal tiles, called on a discard
  ankan,   // closed kan: four equal tiles from the hand (the hand stays closed)
  kakan,   // added kan: a pon grown to four with a drawn tile (open)
};

struct Meld {
  MeldType type = MeldType::chi;
  Tile tile;                          // the lowest tile (a chi's first; the kind of a pon or kan)
  std::uint8_t red = 0;               // red fives among its tiles (0 or 1)
  Relative from = Relative::kamicha;  // who discarded the called tile; self for ankan
  [[nodiscard]] constexpr int size() const noexcept { return type == MeldType::chi || type == MeldType::pon ? 3 : 4; }
  [[nodiscard]] constexpr bool is_kan() const noexcept { return size() == 4; }
  [[nodiscard]] constexpr bool is_open() const noexcept { return type != MeldType::ankan; }
  friend constexpr bool operator==(const Meld&, const Meld&) noexcept = default;
};

// ---- rules (SCORING.md §1, `rules`) ----

enum class RenhouRule : std::uint8_t { none, mangan, yakuman };

struct ScoreRules {
  bool open_tanyao = true;               // tanyao on an open hand (kuitan)
  bool kiriage = false;                  // 4 han 30 fu and 3 han 60 fu pay mangan
  bool kazoe_yakuman = true;             // 13+ han pays yakuman (else sanbaiman)
  bool double_yakuman = true;            // suuankou tanki, kokushi 13-wait, junsei chuuren, daisuushii pay double
  bool yakuman_stacking = true;          // several yakuman add up (else one at most)
  std::uint8_t double_wind_pair_fu = 4;  // 2 or 4
  bool pao = true;                       // liability for daisangen / daisuushii
  RenhouRule renhou = RenhouRule::none;
  bool sanma_tsumo_loss = true;  // three players: a tsumo pays only the two others' shares
  friend constexpr bool operator==(const ScoreRules&, const ScoreRules&) noexcept = default;
};

// ---- the request ----

inline constexpr int max_indicators = 5;  // one dora indicator plus one per kan

struct ScoreRequest {
  // The concealed tiles WITH the winning tile: 3k+2 tiles, k = 4 - melds
  // (red_fives counts the concealed red fives, the winning tile's included).
  Hand hand;
  std::array<Meld, 4> melds{};  // in the order they were made
  std::uint8_t meld_count = 0;
  Tile win;                           // the winning tile (held in `hand`)
  bool win_red = false;               // the winning tile is a red five
  bool tsumo = false;                 // self-drawn; else ron from `from`
  Relative from = Relative::kamicha;  // ron: the discarder
  std::uint8_t seat = 0;              // seat wind 0..3 (0 = East = dealer)
  std::uint8_t round = 0;             // round wind 0..3
  std::uint8_t riichi = 0;            // 0 none, 1 riichi, 2 double riichi
  bool ippatsu = false, rinshan = false, chankan = false, haitei = false, tenhou = false;
  std::uint8_t dora_count = 0, ura_count = 0;      // indicators given
  std::array<Tile, max_indicators> dora{}, ura{};  // indicators (ura counts only with riichi)
  std::uint8_t nuki = 0;                           // north tiles set aside (three players)
  std::uint16_t honba = 0, sticks = 0;
  Players players = Players::four;
  ScoreRules rules;
};

// Checks a request as SCORING.md requires, before any scoring: the hand
// (validate(), counts 3k+2 for its melds), each meld's shape (a chi a run of
// one suit from kamicha and not with three players, a pon three equal tiles,
// a kan four; red fives only in fives), no more red fives in the hand than
// fives, no fifth copy across hand, melds, indicators and `visible` (34
// counts, may be empty), the winning tile held,
// and the context not contradictory (riichi on an open hand, ippatsu without
// riichi, rinshan without a kan or on ron, chankan on tsumo, haitei with
// rinshan, tenhou with a call, a seat or round wind out of range, toimen or
// nuki with three players, nuki with four). The first failure is reported.
[[nodiscard]] MJK_API HandError validate(const ScoreRequest& request,
                                         std::span<const std::uint8_t> visible = {}) noexcept;
// Checks a waiting hand's request (score_each_win's, score.hpp: the hand
// holds 3k+1 tiles for its melds, `win` and `win_red` are not read) as
// validate() checks a win's, but for the winning tile: what makes every
// winning tile's request invalid. The hand first, as any line's (counts,
// 3k tiles, 2m-8m with three players), then its count for a wait (a
// complete hand passed by mistake is wrong_tile_count or wrong_meld_count,
// not one error per tile); then validate() of the request won on a tile, the first tile
// whose error is not that tile's own (a fifth copy of it, 2m-8m with three
// players), so a red five not held is an error here although the five's
// own request is valid. None when some tile can be added and won.
[[nodiscard]] MJK_API HandError validate_waiting(const ScoreRequest& request) noexcept;
// A waiting hand's request won on tile t (a plain tile, not a red five):
// t added to the hand and made the winning tile.
[[nodiscard]] inline ScoreRequest won_on(const ScoreRequest& waiting, Tile t) noexcept {
  ScoreRequest won = waiting;  // (by reference: a 64-byte-aligned value parameter draws a psABI note)
  won.hand.add(t);
  won.win = t;
  won.win_red = false;
  return won;
}

// ---- the answer ----

// Every yaku and dora kind of SCORING.md §2, in the order answers list them.
// `renhou_mangan` and `renhou` are both named "renhou" (the first counts han
// under the mangan rule, the second is the yakuman).
enum class Yaku : std::uint8_t {
  riichi,
  double_riichi,
  ippatsu,
  menzen_tsumo,
  pinfu,
  tanyao,
  iipeikou,
  haitei,
  houtei,
  rinshan,
  chankan,
  seat_wind,
  round_wind,
  haku,
  hatsu,
  chun,
  chiitoitsu,
  chanta,
  ittsu,
  sanshoku,
  sanshoku_doukou,
  sankantsu,
  toitoi,
  sanankou,
  shousangen,
  honroutou,
  ryanpeikou,
  junchan,
  honitsu,
  chinitsu,
  renhou_mangan,
  // yakuman
  tenhou,
  chiihou,
  renhou,
  kokushi,
  kokushi_13,
  suuankou,
  suuankou_tanki,
  daisangen,
  shousuushii,
  daisuushii,
  tsuuiisou,
  ryuuiisou,
  chinroutou,
  chuuren,
  junsei_chuuren,
  suukantsu,
  // dora kinds
  dora,
  aka,
  ura,
  nuki,
  count
};
inline constexpr int yaku_count = static_cast<int>(Yaku::count);
static_assert(yaku_count <= 64);

[[nodiscard]] MJK_API std::string_view yaku_name(Yaku y) noexcept;  // "riichi", "kokushi_13", ...
[[nodiscard]] constexpr bool is_yakuman(Yaku y) noexcept { return y >= Yaku::tenhou && y <= Yaku::suukantsu; }
[[nodiscard]] constexpr bool is_dora_kind(Yaku y) noexcept { return y >= Yaku::dora && y < Yaku::count; }

struct Score {
  bool complete = false;                              // false: the hand is not complete with `win` ("score": null)
  bool closed = true;                                 // no open meld (for the han of chanta, ittsu, ... see yaku_value)
  std::uint64_t yaku = 0;                             // bit y: Yaku(y) counted (a yakuman hand lists only its yakuman)
  std::uint8_t han = 0;                               // of the reading chosen, dora included; 0 for a yakuman hand
  std::uint8_t fu = 0;                                // of the reading chosen; 0 for a yakuman hand or no yaku
  std::uint8_t yakuman = 0;                           // multiple of yakuman paid for yakuman yaku (0: none)
  std::uint8_t dora = 0, aka = 0, ura = 0, nuki = 0;  // counted (also when they make no yaku)
  std::int32_t points = 0;                            // the hand's value to the winner, without honba and sticks
  std::array<std::int32_t, 4> payments{};             // by seat wind; honba, sticks and pao included

  [[nodiscard]] constexpr bool has(Yaku y) const noexcept { return (yaku >> static_cast<int>(y)) & 1; }
  friend constexpr bool operator==(const Score&, const Score&) noexcept = default;
};

// What one listed yaku is worth in a score: its han (closed or open), the
// yakuman multiple for a yakuman (2 for a double pattern when the rules pay
// double), the count for a dora kind.
struct YakuValue {
  Yaku yaku;
  std::uint8_t han = 0;      // 0 for a yakuman
  std::uint8_t yakuman = 0;  // 0 unless a yakuman
};
// The listed yaku of a score in Yaku order, into `out` (yaku_count always
// suffices); returns how many.
MJK_API std::size_t list_yaku(const Score& score, const ScoreRules& rules, std::span<YakuValue> out) noexcept;

// ---- the score as players say it ----
// Nothing below is on the scoring path: the report writers call it once per
// answer, after score(); fu_breakdown() (score.hpp) fills a FuBreakdown.

// The limit a score reaches: none below mangan (and for a hand without a
// yaku); mangan (5 han, or a 3-4 han hand whose base reaches 2000, or
// kiriage's 4 han 30 fu / 3 han 60 fu), haneman (6-7), baiman (8-10),
// sanbaiman (11-12, and 13+ with kazoe_yakuman off), kazoe_yakuman (13+);
// a yakuman hand by its paid multiple (Score::yakuman): yakuman,
// double_yakuman, ... sextuple_yakuman (the most yakuman can stack to).
enum class Limit : std::uint8_t {
  none,
  mangan,
  haneman,
  baiman,
  sanbaiman,
  kazoe_yakuman,
  yakuman,
  double_yakuman,
  triple_yakuman,
  quadruple_yakuman,
  quintuple_yakuman,
  sextuple_yakuman,
  count
};
[[nodiscard]] MJK_API Limit limit_of(const Score& score, const ScoreRules& rules) noexcept;

// A name three ways: the answer's id ("menzen_tsumo", "haneman"), English
// ("Fully concealed hand", "Haneman") and Japanese ("門前清自摸和", "跳満"; UTF-8).
// One table for every front end. Out of range (and Limit::none): all empty.
struct DisplayName {
  std::string_view id, en, ja;
};
[[nodiscard]] MJK_API DisplayName display_name(Yaku y) noexcept;
[[nodiscard]] MJK_API DisplayName display_name(Limit l) noexcept;

// What the win is worth as players say it, from the hand's value alone
// (like Score::points: without honba and sticks, and as if no one were
// liable under pao): "12000" on a ron (the discarder pays), "4000 all" on the
// dealer's tsumo, "3000/6000" on another seat's tsumo (each non-dealer /
// the dealer). With three players the same shares (tsumo loss: the absent
// North's share is not paid) or, without tsumo loss, the shares with North's
// split between the two payers. Writes into out (nothing when no points are
// won: not complete, no yaku) and returns the bytes needed.
inline constexpr std::size_t max_payment_text = 24;
MJK_API std::size_t payment_text(const ScoreRequest& request, const Score& score, std::span<char> out) noexcept;

// Where the fu of a score come from, for the reading the scorer chose.
enum class FuReason : std::uint8_t {
  base,            // 20 (futei)
  chiitoitsu,      // 25, the whole of a seven-pairs hand's fu
  closed_ron,      // 10 (menzen kafu)
  tsumo,           // 2 (not with pinfu)
  wait,            // 2 for a kanchan, penchan or tanki wait
  pair,            // 2 for a dragon, seat or round wind pair; a double wind pair per the rule
  closed_triplet,  // 4, 8 with terminals or honours
  open_triplet,    // 2, 4 (a pon, or a concealed triplet completed by ron on a shanpon wait)
  closed_kan,      // 16, 32
  open_kan,        // 8, 16
  open_pinfu,      // 10: an open hand with no fu is 30, not 20
  rounding,        // up to the next 10
  count
};
[[nodiscard]] MJK_API std::string_view fu_reason_name(FuReason r) noexcept;  // "closed_triplet", ...
struct FuPart {
  FuReason reason = FuReason::base;
  std::uint8_t fu = 0;
  std::uint8_t tiles = 0;  // a pair, triplet or kan: its size (2, 3, 4) of `tile`; else 0
  Tile tile;
  WaitKind wait = WaitKind::ryanmen;  // FuReason::wait: kanchan, penchan or tanki
};
struct FuBreakdown {
  std::uint8_t count =
      0;  // parts in order: base (or chiitoitsu), closed ron, blocks, wait, pair, tsumo, open pinfu, rounding
  std::array<FuPart, 16> parts{};
  [[nodiscard]] constexpr int total() const noexcept {
    int t = 0;
    for (int i = 0; i < count; ++i) t += parts[static_cast<std::size_t>(i)].fu;
    return t;
  }
};

}  // namespace mjk
