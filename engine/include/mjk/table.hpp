// One game at a table: plain data (fixed arrays, no heap), copyable, a few
// KB. At every decision the table says who must act (actors()) and each
// one's complete legal set (legal(seat)); apply(seat, action) takes one
// answer, refusing anything outside the set with the reason, the state
// unchanged. docs/engine.md is the guide, docs/rules.md the rules.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <vector>

#include "mjk/engine_rules.hpp"
#include "mjk/export.h"
#include "mjk/hand.hpp"
#include "mjk/score_types.hpp"
#include "mjk/wall.hpp"

namespace mjk {

// ---- tiles as the table names them ----
// A "pai" is a tile as players see it: 0..33 a kind (a plain five for
// 4/13/22), 34..36 the red 5m, 5p, 5s. no_pai: none.
using Pai = std::uint8_t;
inline constexpr Pai pai_count = 37, no_pai = 0xff;
[[nodiscard]] constexpr int pai_kind(Pai p) noexcept { return p < 34 ? p : 4 + 9 * (p - 34); }
[[nodiscard]] constexpr bool pai_red(Pai p) noexcept { return p >= 34 && p < 37; }
[[nodiscard]] constexpr Pai red_pai_of(int kind) noexcept { return static_cast<Pai>(34 + kind / 9); }
[[nodiscard]] MJK_API std::string_view pai_name(Pai p) noexcept;  // mjai's: "5m", "5mr", "E", "C"

// ---- the action index: a fixed space of action_count ids ----
// discard + p (p a pai): a tile of the hand other than the drawn one;
// tsumogiri: the drawn tile; riichi + p / riichi_tsumogiri: riichi
// declared with that discard; chi + 0/1/2: the called tile the lowest /
// middle / highest of the run (chi_red + 0/1/2: a red five among the two
// tiles taken from the hand); pon, pon_red (a red five among the two);
// daiminkan (an open kan on the discard); kan + k: a closed or added kan of
// kind k (never both possible at once); tsumo, ron, nine_terminals, north
// (three players: set a north aside), pass.
using Action = std::uint8_t;
namespace act {
inline constexpr Action discard = 0;
inline constexpr Action tsumogiri = 37;
inline constexpr Action riichi = 38;
inline constexpr Action riichi_tsumogiri = 75;
inline constexpr Action chi = 76;
inline constexpr Action chi_red = 79;
inline constexpr Action pon = 82;
inline constexpr Action pon_red = 83;
inline constexpr Action daiminkan = 84;
inline constexpr Action kan = 85;
inline constexpr Action tsumo = 119;
inline constexpr Action ron = 120;
inline constexpr Action nine_terminals = 121;
inline constexpr Action north = 122;
inline constexpr Action pass = 123;
inline constexpr int count = 124;
}  // namespace act
// "discard 5m", "riichi 5mr", "tsumogiri", "chi low", "kan 7z", "pass", ...
[[nodiscard]] MJK_API std::string action_name(Action a);

// A set of actions: bit a for action a, and how many in each word (kept
// at insert, so size() needs no popcount instruction the baseline target lacks).
struct ActionSet {
  std::array<std::uint64_t, 2> bits{};
  std::array<std::uint8_t, 2> counts{};
  [[nodiscard]] constexpr bool contains(int a) const noexcept {
    return a >= 0 && a < act::count && ((bits[static_cast<unsigned>(a) >> 6] >> (a & 63)) & 1);
  }
  constexpr void insert(int a) noexcept {
    const auto w = static_cast<unsigned>(a) >> 6;
    const std::uint64_t bit = std::uint64_t{1} << (a & 63);
    counts[w] = static_cast<std::uint8_t>(counts[w] + ((bits[w] & bit) == 0));
    bits[w] |= bit;
  }
  // Every action of `mask` (bits 0..63: actions 0..63) at once.
  constexpr void insert_low(std::uint64_t mask) noexcept {
    counts[0] = static_cast<std::uint8_t>(counts[0] + bit_count(mask & ~bits[0]));
    bits[0] |= mask;
  }
  // Bits set, without the popcount instruction (SWAR).
  [[nodiscard]] static constexpr int bit_count(std::uint64_t x) noexcept {
    x -= (x >> 1) & 0x5555555555555555ull;
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return static_cast<int>((x * 0x0101010101010101ull) >> 56);
  }
  [[nodiscard]] constexpr int size() const noexcept { return counts[0] + counts[1]; }
  [[nodiscard]] constexpr bool empty() const noexcept { return (bits[0] | bits[1]) == 0; }
  // The n-th action in ascending order (n < size()).
  [[nodiscard]] MJK_API Action nth(int n) const noexcept;
  friend constexpr bool operator==(const ActionSet& a, const ActionSet& b) noexcept { return a.bits == b.bits; }
};

// ---- why an action was refused ----
enum class Refusal : std::uint8_t {
  none,
  game_over,       // the game has ended
  round_over,      // the round has ended: next_round() first
  bad_seat,        // no such seat at this table
  not_asked,       // this seat has nothing to decide now (or has answered)
  bad_action,      // not an action id at all
  not_held,        // a discard, kan or north of a tile the hand does not hold
  no_drawn_tile,   // tsumogiri with no drawn tile (after a call)
  riichi_discard,  // in riichi: only the drawn tile may be discarded
  kuikae,          // after a call: that discard swaps the called tile
  already_riichi,
  open_hand,          // riichi on an open hand
  riichi_points,      // riichi under 1,000 points
  riichi_wall,        // riichi with too few tiles left to draw
  not_tenpai,         // riichi with a discard that leaves no wait
  not_complete,       // tsumo or ron on a tile the hand does not win on
  furiten,            // ron while furiten
  no_yaku,            // a complete hand with no yaku
  not_kamicha,        // chi from anyone but the previous seat
  no_chi,             // chi with three players
  cannot_call,        // a call the hand cannot make (tiles missing, the last tile, in riichi)
  kan_changes_waits,  // a closed kan in riichi that changes the waits
  kan_limit,          // no kan left (four made) or no tile left to replace it
  not_first_draw,     // nine terminals after a discard or a call
  too_few_terminals,
  no_north,     // north with four players
  wrong_phase,  // an action of another kind of decision (a chi on one's own turn, ...)
};
[[nodiscard]] MJK_API std::string_view describe(Refusal r) noexcept;

struct ActionResult {
  Refusal refusal = Refusal::none;
  std::uint8_t seat = 0;
  Action action = 0;
  [[nodiscard]] bool ok() const noexcept { return refusal == Refusal::none; }
  // "seat 2 may not ron: furiten" (empty when ok).
  [[nodiscard]] MJK_API std::string message() const;
};

// ---- the event list (compact; docs/engine.md: mjai lines from it) ----
enum class EventType : std::uint8_t {
  start_game,
  start_kyoku,  // data: index into GameLog::rounds
  tsumo,        // actor, pai
  dahai,        // actor, pai, flags & 1: tsumogiri
  chi,          // actor, target, pai, consumed[0..1]
  pon,          // actor, target, pai, consumed[0..1]
  daiminkan,    // actor, target, pai, consumed[0..2]
  ankan,        // actor, consumed[0..3] (pai: the fourth)
  kakan,        // actor, pai (added), consumed[0..2] (the pon's)
  dora,         // pai: the new indicator
  reach,        // actor
  reach_accepted,
  hora,      // actor, target; data: index into GameLog::wins
  ryukyoku,  // data: index into GameLog::draws
  end_kyoku,
  end_game,
  nukidora,  // actor, pai (north)
};
struct Event {
  EventType type = EventType::start_game;
  std::uint8_t actor = 0, target = 0;
  Pai pai = no_pai;
  std::array<Pai, 4> consumed{no_pai, no_pai, no_pai, no_pai};
  std::uint8_t flags = 0;
  std::uint16_t data = 0;
};
struct RoundHeader {
  std::uint8_t wind = 0, kyoku = 0, honba = 0, sticks = 0, dealer = 0;
  Pai dora_marker = no_pai;
  std::array<std::int32_t, 4> scores{};
  std::array<std::array<Pai, 13>, 4> hands{};  // sorted
};
struct WinRecord {
  std::uint8_t seat = 0, from = 0;  // from == seat: tsumo
  Pai pai = no_pai;
  ScoreRequest request;  // as scored (hand, melds, context, indicators)
  Score score;
  std::array<std::int32_t, 4> deltas{};  // by absolute seat, honba and sticks included
  std::uint8_t ura_count = 0;
  std::array<Pai, 5> ura{};
};
enum class DrawKind : std::uint8_t {
  exhaustive,
  nagashi_mangan,
  nine_terminals,
  four_winds,
  four_riichi,
  four_kans,
  three_rons,
};
[[nodiscard]] MJK_API std::string_view draw_name(DrawKind k) noexcept;
struct DrawRecord {
  DrawKind kind = DrawKind::exhaustive;
  std::uint8_t tenpai = 0;   // seats tenpai (exhaustive draws), bit per seat
  std::uint8_t nagashi = 0;  // seats paid nagashi mangan
  std::uint8_t caller = 0;   // nine terminals: who called it
  std::array<std::int32_t, 4> deltas{};
};
// A game's events as the table played them. Appending reuses the vectors'
// storage: clear() keeps the capacity, so a long run allocates only at first.
struct GameLog {
  std::vector<Event> events;
  std::vector<RoundHeader> rounds;
  std::vector<WinRecord> wins;
  std::vector<DrawRecord> draws;
  std::array<std::int32_t, 4> final_scores{};
  void clear() noexcept {
    events.clear();
    rounds.clear();
    wins.clear();
    draws.clear();
    final_scores = {};
  }
};

// ---- the table ----
enum class Phase : std::uint8_t {
  turn,      // `turn` holds 3k+2 tiles: after a draw (drawn != no_pai) or a call (must discard)
  reaction,  // the others answer `claim_pai`, discarded by `turn`: ron, pon, kan, chi or pass
  chankan,   // the others answer an added (or closed) kan, or a north set aside, of `claim_pai` by `turn`: ron or pass
  round_over,  // `result` says how it ended; next_round() deals the next
  game_over,
};

struct SeatState {
  Hand hand;  // concealed tiles; red_fives kept exact
  std::array<Meld, 4> melds{};
  std::array<Pai, 4> meld_called{};         // the tile taken (chi, pon, daiminkan), the one added (kakan)
  std::array<std::uint8_t, 4> meld_from{};  // absolute seat of the discarder (self for ankan)
  std::uint8_t meld_count = 0;
  TileMask waits;                                // of the concealed hand, updated whenever it holds 3k+1 tiles
  TileMask discarded;                            // kinds this seat discarded this round (furiten)
  std::uint64_t held = 0, pairs = 0, fours = 0;  // kinds held at least once, twice, four times (bit per kind)
  // Bit p for each pai (0..36) the hand holds: a plain copy of kind p (p <
  // 34), a red five (34..36). The turn's discards are these bits, kept at
  // each tile in and out instead of rebuilt from the counts every turn.
  std::uint64_t pais = 0;
  std::uint64_t pons = 0;  // kinds of its pons (an added kan may grow them)
  // A lower bound of the concealed hand's shanten at 3k+1 (0: tenpai, and
  // exact). A draw (or a call) and a discard lower the shanten by one at
  // most, so from a bound of 2 or more the next discard only lowers the
  // bound: the kernel is asked (shanten, then waits when it is 0) once it is
  // 1 or less, unless two isolated singles rule a wait out (the bound is
  // then 1). waits is exact always.
  std::int8_t shanten = 8;
  std::uint8_t riichi = 0;  // 0, 1, 2 (double)
  std::uint8_t nuki = 0, kans = 0, discards = 0;
  bool open = false;  // an open meld made
  bool ippatsu = false, temp_furiten = false, riichi_furiten = false;
  bool nagashi = true;  // every discard a terminal or honour, none called
  bool drawn_yet = false;
  [[nodiscard]] bool furiten() const noexcept {
    return temp_furiten || riichi_furiten || (waits.bits() & discarded.bits()) != 0;
  }
};

struct RiverTile {
  std::uint8_t seat = 0;
  Pai pai = no_pai;
  std::uint8_t flags = 0;  // 1 tsumogiri, 2 riichi declared with it, 4 called away
};

struct RoundResult {
  bool win = false;  // false: a draw of `draw`
  DrawKind draw = DrawKind::exhaustive;
  std::uint8_t winners = 0;              // bit per seat
  std::uint8_t from = 0;                 // ron: the discarder; tsumo: the winner
  std::array<std::int32_t, 4> deltas{};  // the round's payments, sticks included
};

// Where a round starts when it is not the game's first (a replayed record,
// a test): the round wind, the dealer's seat, the counters, the scores.
struct RoundStart {
  std::uint8_t wind = 0, dealer = 0, honba = 0, sticks = 0;
  std::array<std::int32_t, 4> scores{};
};

class MJK_API Table {
 public:
  // A new game under `rules`: every round's wall from (seed, game, round,
  // honba), or the first round's from `first_wall` when given (later rounds:
  // next_round(log, wall)). Appends start_game and the first round's events.
  void start(const EngineRules& rules, std::uint64_t seed, std::uint32_t game = 0, GameLog* log = nullptr,
             const Wall* first_wall = nullptr) noexcept;
  // A game taken up at `at` on `wall` (a record's round): the rest of the
  // game is played from there, later walls from the seed 0 or next_round's.
  void start_round(const EngineRules& rules, const RoundStart& at, const Wall& wall, GameLog* log = nullptr) noexcept;
  // After a round: deal the next (its wall from the seed, or `wall`), or
  // end the game (phase() then game_over). False when not at round_over.
  bool next_round(GameLog* log = nullptr, const Wall* wall = nullptr) noexcept;

