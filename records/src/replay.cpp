#include "mjk/replay.hpp"

#include "replay_engine.hpp"

#include <algorithm>
#include <numeric>
#include <string>
#include <utility>

namespace mjk::records {

std::string Disagreement::message() const {
  return file + " " + round + " event " + std::to_string(event) + ": " + what;
}


namespace {

constexpr std::size_t no_event = ~std::size_t{0};
constexpr std::size_t north = 30;  // the kind of 4z, the tile three players set aside

struct MeldState {
  Meld meld;
  std::uint8_t from_seat = 0;
  std::array<RecordTile, 4> tiles{};
};

struct Player {
  std::array<std::uint8_t, kind_count> held{};
  std::array<std::uint8_t, 3> red{};
  int tiles = 0;
  std::vector<MeldState> melds;
  std::vector<RecordTile> river;
  std::array<std::uint8_t, kind_count> pond{};  // discards not called away
  std::array<std::uint8_t, 3> pond_red{};       // the red fives among them, by suit
  std::uint8_t riichi = 0;                      // 0, 1, 2 (double)
  bool riichi_declared = false;                 // declared, the discard not yet made
  int nuki = 0;
  std::uint16_t turn = 0;
};

std::string names(std::span<const RecordTile> tiles) {
  std::string s;
  for (const RecordTile t : tiles) s += tile_text(t);
  return s;
}

class Replayer {
 public:
  Replayer(const Game& game, const ReplayOptions& options, Replay& out)
      : game_(game),
        options_(options),
        out_(out),
        seats_(game.rules.seats()),
        engine_(game, options.scores ? &out.scores : nullptr) {}

  void run() {
    for (std::size_t i = 0; i < game_.rounds.size(); ++i) {
      const Round& r = game_.rounds[i];
      round_ = &r;
      round_index_ = static_cast<std::uint16_t>(i);
      label_ = round_label(r);
      const std::size_t first = out_.disagreements.size();
      const bool whole = play(r);
      // The rules: the round through the engine, up to the event where the record broke if it did.
      findings_.clear();
      engine_.round(i, whole ? r.events.size() : out_.error->event, findings_);
      for (detail::Finding& f : findings_) disagree(f.event, std::move(f.what));
      std::stable_sort(out_.disagreements.begin() + static_cast<std::ptrdiff_t>(first), out_.disagreements.end(),
                       [](const Disagreement& x, const Disagreement& y) { return x.event < y.event; });
      if (!whole) break;
    }
    out_.stats.actions = engine_.actions();
  }

 private:
  // ---- reporting ----
  void disagree(std::size_t event, std::string what) {
    out_.disagreements.push_back({game_.file, label_, static_cast<std::uint32_t>(event), std::move(what)});
  }
  bool broken(std::size_t event, std::string what) {
    out_.error = Disagreement{game_.file, label_, static_cast<std::uint32_t>(event), std::move(what)};
    return false;
  }
  std::string who(int seat) const { return "seat " + std::to_string(seat); }

