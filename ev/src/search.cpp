// The search: the graph of hands reachable under EV.md's rules, memoised in
// an open-addressing table, then one backward sweep over the turns.
//
// Vertices: draw vertices (3k+1 tiles, the hand waiting for its draw) and
// discard vertices (3k+2 tiles), each a hand and a riichi flag (Key). A
// vertex is evaluated once, when it is created: its shanten and a mask (the
// necessary kinds of a draw vertex, the discards that keep the shanten of
// a discard vertex) from its four group rows (rows.hpp).
//
// Edges: (X, D) with D = X + one tile k, weight = k's copies in X's wall.
// An edge exists when X follows the draw of k, or when D follows the
// discard of k and lands on X (the same edge read the other way: EV.md's
// model, as mahjong-cpp's graph shares one edge list between a draw
// vertex's draws and a discard vertex's discards). A discard vertex's value
// is the maximum over every edge into it, a draw vertex's value sums over
// every edge out of it. Each edge is stored once, on its draw vertex: the
// ones X follows itself when X is expanded (so they lie in X's order), the
// others ("extras") when their discard vertex is expanded; a discard that
// lands on a vertex which follows that draw itself is the same edge and is
// not stored twice.
//
// The sweep: for t = 18 down to the first turn, every draw vertex's value
// at t from its own value at t+1 and its edges' discard vertices at t+1,
// then every discard vertex's value at t as the maximum of the draw
// vertices of its edges at t (read through a second edge list, by discard
// vertex), each vertex only in its turn window (sweep.cpp: the layout, the
// windows and the sweep). One layer of values per vertex is kept; the
// answer's vertices are copied out at each turn.
#include <algorithm>
#include <bit>
#include <cstring>
#include <new>
#include <utility>

#include "mjk/analysis.hpp"
#include "mjk/hand.hpp"
#include "evaluate-inl.hpp"
#include "graph.hpp"
#include "search.hpp"


namespace mjk {

EvWorkspace::EvWorkspace() : impl_(std::make_unique<Impl>()) {}
EvWorkspace::~EvWorkspace() = default;
EvWorkspace::EvWorkspace(EvWorkspace&&) noexcept = default;
EvWorkspace& EvWorkspace::operator=(EvWorkspace&&) noexcept = default;
std::size_t EvWorkspace::bytes() const noexcept { return impl_ ? impl_->bytes() : 0; }
void EvWorkspace::trim(std::size_t keep) noexcept {
  if (bytes() <= keep) return;
  ev_detail::GroupRows rows = std::move(impl_->rows);
  impl_.reset();
  try {
    impl_ = std::make_unique<Impl>();
    impl_->rows = std::move(rows);
  } catch (const std::bad_alloc&) {  // the rows go too; impl() makes the next one
  }
}
EvWorkspace::Impl& EvWorkspace::impl() {
  if (!impl_) impl_ = std::make_unique<Impl>();
  return *impl_;
}

}  // namespace mjk

