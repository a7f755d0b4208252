// The legal sets of the two decisions of every turn, the turn's and the
// answers to its discard: defined here to be inlined into the table's flow
// (table.cpp), where their calls and saved registers showed in a random
// hanchan's profile. The rare parts (after a call, in riichi, the riichi
// discards, one seat's answers) stay out of line in table_legal.cpp.
#pragma once

#include "mjk/table.hpp"
#include "table_internal.hpp"

namespace mjk {

// The last decision's sets, and only those: most decisions ask one seat,
// and clearing four sets twice a turn showed in the profile.
[[gnu::always_inline]] inline void Table::clear_legal() noexcept {
  for (unsigned m = filled_; m; m &= m - 1) legal_[static_cast<std::size_t>(std::countr_zero(m))] = ActionSet{};
  filled_ = 0;
}

[[gnu::always_inline]] inline void Table::prepare_turn() noexcept {
  clear_legal();
  asked_ = filled_ = static_cast<std::uint8_t>(1u << turn_);
  answered_ = 0;
  const SeatState& st = seats_[turn_];
  if (called_turn_ || st.riichi) {
    prepare_turn_special();
    return;
  }
  ActionSet& L = legal_[turn_];
  const int drawn_kind = detail::pai_kinds[drawn_];  // a turn not after a call has drawn
  if (st.waits.contains(Tile(drawn_kind)) && can_win(turn_, drawn_, true, false)) L.insert(act::tsumo);
  const int left = tiles_left();
  if (st.discards == 0 && rules_.nine_terminals && !any_call_ && detail::distinct_yaochu(st.held) >= 9)
    L.insert(act::nine_terminals);
  // discard + k for a plain copy of kind k held, + 34.. for a red five, but
  // the drawn tile's pai when the draw is its only copy: that is tsumogiri
  L.insert_low((st.pais & ~drawn_alone_) | std::uint64_t{1} << act::tsumogiri);
  if (kans_ < 4 && left > 0) {
    for (std::uint64_t m = st.fours; m; m &= m - 1) L.insert(act::kan + std::countr_zero(m));
    for (std::uint64_t m = st.pons & st.held; m; m &= m - 1) L.insert(act::kan + std::countr_zero(m));
  }
  if (n_ == 3 && detail::count_of(st.hand, 30) > 0 && left > 0) L.insert(act::north);
  // One branch for the four (as ints: clang refuses & between bools).
  const bool riichi_may = (static_cast<int>(!st.open) & static_cast<int>(scores_[turn_] >= 1000) &
                           static_cast<int>(left >= rules_.riichi_min_wall) & static_cast<int>(st.shanten <= 1)) != 0;
  if (riichi_may && detail::may_be_tenpai(st.held, st.pairs, 2)) insert_riichi_discards();
}

[[gnu::always_inline]] inline void Table::prepare_reaction() noexcept {
  // A discard ends the turn's decision, the only set filled (Table::check)
  legal_[turn_] = ActionSet{};
  filled_ = 0;
  asked_ = answered_ = 0;
  const int kind = detail::pai_kinds[claim_pai_];
  const bool calls = tiles_left() > 0;  // the last discard cannot be called
  // Most seats can do nothing with most discards: the kind among the waits
  // (ron), a pair of it (pon, kan), or for the next seat two tiles making a
  // run with it (chi) is a few mask tests; only a seat that passes them is
  // looked at closely. Branch-free up to the seats that pass (which seat
  // discarded changes every turn: a branch on it was mispredicted a third
  // of the time).
  unsigned passing = 0;
  if (calls)
    for (int s = 0; s < 4; ++s)  // four, unrolled: a fourth seat of three players holds nothing
      passing |= static_cast<unsigned>((claims_[static_cast<std::size_t>(s)] >> kind) & 1) << s;
  else
    for (int s = 0; s < 4; ++s)  // the last discard: ron only
      passing |= static_cast<unsigned>((seats_[static_cast<std::size_t>(s)].waits.bits() >> kind) & 1) << s;
  // chi: the next seat only, four players only (with three, chi_seat is
  // some seat, never used; as ints, no branches: the seat changes every turn)
  const int chi_seat = (turn_ + 1) & 3;
  const SeatState& next = seats_[static_cast<std::size_t>(chi_seat)];
  const int four = n_ == 4;
  const int chi_may = four & static_cast<int>(calls) & static_cast<int>(next.riichi == 0);
  passing |= static_cast<unsigned>(chi_may & static_cast<int>((detail::chi_kinds_of(next.held) >> kind) & 1))
             << chi_seat;
  passing &= ~(1u << turn_);
  const bool chi_kind = (four & static_cast<int>(kind < 27)) != 0;
  for (; passing; passing &= passing - 1) {
    const int s = std::countr_zero(passing);
    reaction_set(s, calls, chi_kind && s == chi_seat);
  }
  filled_ = asked_;  // a seat's set is not empty only when it is asked
}

}  // namespace mjk
