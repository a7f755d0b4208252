#include "suit_table.hpp"

#include <array>
#include <functional>

namespace mjk::baseline {
namespace {

constexpr int max_tiles = 14;

// Completions of positions i.. with at most `budget` tiles, counts 0..4.
std::uint32_t completions(int positions, int i, int budget) {
  if (i == positions) return 1;
  std::uint32_t n = 0;
  for (int c = 0; c <= 4 && c <= budget; ++c) n += completions(positions, i + 1, budget - c);
  return n;
}

bool splits(std::array<int, 9>& c, int n, bool suit, int heads, int from = 0) {
  while (from < n && c[from] == 0) ++from;
  if (from == n) return heads == 0;
  if (heads > 0 && c[from] >= 2) {
    c[from] -= 2;
    const bool ok = splits(c, n, suit, heads - 1, from);
    c[from] += 2;
    if (ok) return true;
  }
  if (c[from] >= 3) {
    c[from] -= 3;
    const bool ok = splits(c, n, suit, heads, from);
    c[from] += 3;
    if (ok) return true;
  }
  if (suit && from + 2 < n && c[from + 1] > 0 && c[from + 2] > 0) {
    --c[from], --c[from + 1], --c[from + 2];
    const bool ok = splits(c, n, suit, heads, from);
    ++c[from], ++c[from + 1], ++c[from + 2];
    if (ok) return true;
  }
  return false;
}

std::uint32_t answers(std::array<int, 9> c, int n, bool suit) {
  std::uint32_t e = 0;
  int sum = 0;
  for (int i = 0; i < n; ++i) sum += c[i];
  if (sum % 3 == 0 && splits(c, n, suit, 0)) e |= 1;
  if (sum % 3 == 2 && splits(c, n, suit, 1)) e |= 2;
  for (int t = 0; t < n && sum < max_tiles; ++t) {
    if (c[t] == 4) continue;
    ++c[t];
    if ((sum + 1) % 3 == 0 && splits(c, n, suit, 0)) e |= 1u << (2 + t);
    if ((sum + 1) % 3 == 2 && splits(c, n, suit, 1)) e |= 1u << (11 + t);
    --c[t];
  }
  return e;
}

}  // namespace

std::uint32_t SuitTable::Ranker::rank(const std::uint8_t* counts) const noexcept {
  std::uint32_t r = 0;
  int budget = max_tiles;
  for (int i = 0; i < positions; ++i) {
    r += offset[static_cast<std::size_t>((i * (max_tiles + 1) + budget) * 5 + counts[i])];
    budget -= counts[i];
  }
  return r;
}

SuitTable::SuitTable() {
  for (auto [ranker, table, n, suit] :
       {std::tuple{&suit_rank_, &suit_, 9, true}, std::tuple{&honour_rank_, &honour_, 7, false}}) {
    ranker->positions = n;
    ranker->offset.assign(static_cast<std::size_t>(n * (max_tiles + 1) * 5), 0);
    for (int i = 0; i < n; ++i)
      for (int budget = 0; budget <= max_tiles; ++budget) {
        std::uint32_t below = 0;
        for (int c = 0; c <= 4; ++c) {
          ranker->offset[static_cast<std::size_t>((i * (max_tiles + 1) + budget) * 5 + c)] = below;
          if (c <= budget) below += completions(n, i + 1, budget - c);
        }
      }
    table->assign(completions(n, 0, max_tiles), 0);
    std::array<int, 9> c{};
    std::function<void(int, int)> fill = [&](int i, int budget) {
      if (i == n) {
        std::array<std::uint8_t, 9> bytes{};
        for (int k = 0; k < n; ++k)
          bytes[static_cast<std::size_t>(k)] = static_cast<std::uint8_t>(c[static_cast<std::size_t>(k)]);
        (*table)[ranker->rank(bytes.data())] = answers(c, n, suit);
        return;
      }
      for (int v = 0; v <= 4 && v <= budget; ++v) {
        c[static_cast<std::size_t>(i)] = v;
        fill(i + 1, budget - v);
      }
      c[static_cast<std::size_t>(i)] = 0;
    };
    fill(0, max_tiles);
  }
}

std::uint32_t SuitTable::entry(const Hand& hand, int group) const noexcept {
  if (group < 3) return suit_[suit_rank_.rank(&hand.slots[static_cast<std::size_t>(12 * group)])];
  std::uint8_t h[7];
  for (int i = 0; i < 7; ++i)
    h[i] = hand.slots[static_cast<std::size_t>(36 + honour_slot[static_cast<std::size_t>(i)])];
  return honour_[honour_rank_.rank(h)];
}

namespace {

constexpr std::array<int, 13> orphan_slot = {0, 8, 12, 20, 24, 32, 36, 37, 39, 40, 42, 43, 45};

bool seven_pairs(const Hand& hand) {
  int pairs = 0;
  for (const auto c : hand.slots) pairs += c == 2;
  return hand.tiles == 14 && pairs == 7;
}

bool thirteen_orphans(const Hand& hand) {
  int kinds = 0, tiles = 0;
  for (int s : orphan_slot)
    kinds += hand.slots[static_cast<std::size_t>(s)] > 0, tiles += hand.slots[static_cast<std::size_t>(s)];
  return hand.tiles == 14 && kinds == 13 && tiles == 14;
}

}  // namespace

bool SuitTable::is_agari(const Hand& hand) const noexcept {
  const std::uint32_t e[4] = {entry(hand, 0), entry(hand, 1), entry(hand, 2), entry(hand, 3)};
  bool standard = false;
  for (int h = 0; h < 4; ++h) {
    std::uint32_t others = 1;
    for (int g = 0; g < 4; ++g)
      if (g != h) others &= e[g];
    standard = standard || ((e[h] >> 1) & others & 1);
  }
  return standard || seven_pairs(hand) || thirteen_orphans(hand);
}

TileMask SuitTable::waits(const Hand& hand) const noexcept {
  const std::uint32_t e[4] = {entry(hand, 0), entry(hand, 1), entry(hand, 2), entry(hand, 3)};
  std::uint64_t out = 0;
  for (int w = 0; w < 4; ++w) {
    // The others all melds: the wait's group takes the head. One other with
    // the head, the rest melds: the wait's group completes melds.
    int melds = 0, heads = 0;
    for (int g = 0; g < 4; ++g)
      if (g != w) melds += e[g] & 1, heads += (e[g] >> 1) & 1;
    std::uint32_t bits = 0;
    if (melds == 3) bits |= (e[w] >> 11) & 0x1ff;
    if (melds == 2 && heads == 1) bits |= (e[w] >> 2) & 0x1ff;
    if (w < 3) {
      out |= std::uint64_t{bits} << (9 * w);
    } else {
      for (int i = 0; i < 7; ++i) out |= std::uint64_t{(bits >> i) & 1} << (27 + i);
    }
  }
  // Seven pairs and thirteen orphans (closed hands only). The table already
  // leaves out waits on kinds held four times; these two never have any.
  if (hand.tiles == 13) {
    int pairs = 0, singles = 0, kinds = 0, orphan_tiles = 0;
    for (const auto c : hand.slots) pairs += c == 2, singles += c == 1;
    for (int s : orphan_slot)
      kinds += hand.slots[static_cast<std::size_t>(s)] > 0, orphan_tiles += hand.slots[static_cast<std::size_t>(s)];
    if ((pairs == 6 && singles == 1) || (orphan_tiles == 13 && kinds >= 12)) {
      for (int k = 0; k < kind_count; ++k) {
        const int c = hand.count(Tile(k));
        const bool orphan = Tile(k).is_terminal_or_honour();
        if (pairs == 6 && singles == 1 && c == 1) out |= std::uint64_t{1} << k;
        if (orphan && orphan_tiles == 13 && (kinds == 13 || c == 0)) out |= std::uint64_t{1} << k;
      }
    }
  }
  return TileMask(out);
}

}  // namespace mjk::baseline