namespace mjk::ev_detail {
namespace {

// Random values of the 37 kinds' units and of the riichi flag: a hand's
// hash is the sum over its tiles, so a draw or a discard moves it by one add.
struct Zobrist {
  std::array<std::uint64_t, kinds37> unit{};
  std::uint64_t riichi = 0;
};
constexpr Zobrist zobrist = [] {
  Zobrist z;
  std::uint64_t x = 0x2545F4914F6CDD1Dull;
  const auto next = [&x] {  // splitmix64
    x += 0x9E3779B97F4A7C15ull;
    std::uint64_t v = x;
    v = (v ^ (v >> 30)) * 0xBF58476D1CE4E5B9ull;
    v = (v ^ (v >> 27)) * 0x94D049BB133111EBull;
    return v ^ (v >> 31);
  };
  for (auto& u : z.unit) u = next();
  z.riichi = next();
  return z;
}();

// The unit of each of the 37 kinds in a key.
constexpr std::array<Key, kinds37> units = [] {
  std::array<Key, kinds37> u{};
  for (int k = 0; k < kinds37; ++k) u[static_cast<std::size_t>(k)] = unit_of(k);
  return u;
}();

// Where each of the 37 kinds sits in a key, so that a move's copies held
// cost no branch on the kind (a red five, a plain five less its red one,
// another kind): its copies are the field at `shift` of key word `word`
// (lo or hi) under `field`, less the red bit at `red` under `red_mask`.
struct KindAt {
  std::uint8_t kind, group, word, shift, field, red, red_mask;
};
constexpr std::array<KindAt, kinds37> kind_at = [] {
  std::array<KindAt, kinds37> t{};
  for (int k37 = 0; k37 < kinds37; ++k37) {
    const int kind = base_kind(k37), g = group_of(kind), lane_at = 32 * (g & 1);
    KindAt& a = t[static_cast<std::size_t>(k37)];
    a.kind = static_cast<std::uint8_t>(kind);
    a.group = static_cast<std::uint8_t>(g);
    a.word = static_cast<std::uint8_t>(g >= 2);
    a.red = static_cast<std::uint8_t>(lane_at + 27);
    if (k37 >= 34) {  // the red five: its bit alone
      a.shift = a.red;
      a.field = 1;
    } else {
      a.shift = static_cast<std::uint8_t>(lane_at + 3 * (kind - 9 * g));
      a.field = 7;
      a.red_mask = is_five(kind) ? 1 : 0;  // a five's kind counts its plain copies
    }
  }
  return t;
}();
// held_of(k, k37), without a branch.
MJK_EV_INLINE int held_at(const Key& k, int k37) noexcept {
  const KindAt& a = kind_at[static_cast<std::size_t>(k37)];
  const std::uint64_t w = a.word ? k.hi : k.lo;
  return static_cast<int>((w >> a.shift) & a.field) - static_cast<int>((w >> a.red) & a.red_mask);
}

// The kinds of the 37 a hand holds (held_of(k, k37) > 0).
MJK_EV_INLINE std::uint64_t held37(const Key& k) noexcept {
  std::uint64_t out =
      kinds_of_words((k.lo | k.lo >> 1 | k.lo >> 2) & field_words, (k.hi | k.hi >> 1 | k.hi >> 2) & field_words);
  for (int g = 0; g < 3; ++g) {
    const std::uint32_t x = lane(k, g);
    if ((x >> 27) & 1) {
      out |= std::uint64_t{1} << red_kind(g);
      if (((x >> 12) & 7) == 1) out &= ~(std::uint64_t{1} << (9 * g + 4));  // the red five is the only five
    }
  }
  return out;
}

// A move of the search: a kind of the 37 and the hand it leads to.
struct Move {
  int k37;
  Key key;
  std::uint64_t hash;
};

class Builder {
 public:
  Builder(const Setup& s, EvWorkspace::Impl& w) : s_(s), w_(w) {
    draw_tiles_ = s.tiles % 3 == 1 ? s.tiles : s.tiles - 1;
    limit_ = s.shanten + s.options.extra;
    bits_ = w.table_bits;
    for (std::size_t k = 0; k < kinds37; ++k) {
      base_[k] = s.wall0[k] + s.org[k];
      wall0_[k] = s.wall0[k];
    }
  }

  // Creates the root and expands vertices until none is left unexpanded.
  MJK_EV_INLINE Error grow() {
    std::int32_t row[4];
    for (int g = 0; g < 4; ++g) row[g] = w_.rows.find(g, group_vec(s_.start, g));
    std::uint64_t hash = 0;
    for (int k = 0; k < kinds37; ++k)
      hash += zobrist.unit[static_cast<std::size_t>(k)] * static_cast<std::uint64_t>(held_of(s_.start, k));
    root_ = find_or_create({-1, s_.start, hash}, s_.tiles % 3 == 2, row, 0, nullptr);
    std::size_t xi = 0, di = 0;
    std::uint64_t next_report = 1 << 16;
    // Each vertex's moves are planned (and their slots prefetched) four
    // expansions ahead, so the table's cache misses of the next vertices
    // overlap the work on this one (two ahead: 3% slower on the bench's
    // 3-shanten option set, six or eight: no faster). Expanding discard
    // vertices creates draw vertices only and the other way round, so the
    // next vertices of a phase are known before this one is expanded.
    constexpr std::size_t ahead = 4, ring = 2 * ahead;  // more than the ahead + 1 plans live at once
    Plan plans[ring];
    while (xi < w_.xs.size() || di < w_.ds.size()) {
      for (std::size_t j = di; j < di + ahead && j < w_.ds.size(); ++j)
        plan_discard(static_cast<std::uint32_t>(j), plans[j % ring]);
      while (di < w_.ds.size()) {
        if (di + ahead < w_.ds.size()) plan_discard(static_cast<std::uint32_t>(di + ahead), plans[(di + ahead) % ring]);
        expand_discard(plans[di % ring]);
        ++di;
        if (over_budget()) return Error::too_many_vertices;
        if ((di & poll_every) == 0 && cancelled(s_.options)) return Error::cancelled;
      }
      for (std::size_t j = xi; j < xi + ahead && j < w_.xs.size(); ++j)
        plan_draw(static_cast<std::uint32_t>(j), plans[j % ring]);
      while (xi < w_.xs.size()) {
        if (xi + ahead < w_.xs.size()) plan_draw(static_cast<std::uint32_t>(xi + ahead), plans[(xi + ahead) % ring]);
        expand_draw(plans[xi % ring]);
        ++xi;
        if (over_budget()) return Error::too_many_vertices;
        if ((xi & poll_every) == 0 && cancelled(s_.options)) return Error::cancelled;
      }
      const std::uint64_t v = w_.xs.size() + w_.ds.size();
      if (s_.options.progress && s_.options.progress->report && v >= next_report) {
        s_.options.progress->report(s_.options.progress->user, v, -1);
        next_report = v + (1 << 16);
      }
    }
    w_.own_begin.push_back(static_cast<std::uint32_t>(w_.own.size()));
    return Error::none;
  }

