// Every reading of a complete hand, by the kernel's tables (the values are in
// decomposition_types.hpp).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "mjk/analysis.hpp"
#include "mjk/decomposition_types.hpp"
#include "mjk/export.h"
#include "mjk/error.hpp"
#include "mjk/hand.hpp"
#include "mjk/tile.hpp"

namespace mjk {

// ---- the kernel's decompositions (table-driven, no recursion, no allocation) ----

// Storage of this size always suffices for one hand. The most any hand has
// is 8: the exhaustive single-suit test finds it, and within 14 tiles only
// one group can split more than one way (that takes 8 or 9 of its tiles).
inline constexpr std::size_t max_decompositions = 16;

// Every distinct reading of a complete (3k+2) hand, as scalar_ref defines
// them: with a winning tile (which must be in the hand), one per distinct
// block that can hold it, with its wait kind; without, win = -1, no wait.
// Writes into `out` and returns how many; a hand that is not complete has
// none. Errors: the hand fails validate(complete), the winning tile is not in
// the hand (bad_winning_tile), or `out` is too small (output_too_small).
// Options::players applies the rules' validation (2m-8m with three players).
[[nodiscard]] MJK_API Result<std::size_t> decompositions(const Hand& hand, std::optional<Tile> winning,
                                                         std::span<Decomposition> out,
                                                         const Options& options = {}) noexcept;

// Batch: hand i's readings are written to storage[slice.offset ..
// slice.offset + slice.count) where slice = out[i].value. Hands are packed
// in order; the first hand whose readings do not fit in what is left, and every
// hand after it, get output_too_small with no readings.
// winning may be empty (no winning tiles) or as long as hands.
struct Slice {
  std::uint32_t offset = 0;
  std::uint32_t count = 0;
};
[[nodiscard]] MJK_API Error decompositions(std::span<const Hand> hands, std::span<const std::optional<Tile>> winning,
                                           std::span<Decomposition> storage, std::span<Result<Slice>> out,
                                           const Options& options = {}) noexcept;

}  // namespace mjk
