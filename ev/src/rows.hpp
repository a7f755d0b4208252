// Shanten of the search's hands from the kernel's per-group tables: the one
// place where the ev layer reads kernel internals (kernel/src/
// shanten_tables.hpp and the embedded table blob).
//
// Why not the public mjk::shanten / necessary_tiles: every vertex of the
// search needs its shanten and a mask (the necessary kinds of a draw vertex,
// the discards that keep the shanten of a discard vertex), and the public
// calls cost 40-50 ns per 13-tile hand, ~12 calls per discard vertex. A
// search's hands differ from the start hand by a few tiles, so they share a
// few hundred distinct suit / honour count vectors: each vector's table row
// (cost per cell, the kinds whose draw lowers a cell, and the held kinds
// whose removal keeps a cell) is read once per search into a GroupRow, and a
// vertex combines its four rows (min-plus, as the kernel does). The tests
// check every vertex's shanten and mask against the public kernel calls.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <vector>

#include "chunks.hpp"
#include "mjk/rules.hpp"
#include "shanten_tables.hpp"

extern "C" __attribute__((visibility("hidden"))) const std::uint32_t mjk_shanten_tables[];

namespace mjk::ev_detail {

// A group's counts packed 3 bits per kind (kind j of the group at bit 3j).
using GroupVec = std::uint32_t;

inline int count_at(GroupVec v, int j) noexcept { return static_cast<int>((v >> (3 * j)) & 7u); }

// One distinct count vector of one group, as a vertex's evaluation reads
// it: one cache line (a vertex reads four rows; its links to its
// neighbours' rows, read only when a vertex is created, are apart).
struct alignas(64) GroupRow {
  std::uint8_t cost[16];   // draws to reach cell 2m+h (m melds, h heads); inf past cell 9
  std::uint16_t draw[10];  // bit j: drawing kind j of the group lowers the cell
  std::uint16_t keep[10];  // bit j: kind j is held and taking one out keeps the cell
  GroupVec vec;
};
static_assert(sizeof(GroupRow) == 64, "GroupRows::max_rows states the rows' bytes");
// A row's links: the row of vec with kind j added / removed.
struct GroupLinks {
  std::int32_t add[9], remove[9];  // -1: not looked up yet
  std::uint16_t unknown[2];        // bit j: add[j] (0) / remove[j] (1) is -1
};
static_assert(sizeof(GroupLinks) == 76, "GroupRows::max_rows states the rows' bytes");

class GroupRows {
 public:
  // Rows depend only on the rules' players, so a workspace keeps them from
  // search to search (a game's searches meet the same vectors again); they
  // are dropped when the players change or past max_rows. Every vector a
  // hand can hold is 1,259,180 rows (405,350 per suit, 43,130 honour ones;
  // three players: 25 for man): kept without a bound, a long-lived thread's
  // workspace would reach 176 MB of rows. At max_rows they are 18 MB (140
  // bytes a row with its links) and their slots at most 4 MB; dropping them costs the next
  // searches their rows again (about 60 a 3-shanten hand, 1-2% of its search).
  static constexpr std::size_t max_rows = std::size_t{1} << 17;
  void reset(Players players) noexcept {
    if (players == players_ && rows_.size() < max_rows) return;
    players_ = players;
    rows_.clear();
    links_.clear();
    for (auto& s : slots_) s.clear();
    used_ = {};
  }
  [[nodiscard]] const GroupRow& operator[](std::int32_t id) const noexcept {
    return rows_[static_cast<std::size_t>(id)];
  }
  [[nodiscard]] std::size_t size() const noexcept { return rows_.size(); }
  [[nodiscard]] std::size_t bytes() const noexcept {
    std::size_t b = rows_.capacity() * sizeof(GroupRow) + links_.capacity() * sizeof(GroupLinks);
    for (const auto& s : slots_) b += s.capacity() * sizeof(std::uint64_t);
    return b;
  }

  // The row of group g's vector v.
  std::int32_t find(int g, GroupVec v) {
    auto& slots = slots_[static_cast<std::size_t>(g)];
    if (slots.empty()) slots.assign(64, empty);
    if (2 * (used_[static_cast<std::size_t>(g)] + 1) > slots.size()) grow(g);
    std::uint64_t& e = slots[probe(slots, v)];
    if (e != empty) return static_cast<std::int32_t>(e >> 32);
    const auto id = static_cast<std::int32_t>(rows_.size());
    rows_.push_back(make(g, v));
    links_.push_back(unlinked);
    e = std::uint64_t{v} | std::uint64_t(static_cast<std::uint32_t>(id)) << 32;
    ++used_[static_cast<std::size_t>(g)];
    return id;
  }
  std::int32_t added(int g, std::int32_t id, int j) {
    GroupLinks& links = links_[static_cast<std::size_t>(id)];  // (never moved: chunks.hpp)
    if (links.add[j] < 0) {
      links.add[j] = find(g, rows_[static_cast<std::size_t>(id)].vec + (1u << (3 * j)));
      links.unknown[0] = static_cast<std::uint16_t>(links.unknown[0] & ~(1u << j));
    }
    return links.add[j];
  }
  std::int32_t removed(int g, std::int32_t id, int j) {
    GroupLinks& links = links_[static_cast<std::size_t>(id)];
    if (links.remove[j] < 0) {
      links.remove[j] = find(g, rows_[static_cast<std::size_t>(id)].vec - (1u << (3 * j)));
      links.unknown[1] = static_cast<std::uint16_t>(links.unknown[1] & ~(1u << j));
    }
    return links.remove[j];
  }