  // ---- tiles ----
  bool count_copy(std::size_t event, RecordTile t) {
    auto& n = copies_[static_cast<std::size_t>(t.tile.kind())];
    if (++n > 4) return broken(event, "a fifth copy of " + tile_text(RecordTile{t.tile, false}));
    if (t.red) {
      if (!game_.rules.red_fives) return broken(event, "a red five in a game without red fives");
      if (++red_copies_[static_cast<std::size_t>(t.tile.kind() / 9)] > 1)
        return broken(event, "a second red " + tile_text(t));
    }
    if (game_.rules.players == Players::three && t.tile.kind() > 0 && t.tile.kind() < 8)
      return broken(event, tile_text(t) + " does not exist with three players");
    return true;
  }
  void add(Player& p, RecordTile t) {
    ++p.held[static_cast<std::size_t>(t.tile.kind())];
    if (t.red) ++p.red[static_cast<std::size_t>(t.tile.kind() / 9)];
    ++p.tiles;
  }
  bool holds(const Player& p, RecordTile t) const {
    const auto k = static_cast<std::size_t>(t.tile.kind());
    if (p.held[k] == 0) return false;
    if (t.tile.kind() < 27 && t.tile.number() == 5) {
      const std::uint8_t reds = p.red[k / 9];
      if (t.red) return reds > 0;
      return p.held[k] > reds;
    }
    return !t.red;
  }
  bool take(std::size_t event, Player& p, int seat, RecordTile t, const char* what) {
    if (!holds(p, t)) return broken(event, who(seat) + " " + what + " " + tile_text(t) + ", a tile not held");
    --p.held[static_cast<std::size_t>(t.tile.kind())];
    if (t.red) --p.red[static_cast<std::size_t>(t.tile.kind() / 9)];
    --p.tiles;
    return true;
  }
  Hand concealed(const Player& p) const {
    Hand h;
    for (int k = 0; k < kind_count; ++k)
      if (p.held[static_cast<std::size_t>(k)]) h.add(Tile(k), p.held[static_cast<std::size_t>(k)]);
    for (int s = 0; s < 3; ++s) h.red_fives[static_cast<std::size_t>(s)] = p.red[static_cast<std::size_t>(s)];
    return h;
  }
  Relative relative(int seat, int other) const {
    const int d = (other - seat + seats_) % seats_;
    if (d == 0) return Relative::self;
    if (d == 1) return Relative::shimocha;
    if (d == seats_ - 1) return Relative::kamicha;
    return Relative::toimen;
  }
  int seat_wind(int seat) const { return (seat - round_->dealer + seats_) % seats_; }

  // ---- the round ----
  bool play(const Round& r) {
    ++out_.stats.rounds;
    players_ = {};
    copies_ = {};
    red_copies_ = {};
    dora_.clear();
    sticks_ = r.sticks;
    wall_ = game_.rules.players == Players::three ? 55 : 70;
    table_discard_ = no_event;
    if (!count_copy(0, r.dora)) return false;
    dora_.push_back(r.dora);
    for (int s = 0; s < seats_; ++s) {
      const auto& deal = r.deal[static_cast<std::size_t>(s)];
      if (deal.size() != 13) return broken(0, who(s) + " is dealt " + std::to_string(deal.size()) + " tiles, not 13");
      for (const RecordTile t : deal) {
        if (!count_copy(0, t)) return false;
        add(players_[static_cast<std::size_t>(s)], t);
      }
    }
    for (std::size_t i = 0; i < r.events.size(); ++i)
      if (!event(r, i)) return false;
    if (r.wins.empty() && !r.draw) return true;  // the record stops mid-round
    if (r.draw) ++out_.stats.draws;
    return true;
  }

