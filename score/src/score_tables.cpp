// Builds the scorer's suit table (score_tables.hpp): every head (or none)
// with every multiset of up to four melds of one suit, within 14 tiles and
// four of a kind, each summarised once. Two passes over the same
// enumeration (count the splits of each key, then place them), in fixed
// storage: nothing allocates or throws.
#include "score_tables.hpp"

namespace mjk::scoring {
namespace {

// Meld codes: 0..8 a triplet of number n+1, 16..22 a sequence from number (code&15)+1.
constexpr std::array<std::uint8_t, 16> meld_codes = {0, 1, 2, 3, 4, 5, 6, 7, 8, 16, 17, 18, 19, 20, 21, 22};

// One meld added to a split: its tiles into the key, its summary into info.
// False (key and info unchanged) when a number would pass four tiles.
bool add_meld(int code, SuitKey& key, SplitInfo& info) noexcept {
  const int first = code & 15;
  if (code & 16) {
    for (int i = 0; i < 3; ++i)
      if (((key >> (3 * (first + i))) & 7) == 4) return false;
    key += SuitKey{0111} << (3 * first);  // one tile of each of the three numbers (3 bits each)
    info.seq = static_cast<std::uint16_t>(info.seq | 1u << first);
    ++info.sequences;
    info.outside &= first == 0 || first == 6;
    // The winning tile at each place of the sequence: kanchan in the
    // middle; penchan for 3 of 123 and 7 of 789; else ryanmen.
    const unsigned low = first == 6 ? wait_closed : wait_ryanmen;
    const unsigned high = first == 0 ? wait_closed : wait_ryanmen;
    info.waits |= std::uint64_t{low} << (4 * first) | std::uint64_t{wait_closed} << (4 * (first + 1)) |
                  std::uint64_t{high} << (4 * (first + 2));
  } else {
    if (((key >> (3 * first)) & 7) > 1) return false;
    key += SuitKey{3} << (3 * first);
    const bool terminal = first == 0 || first == 8;
    info.trip = static_cast<std::uint16_t>(info.trip | 1u << first);
    ++info.triplets;
    info.trip_fu = static_cast<std::uint8_t>(info.trip_fu + (terminal ? 8 : 4));
    info.outside &= terminal;
    info.waits |= std::uint64_t{wait_shanpon} << (4 * first);
  }
  return true;
}

// The splits of `left` more melds after those so far (codes from index
// `from` on, so each multiset once, in the order of its nondecreasing code
// indices). A meld that would pass four of a number ends its branch: every
// split below it would hold that number too.
template <class F>
void each_extension(int left, std::size_t from, SuitKey key, const SplitInfo& info, std::array<std::uint8_t, 7>& seqs,
                    F& f) noexcept {
  if (left == 0) {
    SplitInfo done = info;
    for (const std::uint8_t c : seqs) done.peikou = static_cast<std::uint8_t>(done.peikou + c / 2);
    f(key, done);
    return;
  }
  for (std::size_t i = from; i < meld_codes.size(); ++i) {
    SuitKey k = key;
    SplitInfo next = info;
    if (!add_meld(meld_codes[i], k, next)) continue;
    const bool seq = (meld_codes[i] & 16) != 0;
    if (seq) ++seqs[meld_codes[i] & 15];
    each_extension(left - 1, i, k, next, seqs, f);
    if (seq) --seqs[meld_codes[i] & 15];
  }
}

// Calls f(key, info) for every split: each head (or none, 9), each count of
// melds, each multiset of melds, in that order (the order of a key's splits
// in the table). At most 14 tiles by construction (a head and four melds).
template <class F>
void each_split(F f) noexcept {
  for (int head = 0; head <= 9; ++head) {  // 9: no head
    SplitInfo info;
    SuitKey key = 0;
    if (head < 9) {
      key = SuitKey{2} << (3 * head);
      info.head = static_cast<std::uint8_t>(head);
      info.outside = head == 0 || head == 8;
      info.waits |= std::uint64_t{wait_tanki} << (4 * head);
    }
    std::array<std::uint8_t, 7> seqs{};
    for (int n = 0; n <= 4; ++n) each_extension(n, 0, key, info, seqs, f);
  }
}

}  // namespace

SuitTable::SuitTable() noexcept {
  entries_.fill(empty);
  // The slot of a key, claimed if new (free slots hold `empty`).
  const auto slot_for = [this](SuitKey key) noexcept {
    std::size_t i = hash(key);
    while (entries_[i] != empty && static_cast<std::uint32_t>(entries_[i]) != key) i = (i + 1) & (key_capacity - 1);
    if (entries_[i] == empty) {
      entries_[i] = key;  // count 0, first 0
      ++keys_;
    }
    return i;
  };
  // Pass 1: how many splits each key has (in bits 48..63).
  each_split([&](SuitKey key, const SplitInfo&) noexcept {
    entries_[slot_for(key)] += std::uint64_t{1} << 48;
    ++enumerated_;
  });
  // Offsets in slot order; the counts restart from 0 for pass 2.
  std::uint64_t offset = 0;
  for (auto& e : entries_) {
    if (e == empty) continue;
    const std::uint64_t count = e >> 48;
    e = static_cast<std::uint32_t>(e) | offset << 32;
    offset += count;
  }
  // Pass 2: the splits, in enumeration order within each key.
  each_split([&](SuitKey key, const SplitInfo& info) noexcept {
    std::uint64_t& e = entries_[slot_for(key)];
    const std::size_t at = ((e >> 32) & 0xffff) + (e >> 48);
    if (at < split_capacity) splits_[at] = info;  // always, unless the enumeration outgrows the capacity
    e += std::uint64_t{1} << 48;
    ++splits_used_;
  });
}

const SuitTable& suit_table() noexcept {
  static const SuitTable table;
  return table;
}

}  // namespace mjk::scoring
