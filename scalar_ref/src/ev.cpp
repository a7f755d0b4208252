// EV.md's model, by the book. Every rule is written out where it applies:
//
//   - A hand is its 37 counts (34 kinds, a red five apart from the plain
//     fives of its suit when red fives count) and a riichi flag.
//   - The wall of a hand: the start wall, plus what the start hand held,
//     minus what the hand holds (discards go back to the wall).
//   - dist: the tiles held that the start hand did not hold. A vertex is
//     widened (hand change at a draw vertex, shanten back at a discard
//     vertex, never in riichi) while dist + shanten < start shanten + extra.
//   - A draw vertex (3k+1 tiles) follows the draws of its necessary kinds,
//     or of every kind in the wall when widened. A discard vertex (3k+2)
//     follows the discards that keep its shanten, or every discard when
//     widened. A closed hand whose shanten is 0 declares riichi when it
//     discards to tenpai.
//   - The graph: every vertex reachable from the start; an edge (X, D) for
//     every draw X follows to D and every discard D follows to X (the same
//     pair is one edge).
//   - Values: a draw vertex at t = 18 is (tenpai? 1 : 0, 0, 0); before,
//     v_t = v_{t+1} + sum over its edges of w * (c - v_{t+1}) / (S - t),
//     c = (1, 1, max(price, the discard vertex's score at t+1)) for a win
//     with a yaku, else the discard vertex's values at t+1; tenpai is 1 at
//     every turn for a tenpai hand. A discard vertex's value at t: each
//     quantity's maximum over the edges into it, of the draw vertex at t.
//   - A win's price: the winner's payment from the reference scorer (tsumo,
//     riichi when declared); under riichi with ura-dora counted, the
//     average over every set of as many ura indicators as dora indicators
//     drawn from the wall at the win, each set weighted by its ways.
#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <tuple>
#include <vector>

#include "mjk/ref.hpp"
#include "mjk/ref_ev.hpp"

namespace mjk::ref {

namespace {

constexpr int n37 = 37;  // 34 kinds, then the red 5m, 5p, 5s
int plain(int k) { return k < 34 ? k : (k - 34) * 9 + 4; }

struct State {
  std::array<int, n37> c{};
  bool riichi = false;
  // Written out: emscripten's libc++ has no operator<=> for std::array.
  bool operator<(const State& o) const { return std::tie(c, riichi) < std::tie(o.c, o.riichi); }
};

struct Triple {
  double tenpai = 0, win = 0, score = 0;
};

class Model {
 public:
  Model(const ScoreRequest& r, const EvOptions& o, const EvVisible& v) : r_(r), o_(o) {
    players_ = r.players;
    closed_ = true;
    std::array<int, kind_count> outside{};
    for (std::size_t i = 0; i < r.meld_count; ++i) {
      const Meld& m = r.melds[i];
      closed_ = closed_ && !m.is_open();
      for (int t = 0; t < m.size(); ++t)
        ++outside[static_cast<std::size_t>(m.tile.kind() + (m.type == MeldType::chi ? t : 0))];
      if (m.red) ++red_out_[static_cast<std::size_t>(m.tile.kind() / 9)];
    }
    for (std::size_t i = 0; i < r.dora_count; ++i) ++outside[static_cast<std::size_t>(r.dora[i].kind())];
    outside[30] += r.nuki;
    for (int s = 0; s < 3; ++s) red_out_[static_cast<std::size_t>(s)] += v.red[static_cast<std::size_t>(s)];
    for (int k = 0; k < kind_count; ++k) {
      const bool exists = players_ == Players::four || k == 0 || k >= 8;
      start_.c[static_cast<std::size_t>(k)] = r.hand.count(Tile(k));
      wall_[static_cast<std::size_t>(k)] = (exists ? 4 : 0) - r.hand.count(Tile(k)) -
                                           outside[static_cast<std::size_t>(k)] - v.counts[static_cast<std::size_t>(k)];
      s_ += wall_[static_cast<std::size_t>(k)];
    }
    if (o.red) {
      for (int s = 0; s < 3; ++s) {
        const int five = 9 * s + 4;
        if (players_ == Players::three && s == 0) continue;
        const int held = r.hand.red_fives[static_cast<std::size_t>(s)];
        start_.c[static_cast<std::size_t>(34 + s)] = held;
        start_.c[static_cast<std::size_t>(five)] -= held;
        // The red five is in the wall unless seen; if no five of the suit is left, it is not.
        const int red_in_wall =
            std::min(1 - held - red_out_[static_cast<std::size_t>(s)], wall_[static_cast<std::size_t>(five)]);
        wall_[static_cast<std::size_t>(34 + s)] = red_in_wall;
        wall_[static_cast<std::size_t>(five)] -= red_in_wall;
      }
    }
    start_shanten_ = shanten_of(start_);
    const int tiles = r.hand.tiles;
    from_draw_ = tiles % 3 == 1;
  }

