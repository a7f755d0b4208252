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
#include <cstdint>
#include <cstring>
#include <vector>

#include "mjk/rules.hpp"
#include "shanten_tables.hpp"

extern "C" __attribute__((visibility("hidden"))) const std::uint32_t mjk_shanten_tables[];

namespace mjk::ev_detail {

// A group's counts packed 3 bits per kind (kind j of the group at bit 3j).
using GroupVec = std::uint32_t;

inline int count_at(GroupVec v, int j) noexcept { return static_cast<int>((v >> (3 * j)) & 7u); }

// One distinct count vector of one group, as the search needs it.
struct GroupRow {
  alignas(16) std::uint8_t cost[16];  // draws to reach cell 2m+h (m melds, h heads); inf past cell 9
  std::uint16_t draw[10];             // bit j: drawing kind j of the group lowers the cell
  std::uint16_t keep[10];             // bit j: kind j is held and taking one out keeps the cell
  GroupVec vec;
  std::int32_t add[9], remove[9];  // the row of vec with kind j added / removed; -1: not looked up yet
};

class GroupRows {
 public:
  // Rows depend only on the rules' players, so a workspace keeps them from
  // search to search (a game's searches meet the same vectors again); they
  // are dropped when the players change or past a million rows (128 MB).
  void reset(Players players) noexcept {
    if (players == players_ && rows_.size() < (std::size_t{1} << 20)) return;
    players_ = players;
    rows_.clear();
    for (auto& s : slots_) s.clear();
    used_ = {};
  }
  [[nodiscard]] const GroupRow& operator[](std::int32_t id) const noexcept {
    return rows_[static_cast<std::size_t>(id)];
  }
  [[nodiscard]] std::size_t size() const noexcept { return rows_.size(); }
  [[nodiscard]] std::size_t bytes() const noexcept {
    std::size_t b = rows_.capacity() * sizeof(GroupRow);
    for (const auto& s : slots_) b += s.capacity() * sizeof(std::uint64_t);
    return b;
  }

  // The row of group g's vector v.
  std::int32_t find(int g, GroupVec v) {
    auto& slots = slots_[static_cast<std::size_t>(g)];
    if (slots.empty()) slots.assign(64, empty);
    if (2 * (used_[static_cast<std::size_t>(g)] + 1) > slots.size()) grow(g);
    const std::size_t mask = slots.size() - 1;
    for (std::size_t i = hash(v) & mask;; i = (i + 1) & mask) {
      const std::uint64_t e = slots[i];
      if (e == empty) {
        const auto id = static_cast<std::int32_t>(rows_.size());
        rows_.push_back(make(g, v));
        slots[i] = std::uint64_t{v} | std::uint64_t(static_cast<std::uint32_t>(id)) << 32;
        ++used_[static_cast<std::size_t>(g)];
        return id;
      }
      if (static_cast<GroupVec>(e) == v) return static_cast<std::int32_t>(e >> 32);
    }
  }
  std::int32_t added(int g, std::int32_t id, int j) {
    std::int32_t& next = rows_[static_cast<std::size_t>(id)].add[j];
    if (next < 0) {
      const std::int32_t found = find(g, rows_[static_cast<std::size_t>(id)].vec + (1u << (3 * j)));
      rows_[static_cast<std::size_t>(id)].add[j] = found;  // (find may have moved rows_)
      return found;
    }
    return next;
  }
  std::int32_t removed(int g, std::int32_t id, int j) {
    std::int32_t& next = rows_[static_cast<std::size_t>(id)].remove[j];
    if (next < 0) {
      const std::int32_t found = find(g, rows_[static_cast<std::size_t>(id)].vec - (1u << (3 * j)));
      rows_[static_cast<std::size_t>(id)].remove[j] = found;
      return found;
    }
    return next;
  }

 private:
  static constexpr std::uint64_t empty = ~std::uint64_t{0};
  static std::size_t hash(GroupVec v) noexcept {
    return static_cast<std::size_t>((std::uint64_t{v} * 0x9E3779B97F4A7C15ull) >> 40);
  }

