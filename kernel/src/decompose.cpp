// Every decomposition of a complete hand, table-driven: each group's counts
// are looked up in a table of all its splits into melds (and a head), and a
// hand's readings are the combinations of its groups' splits. No recursion
// and no allocation; the tables are built once, on first use, in static
// storage (a few milliseconds).
#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>

#include "mjk/decomposition.hpp"
#include "slots.hpp"

namespace mjk {
namespace {

// A group's counts in slots 0..9, 3 bits each.
using GroupKey = std::uint32_t;

// One split of a group: head slot (15 = none), then up to four melds in
// ascending order (slot, triplet before sequence).
struct Split {
  std::uint8_t head = 15;
  std::uint8_t melds = 0;
  std::array<std::uint8_t, 4> meld{};  // bit 4: sequence; bits 0-3: first slot
};

// Open-addressing map from a group key to its splits, in fixed storage: it is
// built once without allocating (two passes over the same enumeration: count
// the splits of each key, then place them), so nothing here can throw.
class SplitTable {
 public:
  SplitTable() noexcept {
    keys_.fill(empty);
    // Pass 1: every key, and how many splits it has.
    each_split([&](GroupKey key, const Split&) noexcept { ++ranges_[slot_for(key)].second; });
    std::uint32_t offset = 0;
    for (auto& [first, count] : ranges_) {
      first = offset;
      offset += count;
      count = 0;
    }
    // Pass 2: the splits, in enumeration order within each key.
    each_split([&](GroupKey key, const Split& split) noexcept {
      auto& [first, count] = ranges_[slot_for(key)];
      if (first + count < max_splits) splits_[first + count] = split;  // always, unless the enumeration grows
      ++count;
    });
  }

  // The splits of a group, or none (empty range) if it has none.
  [[nodiscard]] std::pair<const Split*, std::uint32_t> find(GroupKey key) const noexcept {
    for (std::size_t i = hash(key);; i = (i + 1) & mask) {
      if (keys_[i] == key) return {splits_.data() + ranges_[i].first, ranges_[i].second};
      if (keys_[i] == empty) return {nullptr, 0};
    }
  }

 private:
  static constexpr GroupKey empty = 0xffffffffu;
  // Sizes the enumeration below produces (21,998 keys, 23,788 splits); the
  // constructor's asserts keep them honest.
  static constexpr std::size_t table_size = 1 << 16, mask = table_size - 1, max_splits = 23788;

  [[nodiscard]] static std::size_t hash(GroupKey k) noexcept {
    return static_cast<std::size_t>((k * 0x9E3779B1u) >> 8) & mask;
  }
  // The slot holding `key`, claimed if new.
  std::size_t slot_for(GroupKey key) noexcept {
    std::size_t i = hash(key);
    while (keys_[i] != empty && keys_[i] != key) i = (i + 1) & mask;
    keys_[i] = key;
    return i;
  }

  // Calls f(key, split) for every head (or none) with every multiset of up to
  // four melds, within 14 tiles and four of a kind, suits (slots 0-8, with
  // sequences) then honours (E S W N Wh G R at slots 0 1 3 4 6 7 9). Melds
  // are taken in ascending order, so each multiset comes once and sorted.
  template <class F>
  void each_split(F f) noexcept {
    std::size_t total_splits = 0;
    for (const bool suit : {true, false}) {
      std::array<std::uint8_t, 16> types{};  // meld codes in ascending order
      std::size_t type_count = 0;
      std::array<int, 10> heads{};
      std::size_t head_count = 0;
      for (int s = 0; s < 10; ++s) {
        const bool held = suit ? s < 9 : Tile::from_slot(36 + s).has_value();
        if (!held) continue;
        heads[head_count++] = s;
        types[type_count++] = static_cast<std::uint8_t>(s);
        if (suit && s <= 6) types[type_count++] = static_cast<std::uint8_t>(16 | s);
      }
      heads[head_count++] = 15;
      for (std::size_t h = 0; h < head_count; ++h) {
        const int head = heads[h];
        // Meld multisets as nondecreasing index tuples of length 0..4.
        for (int n = 0; n <= 4; ++n) {
          std::array<std::size_t, 4> idx{};
          for (;;) {
            std::array<int, 10> counts{};
            if (head != 15) counts[static_cast<std::size_t>(head)] += 2;
            Split split;
            split.head = static_cast<std::uint8_t>(head);
            split.melds = static_cast<std::uint8_t>(n);
            for (int m = 0; m < n; ++m) {
              const std::uint8_t code = types[idx[static_cast<std::size_t>(m)]];
              split.meld[static_cast<std::size_t>(m)] = code;
              const int first = code & 15;
              for (int i = 0; i < 3; ++i) ++counts[static_cast<std::size_t>((code & 16) ? first + i : first)];
            }
            int sum = 0;
            bool legal = true;
            GroupKey key = 0;
            for (int s = 0; s < 10; ++s) {
              sum += counts[static_cast<std::size_t>(s)];
              legal = legal && counts[static_cast<std::size_t>(s)] <= 4;
              key |= static_cast<GroupKey>(counts[static_cast<std::size_t>(s)]) << (3 * s);
            }
            // An honour group without Red (slot 9) is also a suit group with the
            // same splits (no three consecutive honour slots): keep it once.
            if (legal && sum <= 14 && (suit || counts[9] > 0)) {
              f(key, split);
              ++total_splits;
            }
            int m = n - 1;  // next nondecreasing tuple
            while (m >= 0 && idx[static_cast<std::size_t>(m)] + 1 == type_count) --m;
            if (m < 0) break;
            ++idx[static_cast<std::size_t>(m)];
            for (int r = m + 1; r < n; ++r) idx[static_cast<std::size_t>(r)] = idx[static_cast<std::size_t>(m)];
          }
        }
      }
    }
    assert(total_splits == max_splits);
  }

