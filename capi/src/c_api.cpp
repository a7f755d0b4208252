// The C ABI (mjk.h): a thin door onto the C++ API. Every batch runs the C++
// rows34 batch on chunks of rows whose results live on the stack, and copies
// them into the caller's flat arrays: no allocation, no exception.
#include "mjk.h"

#include "c_convert.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <optional>
#include <span>

#include "mjk/analysis.hpp"
#include "mjk/decomposition.hpp"
#include "mjk/error.hpp"
#include "mjk/hand.hpp"
#include "mjk/implementation.hpp"
#include "mjk/report.hpp"
#include "mjk/request.hpp"
#include "mjk/score.hpp"
#include "mjk/version.h"

namespace mjk {
namespace {

static_assert(MJK_VERSION_MAJOR == MJK_PROJECT_VERSION_MAJOR && MJK_VERSION_MINOR == MJK_PROJECT_VERSION_MINOR &&
              MJK_VERSION_PATCH == MJK_PROJECT_VERSION_PATCH);

// The C codes are mjk::Error's values.
#define MJK_SAME(c, e) static_assert(c == static_cast<int>(Error::e), #c " must equal mjk::Error::" #e);
MJK_SAME(MJK_OK, none)
MJK_SAME(MJK_ERR_EMPTY_INPUT, empty_input)
MJK_SAME(MJK_ERR_UNKNOWN_CHARACTER, unknown_character)
MJK_SAME(MJK_ERR_DIGIT_WITHOUT_SUIT, digit_without_suit)
MJK_SAME(MJK_ERR_SUIT_WITHOUT_DIGIT, suit_without_digit)
MJK_SAME(MJK_ERR_INVALID_HONOUR, invalid_honour)
MJK_SAME(MJK_ERR_FIFTH_COPY, fifth_copy)
MJK_SAME(MJK_ERR_TOO_MANY_TILES, too_many_tiles)
MJK_SAME(MJK_ERR_WRONG_TILE_COUNT, wrong_tile_count)
MJK_SAME(MJK_ERR_BAD_WINNING_TILE, bad_winning_tile)
MJK_SAME(MJK_ERR_WRONG_COUNT_BEFORE_WINNING_TILE, wrong_count_before_winning_tile)
MJK_SAME(MJK_ERR_BAD_TILE_ID, bad_tile_id)
MJK_SAME(MJK_ERR_BAD_SLOT, bad_slot)
MJK_SAME(MJK_ERR_COUNT_MISMATCH, count_mismatch)
MJK_SAME(MJK_ERR_OUTPUT_TOO_SMALL, output_too_small)
MJK_SAME(MJK_ERR_NOT_IN_RULES, not_in_rules)
MJK_SAME(MJK_ERR_PARTIAL_ROW, partial_row)
MJK_SAME(MJK_ERR_VISIBLE_OVER_FOUR, visible_over_four)
MJK_SAME(MJK_ERR_TOO_MANY_RED_FIVES, too_many_red_fives)
MJK_SAME(MJK_ERR_INVALID_ARGUMENT, invalid_argument)
MJK_SAME(MJK_ERR_BAD_MELD, bad_meld)
MJK_SAME(MJK_ERR_BAD_MELD_SOURCE, bad_meld_source)
MJK_SAME(MJK_ERR_CHI_WITH_THREE_PLAYERS, chi_with_three_players)
MJK_SAME(MJK_ERR_WRONG_MELD_COUNT, wrong_meld_count)
MJK_SAME(MJK_ERR_WINNING_TILE_NOT_HELD, winning_tile_not_held)
MJK_SAME(MJK_ERR_RIICHI_ON_OPEN_HAND, riichi_on_open_hand)
MJK_SAME(MJK_ERR_IPPATSU_WITHOUT_RIICHI, ippatsu_without_riichi)
MJK_SAME(MJK_ERR_RINSHAN_WITHOUT_KAN, rinshan_without_kan)
MJK_SAME(MJK_ERR_RINSHAN_ON_RON, rinshan_on_ron)
MJK_SAME(MJK_ERR_CHANKAN_ON_TSUMO, chankan_on_tsumo)
MJK_SAME(MJK_ERR_HAITEI_WITH_RINSHAN, haitei_with_rinshan)
MJK_SAME(MJK_ERR_TENHOU_WITH_CALL, tenhou_with_call)
MJK_SAME(MJK_ERR_BAD_SEAT, bad_seat)
MJK_SAME(MJK_ERR_BAD_NUKI, bad_nuki)
MJK_SAME(MJK_ERR_TOO_MANY_INDICATORS, too_many_indicators)
MJK_SAME(MJK_ERR_BAD_REQUEST, bad_request)
MJK_SAME(MJK_ERR_DEALER_RON_WITH_TENHOU, dealer_ron_with_tenhou)
MJK_SAME(MJK_ERR_TOO_FEW_TILES, too_few_tiles)
MJK_SAME(MJK_ERR_COMPLETE_HAND, complete_hand)
MJK_SAME(MJK_ERR_IMPOSSIBLE_WALL, impossible_wall)
MJK_SAME(MJK_ERR_WALL_TOO_SMALL, wall_too_small)
MJK_SAME(MJK_ERR_EXTRA_OUT_OF_RANGE, extra_out_of_range)
MJK_SAME(MJK_ERR_TURN_OUT_OF_RANGE, turn_out_of_range)
MJK_SAME(MJK_ERR_TOO_MANY_VERTICES, too_many_vertices)
MJK_SAME(MJK_ERR_OUT_OF_MEMORY, out_of_memory)
MJK_SAME(MJK_ERR_CANCELLED, cancelled)
#undef MJK_SAME
static_assert(MJK_ERR_CANCELLED == static_cast<int>(Error::cancelled), "a new Error needs its MJK_ERR code");

static_assert(MJK_CHI == int(MeldType::chi) && MJK_PON == int(MeldType::pon) && MJK_MINKAN == int(MeldType::minkan) &&
              MJK_ANKAN == int(MeldType::ankan) && MJK_KAKAN == int(MeldType::kakan));
static_assert(MJK_SELF == int(Relative::self) && MJK_SHIMOCHA == int(Relative::shimocha) &&
              MJK_TOIMEN == int(Relative::toimen) && MJK_KAMICHA == int(Relative::kamicha));
static_assert(MJK_RENHOU_NONE == int(RenhouRule::none) && MJK_RENHOU_MANGAN == int(RenhouRule::mangan) &&
              MJK_RENHOU_YAKUMAN == int(RenhouRule::yakuman));
static_assert(MJK_YAKU_COUNT == yaku_count);
static_assert(MJK_LIMIT_COUNT == static_cast<int>(Limit::count) &&
              MJK_FU_REASON_COUNT == static_cast<int>(FuReason::count));
static_assert(MJK_FU_WAIT == int(FuReason::wait) && MJK_FU_PAIR == int(FuReason::pair) &&
              MJK_FU_CLOSED_KAN == int(FuReason::closed_kan) && MJK_FU_ROUNDING == int(FuReason::rounding));
static_assert(sizeof(mjk_readable::fu) / sizeof(mjk_fu_part) == FuBreakdown{}.parts.size());
static_assert(sizeof(mjk_readable::payment_text) > max_payment_text);
static_assert(MJK_WAIT_KANCHAN == int(WaitKind::kanchan) && MJK_WAIT_PENCHAN == int(WaitKind::penchan) &&
              MJK_WAIT_TANKI == int(WaitKind::tanki) && MJK_WAIT_KOKUSHI13 == int(WaitKind::kokushi13));
static_assert(sizeof(mjk_score_request::dora) == max_indicators &&
              sizeof(mjk_score_request::melds) / sizeof(mjk_meld) == 4);
static_assert(sizeof(mjk_request_info::message) == MJK_MAX_MESSAGE);

static_assert(MJK_FORM_STANDARD_BIT == standard_form && MJK_FORM_CHIITOI_BIT == chiitoi_form &&
              MJK_FORM_KOKUSHI_BIT == kokushi_form);
static_assert(MJK_BLOCK_PAIR == int(BlockKind::pair) && MJK_BLOCK_TRIPLET == int(BlockKind::triplet) &&
              MJK_BLOCK_SEQUENCE == int(BlockKind::sequence) && MJK_BLOCK_SINGLE == int(BlockKind::single));
static_assert(MJK_FORM_STANDARD == int(Form::standard) && MJK_FORM_CHIITOI == int(Form::chiitoi) &&
              MJK_FORM_KOKUSHI == int(Form::kokushi));
static_assert(MJK_WAIT_RYANMEN == int(WaitKind::ryanmen) && MJK_WAIT_KANCHAN == int(WaitKind::kanchan) &&
              MJK_WAIT_PENCHAN == int(WaitKind::penchan) && MJK_WAIT_TANKI == int(WaitKind::tanki) &&
              MJK_WAIT_SHANPON == int(WaitKind::shanpon) && MJK_WAIT_KOKUSHI == int(WaitKind::kokushi) &&
              MJK_WAIT_KOKUSHI13 == int(WaitKind::kokushi13));
static_assert(MJK_KINDS == kind_count && MJK_MAX_DECOMPOSITIONS == max_decompositions);
static_assert(MJK_SHANTEN_NOT_APPLICABLE == ShantenForms::not_applicable);
static_assert(sizeof(mjk_advice_result::options) / sizeof(mjk_discard_option) ==
              std::tuple_size_v<decltype(Advice::options)>);
static_assert(sizeof(Decomposition::blocks) / sizeof(Block) == sizeof(mjk_decomposition::blocks) / sizeof(mjk_block));

// The C structs' layout is the ABI: it changes only with MJK_ABI_VERSION.
static_assert(sizeof(mjk_parsed) == 48 && offsetof(mjk_parsed, error_position) == 44);
static_assert(sizeof(mjk_form_waits) == 24 && sizeof(mjk_tenpai_result) == 8 * 35);
static_assert(sizeof(mjk_block) == 2 && sizeof(mjk_decomposition) == 30 && sizeof(mjk_slice) == 8);
static_assert(sizeof(mjk_shanten_forms) == 4 && sizeof(mjk_necessary) == 16);
static_assert(sizeof(mjk_discard_option) == 16 && sizeof(mjk_advice_result) == 8 + 14 * 16);
static_assert(sizeof(mjk_meld) == 4 && sizeof(mjk_score_rules) == 16 && sizeof(mjk_yaku_value) == 4);
static_assert(sizeof(mjk_score_request) == 112 && offsetof(mjk_score_request, melds) == 38 &&
              offsetof(mjk_score_request, win) == 54 && offsetof(mjk_score_request, dora) == 68 &&
              offsetof(mjk_score_request, honba) == 80 && offsetof(mjk_score_request, rules) == 96);
static_assert(sizeof(mjk_score_result) == 48 && offsetof(mjk_score_result, yaku) == 16 &&
              offsetof(mjk_score_result, payments) == 28);
static_assert(sizeof(mjk_request_info) == 264);

constexpr int invalid = static_cast<int>(Error::invalid_argument);

std::optional<Players> players_of(int players) noexcept {
  if (players == 4) return Players::four;
  if (players == 3) return Players::three;
  return std::nullopt;
}

bool rows_ok(const std::uint8_t* rows, std::size_t n) noexcept {
  return n <= SIZE_MAX / kind_count && (n == 0 || rows != nullptr);
}

// Rows per chunk: the chunk's results fit in ~16 KiB of stack, in whole
// blocks of the widest implementation (64 hands).
template <class T>
constexpr std::size_t chunk_rows(std::size_t cap = SIZE_MAX) {
  const std::size_t rows = std::max<std::size_t>(64, (16384 / sizeof(Result<T>)) / 64 * 64);
  return std::min(rows, cap);
}

// Where ukeire-counting operations read the visible tiles (mjk.h: NULL,
// shared with stride 0, or a row per hand `stride` bytes apart).
struct Visible {
  const std::uint8_t* data = nullptr;
  std::size_t stride = 0;
};

// Runs op (the C++ rows34 batch) over rows in chunks; put(i, result) writes
// row i's answer into the caller's arrays (a bad row's answer is the default).
template <class T, class Op, class Put>
int run_rows(const std::uint8_t* rows, std::size_t n, int players, std::uint8_t* errors, Op op, Put put,
             Visible visible = {}) noexcept {
  const auto rules = players_of(players);
  if (!rules || !rows_ok(rows, n)) return invalid;
  if (visible.data && visible.stride != 0 && visible.stride < kind_count) return invalid;
  constexpr std::size_t chunk = chunk_rows<T>(256);
  Result<T> results[chunk];
  std::uint8_t gathered[chunk * kind_count];  // visible rows with a stride other than 34
  for (std::size_t base = 0; base < n; base += chunk) {
    const std::size_t count = std::min(chunk, n - base);
    Options options{*rules, {}};
    if (visible.data && visible.stride == 0) {
      options.visible = {visible.data, kind_count};
    } else if (visible.data && visible.stride == kind_count) {
      options.visible = {visible.data + base * kind_count, count * kind_count};
    } else if (visible.data) {
      for (std::size_t i = 0; i < count; ++i)
        std::memcpy(gathered + i * kind_count, visible.data + (base + i) * visible.stride, kind_count);
      options.visible = {gathered, count * kind_count};
    }
    const Error e = op(std::span<const std::uint8_t>(rows + base * kind_count, count * kind_count),
                       std::span<Result<T>>(results, count), options);
    if (e != Error::none) return static_cast<int>(e);  // not reached: sizes are right by construction
    for (std::size_t i = 0; i < count; ++i) {
      put(base + i, results[i].value);
      if (errors) errors[base + i] = static_cast<std::uint8_t>(results[i].error);
    }
  }
  return MJK_OK;
}

Hand hand_of_row(const std::uint8_t* row) noexcept {
  Hand h;
  for (int k = 0; k < kind_count; ++k) {
    h.slots[static_cast<std::size_t>(Tile(k).slot())] = row[k];
    h.tiles = static_cast<std::uint8_t>(h.tiles + row[k]);
  }
  return h;
}

mjk_score_rules to_c(const ScoreRules& r) noexcept {
  mjk_score_rules c{};
  c.open_tanyao = r.open_tanyao;
  c.kiriage = r.kiriage;
  c.kazoe_yakuman = r.kazoe_yakuman;
  c.double_yakuman = r.double_yakuman;
  c.yakuman_stacking = r.yakuman_stacking;
  c.double_wind_pair_fu = r.double_wind_pair_fu;
  c.pao = r.pao;
  c.renhou = static_cast<std::uint8_t>(r.renhou);
  c.sanma_tsumo_loss = r.sanma_tsumo_loss;
  return c;
}

ScoreRules from_c(const mjk_score_rules& c) noexcept {
  ScoreRules r;
  r.open_tanyao = c.open_tanyao;
  r.kiriage = c.kiriage;
  r.kazoe_yakuman = c.kazoe_yakuman;
  r.double_yakuman = c.double_yakuman;
  r.yakuman_stacking = c.yakuman_stacking;
  r.double_wind_pair_fu = c.double_wind_pair_fu;  // validate() rejects anything but 2 and 4
  r.pao = c.pao;
  r.renhou = static_cast<RenhouRule>(c.renhou);  // an out-of-range value: validate() rejects it
  r.sanma_tsumo_loss = c.sanma_tsumo_loss;
  return r;
}

// Raw C values pass through unchanged (enums have a uint8 underlying type);
// validate(), inside score(), rejects those out of range. Kinds of 34 and
// more are clamped to 255, which validate() also rejects, never indexes.
ScoreRequest from_c(const mjk_score_request& c) noexcept {
  ScoreRequest r;
  for (int k = 0; k < kind_count; ++k) r.hand.slots[static_cast<std::size_t>(Tile(k).slot())] = c.counts[k];
  int tiles = 0;
  for (int k = 0; k < kind_count; ++k) tiles += c.counts[k];
  r.hand.tiles = static_cast<std::uint8_t>(std::min(tiles, 255));
  for (std::size_t s = 0; s < 3; ++s) r.hand.red_fives[s] = c.red_fives[s];
  r.meld_count = c.meld_count;
  for (std::size_t i = 0; i < 4; ++i)
    r.melds[i] = {static_cast<MeldType>(c.melds[i].type), Tile(c.melds[i].tile), c.melds[i].red,
                  static_cast<Relative>(c.melds[i].from)};
  r.win = Tile(c.win);
  r.win_red = c.win_red;
  r.tsumo = c.tsumo;
  r.from = static_cast<Relative>(c.from);
  r.seat = c.seat;
  r.round = c.round;
  r.riichi = c.riichi;
  r.ippatsu = c.ippatsu;
  r.rinshan = c.rinshan;
  r.chankan = c.chankan;
  r.haitei = c.haitei;
  r.tenhou = c.tenhou;
  r.dora_count = c.dora_count;
  r.ura_count = c.ura_count;
  for (std::size_t i = 0; i < max_indicators; ++i) {
    r.dora[i] = Tile(c.dora[i]);
    r.ura[i] = Tile(c.ura[i]);
  }
  r.nuki = c.nuki;
  r.honba = c.honba;
  r.sticks = c.sticks;
  r.players = static_cast<Players>(c.players);
  r.rules = from_c(c.rules);
  return r;
}

mjk_score_request to_c(const ScoreRequest& r) noexcept {
  mjk_score_request c{};
  for (int k = 0; k < kind_count; ++k) c.counts[k] = static_cast<std::uint8_t>(r.hand.count(Tile(k)));
  for (std::size_t s = 0; s < 3; ++s) c.red_fives[s] = r.hand.red_fives[s];
  c.meld_count = r.meld_count;
  for (std::size_t i = 0; i < 4; ++i)
    c.melds[i] = {static_cast<std::uint8_t>(r.melds[i].type), static_cast<std::uint8_t>(r.melds[i].tile.kind()),
                  r.melds[i].red, static_cast<std::uint8_t>(r.melds[i].from)};
  c.win = static_cast<std::uint8_t>(r.win.kind());
  c.win_red = r.win_red;
  c.tsumo = r.tsumo;
  c.from = static_cast<std::uint8_t>(r.from);
  c.seat = r.seat;
  c.round = r.round;
  c.riichi = r.riichi;
  c.ippatsu = r.ippatsu;
  c.rinshan = r.rinshan;
  c.chankan = r.chankan;
  c.haitei = r.haitei;
  c.tenhou = r.tenhou;
  c.dora_count = r.dora_count;
  c.ura_count = r.ura_count;
  for (std::size_t i = 0; i < max_indicators; ++i) {
    c.dora[i] = static_cast<std::uint8_t>(r.dora[i].kind());
    c.ura[i] = static_cast<std::uint8_t>(r.ura[i].kind());
  }
  c.nuki = r.nuki;
  c.players = static_cast<std::uint8_t>(r.players);
  c.honba = r.honba;
  c.sticks = r.sticks;
  c.rules = to_c(r.rules);
  return c;
}

mjk_score_result to_c(const Score& s) noexcept {
  mjk_score_result c{};
  c.complete = s.complete;
  c.closed = s.closed;
  c.han = s.han;
  c.fu = s.fu;
  c.yakuman = s.yakuman;
  c.dora = s.dora;
  c.aka = s.aka;
  c.ura = s.ura;
  c.nuki = s.nuki;
  c.yaku = s.yaku;
  c.points = s.points;
  for (std::size_t i = 0; i < 4; ++i) c.payments[i] = s.payments[i];
  return c;
}

Score from_c(const mjk_score_result& c) noexcept {
  Score s;
  s.complete = c.complete;
  s.closed = c.closed;
  s.yaku = c.yaku;
  s.han = c.han;
  s.fu = c.fu;
  s.yakuman = c.yakuman;
  s.dora = c.dora;
  s.aka = c.aka;
  s.ura = c.ura;
  s.nuki = c.nuki;
  s.points = c.points;
  for (std::size_t i = 0; i < 4; ++i) s.payments[i] = c.payments[i];
  return s;
}

// A display name in the C ABI's language (literals, NUL-terminated).
const char* label(const DisplayName& d, int language) noexcept {
  const std::string_view s = language == MJK_NAME_ID   ? d.id
                             : language == MJK_NAME_EN ? d.en
                             : language == MJK_NAME_JA ? d.ja
                                                       : "";
  return s.empty() ? "" : s.data();
}

mjk_decomposition to_c(const Decomposition& d) noexcept {
  mjk_decomposition c{};
  c.form = static_cast<std::uint8_t>(d.form);
  c.block_count = d.block_count;
  c.win = d.win;
  c.wait = d.wait ? static_cast<std::int8_t>(*d.wait) : std::int8_t{MJK_WAIT_NONE};
  for (std::size_t b = 0; b < d.blocks.size(); ++b)
    c.blocks[b] = {static_cast<std::uint8_t>(d.blocks[b].kind), static_cast<std::uint8_t>(d.blocks[b].first.kind())};
  return c;
}

}  // namespace

ScoreRequest capi::request_from_c(const mjk_score_request& c) noexcept { return from_c(c); }
mjk_score_request capi::request_to_c(const ScoreRequest& r) noexcept { return to_c(r); }

}  // namespace mjk

