// The wall of one round: 136 tile ids (108 with three players) in Tenhou's
// order, from a seed by a counter-based generator or given by the caller.
//
// Tile ids: id / 4 is the kind (0..33); ids 16, 52 and 88 are the red fives
// when the rules have them. Three players use the ids without 2m-8m (4..31).
// Tenhou's layout, index i of `tiles`: the deal and the draws take tiles
// from the end (tiles[size-1] first) downward; the dead wall is tiles[0..13]:
// dora indicators at 5, 7, 9, 11, 13, ura indicators at 4, 6, 8, 10, 12,
// replacement (rinshan) tiles at 1, 0, 3, 2, then (three players' fifth
// north and later) from tiles[14] upward, the live wall shrinking by one per
// replacement.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "mjk/engine_rules.hpp"
#include "mjk/export.h"

namespace mjk {

struct Wall {
  std::array<std::uint8_t, 136> tiles{};
  std::uint8_t size = 136;
  friend constexpr bool operator==(const Wall&, const Wall&) noexcept = default;
};

// The wall of (seed, game, round, honba): the same on every machine and for
// every thread count. Each draw of the shuffle is a function of those four
// numbers and its own index (SplitMix64's finaliser over a counter), so no
// generator state is shared between tables, games or rounds. `round` is the
// round's number in the game, counted from 0 (East 1 = 0, ... South 1 = 4,
// a repeat keeps its number and raises the honba).
[[nodiscard]] MJK_API Wall seeded_wall(const EngineRules& rules, std::uint64_t seed, std::uint32_t game,
                                       std::uint32_t round, std::uint32_t honba) noexcept;

// A wall given as tile ids. Refused by name: a wrong count (136 / 108), an
// id out of range, an id twice (a fifth copy of its kind), 2m-8m with three
// players.
struct WallParse {
  Wall wall;
  std::string error;  // empty when the wall is good
  [[nodiscard]] bool ok() const noexcept { return error.empty(); }
};
[[nodiscard]] MJK_API WallParse wall_from_ids(const EngineRules& rules, std::span<const int> ids);

// The counter-based generator behind seeded_wall, for bots and tests: the
// n-th number of stream `key` is mix(key, n). A value, copyable, 16 bytes.
struct Rng {
  std::uint64_t key = 0, counter = 0;
  [[nodiscard]] static constexpr std::uint64_t mix(std::uint64_t x) noexcept {
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
  }
  [[nodiscard]] constexpr std::uint64_t next() noexcept { return mix(key ^ mix(counter++)); }
  // In [0, n), n small: 32 random bits times n, the high half (a bias
  // below n / 2^32, far under anything a game can show).
  [[nodiscard]] constexpr std::uint32_t below(std::uint32_t n) noexcept { return scaled(next(), n); }
  // below()'s answer from the number next() gave.
  [[nodiscard]] static constexpr std::uint32_t scaled(std::uint64_t x, std::uint32_t n) noexcept {
    return static_cast<std::uint32_t>(((x >> 32) * n) >> 32);
  }
};

}  // namespace mjk
