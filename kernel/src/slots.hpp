// Slot lists of the padded layout, derived once from Tile so the layout is
// written in one place (tile.hpp). Internal to the kernel.
#pragma once

#include <array>
#include <cstdint>
#include <type_traits>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

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


// Rows of 34 counts (Layout::counts34) into the slot layout, for the Ops
// that load them directly: slot chunk c (slots 16c..16c+15, c = 0..2) of a
// row is one 16-byte load of the row at load_at (inside its 34 bytes), byte
// j taken from byte from[j] of the load (-1: zero, a padding slot). Chunk 3
// holds no kind.
struct Rows34Chunk {
  int load_at = 0;
  std::array<std::int8_t, 16> from{};
};
inline constexpr auto rows34_chunks = [] {
  std::array<Rows34Chunk, 3> c{};
  for (int chunk = 0; chunk < 3; ++chunk) {
    int first = kind_count;
    for (int kind = kind_count - 1; kind >= 0; --kind)
      if (Tile(kind).slot() / 16 == chunk) first = kind;
    c[static_cast<std::size_t>(chunk)].load_at = first < kind_count - 16 ? first : kind_count - 16;
    c[static_cast<std::size_t>(chunk)].from.fill(-1);
  }
  for (int kind = 0; kind < kind_count; ++kind) {
    auto& chunk = c[static_cast<std::size_t>(Tile(kind).slot() / 16)];
    const int at = kind - chunk.load_at;
    if (at < 0 || at >= 16) chunk.load_at = -1;  // does not fit one load: the static_assert below fails
    chunk.from[static_cast<std::size_t>(Tile(kind).slot() % 16)] = static_cast<std::int8_t>(at);
  }
  return c;
}();
static_assert(Tile(kind_count - 1).slot() < 48);
static_assert(rows34_chunks[0].load_at >= 0 && rows34_chunks[1].load_at >= 0 && rows34_chunks[2].load_at >= 0);

// A 48-bit set of slots as a set of kinds, by fixed shifts: suits are slots
// 0-8 of their group, honours the pairs E S, W N, Wh G and R alone (slots 0 1,
// 3 4, 6 7, 9 of the fourth group).
// The slots that hold a kind, in kind order: with BMI2, to_kinds is one pext
// (the objects built for AVX2 and AVX-512 have it) instead of fourteen
// shifts, masks and ors.
inline constexpr std::uint64_t kind_slots = [] {
  std::uint64_t m = 0;
  for (auto s : tiles) m |= std::uint64_t{1} << s;
  return m;
}();
constexpr std::uint64_t to_kinds(std::uint64_t slots) noexcept {
#if defined(__BMI2__)
  if (!std::is_constant_evaluated()) return _pext_u64(slots, kind_slots);
#endif
  const std::uint64_t honours = slots >> 36;
  return (slots & 0x1ff) | ((slots >> 12 & 0x1ff) << 9) | ((slots >> 24 & 0x1ff) << 18) | ((honours & 0x3) << 27) |
         ((honours >> 3 & 0x3) << 29) | ((honours >> 6 & 0x3) << 31) | ((honours >> 9 & 0x1) << 33);
}
// The shifts above must say what Tile::slot() says (the layout is written in
// tile.hpp only): both maps are bitwise, so agreeing on each slot is enough.
constexpr bool to_kinds_matches_tile() noexcept {
  for (int s = 0; s < slot_count; ++s) {
    const auto t = Tile::from_slot(s);
    if (to_kinds(std::uint64_t{1} << s) != (t ? std::uint64_t{1} << t->kind() : 0)) return false;
  }
  return true;
}
static_assert(to_kinds_matches_tile(), "to_kinds disagrees with Tile::slot(): update its shifts");

}  // namespace mjk::slots