  // The table lines of the rows added() (kinds: bit j, kind j added) or
  // removed() would make for row id, fetched now: a vertex's moves are
  // planned four expansions before they are made, so a new hand's new rows
  // find their lines in cache instead of waiting on them one row after
  // another. Costs a mask test per group where the links are known.
  void prefetch(int g, std::int32_t id, std::uint32_t kinds, bool remove) const noexcept {
    for (std::uint32_t m = kinds & links_[static_cast<std::size_t>(id)].unknown[remove]; m; m &= m - 1) {
      const GroupVec vec = rows_[static_cast<std::size_t>(id)].vec;
      const int j = std::countr_zero(m);
      if (count_at(vec, j) == (remove ? 0 : 4)) continue;  // no such vector
      const std::uint32_t unit = 1u << (3 * j);
      const GroupVec v = remove ? vec - unit : vec + unit;
      if (!has(g, v)) prefetch_lines(shape_of(g), v);
    }
  }

 private:
  static constexpr std::uint64_t empty = ~std::uint64_t{0};
  static std::size_t hash(GroupVec v) noexcept {
    return static_cast<std::size_t>((std::uint64_t{v} * 0x9E3779B97F4A7C15ull) >> 40);
  }

  // The slot of v in slots (not empty, a power of two in size): v's own, or
  // the empty one where it would go.
  static std::size_t probe(const std::vector<std::uint64_t>& slots, GroupVec v) noexcept {
    const std::size_t mask = slots.size() - 1;
    std::size_t i = hash(v) & mask;
    while (slots[i] != empty && static_cast<GroupVec>(slots[i]) != v) i = (i + 1) & mask;
    return i;
  }

  bool has(int g, GroupVec v) const noexcept {
    const auto& slots = slots_[static_cast<std::size_t>(g)];
    return !slots.empty() && slots[probe(slots, v)] != empty;
  }

  void grow(int g) {
    auto& slots = slots_[static_cast<std::size_t>(g)];
    std::vector<std::uint64_t> old(2 * slots.size(), empty);
    old.swap(slots);
    for (std::uint64_t e : old)  // distinct vectors: each probe ends at an empty slot
      if (e != empty) slots[probe(slots, static_cast<GroupVec>(e))] = e;
  }

  int shape_of(int g) const noexcept {
    if (g == 3) return shanten_tables::honour;
    return g == 0 && players_ == Players::three ? shanten_tables::sanma_man : shanten_tables::suit;
  }
  static const std::uint8_t* blob() noexcept { return reinterpret_cast<const std::uint8_t*>(mjk_shanten_tables); }

  // A vector's rank (shanten_tables.hpp) from its split: the base-5 index
  // of the first Lo kinds (kind 0 least significant), the tiles they hold,
  // and the base-5 index of the others. A kind's removal moves one of the
  // two indexes by a power of 5, so the ranks of a row's neighbours cost
  // two loads each, not a decoding of nine counts.
  struct Split {
    std::uint32_t lo = 0, hi = 0;
    int tiles = 0;
  };
  template <int Kinds, int Lo>
  static Split split_of(GroupVec v) noexcept {
    Split s;
    for (int j = Lo - 1; j >= 0; --j) s.lo = 5 * s.lo + static_cast<std::uint32_t>(count_at(v, j));
    for (int j = Kinds - 1; j >= Lo; --j) s.hi = 5 * s.hi + static_cast<std::uint32_t>(count_at(v, j));
    for (int j = 0; j < Lo; ++j) s.tiles += count_at(v, j);
    return s;
  }
  template <int Kinds, int Lo>
  static std::uint32_t rank_at(const shanten_tables::SplitRank<Kinds, Lo>& t, std::uint32_t lo, std::uint32_t hi,
                               int tiles) noexcept {
    return t.first[lo] +
           t.rest[static_cast<std::size_t>(tiles > shanten_tables::max_tiles ? shanten_tables::max_tiles : tiles)][hi];
  }
  // The rank of v (out[9]), and of v less one of kind j for each held j (out[j]).
  template <int Kinds, int Lo>
  static void ranks_split(const shanten_tables::SplitRank<Kinds, Lo>& t, GroupVec v, std::uint32_t* out) noexcept {
    const Split s = split_of<Kinds, Lo>(v);
    out[9] = rank_at(t, s.lo, s.hi, s.tiles);
    std::uint32_t power = 1;
    for (int j = 0; j < Kinds; ++j, power = j == Lo ? 1 : 5 * power) {
      if (count_at(v, j) == 0) continue;
      out[j] = j < Lo ? rank_at(t, s.lo - power, s.hi, s.tiles - 1) : rank_at(t, s.lo, s.hi - power, s.tiles);
    }
  }
  static void ranks(int shape, GroupVec v, std::uint32_t* out) noexcept {
    switch (shape) {
      case shanten_tables::suit: ranks_split(shanten_tables::suit_rank, v, out); return;
      case shanten_tables::honour: ranks_split(shanten_tables::honour_rank, v, out); return;
      default: {  // three-player man: 1m and 9m only
        const std::uint32_t* r = mjk_shanten_tables + shanten_tables::layout.rank[shanten_tables::sanma_man] / 4;
        const auto rank = [r](int one, int nine) { return r[one] + r[shanten_tables::rank_row + 5 * one + nine]; };
        const int one = count_at(v, 0), nine = count_at(v, 8);
        out[9] = rank(one, nine);
        if (one > 0) out[0] = rank(one - 1, nine);
        if (nine > 0) out[8] = rank(one, nine - 1);
      }
    }
  }
  static const std::uint8_t* cost_of(int shape, std::uint32_t rank) noexcept {
    return blob() + shanten_tables::layout.cost[static_cast<std::size_t>(shape)] +
           static_cast<std::size_t>(rank) * shanten_tables::cost_stride;
  }
  static const std::uint8_t* masks_of(int shape, std::uint32_t rank) noexcept {
    return blob() + shanten_tables::layout.mask[static_cast<std::size_t>(shape)] +
           2 * static_cast<std::size_t>(rank) * shanten_tables::mask_stride;
  }