  // Seats that must answer now (bit per seat), and each one's legal set.
  [[nodiscard]] std::uint8_t actors() const noexcept { return static_cast<std::uint8_t>(asked_ & ~answered_); }
  [[nodiscard]] const ActionSet& legal(int seat) const noexcept { return legal_[static_cast<unsigned>(seat) & 3]; }
  // One seat's answer. Refused (state unchanged) when outside legal(seat),
  // with the reason. When every asked seat has answered, the table moves on.
  ActionResult apply(int seat, Action action, GameLog* log = nullptr) noexcept;
  // Why `action` is not legal for `seat` now (none if it is).
  [[nodiscard]] Refusal why_not(int seat, Action action) const noexcept;

  [[nodiscard]] Phase phase() const noexcept { return phase_; }
  [[nodiscard]] bool done() const noexcept { return phase_ == Phase::game_over; }
  [[nodiscard]] const EngineRules& rules() const noexcept { return rules_; }
  [[nodiscard]] int players() const noexcept { return n_; }
  [[nodiscard]] const std::array<std::int32_t, 4>& scores() const noexcept { return scores_; }
  [[nodiscard]] const SeatState& seat(int s) const noexcept { return seats_[static_cast<unsigned>(s) & 3]; }
  [[nodiscard]] int turn() const noexcept { return turn_; }
  [[nodiscard]] Pai drawn() const noexcept { return drawn_; }
  [[nodiscard]] Pai claim() const noexcept { return claim_pai_; }
  [[nodiscard]] int dealer() const noexcept { return kyoku_; }
  [[nodiscard]] int round_wind() const noexcept { return wind_; }
  [[nodiscard]] int kyoku() const noexcept { return kyoku_; }
  [[nodiscard]] int honba() const noexcept { return honba_; }
  [[nodiscard]] int sticks() const noexcept { return sticks_; }
  [[nodiscard]] int tiles_left() const noexcept {  // live tiles still to draw
    const int left = int{next_live_} + 1 - 14 - int{replacements_};
    return left > 0 ? left : 0;
  }
  [[nodiscard]] int dora_indicator_count() const noexcept { return dora_shown_; }
  [[nodiscard]] Pai dora_indicator(int i) const noexcept;
  [[nodiscard]] Pai ura_indicator(int i) const noexcept;
  [[nodiscard]] const Wall& wall() const noexcept { return wall_; }
  [[nodiscard]] const RoundResult& result() const noexcept { return result_; }
  [[nodiscard]] int river_size() const noexcept { return river_count_; }
  [[nodiscard]] const RiverTile& river(int i) const noexcept { return river_[static_cast<unsigned>(i)]; }
  // Placement of each seat (0 first) by score, ties by seat order.
  [[nodiscard]] std::array<std::uint8_t, 4> placements() const noexcept;
  // Checks the invariants (tiles conserved, counts, points with sticks):
  // empty when they hold, else what broke. For tests; not on the play path.
  [[nodiscard]] std::string check() const;