  EvAnswer answer() {
    EvAnswer a;
    a.shanten = static_cast<std::int8_t>(start_shanten_);
    a.wall = s_;
    for (int k = 0; k < kind_count; ++k) {
      int w = wall_[static_cast<std::size_t>(k)];
      if (k < 27 && k % 9 == 4) w += wall_[static_cast<std::size_t>(34 + k / 9)];
      a.wall_counts[static_cast<std::size_t>(k)] = static_cast<std::uint8_t>(w);
    }
    std::vector<std::pair<State, EvDiscard>> entries;
    if (from_draw_) {
      visit_draw(start_);
      EvDiscard d;
      entries.push_back({start_, d});
    } else {
      visit_discard(start_);
      const int sh = shanten_of(start_);
      for (int kind = 0; kind < kind_count; ++kind) {
        for (int k : {kind, kind < 27 && kind % 9 == 4 ? 34 + kind / 9 : -1}) {
          if (k < 0 || start_.c[static_cast<std::size_t>(k)] == 0) continue;
          State x = start_;
          --x.c[static_cast<std::size_t>(k)];
          const bool keeps = shanten_of(x) == sh;
          x.riichi = closed_ && sh == 0 && keeps;
          if (!draws_.count(x)) continue;
          EvDiscard d;
          d.has_discard = true;
          d.discard = Tile(kind);
          d.discard_red = k >= 34;
          entries.push_back({x, d});
        }
      }
    }
    a.vertices = draws_.size() + discards_.size();
    for (auto& [x, d] : entries) {
      const Necessary n = ref::necessary_tiles(hand_of(x), players_);
      d.shanten = n.shanten;
      d.necessary = n.tiles;
      for (int t = from_draw_ ? 0 : 1; t <= ev_last_turn; ++t) {
        const Triple v = draw_value(x, t);
        d.tenpai[static_cast<std::size_t>(t)] = v.tenpai;
        d.win[static_cast<std::size_t>(t)] = v.win;
        d.score[static_cast<std::size_t>(t)] = v.score;
      }
      a.discards[a.count++] = d;
    }
    return a;
  }