using namespace mjk;

namespace mjk::capi {
const char* table_error_message(int code) noexcept;  // table.cpp: the game tables' codes, or nullptr
}  // namespace mjk::capi

extern "C" {

const char* mjk_version(void) { return MJK_VERSION_STRING; }

// Registry names are string literals, so their data() is NUL-terminated.
const char* mjk_implementation(void) { return active_implementation().name.data(); }

const char* mjk_error_message(int code) {
  if (const char* table = capi::table_error_message(code)) return table;
  // The game records' codes are the C ABI's own (no mjk::Error: the layers below know no records).
  if (code == MJK_ERR_RECORD_UNREADABLE) return "the game record cannot be read";
  if (code < 0 || code > 255) return "unknown error";
  return describe(static_cast<Error>(code)).data();  // literals, NUL-terminated; "unknown error" past the last code
}

int mjk_parse_n(const char* text, size_t length, mjk_parsed* out) {
  if (!out || (!text && length)) return invalid;
  *out = {};
  out->winning = -1;
  out->error_tile = 255;
  const auto parsed = parse_hand(std::string_view(text ? text : "", length));
  if (!parsed.ok()) {
    out->error = static_cast<std::uint8_t>(parsed.error.code);
    out->error_position = parsed.error.position;
    if (parsed.error.tile) out->error_tile = static_cast<std::uint8_t>(parsed.error.tile->kind());
    return out->error;
  }
  const Hand& h = parsed.value.hand;
  for (int k = 0; k < kind_count; ++k) out->counts[k] = static_cast<std::uint8_t>(h.count(Tile(k)));
  std::memcpy(out->red_fives, h.red_fives.data(), 3);
  out->tiles = h.tiles;
  if (parsed.value.winning) out->winning = static_cast<std::int8_t>(parsed.value.winning->kind());
  out->winning_red = parsed.value.winning_red;
  return MJK_OK;
}

static_assert(MJK_MAX_MESSAGE == HandError::max_message + 1);

int mjk_parse_message(const char* text, size_t length, char* buf, size_t cap) {
  if ((!text && length) || (cap && !buf)) return invalid;
  const auto parsed = parse_hand(std::string_view(text ? text : "", length));
  char sentence[HandError::max_message];
  const std::size_t size = parsed.ok() ? 0 : parsed.error.write(sentence);
  if (cap) {
    const std::size_t n = std::min(size, cap - 1);
    std::memcpy(buf, sentence, n);
    buf[n] = '\0';
  }
  return static_cast<int>(parsed.error.code);
}

int mjk_parse(const char* text, mjk_parsed* out) {
  if (!text) return out ? (*out = {}, out->winning = -1, out->error_tile = 255, invalid) : invalid;
  return mjk_parse_n(text, std::strlen(text), out);
}

int mjk_is_agari(const uint8_t* rows, size_t n, int players, uint8_t* agari, uint8_t* errors) {
  if (n && !agari) return invalid;
  return run_rows<bool>(
      rows, n, players, errors, [](auto r, auto o, const Options& op) { return is_agari(r, o, op); },
      [&](std::size_t i, bool v) { agari[i] = v; });
}

int mjk_agari_forms(const uint8_t* rows, size_t n, int players, uint8_t* forms, uint8_t* errors) {
  if (n && !forms) return invalid;
  return run_rows<std::uint8_t>(
      rows, n, players, errors, [](auto r, auto o, const Options& op) { return agari_forms(r, o, op); },
      [&](std::size_t i, std::uint8_t v) { forms[i] = v; });
}

int mjk_waits(const uint8_t* rows, size_t n, int players, uint64_t* out, uint8_t* errors) {
  if (n && !out) return invalid;
  return run_rows<TileMask>(
      rows, n, players, errors, [](auto r, auto o, const Options& op) { return waits(r, o, op); },
      [&](std::size_t i, TileMask v) { out[i] = v.bits(); });
}

int mjk_waits_rows(const uint8_t* rows, size_t n, int players, uint8_t* out, uint8_t* errors) {
  if (n && !out) return invalid;
  return run_rows<TileMask>(
      rows, n, players, errors, [](auto r, auto o, const Options& op) { return waits(r, o, op); },
      [&](std::size_t i, TileMask v) { capi::spread_mask(out + i * kind_count, v.bits()); });
}

int mjk_waits_by_form(const uint8_t* rows, size_t n, int players, mjk_form_waits* out, uint8_t* errors) {
  if (n && !out) return invalid;
  return run_rows<FormWaits>(
      rows, n, players, errors, [](auto r, auto o, const Options& op) { return waits_by_form(r, o, op); },
      [&](std::size_t i, const FormWaits& v) {
        out[i] = {v.standard.bits(), v.chiitoi.bits(), v.kokushi.bits()};
      });
}

int mjk_tenpai_discards(const uint8_t* rows, size_t n, int players, mjk_tenpai_result* out, uint8_t* errors) {
  if (n && !out) return invalid;
  return run_rows<TenpaiDiscards>(
      rows, n, players, errors, [](auto r, auto o, const Options& op) { return tenpai_discards(r, o, op); },
      [&](std::size_t i, const TenpaiDiscards& v) {
        out[i].discards = v.discards.bits();
        for (std::size_t k = 0; k < kind_count; ++k) out[i].waits[k] = v.waits[k].bits();
      });
}

int mjk_decompositions(const uint8_t* rows, size_t n, const int8_t* winning, int players, mjk_decomposition* storage,
                       size_t capacity, mjk_slice* slices, uint8_t* errors) {
  const auto rules = players_of(players);
  if (!rules || !rows_ok(rows, n) || (n && !slices) || (capacity && !storage)) return invalid;
  const Options options{*rules, {}};
  capacity = std::min<std::size_t>(capacity, UINT32_MAX);  // offsets are 32-bit
  std::size_t used = 0;
  for (std::size_t i = 0; i < n; ++i) {
    Decomposition found[max_decompositions];
    std::optional<Tile> win;
    Result<std::size_t> r;
    const int w = winning ? winning[i] : -1;
    if (w >= kind_count || w < -1) {
      r.error = Error::bad_winning_tile;
    } else {
      if (w >= 0) win = Tile(w);
      r = decompositions(hand_of_row(rows + i * kind_count), win, found, options);
    }
    if (r.ok() && r.value > capacity - used) r = {0, Error::output_too_small};
    if (!r.ok()) r.value = 0;
    for (std::size_t d = 0; d < r.value; ++d) storage[used + d] = to_c(found[d]);
    slices[i] = {static_cast<std::uint32_t>(used), static_cast<std::uint32_t>(r.value)};
    used += r.value;
    if (errors) errors[i] = static_cast<std::uint8_t>(r.error);
  }
  return MJK_OK;
}

int mjk_shanten(const uint8_t* rows, size_t n, int players, mjk_shanten_forms* out, uint8_t* errors) {
  if (n && !out) return invalid;
  return run_rows<ShantenForms>(
      rows, n, players, errors, [](auto r, auto o, const Options& op) { return shanten(r, o, op); },
      [&](std::size_t i, const ShantenForms& v) {
        out[i] = {v.best, v.standard, v.chiitoi, v.kokushi};
      });
}

int mjk_necessary_tiles(const uint8_t* rows, size_t n, int players, const uint8_t* visible, size_t visible_stride,
                        mjk_necessary* out, uint8_t* errors) {
  if (n && !out) return invalid;
  return run_rows<Necessary>(
      rows, n, players, errors, [](auto r, auto o, const Options& op) { return necessary_tiles(r, o, op); },
      [&](std::size_t i, const Necessary& v) {
        out[i] = {};
        out[i].shanten = v.shanten;
        out[i].ukeire = v.ukeire;
        out[i].tiles = v.tiles.bits();
      },
      {visible, visible_stride});
}

int mjk_advice(const uint8_t* rows, size_t n, int players, const uint8_t* visible, size_t visible_stride,
               mjk_advice_result* out, uint8_t* errors) {
  if (n && !out) return invalid;
  return run_rows<Advice>(
      rows, n, players, errors, [](auto r, auto o, const Options& op) { return advice(r, o, op); },
      [&](std::size_t i, const Advice& v) {
        mjk_advice_result& a = out[i];
        a = {};
        a.count = v.count;
        for (std::size_t k = 0; k < v.options.size(); ++k) {
          a.options[k].discard = static_cast<std::uint8_t>(v.options[k].discard.kind());
          a.options[k].shanten = v.options[k].shanten;
          a.options[k].ukeire = v.options[k].ukeire;
          a.options[k].necessary = v.options[k].necessary.bits();
        }
      },
      {visible, visible_stride});
}


const char* mjk_yaku_name(int yaku) {
  if (yaku < 0 || yaku >= yaku_count) return "unknown";
  return yaku_name(static_cast<Yaku>(yaku)).data();  // literals, NUL-terminated
}

size_t mjk_score_yaku(const mjk_score_result* score, const mjk_score_rules* rules, mjk_yaku_value* out, size_t cap) {
  if (!score || !rules || (cap && !out)) return 0;
  Score s;
  s.complete = score->complete;
  s.closed = score->closed;
  s.yaku = score->yaku;
  s.dora = score->dora;
  s.aka = score->aka;
  s.ura = score->ura;
  s.nuki = score->nuki;
  std::array<YakuValue, yaku_count> values;
  const std::size_t n = std::min(list_yaku(s, from_c(*rules), values), cap);
  for (std::size_t i = 0; i < n; ++i)
    out[i] = {static_cast<std::uint8_t>(values[i].yaku), values[i].han, values[i].yakuman, 0};
  return n;
}

const char* mjk_yaku_label(int yaku, int language) {
  if (yaku < 0 || yaku >= yaku_count) return "";
  return label(display_name(static_cast<Yaku>(yaku)), language);
}

const char* mjk_limit_label(int limit, int language) {
  if (limit < 0 || limit >= MJK_LIMIT_COUNT) return "";
  return label(display_name(static_cast<Limit>(limit)), language);
}

const char* mjk_fu_reason_name(int reason) {
  if (reason < 0 || reason >= MJK_FU_REASON_COUNT) return "unknown";
  return fu_reason_name(static_cast<FuReason>(reason)).data();  // literals, NUL-terminated
}

const char* mjk_wait_name(int wait) {
  if (wait < MJK_WAIT_RYANMEN || wait > MJK_WAIT_KOKUSHI13) return "unknown";
  return wait_name(static_cast<WaitKind>(wait)).data();  // literals, NUL-terminated
}

int mjk_score_readable(const mjk_score_request* request, const mjk_score_result* result, mjk_readable* out) {
  if (!request || !result || !out) return invalid;
  *out = {};
  const ScoreRequest r = from_c(*request);
  const Score s = from_c(*result);
  out->limit = static_cast<std::uint8_t>(limit_of(s, r.rules));
  const FuBreakdown fu = fu_breakdown(r, s);
  out->fu_count = fu.count;
  for (std::size_t i = 0; i < fu.count; ++i) {
    const FuPart& p = fu.parts[i];
    out->fu[i] = {static_cast<std::uint8_t>(p.reason), p.fu, p.tiles, static_cast<std::uint8_t>(p.tile.kind()),
                  static_cast<std::uint8_t>(p.wait),   {}};
  }
  const std::size_t n = payment_text(r, s, std::span<char>(out->payment_text, sizeof out->payment_text - 1));
  out->payment_text[std::min(n, sizeof out->payment_text - 1)] = '\0';
  return MJK_OK;
}

int mjk_score_json(const mjk_score_request* request, const mjk_score_result* result, char* buf, size_t cap,
                   size_t* needed) {
  if (!request || !result || (cap && !buf)) return invalid;
  JsonWriter json(std::span<char>(buf, cap ? cap - 1 : 0));  // the last byte for the NUL
  write_json(from_c(*result), from_c(*request), json);
  return capi::end_text(json.size(), buf, cap, needed);
}

void mjk_default_rules(mjk_score_rules* rules) {
  if (rules) *rules = to_c(ScoreRules{});
}

int mjk_score(const mjk_score_request* requests, size_t n, mjk_score_result* out, uint8_t* errors) {
  if (n && (!requests || !out)) return invalid;
  constexpr std::size_t chunk = 64;  // ~16 KiB of requests and answers on the stack
  ScoreRequest batch[chunk];
  Result<Score> results[chunk];
  for (std::size_t base = 0; base < n; base += chunk) {
    const std::size_t count = std::min(chunk, n - base);
    for (std::size_t i = 0; i < count; ++i) batch[i] = from_c(requests[base + i]);
    const Error e = score(std::span<const ScoreRequest>(batch, count), std::span<Result<Score>>(results, count));
    if (e != Error::none) return static_cast<int>(e);  // not reached: sizes are right by construction
    for (std::size_t i = 0; i < count; ++i) {
      out[base + i] = results[i].ok() ? to_c(results[i].value) : mjk_score_result{};
      if (errors) errors[base + i] = static_cast<std::uint8_t>(results[i].error);
    }
  }
  return MJK_OK;
}

int mjk_score_each_win(const mjk_score_request* request, mjk_score_result out[MJK_KINDS], uint8_t errors[MJK_KINDS]) {
  return mjk_score_each_win_visible(request, nullptr, out, errors);
}

int mjk_score_each_win_visible(const mjk_score_request* request, const uint8_t* visible34,
                               mjk_score_result out[MJK_KINDS], uint8_t errors[MJK_KINDS]) {
  if (!request || !out) return invalid;
  const ScoreRequest r = from_c(*request);
  if (const HandError e = validate_waiting(r)) return static_cast<int>(e.code);
  std::array<Result<Score>, kind_count> each;
  const std::span<const std::uint8_t> visible =
      visible34 ? std::span<const std::uint8_t>(visible34, kind_count) : std::span<const std::uint8_t>{};
  if (const Error e = score_each_win(r, visible, each); e != Error::none) return static_cast<int>(e);  // not reached
  for (std::size_t k = 0; k < each.size(); ++k) {
    out[k] = each[k].ok() ? to_c(each[k].value) : mjk_score_result{};
    if (errors) errors[k] = static_cast<std::uint8_t>(each[k].error);
  }
  return MJK_OK;
}

int mjk_parse_request(const char* text, size_t length, mjk_score_request* out, uint8_t* visible34,
                      mjk_request_info* info) {
  if (!out || !info) return invalid;
  if (!text && length) {
    *out = {};
    mjk_default_rules(&out->rules);
    return capi::null_text(length, info);
  }
  *info = {};
  const auto parsed = parse_request(std::string_view(text ? text : "", length));
  HandError e = parsed.error;
  if (!e) e = check_request(parsed.value);
  if (e) {
    *out = {};
    mjk_default_rules(&out->rules);
    info->error = static_cast<std::uint8_t>(e.code);
    info->error_position = e.position;
    info->message[e.write(std::span<char>(info->message, sizeof info->message - 1))] = '\0';
    return info->error;
  }
  *out = to_c(parsed.value.request);
  info->has_win = parsed.value.has_win;
  info->any_visible = parsed.value.any_visible;
  info->each_win = parsed.value.each_win;
  info->error_position = HandError::nowhere;
  if (visible34) std::memcpy(visible34, parsed.value.visible.data(), kind_count);
  return MJK_OK;
}

int mjk_analyse_json(const char* text, int players, const uint8_t* visible34, char* buf, size_t cap, size_t* needed) {
  if (!text) return invalid;
  return mjk_analyse_json_n(text, std::strlen(text), players, visible34, buf, cap, needed);
}

int mjk_analyse_json_n(const char* text, size_t length, int players, const uint8_t* visible34, char* buf, size_t cap,
                       size_t* needed) {
  return capi::analyse_json(text, length, players, visible34, nullptr, buf, cap, needed);
}

}  // extern "C"

