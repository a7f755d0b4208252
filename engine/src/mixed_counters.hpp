// Rng::mix(c) for the first counters of a stream, as a table: a wall's
// draws (135 at most) and a random seat's first numbers (a game asks a seat
// a few hundred times) take one mix a number instead of two, the same
// numbers as Rng::next's. Private to the engine (wall.cpp, bots.cpp).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "mjk/wall.hpp"

namespace mjk::detail {

inline constexpr std::array<std::uint64_t, 1024> mixed_counters = [] {
  std::array<std::uint64_t, 1024> out{};
  for (std::size_t c = 0; c < out.size(); ++c) out[c] = Rng::mix(c);
  return out;
}();

// Rng::mix(c) for any counter: the table's where it has it.
[[nodiscard]] inline std::uint64_t mixed_counter(std::uint64_t c) noexcept {
  return c < mixed_counters.size() ? mixed_counters[static_cast<std::size_t>(c)] : Rng::mix(c);
}

}  // namespace mjk::detail
