// Slot lists of the padded layout, derived once from Tile so the layout is
// written in one place (tile.hpp). Internal to the kernel.
#pragma once

#include <array>
#include <cstdint>

#include "mjk/tile.hpp"

namespace mjk::slots {

template <std::size_t N, class Keep>
constexpr std::array<std::uint8_t, N> select(Keep keep) {
  std::array<std::uint8_t, N> out{};
  std::size_t n = 0;
  for (int s = 0; s < slot_count; ++s)
    if (keep(s)) out[n++] = static_cast<std::uint8_t>(s);
  return out;
}

// The 34 slots that hold a tile, the 14 padding slots, the 13 orphans' slots.
inline constexpr auto tiles = select<kind_count>([](int s) { return Tile::from_slot(s).has_value(); });
inline constexpr auto padding = select<slot_count - kind_count>([](int s) { return !Tile::from_slot(s); });
// Slot of each kind, in kind order (slot order is kind order).
inline constexpr auto of_kind = tiles;
static_assert(of_kind[27] == Tile(27).slot() && of_kind[33] == Tile(33).slot());
// 2m-8m: absent with three players.
inline constexpr auto sanma_absent = select<7>([](int s) { return s >= Tile(1).slot() && s <= Tile(7).slot(); });
inline constexpr auto orphans = select<13>([](int s) {
  const auto t = Tile::from_slot(s);
  return t && t->is_terminal_or_honour();
});

}  // namespace mjk::slots