  [[nodiscard]] std::uint32_t root() const noexcept { return root_; }

  // The draw vertex a discard of the root leads to (riichi declared or
  // not), if the search reached it; found as the growth moves to it.
  [[nodiscard]] std::int64_t root_discard(int k37, bool declares) noexcept {
    const Probe p = probe(discard_move(w_.ds[root_], k37, declares), false);
    return p.found ? static_cast<std::int64_t>(p.index) : -1;
  }

 private:
  MJK_EV_INLINE bool over_budget() const noexcept { return w_.xs.size() + w_.ds.size() > s_.options.max_vertices; }
  // The cancel flag is read once per this many + 1 expansions of a kind (a
  // few hundred microseconds of growth): often enough for a prompt stop.
  static constexpr std::size_t poll_every = 4095;
  // The move discarding k37 from n, in riichi after it iff `riichi` (a
  // hand already in riichi stays in it): key and hash moved by one unit.
  MJK_EV_INLINE static Move discard_move(const Node& n, int k37, bool riichi) noexcept {
    const bool was = riichi_of(n.key);
    return {k37, with_riichi(minus(n.key, units[static_cast<std::size_t>(k37)]), riichi),
            n.hash - zobrist.unit[static_cast<std::size_t>(k37)] + (riichi && !was ? zobrist.riichi : 0)};
  }
  [[nodiscard]] MJK_EV_INLINE std::size_t slot_of(std::uint64_t hash) const noexcept {
    return static_cast<std::size_t>(hash >> (64 - bits_));
  }

  [[nodiscard]] MJK_EV_INLINE int wall_of(const Key& k, int k37) const noexcept {
    return base_[static_cast<std::size_t>(k37)] - held_at(k, k37);
  }

  // Twice the slots, in the same buffer when it has them: the vertices are
  // inserted again from their records under a new stamp (the slots of the
  // earlier ones are empty), so the table needs no second buffer and a
  // workspace's table, once as large as its largest search needed, takes
  // no fresh memory again.
  void grow_table() {
    ++bits_;
    const std::size_t size = std::size_t{1} << bits_, mask = size - 1;
    if (w_.table.size() < size) {
      w_.table = std::vector<Slot>(size);
    } else {  // the new half cleared (no stamp needs it): its lines in cache before the scattered writes
      std::fill(w_.table.begin() + static_cast<std::ptrdiff_t>(size / 2),
                w_.table.begin() + static_cast<std::ptrdiff_t>(size), Slot{});
    }
    const std::uint32_t stamp = ++w_.search;
    const auto insert = [&](const Node& n, std::uint32_t ref) {
      std::size_t i = slot_of(n.hash);
      while (w_.table[i].search == stamp) i = (i + 1) & mask;
      w_.table[i] = Slot{n.key, ref, stamp};
    };
    for (std::size_t x = 0; x < w_.xs.size(); ++x) insert(w_.xs[x], static_cast<std::uint32_t>(x));
    for (std::size_t d = 0; d < w_.ds.size(); ++d) insert(w_.ds[d], static_cast<std::uint32_t>(d) | discard_bit);
    w_.table_bits = bits_;
  }