  bool event(const Round& r, std::size_t i) {
    const Event& e = r.events[i];
    if (e.seat >= seats_ || (e.from >= seats_)) return broken(i, "a seat this game does not have");
    Player& p = players_[e.seat];
    // The discard on the table stays callable through the riichi stick and a dora shown after it.
    callable_ = table_discard_;
    if (e.kind == EventKind::discard) table_discard_ = i;
    else if (e.kind != EventKind::riichi_accepted && e.kind != EventKind::dora) table_discard_ = no_event;
    switch (e.kind) {
      case EventKind::draw: {
        if (p.tiles % 3 != 1) return broken(i, who(e.seat) + " draws holding " + std::to_string(p.tiles) + " tiles");
        if (--wall_ < 0) return broken(i, who(e.seat) + " draws after the wall is empty");
        if (!count_copy(i, e.tiles[0])) return false;
        add(p, e.tiles[0]);
        return true;
      }
      case EventKind::discard: return discard(r, i, e, p);
      case EventKind::chi:
      case EventKind::pon:
      case EventKind::minkan: return call(i, e, p);
      case EventKind::ankan:
      case EventKind::kakan: return kan(i, e, p);
      case EventKind::nuki: {
        if (game_.rules.players != Players::three) return broken(i, "a north set aside with four players");
        if (!take(i, p, e.seat, e.tiles[0], "sets aside")) return false;
        if (e.tiles[0].tile.kind() != 30)
          return broken(i, who(e.seat) + " sets aside " + tile_text(e.tiles[0]) + ", not a north");
        ++p.nuki;
        return true;
      }
      case EventKind::dora: {
        if (!count_copy(i, e.tiles[0])) return false;
        if (dora_.size() >= 5) return broken(i, "a sixth dora indicator");
        dora_.push_back(e.tiles[0]);
        return true;
      }
      case EventKind::riichi: {
        if (p.riichi) return broken(i, who(e.seat) + " declares riichi twice");
        p.riichi_declared = true;
        return true;
      }
      case EventKind::riichi_accepted: {
        if (!p.riichi) return broken(i, who(e.seat) + "'s riichi is accepted without a riichi discard");
        ++sticks_;
        ++out_.stats.riichi;
        return true;
      }
      case EventKind::win: return win(r, i, e);
      case EventKind::exhaustive: return draw_end(r, i);
    }
    return true;
  }

  bool discard(const Round& r, std::size_t i, const Event& e, Player& p) {
    const RecordTile t = e.tiles[0];
    if (p.tiles % 3 != 2) return broken(i, who(e.seat) + " discards holding " + std::to_string(p.tiles) + " tiles");
    if (!holds(p, t)) return take(i, p, e.seat, t, "discards");  // the error, before a decision is recorded
    if (options_.decisions) decision(r, i, e, p);
    if (!take(i, p, e.seat, t, "discards")) return false;
    ++out_.stats.discards;
    ++p.turn;
    p.river.push_back(t);
    ++p.pond[static_cast<std::size_t>(t.tile.kind())];
    if (t.red) ++p.pond_red[static_cast<std::size_t>(t.tile.kind() / 9)];
    if (p.riichi_declared) {
      p.riichi_declared = false;
      p.riichi = 1;
    }
    return true;
  }

  // Whose discard is called, by whom and with which tiles: the shape of the
  // record. Whether the call is legal (the seat, riichi, three players) is the engine's.
  bool call(std::size_t i, const Event& e, Player& p) {
    const char* name = e.kind == EventKind::chi ? "chi" : e.kind == EventKind::pon ? "pon" : "open kan";
    if (callable_ == no_event) return broken(i, who(e.seat) + " calls " + name + " when no discard is on the table");
    const Event& d = round_->events[callable_];
    if (d.seat != e.from)
      return broken(i, who(e.seat) + " calls " + name + " on seat " + std::to_string(e.from) +
                           "'s discard, but the last discard is seat " + std::to_string(d.seat) + "'s");
    if (!(d.tiles[0] == e.tiles[0]))
      return broken(i,
                    who(e.seat) + " calls " + tile_text(e.tiles[0]) + " but the discard is " + tile_text(d.tiles[0]));
    for (int k = 1; k < e.tile_count; ++k)
      if (!take(i, p, e.seat, e.tiles[static_cast<std::size_t>(k)], "calls with")) return false;
    MeldState m;
    m.tiles = e.tiles;
    m.from_seat = e.from;
    m.meld.type = e.kind == EventKind::chi   ? MeldType::chi
                  : e.kind == EventKind::pon ? MeldType::pon
                                             : MeldType::minkan;
    m.meld.from = relative(e.seat, e.from);
    int lowest = 99;
    for (int k = 0; k < e.tile_count; ++k) {
      lowest = std::min(lowest, e.tiles[static_cast<std::size_t>(k)].tile.kind());
      m.meld.red = static_cast<std::uint8_t>(m.meld.red + e.tiles[static_cast<std::size_t>(k)].red);
    }
    m.meld.tile = Tile(lowest);
    if (!meld_shape(i, e, m)) return false;
    if (p.melds.size() >= 4) return broken(i, who(e.seat) + " makes a fifth meld");
    p.melds.push_back(m);
    --players_[e.from].pond[static_cast<std::size_t>(e.tiles[0].tile.kind())];
    if (e.tiles[0].red) --players_[e.from].pond_red[static_cast<std::size_t>(e.tiles[0].tile.kind() / 9)];
    return true;
  }

