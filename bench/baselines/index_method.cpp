#include "index_method.hpp"

#include <algorithm>
#include <array>
#include <functional>
#include <map>
#include <set>

namespace mjk::baseline {
namespace {

using Run = std::vector<int>;  // counts of consecutive kinds, no zero inside

// Can `c` (one run, as counts) split into melds plus `heads` pairs?
bool splits(std::vector<int>& c, int heads, std::size_t from = 0) {
  while (from < c.size() && c[from] == 0) ++from;
  if (from == c.size()) return heads == 0;
  if (heads > 0 && c[from] >= 2) {
    c[from] -= 2;
    const bool ok = splits(c, heads - 1, from);
    c[from] += 2;
    if (ok) return true;
  }
  if (c[from] >= 3) {
    c[from] -= 3;
    const bool ok = splits(c, heads, from);
    c[from] += 3;
    if (ok) return true;
  }
  if (from + 2 < c.size() && c[from + 1] > 0 && c[from + 2] > 0) {
    --c[from], --c[from + 1], --c[from + 2];
    const bool ok = splits(c, heads, from);
    ++c[from], ++c[from + 1], ++c[from + 2];
    if (ok) return true;
  }
  return false;
}

}  // namespace

std::uint64_t IndexMethod::key(const int* counts, int n, const bool* gap_after) noexcept {
  std::uint64_t k = 1;
  for (int i = 0; i < n; ++i) {
    for (int b = 0; b < 2 * (counts[i] - 1); ++b) k = k << 1 | 1;
    k = gap_after[i] ? (k << 2 | 2) : k << 1;  // "10" before a gap, else "0"
  }
  return k;
}

const IndexMethod::Range* IndexMethod::find(std::uint64_t k) const noexcept {
  for (std::uint64_t i = (k * 0x9E3779B97F4A7C15ull) >> 40 & mask_;; i = (i + 1) & mask_) {
    if (slots_[i] == k) return &ranges_[i];
    if (slots_[i] == 0) return nullptr;
  }
}

void IndexMethod::insert(std::uint64_t k, Range r) {
  for (std::uint64_t i = (k * 0x9E3779B97F4A7C15ull) >> 40 & mask_;; i = (i + 1) & mask_) {
    if (slots_[i] == 0 || slots_[i] == k) {
      slots_[i] = k;
      ranges_[i] = r;
      return;
    }
  }
}

namespace {

// Every split of counts c (runs separated where gap[i]) into melds and at most one head.
void all_splits(std::vector<int>& c, const std::vector<char>& gap, std::size_t from, int head,
                std::vector<std::uint8_t>& melds, std::vector<std::pair<int, std::vector<std::uint8_t>>>& out) {
  while (from < c.size() && c[from] == 0) ++from;
  if (from == c.size()) {
    out.push_back({head, melds});
    return;
  }
  if (head < 0 && c[from] >= 2) {
    c[from] -= 2;
    all_splits(c, gap, from, static_cast<int>(from), melds, out);
    c[from] += 2;
  }
  if (c[from] >= 3) {
    c[from] -= 3;
    melds.push_back(static_cast<std::uint8_t>(from));
    all_splits(c, gap, from, head, melds, out);
    melds.pop_back();
    c[from] += 3;
  }
  if (from + 2 < c.size() && !gap[from] && !gap[from + 1] && c[from + 1] > 0 && c[from + 2] > 0) {
    --c[from], --c[from + 1], --c[from + 2];
    melds.push_back(static_cast<std::uint8_t>(0x80 | from));
    all_splits(c, gap, from, head, melds, out);
    melds.pop_back();
    ++c[from], ++c[from + 1], ++c[from + 2];
  }
}

}  // namespace

IndexMethod::IndexMethod() {
  // Every run (up to 9 kinds, counts 1-4, at most 14 tiles) that splits into
  // melds, or melds and a head, or (for seven pairs) only 2s.
  std::vector<Run> meld_runs, head_runs, pair_runs;
  Run r;
  std::function<void(int)> grow = [&](int sum) {
    if (!r.empty()) {
      std::vector<int> c = r;
      if (sum % 3 == 0 && splits(c, 0)) meld_runs.push_back(r);
      if (sum % 3 == 2 && splits(c, 1)) head_runs.push_back(r);
      if (std::all_of(r.begin(), r.end(), [](int x) { return x == 2; })) pair_runs.push_back(r);
    }
    if (r.size() == 9) return;
    for (int n = 1; n <= 4 && sum + n <= 14; ++n) {
      r.push_back(n);
      grow(sum + n);
      r.pop_back();
    }
  };
  grow(0);

  // Every sequence of runs with one head run and any melds runs, 2 to 14
  // tiles (called melds leave fewer), plus seven-pair sequences of 14 tiles.
  std::map<std::uint64_t, std::pair<std::vector<int>, std::vector<char>>> keys;  // key -> counts, gaps
  std::set<std::uint64_t> closed;
  std::vector<const Run*> seq;
  auto add_key = [&](int tiles) {
    std::vector<int> counts;
    std::vector<char> gaps;
    for (const Run* run : seq) {
      for (std::size_t i = 0; i < run->size(); ++i) {
        counts.push_back((*run)[i]);
        gaps.push_back(i + 1 == run->size());
      }
    }
    if (!gaps.empty())
      gaps.back() =
          false;  // nothing follows the last run (the check keeps GCC 12 -O2 from a false -Wstringop-overflow)
    std::array<bool, 14> g{};
    for (std::size_t i = 0; i < gaps.size(); ++i) g[i] = gaps[i];
    const std::uint64_t k = key(counts.data(), static_cast<int>(counts.size()), g.data());
    keys[k] = {counts, gaps};
    if (tiles == 14) closed.insert(k);
  };
  std::function<void(int, bool)> chain = [&](int tiles, bool head) {
    if (head && tiles % 3 == 2) add_key(tiles);
    for (const auto* runs : {&meld_runs, &head_runs}) {
      if (runs == &head_runs && head) continue;
      for (const Run& run : *runs) {
        int sum = 0;
        for (int x : run) sum += x;
        if (tiles + sum > 14) continue;
        seq.push_back(&run);
        chain(tiles + sum, head || runs == &head_runs);
        seq.pop_back();
      }
    }
  };
  chain(0, false);
  std::function<void(int)> pairs = [&](int tiles) {
    if (tiles == 14) add_key(14);
    for (const Run& run : pair_runs) {
      if (tiles + 2 * static_cast<int>(run.size()) > 14) continue;
      seq.push_back(&run);
      pairs(tiles + 2 * static_cast<int>(run.size()));
      seq.pop_back();
    }
  };
  pairs(0);
  closed_shapes_ = closed.size();
  all_shapes_ = keys.size();

  std::size_t size = 1;
  while (size < 4 * keys.size()) size <<= 1;
  slots_.assign(size, 0);
  ranges_.assign(size, {});
  mask_ = size - 1;
  // Each shape keeps every split of its counts (the seed's "面子の構成").
  for (auto& [k, shape] : keys) {
    auto& [counts, gaps] = shape;
    std::vector<std::pair<int, std::vector<std::uint8_t>>> found;
    std::vector<std::uint8_t> melds;
    all_splits(counts, gaps, 0, -1, melds, found);
    for (auto& f : found) std::sort(f.second.begin(), f.second.end());
    std::sort(found.begin(), found.end());
    found.erase(std::unique(found.begin(), found.end()), found.end());  // the same melds reached twice
    const auto first = static_cast<std::uint32_t>(splits_.size());
    for (const auto& [head, ms] : found) {
      if (head < 0) continue;
      Split sp;
      sp.head = static_cast<std::uint8_t>(head);
      sp.melds = static_cast<std::uint8_t>(ms.size());
      std::copy(ms.begin(), ms.end(), sp.meld);
      splits_.push_back(sp);
    }
    if (counts.size() == 7 && std::all_of(counts.begin(), counts.end(), [](int x) { return x == 2; })) {
      Split sp;
      sp.chiitoi = true;
      splits_.push_back(sp);
    }
    insert(k, {first, static_cast<std::uint32_t>(splits_.size()) - first});
  }
}

std::uint64_t IndexMethod::hand_key(const Hand& hand, int* kinds, int& n) const noexcept {
  // Runs over the padded slots: an empty slot ends a run, and the padding
  // after 9 and between honours does it for free.
  int counts[14];
  bool gap[14];
  n = 0;
  for (int s = 0; s < slot_count; ++s) {
    const int c = hand.slots[static_cast<std::size_t>(s)];
    if (c == 0) {
      if (n > 0) gap[n - 1] = true;
      continue;
    }
    counts[n] = c;
    gap[n] = s >= 36;  // honours: every one its own run
    if (kinds) kinds[n] = Tile::from_slot(s)->kind();
    ++n;
  }
  if (n == 0) return 0;
  gap[n - 1] = false;
  return key(counts, n, gap);
}

namespace {

bool thirteen_orphans(const Hand& hand, int kinds_held) {
  if (hand.tiles != 14 || kinds_held != 13) return false;
  int orphans = 0;
  for (int s : {0, 8, 12, 20, 24, 32, 36, 37, 39, 40, 42, 43, 45})
    orphans += hand.slots[static_cast<std::size_t>(s)] > 0;
  return orphans == 13;
}

WaitKind wait_in(Block b, Tile win) {
  if (b.kind == BlockKind::pair) return WaitKind::tanki;
  if (b.kind == BlockKind::triplet) return WaitKind::shanpon;
  const int at = win.kind() - b.first.kind();
  if (at == 1) return WaitKind::kanchan;
  if ((at == 2 && b.first.number() == 1) || (at == 0 && b.first.number() == 7)) return WaitKind::penchan;
  return WaitKind::ryanmen;
}

}  // namespace

bool IndexMethod::is_agari(const Hand& hand) const noexcept {
  int n = 0;
  const std::uint64_t k = hand_key(hand, nullptr, n);
  return n > 0 && (thirteen_orphans(hand, n) || contains(k));
}

std::size_t IndexMethod::decompositions(const Hand& hand, std::optional<Tile> win, Decomposition* out) const noexcept {
  int kinds[14], n = 0;
  const std::uint64_t k = hand_key(hand, kinds, n);
  std::size_t count = 0;
  auto emit = [&](Decomposition d) {
    if (!win) {
      out[count++] = d;
      return;
    }
    for (int i = 0; i < d.block_count; ++i) {
      const Block b = d.blocks[static_cast<std::size_t>(i)];
      bool seen = false;
      for (int j = 0; j < i; ++j) seen = seen || d.blocks[static_cast<std::size_t>(j)] == b;
      if (!b.contains(*win) || seen) continue;
      Decomposition r = d;
      r.win = static_cast<std::int8_t>(i);
      if (d.form != Form::kokushi) r.wait = wait_in(b, *win);
      out[count++] = r;
    }
  };
  if (thirteen_orphans(hand, n)) {
    Decomposition d;
    d.form = Form::kokushi;
    for (int i = 0; i < n; ++i)
      if (hand.count(Tile(kinds[i])) == 2) d.blocks[d.block_count++] = {BlockKind::pair, Tile(kinds[i])};
    for (int i = 0; i < n; ++i)
      if (hand.count(Tile(kinds[i])) == 1) d.blocks[d.block_count++] = {BlockKind::single, Tile(kinds[i])};
    if (win) d.wait = hand.count(*win) == 2 ? WaitKind::kokushi13 : WaitKind::kokushi;
    emit(d);
    return count;
  }
  const Range* r = n > 0 ? find(k) : nullptr;
  if (!r) return 0;
  for (std::uint32_t i = r->first; i < r->first + r->count; ++i) {
    const Split& sp = splits_[i];
    Decomposition d;
    if (sp.chiitoi) {
      d.form = Form::chiitoi;
      for (int p = 0; p < n; ++p) d.blocks[d.block_count++] = {BlockKind::pair, Tile(kinds[p])};
    } else {
      d.blocks[d.block_count++] = {BlockKind::pair, Tile(kinds[sp.head])};
      for (int m = 0; m < sp.melds; ++m) {
        const int code = sp.meld[m];
        d.blocks[d.block_count++] = {code & 0x80 ? BlockKind::sequence : BlockKind::triplet, Tile(kinds[code & 0x7f])};
      }
      std::sort(d.blocks.begin() + 1, d.blocks.begin() + d.block_count);
    }
    emit(d);
  }
  return count;
}

TileMask IndexMethod::waits(const Hand& hand) const noexcept {
  TileMask out;
  Hand h = hand;
  for (int k = 0; k < kind_count; ++k) {
    const Tile t(k);
    if (h.count(t) == 4) continue;
    h.add(t);
    if (is_agari(h)) out.insert(t);
    h.remove(t);
  }
  return out;
}

}  // namespace mjk::baseline