  // The slot of m.key: the vertex there (found), or the free slot where it goes.
  struct Probe {
    bool found;
    std::uint32_t index;  // the vertex, or the slot
  };
  MJK_EV_INLINE Probe probe(const Move& m, bool discard) noexcept {
    const std::size_t mask = (std::size_t{1} << bits_) - 1;
    const std::uint32_t kind_bit = discard ? discard_bit : 0u;
    for (std::size_t i = slot_of(m.hash);; i = (i + 1) & mask) {
      const Slot& e = w_.table[i];
      if (e.search != w_.search) return {false, static_cast<std::uint32_t>(i)};
      if (e.key == m.key && (e.ref & discard_bit) == kind_bit) return {true, e.ref & ~discard_bit};
    }
  }
  // The vertex follows every draw (hand change) or every discard (shanten back).
  [[nodiscard]] MJK_EV_INLINE bool widens(bool discard, bool riichi, int dist, int shanten) const noexcept {
    return (discard ? s_.options.shanten_back : s_.options.hand_change) && !riichi && dist + shanten < limit_;
  }
  // A new vertex in a free slot, evaluated (or `known`).
  MJK_EV_INLINE std::uint32_t create(const Move& m, bool discard, std::uint32_t slot, const std::int32_t* row, int dist,
                                     const Eval* known) {
    const int tiles = discard ? draw_tiles_ + 1 : draw_tiles_;
    const Eval e = known ? *known : evaluate(w_.rows, row, m.key, tiles, s_.players);
    const bool widened = widens(discard, riichi_of(m.key), dist, e.shanten);
    const Node n{m.key,  m.hash, {row[0], row[1], row[2], row[3]}, e.mask, e.shanten, static_cast<std::uint8_t>(dist),
                 widened};
    const std::uint32_t kind_bit = discard ? discard_bit : 0u;
    std::uint32_t index;
    if (discard) {
      index = static_cast<std::uint32_t>(w_.ds.size());
      w_.ds.push_back(n);
    } else {
      index = static_cast<std::uint32_t>(w_.xs.size());
      w_.xs.push_back(n);
      w_.tenpai.push_back(e.shanten == 0);
    }
    w_.table[slot] = Slot{m.key, index | kind_bit, w_.search};
    if (2 * ++w_.table_used > std::size_t{1} << bits_) grow_table();
    return index;
  }
  // The vertex of m.key (a discard vertex or a draw vertex), created and
  // evaluated if new; `known` gives its evaluation when the caller knows it.
  MJK_EV_INLINE std::uint32_t find_or_create(const Move& m, bool discard, const std::int32_t* row, int dist,
                                             const Eval* known) {
    const Probe p = probe(m, discard);
    return p.found ? p.index : create(m, discard, p.index, row, dist, known);
  }

  // The kinds of the 37 a draw vertex may draw: widened, every kind; else
  // its necessary kinds, a red five beside its plain five.
  MJK_EV_INLINE static std::uint64_t draw_candidates(const Node& n) noexcept {
    if (n.widened) return (std::uint64_t{1} << kinds37) - 1;
    std::uint64_t m = n.mask;
    for (int suit = 0; suit < 3; ++suit) m |= ((n.mask >> (9 * suit + 4)) & 1) << red_kind(suit);
    return m;
  }

  // The moves first, their table slots prefetched, then each looked up:
  // the probes' cache misses overlap instead of stalling one by one. A slot
  // is 24 bytes, so one in four spans two cache lines: both are fetched
  // (the probe reads the stamp, at the slot's end, first).
  MJK_EV_INLINE void prefetch(const Move* moves, int n) const noexcept {
    for (int i = 0; i < n; ++i) {
      const char* slot = reinterpret_cast<const char*>(&w_.table[slot_of(moves[i].hash)]);
      __builtin_prefetch(slot);
      __builtin_prefetch(slot + sizeof(Slot) - 1);
    }
  }

  // A vertex's moves, computed (and their slots prefetched) before it is expanded.
  struct Plan {
    std::uint32_t index = 0;
    Node n;
    int count = 0;
    std::array<Move, kinds37> moves;
    std::array<int, kinds37> walls;      // the moved kind's copies in the draw vertex's wall
    std::array<bool, kinds37> declares;  // discard vertex: the discard declares riichi
  };

