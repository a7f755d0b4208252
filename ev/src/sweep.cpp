// After the growth: the sweep's edge lists, the turn window of each
// vertex, and the backward sweep over the turns.
//
// A draw vertex at turn t needs its edges' discard vertices at t + 1, a
// discard vertex at t the draw vertices of its edges at t. A vertex's values
// matter only in its turn window: from the first turn an answer needs it to
// the last turn they can be non-zero. A turn computes one range of vertices
// of each kind: those whose windows hold it, and the few between them in
// the growth's order whose windows do not (the growth, breadth first, finds
// the vertices nearly in the order of their first turns). That costs no test
// per vertex, and changes no value an answer reads: a vertex needed at a turn
// reads only vertices needed then (a turn later for a draw), which a vertex
// past its last turn is as zeros (its edges' vertices are zeros too), and a
// vertex not needed yet is read by none, whatever it holds.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "graph.hpp"
#include "search.hpp"

namespace mjk::ev_detail {
namespace {

typedef std::int64_t Lanes __attribute__((vector_size(32)));  // a mask of V4's lanes

constexpr std::uint8_t never = 255;  // a vertex no answer needs: never computed

// The range of vertices each turn computes: from the first to the last
// vertex (in the growth's order) whose window first..last holds the turn;
// found from each window's first and last vertex. Only the windows some
// vertex has are read or written (a bit each): clearing and scanning all
// 361 of them cost about 2,800 instructions a call, as much as the rest of
// a tenpai hand's layout and a sixth of its whole search.
void turn_ranges(const std::uint8_t* first, const std::uint8_t* last, std::size_t n,
                 std::array<Range, ev_turns>& turns) noexcept {
  constexpr std::size_t windows = ev_turns * ev_turns;
  std::array<std::uint32_t, windows> lo, hi;  // of the windows in `used` alone
  std::array<std::uint64_t, (windows + 63) / 64> used{};
  for (std::size_t v = 0; v < n; ++v) {
    if (first[v] > last[v]) continue;  // never needed (`never`), or zeros whenever needed
    const std::size_t window = std::size_t{first[v]} * ev_turns + last[v];
    std::uint64_t& bits = used[window / 64];
    const std::uint64_t bit = std::uint64_t{1} << (window % 64);
    if (!(bits & bit)) {  // its first vertex: the vertices come in order
      bits |= bit;
      lo[window] = static_cast<std::uint32_t>(v);
    }
    hi[window] = static_cast<std::uint32_t>(v + 1);
  }
  std::array<std::uint32_t, ev_turns> b, e{};
  b.fill(~0u);
  for (std::size_t word = 0; word < used.size(); ++word)
    for (std::uint64_t m = used[word]; m; m &= m - 1) {
      const std::size_t window = 64 * word + static_cast<std::size_t>(std::countr_zero(m));
      for (std::size_t t = window / ev_turns; t <= window % ev_turns; ++t) {
        b[t] = std::min(b[t], lo[window]);
        e[t] = std::max(e[t], hi[window]);
      }
    }
  for (std::size_t t = 0; t < ev_turns; ++t) turns[t] = b[t] < e[t] ? Range{b[t], e[t]} : Range{};
}

}  // namespace

// One edge list per draw vertex (its own edges, the extras, then its wins)
// and one per discard vertex (the draw vertices of the edges into it); the
// turn window of each vertex. A draw vertex at turn t needs its edges'
// discard vertices at t + 1, a discard vertex at t the draw vertices of its
// edges at t: from the answer's vertices at the first turn, need(D) =
// min need(X) + 1 and need(X) = min need(D) over the edges (X, D), a
// shortest path where a draw costs a turn and a discard none (a breadth-first
// search by turns).
// And a draw vertex of shanten s holds zeros past turn 18 - s (it cannot be
// tenpai by then), a discard vertex past the last turn of its draw vertices.
void lay_out(EvWorkspace::Impl& w, const std::uint32_t* answers, int count, int first) {
  const std::size_t nx = w.xs.size(), nd = w.ds.size();
  w.extra_count.assign(nx + 1, 0);
  for (const Extra& e : w.extras) ++w.extra_count[e.x + 1];
  w.win_count.assign(nx, 0);
  for (const WinEdge& e : w.wins) w.win_count[e.x] += e.price > 0;
  w.records.resize(nx);
  std::uint32_t at = 0, prices = 0;
  for (std::size_t x = 0; x < nx; ++x) {
    XRecord& r = w.records[x];
    const std::uint32_t wins = w.win_count[x], own = w.own_begin[x + 1] - w.own_begin[x] - wins;
    r.begin = at;
    r.prices = prices;
    r.edges = static_cast<std::uint16_t>(own + w.extra_count[x + 1]);
    r.wins = static_cast<std::uint16_t>(wins);
    r.tenpai = w.tenpai[x];
    r.weight = 0;
    at += r.edges + r.wins;
    prices += wins;
  }
  w.edges.resize(at);
  w.price.resize(prices);
  // Own edges, then (placed below) the extras, then the wins with a yaku (a
  // wait without one is an own edge where it was drawn). Each sum keeps the
  // growth's order.
  std::vector<std::uint32_t>& fill = w.extra_count;  // reused: the next free slot of each vertex's extras
  const WinEdge* win = w.wins.data();                // the waits, in the same order as in `own`
  for (std::size_t x = 0; x < nx; ++x) {
    const XRecord& r = w.records[x];
    std::uint32_t k = r.begin, kw = r.begin + r.edges, p = r.prices;
    int weight = 0;  // of its own edges and wins here, of its extras below
    for (std::uint32_t e = w.own_begin[x]; e < w.own_begin[x + 1]; ++e) {
      const Edge& o = w.own[e];
      weight += o.w;
      if (o.win && (win++)->price > 0) {
        w.edges[kw++] = packed_edge(o.d, o.w);
        w.price[p++] = win[-1].price;
      } else {
        w.edges[k++] = packed_edge(o.d, o.w);
      }
    }
    fill[x] = k;
    w.records[x].weight = static_cast<std::uint16_t>(weight);
  }
  for (const Extra& e : w.extras) {
    const std::uint32_t k = fill[e.x]++;
    w.edges[k] = packed_edge(e.d, e.w);
    w.records[e.x].weight = static_cast<std::uint16_t>(w.records[e.x].weight + e.w);
  }
  // The edges into each discard vertex (a counting sort).
  w.in_begin.assign(nd + 1, 0);
  for (const std::uint32_t e : w.edges) ++w.in_begin[target_of(e) + 1];
  for (std::size_t d = 0; d < nd; ++d) w.in_begin[d + 1] += w.in_begin[d];
  w.in_x.resize(at);
  {
    std::vector<std::uint32_t>& next = w.queue;  // reused as the fill cursor
    next.assign(w.in_begin.begin(), w.in_begin.end() - 1);
    for (std::size_t x = 0; x < nx; ++x) {
      const XRecord& r = w.records[x];
      for (std::uint32_t k = r.begin, end = r.begin + r.edges + r.wins; k < end; ++k)
        w.in_x[next[target_of(w.edges[k])]++] = static_cast<std::uint32_t>(x) << value_shift;
    }
  }

  // Turn windows, by turns: the vertices first needed at turn t are the
  // discard vertices reached from those of t - 1 by a draw, then the draw
  // vertices reached from them (and from the answers) by discards. A vertex
  // is queued once, at its first turn, so the queues hold each vertex at
  // most once: draw vertices in one, discard vertices in the other (in the
  // same array). A vertex no answer needs keeps `never`: it is never computed.
  w.need_d.assign(nd, never);
  w.last_d.assign(nd, 0);
  w.first_x.assign(nx, never);
  w.last_x.resize(nx);
  for (std::size_t x = 0; x < nx; ++x)
    w.last_x[x] = static_cast<std::uint8_t>(ev_last_turn - std::max<int>(w.xs[x].shanten, 0));
  w.queue.resize(nx + nd);
  std::uint32_t* const qx = w.queue.data();       // draw vertices by first turn
  std::uint32_t* const qd = w.queue.data() + nx;  // discard vertices by first turn
  std::size_t xh = 0, xt = 0, dh = 0, dt = 0;
  for (int i = 0; i < count; ++i) {
    if (w.first_x[answers[i]] == never) qx[xt++] = answers[i];
    w.first_x[answers[i]] = static_cast<std::uint8_t>(first);
  }
  for (int t = first; t <= ev_last_turn && (xh < xt || dh < dt); ++t) {
    // The discard vertices of turn t (queued at t - 1): the draw vertices of their edges.
    for (const std::size_t end = dt; dh < end; ++dh) {
      const std::uint32_t d = qd[dh];
      for (std::uint32_t k = w.in_begin[d]; k < w.in_begin[d + 1]; ++k) {
        const std::uint32_t x = w.in_x[k] >> value_shift;
        std::uint8_t& f = w.first_x[x];
        if (f == never) {
          f = static_cast<std::uint8_t>(t);
          qx[xt++] = x;
        }
      }
    }
    // The draw vertices of turn t: their edges' discard vertices, at t + 1;
    // and a discard vertex is the maximum of its draw vertices, so zero past
    // their last turn.
    for (; xh < xt; ++xh) {
      const XRecord& r = w.records[qx[xh]];
      const std::uint8_t last_x = w.last_x[qx[xh]];
      for (std::uint32_t k = r.begin, end = r.begin + r.edges + r.wins; k < end; ++k) {
        const std::uint32_t d = target_of(w.edges[k]);
        w.last_d[d] = std::max(w.last_d[d], last_x);
        if (w.need_d[d] == never && t < ev_last_turn) {
          w.need_d[d] = static_cast<std::uint8_t>(t + 1);
          qd[dt++] = d;
        }
      }
    }
  }
  turn_ranges(w.first_x.data(), w.last_x.data(), nx, w.x_turn);
  turn_ranges(w.need_d.data(), w.last_d.data(), nd, w.d_turn);
  w.xv.assign(nx, Values{});
  w.dv.assign(nd, Values{});
}

// Every turn's values, from the last turn back to `first`; the answer's
// slots copied out at each turn. Each turn: the draw vertices of its range
// from their values and their edges' discard vertices a turn later, then the
// discard vertices of its range as the maximum of their draw vertices (in
// place: the draw vertices have read the discard vertices' later values by then).
MJK_EV_HOT Error sweep(const Setup& s, EvWorkspace::Impl& w, int first, const std::uint32_t* slot_of, int slots,
                       EvAnswer& answer) noexcept {
  const XRecord* records = w.records.data();
  const std::uint32_t* edges = w.edges.data();
  const double* price = w.price.data();
  const std::uint32_t* in_begin = w.in_begin.data();
  const std::uint32_t* in_x = w.in_x.data();
  Values* xv = w.xv.data();
  Values* dv = w.dv.data();
  for (int t = ev_last_turn; t >= first; --t) {
    if (cancelled(s.options)) return Error::cancelled;
    const auto tu = static_cast<std::size_t>(t);
    const Range xr = w.x_turn[tu], dr = w.d_turn[tu];
    const double inv = 1.0 / (s.wall - t);
    if (t == ev_last_turn)
      for (std::uint32_t x = xr.begin; x < xr.end; ++x) xv[x].v = V4{records[x].tenpai ? 1.0 : 0.0, 0, 0, 0};
    // A range's vertices have their edges and prices one after another, so
    // both are walked with running pointers, not indexed from each record.
    const std::uint32_t x0 = t == ev_last_turn ? xr.end : xr.begin;
    const std::uint32_t* e = x0 < xr.end ? edges + records[x0].begin : edges;
    const double* p = x0 < xr.end ? price + records[x0].prices : price;
    for (std::uint32_t x = x0; x < xr.end; ++x) {
      const XRecord& r = records[x];
      V4 v = xv[x].v;
      // Four sums, not one: a single accumulator would chain every edge's
      // multiply-add behind the last.
      V4 a0{}, a1{}, a2{}, a3{};
      for (const std::uint32_t* quads = e + (r.edges & ~3u); e < quads; e += 4) {
        a0 += weight_of(e[0]) * values_at(dv, offset_of(e[0]));
        a1 += weight_of(e[1]) * values_at(dv, offset_of(e[1]));
        a2 += weight_of(e[2]) * values_at(dv, offset_of(e[2]));
        a3 += weight_of(e[3]) * values_at(dv, offset_of(e[3]));
      }
      for (const std::uint32_t* rest = e + (r.edges & 3u); e < rest; ++e)
        a0 += weight_of(*e) * values_at(dv, offset_of(*e));
      for (const double* wins = p + r.wins; p < wins; ++p, ++e) {
        const V4 c = values_at(dv, offset_of(*e));
        a1 += weight_of(*e) * V4{1.0, 1.0, std::max(*p, c[2]), 0};
      }
      v += ((a0 + a1) + (a2 + a3) - static_cast<double>(r.weight) * v) * inv;
      // A tenpai vertex's tenpai is 1, by a blend: a branch on it would be
      // mispredicted as often as tenpai and other vertices alternate.
      const Lanes forced = {-static_cast<std::int64_t>(r.tenpai), 0, 0, 0};
      xv[x].v = forced != 0 ? V4{1.0, 0, 0, 0} : v;
    }
    for (std::uint32_t d = dr.begin; d < dr.end; ++d) {
      V4 m0{}, m1{};  // two maxima: one would chain every edge behind the last
      std::uint32_t k = in_begin[d];
      const std::uint32_t end = in_begin[d + 1];
      for (; k + 2 <= end; k += 2) {
        const V4 v0 = values_at(xv, in_x[k]), v1 = values_at(xv, in_x[k + 1]);
        m0 = m0 > v0 ? m0 : v0;
        m1 = m1 > v1 ? m1 : v1;
      }
      if (k < end) {
        const V4 v0 = values_at(xv, in_x[k]);
        m0 = m0 > v0 ? m0 : v0;
      }
      dv[d].v = m0 > m1 ? m0 : m1;
    }
    for (int i = 0; i < slots; ++i) {
      const V4 v = xv[slot_of[i]].v;
      EvDiscard& out = answer.discards[static_cast<std::size_t>(i)];
      out.tenpai[tu] = v[0];
      out.win[tu] = v[1];
      out.score[tu] = v[2];
    }
    if (s.options.progress && s.options.progress->report)
      s.options.progress->report(s.options.progress->user, w.xs.size() + w.ds.size(), t - first);
  }
  return Error::none;
}


}  // namespace mjk::ev_detail
