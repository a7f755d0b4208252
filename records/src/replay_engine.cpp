#include "replay_engine.hpp"

#include <algorithm>
#include <array>
#include <utility>

#include "mjk/score.hpp"

namespace mjk::records::detail {

namespace {

Pai pai_of(RecordTile t) { return t.red ? red_pai_of(t.tile.kind()) : static_cast<Pai>(t.tile.kind()); }

EngineRules rules_of(const GameRules& g) {
  EngineRules r = g.server == Server::mahjong_soul ? mahjongsoul_rules(g.players) : tenhou_rules(g.players);
  r.red_fives = g.red_fives;
  r.length = g.hanchan ? GameLength::south : GameLength::east;
  r.score = g.score_rules();
  return r;
}

std::string who(int seat) { return "seat " + std::to_string(seat); }

// The round's wall in Tenhou's layout from its events before `stop`: the
// deal, each draw in order (live or, after a kan or a north, replacement),
// the indicators and the ura indicators the wins show. The tiles no one
// sees (the rest of the live wall, unrevealed indicators) are the unused
// tiles in id order: no outcome depends on them. Empty when built, else why not.
std::string build_wall(const EngineRules& rules, const Round& r, std::size_t stop, Wall& out) {
  const int n = rules.player_count();
  const int size = n == 4 ? 136 : 108;
  std::array<bool, 136> used{};
  std::string error;
  auto take = [&](RecordTile t) -> int {
    const int kind = t.tile.kind();
    for (int id = kind * 4; id < kind * 4 + 4; ++id) {
      const bool red = rules.red_fives && (id == 16 || id == 52 || id == 88);
      if (used[static_cast<std::size_t>(id)] || red != t.red) continue;
      used[static_cast<std::size_t>(id)] = true;
      return id;
    }
    if (error.empty()) {
      // Four copies of a kind, one of its fives red: a fourth plain five is as impossible as a fifth tile.
      const auto first = static_cast<std::size_t>(kind * 4);
      const bool all_used = used[first] && used[first + 1] && used[first + 2] && used[first + 3];
      const bool plain_five = !all_used && rules.red_fives && !t.red && kind < 27 && kind % 9 == 4;
      error = plain_five ? "a fourth plain " + tile_text(t) + " in a game with red fives" : "a fifth " + tile_text(t);
    }
    return 0;
  };
  std::vector<int> ids(static_cast<std::size_t>(size), -1);
  int top = size - 1;
  for (int pass = 0; pass < 4; ++pass)
    for (int i = 0; i < n; ++i) {
      const auto& hand = r.deal[static_cast<std::size_t>((r.dealer + i) % n)];
      for (int k = 0; k < (pass < 3 ? 4 : 1); ++k) {
        const auto at = static_cast<std::size_t>(pass * 4 + k);
        if (at >= hand.size()) return who((r.dealer + i) % n) + " is dealt " + std::to_string(hand.size()) + " tiles";
        ids[static_cast<std::size_t>(top--)] = take(hand[at]);
      }
    }
  int replacements = 0, doras = 0;
  bool replacement_next = false;
  auto put = [&](int index, RecordTile t) {
    if (index < 0 || index >= size || ids[static_cast<std::size_t>(index)] >= 0) {
      if (error.empty()) error = "no place in the wall for " + tile_text(t);
      return;
    }
    ids[static_cast<std::size_t>(index)] = take(t);
  };
  put(5, r.dora);
  for (std::size_t i = 0; i < stop && i < r.events.size(); ++i) {
    const Event& e = r.events[i];
    if (e.kind == EventKind::draw) {
      if (replacement_next) {
        static constexpr std::array<int, 4> first = {1, 0, 3, 2};
        put(replacements < 4 ? first[static_cast<std::size_t>(replacements)] : 14 + replacements - 4, e.tiles[0]);
        ++replacements;
      } else {
        put(top--, e.tiles[0]);
      }
      replacement_next = false;
    } else if (e.kind == EventKind::ankan || e.kind == EventKind::kakan || e.kind == EventKind::minkan ||
               e.kind == EventKind::nuki) {
      replacement_next = true;
    } else if (e.kind == EventKind::dora) {
      put(7 + 2 * doras++, e.tiles[0]);
    }
  }
  if (stop >= r.events.size())
    for (const Win& w : r.wins)
      for (std::size_t i = 0; i < w.ura.size() && i < 5; ++i)
        if (ids[4 + 2 * i] < 0) put(static_cast<int>(4 + 2 * i), w.ura[i]);
  int next = 0;
  for (auto& id : ids) {
    if (id >= 0) continue;
    while (next < 136 && (used[static_cast<std::size_t>(next)] || (n == 3 && next >= 4 && next < 32))) ++next;
    if (next >= 136) return "the wall runs out";
    used[static_cast<std::size_t>(next)] = true;
    id = next;
  }
  if (!error.empty()) return error;
  const WallParse p = wall_from_ids(rules, ids);
  if (!p.ok()) return p.error;
  out = p.wall;
  return {};
}

Action call_action(const Event& e) {
  bool red = false;
  for (int i = 1; i < e.tile_count; ++i) red |= e.tiles[static_cast<std::size_t>(i)].red;
  if (e.kind == EventKind::pon) return red ? act::pon_red : act::pon;
  if (e.kind == EventKind::minkan) return act::daiminkan;
  int low = e.tiles[0].tile.kind();
  for (int i = 1; i < 3; ++i) low = std::min(low, e.tiles[static_cast<std::size_t>(i)].tile.kind());
  const int place = e.tiles[0].tile.kind() - low;
  return static_cast<Action>((red ? act::chi_red : act::chi) + place);
}

std::string set_text(const ActionSet& set) {
  std::string s = "{";
  for (int n = 0; n < set.size(); ++n) {
    if (n) s += ", ";
    s += action_name(set.nth(n));
  }
  return s + "}";
}

// What the table allowed at the moment `seat` was refused: its legal set,
// or, when it had nothing to decide, who had and what.
std::string legal_text(const Table& t, int seat) {
  if ((t.actors() >> seat) & 1) return "; the legal set: " + set_text(t.legal(seat));
  std::string s = "; " + who(seat) + " has no decision here";
  for (int o = 0; o < t.players(); ++o)
    if ((t.actors() >> o) & 1) s += ", " + who(o) + "'s legal set: " + set_text(t.legal(o));
  return s;
}

mjk::DrawKind engine_kind(DrawKind k) {
  switch (k) {
    case DrawKind::exhaustive: return mjk::DrawKind::exhaustive;
    case DrawKind::nine_terminals: return mjk::DrawKind::nine_terminals;
    case DrawKind::four_riichi: return mjk::DrawKind::four_riichi;
    case DrawKind::four_winds: return mjk::DrawKind::four_winds;
    case DrawKind::four_kans: return mjk::DrawKind::four_kans;
    case DrawKind::triple_ron: return mjk::DrawKind::three_rons;
    case DrawKind::nagashi_mangan: return mjk::DrawKind::nagashi_mangan;
  }
  return mjk::DrawKind::exhaustive;
}
}  // namespace

EngineReplay::EngineReplay(const Game& game, std::vector<WinScore>* scores)
    : game_(game), scores_(scores), rules_(rules_of(game.rules)) {}

bool EngineReplay::act(int seat, Action a, std::uint32_t event, std::vector<Finding>& out) {
  ++actions_;
  const ActionResult res = table_.apply(seat, a, &log_);
  if (res.ok()) return true;
  // The set as it stood: a refused action leaves the table unchanged.
  out.push_back({event, res.message() + legal_text(table_, seat)});
  return false;
}

// Answers the open reaction (or chankan) from the record's next events: a
// ron for each recorded win from `from`, the recorded call, else pass.
bool EngineReplay::answer(const Round& r, std::size_t& i, int from, std::vector<Finding>& out) {
  std::array<std::int32_t, 4> ron_event{-1, -1, -1, -1};
  bool any_ron = false;
  int caller = -1;
  std::uint32_t call_event = 0;
  Action call = act::pass;
  std::size_t j = i + 1;
  while (j < r.events.size() && (r.events[j].kind == EventKind::riichi_accepted || r.events[j].kind == EventKind::dora))
    ++j;
  while (j < r.events.size() && r.events[j].kind == EventKind::win && r.events[j].result < r.wins.size() &&
         r.wins[r.events[j].result].from == from && r.wins[r.events[j].result].seat != from) {
    ron_event[r.wins[r.events[j].result].seat & 3] = static_cast<std::int32_t>(j);
    any_ron = true;
    ++j;
  }
  // Three rons that abort (Tenhou): the record names no winner, every seat that may ron does.
  if (!any_ron && j < r.events.size() && r.events[j].kind == EventKind::exhaustive && r.draw &&
      r.draw->kind == DrawKind::triple_ron)
    for (int s = 0; s < table_.players(); ++s)
      if (table_.legal(s).contains(act::ron) && ((table_.actors() >> s) & 1)) {
        ron_event[static_cast<std::size_t>(s)] = static_cast<std::int32_t>(j);
        any_ron = true;
      }
  if (!any_ron && j < r.events.size()) {
    const Event& e = r.events[j];
    if ((e.kind == EventKind::chi || e.kind == EventKind::pon || e.kind == EventKind::minkan) && e.from == from) {
      caller = e.seat;
      call = call_action(e);
      call_event = static_cast<std::uint32_t>(j);
    }
  }
  // A recorded answer from a seat the table does not ask: refused before any other answer moves the table.
  for (int s = 0; s < table_.players(); ++s)
    if (ron_event[static_cast<std::size_t>(s)] >= 0 && !((table_.actors() >> s) & 1))
      return act(s, act::ron, static_cast<std::uint32_t>(ron_event[static_cast<std::size_t>(s)]), out);
  if (caller >= 0 && !((table_.actors() >> caller) & 1)) return act(caller, call, call_event, out);
  for (int s = 0; s < table_.players() && (table_.phase() == Phase::reaction || table_.phase() == Phase::chankan);
       ++s) {
    if (!((table_.actors() >> s) & 1)) continue;
    const bool ron = ron_event[static_cast<std::size_t>(s)] >= 0;
    const Action a = ron ? act::ron : s == caller ? call : act::pass;
    const auto at = ron           ? static_cast<std::uint32_t>(ron_event[static_cast<std::size_t>(s)])
                    : s == caller ? call_event
                                  : static_cast<std::uint32_t>(i);
    if (!act(s, a, at, out)) return false;
  }
  if (any_ron || caller >= 0) i = j;  // the wins or the call are played
  return true;
}

void EngineReplay::round(std::size_t k, std::size_t stop, std::vector<Finding>& out) {
  const Round& r = game_.rounds[k];
  round_index_ = static_cast<std::uint16_t>(k);
  // The previous round's end, as the table played it, must be this round's header.
  if (k > 0 && followed_) {
    const int n = table_.players();
    if (table_.done()) {
      out.push_back({0, "the table ends the game after the previous round, the record plays on"});
    } else {
      for (int s = 0; s < n; ++s)
        if (table_.scores()[static_cast<std::size_t>(s)] != r.scores[static_cast<std::size_t>(s)])
          out.push_back({0, who(s) + " starts the round with " + std::to_string(r.scores[static_cast<std::size_t>(s)]) +
                                " but the previous round left " +
                                std::to_string(table_.scores()[static_cast<std::size_t>(s)])});
      if (table_.sticks() != r.sticks)
        out.push_back({0, "the round starts with " + std::to_string(r.sticks) +
                              " riichi sticks but the previous round left " + std::to_string(table_.sticks())});
      if (table_.round_wind() != r.wind || table_.dealer() != r.dealer || table_.honba() != r.honba) {
        Round next;
        next.wind = static_cast<std::uint8_t>(table_.round_wind());
        next.dealer = static_cast<std::uint8_t>(table_.dealer());
        next.honba = static_cast<std::uint8_t>(table_.honba());
        out.push_back({0, "the round is " + round_label(r) + " but the previous round leads to " + round_label(next)});
      }
    }
  }
  followed_ = play(r, stop, out) && stop >= r.events.size() && r.ended();
  if (followed_ && k + 1 == game_.rounds.size() && game_.final_scores) end(r, *game_.final_scores, out);
}

// The game's end the record states after its last round: the table must
// have ended the game there, with the same final scores (the sticks left
// given to the top) and so the same places (ties to the earlier seat).
void EngineReplay::end(const Round& r, const std::array<std::int32_t, 4>& stated, std::vector<Finding>& out) {
  const int n = table_.players();
  const auto at = static_cast<std::uint32_t>(r.events.empty() ? 0 : r.events.size() - 1);
  std::string scores;
  for (int s = 0; s < n; ++s) scores += (s ? " " : "") + std::to_string(stated[static_cast<std::size_t>(s)]);
  if (!table_.done() && !game_.rules.length_stated) return;  // its length a guess: the table may rightly play on
  if (!table_.done()) {
    Round next;
    next.wind = static_cast<std::uint8_t>(table_.round_wind());
    next.dealer = static_cast<std::uint8_t>(table_.dealer());
    next.honba = static_cast<std::uint8_t>(table_.honba());
    out.push_back({at, "the record ends the game here (final scores " + scores + "), the table plays on to " +
                           round_label(next)});
    return;
  }
  for (int s = 0; s < n; ++s)
    if (table_.scores()[static_cast<std::size_t>(s)] != stated[static_cast<std::size_t>(s)])
      out.push_back({at, who(s) + " ends the game with " + std::to_string(stated[static_cast<std::size_t>(s)]) +
                             " in the record, " + std::to_string(table_.scores()[static_cast<std::size_t>(s)]) +
                             " at the table"});
  const std::array<std::uint8_t, 4> place = table_.placements();
  for (int s = 0; s < n; ++s) {
    int ahead = 0;
    for (int o = 0; o < n; ++o)
      ahead += stated[static_cast<std::size_t>(o)] > stated[static_cast<std::size_t>(s)] ||
               (stated[static_cast<std::size_t>(o)] == stated[static_cast<std::size_t>(s)] && o < s);
    if (ahead != place[static_cast<std::size_t>(s)])
      out.push_back({at, who(s) + " places " + std::to_string(ahead + 1) + " in the record, " +
                             std::to_string(place[static_cast<std::size_t>(s)] + 1) + " at the table"});
  }
}

bool EngineReplay::play(const Round& r, std::size_t stop, std::vector<Finding>& out) {
  Wall wall;
  if (std::string e = build_wall(rules_, r, stop, wall); !e.empty()) {
    out.push_back({0, "the round's wall cannot be rebuilt from the record: " + e});
    return false;
  }
  log_.clear();
  table_.start_round(rules_, RoundStart{r.wind, r.dealer, r.honba, r.sticks, r.scores}, wall, &log_);
  bool riichi = false;
  const std::size_t end = std::min(stop, r.events.size());
  for (std::size_t i = 0; i < end; ++i) {
    const Event& e = r.events[i];
    const auto at = static_cast<std::uint32_t>(i);
    if (table_.phase() == Phase::round_over || table_.phase() == Phase::game_over) {
      if (e.kind == EventKind::win || e.kind == EventKind::exhaustive || e.kind == EventKind::riichi_accepted ||
          e.kind == EventKind::dora)
        continue;
      out.push_back({at, std::string(event_name(e.kind)) + " by " + who(e.seat) + " after the table ended the round"});
      return false;
    }
    switch (e.kind) {
      case EventKind::draw:
        if (table_.phase() != Phase::turn || table_.turn() != e.seat || table_.drawn() != pai_of(e.tiles[0])) {
          out.push_back({at, who(e.seat) + " draws " + tile_text(e.tiles[0]) + " but the table has " +
                                 who(table_.turn()) + " to play, drawn " + std::string(pai_name(table_.drawn()))});
          return false;
        }
        break;
      case EventKind::riichi: riichi = true; break;
      case EventKind::discard: {
        const Pai p = pai_of(e.tiles[0]);
        Action a = e.tsumogiri ? act::tsumogiri : static_cast<Action>(act::discard + p);
        if (riichi) a = e.tsumogiri ? act::riichi_tsumogiri : static_cast<Action>(act::riichi + p);
        riichi = false;
        if (!act(e.seat, a, at, out)) return false;
        if (table_.phase() == Phase::reaction && !answer(r, i, e.seat, out)) return false;
        break;
      }
      case EventKind::ankan:
      case EventKind::kakan:
        if (!act(e.seat, static_cast<Action>(act::kan + e.tiles[0].tile.kind()), at, out)) return false;
        if (table_.phase() == Phase::chankan && !answer(r, i, e.seat, out)) return false;
        break;
      case EventKind::nuki:
        if (!act(e.seat, act::north, at, out)) return false;
        if (table_.phase() == Phase::chankan && !answer(r, i, e.seat, out)) return false;
        break;
      case EventKind::win:
        if (e.result < r.wins.size() && r.wins[e.result].tsumo()) {
          if (!act(r.wins[e.result].seat, act::tsumo, at, out)) return false;
        } else {
          out.push_back({at, "a ron the table was not asked for (no discard or kan before it)"});
          return false;
        }
        break;
      case EventKind::exhaustive:
        if (r.draw && r.draw->kind == DrawKind::nine_terminals) {
          if (!act(table_.turn(), act::nine_terminals, at, out)) return false;  // the record names no seat
        } else {
          out.push_back({at, "the record draws the round (" + std::string(r.draw ? draw_kind_name(r.draw->kind) : "") +
                                 "), the table plays on"});
          return false;
        }
        break;
      case EventKind::chi:
      case EventKind::pon:
      case EventKind::minkan:
        // A call the table did not ask for (no one could answer the discard, or no discard before it):
        // refused, with what the table asked for instead.
        act(e.seat, call_action(e), at, out);
        return false;
      case EventKind::riichi_accepted:
      case EventKind::dora: break;
    }
  }
  if (end < r.events.size() || !r.ended()) return true;  // a record stopping mid-round: every action was legal
  if (table_.phase() != Phase::round_over && table_.phase() != Phase::game_over) {
    out.push_back({static_cast<std::uint32_t>(r.events.empty() ? 0 : r.events.size() - 1),
                   "the record ends the round, the table plays on"});
    return false;
  }
  outcome(r, out);
  return true;
}

// The round's end as the record states it against the table's: each win's
// payments (and, where the record details them, its yakuman, han, fu, yaku
// and points), each draw's kind, tenpai seats and payments.
void EngineReplay::outcome(const Round& r, std::vector<Finding>& out) {
  const int n = table_.players();
  for (std::size_t i = 0; i < r.events.size(); ++i) {
    const Event& e = r.events[i];
    const auto at = static_cast<std::uint32_t>(i);
    if (e.kind != EventKind::win || e.result >= r.wins.size()) continue;
    const Win& w = r.wins[e.result];
    const auto mine =
        std::find_if(log_.wins.begin(), log_.wins.end(), [&](const WinRecord& x) { return x.seat == w.seat; });
    if (mine == log_.wins.end()) {
      out.push_back({at, who(w.seat) + " wins in the record, not at the table"});
      continue;
    }
    const Score& sc = mine->score;
    if (scores_) scores_->push_back({round_index_, e.result, sc});
    for (int s = 0; s < n; ++s)
      if (mine->deltas[static_cast<std::size_t>(s)] != w.deltas[static_cast<std::size_t>(s)])
        out.push_back({at, who(s) + " changes by " + std::to_string(w.deltas[static_cast<std::size_t>(s)]) +
                               " in the record, by " + std::to_string(mine->deltas[static_cast<std::size_t>(s)]) +
                               " as the engine scores the win"});
    if (!w.detailed) continue;
    if (w.yakuman != sc.yakuman)
      out.push_back({at, "yakuman " + std::to_string(w.yakuman) + " in the record, " + std::to_string(sc.yakuman) +
                             " by the kernel"});
    if (!w.yakuman && w.han != sc.han)
      out.push_back({at, std::to_string(w.han) + " han in the record, " + std::to_string(sc.han) + " by the kernel"});
    if (!w.yakuman && w.fu && sc.han < 5 && w.fu != sc.fu)
      out.push_back({at, std::to_string(w.fu) + " fu in the record, " + std::to_string(sc.fu) + " by the kernel"});
    // The yaku: the record's against the kernel's (a dora kind stated with 0 han is no yaku).
    std::array<YakuValue, yaku_count> listed{};
    const std::size_t count = list_yaku(sc, mine->request.rules, listed);
    std::array<int, yaku_count> kernel{}, stated{};
    for (std::size_t k = 0; k < count; ++k)
      kernel[static_cast<std::size_t>(listed[k].yaku)] += listed[k].yakuman ? listed[k].yakuman : listed[k].han;
    bool stated_nuki = false;
    for (const StatedYaku& y : w.yaku) {
      stated[static_cast<std::size_t>(y.yaku)] += y.yakuman ? y.yakuman : y.han;
      stated_nuki |= y.yaku == Yaku::nuki;
    }
    if (!stated_nuki) {  // some exports name the norths set aside "ドラ"
      kernel[static_cast<std::size_t>(Yaku::dora)] += kernel[static_cast<std::size_t>(Yaku::nuki)];
      kernel[static_cast<std::size_t>(Yaku::nuki)] = 0;
    }
    std::string diff;
    for (int k = 0; k < yaku_count; ++k)
      if (kernel[static_cast<std::size_t>(k)] != stated[static_cast<std::size_t>(k)])
        diff += " " + std::string(yaku_name(static_cast<Yaku>(k))) + " " +
                std::to_string(stated[static_cast<std::size_t>(k)]) + "/" +
                std::to_string(kernel[static_cast<std::size_t>(k)]);
    if (!diff.empty()) out.push_back({at, "yaku differ (record/kernel):" + diff});
    // The hand's value: what the payers paid, without honba.
    int paid = 0;
    const int wind_of_winner = (w.seat - r.dealer + n) % n;
    for (int s = 0; s < n; ++s)
      if (s != wind_of_winner) paid -= sc.payments[static_cast<std::size_t>(s)];
    const int honba = mine->request.honba;
    paid -= w.tsumo() ? 100 * honba * (n - 1) : (n == 4 ? 300 : 200) * honba;
    if (w.points && paid != w.points)
      out.push_back(
          {at, std::to_string(w.points) + " points in the record, " + std::to_string(paid) + " by the kernel"});
  }
  if (!r.draw) return;
  std::uint32_t at = 0;
  for (std::size_t i = 0; i < r.events.size(); ++i)
    if (r.events[i].kind == EventKind::exhaustive) at = static_cast<std::uint32_t>(i);
  const Draw& d = *r.draw;
  if (table_.result().win || log_.draws.empty()) {
    out.push_back(
        {at, "the record draws the round (" + std::string(draw_kind_name(d.kind)) + "), the table has a win"});
    return;
  }
  const DrawRecord& mine = log_.draws.back();
  if (mine.kind != engine_kind(d.kind)) {
    out.push_back({at, "the record draws the round by " + std::string(draw_kind_name(d.kind)) + ", the table by " +
                           std::string(draw_name(mine.kind))});
    return;
  }
  for (int s = 0; s < n; ++s) {
    const auto stated = d.tenpai[static_cast<std::size_t>(s)];
    const bool tenpai = (mine.tenpai >> s) & 1;
    if (stated >= 0 && (stated == 1) != tenpai)
      out.push_back({at, who(s) + " is shown " + (stated ? "tenpai" : "noten") + " but its hand " +
                             to_mpsz(table_.seat(s).hand) + " is " + (tenpai ? "tenpai" : "noten")});
  }
  for (int s = 0; s < n; ++s)
    if (d.deltas[static_cast<std::size_t>(s)] != mine.deltas[static_cast<std::size_t>(s)])
      out.push_back({at, who(s) + " changes by " + std::to_string(d.deltas[static_cast<std::size_t>(s)]) +
                             " at the draw, not " + std::to_string(mine.deltas[static_cast<std::size_t>(s)])});
}

}  // namespace mjk::records::detail
