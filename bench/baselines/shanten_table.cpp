#include "shanten_table.hpp"

#include <algorithm>

namespace mjk::baseline {
namespace {

constexpr std::uint8_t unreachable = 15;
constexpr std::uint32_t pow5[10] = {1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1953125};

int digit(std::uint32_t key, int k) { return static_cast<int>(key / pow5[k] % 5); }

// Marks every complete pattern of the group (m melds and h heads, at most
// four of a kind), then spreads the marks to every count vector that contains
// one (ascending keys: H - e_k comes before H), then counts the draws:
// d(H) = 0 if H contains a pattern, else 1 + min over k of d(H + e_k)
// (descending keys: H + e_k comes before H).
std::vector<std::array<std::uint8_t, 10>> build(int n, bool sequences) {
  const std::uint32_t size = pow5[n];
  std::vector<std::array<std::uint8_t, 10>> table(size);
  std::vector<std::uint16_t> contains(size, 0);  // bit 2m+h

  std::array<int, 9> c{};
  auto key_of = [&] {
    std::uint32_t key = 0;
    for (int k = 0; k < n; ++k) key += static_cast<std::uint32_t>(c[static_cast<std::size_t>(k)]) * pow5[k];
    return key;
  };
  // Meld types: triplets 0..n-1, then sequences 0..6.
  auto place = [&](auto&& self, int from, int melds) -> void {
    contains[key_of()] |= static_cast<std::uint16_t>(1u << (2 * melds));
    for (int k = 0; k < n; ++k) {
      if (c[static_cast<std::size_t>(k)] + 2 > 4) continue;
      c[static_cast<std::size_t>(k)] += 2;
      contains[key_of()] |= static_cast<std::uint16_t>(1u << (2 * melds + 1));
      c[static_cast<std::size_t>(k)] -= 2;
    }
    if (melds == 4) return;
    for (int t = from; t < n + (sequences ? 7 : 0); ++t) {
      const int first = t < n ? t : t - n, step = t < n ? 0 : 1;
      bool fits = true;
      for (int i = 0; i < 3; ++i) fits = ++c[static_cast<std::size_t>(first + i * step)] <= 4 && fits;
      if (fits) self(self, t, melds + 1);
      for (int i = 0; i < 3; ++i) --c[static_cast<std::size_t>(first + i * step)];
    }
  };
  place(place, 0, 0);

  for (std::uint32_t key = 0; key < size; ++key)
    for (int k = 0; k < n; ++k)
      if (digit(key, k) > 0) contains[key] |= contains[key - pow5[k]];

  for (std::uint32_t key = size; key-- > 0;) {
    auto& e = table[key];
    for (int i = 0; i < 10; ++i) e[static_cast<std::size_t>(i)] = (contains[key] >> i) & 1 ? 0 : unreachable;
    for (int k = 0; k < n; ++k) {
      if (digit(key, k) == 4) continue;
      const auto& more = table[key + pow5[k]];
      for (std::size_t i = 0; i < 10; ++i)
        e[i] = std::min<std::uint8_t>(e[i], static_cast<std::uint8_t>(std::min<int>(unreachable, more[i] + 1)));
    }
  }
  return table;
}

}  // namespace

ShantenTable::ShantenTable() : suit_(build(9, true)), honour_(build(7, false)) {}

ShantenForms ShantenTable::shanten(const Hand& hand) const noexcept {
  const Entry* e[4];
  for (int g = 0; g < 4; ++g) {
    std::uint32_t key = 0;
    const int n = g == 3 ? 7 : 9;
    for (int k = 0; k < n; ++k)
      key += static_cast<std::uint32_t>(hand.slots[static_cast<std::size_t>(Tile(g * 9 + k).slot())]) * pow5[k];
    e[g] = g == 3 ? &honour_[key] : &suit_[key];
  }
  // Min-plus over the groups: best[2m+h] for the groups so far; the last step only for the answer.
  std::array<int, 10> best{};
  for (std::size_t i = 0; i < 10; ++i) best[i] = (*e[0])[i];
  for (int g = 1; g < 3; ++g) {
    std::array<int, 10> next{};
    next.fill(99);
    for (int m1 = 0; m1 < 5; ++m1)
      for (int h1 = 0; h1 < 2; ++h1)
        for (int m2 = 0; m1 + m2 < 5; ++m2)
          for (int h2 = 0; h1 + h2 < 2; ++h2) {
            int& cell = next[static_cast<std::size_t>(2 * (m1 + m2) + h1 + h2)];
            cell = std::min(
                cell, best[static_cast<std::size_t>(2 * m1 + h1)] + (*e[g])[static_cast<std::size_t>(2 * m2 + h2)]);
          }
    best = next;
  }
  const int melds = hand.tiles / 3;
  int standard = 99;
  for (int m = 0; m <= melds; ++m)
    for (int h = 0; h < 2; ++h)
      standard = std::min(standard, best[static_cast<std::size_t>(2 * m + h)] +
                                        (*e[3])[static_cast<std::size_t>(2 * (melds - m) + 1 - h)]);
  ShantenForms s;
  s.standard = static_cast<std::int8_t>(standard - 1);
  s.best = s.standard;
  if (hand.tiles >= 13) {
    int pairs = 0, kinds = 0, orphans = 0;
    bool orphan_pair = false;
    for (int k = 0; k < kind_count; ++k) {
      const int c = hand.count(Tile(k));
      pairs += c >= 2;
      kinds += c >= 1;
      if (Tile(k).is_terminal_or_honour()) {
        orphans += c >= 1;
        orphan_pair = orphan_pair || c >= 2;
      }
    }
    s.chiitoi = static_cast<std::int8_t>(6 - pairs + std::max(0, 7 - kinds));
    s.kokushi = static_cast<std::int8_t>(13 - orphans - (orphan_pair ? 1 : 0));
    s.best = std::min({s.standard, s.chiitoi, s.kokushi});
  }
  return s;
}

}  // namespace mjk::baseline