 private:
  friend struct TableAccess;
  // table.cpp: the round's flow
  void begin_round(GameLog* log, const Wall* wall) noexcept;
  void draw_tile(int seat, bool replacement, GameLog* log) noexcept;
  void after_discard(GameLog* log) noexcept;
  bool accept_riichi(GameLog* log) noexcept;  // true: the fourth riichi ended the round
  void discard(int seat, Pai p, bool tsumogiri, bool riichi, GameLog* log) noexcept;
  void resolve_reaction(GameLog* log) noexcept;
  void resolve_chankan(GameLog* log) noexcept;
  void do_call(int seat, Action a, GameLog* log) noexcept;
  void do_self_kan(int seat, int kind, GameLog* log) noexcept;
  void finish_kan(int seat, bool closed, GameLog* log) noexcept;
  void reveal_dora(GameLog* log) noexcept;
  void flush_pending_dora(GameLog* log) noexcept;
  void update_waits(int seat, bool exact = false) noexcept;  // exact: after a deal, a kan, a north
  void remove_pai(int seat, Pai p) noexcept;
  void add_pai(int seat, Pai p) noexcept;
  // table_legal.cpp: the decision's legal sets
  void clear_legal() noexcept;
  void prepare_turn() noexcept;          // table_prepare-inl.hpp, with prepare_reaction
  void prepare_turn_special() noexcept;  // after a call, or in riichi
  void insert_riichi_discards() noexcept;
  void prepare_reaction() noexcept;
  void reaction_set(int seat, bool calls, bool chi_seat) noexcept;  // one seat's answers to the discard
  void prepare_chankan(int claim_kind) noexcept;
  [[nodiscard]] bool can_win(int seat, Pai p, bool tsumo, bool chankan) const noexcept;
  [[nodiscard]] bool call_leaves_discard(int seat, int called, int k1, int k2, int swap) const noexcept;
  // table_settle.cpp: wins, draws, the game's end
  [[nodiscard]] ScoreRequest win_request(int seat, Pai p, bool tsumo, bool chankan) const noexcept;
  void settle_wins(std::uint8_t winners, int from, Pai p, bool tsumo, bool chankan, GameLog* log) noexcept;
  void settle_draw(DrawKind kind, GameLog* log) noexcept;
  void end_round(bool dealer_keeps, bool honba_up, GameLog* log) noexcept;
  void end_game(GameLog* log) noexcept;
  [[nodiscard]] Pai wall_pai(int index) const noexcept;
  [[nodiscard]] int replacement_index(int r) const noexcept;
  void emit(GameLog* log, const Event& e) const noexcept;