  void grow(int g) {
    auto& slots = slots_[static_cast<std::size_t>(g)];
    std::vector<std::uint64_t> old(2 * slots.size(), empty);
    old.swap(slots);
    const std::size_t mask = slots.size() - 1;
    for (std::uint64_t e : old) {
      if (e == empty) continue;
      std::size_t i = hash(static_cast<GroupVec>(e)) & mask;
      while (slots[i] != empty) i = (i + 1) & mask;
      slots[i] = e;
    }
  }

  int shape_of(int g) const noexcept {
    if (g == 3) return shanten_tables::honour;
    return g == 0 && players_ == Players::three ? shanten_tables::sanma_man : shanten_tables::suit;
  }
  static const std::uint8_t* blob() noexcept { return reinterpret_cast<const std::uint8_t*>(mjk_shanten_tables); }

  static std::uint32_t rank_of(int shape, GroupVec v) noexcept {
    std::uint8_t c[9];
    for (int j = 0; j < 9; ++j) c[j] = static_cast<std::uint8_t>(count_at(v, j));
    static constexpr int in_order[9] = {0, 1, 2, 3, 4, 5, 6, 7, 8};
    switch (shape) {
      case shanten_tables::suit: return shanten_tables::split_rank(shanten_tables::suit_rank, c, in_order);
      case shanten_tables::honour: return shanten_tables::split_rank(shanten_tables::honour_rank, c, in_order);
      default: {  // three-player man: 1m and 9m only
        const std::uint32_t* r = mjk_shanten_tables + shanten_tables::layout.rank[shanten_tables::sanma_man] / 4;
        return r[c[0]] + r[shanten_tables::rank_row + 5 * c[0] + c[8]];
      }
    }
  }
  static const std::uint8_t* cost_of(int shape, std::uint32_t rank) noexcept {
    return blob() + shanten_tables::layout.cost[static_cast<std::size_t>(shape)] +
           static_cast<std::size_t>(rank) * shanten_tables::cost_stride;
  }
  // The table's mask of a cell, as bits of the group's kinds (three-player
  // man numbers its two kinds 0 and 1: they are 1m and 9m).
  static std::uint16_t draw_of(int shape, std::uint32_t rank, int cell) noexcept {
    std::uint16_t m;
    std::memcpy(&m,
                blob() + shanten_tables::layout.mask[static_cast<std::size_t>(shape)] +
                    2 * (static_cast<std::size_t>(rank) * shanten_tables::mask_stride + static_cast<std::size_t>(cell)),
                2);
    if (shape == shanten_tables::sanma_man) m = static_cast<std::uint16_t>((m & 1u) | ((m >> 1) & 1u) << 8);
    return m;
  }

  GroupRow make(int g, GroupVec v) const noexcept {
    GroupRow row{};
    row.vec = v;
    const int shape = shape_of(g);
    const std::uint32_t rank = rank_of(shape, v);
    std::memcpy(row.cost, cost_of(shape, rank), 16);
    for (int cell = 0; cell < shanten_tables::cells; ++cell) row.draw[cell] = draw_of(shape, rank, cell);
    for (int j = 0; j < 9; ++j) {
      row.add[j] = row.remove[j] = -1;
      if (count_at(v, j) == 0) continue;
      const std::uint8_t* less = cost_of(shape, rank_of(shape, v - (1u << (3 * j))));
      for (int cell = 0; cell < shanten_tables::cells; ++cell)
        if (less[cell] == row.cost[cell]) row.keep[cell] = static_cast<std::uint16_t>(row.keep[cell] | 1u << j);
    }
    return row;
  }

  Players players_ = Players::four;
  std::vector<GroupRow> rows_;
  std::array<std::vector<std::uint64_t>, 4> slots_;
  std::array<std::size_t, 4> used_{};
};

}  // namespace mjk::ev_detail