int capi::null_text(std::size_t length, mjk_request_info* info) noexcept {
  if (info) {
    *info = {};
    info->error = MJK_ERR_INVALID_ARGUMENT;
    info->error_position = UINT32_MAX;
    std::snprintf(info->message, sizeof info->message, "the line's text is NULL, with a length of %zu bytes", length);
  }
  return MJK_ERR_INVALID_ARGUMENT;
}

int capi::analyse_json(const char* text, size_t length, int players, const uint8_t* visible34,
                       const std::atomic<bool>* cancel, char* buf, size_t cap, size_t* needed,
                       HandError* error) noexcept {
  const auto rules = players_of(players);
  if ((!text && length) || !rules || (cap && !buf)) return invalid;
  Options options{*rules, {}};
  if (visible34) options.visible = {visible34, kind_count};
  const std::string_view line(text ? text : "", length);
  JsonWriter json(std::span<char>(buf, cap ? cap - 1 : 0));  // the last byte for the NUL
  const auto r = analyse(line, options, ScoreRequest{}, cancel);
  if (error) *error = r.ok() ? HandError{} : r.error;
  if (r.ok()) {
    write_json(r.value, json);
  } else {
    char sentence[HandError::max_message];  // the CLI's sentence, on the stack
    write_json_error(line, std::string_view(sentence, r.error.write(sentence)), json);
  }
  return end_text(json.size(), buf, cap, needed);
}
