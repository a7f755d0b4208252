#include "index_method.hpp"

#include <algorithm>
#include <array>
#include <functional>
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

bool IndexMethod::contains(std::uint64_t k) const noexcept {
  for (std::uint64_t i = (k * 0x9E3779B97F4A7C15ull) >> 40 & mask_;; i = (i + 1) & mask_) {
    if (slots_[i] == k) return true;
    if (slots_[i] == 0) return false;
  }
}

void IndexMethod::insert(std::uint64_t k) {
  for (std::uint64_t i = (k * 0x9E3779B97F4A7C15ull) >> 40 & mask_;; i = (i + 1) & mask_) {
    if (slots_[i] == k) return;
    if (slots_[i] == 0) {
      slots_[i] = k;
      return;
    }
  }
}

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
  std::set<std::uint64_t> keys, closed;
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
    gaps.back() = false;  // nothing follows the last run
    std::array<bool, 14> g{};
    for (std::size_t i = 0; i < gaps.size(); ++i) g[i] = gaps[i];
    const std::uint64_t k = key(counts.data(), static_cast<int>(counts.size()), g.data());
    keys.insert(k);
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
  mask_ = size - 1;
  for (auto k : keys) insert(k);
}

bool IndexMethod::is_agari(const Hand& hand) const noexcept {
  // Runs over the padded slots: an empty slot ends a run, and the padding
  // after 9 and between honours does it for free.
  int counts[14];
  bool gap[14];
  int n = 0;
  for (int s = 0; s < slot_count; ++s) {
    const int c = hand.slots[static_cast<std::size_t>(s)];
    if (c == 0) {
      if (n > 0) gap[n - 1] = true;
      continue;
    }
    counts[n] = c;
    gap[n] = s >= 36;  // honours: every one its own run
    ++n;
  }
  if (n == 0) return false;
  gap[n - 1] = false;
  if (hand.tiles == 14 && n == 13) {  // thirteen orphans is outside the index
    int orphans = 0;
    for (int s : {0, 8, 12, 20, 24, 32, 36, 37, 39, 40, 42, 43, 45}) orphans += hand.slots[static_cast<std::size_t>(s)] > 0;
    if (orphans == 13) return true;
  }
  return contains(key(counts, n, gap));
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
