// The round's flow: dealing, draws, discards, calls, kans and the answers
// to them. The legal sets are table_prepare-inl.hpp's (inlined here) and
// table_legal.cpp's; wins, draws and the game's end table_settle.cpp's.
#include <algorithm>
#include <bit>

#include "mjk/analysis.hpp"
#include "mjk/table.hpp"
#include "table_internal.hpp"
#include "table_prepare-inl.hpp"

namespace mjk {

using detail::pai_in_hand;

namespace {
// The pai of each tile id, without and with red fives (ids 16, 52, 88): a
// read per draw where the test was three branches.
constexpr std::array<std::array<Pai, 136>, 2> pai_of_id = [] {
  std::array<std::array<Pai, 136>, 2> out{};
  for (int id = 0; id < 136; ++id) {
    out[0][static_cast<std::size_t>(id)] = static_cast<Pai>(id / 4);
    out[1][static_cast<std::size_t>(id)] =
        id == 16 || id == 52 || id == 88 ? red_pai_of(id / 4) : static_cast<Pai>(id / 4);
  }
  return out;
}();

// The pai at wall index `index`: inlined where the deal and the draws read it.
[[gnu::always_inline]] inline Pai pai_at(const Wall& wall, bool red_fives, int index) noexcept {
  return pai_of_id[red_fives ? 1 : 0][wall.tiles[static_cast<std::size_t>(index)]];
}
}  // namespace

Pai Table::wall_pai(int index) const noexcept { return pai_at(wall_, rules_.red_fives, index); }

int Table::replacement_index(int r) const noexcept {
  static constexpr std::array<std::uint8_t, 4> first = {1, 0, 3, 2};
  return r < 4 ? first[static_cast<std::size_t>(r)] : 14 + (r - 4);
}


Pai Table::dora_indicator(int i) const noexcept { return i < dora_shown_ ? wall_pai(5 + 2 * i) : no_pai; }
Pai Table::ura_indicator(int i) const noexcept { return i < dora_shown_ ? wall_pai(4 + 2 * i) : no_pai; }

void Table::emit(GameLog* log, const Event& e) const noexcept {
  if (log) log->events.push_back(e);
}

// Inlined: a tile in and out on every turn, where the call's cost showed.
[[gnu::always_inline]] inline void Table::add_pai(int s, Pai p) noexcept {
  SeatState& st = seats_[static_cast<std::size_t>(s)];
  const int kind = detail::pai_kinds[p];
  std::uint8_t& slot = st.hand.slots[detail::pai_slots[p]];
  const auto count = static_cast<std::uint8_t>(slot + 1);
  slot = count;
  ++st.hand.tiles;
  if (pai_red(p)) ++st.hand.red_fives[static_cast<std::size_t>(p - 34)];
  const std::uint64_t bit = std::uint64_t{1} << kind;
  st.held |= bit;
  st.pais |= std::uint64_t{1} << p;
  st.pairs |= bit & (std::uint64_t{0} - (count >= 2));  // masks, not branches: the counts are the wall's chance
  if (count == 4) st.fours |= bit;
}

[[gnu::always_inline]] inline void Table::remove_pai(int s, Pai p) noexcept {
  SeatState& st = seats_[static_cast<std::size_t>(s)];
  const int kind = detail::pai_kinds[p];
  std::uint8_t& slot = st.hand.slots[detail::pai_slots[p]];
  const auto count = static_cast<std::uint8_t>(slot - 1);
  slot = count;
  --st.hand.tiles;
  const std::uint64_t bit = std::uint64_t{1} << kind;
  if (detail::is_five(kind)) {  // as Hand::remove: no more red fives than fives
    const auto suit = static_cast<std::size_t>(kind / 9);
    std::uint8_t& red = st.hand.red_fives[suit];
    if (pai_red(p)) --red;
    if (count < red) red = count;
    const std::uint64_t red_bit = std::uint64_t{1} << (34 + suit);
    st.pais = (st.pais & ~(bit | red_bit)) | (bit & (std::uint64_t{0} - (count > red))) |
              (red_bit & (std::uint64_t{0} - (red > 0)));
  } else {
    st.pais &= ~(bit & (std::uint64_t{0} - (count == 0)));
  }
  st.fours &= ~bit;
  st.pairs &= ~(bit & (std::uint64_t{0} - (count < 2)));
  st.held &= ~(bit & (std::uint64_t{0} - (count == 0)));
}

// The kernel's part of update_waits, out of line: most discards end before
// it. The shanten first: a third cheaper than the waits, and most hands
// asked are not tenpai; its value, open hand or closed, is the exact bound
// that lets the next discards skip the kernel.
[[gnu::noinline]] static void ask_kernel(SeatState& st, std::uint8_t& waiting, std::uint8_t bit,
                                         Players players) noexcept {
  const Options options{players, {}};
  const Result<ShantenForms> sh = shanten(st.hand, options);
  if (sh.ok() && sh.value.best > 0) {
    st.waits = TileMask{};
    st.shanten = sh.value.best;
    return;
  }
  const Result<TileMask> w = waits(st.hand, options);
  st.waits = w.ok() ? w.value : TileMask{};
  if (!st.waits.empty()) {
    st.shanten = 0;
    waiting |= bit;
    return;
  }
  st.shanten = 1;  // tenpai only on kinds held four times: no wait, and the next discard asks again
}

[[gnu::always_inline]] inline void Table::update_waits(int s, bool exact) noexcept {
  SeatState& st = seats_[static_cast<std::size_t>(s)];
  const auto bit = static_cast<std::uint8_t>(1u << s);
  waiting_ &= static_cast<std::uint8_t>(~bit);
  const std::uint64_t pons = st.pairs & (std::uint64_t{0} - (st.riichi == 0));
  // A draw (or a called tile) and a discard lower the shanten by one at
  // most: from a bound of 2 or more the hand cannot be tenpai now, so most
  // discards of a game need no kernel call at all.
  if (!exact && st.shanten >= 2) {
    --st.shanten;
    st.waits = TileMask{};
    claims_[static_cast<std::size_t>(s)] = pons;
    return;
  }
  if (!detail::may_be_tenpai(st.held, st.pairs, 1)) {  // no wait, and the bound 1 asks again at the next discard
    st.waits = TileMask{};
    st.shanten = 1;
    claims_[static_cast<std::size_t>(s)] = pons;
    return;
  }
  ask_kernel(st, waiting_, bit, rules_.players);
  claims_[static_cast<std::size_t>(s)] = st.waits.bits() | pons;
}

void Table::start(const EngineRules& rules, std::uint64_t seed, std::uint32_t game, GameLog* log,
                  const Wall* first_wall) noexcept {
  *this = Table{};
  rules_ = rules;
  n_ = static_cast<std::uint8_t>(rules.player_count());
  seed_ = seed;
  game_ = game;
  for (int s = 0; s < 4; ++s) scores_[static_cast<std::size_t>(s)] = s < n_ ? rules.start_score : 0;
  emit(log, Event{EventType::start_game});
  begin_round(log, first_wall);
}

void Table::start_round(const EngineRules& rules, const RoundStart& at, const Wall& wall, GameLog* log) noexcept {
  *this = Table{};
  rules_ = rules;
  n_ = static_cast<std::uint8_t>(rules.player_count());
  scores_ = at.scores;
  wind_ = at.wind;
  kyoku_ = at.dealer;
  honba_ = at.honba;
  sticks_ = at.sticks;
  begin_round(log, &wall);
}

bool Table::next_round(GameLog* log, const Wall* wall) noexcept {
  if (phase_ != Phase::round_over) return false;
  begin_round(log, wall);
  return true;
}

void Table::begin_round(GameLog* log, const Wall* wall) noexcept {
  wall_ = wall ? *wall : seeded_wall(rules_, seed_, game_, std::uint32_t{wind_} * 4u + kyoku_, honba_);
  next_live_ = static_cast<std::uint8_t>(wall_.size - 1);
  replacements_ = 0;
  dora_shown_ = 1;
  dora_pending_ = 0;
  kans_ = 0;
  drawn_ = no_pai;
  replacement_draw_ = called_turn_ = false;
  called_pai_ = claim_pai_ = no_pai;
  kuikae_other_ = -1;
  asked_ = answered_ = 0;
  any_call_ = riichi_declared_ = false;
  riichi_count_ = 0;
  first_wind_ = 0xff;
  first_wind_count_ = 0;
  waiting_ = 0;
  claims_ = {};
  river_count_ = 0;
  result_ = RoundResult{};
  for (auto& st : seats_) st = SeatState{};
  for (auto& l : legal_) l = ActionSet{};
  // Tenhou's deal: four tiles to each seat from the dealer, three times, then one each.
  for (int pass = 0; pass < 4; ++pass)
    for (int i = 0, s = kyoku_; i < n_; ++i, s = s + 1 == n_ ? 0 : s + 1)
      for (int k = 0; k < (pass < 3 ? 4 : 1); ++k) add_pai(s, pai_at(wall_, rules_.red_fives, next_live_--));
  if (log) {
    RoundHeader h;
    h.wind = wind_;
    h.kyoku = kyoku_;
    h.honba = honba_;
    h.sticks = sticks_;
    h.dealer = kyoku_;
    h.dora_marker = dora_indicator(0);
    h.scores = scores_;
    for (int s = 0; s < n_; ++s) {
      const Hand& hand = seats_[static_cast<std::size_t>(s)].hand;
      int k = 0;
      for (int kind = 0; kind < kind_count; ++kind) {
        const bool five = detail::is_five(kind);
        const int red = five ? hand.red_fives[static_cast<std::size_t>(kind / 9)] : 0;
        for (int c = 0; c < hand.count(Tile(kind)) - red; ++c)
          h.hands[static_cast<std::size_t>(s)][static_cast<std::size_t>(k++)] = static_cast<Pai>(kind);
        for (int c = 0; c < red; ++c)
          h.hands[static_cast<std::size_t>(s)][static_cast<std::size_t>(k++)] = red_pai_of(kind);
      }
    }
    log->rounds.push_back(h);
    Event e{EventType::start_kyoku};
    e.data = static_cast<std::uint16_t>(log->rounds.size() - 1);
    emit(log, e);
  }
  for (int s = 0; s < n_; ++s) update_waits(s, true);
  draw_tile(kyoku_, false, log);
}

[[gnu::always_inline]] inline void Table::draw_tile(int s, bool replacement, GameLog* log) noexcept {
  const int index = replacement ? replacement_index(replacements_++) : next_live_--;
  const Pai p = pai_at(wall_, rules_.red_fives, index);
  SeatState& st = seats_[static_cast<std::size_t>(s)];
  drawn_alone_ = ~st.pais & (std::uint64_t{1} << p);
  add_pai(s, p);
  st.drawn_yet = true;
  turn_ = static_cast<std::uint8_t>(s);
  drawn_ = p;
  replacement_draw_ = replacement;
  called_turn_ = false;
  called_pai_ = no_pai;
  kuikae_other_ = -1;
  Event e{EventType::tsumo};
  e.actor = static_cast<std::uint8_t>(s);
  e.pai = p;
  emit(log, e);
  phase_ = Phase::turn;
  prepare_turn();
}

void Table::reveal_dora(GameLog* log) noexcept {
  if (dora_shown_ >= 5) return;
  ++dora_shown_;
  Event e{EventType::dora};
  e.pai = dora_indicator(dora_shown_ - 1);
  emit(log, e);
}

void Table::flush_pending_dora(GameLog* log) noexcept {
  for (; dora_pending_ > 0; --dora_pending_) reveal_dora(log);
}

ActionResult Table::apply(int s, Action a, GameLog* log) noexcept {
  ActionResult r;
  r.seat = static_cast<std::uint8_t>(s);
  r.action = a;
  // The common case in one test (an asked seat, an action of its set); the
  // reason of a refusal is why_not's.
  const bool legal = phase_ <= Phase::chankan && static_cast<unsigned>(s) < n_ && ((actors() >> s) & 1) &&
                     legal_[static_cast<unsigned>(s)].contains(a);
  if (!legal) r.refusal = why_not(s, a);
  if (!r.ok()) return r;
  const auto bit = static_cast<std::uint8_t>(1u << s);
  if (phase_ == Phase::reaction || phase_ == Phase::chankan) {
    answers_[static_cast<std::size_t>(s)] = a;
    answered_ |= bit;
    if (answered_ != asked_) return r;
    if (phase_ == Phase::reaction) resolve_reaction(log);
    else resolve_chankan(log);
    return r;
  }
  // Phase::turn
  if (a <= act::riichi_tsumogiri) {  // one call of discard for the four kinds, inlined here
    const bool riichi = a >= act::riichi;
    const int offset = riichi ? a - act::riichi : a - act::discard;  // a pai, or 37: the drawn tile
    const bool tsumogiri = offset == act::tsumogiri - act::discard;
    discard(s, tsumogiri ? drawn_ : static_cast<Pai>(offset), tsumogiri, riichi, log);
  } else if (a >= act::kan && a < act::kan + kind_count) {
    do_self_kan(s, a - act::kan, log);
  } else if (a == act::tsumo) {
    settle_wins(bit, s, drawn_, true, false, log);
  } else if (a == act::nine_terminals) {
    settle_draw(DrawKind::nine_terminals, log);
  } else if (a == act::north) {
    flush_pending_dora(log);
    remove_pai(s, static_cast<Pai>(30));
    ++seats_[static_cast<std::size_t>(s)].nuki;
    Event e{EventType::nukidora};
    e.actor = static_cast<std::uint8_t>(s);
    e.pai = 30;
    emit(log, e);
    update_waits(s, true);
    claim_pai_ = 30;
    claim_kind_ = 2;
    phase_ = Phase::chankan;
    prepare_chankan(2);
    if (asked_ == 0) draw_tile(s, true, log);
  }
  return r;
}

[[gnu::always_inline]] inline void Table::discard(int s, Pai p, bool tsumogiri, bool riichi, GameLog* log) noexcept {
  if (dora_pending_) flush_pending_dora(log);  // an open kan's indicator comes just before the discard that follows it
  SeatState& st = seats_[static_cast<std::size_t>(s)];
  if (riichi) {
    Event e{EventType::reach};
    e.actor = static_cast<std::uint8_t>(s);
    emit(log, e);
    riichi_declared_ = true;
  }
  remove_pai(s, p);
  drawn_ = no_pai;
  const int kind = pai_kind(p);
  RiverTile& rt = river_[river_count_ < river_.size() ? river_count_++ : river_.size() - 1];
  rt = RiverTile{static_cast<std::uint8_t>(s), p, static_cast<std::uint8_t>((tsumogiri ? 1 : 0) | (riichi ? 2 : 0))};
  st.discarded.insert(Tile(kind));
  ++st.discards;
  st.nagashi = st.nagashi && ((detail::yaochu >> kind) & 1);
  st.temp_furiten = false;
  st.ippatsu = false;
  if (!any_call_ && first_wind_count_ < 4) {
    const bool wind = kind >= 27 && kind <= 30;
    if (first_wind_count_ == 0) first_wind_ = wind ? static_cast<std::uint8_t>(kind) : 0xfe;
    else if (kind != first_wind_) first_wind_ = 0xfe;
    ++first_wind_count_;
  }
  update_waits(s);
  Event e{EventType::dahai};
  e.actor = static_cast<std::uint8_t>(s);
  e.pai = p;
  e.flags = tsumogiri ? 1 : 0;
  emit(log, e);
  claim_pai_ = p;
  called_turn_ = false;
  phase_ = Phase::reaction;
  prepare_reaction();
  if (asked_ == 0) after_discard(log);
}

// The discard stands (no ron): furiten for everyone it would have won, the
// riichi accepted. Only the seats with a wait are looked at (`waiting`):
// most discards find none.
static void mark_passed(std::array<SeatState, 4>& seats, unsigned waiting, int discarder, int kind) {
  for (waiting &= ~(1u << discarder); waiting; waiting &= waiting - 1) {
    SeatState& st = seats[static_cast<std::size_t>(std::countr_zero(waiting))];
    if (!((st.waits.bits() >> kind) & 1)) continue;
    st.temp_furiten = true;
    if (st.riichi) st.riichi_furiten = true;
  }
}

bool Table::accept_riichi(GameLog* log) noexcept {
  if (!riichi_declared_) return false;
  riichi_declared_ = false;
  SeatState& st = seats_[turn_];
  st.riichi = (st.discards == 1 && !any_call_) ? 2 : 1;
  claims_[turn_] = st.waits.bits();  // no more pon
  st.ippatsu = true;
  scores_[turn_] -= 1000;
  ++sticks_;
  ++riichi_count_;
  Event e{EventType::reach_accepted};
  e.actor = turn_;
  emit(log, e);
  if (rules_.four_riichi && riichi_count_ == 4) {
    settle_draw(DrawKind::four_riichi, log);
    return true;
  }
  return false;
}

[[gnu::always_inline]] inline void Table::after_discard(GameLog* log) noexcept {
  mark_passed(seats_, waiting_, turn_, pai_kind(claim_pai_));
  if (accept_riichi(log)) return;
  if (rules_.four_winds && n_ == 4 && !any_call_ && first_wind_count_ == 4 && first_wind_ < 0xfe) {
    settle_draw(DrawKind::four_winds, log);
    return;
  }
  if (rules_.four_kans && kans_ == 4) {
    bool one_player = false;
    for (int s = 0; s < n_; ++s) one_player |= seats_[static_cast<std::size_t>(s)].kans == 4;
    if (!one_player) {
      settle_draw(DrawKind::four_kans, log);
      return;
    }
  }
  if (tiles_left() == 0) {
    settle_draw(DrawKind::exhaustive, log);
    return;
  }
  draw_tile(turn_ + 1 == n_ ? 0 : turn_ + 1, false, log);  // not % n_: a division on every turn
}

void Table::resolve_reaction(GameLog* log) noexcept {
  std::uint8_t rons = 0;
  int caller = -1;
  for (unsigned m = asked_; m; m &= m - 1) {
    const int s = std::countr_zero(m);
    const Action a = answers_[static_cast<std::size_t>(s)];
    if (a == act::ron) rons |= static_cast<std::uint8_t>(1u << s);
    // pon and kan over chi: at most one seat can pon or kan a tile, one can chi
    else if (a >= act::pon && a <= act::daiminkan) caller = s;
    else if (a >= act::chi && a < act::pon && caller < 0) caller = s;
  }
  asked_ = answered_ = 0;
  if (rons) {
    settle_wins(rons, turn_, claim_pai_, false, false, log);
    return;
  }
  if (caller < 0) {
    after_discard(log);
    return;
  }
  mark_passed(seats_, waiting_, turn_, pai_kind(claim_pai_));
  if (accept_riichi(log)) return;
  do_call(caller, answers_[static_cast<std::size_t>(caller)], log);
}

void Table::do_call(int s, Action a, GameLog* log) noexcept {
  const int discarder = turn_;
  const Pai p = claim_pai_;
  const int kind = pai_kind(p);
  any_call_ = true;
  for (auto& st : seats_) st.ippatsu = false;
  river_[river_count_ - 1].flags |= 4;
  seats_[static_cast<std::size_t>(discarder)].nagashi = false;
  SeatState& st = seats_[static_cast<std::size_t>(s)];
  std::array<Pai, 4> consumed{no_pai, no_pai, no_pai, no_pai};
  Meld m;
  EventType type = EventType::pon;
  if (a == act::pon || a == act::pon_red || a == act::daiminkan) {
    m.type = a == act::daiminkan ? MeldType::minkan : MeldType::pon;
    type = a == act::daiminkan ? EventType::daiminkan : EventType::pon;
    m.tile = Tile(kind);
    int k = 0;
    const int take = a == act::daiminkan ? 3 : 2;
    if (detail::is_five(kind) && (a == act::pon_red || a == act::daiminkan) &&
        pai_in_hand(st.hand, red_pai_of(kind)) > 0)
      consumed[static_cast<std::size_t>(k++)] = red_pai_of(kind);
    while (k < take) consumed[static_cast<std::size_t>(k++)] = static_cast<Pai>(kind);
  } else {
    type = EventType::chi;
    m.type = MeldType::chi;
    const int place = (a - act::chi) % 3;
    const bool red = a >= act::chi_red;
    int k1 = 0, k2 = 0;
    (void)detail::chi_kinds(kind, place, k1, k2);  // legal: the run exists
    m.tile = Tile(kind - place);
    consumed[0] = red && detail::is_five(k1) ? red_pai_of(k1) : static_cast<Pai>(k1);
    consumed[1] = red && detail::is_five(k2) ? red_pai_of(k2) : static_cast<Pai>(k2);
    kuikae_other_ = static_cast<std::int8_t>(detail::chi_swap_kind(kind, place));
  }
  std::uint8_t red = pai_red(p) ? 1 : 0;
  for (Pai c : consumed)
    if (c != no_pai) {
      remove_pai(s, c);
      red = static_cast<std::uint8_t>(red + (pai_red(c) ? 1 : 0));
    }
  m.red = red;
  m.from = static_cast<Relative>((discarder - s + n_) % n_ == n_ - 1 ? 3 : (discarder - s + n_) % n_);
  const auto i = static_cast<std::size_t>(st.meld_count++);
  st.melds[i] = m;
  st.meld_called[i] = p;
  st.meld_from[i] = static_cast<std::uint8_t>(discarder);
  st.open = true;
  if (m.type == MeldType::pon) st.pons |= std::uint64_t{1} << kind;
  Event e{type};
  e.actor = static_cast<std::uint8_t>(s);
  e.target = static_cast<std::uint8_t>(discarder);
  e.pai = p;
  e.consumed = consumed;
  emit(log, e);
  turn_ = static_cast<std::uint8_t>(s);
  drawn_ = no_pai;
  if (type == EventType::daiminkan) {
    ++kans_;
    ++st.kans;
    update_waits(s, true);
    finish_kan(s, false, log);
    return;
  }
  called_turn_ = true;
  called_pai_ = p;
  if (type != EventType::chi) kuikae_other_ = -1;
  phase_ = Phase::turn;
  prepare_turn();
}

void Table::do_self_kan(int s, int kind, GameLog* log) noexcept {
  flush_pending_dora(log);
  SeatState& st = seats_[static_cast<std::size_t>(s)];
  const bool five = detail::is_five(kind);
  const Pai red = five ? red_pai_of(kind) : no_pai;
  Event e{EventType::ankan};
  e.actor = static_cast<std::uint8_t>(s);
  if (st.hand.count(Tile(kind)) == 4) {
    Meld m;
    m.type = MeldType::ankan;
    m.tile = Tile(kind);
    m.from = Relative::self;
    int k = 0;
    if (five && pai_in_hand(st.hand, red) > 0) e.consumed[static_cast<std::size_t>(k++)] = red;
    while (k < 4) e.consumed[static_cast<std::size_t>(k++)] = static_cast<Pai>(kind);
    for (Pai c : e.consumed) {
      m.red = static_cast<std::uint8_t>(m.red + (pai_red(c) ? 1 : 0));
      remove_pai(s, c);
    }
    e.pai = e.consumed[3];
    const auto i = static_cast<std::size_t>(st.meld_count++);
    st.melds[i] = m;
    st.meld_called[i] = no_pai;
    st.meld_from[i] = static_cast<std::uint8_t>(s);
    ++kans_;
    ++st.kans;
    emit(log, e);
    update_waits(s, true);
    claim_pai_ = static_cast<Pai>(kind);
    claim_kind_ = 1;
    phase_ = Phase::chankan;
    prepare_chankan(1);
    if (asked_ == 0) finish_kan(s, true, log);
    return;
  }
  // an added kan: the pon of `kind` grows by the held tile
  const Pai added = five && pai_in_hand(st.hand, red) > 0 ? red : static_cast<Pai>(kind);
  for (int i = 0; i < st.meld_count; ++i) {
    Meld& m = st.melds[static_cast<std::size_t>(i)];
    if (m.type != MeldType::pon || m.tile.kind() != kind) continue;
    e.type = EventType::kakan;
    e.pai = added;
    int k = 0;
    if (m.red) e.consumed[static_cast<std::size_t>(k++)] = red;
    while (k < 3) e.consumed[static_cast<std::size_t>(k++)] = static_cast<Pai>(kind);
    m.type = MeldType::kakan;
    st.pons &= ~(std::uint64_t{1} << kind);
    m.red = static_cast<std::uint8_t>(m.red + (pai_red(added) ? 1 : 0));
    break;
  }
  remove_pai(s, added);
  ++kans_;
  ++st.kans;
  emit(log, e);
  update_waits(s, true);
  claim_pai_ = added;
  claim_kind_ = 0;
  phase_ = Phase::chankan;
  prepare_chankan(0);
  if (asked_ == 0) finish_kan(s, false, log);
}

void Table::resolve_chankan(GameLog* log) noexcept {
  std::uint8_t rons = 0;
  for (int s = 0; s < n_; ++s)
    if (((asked_ >> s) & 1) && answers_[static_cast<std::size_t>(s)] == act::ron)
      rons |= static_cast<std::uint8_t>(1u << s);
  asked_ = answered_ = 0;
  if (rons) {
    settle_wins(rons, turn_, claim_pai_, false, claim_kind_ != 2, log);
    return;
  }
  mark_passed(seats_, waiting_, turn_, pai_kind(claim_pai_));
  if (claim_kind_ == 2) draw_tile(turn_, true, log);
  else finish_kan(turn_, claim_kind_ == 1, log);
}

void Table::finish_kan(int s, bool closed, GameLog* log) noexcept {
  // The kan stands (nobody robbed it): it is a call, and ends every ippatsu,
  // which a chankan keeps.
  any_call_ = true;
  for (auto& st : seats_) st.ippatsu = false;
  if (closed || rules_.open_kan_dora == OpenKanDora::immediately) reveal_dora(log);
  else ++dora_pending_;
  draw_tile(s, true, log);
}

}  // namespace mjk
