// The layout of the kernel's shanten tables: one binary blob written at build
// time by kernel/tools/shanten_tables.cpp and embedded in the library
// (shanten_blob.cpp). Plain integer data, read the same way by every ISA.
// Internal to the kernel.
//
// Three group shapes: a suit (9 kinds, sequences), the honours (7 kinds, no
// sequences) and three-player man (1m and 9m, no sequences). A group's count
// vector (each 0..4, sum <= 14) has a dense rank: its position in the
// lexicographic order of all such vectors (first kind most significant),
//   rank = sum over kinds i of rank_step[i][tiles before i][count of i].
// For each ranked vector and each cell (m melds 0..4, h heads 0..1; cell
// index 2m+h) the blob holds
//   cost: the fewest tiles to draw so that the group holds m melds and h
//         heads, never more than four of a kind (`inf`: impossible);
//   mask: bit i set where kind i is held fewer than four times and drawing it
//         lowers that cost (by one: a draw lowers a cost by at most one).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace mjk::shanten_tables {

inline constexpr int max_tiles = 14;
inline constexpr int cells = 10;         // 2 * melds + heads
inline constexpr int cost_stride = 16;   // bytes per vector; cells 10..15 hold inf
inline constexpr int mask_stride = 10;   // uint16 per vector
inline constexpr std::uint8_t inf = 30;  // impossible cell; four of them still fit a byte

struct Shape {
  int kinds;
  bool sequences;
};
enum ShapeId : int { suit = 0, honour = 1, sanma_man = 2 };
inline constexpr std::array<Shape, 3> shapes = {{{9, true}, {7, false}, {2, false}}};

// vectors[k][s]: count vectors of k kinds (each 0..4) summing to at most s.
inline constexpr auto vectors = [] {
  std::array<std::array<std::uint32_t, max_tiles + 1>, 10> v{};
  for (int s = 0; s <= max_tiles; ++s) v[0][static_cast<std::size_t>(s)] = 1;
  for (std::size_t k = 1; k < 10; ++k)
    for (int s = 0; s <= max_tiles; ++s)
      for (int c = 0; c <= 4 && c <= s; ++c)
        v[k][static_cast<std::size_t>(s)] += v[k - 1][static_cast<std::size_t>(s - c)];
  return v;
}();

inline constexpr std::uint32_t entries(int kinds) { return vectors[static_cast<std::size_t>(kinds)][max_tiles]; }

// rank_step of kind i, with p tiles before it and count c, at [i * 75 + p * 5 + c].
inline constexpr int rank_row = (max_tiles + 1) * 5;
inline constexpr std::uint32_t rank_step(int kinds, int i, int p, int c) {
  std::uint32_t r = 0;
  for (int v = 0; v < c; ++v)
    if (p + v <= max_tiles)
      r += vectors[static_cast<std::size_t>(kinds - 1 - i)][static_cast<std::size_t>(max_tiles - p - v)];
  return r;
}

// The same rank with two lookups instead of one per kind: the steps of the
// first Lo kinds summed in advance for each of their base-5 count indexes,
// and the steps of the others for each (tiles before them, their index).
// 50 KB for a suit, 10 KB for the honours; computed at compile time.
inline constexpr std::size_t pow5(int n) { return n == 0 ? 1 : 5 * pow5(n - 1); }
template <int Kinds, int Lo>
struct SplitRank {
  std::array<std::uint32_t, pow5(Lo)> first{};
  std::array<std::array<std::uint32_t, pow5(Kinds - Lo)>, max_tiles + 1> rest{};
};
// Filled index by index in increasing order: an index's value is that of its
// low digits (already filled) plus the step of its top digit, so that the
// whole table costs a few operations per entry (compilers bound constant
// evaluation: clang at about a million steps).
template <int Kinds, int Lo>
constexpr SplitRank<Kinds, Lo> make_split_rank() {
  std::array<std::uint32_t, Kinds * rank_row> step{};  // rank_step(Kinds, i, p, c) at [i * rank_row + p * 5 + c]
  for (int i = 0; i < Kinds; ++i)
    for (int p = 0; p <= max_tiles; ++p)
      for (int c = 0; c < 5; ++c) step[static_cast<std::size_t>(i * rank_row + p * 5 + c)] = rank_step(Kinds, i, p, c);
  constexpr std::size_t widest = pow5(Lo > Kinds - Lo ? Lo : Kinds - Lo);
  std::array<int, widest> digit_sum{};
  for (std::size_t x = 1; x < widest; ++x) digit_sum[x] = static_cast<int>(x % 5) + digit_sum[x / 5];
  // out[x]: the steps of kinds from..from+n-1 with counts the base-5 digits of
  // x (kind `from` least significant) after p tiles; 0 where the tiles exceed
  // max_tiles (no valid hand: never looked up).
  auto fill = [&](auto& out, int from, int n, int p) {
    out[0] = 0;
    for (std::size_t top = 1, k = 0; k < static_cast<std::size_t>(n); top *= 5, ++k)
      for (std::size_t x = top; x < 5 * top; ++x) {
        const std::size_t low = x % top;
        const int before = p + digit_sum[low], c = static_cast<int>(x / top);
        out[x] =
            before + c > max_tiles
                ? 0
                : out[low] + step[static_cast<std::size_t>((from + static_cast<int>(k)) * rank_row + before * 5 + c)];
      }
  };
  SplitRank<Kinds, Lo> t;
  fill(t.first, 0, Lo, 0);
  for (int p = 0; p <= max_tiles; ++p) fill(t.rest[static_cast<std::size_t>(p)], Lo, Kinds - Lo, p);
  return t;
}
inline constexpr auto suit_rank = make_split_rank<9, 5>();
inline constexpr auto honour_rank = make_split_rank<7, 4>();

// Rank of a count vector from its counts c[0], c[stride], ... (Kinds of them).
template <int Kinds, int Lo>
inline std::uint32_t split_rank(const SplitRank<Kinds, Lo>& t, const std::uint8_t* c, const int* at) noexcept {
  std::size_t u = 0, v = 0;
  int tiles = 0;
  for (int i = Lo - 1; i >= 0; --i) u = 5 * u + c[at[i]], tiles += c[at[i]];
  for (int i = Kinds - 1; i >= Lo; --i) v = 5 * v + c[at[i]];
  return t.first[u] + t.rest[static_cast<std::size_t>(tiles > max_tiles ? max_tiles : tiles)][v];
}

struct Layout {
  std::array<std::size_t, 3> rank, cost, mask;
  std::size_t size;
};
inline constexpr Layout layout = [] {
  Layout l{};
  std::size_t at = 64;  // a header: "MJKSHT1" and the total size
  auto align = [&](std::size_t a) { at = (at + a - 1) / a * a; };
  for (std::size_t s = 0; s < 3; ++s) {
    align(64);
    l.rank[s] = at;
    at += sizeof(std::uint32_t) * static_cast<std::size_t>(shapes[s].kinds * rank_row);
  }
  for (std::size_t s = 0; s < 3; ++s) {
    align(64);
    l.cost[s] = at;
    at += static_cast<std::size_t>(cost_stride) * entries(shapes[s].kinds);
  }
  for (std::size_t s = 0; s < 3; ++s) {
    align(64);
    l.mask[s] = at;
    at += sizeof(std::uint16_t) * static_cast<std::size_t>(mask_stride) * entries(shapes[s].kinds);
  }
  align(64);
  l.size = at;
  return l;
}();

inline constexpr char magic[8] = "MJKSHT1";

}  // namespace mjk::shanten_tables
