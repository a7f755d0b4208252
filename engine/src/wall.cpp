// Walls: the seeded shuffle and the check of a given one.
#include "mjk/wall.hpp"

#include <array>
#include <string>

#include "mixed_counters.hpp"

namespace mjk {
namespace {

// Three players play without 2m-8m: ids 4..31.
constexpr bool in_three_player_set(int id) noexcept { return id < 4 || id >= 32; }

std::string tile_of_id(int id) {
  static constexpr char suits[] = "mpsz";
  const int kind = id / 4;
  std::string s;
  s += static_cast<char>('1' + kind % 9);
  s += suits[kind / 9];
  return s;
}

// The counters 0..134 of one wall's draws are the table's.
static_assert(detail::mixed_counters.size() >= 135);

// The unshuffled walls, four players and three: copied, not rebuilt id by id.
constexpr std::array<Wall, 2> sorted_walls = [] {
  std::array<Wall, 2> out{};
  for (int three = 0; three < 2; ++three) {
    int n = 0;
    for (int id = 0; id < 136; ++id)
      if (!three || in_three_player_set(id))
        out[static_cast<std::size_t>(three)].tiles[static_cast<std::size_t>(n++)] = static_cast<std::uint8_t>(id);
    out[static_cast<std::size_t>(three)].size = static_cast<std::uint8_t>(n);
  }
  return out;
}();

}  // namespace

// A wall a round (a tenth of a random hanchan's work): where the processor
// has AVX2 (or AVX-512) the draws are computed several at once, the
// baseline x86-64 having no vector 64-bit multiply; the same numbers on each.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
__attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#endif
Wall seeded_wall(const EngineRules& rules, std::uint64_t seed, std::uint32_t game, std::uint32_t round,
                 std::uint32_t honba) noexcept {
  Wall w = sorted_walls[rules.players == Players::four ? 0 : 1];
  const int n = w.size;
  // The stream's key: every input through the mixer, so nearby seeds,
  // games and rounds give unrelated walls.
  const std::uint64_t key = Rng::mix(Rng::mix(Rng::mix(seed) ^ game) ^ (std::uint64_t{round} << 32 | honba));
  // Fisher-Yates with the numbers of Rng{key}: the c-th is mix(key ^
  // mix(c)), and mix(c) for the 135 counters a wall uses is a table. The
  // draws come first, apart from the swaps: each is a function of its index
  // alone, so they overlap instead of waiting on the swaps.
  std::array<std::uint8_t, 136> j{};
  for (int i = n - 1, c = 0; i > 0; --i, ++c)
    j[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(Rng::scaled(
        Rng::mix(key ^ detail::mixed_counters[static_cast<std::size_t>(c)]), static_cast<std::uint32_t>(i + 1)));
  for (int i = n - 1; i > 0; --i)
    std::swap(w.tiles[static_cast<std::size_t>(i)], w.tiles[j[static_cast<std::size_t>(i)]]);
  return w;
}

WallParse wall_from_ids(const EngineRules& rules, std::span<const int> ids) {
  WallParse out;
  const std::size_t want = rules.players == Players::four ? 136 : 108;
  if (ids.size() != want) {
    out.error = "a wall of " + std::to_string(ids.size()) + " tiles (" + std::to_string(want) + " wanted with " +
                std::to_string(rules.player_count()) + " players)";
    return out;
  }
  std::array<bool, 136> seen{};
  for (std::size_t i = 0; i < ids.size(); ++i) {
    const int id = ids[i];
    if (id < 0 || id > 135) {
      out.error = "tile id " + std::to_string(id) + " at " + std::to_string(i) + " (ids are 0..135)";
      return out;
    }
    if (rules.players == Players::three && !in_three_player_set(id)) {
      out.error = "tile id " + std::to_string(id) + " at " + std::to_string(i) + " is " + tile_of_id(id) +
                  ", not in the three-player set (no 2m-8m)";
      return out;
    }
    if (seen[static_cast<std::size_t>(id)]) {
      out.error =
          "tile id " + std::to_string(id) + " twice (at " + std::to_string(i) + "): a fifth copy of " + tile_of_id(id);
      return out;
    }
    seen[static_cast<std::size_t>(id)] = true;
    out.wall.tiles[i] = static_cast<std::uint8_t>(id);
  }
  out.wall.size = static_cast<std::uint8_t>(want);
  return out;
}

}  // namespace mjk
