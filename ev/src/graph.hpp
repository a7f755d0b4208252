// The graph's records and the workspace that holds them between searches
// (EvWorkspace::Impl): shared by the search (search.cpp: the growth;
// sweep.cpp: the layout, the turn windows and the sweep) and the check of
// its vertices against the kernel (verify.cpp).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "chunks.hpp"
#include "search.hpp"

// The hot parts (the growth with the vertices' evaluation, the sweep) are
// compiled for four x86-64 levels and chosen at load time: the min-plus
// shuffles need SSSE3's pshufb and the tallies POPCNT, which the baseline
// x86-64 lacks; AVX-512 (v4) gives 32 vector registers, where the AVX2
// build of the min-plus spills to the stack (4-6% less time on Zen 4 by
// alternated runs, the same values).
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(MJK_EV_NO_CLONES)
#define MJK_EV_HOT __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "arch=x86-64-v2", "default")))
#else
#define MJK_EV_HOT
#endif
// What the hot functions call is inlined into each of their clones, so it is
// compiled for that clone's instruction set too (MJK_EV_INLINE, evaluate-inl.hpp).

namespace mjk::ev_detail {

// The caller's cancel flag, if any, is set (a relaxed read: the flag only
// asks the search to stop, it orders nothing else).
inline bool cancelled(const EvOptions& o) noexcept {
  return o.cancel != nullptr && o.cancel->load(std::memory_order_relaxed);
}

struct Node {
  Key key;
  std::uint64_t hash;   // additive: the sum of the tiles' and the riichi flag's random values
  std::int32_t row[4];  // group rows (-1 for a complete hand that discards nothing: never read)
  std::uint64_t mask;   // Eval::mask
  std::int8_t shanten;  // -1: a complete discard vertex
  std::uint8_t dist;    // tiles held that the start hand did not hold (red fives apart)
  bool widened;         // hand change (draw vertex) / shanten back (discard vertex) applies
};

struct Edge {
  std::uint32_t d;  // discard vertex
  std::uint8_t w;   // the drawn kind's copies in the draw vertex's wall
  bool win;         // a tenpai hand's wait: its entry in `wins` prices it
};
// A wait drawn (d complete), priced after the growth: each complete hand
// once for all the tiles it is won on (search.cpp).
struct WinEdge {
  std::uint32_t d, x;
  std::uint8_t k37;
  double price;  // the win's expected income (> 0: a win with a yaku; else the edge is an ordinary one)
};
struct Extra {
  std::uint32_t x, d, w;
};

// A draw vertex as the sweep reads it (16 bytes, one load per vertex and
// turn; the sweep tests no window per vertex, so a record holds none).
struct XRecord {
  std::uint32_t begin = 0;   // its edges in `edges`
  std::uint32_t prices = 0;  // its wins' prices in `price`
  std::uint16_t edges = 0;   // edges that are not wins (own and extra)
  std::uint16_t wins = 0;    // edges that are wins, after them
  std::uint16_t weight = 0;  // the sum of its edges' weights
  std::uint8_t tenpai = 0;
};
// A slot of the vertex table: the key itself (one cache line per probe),
// the vertex (discard_bit | index), and the search that wrote it: a slot of
// an earlier search is empty, so the table is not cleared between searches.
struct Slot {
  Key key;
  std::uint32_t ref = 0;
  std::uint32_t search = 0;
};

typedef double V4 __attribute__((vector_size(32)));  // tenpai, win, score, (unused)
// Values in a vector: a class keeps its alignment as a template argument (a
// vector typedef's attribute is dropped there, and AVX loads need 32 bytes).
struct alignas(32) Values {
  V4 v;
};

constexpr std::uint32_t discard_bit = 0x80000000u;

// An edge as the sweep reads it: its discard vertex as the byte offset of
// its values (the vertex times 32), and its weight (the drawn kind's copies
// in the wall, 1-4) in the offset's five low bits, which are free: the sweep
// streams every edge at every turn, so 4 bytes, and the offset and the
// weight come out with one mask each. The draw vertices of a discard
// vertex's edges are byte offsets of their values too.
constexpr int value_shift = 5;                                         // log2 sizeof(Values)
constexpr std::uint32_t target_mask = (1u << (32 - value_shift)) - 1;  // the largest vertex an edge names
inline std::uint32_t packed_edge(std::uint32_t d, std::uint32_t w) noexcept { return d << value_shift | w; }
inline std::uint32_t target_of(std::uint32_t e) noexcept { return e >> value_shift; }
inline std::uint32_t offset_of(std::uint32_t e) noexcept { return e & ~((1u << value_shift) - 1); }
// The weights as doubles, by the low bits: one load, no conversion.
inline constexpr double weight_values[8] = {0, 1, 2, 3, 4, 5, 6, 7};
inline double weight_of(std::uint32_t e) noexcept { return weight_values[e & 7u]; }
static_assert(sizeof(Values) == 1u << value_shift);
// The values at a byte offset.
inline const V4& values_at(const Values* base, std::uint32_t offset) noexcept {
  return reinterpret_cast<const Values*>(reinterpret_cast<const char*>(base) + offset)->v;
}

// The vertices a turn computes: [begin, end) in the growth's order (sweep.cpp).
struct Range {
  std::uint32_t begin = 0, end = 0;
};

}  // namespace mjk::ev_detail

