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

// Each pai's kind and slot (pai 0..36 only): pai_kind and kind_slot in one
// read where a tile goes in or out.
inline constexpr std::array<std::uint8_t, pai_count> pai_kinds = [] {
  std::array<std::uint8_t, pai_count> out{};
  for (int p = 0; p < pai_count; ++p)
    out[static_cast<std::size_t>(p)] = static_cast<std::uint8_t>(pai_kind(static_cast<Pai>(p)));
  return out;
}();
inline constexpr std::array<std::uint8_t, pai_count> pai_slots = [] {
  std::array<std::uint8_t, pai_count> out{};
  for (int p = 0; p < pai_count; ++p)
    out[static_cast<std::size_t>(p)] = kind_slot[static_cast<std::size_t>(pai_kind(static_cast<Pai>(p)))];
  return out;
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

// Kinds (bit per kind) of the numbers 1, 2, 8, 9 of the three suits, the suits, the terminals and honours.
inline constexpr std::uint64_t number1 = 0x40201ull, number2 = number1 << 1, number8 = number1 << 7,
                               number9 = number1 << 8, suited = (std::uint64_t{1} << 27) - 1,
                               yaochu = number1 | number9 | (((std::uint64_t{1} << 7) - 1) << 27);

// The terminal and honour kinds among `held` (nine terminals asks nine).
[[nodiscard]] inline int distinct_yaochu(std::uint64_t held) noexcept { return ActionSet::bit_count(held & yaochu); }

// The kinds held once with no other tile within two of it in its suit (an
// honour held once): a tile no group of a complete hand can hold but a
// pair made with the tile won. Every tile of a tenpai hand's groups has a
// partner within two (a run) or a copy (a pair, a triplet) but the one
// waiting on its pair, and a seven pairs' tenpai has one single; so a hand
// of 3k+1 tiles with two of them has no wait, and one of 3k+2 with three
// no discard that leaves a wait: the kernel need not be asked. Thirteen
// orphans is the exception: its waits hold terminals and honours only.
[[nodiscard]] constexpr std::uint64_t isolated(std::uint64_t held, std::uint64_t pairs) noexcept {
  const std::uint64_t s = held & suited;
  const std::uint64_t near = ((s << 1) & ~number1) | ((s >> 1) & ~number9) | ((s << 2) & ~(number1 | number2)) |
                             ((s >> 2) & ~(number8 | number9));
  return held & ~pairs & ~(near & suited);
}
// Whether a hand with `held` and `pairs` may have a wait (3k+1 tiles:
// `spare` 1) or a discard leaving one (3k+2: `spare` 2); false is certain.
[[nodiscard]] constexpr bool may_be_tenpai(std::uint64_t held, std::uint64_t pairs, int spare) noexcept {
  // thirteen orphans' shape (terminals and honours, but the one tile a 3k+2
  // hand discards): the kernel decides
  // (no branches: the answer is the hand's chance, asked on most turns;
  // x & (x - 1) drops x's lowest bit and leaves 0 at 0)
  std::uint64_t other = held & ~yaochu;
  other &= spare == 2 ? other - 1 : ~std::uint64_t{0};
  std::uint64_t rest = isolated(held, pairs);
  rest &= rest - 1;
  rest &= spare == 2 ? rest - 1 : ~std::uint64_t{0};
  return (other == 0) | (rest == 0);
}

// The kinds a chi could take from a hand holding `held`: each kind with two
// held kinds of its suit making a run with it (below both, between, above
// both). A superset of the chi calls (kuikae and red fives are not asked).
[[nodiscard]] constexpr std::uint64_t chi_kinds_of(std::uint64_t held) noexcept {
  const std::uint64_t s = held & suited;
  const std::uint64_t above = (s >> 1) & (s >> 2) & ~(number8 | number9);           // k+1, k+2
  const std::uint64_t between = (s << 1) & (s >> 1) & ~(number1 | number9);         // k-1, k+1
  const std::uint64_t below = (s << 1) & (s << 2) & ~(number1 | number2) & suited;  // k-1, k-2
  return above | between | below;
}

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