  // The table lines a new row of v reads: its cost and masks, and its
  // held kinds' neighbours' costs (their ranks in rank[]).
  static void prefetch_lines(int shape, GroupVec v, std::uint32_t* rank) noexcept {
    ranks(shape, v, rank);
    const std::uint8_t* masks = masks_of(shape, rank[9]);
    __builtin_prefetch(masks);
    __builtin_prefetch(masks + 2 * shanten_tables::mask_stride - 1);
    __builtin_prefetch(cost_of(shape, rank[9]));
    for (int j = 0; j < 9; ++j)
      if (count_at(v, j) != 0) __builtin_prefetch(cost_of(shape, rank[j]));
  }
  static void prefetch_lines(int shape, GroupVec v) noexcept {
    std::uint32_t rank[10]{};
    prefetch_lines(shape, v, rank);
  }

  // A new row: its rank and its neighbours' first, their table lines
  // fetched together (the blob is 15 MB: a new vector's lines are rarely in
  // cache, and fetched one by one they would cost a miss each in turn),
  // then the cells compared 16 at a time.
  GroupRow make(int g, GroupVec v) const noexcept {
    GroupRow row{};
    row.vec = v;
    const int shape = shape_of(g);
    std::uint32_t rank[10];
    prefetch_lines(shape, v, rank);
    const std::uint8_t* masks = masks_of(shape, rank[9]);
    std::memcpy(row.cost, cost_of(shape, rank[9]), 16);
    std::memcpy(row.draw, masks, sizeof row.draw);
    // The table's masks of three-player man number its two kinds 0 and 1: they are 1m and 9m.
    if (shape == shanten_tables::sanma_man)
      for (auto& m : row.draw) m = static_cast<std::uint16_t>((m & 1u) | ((m >> 1) & 1u) << 8);
    typedef std::int8_t Bytes __attribute__((vector_size(16)));
    typedef std::int16_t Words __attribute__((vector_size(32)));
    Bytes own;
    std::memcpy(&own, row.cost, 16);
    Words keep{};
    for (int j = 0; j < 9; ++j) {
      if (count_at(v, j) == 0) continue;
      Bytes less;
      std::memcpy(&less, cost_of(shape, rank[j]), 16);
      // -1 per cell where taking one of kind j out keeps the cost, widened
      // to 16 bits: bit j of keep.
      keep |= __builtin_convertvector(less == own, Words) & static_cast<std::int16_t>(1 << j);
    }
    for (int cell = 0; cell < shanten_tables::cells; ++cell) row.keep[cell] = static_cast<std::uint16_t>(keep[cell]);
    return row;
  }

  Players players_ = Players::four;
  static constexpr GroupLinks unlinked = {
      {-1, -1, -1, -1, -1, -1, -1, -1, -1}, {-1, -1, -1, -1, -1, -1, -1, -1, -1}, {0x1ff, 0x1ff}};
  Chunks<GroupRow> rows_;     // never moved: a row stays where it is while others are added
  Chunks<GroupLinks> links_;  // rows_[id]'s in links_[id]
  std::array<std::vector<std::uint64_t>, 4> slots_;
  std::array<std::size_t, 4> used_{};
};

}  // namespace mjk::ev_detail