  EngineRules rules_{};
  std::uint64_t seed_ = 0;
  std::uint32_t game_ = 0;
  std::array<std::int32_t, 4> scores_{};
  std::uint8_t n_ = 4;
  std::uint8_t wind_ = 0, kyoku_ = 0, honba_ = 0, sticks_ = 0, round_number_ = 0;
  Phase phase_ = Phase::game_over;
  bool game_ending_ = false;  // the round that ends the game has been played
  Wall wall_{};
  std::uint8_t next_live_ = 0;     // index of the next live draw (counting down)
  std::uint8_t replacements_ = 0;  // replacement tiles drawn
  std::uint8_t dora_shown_ = 0;    // indicators revealed
  std::uint8_t dora_pending_ = 0;  // open kans whose indicator waits for the next discard or kan
  std::uint8_t kans_ = 0;          // kans made this round, by anyone
  std::uint8_t turn_ = 0;
  Pai drawn_ = no_pai;
  // bit drawn_ when the hand held no copy of that pai before the draw: no discard of it but tsumogiri
  std::uint64_t drawn_alone_ = 0;
  bool replacement_draw_ = false;  // this turn's tile came from the dead wall
  bool called_turn_ = false;       // this turn follows a chi or pon (kuikae)
  Pai called_pai_ = no_pai;        // the called tile (kuikae)
  std::int8_t kuikae_other_ = -1;  // the kind at the run's other end (kuikae), or -1
  Pai claim_pai_ = no_pai;         // the discard, or the kan's tile, being answered
  std::uint8_t claim_kind_ = 0;    // what chankan answers: 0 an added kan, 1 a closed kan, 2 a north set aside
  std::uint8_t asked_ = 0, answered_ = 0;
  // Per seat, the kinds of a discard it could ron or pon: its waits, and its
  // pairs unless in riichi. Kept by update_waits (every change of a hand
  // ends in it before another seat discards) and the riichi's acceptance,
  // so who may answer a discard is four reads.
  std::array<std::uint64_t, 4> claims_{};
  std::uint8_t waiting_ = 0;  // seats whose waits are not empty: most discards need no seat's furiten marked
  std::uint8_t filled_ = 0;   // seats whose legal_ may be non-empty: a decision clears only those
  std::array<Action, 4> answers_{};
  bool any_call_ = false;           // a call (any kan included) made this round
  bool riichi_declared_ = false;    // `turn`'s discard declared riichi, not yet accepted
  std::uint8_t riichi_count_ = 0;   // riichi accepted this round
  std::uint8_t first_wind_ = 0xff;  // four winds: the kind of the first discard
  std::uint8_t first_wind_count_ = 0;
  std::uint8_t river_count_ = 0;
  std::array<RiverTile, 128> river_{};
  std::array<SeatState, 4> seats_{};
  std::array<ActionSet, 4> legal_{};
  RoundResult result_{};
};

}  // namespace mjk