  std::array<GroupKey, table_size> keys_{};
  std::array<std::pair<std::uint32_t, std::uint32_t>, table_size> ranges_{};
  std::array<Split, max_splits> splits_{};
};

const SplitTable& split_table() {
  static const SplitTable table;  // built once, thread-safe
  return table;
}

GroupKey group_key(const Hand& hand, int group) noexcept {
  GroupKey key = 0;
  for (int s = 0; s < 10; ++s)
    key |= static_cast<GroupKey>(hand.slots[static_cast<std::size_t>(12 * group + s)]) << (3 * s);
  return key;
}

WaitKind wait_kind(Block block, Tile win) noexcept {
  switch (block.kind) {
    case BlockKind::pair: return WaitKind::tanki;
    case BlockKind::triplet: return WaitKind::shanpon;
    case BlockKind::single: return WaitKind::kokushi;
    case BlockKind::sequence: break;
  }
  const int offset = win.kind() - block.first.kind();  // 0, 1 or 2
  if (offset == 1) return WaitKind::kanchan;
  if ((offset == 2 && block.first.number() == 1) || (offset == 0 && block.first.number() == 7))
    return WaitKind::penchan;  // 12-3 or 7-89
  return WaitKind::ryanmen;
}

Tile tile_at(int group, int slot) noexcept { return *Tile::from_slot(12 * group + slot); }

bool blocks_less(const Decomposition& a, const Decomposition& b) noexcept {
  return std::lexicographical_compare(a.blocks.begin(), a.blocks.begin() + a.block_count, b.blocks.begin(),
                                      b.blocks.begin() + b.block_count);
}

// Appends d's readings (one per distinct block holding the win, or d itself
// without a win). False if `out` is full.
bool add_readings(const Decomposition& d, std::optional<Tile> win, std::span<Decomposition> out, std::size_t& n) {
  if (!win) {
    if (n == out.size()) return false;
    out[n++] = d;
    return true;
  }
  for (int i = 0; i < d.block_count; ++i) {
    const Block b = d.blocks[static_cast<std::size_t>(i)];
    if (!b.contains(*win)) continue;
    bool seen = false;
    for (int j = 0; j < i; ++j) seen = seen || d.blocks[static_cast<std::size_t>(j)] == b;
    if (seen) continue;
    if (n == out.size()) return false;
    Decomposition r = d;
    r.win = static_cast<std::int8_t>(i);
    r.wait = d.form == Form::kokushi ? r.wait : wait_kind(b, *win);
    out[n++] = r;
  }
  return true;
}

}  // namespace

Result<std::size_t> decompositions(const Hand& hand, std::optional<Tile> winning, std::span<Decomposition> out,
                                   const Options& options) noexcept {
  if (const auto e = validate(hand, Question::complete, options.players)) return {0, e.code};
  if (winning && (winning->kind() >= kind_count || hand.count(*winning) == 0)) return {0, Error::bad_winning_tile};
  std::size_t n = 0;
  const Result<std::size_t> full{0, Error::output_too_small};

  // Standard form: the one group with 2 mod 3 tiles holds the head.
  int sums[4] = {};
  for (int g = 0; g < 4; ++g)
    for (int s = 0; s < 10; ++s) sums[g] += hand.slots[static_cast<std::size_t>(12 * g + s)];
  int head_groups = 0, meld_groups = 0;
  for (int g = 0; g < 4; ++g) head_groups += sums[g] % 3 == 2, meld_groups += sums[g] % 3 == 0;
  if (head_groups == 1 && meld_groups == 3) {
    const auto& table = split_table();
    std::pair<const Split*, std::uint32_t> splits[4];
    std::uint32_t combos = 1;
    for (int g = 0; g < 4; ++g) {
      splits[g] = table.find(group_key(hand, g));
      combos *= splits[g].second;
    }
    // Every combination of the groups' splits, in ascending block order.
    std::array<Decomposition, 8> found;  // the most block lists any hand has is 8 (see max_decompositions)
    std::size_t found_n = 0;
    for (std::uint32_t c = 0; c < combos; ++c) {
      Decomposition d;
      d.form = Form::standard;
      d.block_count = 1;  // blocks[0] is the head
      std::uint32_t rest = c;
      for (int g = 0; g < 4; ++g) {  // combination c picks split (c / ...) % count of each group
        const Split& sp = splits[g].first[rest % splits[g].second];
        rest /= splits[g].second;
        if (sp.head != 15) d.blocks[0] = {BlockKind::pair, tile_at(g, sp.head)};
        for (int m = 0; m < sp.melds; ++m) {
          const std::uint8_t code = sp.meld[static_cast<std::size_t>(m)];
          d.blocks[d.block_count++] = {(code & 16) ? BlockKind::sequence : BlockKind::triplet, tile_at(g, code & 15)};
        }
      }
      if (found_n == found.size()) return full;
      found[found_n++] = d;
    }
    for (std::size_t i = 1; i < found_n; ++i)  // insertion sort: a handful at most
      for (std::size_t j = i; j > 0 && blocks_less(found[j], found[j - 1]); --j) std::swap(found[j], found[j - 1]);
    for (std::size_t i = 0; i < found_n; ++i)
      if (!add_readings(found[i], winning, out, n)) return full;
  }

  if (hand.tiles != 14) return {n, Error::none};  // seven pairs and thirteen orphans are closed hands

  // Seven pairs: seven kinds held exactly twice.
  int held_twice = 0;
  for (const auto c : hand.slots) held_twice += c == 2;
  if (held_twice == 7) {
    Decomposition pairs;
    pairs.form = Form::chiitoi;
    for (int s = 0; s < slot_count; ++s)
      if (hand.slots[static_cast<std::size_t>(s)] == 2)
        pairs.blocks[pairs.block_count++] = {BlockKind::pair, *Tile::from_slot(s)};
    if (!add_readings(pairs, winning, out, n)) return full;
  }

  // Thirteen orphans: the pair first, then the twelve singles.
  int orphan_kinds = 0, orphan_tiles = 0;
  for (int s : slots::orphans) {
    const int c = hand.slots[static_cast<std::size_t>(s)];
    orphan_kinds += c > 0, orphan_tiles += c;
  }
  if (orphan_kinds == 13 && orphan_tiles == 14) {
    Decomposition d;
    d.form = Form::kokushi;
    for (int s : slots::orphans)
      if (hand.slots[static_cast<std::size_t>(s)] == 2)
        d.blocks[d.block_count++] = {BlockKind::pair, *Tile::from_slot(s)};
    for (int s : slots::orphans)
      if (hand.slots[static_cast<std::size_t>(s)] == 1)
        d.blocks[d.block_count++] = {BlockKind::single, *Tile::from_slot(s)};
    if (winning) d.wait = hand.count(*winning) == 2 ? WaitKind::kokushi13 : WaitKind::kokushi;
    if (!add_readings(d, winning, out, n)) return full;
  }
  return {n, Error::none};
}

Error decompositions(std::span<const Hand> hands, std::span<const std::optional<Tile>> winning,
                     std::span<Decomposition> storage, std::span<Result<Slice>> out, const Options& options) noexcept {
  if (out.size() < hands.size() || (!winning.empty() && winning.size() < hands.size())) return Error::output_too_small;
  std::size_t used = 0;
  bool full = false;  // once a hand's readings did not fit, no later hand is packed
  for (std::size_t i = 0; i < hands.size(); ++i) {
    const std::optional<Tile> win = winning.empty() ? std::nullopt : winning[i];
    const auto r = full ? Result<std::size_t>{0, Error::output_too_small}
                        : decompositions(hands[i], win, storage.subspan(used), options);
    full = r.error == Error::output_too_small;
    out[i] = {{static_cast<std::uint32_t>(used), static_cast<std::uint32_t>(r.value)}, r.error};
    used += r.value;
  }
  return Error::none;
}

}  // namespace mjk