  MJK_EV_INLINE void plan_draw(std::uint32_t x, Plan& p) const noexcept {
    p.index = x;
    // The plan's moves read the vertex itself, not the plan's fresh copy of
    // it: the loads from the copy (the compiler writes it with two unaligned
    // 32-byte stores) held 15% of the growth's profile samples on large
    // graphs, likely waiting on those stores; without them the 3-shanten
    // option set runs 5-10% faster.
    const Node& n = w_.xs[x];
    p.n = n;
    int count = 0;
    for (std::uint64_t m = draw_candidates(n); m; m &= m - 1) {
      const int k37 = std::countr_zero(m);
      const int w = wall_of(n.key, k37);
      if (w <= 0) continue;
      p.walls[static_cast<std::size_t>(count)] = w;
      p.moves[static_cast<std::size_t>(count++)] = {k37, plus(n.key, units[static_cast<std::size_t>(k37)]),
                                                    n.hash + zobrist.unit[static_cast<std::size_t>(k37)]};
    }
    p.count = count;
    prefetch(p.moves.data(), count);
    // Nor their lines (expand_draw): the waits of a tenpai hand that cannot
    // go back (riichi, or no shanten back) make complete hands without rows.
    const bool rowless_waits = n.shanten == 0 && (riichi_of(n.key) || !s_.options.shanten_back);
    prefetch_rows(n, draw_candidates(n) & ~(rowless_waits ? n.mask : 0), false);
  }

  // The table lines of the group rows the moves (kinds: bits of the 37;
  // a red five's row is its plain five's) would make, fetched now
  // (GroupRows::prefetch); nothing where the rows' links are known, as they
  // are once a hand's rows have been met.
  MJK_EV_INLINE void prefetch_rows(const Node& n, std::uint64_t kinds, bool remove) const noexcept {
    for (int g = 0; g < 4; ++g)
      if (const auto m = static_cast<std::uint32_t>((kinds >> (9 * g)) & (g == 3 ? 0x7fu : 0x1ffu)))
        w_.rows.prefetch(g, n.row[g], m, remove);
  }

  MJK_EV_INLINE void expand_draw(const Plan& p) {
    const Node& n = p.n;
    w_.own_begin.push_back(static_cast<std::uint32_t>(w_.own.size()));
    const bool tenpai = n.shanten == 0;
    static constexpr Eval complete{-1, 0};
    for (int i = 0; i < p.count; ++i) {
      const Move& mv = p.moves[static_cast<std::size_t>(i)];
      const int k37 = mv.k37, w = p.walls[static_cast<std::size_t>(i)];
      const KindAt& at = kind_at[static_cast<std::size_t>(k37)];
      const int kind = at.kind;
      const bool wins = tenpai && ((n.mask >> kind) & 1);  // a tenpai hand's wait completes it
      const Probe pr = probe(mv, true);
      std::uint32_t d = pr.index;
      if (!pr.found) {  // its rows and distance only for a new vertex
        const int g = at.group;
        const int dist = n.dist + (w <= wall0_[static_cast<std::size_t>(k37)]);  // w: the wall before the draw
        std::int32_t row[4] = {n.row[0], n.row[1], n.row[2], n.row[3]};
        // A complete hand that is not widened discards nothing: its rows are
        // never read, so a wait's new vector costs no row (a quarter of a
        // new tenpai hand's new rows without options, each a few lines of
        // the kernel's table that no search has read).
        row[g] = wins && !widens(true, riichi_of(mv.key), dist, complete.shanten)
                     ? no_row
                     : w_.rows.added(g, n.row[g], kind - 9 * g);
        d = create(mv, true, pr.index, row, dist, wins ? &complete : nullptr);
      }
      if (wins) w_.wins.push_back({d, p.index, static_cast<std::uint8_t>(k37), 0.0});
      w_.own.push_back({d, static_cast<std::uint8_t>(w), wins});
    }
  }

