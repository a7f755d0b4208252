// Writes the kernel's shanten tables (layout: kernel/src/shanten_tables.hpp)
// to the file named by its one argument. Run at build time.
//
// For each group shape and each cell (m melds, h heads) it works on every
// count vector of the group (each count 0..4: 5^kinds of them):
//   1. the targets: every multiset of m melds and h heads with at most four
//      of a kind is marked;
//   2. containment, upwards: a vector holds a target if it is one or if it
//      holds one after giving back any single tile;
//   3. cost, downwards: 0 where a target is held, else 1 + the cheapest of
//      the vectors one draw away (a draw that brings the vector closer to
//      the nearest target lowers the distance by exactly one, and no draw
//      lowers it by more).
// Then it keeps the vectors of at most 14 tiles in rank order, with, per
// cell, the kinds whose draw lowers the cost.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <vector>

#include "../src/shanten_tables.hpp"

namespace st = mjk::shanten_tables;

namespace {

struct Group {
  int kinds;
  bool sequences;
  std::size_t size;                             // 5^kinds
  std::vector<std::size_t> pow;                 // place value of each kind (kind 0 lowest)
  std::vector<std::vector<std::uint8_t>> cost;  // [cell][vector]

  int digit(std::size_t v, int i) const { return static_cast<int>(v / pow[static_cast<std::size_t>(i)] % 5); }
};

// Marks every multiset of melds (from meld type `from` on) and heads.
void mark(Group& g, std::vector<int>& target, int from, int melds, std::vector<std::vector<std::uint8_t>>& held) {
  auto index = [&] {
    std::size_t v = 0;
    for (int i = 0; i < g.kinds; ++i)
      v += static_cast<std::size_t>(target[static_cast<std::size_t>(i)]) * g.pow[static_cast<std::size_t>(i)];
    return v;
  };
  held[static_cast<std::size_t>(2 * melds)][index()] = 1;
  for (int i = 0; i < g.kinds; ++i) {
    auto& t = target[static_cast<std::size_t>(i)];
    if (t + 2 > 4) continue;
    t += 2;
    held[static_cast<std::size_t>(2 * melds + 1)][index()] = 1;
    t -= 2;
  }
  if (melds == 4) return;
  const int types = g.kinds + (g.sequences ? g.kinds - 2 : 0);
  for (int type = from; type < types; ++type) {
    int k[3];
    if (type < g.kinds) k[0] = k[1] = k[2] = type;
    else k[0] = type - g.kinds, k[1] = k[0] + 1, k[2] = k[0] + 2;
    bool fits = true;
    for (int j : k) fits = ++target[static_cast<std::size_t>(j)] <= 4 && fits;
    if (fits) mark(g, target, type, melds + 1, held);
    for (int j : k) --target[static_cast<std::size_t>(j)];
  }
}

Group build(const st::Shape& shape) {
  Group g{shape.kinds, shape.sequences, 1, {}, {}};
  for (int i = 0; i < shape.kinds; ++i) g.pow.push_back(g.size), g.size *= 5;
  std::vector<std::vector<std::uint8_t>> held(st::cells, std::vector<std::uint8_t>(g.size, 0));
  std::vector<int> target(static_cast<std::size_t>(g.kinds), 0);
  mark(g, target, 0, 0, held);
  g.cost.assign(st::cells, std::vector<std::uint8_t>(g.size, st::inf));
  for (auto cell = 0u; cell < static_cast<unsigned>(st::cells); ++cell) {
    auto& h = held[cell];
    for (std::size_t v = 0; v < g.size; ++v)
      for (int i = 0; i < g.kinds && !h[v]; ++i)
        if (g.digit(v, i) > 0 && h[v - g.pow[static_cast<std::size_t>(i)]]) h[v] = 1;
    auto& c = g.cost[cell];
    for (std::size_t v = g.size; v-- > 0;) {
      if (h[v]) {
        c[v] = 0;
        continue;
      }
      int best = st::inf;
      for (int i = 0; i < g.kinds; ++i)
        if (g.digit(v, i) < 4) best = std::min(best, c[v + g.pow[static_cast<std::size_t>(i)]] + 1);
      c[v] = static_cast<std::uint8_t>(std::min<int>(best, st::inf));
    }
  }
  return g;
}

// Every vector of at most 14 tiles in rank order (lexicographic, kind 0 first).
template <class F>
void each_ranked(const Group& g, int i, int sum, std::size_t v, F& f) {
  if (i == g.kinds) {
    f(v);
    return;
  }
  for (int c = 0; c <= 4 && sum + c <= st::max_tiles; ++c)
    each_ranked(g, i + 1, sum + c, v + static_cast<std::size_t>(c) * g.pow[static_cast<std::size_t>(i)], f);
}

template <class T>
void put(std::vector<unsigned char>& blob, std::size_t at, T value) {
  std::memcpy(blob.data() + at, &value, sizeof value);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s OUTPUT\n", argv[0]);
    return 2;
  }
  const auto& l = st::layout;
  std::vector<unsigned char> blob(l.size, 0);
  std::memcpy(blob.data(), st::magic, sizeof st::magic);
  put<std::uint64_t>(blob, 8, l.size);
  for (std::size_t s = 0; s < st::shapes.size(); ++s) {
    const auto& shape = st::shapes[s];
    for (int i = 0; i < shape.kinds; ++i)
      for (int p = 0; p <= st::max_tiles; ++p)
        for (int c = 0; c < 5; ++c)
          put<std::uint32_t>(blob, l.rank[s] + 4 * static_cast<std::size_t>(i * st::rank_row + p * 5 + c),
                             st::rank_step(shape.kinds, i, p, c));
    const Group g = build(shape);
    std::size_t rank = 0;
    bool ranks_ok = true;
    auto emit = [&](std::size_t v) {
      // The rank the kernel will compute for this vector must be its position.
      std::size_t r = 0;
      int p = 0;
      for (int i = 0; i < g.kinds; ++i) {
        r += st::rank_step(g.kinds, i, p, g.digit(v, i));
        p += g.digit(v, i);
      }
      ranks_ok = ranks_ok && r == rank;
      unsigned char* cost = blob.data() + l.cost[s] + st::cost_stride * rank;
      std::memset(cost, st::inf, st::cost_stride);
      for (std::size_t cell = 0; cell < st::cells; ++cell) {
        const std::uint8_t here = g.cost[cell][v];
        cost[cell] = here;
        std::uint16_t mask = 0;
        for (int i = 0; i < g.kinds; ++i)
          if (g.digit(v, i) < 4 && g.cost[cell][v + g.pow[static_cast<std::size_t>(i)]] < here)
            mask = static_cast<std::uint16_t>(mask | 1u << i);
        put<std::uint16_t>(blob, l.mask[s] + 2 * (st::mask_stride * rank + cell), mask);
      }
      ++rank;
    };
    each_ranked(g, 0, 0, 0, emit);
    if (!ranks_ok || rank != st::entries(shape.kinds)) {
      std::fprintf(stderr, "shanten tables: rank mismatch for shape %zu\n", s);
      return 1;
    }
  }
  std::FILE* out = std::fopen(argv[1], "wb");
  if (!out || std::fwrite(blob.data(), 1, blob.size(), out) != blob.size() || std::fclose(out) != 0) {
    std::fprintf(stderr, "shanten tables: cannot write %s\n", argv[1]);
    return 1;
  }
  return 0;
}
