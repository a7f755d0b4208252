// How a round ends and what it pays: wins scored by mjk::score from the
// table's state, draws (exhaustive with tenpai payments or nagashi mangan,
// abortive), the next round's dealer and honba, and the game's end.
#include <algorithm>
#include <string>

#include "mjk/analysis.hpp"
#include "mjk/score.hpp"
#include "mjk/table.hpp"
#include "table_internal.hpp"

namespace mjk {

ScoreRequest Table::win_request(int s, Pai p, bool tsumo, bool chankan) const noexcept {
  const SeatState& st = seats_[static_cast<std::size_t>(s)];
  ScoreRequest r;
  r.hand = st.hand;
  const int kind = pai_kind(p);
  if (!tsumo) {
    r.hand.add(Tile(kind));
    if (pai_red(p)) ++r.hand.red_fives[static_cast<std::size_t>(kind / 9)];
  }
  r.melds = st.melds;
  r.meld_count = st.meld_count;
  r.win = Tile(kind);
  r.win_red = pai_red(p);
  r.tsumo = tsumo;
  if (!tsumo) {
    const int rel = (turn_ - s + n_) % n_;
    r.from = rel == n_ - 1 ? Relative::kamicha : static_cast<Relative>(rel);
  }
  r.seat = static_cast<std::uint8_t>((s - kyoku_ + n_) % n_);
  r.round = wind_;
  r.riichi = st.riichi;
  r.ippatsu = st.riichi && st.ippatsu;
  r.rinshan = tsumo && replacement_draw_;
  r.chankan = chankan;
  r.haitei = tiles_left() == 0 && !r.rinshan && !chankan;
  if (tsumo) r.tenhou = st.discards == 0 && !any_call_;
  else r.tenhou = rules_.score.renhou != RenhouRule::none && s != kyoku_ && !st.drawn_yet && !any_call_;
  r.dora_count = dora_shown_;
  for (int i = 0; i < dora_shown_; ++i) r.dora[static_cast<std::size_t>(i)] = Tile(pai_kind(dora_indicator(i)));
  if (st.riichi) {
    r.ura_count = dora_shown_;
    for (int i = 0; i < dora_shown_; ++i) r.ura[static_cast<std::size_t>(i)] = Tile(pai_kind(ura_indicator(i)));
  }
  r.nuki = st.nuki;
  r.honba = honba_;
  r.sticks = sticks_;
  r.players = rules_.players;
  r.rules = rules_.score;
  return r;
}

void Table::settle_wins(std::uint8_t winners, int from, Pai p, bool tsumo, bool chankan, GameLog* log) noexcept {
  for (auto& l : legal_) l = ActionSet{};
  asked_ = answered_ = 0;
  const int count = ActionSet::bit_count(winners);
  if (!tsumo && count == 3 && rules_.triple_ron_abort) {
    riichi_declared_ = false;  // the riichi tile was won on: no stick
    settle_draw(DrawKind::three_rons, log);
    return;
  }
  riichi_declared_ = false;
  // An open kan's pending indicator stays hidden: a rinshan win does not see it (Tenhou).
  result_ = RoundResult{};
  result_.win = true;
  result_.from = static_cast<std::uint8_t>(from);
  bool first = true;
  bool dealer_won = false;
  for (int i = tsumo ? 0 : 1; i < n_; ++i) {
    const int s = (from + i) % n_;
    if (!((winners >> s) & 1)) continue;
    if (!first && !rules_.double_ron) break;  // head bump: the nearest to the discarder only
    ScoreRequest req = win_request(s, p, tsumo, chankan);
    if (!first) req.honba = req.sticks = 0;  // honba and sticks to the winner nearest the discarder
    const Result<Score> sc = score(req);
    WinRecord w;
    w.seat = static_cast<std::uint8_t>(s);
    w.from = static_cast<std::uint8_t>(from);
    w.pai = p;
    w.request = req;
    w.score = sc.value;
    for (int wind = 0; wind < n_; ++wind) {
      const auto abs = static_cast<std::size_t>((wind + kyoku_) % n_);
      w.deltas[abs] = sc.value.payments[static_cast<std::size_t>(wind)];
      scores_[abs] += w.deltas[abs];
      result_.deltas[abs] += w.deltas[abs];
    }
    if (seats_[static_cast<std::size_t>(s)].riichi) {
      w.ura_count = dora_shown_;
      for (int k = 0; k < dora_shown_; ++k) w.ura[static_cast<std::size_t>(k)] = ura_indicator(k);
    }
    result_.winners |= static_cast<std::uint8_t>(1u << s);
    dealer_won |= s == kyoku_;
    if (log) {
      log->wins.push_back(w);
      Event e{EventType::hora};
      e.actor = static_cast<std::uint8_t>(s);
      e.target = static_cast<std::uint8_t>(from);
      e.pai = p;
      e.data = static_cast<std::uint16_t>(log->wins.size() - 1);
      emit(log, e);
    }
    first = false;
  }
  sticks_ = 0;
  end_round(dealer_won, dealer_won, log);
}

void Table::settle_draw(DrawKind kind, GameLog* log) noexcept {
  for (auto& l : legal_) l = ActionSet{};
  asked_ = answered_ = 0;
  DrawRecord d;
  d.kind = kind;
  d.caller = turn_;
  bool dealer_keeps = true, stop_eligible = false;
  if (kind == DrawKind::exhaustive) {
    int tenpai = 0;
    for (int s = 0; s < n_; ++s)
      if (!seats_[static_cast<std::size_t>(s)].waits.empty()) {
        d.tenpai |= static_cast<std::uint8_t>(1u << s);
        ++tenpai;
      }
    if (rules_.nagashi_mangan)
      for (int s = 0; s < n_; ++s)
        if (seats_[static_cast<std::size_t>(s)].nagashi) d.nagashi |= static_cast<std::uint8_t>(1u << s);
    if (d.nagashi) {  // mangan as a tsumo, without honba; it replaces the tenpai payments
      d.kind = DrawKind::nagashi_mangan;
      for (int s = 0; s < n_; ++s) {
        if (!((d.nagashi >> s) & 1)) continue;
        for (int o = 0; o < n_; ++o) {
          if (o == s) continue;
          const int pay = (s == kyoku_ || o == kyoku_) ? 4000 : 2000;
          d.deltas[static_cast<std::size_t>(o)] -= pay;
          d.deltas[static_cast<std::size_t>(s)] += pay;
        }
      }
    } else if (tenpai > 0 && tenpai < n_) {
      for (int s = 0; s < n_; ++s)
        d.deltas[static_cast<std::size_t>(s)] =
            ((d.tenpai >> s) & 1) ? rules_.noten_penalty / tenpai : -rules_.noten_penalty / (n_ - tenpai);
    }
    dealer_keeps = (d.tenpai >> kyoku_) & 1;
    stop_eligible = dealer_keeps;
  }
  for (int s = 0; s < n_; ++s) scores_[static_cast<std::size_t>(s)] += d.deltas[static_cast<std::size_t>(s)];
  result_ = RoundResult{};
  result_.draw = d.kind;
  result_.deltas = d.deltas;
  if (log) {
    log->draws.push_back(d);
    Event e{EventType::ryukyoku};
    e.data = static_cast<std::uint16_t>(log->draws.size() - 1);
    emit(log, e);
  }
  end_round(dealer_keeps, stop_eligible, log);
}

void Table::end_round(bool dealer_keeps, bool stop_eligible, GameLog* log) noexcept {
  for (auto& l : legal_) l = ActionSet{};
  asked_ = answered_ = 0;
  drawn_ = no_pai;
  emit(log, Event{EventType::end_kyoku});
  phase_ = Phase::round_over;
  const bool won = result_.win;
  // The next round: the dealer keeps the seat on a win or tenpai (and on an
  // abortive draw); honba up unless someone else won.
  const int next_honba = dealer_keeps || !won ? honba_ + 1 : 0;
  const int last_wind = rules_.length == GameLength::south ? 1 : 0;
  const bool at_last = wind_ > last_wind || (wind_ == last_wind && kyoku_ == n_ - 1);
  const bool in_extension = wind_ > last_wind;
  bool someone_reached = false;
  bool bust = false;
  for (int s = 0; s < n_; ++s) {
    someone_reached |= scores_[static_cast<std::size_t>(s)] >= rules_.return_score;
    bust |= scores_[static_cast<std::size_t>(s)] < 0;
  }
  bool end = rules_.length == GameLength::one || (rules_.bust && bust);
  if (!end && at_last) {
    if (in_extension) {
      end = someone_reached || (!dealer_keeps && kyoku_ == n_ - 1);
    } else if (dealer_keeps) {
      end = rules_.dealer_stop && stop_eligible && placements()[kyoku_] == 0 && scores_[kyoku_] >= rules_.return_score;
    } else {
      end = someone_reached || !rules_.extension;
    }
  }
  honba_ = static_cast<std::uint8_t>(std::min(next_honba, 255));
  if (!dealer_keeps) {
    if (++kyoku_ == n_) {
      kyoku_ = 0;
      ++wind_;
    }
  }
  if (end) end_game(log);
}

void Table::end_game(GameLog* log) noexcept {
  const auto place = placements();
  for (int s = 0; s < n_; ++s)
    if (place[static_cast<std::size_t>(s)] == 0) scores_[static_cast<std::size_t>(s)] += 1000 * sticks_;
  sticks_ = 0;
  phase_ = Phase::game_over;
  for (auto& l : legal_) l = ActionSet{};
  asked_ = answered_ = 0;
  if (log) {
    log->final_scores = scores_;
    emit(log, Event{EventType::end_game});
  }
}

std::array<std::uint8_t, 4> Table::placements() const noexcept {
  std::array<std::uint8_t, 4> place{};
  for (int s = 0; s < n_; ++s) {
    int ahead = 0;
    for (int o = 0; o < n_; ++o)
      ahead += scores_[static_cast<std::size_t>(o)] > scores_[static_cast<std::size_t>(s)] ||
               (scores_[static_cast<std::size_t>(o)] == scores_[static_cast<std::size_t>(s)] && o < s);
    place[static_cast<std::size_t>(s)] = static_cast<std::uint8_t>(ahead);
  }
  return place;
}

std::string_view draw_name(DrawKind k) noexcept {
  switch (k) {
    case DrawKind::exhaustive: return "exhaustive";
    case DrawKind::nagashi_mangan: return "nagashi_mangan";
    case DrawKind::nine_terminals: return "nine_terminals";
    case DrawKind::four_winds: return "four_winds";
    case DrawKind::four_riichi: return "four_riichi";
    case DrawKind::four_kans: return "four_kans";
    case DrawKind::three_rons: return "three_rons";
  }
  return "draw";
}

// Tiles conserved: what hands, melds, rivers (a called tile once, in its
// meld), north set aside and the undrawn wall hold equals the wall, pai by
// pai; points conserved with the sticks; counts in range.
std::string Table::check() const {
  std::array<int, pai_count> want{}, have{};
  for (int i = 0; i < wall_.size; ++i) ++want[wall_pai(i)];
  auto count_hand = [&](const Hand& h) {
    for (int k = 0; k < kind_count; ++k) {
      const int c = h.count(Tile(k));
      const int red = detail::is_five(k) ? h.red_fives[static_cast<std::size_t>(k / 9)] : 0;
      have[static_cast<std::size_t>(k)] += c - red;
      if (red) have[red_pai_of(k)] += red;
    }
  };
  for (int s = 0; s < n_; ++s) {
    const SeatState& st = seats_[static_cast<std::size_t>(s)];
    count_hand(st.hand);
    have[30] += st.nuki;
    for (int i = 0; i < st.meld_count; ++i) {
      const Meld& m = st.melds[static_cast<std::size_t>(i)];
      const int base = m.tile.kind();
      if (m.type == MeldType::chi) {
        for (int k = base; k < base + 3; ++k) ++have[static_cast<std::size_t>(k)];
        if (m.red) {
          const int five = base + (4 - base % 9);
          --have[static_cast<std::size_t>(five)];
          ++have[red_pai_of(five)];
        }
      } else {
        have[static_cast<std::size_t>(base)] += m.size() - m.red;
        if (m.red) have[red_pai_of(base)] += m.red;
      }
    }
    std::uint64_t held = 0, pairs = 0, fours = 0;
    for (int k = 0; k < kind_count; ++k) {
      const int c = st.hand.count(Tile(k));
      held |= std::uint64_t{c >= 1} << k;
      pairs |= std::uint64_t{c >= 2} << k;
      fours |= std::uint64_t{c == 4} << k;
    }
    if (held != st.held || pairs != st.pairs || fours != st.fours)
      return "seat " + std::to_string(s) + ": the held, pair or four masks differ from the hand";
    std::uint64_t pais = 0;
    for (int p = 0; p < pai_count; ++p)
      pais |= std::uint64_t{detail::pai_in_hand(st.hand, static_cast<Pai>(p)) > 0} << p;
    if (pais != st.pais) return "seat " + std::to_string(s) + ": the pai mask differs from the hand";
    if (!((asked_ >> s) & 1) && !legal_[static_cast<std::size_t>(s)].empty())
      return "seat " + std::to_string(s) + ": a legal set for a seat not asked";
    if (((waiting_ >> s) & 1) != !st.waits.empty())
      return "seat " + std::to_string(s) + ": the table's waiting seats differ from its waits";
    // the seat at its turn holds a tile more: its claims are its hand's before
    if (s != turn_ &&
        claims_[static_cast<std::size_t>(s)] != (st.waits.bits() | (st.pairs & (std::uint64_t{0} - (st.riichi == 0)))))
      return "seat " + std::to_string(s) + ": the kinds it could ron or pon differ from its waits and pairs";
    const int concealed = st.hand.tiles + 3 * st.meld_count;
    const bool holding = phase_ == Phase::turn && turn_ == s;
    const bool playing = phase_ != Phase::round_over && phase_ != Phase::game_over;
    if (playing && concealed != (holding ? 14 : 13))
      return "seat " + std::to_string(s) + " holds " + std::to_string(concealed) + " tiles counting melds";
    if (playing && !holding) {  // the cached waits and the shanten bound against the kernel
      const Options options{rules_.players, {}};
      const Result<TileMask> w = waits(st.hand, options);
      const Result<ShantenForms> sh = shanten(st.hand, options);
      if (!w.ok() || !(w.value == st.waits))
        return "seat " + std::to_string(s) + ": cached waits differ from the kernel's";
      if (!sh.ok() || sh.value.best < st.shanten)
        return "seat " + std::to_string(s) + ": shanten " + std::to_string(sh.value.best) + ", cached " +
               std::to_string(st.shanten);
    }
  }
  if (phase_ == Phase::turn &&
      !called_turn_) {  // the riichi discards against the kernel's (the set asks it only where the hand may be tenpai)
    const SeatState& st = seats_[turn_];
    const ActionSet& legal = legal_[turn_];
    const bool may = !st.riichi && !st.open && scores_[turn_] >= 1000 && tiles_left() >= rules_.riichi_min_wall;
    const Result<TenpaiDiscards> td = tenpai_discards(st.hand, Options{rules_.players, {}});
    for (int k = 0; k < kind_count; ++k) {
      const bool offered = legal.contains(act::riichi + k) ||
                           (detail::is_five(k) && legal.contains(act::riichi + red_pai_of(k))) ||
                           (pai_kind(drawn_) == k && legal.contains(act::riichi_tsumogiri));
      const bool tenpai = may && td.ok() && td.value.discards.contains(Tile(k));
      if (offered != tenpai)
        return "seat " + std::to_string(turn_) + ": riichi discarding " + std::string(pai_name(static_cast<Pai>(k))) +
               (offered ? " offered, the kernel says no wait" : " not offered, the kernel says it waits");
    }
  }
  for (int i = 0; i < river_count_; ++i)
    if (!(river_[static_cast<std::size_t>(i)].flags & 4)) ++have[river_[static_cast<std::size_t>(i)].pai];
  for (int i = 0; i <= next_live_; ++i) {  // the undrawn wall: all but the replacement tiles taken
    bool taken = false;
    for (int r = 0; r < replacements_; ++r) taken |= replacement_index(r) == i;
    if (!taken) ++have[wall_pai(i)];
  }
  for (int p = 0; p < pai_count; ++p)
    if (have[static_cast<std::size_t>(p)] != want[static_cast<std::size_t>(p)])
      return "pai " + std::string(pai_name(static_cast<Pai>(p))) + ": " +
             std::to_string(have[static_cast<std::size_t>(p)]) + " on the table, " +
             std::to_string(want[static_cast<std::size_t>(p)]) + " in the wall";
  long total = 1000L * sticks_;
  for (int s = 0; s < n_; ++s) total += scores_[static_cast<std::size_t>(s)];
  if (total != static_cast<long>(rules_.start_score) * n_)
    return "points: " + std::to_string(total) + " with sticks, " + std::to_string(rules_.start_score * n_) +
           " at the start";
  return {};
}

}  // namespace mjk