  bool meld_shape(std::size_t i, const Event& e, const MeldState& m) {
    const int k0 = e.tiles[0].tile.kind();
    for (int k = 1; k < e.tile_count; ++k) {
      const int kk = e.tiles[static_cast<std::size_t>(k)].tile.kind();
      if (m.meld.type != MeldType::chi && kk != k0)
        return broken(i, "a " + std::string(event_name(e.kind)) + " of different tiles");
    }
    if (m.meld.type == MeldType::chi) {
      std::array<int, 3> ks{e.tiles[0].tile.kind(), e.tiles[1].tile.kind(), e.tiles[2].tile.kind()};
      std::sort(ks.begin(), ks.end());
      if (ks[0] >= 27 || ks[0] / 9 != ks[2] / 9 || ks[1] != ks[0] + 1 || ks[2] != ks[0] + 2)
        return broken(i, "a chi that is not a run of one suit");
    }
    return true;
  }

  bool kan(std::size_t i, const Event& e, Player& p) {
    if (p.tiles % 3 != 2)
      return broken(i, who(e.seat) + " declares a kan holding " + std::to_string(p.tiles) + " tiles");
    if (e.kind == EventKind::ankan) {
      for (int k = 0; k < 4; ++k)
        if (!take(i, p, e.seat, e.tiles[static_cast<std::size_t>(k)], "declares a closed kan with")) return false;
      MeldState m;
      m.tiles = e.tiles;
      m.from_seat = e.seat;
      m.meld.type = MeldType::ankan;
      m.meld.from = Relative::self;
      m.meld.tile = e.tiles[0].tile;
      for (int k = 0; k < 4; ++k)
        m.meld.red = static_cast<std::uint8_t>(m.meld.red + e.tiles[static_cast<std::size_t>(k)].red);
      if (!meld_shape(i, e, m)) return false;
      if (p.melds.size() >= 4) return broken(i, who(e.seat) + " makes a fifth meld");
      p.melds.push_back(m);
    } else {
      const RecordTile added = e.tiles[0];
      if (!take(i, p, e.seat, added, "adds to a kan")) return false;
      auto pon = std::find_if(p.melds.begin(), p.melds.end(), [&](const MeldState& m) {
        return m.meld.type == MeldType::pon && m.meld.tile == added.tile;
      });
      if (pon == p.melds.end())
        return broken(i, who(e.seat) + " adds " + tile_text(added) + " to a pon it does not have");
      pon->meld.type = MeldType::kakan;
      pon->meld.red = static_cast<std::uint8_t>(pon->meld.red + added.red);
      pon->tiles[3] = added;
    }
    return true;
  }
  // ---- results ----
  bool win(const Round& r, std::size_t i, const Event& e) {
    if (e.result >= r.wins.size()) return broken(i, "a win event without its result");
    const Win& w = r.wins[e.result];
    ++out_.stats.wins;
    Player p = players_[w.seat];  // a copy: the winning tile joins it
    RecordTile tile;
    // The event before this one (skipping dora and earlier wins of a double ron).
    std::size_t k = i;
    while (k > 0 && (r.events[k - 1].kind == EventKind::win || r.events[k - 1].kind == EventKind::dora)) --k;
    if (k == 0) return broken(i, "a win before any draw or discard");
    const Event& before = r.events[k - 1];
    if (w.tsumo()) {
      if (before.kind != EventKind::draw || before.seat != w.seat)
        return broken(i, who(w.seat) + " wins by tsumo without having drawn");
      tile = before.tiles[0];
    } else {
      if (before.seat != w.from || (before.kind != EventKind::discard && before.kind != EventKind::kakan &&
                                    before.kind != EventKind::ankan && before.kind != EventKind::nuki))
        return broken(
            i, who(w.seat) + " wins by ron from seat " + std::to_string(w.from) + ", who has not just discarded");
      tile = before.tiles[0];
      add(p, tile);
    }
    if (w.tile && !(w.tile->tile == tile.tile))
      disagree(i, "the record names " + tile_text(*w.tile) + " as the winning tile, the replay " + tile_text(tile));
    const Hand hand = concealed(p);
    if (!w.hand.empty()) {
      Player stated;
      for (const RecordTile t : w.hand) add(stated, t);
      if (!(concealed(stated) == hand))
        disagree(i, who(w.seat) + " shows " + names(w.hand) + " but holds " + to_mpsz(hand));
    }
    counts(r, w);
    return true;
  }