 private:
  // ---- hands ----
  Hand hand_of(const State& s) const {
    Hand h;
    for (int k = 0; k < n37; ++k) h.add(Tile(plain(k)), s.c[static_cast<std::size_t>(k)]);
    for (int suit = 0; suit < 3; ++suit)
      h.red_fives[static_cast<std::size_t>(suit)] = static_cast<std::uint8_t>(s.c[static_cast<std::size_t>(34 + suit)]);
    return h;
  }
  int shanten_of(const State& s) const { return ref::shanten_forms(hand_of(s), players_).best; }
  int wall_of(const State& s, int k) const {
    return wall_[static_cast<std::size_t>(k)] + start_.c[static_cast<std::size_t>(k)] -
           s.c[static_cast<std::size_t>(k)];
  }
  int dist_of(const State& s) const {
    int d = 0;
    for (int k = 0; k < n37; ++k)
      d += std::max(0, s.c[static_cast<std::size_t>(k)] - start_.c[static_cast<std::size_t>(k)]);
    return d;
  }
  bool widened(const State& s, int shanten, bool option) const {
    return option && !s.riichi && dist_of(s) + shanten < start_shanten_ + o_.extra;
  }
  // The draws a draw vertex follows: (kind, the hand after it).
  std::vector<std::pair<int, State>> draws_of(const State& x) const {
    const Necessary n = ref::necessary_tiles(hand_of(x), players_);
    const bool wide = widened(x, n.shanten, o_.hand_change);
    std::vector<std::pair<int, State>> out;
    for (int k = 0; k < n37; ++k) {
      if (wall_of(x, k) <= 0 || !(wide || n.tiles.contains(Tile(plain(k))))) continue;
      State d = x;
      ++d.c[static_cast<std::size_t>(k)];
      out.push_back({k, d});
    }
    return out;
  }
  // The discards a discard vertex follows: (kind, the hand after it, riichi flag set).
  std::vector<std::pair<int, State>> discards_of(const State& d) const {
    const int sh = shanten_of(d);
    const bool wide = widened(d, sh, o_.shanten_back);
    std::vector<std::pair<int, State>> out;
    for (int k = 0; k < n37; ++k) {
      if (d.c[static_cast<std::size_t>(k)] == 0) continue;
      State x = d;
      --x.c[static_cast<std::size_t>(k)];
      const bool keeps = shanten_of(x) == sh;
      if (!(wide || keeps)) continue;
      x.riichi = d.riichi || (closed_ && sh == 0 && keeps);
      out.push_back({k, x});
    }
    return out;
  }

  // ---- the graph ----
  void visit_draw(const State& x) {
    if (!draws_.insert(x).second) return;
    for (const auto& [k, d] : draws_of(x)) {
      add_edge(x, d, k);
      visit_discard(d);
    }
  }
  void visit_discard(const State& d) {
    if (!discards_.insert(d).second) return;
    for (const auto& [k, x] : discards_of(d)) {
      add_edge(x, d, k);
      visit_draw(x);
    }
  }
  void add_edge(const State& x, const State& d, int k) {
    if (!edge_set_.insert({x, d}).second) return;
    out_[x].push_back({d, k});
    in_[d].push_back(x);
  }

  // ---- values ----
  Triple draw_value(const State& x, int t) {
    const auto key = std::make_pair(x, t);
    if (auto it = draw_memo_.find(key); it != draw_memo_.end()) return it->second;
    const bool tenpai = shanten_of(x) == 0;
    Triple v;
    if (t == ev_last_turn) {
      v.tenpai = tenpai ? 1 : 0;
    } else {
      const Triple next = draw_value(x, t + 1);
      Triple sum;
      for (const auto& [d, k] : out_[x]) {
        const double w = wall_of(x, k);
        const Triple dv = discard_value(d, t + 1);
        const double p = price(d, k);
        const Triple c = p > 0 ? Triple{1, 1, std::max(p, dv.score)} : dv;
        sum.tenpai += w * (c.tenpai - next.tenpai);
        sum.win += w * (c.win - next.win);
        sum.score += w * (c.score - next.score);
      }
      const double left = s_ - t;
      v.tenpai = tenpai ? 1 : next.tenpai + sum.tenpai / left;
      v.win = next.win + sum.win / left;
      v.score = next.score + sum.score / left;
    }
    draw_memo_[key] = v;
    return v;
  }
  Triple discard_value(const State& d, int t) {
    const auto key = std::make_pair(d, t);
    if (auto it = discard_memo_.find(key); it != discard_memo_.end()) return it->second;
    Triple best;
    for (const State& x : in_[d]) {
      const Triple v = draw_value(x, t);
      best.tenpai = std::max(best.tenpai, v.tenpai);
      best.win = std::max(best.win, v.win);
      best.score = std::max(best.score, v.score);
    }
    discard_memo_[key] = best;
    return best;
  }