  MJK_EV_INLINE void plan_discard(std::uint32_t d, Plan& p) const noexcept {
    p.index = d;
    const Node& n = w_.ds[d];  // not the copy (plan_draw says why)
    p.n = n;
    const bool riichi = riichi_of(n.key);
    int count = 0;
    const std::uint64_t held = held37(n.key);
    std::uint64_t keeps37 = n.mask;  // the discards that keep the shanten, a red five beside its plain five
    for (int suit = 0; suit < 3; ++suit) keeps37 |= ((n.mask >> (9 * suit + 4)) & 1) << red_kind(suit);
    const std::uint64_t discards = n.widened ? held : held & keeps37;
    for (std::uint64_t m = discards; m; m &= m - 1) {
      const int k37 = std::countr_zero(m);
      const bool keeps = (keeps37 >> k37) & 1;
      const bool r = riichi || (s_.closed && n.shanten == 0 && keeps);
      p.declares[static_cast<std::size_t>(count)] = r;
      p.walls[static_cast<std::size_t>(count)] = wall_of(n.key, k37) + 1;  // after the discard
      p.moves[static_cast<std::size_t>(count++)] = discard_move(n, k37, r);
    }
    p.count = count;
    prefetch(p.moves.data(), count);
    prefetch_rows(n, discards, true);
  }

  MJK_EV_INLINE void expand_discard(const Plan& p) {
    const std::uint32_t d = p.index;
    const Node& n = p.n;
    const bool riichi = riichi_of(n.key);
    for (int i = 0; i < p.count; ++i) {
      const Move& mv = p.moves[static_cast<std::size_t>(i)];
      const int k37 = mv.k37, w = p.walls[static_cast<std::size_t>(i)];
      const KindAt& at = kind_at[static_cast<std::size_t>(k37)];
      const int kind = at.kind;
      const int dist = n.dist - (w <= wall0_[static_cast<std::size_t>(k37)]);  // w: the wall after the discard
      const Probe pr = probe(mv, false);
      std::uint32_t x = pr.index;
      if (!pr.found) {
        const int g = at.group;
        std::int32_t row[4] = {n.row[0], n.row[1], n.row[2], n.row[3]};
        row[g] = w_.rows.removed(g, n.row[g], kind - 9 * g);
        x = create(mv, false, pr.index, row, dist, nullptr);
      }
      // Does x follow the draw of k37 itself (then this is x's own edge)? From
      // this vertex alone: x = this hand less k37 has this shanten if k37
      // keeps it, one more if not (a complete hand less any tile is tenpai),
      // and x's necessary kinds hold k37 iff its shanten is above this one's.
      if (p.declares[static_cast<std::size_t>(i)] == riichi && w > 0) {
        const bool keeps = (n.mask >> kind) & 1;
        const int x_shanten = n.shanten < 0 ? 0 : n.shanten + !keeps;
        if (widens(false, riichi, dist, x_shanten) || x_shanten > n.shanten) continue;  // x's own edge
      }
      w_.extras.push_back({x, d, static_cast<std::uint32_t>(w)});
    }
  }