  // The statistics: the hand's value is the winner's gain without the sticks
  // and the honba (first winner only), tsumo and deal-ins.
  void counts(const Round& r, const Win& w) {
    const bool first = &w == &r.wins.front();
    const int table = first ? sticks_ * 1000 : 0;  // the sticks go to the first winner (nearest the discarder)
    const int honba = !first ? 0 : w.tsumo() ? 100 * r.honba * (seats_ - 1) : (seats_ == 4 ? 300 : 200) * r.honba;
    out_.stats.win_points += w.deltas[w.seat] - table - honba;
    if (w.tsumo()) ++out_.stats.tsumo;
    else if (first || r.wins.front().from != w.from) ++out_.stats.deal_ins;
  }

  bool draw_end(const Round& r, std::size_t i) {
    if (!r.draw) return broken(i, "a draw event without its result");
    return true;
  }

  // ---- review input ----
  void decision(const Round& r, std::size_t i, const Event& e, const Player& p) {
    Decision d;
    d.round_index = round_index_;
    d.round = label_;
    d.seat = e.seat;
    d.seat_wind = static_cast<std::uint8_t>(seat_wind(e.seat));
    d.turn = static_cast<std::uint16_t>(p.turn + 1);
    d.event = static_cast<std::uint32_t>(i);
    d.hand = concealed(p);
    for (const MeldState& m : p.melds) d.melds[d.meld_count++] = m.meld;
    d.dora = dora_;
    d.discard = e.tiles[0];
    d.riichi = p.riichi_declared;
    // Discards still in the rivers (a called one is in its meld), the other
    // players' melds and the norths they set aside (the player's own, like
    // its melds, are counted by review()).
    d.nuki = static_cast<std::uint8_t>(p.nuki);
    for (int s = 0; s < seats_; ++s) {
      const Player& o = players_[static_cast<std::size_t>(s)];
      for (int k = 0; k < kind_count; ++k)
        d.visible[static_cast<std::size_t>(k)] =
            static_cast<std::uint8_t>(d.visible[static_cast<std::size_t>(k)] + o.pond[static_cast<std::size_t>(k)]);
      for (std::size_t suit = 0; suit < 3; ++suit)
        d.visible_red[suit] = static_cast<std::uint8_t>(d.visible_red[suit] + o.pond_red[suit]);
      if (s == e.seat) continue;
      d.visible[north] = static_cast<std::uint8_t>(d.visible[north] + o.nuki);
      for (const MeldState& m : o.melds)
        for (int k = 0; k < m.meld.size(); ++k) {
          const RecordTile& t = m.tiles[static_cast<std::size_t>(k)];
          ++d.visible[static_cast<std::size_t>(t.tile.kind())];
          if (t.red) ++d.visible_red[static_cast<std::size_t>(t.tile.kind() / 9)];
        }
    }
    (void)r;
    out_.decisions.push_back(std::move(d));
  }