  // The price of winning on kind k with hand d (0: not complete, or no yaku).
  double price(const State& d, int k) {
    const auto key = std::make_pair(d, k);
    if (auto it = price_memo_.find(key); it != price_memo_.end()) return it->second;
    double p = 0;
    if (ref::is_agari(hand_of(d))) p = price_of_win(d, k);
    price_memo_[key] = p;
    return p;
  }
  double price_of_win(const State& d, int k) const {
    ScoreRequest q = r_;
    q.hand = hand_of(d);
    if (!o_.red) {
      q.hand.red_fives = {};
      for (std::size_t i = 0; i < q.meld_count; ++i) q.melds[i].red = 0;
    }
    q.win = Tile(plain(k));
    q.win_red = k >= 34;
    q.tsumo = true;
    q.riichi = d.riichi ? 1 : 0;
    const Score base = ref::score(q);
    if (!base.complete || (base.han == 0 && base.yakuman == 0)) return 0;
    if (!o_.uradora || !d.riichi || q.dora_count == 0) return base.payments[q.seat];
    // Every multiset of n indicator kinds from the wall at the win, weighted
    // by the ways to draw it (a product of binomials), scored with those
    // indicators as ura.
    std::array<int, kind_count> w{};
    int total = 0;
    for (int kind = 0; kind < kind_count; ++kind) {
      w[static_cast<std::size_t>(kind)] =
          wall_of(d, kind) + (kind < 27 && kind % 9 == 4 ? wall_of(d, 34 + kind / 9) : 0);
      total += w[static_cast<std::size_t>(kind)];
    }
    const int n = q.dora_count;
    const auto choose = [](int a, int b) {
      double c = 1;
      for (int i = 1; i <= b; ++i) c = c * (a - b + i) / i;
      return b < 0 || b > a ? 0.0 : c;
    };
    double sum = 0;
    std::array<int, max_indicators> pick{};
    std::function<void(int, int, double)> each = [&](int from, int placed, double ways) {
      if (placed == n) {
        ScoreRequest u = q;
        u.ura_count = static_cast<std::uint8_t>(n);
        for (int i = 0; i < n; ++i) u.ura[static_cast<std::size_t>(i)] = Tile(pick[static_cast<std::size_t>(i)]);
        sum += ways * ref::score(u).payments[q.seat];
        return;
      }
      for (int kind = from; kind < kind_count; ++kind) {
        const int avail = w[static_cast<std::size_t>(kind)];
        for (int m = 1; m <= avail && placed + m <= n; ++m) {
          for (int i = 0; i < m; ++i) pick[static_cast<std::size_t>(placed + i)] = kind;
          each(kind + 1, placed + m, ways * choose(avail, m));
        }
      }
    };
    each(0, 0, 1.0);
    return sum / choose(total, n);
  }

  const ScoreRequest& r_;
  const EvOptions& o_;
  Players players_ = Players::four;
  bool closed_ = true, from_draw_ = false;
  std::array<int, 3> red_out_{};
  std::array<int, n37> wall_{};
  State start_;
  int s_ = 0, start_shanten_ = 0;
  std::set<State> draws_, discards_;
  std::set<std::pair<State, State>> edge_set_;
  std::map<State, std::vector<std::pair<State, int>>> out_;
  std::map<State, std::vector<State>> in_;
  std::map<std::pair<State, int>, Triple> draw_memo_, discard_memo_;
  std::map<std::pair<State, int>, double> price_memo_;
};

}  // namespace

EvAnswer expected_value(const ScoreRequest& request, const EvOptions& options, const EvVisible& visible) {
  Model m(request, options, visible);
  return m.answer();
}

}  // namespace mjk::ref