  static constexpr std::int32_t no_row = -1;  // a complete hand's group no evaluation reads
  const Setup& s_;
  EvWorkspace::Impl& w_;
  int draw_tiles_ = 0, limit_ = 0;
  int bits_ = 0;  // log2 of the table's slots in use
  // Per kind of the 37: the start wall plus the start hand (a hand's wall
  // is that less what it holds), and the start wall alone: a move's tile is
  // one the start hand did not hold (dist) iff the wall holds no more than
  // the start wall of its kind, the hand without it (held > org iff
  // wall0 + org - (held - 1) <= wall0).
  std::array<int, kinds37> base_{}, wall0_{};
  std::uint32_t root_ = 0;
};

// The wins' prices: the waits drawn into one complete hand (one discard
// vertex: the hand and its riichi flag) are scored together, once for all
// the tiles it is won on (3 to 4 a hand in the bench's searches). Errors:
// cancelled.
Error price_wins(const Setup& s, EvWorkspace::Impl& w) {
  const std::size_t n = w.wins.size();
  // (vertex, index) pairs as integers: sorted without reading the wins again.
  w.win_order.resize(n);
  for (std::size_t i = 0; i < n; ++i) w.win_order[i] = std::uint64_t{w.wins[i].d} << 32 | i;
  std::sort(w.win_order.begin(), w.win_order.end());
  Pricer pricer(s, w.scored);
  std::array<double, kind_count> by_kind{};
  const auto win_at = [&](std::size_t i) -> WinEdge& { return w.wins[static_cast<std::uint32_t>(w.win_order[i])]; };
  for (std::size_t i = 0, hands = 0; i < n; ++hands) {
    if ((hands & 4095) == 4095 && cancelled(s.options)) return Error::cancelled;
    const auto d = static_cast<std::uint32_t>(w.win_order[i] >> 32);
    std::size_t end = i;
    std::uint64_t kinds = 0;
    for (; end < n && w.win_order[end] >> 32 == d; ++end) kinds |= std::uint64_t{1} << base_kind(win_at(end).k37);
    pricer.price_each(w.ds[d].key, kinds, by_kind);
    for (; i < end; ++i) win_at(i).price = by_kind[static_cast<std::size_t>(base_kind(win_at(i).k37))];
  }
  return Error::none;
}

// The graph's growth, compiled for each instruction-set level (the Builder's
// members, the evaluation included, are inlined into each clone).
// Not noexcept: a growth that runs out of memory throws std::bad_alloc up to
// expected_value, which answers out_of_memory.
MJK_EV_HOT Error grow_graph(Builder& b) { return b.grow(); }

}  // namespace

Error search(const Setup& s, EvWorkspace::Impl& w, EvAnswer& answer) {
  w.reset(s.players);
  Builder b(s, w);
  if (const Error e = grow_graph(b); e != Error::none) {
    answer.vertices = w.last_vertices = w.xs.size() + w.ds.size();
    return e;
  }

  // The answer's vertices: each discard of a 14-tile hand the search
  // explored (with riichi declared iff the hand is closed and the discard
  // keeps it tenpai), or the 13-tile hand itself.
  std::array<std::uint32_t, 14> slot_of{};
  int slots = 0;
  const bool from_draw = s.tiles % 3 == 1;
  if (from_draw) {
    slot_of[0] = b.root();
    answer.discards[0] = EvDiscard{};
    slots = 1;
  } else {
    const Node& root = w.ds[b.root()];
    // The kinds held, in kind order (a five's bit stands for its red one too).
    const std::uint64_t held = held37(root.key);
    std::uint64_t kinds = held & ((std::uint64_t{1} << kind_count) - 1);
    for (int suit = 0; suit < 3; ++suit) kinds |= ((held >> red_kind(suit)) & 1) << (9 * suit + 4);
    for (std::uint64_t m = kinds; m; m &= m - 1) {
      const int kind = std::countr_zero(m);
      for (int k37 : {kind, is_five(kind) ? red_kind(kind / 9) : -1}) {
        if (k37 < 0 || ((held >> k37) & 1) == 0) continue;
        const bool keeps = (root.mask >> kind) & 1;
        const bool declares = s.closed && root.shanten == 0 && keeps;
        const std::int64_t x = b.root_discard(k37, declares);
        if (x < 0 || slots == 14) continue;
        EvDiscard& out = answer.discards[static_cast<std::size_t>(slots)];
        out = EvDiscard{};
        out.has_discard = true;
        out.discard = Tile(kind);
        out.discard_red = k37 >= 34;
        slot_of[static_cast<std::size_t>(slots++)] = static_cast<std::uint32_t>(x);
      }
    }
  }
  answer.count = static_cast<std::uint8_t>(slots);
  for (int i = 0; i < slots; ++i) {
    const Node& x = w.xs[slot_of[static_cast<std::size_t>(i)]];
    answer.discards[static_cast<std::size_t>(i)].shanten = x.shanten;
    answer.discards[static_cast<std::size_t>(i)].necessary = TileMask(x.mask);
  }

  if (const Error e = price_wins(s, w); e != Error::none) {
    answer.vertices = w.last_vertices = w.xs.size() + w.ds.size();
    return e;
  }

  // The sweep.
  const std::size_t nx = w.xs.size(), nd = w.ds.size();
  if (nd > target_mask || nx > target_mask) {  // an edge names a vertex in 27 bits (far past any memory)
    answer.vertices = w.last_vertices = nx + nd;
    return Error::too_many_vertices;
  }
  const int first = from_draw ? 0 : 1;
  lay_out(w, slot_of.data(), slots, first);
  w.peak = std::max(w.peak, w.bytes());
  if (const Error e = sweep(s, w, first, slot_of.data(), slots, answer); e != Error::none) {
    answer.vertices = w.last_vertices = nx + nd;
    return e;
  }

  w.last_vertices = nx + nd;
  answer.vertices = nx + nd;
  answer.stats.draw_vertices = nx;
  answer.stats.discard_vertices = nd;
  answer.stats.edges = w.own.size() + w.extras.size();
  answer.stats.wins = w.price.size();
  answer.stats.group_rows = w.rows.size();
  answer.stats.peak_bytes = w.peak;
  return Error::none;
}

}  // namespace mjk::ev_detail