  const Game& game_;
  const ReplayOptions& options_;
  Replay& out_;
  const int seats_;
  const Round* round_ = nullptr;
  std::uint16_t round_index_ = 0;
  std::string label_;
  std::array<Player, 4> players_{};
  std::array<std::uint8_t, kind_count> copies_{};
  std::array<std::uint8_t, 3> red_copies_{};
  std::vector<RecordTile> dora_;
  int sticks_ = 0;  // riichi sticks on the table (the statistics' win values)
  int wall_ = 70;
  std::size_t table_discard_ = no_event;
  std::size_t callable_ = no_event;
  detail::EngineReplay engine_;
  std::vector<detail::Finding> findings_;
};

}  // namespace

std::string replay_text(const Replay& r) {
  std::string s = std::to_string(r.stats.rounds) + " rounds " + std::to_string(r.stats.wins) + " wins " +
                  std::to_string(r.stats.draws) + " draws " + std::to_string(r.stats.riichi) + " riichi " +
                  std::to_string(r.stats.discards) + " discards\n";
  for (const Disagreement& d : r.disagreements) s += d.message() + "\n";
  if (r.error) s += "error: " + r.error->message() + "\n";
  return s;
}

Replay replay(const Game& game, const ReplayOptions& options) {
  Replay out;
  Replayer(game, options, out).run();
  return out;
}

void review(std::span<Decision> decisions, Players players) {
  std::vector<Hand> hands;
  std::vector<std::uint8_t> visible;
  std::vector<std::size_t> index;
  hands.reserve(decisions.size());
  visible.reserve(decisions.size() * kind_count);
  for (std::size_t i = 0; i < decisions.size(); ++i) {
    const Decision& d = decisions[i];
    std::array<std::uint8_t, kind_count> row = d.visible;
    for (std::size_t m = 0; m < d.meld_count; ++m) {
      const Meld& meld = d.melds[m];
      for (int k = 0; k < meld.size(); ++k)
        ++row[static_cast<std::size_t>(meld.type == MeldType::chi ? meld.tile.kind() + k : meld.tile.kind())];
    }
    row[north] = static_cast<std::uint8_t>(row[north] + d.nuki);
    for (const RecordTile t : d.dora) ++row[static_cast<std::size_t>(t.tile.kind())];
    // Records may show a kind more often than the kernel accepts only if broken; cap to keep the batch valid.
    for (int k = 0; k < kind_count; ++k) {
      const int held = d.hand.count(Tile(k));
      if (held + row[static_cast<std::size_t>(k)] > 4)
        row[static_cast<std::size_t>(k)] = static_cast<std::uint8_t>(std::max(0, 4 - held));
    }
    hands.push_back(d.hand);
    visible.insert(visible.end(), row.begin(), row.end());
    index.push_back(i);
  }
  std::vector<Result<ShantenForms>> sh(hands.size());
  std::vector<Result<Advice>> adv(hands.size());
  const Options opt{players, visible};
  if (shanten(std::span<const Hand>(hands), std::span<Result<ShantenForms>>(sh), Options{players, {}}) != Error::none)
    return;
  if (advice(std::span<const Hand>(hands), std::span<Result<Advice>>(adv), opt) != Error::none) return;
  for (std::size_t j = 0; j < hands.size(); ++j) {
    Decision& d = decisions[index[j]];
    if (!sh[j].ok() || !adv[j].ok()) continue;
    const Advice& a = adv[j].value;
    if (a.count == 0) continue;
    d.reviewed = true;
    d.shanten = sh[j].value.best;
    const DiscardOption& top = a.options[0];
    d.best_ukeire = top.ukeire;
    d.best_shanten = top.shanten;
    for (std::size_t k = 0; k < a.count; ++k) {
      const DiscardOption& o = a.options[k];
      if (o.shanten == top.shanten && o.ukeire == top.ukeire) d.best.insert(o.discard);
      if (o.discard == d.discard.tile) {
        d.shanten_after = o.shanten;
        d.ukeire = o.ukeire;
      }
    }
  }
}

}  // namespace mjk::records
