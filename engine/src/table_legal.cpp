// The legal set of every decision, built once when the decision comes (so
// legal() is a read and apply() a bit test), and the reason an action is
// refused.
#include <string>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#endif

#include "mjk/analysis.hpp"
#include "mjk/score.hpp"
#include "mjk/table.hpp"
#include "table_internal.hpp"
#include "table_prepare-inl.hpp"

namespace mjk {

using detail::pai_in_hand;

namespace {

constexpr bool is_turn_action(Action a) noexcept {
  return a < act::chi || (a >= act::kan && a <= act::tsumo) || a == act::nine_terminals || a == act::north;
}

// select_in_byte[b * 8 + i]: the place of the i-th set bit of byte b.
constexpr std::array<std::uint8_t, 256 * 8> select_in_byte = [] {
  std::array<std::uint8_t, 256 * 8> table{};
  for (int b = 0; b < 256; ++b) {
    int i = 0;
    for (int bit = 0; bit < 8; ++bit)
      if ((b >> bit) & 1) table[static_cast<std::size_t>(b * 8 + i++)] = static_cast<std::uint8_t>(bit);
  }
  return table;
}();

// The place of the (skip+1)-th set bit of w (skip < its bits). Without
// BMI2 the byte holding it is found without a loop over the bits (a random
// bot's pick, every decision): each byte's count (SWAR), the running sums
// by a multiply, then the first sum past `skip`.
int select_bit_swar(std::uint64_t w, int skip_bits) noexcept {
  const auto skip = static_cast<std::uint64_t>(skip_bits);
  std::uint64_t c = w - ((w >> 1) & 0x5555555555555555ull);
  c = (c & 0x3333333333333333ull) + ((c >> 2) & 0x3333333333333333ull);
  c = (c + (c >> 4)) & 0x0f0f0f0f0f0f0f0full;
  const std::uint64_t sums = c * 0x0101010101010101ull;  // byte i: the bits of bytes 0..i (at most 64)
  constexpr std::uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
  const std::uint64_t past = ((sums | highs) - (skip + 1) * ones) & highs;  // bytes whose sum exceeds skip
  const int byte = std::countr_zero(past) >> 3;
  const auto before =
      static_cast<int>(((sums << 8) >> (8 * byte)) & 0xff);  // the sum of the bytes below (0 for byte 0)
  const auto in_byte = static_cast<std::size_t>((w >> (8 * byte)) & 0xff);
  return 8 * byte + select_in_byte[in_byte * 8 + static_cast<std::size_t>(skip_bits - before)];
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
// With BMI2 one instruction deposits the wanted bit where it is (the
// baseline x86-64 lacks it: chosen at the first call).
[[gnu::target("bmi,bmi2")]] int select_bit_bmi2(std::uint64_t w, int skip) noexcept {
  return static_cast<int>(_tzcnt_u64(_pdep_u64(std::uint64_t{1} << skip, w)));
}
int select_bit(std::uint64_t w, int skip) noexcept {
  static const auto select = __builtin_cpu_supports("bmi2") ? select_bit_bmi2 : select_bit_swar;
  return select(w, skip);
}
#else
int select_bit(std::uint64_t w, int skip) noexcept { return select_bit_swar(w, skip); }
#endif

}  // namespace

Action ActionSet::nth(int n) const noexcept {
  const int low = counts[0];
  return static_cast<Action>(n < low ? select_bit(bits[0], n) : 64 + select_bit(bits[1], n - low));
}

bool Table::can_win(int s, Pai p, bool tsumo, bool chankan) const noexcept {
  const Result<Score> r = score(win_request(s, p, tsumo, chankan));
  return r.ok() && r.value.complete && r.value.points > 0;
}

// After taking k1 and k2 (kinds, -1 for none) from the hand, is some tile
// left that kuikae allows (not the called kind, not `swap`)?
[[gnu::always_inline]] inline bool Table::call_leaves_discard(int s, int called, int k1, int k2,
                                                              int swap) const noexcept {
  const SeatState& st = seats_[static_cast<std::size_t>(s)];
  std::uint64_t left = st.held;
  // a kind taken for the call is gone when the call takes every copy
  const int c1 = detail::count_of(st.hand, k1) - 1 - (k1 == k2);
  if (c1 <= 0) left &= ~(std::uint64_t{1} << k1);
  if (k2 != k1 && detail::count_of(st.hand, k2) <= 1) left &= ~(std::uint64_t{1} << k2);
  left &= ~(std::uint64_t{1} << called);
  if (swap >= 0) left &= ~(std::uint64_t{1} << swap);
  return left != 0;
}

// After a chi or pon (a discard, kuikae-bound), or in riichi (tsumogiri,
// a kan keeping the waits, north): the turns prepare_turn hands here.
void Table::prepare_turn_special() noexcept {
  const SeatState& st = seats_[turn_];
  ActionSet& L = legal_[turn_];
  const Hand& h = st.hand;
  if (called_turn_) {  // a discard, not the called kind nor the run's other end
    std::uint64_t banned = std::uint64_t{1} << pai_kind(called_pai_);
    if (kuikae_other_ >= 0) banned |= std::uint64_t{1} << kuikae_other_;
    for (int suit = 0; suit < 3; ++suit)  // a banned five bans its red copy too
      if ((banned >> (9 * suit + 4)) & 1) banned |= std::uint64_t{1} << (34 + suit);
    L.insert_low(st.pais & ~banned);
    return;
  }
  const int drawn_kind = pai_kind(drawn_);
  if (st.waits.contains(Tile(drawn_kind)) && can_win(turn_, drawn_, true, false)) L.insert(act::tsumo);
  const bool kan_ok = kans_ < 4 && tiles_left() > 0;
  if (rules_.nine_terminals && st.discards == 0 && !any_call_ && detail::distinct_yaochu(st.held) >= 9)
    L.insert(act::nine_terminals);
  L.insert(act::tsumogiri);
  if (kan_ok && detail::count_of(h, drawn_kind) == 4) {
    Hand after = h;  // the waits must stay those of the riichi
    for (int c = 0; c < 4; ++c) after.remove(Tile(drawn_kind));
    const Result<TileMask> w = waits(after, Options{rules_.players, {}});
    if (w.ok() && w.value == st.waits) L.insert(act::kan + drawn_kind);
  }
  if (n_ == 3 && drawn_kind == 30 && tiles_left() > 0) L.insert(act::north);
}

// The riichi discards of a hand that may be tenpai after one (the kernel's
// tenpai_discards), each as the pai the hand holds.
void Table::insert_riichi_discards() noexcept {
  const Hand& h = seats_[turn_].hand;
  ActionSet& L = legal_[turn_];
  const int drawn_kind = pai_kind(drawn_);
  const Options options{rules_.players, {}};
  // The hand's shanten first, a third of tenpai_discards' work: above 0, no
  // discard leaves a wait, and most hands that reach here are there.
  const Result<ShantenForms> sh = shanten(h, options);
  if (sh.ok() && sh.value.best > 0) return;
  const Result<TenpaiDiscards> td = tenpai_discards(h, options);
  if (!td.ok()) return;
  for (Tile t : td.value.discards) {
    const Pai plain = static_cast<Pai>(t.kind());
    if (drawn_kind == t.kind()) L.insert(act::riichi_tsumogiri);
    if (pai_in_hand(h, plain) - (drawn_ == plain) > 0) L.insert(act::riichi + plain);
    if (detail::is_five(t.kind())) {
      const Pai red = red_pai_of(t.kind());
      if (pai_in_hand(h, red) - (drawn_ == red) > 0) L.insert(act::riichi + red);
    }
  }
}

void Table::reaction_set(int s, bool calls, bool chi_seat) noexcept {
  const SeatState& st = seats_[static_cast<std::size_t>(s)];
  ActionSet& L = legal_[static_cast<std::size_t>(s)];
  const Pai p = claim_pai_;
  const int kind = pai_kind(p);
  const std::uint64_t bit = std::uint64_t{1} << kind;
  if (st.waits.contains(Tile(kind)) && !st.furiten() && can_win(s, p, false, false)) L.insert(act::ron);
  const std::uint64_t near = chi_seat ? (kind % 9 > 0 ? bit >> 1 : 0) | (kind % 9 < 8 ? bit << 1 : 0) : 0;
  if (calls && !st.riichi && ((st.pairs & bit) || (st.held & near))) {
    const Hand& h = st.hand;
    const int count = detail::count_of(h, kind);
    if (count >= 2 && call_leaves_discard(s, kind, kind, kind, -1)) {
      const int red = detail::is_five(kind) ? pai_in_hand(h, red_pai_of(kind)) : 0;
      if (count - red >= 2) L.insert(act::pon);
      if (red > 0 && count - red >= 1) L.insert(act::pon_red);
    }
    if (count == 3 && kans_ < 4) L.insert(act::daiminkan);
    if (chi_seat)
      for (int place = 0; place < 3; ++place) {
        int k1 = 0, k2 = 0;
        if (!detail::chi_kinds(kind, place, k1, k2)) continue;
        if (detail::count_of(h, k1) * detail::count_of(h, k2) == 0) continue;  // either missing, one branch
        // kuikae: the called kind and the run's other end may not be discarded next
        if (!call_leaves_discard(s, kind, k1, k2, detail::chi_swap_kind(kind, place))) continue;
        const int five = detail::is_five(k1) ? k1 : detail::is_five(k2) ? k2 : -1;
        const int red = five >= 0 ? pai_in_hand(h, red_pai_of(five)) : 0;
        if (five < 0 || detail::count_of(h, five) - red > 0) L.insert(act::chi + place);
        if (red > 0) L.insert(act::chi_red + place);
      }
  }
  if (!L.empty()) {
    L.insert(act::pass);
    asked_ |= static_cast<std::uint8_t>(1u << s);
  }
}

void Table::prepare_chankan(int claim_kind) noexcept {
  clear_legal();
  asked_ = answered_ = 0;
  const int kind = pai_kind(claim_pai_);
  const bool closed_kan = claim_kind == 1;
  if (closed_kan && !rules_.kokushi_robs_closed_kan) return;
  if (claim_kind == 2 && !rules_.ron_on_north) return;
  for (int s = 0; s < n_; ++s) {
    if (s == turn_) continue;
    const SeatState& st = seats_[static_cast<std::size_t>(s)];
    if (!st.waits.contains(Tile(kind)) || st.furiten()) continue;
    if (closed_kan) {  // only thirteen orphans robs a closed kan
      const Result<FormWaits> fw = waits_by_form(st.hand, Options{rules_.players, {}});
      if (!fw.ok() || !fw.value.kokushi.contains(Tile(kind))) continue;
    }
    if (!can_win(s, claim_pai_, false, claim_kind != 2)) continue;
    legal_[static_cast<std::size_t>(s)].insert(act::ron);
    legal_[static_cast<std::size_t>(s)].insert(act::pass);
    asked_ |= static_cast<std::uint8_t>(1u << s);
  }
  filled_ = asked_;
}

Refusal Table::why_not(int s, Action a) const noexcept {
  if (phase_ == Phase::game_over) return Refusal::game_over;
  if (phase_ == Phase::round_over) return Refusal::round_over;
  if (s < 0 || s >= n_) return Refusal::bad_seat;
  if (a >= act::count) return Refusal::bad_action;
  if ((answered_ >> s) & 1) return Refusal::not_asked;  // its answer is in
  const bool asked = (actors() >> s) & 1;
  if (asked && legal(s).contains(a)) return Refusal::none;
  // A seat not asked still hears why its call or win is not possible (a
  // ron while furiten, a chi from the wrong seat): those say more than "not asked".
  const bool reaction_action = a >= act::chi && a != act::tsumo && a != act::nine_terminals && a != act::north &&
                               !(a >= act::kan && a < act::tsumo);
  if (!asked && !(phase_ != Phase::turn && s != turn_ && reaction_action && a != act::pass)) return Refusal::not_asked;
  const SeatState& st = seats_[static_cast<std::size_t>(s)];
  const Hand& h = st.hand;
  if (phase_ == Phase::turn) {
    if (!is_turn_action(a)) return Refusal::wrong_phase;
    if (a < act::tsumogiri) {
      const Pai p = static_cast<Pai>(a - act::discard);
      if (pai_in_hand(h, p) - (drawn_ == p) <= 0) return Refusal::not_held;
      if (st.riichi) return Refusal::riichi_discard;
      return called_turn_ ? Refusal::kuikae : Refusal::wrong_phase;
    }
    if (a == act::tsumogiri) return drawn_ == no_pai ? Refusal::no_drawn_tile : Refusal::riichi_discard;
    if (a >= act::riichi && a <= act::riichi_tsumogiri) {
      if (called_turn_) return Refusal::no_drawn_tile;
      if (st.riichi) return Refusal::already_riichi;
      if (st.open) return Refusal::open_hand;
      if (scores_[static_cast<std::size_t>(s)] < 1000) return Refusal::riichi_points;
      if (tiles_left() < rules_.riichi_min_wall) return Refusal::riichi_wall;
      if (a < act::riichi_tsumogiri) {
        const Pai p = static_cast<Pai>(a - act::riichi);
        if (pai_in_hand(h, p) - (drawn_ == p) <= 0) return Refusal::not_held;
      }
      return Refusal::not_tenpai;
    }
    if (a >= act::kan && a < act::kan + kind_count) {
      if (called_turn_) return Refusal::wrong_phase;
      const int k = a - act::kan;
      bool pon = false;
      for (int i = 0; i < st.meld_count; ++i)
        pon |= st.melds[static_cast<std::size_t>(i)].type == MeldType::pon &&
               st.melds[static_cast<std::size_t>(i)].tile.kind() == k;
      if (detail::count_of(h, k) < 4 && !(pon && detail::count_of(h, k) > 0)) return Refusal::not_held;
      if (kans_ >= 4 || tiles_left() == 0) return Refusal::kan_limit;
      return Refusal::kan_changes_waits;
    }
    if (a == act::tsumo) {
      if (called_turn_) return Refusal::wrong_phase;
      return st.waits.contains(Tile(pai_kind(drawn_))) ? Refusal::no_yaku : Refusal::not_complete;
    }
    if (a == act::nine_terminals)
      return st.discards == 0 && !any_call_ ? Refusal::too_few_terminals : Refusal::not_first_draw;
    if (a == act::north)
      return n_ == 4 ? Refusal::no_north : detail::count_of(h, 30) ? Refusal::kan_limit : Refusal::not_held;
    return Refusal::wrong_phase;
  }
  // reaction or chankan
  if (a == act::ron) {
    if (!st.waits.contains(Tile(pai_kind(claim_pai_)))) return Refusal::not_complete;
    if (st.furiten()) return Refusal::furiten;
    return Refusal::no_yaku;
  }
  if (phase_ == Phase::chankan) return Refusal::wrong_phase;
  if (a >= act::chi && a < act::pon) {
    if (n_ == 3) return Refusal::no_chi;
    if (s != (turn_ + 1) % n_) return Refusal::not_kamicha;
    const int place = (a - act::chi) % 3;
    int k1 = 0, k2 = 0;
    if (st.riichi || tiles_left() == 0 || !detail::chi_kinds(pai_kind(claim_pai_), place, k1, k2) ||
        detail::count_of(h, k1) == 0 || detail::count_of(h, k2) == 0)
      return Refusal::cannot_call;
    return Refusal::kuikae;
  }
  if (a >= act::pon && a <= act::daiminkan) {
    if (a == act::daiminkan && kans_ >= 4) return Refusal::kan_limit;
    return Refusal::cannot_call;
  }
  return Refusal::wrong_phase;
}

std::string_view pai_name(Pai p) noexcept {
  static constexpr std::array<std::string_view, pai_count> names = {
      "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m",  "1p",  "2p", "3p", "4p",
      "5p", "6p", "7p", "8p", "9p", "1s", "2s", "3s", "4s",  "5s",  "6s", "7s", "8s",
      "9s", "E",  "S",  "W",  "N",  "P",  "F",  "C",  "5mr", "5pr", "5sr"};
  return p < pai_count ? names[p] : std::string_view("?");
}

std::string action_name(Action a) {
  static constexpr std::array<std::string_view, 3> places = {"low", "mid", "high"};
  if (a < act::tsumogiri) return "discard " + std::string(pai_name(static_cast<Pai>(a)));
  if (a == act::tsumogiri) return "tsumogiri";
  if (a < act::riichi_tsumogiri) return "riichi " + std::string(pai_name(static_cast<Pai>(a - act::riichi)));
  if (a == act::riichi_tsumogiri) return "riichi tsumogiri";
  if (a < act::chi_red) return "chi " + std::string(places[static_cast<std::size_t>(a - act::chi)]);
  if (a < act::pon) return "chi " + std::string(places[static_cast<std::size_t>(a - act::chi_red)]) + " red";
  if (a == act::pon) return "pon";
  if (a == act::pon_red) return "pon red";
  if (a == act::daiminkan) return "daiminkan";
  if (a < act::tsumo) return "kan " + std::string(pai_name(static_cast<Pai>(a - act::kan)));
  switch (a) {
    case act::tsumo: return "tsumo";
    case act::ron: return "ron";
    case act::nine_terminals: return "nine terminals";
    case act::north: return "north";
    case act::pass: return "pass";
    default: return "action " + std::to_string(a) + " (not an action id)";
  }
}

std::string_view describe(Refusal r) noexcept {
  switch (r) {
    case Refusal::none: return "legal";
    case Refusal::game_over: return "the game has ended";
    case Refusal::round_over: return "the round has ended (next_round first)";
    case Refusal::bad_seat: return "no such seat at this table";
    case Refusal::not_asked: return "this seat has nothing to decide now, or has answered already";
    case Refusal::bad_action: return "not an action id";
    case Refusal::not_held: return "the hand does not hold that tile (besides the drawn one)";
    case Refusal::no_drawn_tile: return "there is no drawn tile after a call";
    case Refusal::riichi_discard: return "in riichi only the drawn tile may be discarded";
    case Refusal::kuikae: return "kuikae: the discard would swap the called tile";
    case Refusal::already_riichi: return "riichi already declared";
    case Refusal::open_hand: return "riichi needs a closed hand";
    case Refusal::riichi_points: return "riichi needs 1000 points";
    case Refusal::riichi_wall: return "too few tiles left to draw for riichi";
    case Refusal::not_tenpai: return "that discard leaves the hand without a wait";
    case Refusal::not_complete: return "the hand does not win on that tile";
    case Refusal::furiten: return "furiten";
    case Refusal::no_yaku: return "the hand has no yaku";
    case Refusal::not_kamicha: return "chi only from the previous seat (kamicha)";
    case Refusal::no_chi: return "three players have no chi";
    case Refusal::cannot_call: return "the hand cannot make that call (tiles missing, the last tile, or riichi)";
    case Refusal::kan_changes_waits: return "a kan in riichi must keep the waits";
    case Refusal::kan_limit: return "no kan or replacement left (four kans, or no tile left to draw)";
    case Refusal::not_first_draw: return "nine terminals only on the first draw with no call made";
    case Refusal::too_few_terminals: return "fewer than nine kinds of terminals and honours";
    case Refusal::no_north: return "north is set aside with three players only";
    case Refusal::wrong_phase: return "not an action of this decision";
  }
  return "refused";
}

std::string ActionResult::message() const {
  if (ok()) return {};
  return "seat " + std::to_string(seat) + " may not " + action_name(action) + ": " + std::string(describe(refusal));
}

}  // namespace mjk