namespace mjk {

struct EvWorkspace::Impl {
  ev_detail::GroupRows rows;
  // The vertices are in chunks (chunks.hpp: no copy, no fresh memory, as they grow).
  ev_detail::Chunks<ev_detail::Node> xs, ds;  // draw and discard vertices
  // The vertex table: its first 2^table_bits slots are in use. It keeps its
  // memory from search to search, and grows in place when it can (search.cpp):
  // fresh memory costs a page fault per 4 KB (chunks.hpp says why that counts).
  std::vector<ev_detail::Slot> table;
  int table_bits = 0;
  std::size_t table_used = 0;
  // Stamps the table's slots (0: never written): a new one for every search
  // and every growth, so the table is never cleared.
  std::uint32_t search = 0;
  std::vector<ev_detail::Edge> own;  // the draws each draw vertex follows, in its order (its waits too)
  std::vector<std::uint32_t> own_begin;
  std::vector<ev_detail::WinEdge> wins;          // the waits drawn, in the growth's order
  std::vector<std::uint64_t> win_order;          // `wins` by discard vertex, for the pricing: vertex << 32 | index
  std::vector<std::uint32_t> win_count;          // per draw vertex: its wins with a yaku
  std::array<Result<Score>, kind_count> scored;  // the pricing's room for a hand's scores (search.hpp's Pricer)
  std::vector<ev_detail::Extra> extras;
  std::vector<std::uint8_t> tenpai;  // per draw vertex
  std::vector<std::uint32_t> extra_count;
  // The sweep's layout: per draw vertex a record, its edges' discard
  // vertices and weights (own and extra edges, then the wins), the wins' prices.
  std::vector<ev_detail::XRecord> records;
  std::vector<std::uint32_t> edges;
  std::vector<double> price;
  std::vector<std::uint32_t> in_begin, in_x;  // per discard vertex: the draw vertices of its edges
  // Turn windows: per vertex the first turn it is needed and the last its
  // values can be non-zero; per turn the vertices computed (sweep.cpp).
  std::vector<std::uint8_t> first_x, last_x, need_d, last_d;
  std::array<ev_detail::Range, ev_turns> x_turn{}, d_turn{};
  std::vector<std::uint32_t> queue;
  std::vector<ev_detail::Values> xv, dv;
  std::size_t peak = 0;
  std::size_t last_vertices = 0;  // of the previous search: sizes the table of the next

  std::size_t bytes() const noexcept {
    auto b = [](const auto& v) { return v.capacity() * sizeof(v[0]); };
    return rows.bytes() + b(xs) + b(ds) + b(table) + b(own) + b(own_begin) + b(wins) + b(win_order) + b(win_count) +
           b(extras) + b(tenpai) + b(extra_count) + b(records) + b(edges) + b(price) + b(in_begin) + b(in_x) +
           b(first_x) + b(last_x) + b(need_d) + b(last_d) + b(queue) + b(xv) + b(dv);
  }
  void reset(Players players) {
    rows.reset(players);
    xs.clear();
    ds.clear();
    // The table's size in use: twice the last search's vertices (most
    // searches of a game or a file are alike), at least 2^12 slots.
    int bits = 12;
    while ((std::size_t{1} << bits) < 2 * last_vertices) ++bits;
    if (search > ~0u - 64) {  // the stamps would wrap (a search and each growth take one): all slots emptied
      table.assign(table.size(), ev_detail::Slot{});
      search = 0;
    }
    const std::size_t slots = std::size_t{1} << bits;
    if (table.size() < slots) {
      table = std::vector<ev_detail::Slot>(slots);
    } else if (table.size() > 4 * slots) {
      // A prefix of a larger search's buffer, its lines long out of cache:
      // cleared (no stamp needs it) to bring them back before the probes,
      // as a new table's zeroing would, without its fresh pages.
      std::fill_n(table.begin(), slots, ev_detail::Slot{});
    }
    table_bits = bits;
    ++search;
    table_used = 0;
    own.clear();
    own_begin.clear();
    wins.clear();
    extras.clear();
    tenpai.clear();
  }
};

}  // namespace mjk

namespace mjk::ev_detail {

// After the growth (sweep.cpp): the edge lists of the sweep, the turn
// window of each vertex and the vertices each turn computes.
void lay_out(EvWorkspace::Impl& w, const std::uint32_t* answers, int count, int first);
// Every turn's values from the last turn back to `first` into the answer's
// `slots` discards (sweep.cpp). Errors: cancelled.
[[nodiscard]] Error sweep(const Setup& s, EvWorkspace::Impl& w, int first, const std::uint32_t* slot_of, int slots,
                          EvAnswer& answer) noexcept;

}  // namespace mjk::ev_detail
