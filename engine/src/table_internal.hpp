// Small helpers the table's source files share.
#pragma once

#include "mjk/table.hpp"

namespace mjk::detail {

// Each kind's slot in the kernel's padded layout: Tile::slot() without its
// division and branch, read on every draw, discard and legal set.
inline constexpr std::array<std::uint8_t, kind_count> kind_slot = [] {
  std::array<std::uint8_t, kind_count> slots{};
  for (int k = 0; k < kind_count; ++k) slots[static_cast<std::size_t>(k)] = static_cast<std::uint8_t>(Tile(k).slot());
  return slots;
}();

// The copies of kind k in a hand (red fives included).
[[nodiscard]] inline int count_of(const Hand& h, int kind) noexcept {
  return h.slots[kind_slot[static_cast<std::size_t>(kind)]];
}

// The copies of pai p in a hand (red fives counted apart from plain fives).
[[nodiscard]] inline int pai_in_hand(const Hand& h, Pai p) noexcept {
  const int kind = pai_kind(p);
  const int count = count_of(h, kind);
  const bool five = kind < 27 && kind % 9 == 4;
  if (!five) return count;
  const int red = h.red_fives[static_cast<std::size_t>(kind / 9)];
  return pai_red(p) ? red : count - red;
}

[[nodiscard]] constexpr bool is_five(int kind) noexcept { return kind < 27 && kind % 9 == 4; }
[[nodiscard]] constexpr bool is_yaochu(int kind) noexcept { return kind >= 27 || kind % 9 == 0 || kind % 9 == 8; }

// The two kinds a chi takes from the hand, by the called tile's place in
// the run (0 lowest, 1 middle, 2 highest); false when the run leaves the suit.
[[nodiscard]] constexpr bool chi_kinds(int called, int place, int& k1, int& k2) noexcept {
  if (called >= 27) return false;
  const int number = called % 9;  // 0..8
  const int low = number - place;
  if (low < 0 || low > 6) return false;
  const int base = called - place;
  k1 = place == 0 ? base + 1 : base;
  k2 = place == 2 ? base + 1 : base + 2;
  return true;
}
// The kind kuikae forbids besides the called one (the run's other end), or -1.
[[nodiscard]] constexpr int chi_swap_kind(int called, int place) noexcept {
  const int number = called % 9;
  if (place == 0 && number + 3 <= 8) return called + 3;
  if (place == 2 && number - 3 >= 0) return called - 3;
  return -1;
}

}  // namespace mjk::detail
