// The scalar reference. Deliberately naive: 34 counts, recursion, no tricks.
#include "mjk/ref.hpp"

#include <algorithm>

namespace mjk::ref {
namespace {

using Counts = std::array<int, 34>;

Counts counts_of(const Hand& hand) {
  Counts c{};
  for (int k = 0; k < 34; ++k) c[k] = hand.count(Tile(k));
  return c;
}

int total(const Counts& c) {
  int n = 0;
  for (int x : c) n += x;
  return n;
}

bool is_orphan(int k) { return k >= 27 || k % 9 == 0 || k % 9 == 8; }

// A sequence can start at k if k is a suit tile numbered 1-7.
bool can_start_sequence(int k) { return k < 27 && k % 9 <= 6; }

// Can the tiles from kind `k` on be split into triplets and sequences only?
// The lowest remaining tile must be in a triplet or start a sequence.
bool melds_only(Counts& c, int k = 0) {
  while (k < 34 && c[k] == 0) ++k;
  if (k == 34) return true;
  if (c[k] >= 3) {
    c[k] -= 3;
    const bool ok = melds_only(c, k);
    c[k] += 3;
    if (ok) return true;
  }
  if (can_start_sequence(k) && c[k + 1] > 0 && c[k + 2] > 0) {
    --c[k], --c[k + 1], --c[k + 2];
    const bool ok = melds_only(c, k);
    ++c[k], ++c[k + 1], ++c[k + 2];
    if (ok) return true;
  }
  return false;
}

bool standard_agari(Counts c) {
  if (total(c) % 3 != 2) return false;
  for (int h = 0; h < 34; ++h) {
    if (c[h] < 2) continue;
    c[h] -= 2;
    const bool ok = melds_only(c);
    c[h] += 2;
    if (ok) return true;
  }
  return false;
}

bool chiitoi(const Counts& c) {
  int pairs = 0;
  for (int x : c) pairs += x == 2;  // four of a kind is not two pairs
  return total(c) == 14 && pairs == 7;
}

bool kokushi(const Counts& c) {
  for (int k = 0; k < 34; ++k) {
    if (is_orphan(k) && c[k] == 0) return false;
    if (!is_orphan(k) && c[k] != 0) return false;
  }
  return total(c) == 14;
}

bool agari(const Counts& c) { return standard_agari(c) || chiitoi(c) || kokushi(c); }

TileMask waits_of(Counts c) {
  TileMask out;
  for (int t = 0; t < 34; ++t) {
    if (c[t] == 4) continue;  // a fifth copy can't be drawn
    ++c[t];
    if (agari(c)) out.insert(Tile(t));
    --c[t];
  }
  return out;
}

// Every way to split `c` (from kind k on) into melds; each list is appended to `out`.
void all_meld_lists(Counts& c, int k, std::vector<Block>& melds, std::vector<std::vector<Block>>& out) {
  while (k < 34 && c[k] == 0) ++k;
  if (k == 34) {
    out.push_back(melds);
    return;
  }
  if (c[k] >= 3) {
    c[k] -= 3;
    melds.push_back({BlockKind::triplet, Tile(k)});
    all_meld_lists(c, k, melds, out);
    melds.pop_back();
    c[k] += 3;
  }
  if (can_start_sequence(k) && c[k + 1] > 0 && c[k + 2] > 0) {
    --c[k], --c[k + 1], --c[k + 2];
    melds.push_back({BlockKind::sequence, Tile(k)});
    all_meld_lists(c, k, melds, out);
    melds.pop_back();
    ++c[k], ++c[k + 1], ++c[k + 2];
  }
}

// The wait a winning tile implies in a standard block (DESIGN.md).
WaitKind wait_of(Block b, Tile win) {
  if (b.kind == BlockKind::pair) return WaitKind::tanki;
  if (b.kind == BlockKind::triplet) return WaitKind::shanpon;
  const int first = b.first.number(), w = win.number();
  if (w == first + 1) return WaitKind::kanchan;        // the middle tile
  if (first == 1 && w == 3) return WaitKind::penchan;  // 12-3
  if (first == 7 && w == 7) return WaitKind::penchan;  // 7-89
  return WaitKind::ryanmen;
}

Decomposition make(Form form, const std::vector<Block>& blocks) {
  Decomposition d;
  d.form = form;
  d.block_count = static_cast<std::uint8_t>(blocks.size());
  std::copy(blocks.begin(), blocks.end(), d.blocks.begin());
  return d;
}

// Adds `d` once per distinct block that holds the winning tile (or once, with
// no win, when none is named).
void add_readings(Decomposition d, std::optional<Tile> win, std::vector<Decomposition>& out) {
  if (!win) {
    out.push_back(d);
    return;
  }
  for (int i = 0; i < d.block_count; ++i) {
    const Block b = d.blocks[static_cast<std::size_t>(i)];
    if (!b.contains(*win)) continue;
    bool seen = false;  // an identical earlier block gives the same reading
    for (int j = 0; j < i; ++j) seen = seen || d.blocks[static_cast<std::size_t>(j)] == b;
    if (seen) continue;
    Decomposition r = d;
    r.win = static_cast<std::int8_t>(i);
    r.wait = wait_of(b, *win);
    out.push_back(r);
  }
}

}  // namespace

bool is_standard_agari(const Hand& hand) { return standard_agari(counts_of(hand)); }
bool is_chiitoi(const Hand& hand) { return chiitoi(counts_of(hand)); }
bool is_kokushi(const Hand& hand) { return kokushi(counts_of(hand)); }
bool is_agari(const Hand& hand) { return agari(counts_of(hand)); }

TileMask waits(const Hand& hand) { return waits_of(counts_of(hand)); }

std::uint8_t agari_forms(const Hand& hand) {
  const Counts c = counts_of(hand);
  return static_cast<std::uint8_t>((standard_agari(c) ? standard_form : 0) | (chiitoi(c) ? chiitoi_form : 0) |
                                   (kokushi(c) ? kokushi_form : 0));
}

FormWaits waits_by_form(const Hand& hand) {
  FormWaits out;
  Counts c = counts_of(hand);
  for (int t = 0; t < 34; ++t) {
    if (c[t] == 4) continue;  // a fifth copy can't be drawn
    ++c[t];
    if (standard_agari(c)) out.standard.insert(Tile(t));
    if (chiitoi(c)) out.chiitoi.insert(Tile(t));
    if (kokushi(c)) out.kokushi.insert(Tile(t));
    --c[t];
  }
  return out;
}

TenpaiDiscards tenpai_discards(const Hand& hand) {
  TenpaiDiscards out;
  Counts c = counts_of(hand);
  for (int d = 0; d < 34; ++d) {
    if (c[d] == 0) continue;
    --c[d];
    const TileMask w = waits_of(c);
    ++c[d];
    if (w.empty()) continue;
    out.discards.insert(Tile(d));
    out.waits[static_cast<std::size_t>(d)] = w;
  }
  return out;
}

std::vector<Decomposition> decompositions(const Hand& hand, std::optional<Tile> winning) {
  std::vector<Decomposition> out;
  Counts c = counts_of(hand);
  if (total(c) % 3 != 2) return out;

  for (int h = 0; h < 34; ++h) {
    if (c[h] < 2) continue;
    c[h] -= 2;
    std::vector<std::vector<Block>> lists;
    std::vector<Block> melds;
    all_meld_lists(c, 0, melds, lists);
    c[h] += 2;
    for (auto& list : lists) {
      std::sort(list.begin(), list.end());
      list.insert(list.begin(), Block{BlockKind::pair, Tile(h)});
    }
    std::sort(lists.begin(), lists.end());
    lists.erase(std::unique(lists.begin(), lists.end()), lists.end());
    for (const auto& list : lists) add_readings(make(Form::standard, list), winning, out);
  }

  if (chiitoi(c)) {
    std::vector<Block> pairs;
    for (int k = 0; k < 34; ++k)
      if (c[k] == 2) pairs.push_back({BlockKind::pair, Tile(k)});
    add_readings(make(Form::chiitoi, pairs), winning, out);
  }

  if (kokushi(c)) {
    std::vector<Block> blocks;
    for (int k = 0; k < 34; ++k)
      if (c[k] == 2) blocks.push_back({BlockKind::pair, Tile(k)});
    for (int k = 0; k < 34; ++k)
      if (c[k] == 1) blocks.push_back({BlockKind::single, Tile(k)});
    Decomposition d = make(Form::kokushi, blocks);
    if (winning) {
      // Thirteen-sided if the hand before the win already held all thirteen.
      const bool thirteen_sided = c[static_cast<std::size_t>(winning->kind())] == 2;
      d.win = 0;
      for (int i = 0; i < d.block_count; ++i)
        if (d.blocks[static_cast<std::size_t>(i)].first == *winning) d.win = static_cast<std::int8_t>(i);
      d.wait = thirteen_sided ? WaitKind::kokushi13 : WaitKind::kokushi;
    }
    out.push_back(d);
  }
  return out;
}

}  // namespace mjk::ref
