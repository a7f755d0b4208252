// How a complete hand splits into blocks, and the wait each split implies.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "mjk/export.h"
#include "mjk/analysis.hpp"
#include "mjk/error.hpp"
#include "mjk/hand.hpp"
#include "mjk/tile.hpp"

namespace mjk {

enum class BlockKind : std::uint8_t { pair, triplet, sequence, single };

struct Block {
  BlockKind kind = BlockKind::pair;
  Tile first;  // the lowest tile; a sequence is first, first+1, first+2

  [[nodiscard]] constexpr int size() const noexcept {
    return kind == BlockKind::pair ? 2 : kind == BlockKind::single ? 1 : 3;
  }
  [[nodiscard]] constexpr bool contains(Tile t) const noexcept {
    if (kind == BlockKind::sequence) return t.kind() >= first.kind() && t.kind() <= first.kind() + 2;
    return t == first;
  }
  friend constexpr bool operator==(Block, Block) noexcept = default;
  friend constexpr auto operator<=>(Block a, Block b) noexcept {
    if (auto c = a.first <=> b.first; c != 0) return c;
    return a.kind <=> b.kind;
  }
};

enum class Form : std::uint8_t { standard, chiitoi, kokushi };
enum class WaitKind : std::uint8_t { ryanmen, kanchan, penchan, tanki, shanpon, kokushi, kokushi13 };

// One reading of a complete hand. Blocks: the head (or, for thirteen orphans,
// the pair) first, then the rest in ascending order. Called melds are not
// listed: they are not part of the concealed hand.
struct Decomposition {
  Form form = Form::standard;
  std::uint8_t block_count = 0;
  std::array<Block, 13> blocks{};
  std::int8_t win = -1;  // index of the block holding the winning tile, -1 if none was named
  std::optional<WaitKind> wait;

  friend constexpr bool operator==(const Decomposition&, const Decomposition&) noexcept = default;
};

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
                                                 std::span<Decomposition> out, const Options& options = {}) noexcept;

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

[[nodiscard]] MJK_API std::string block_name(Block b);  // "123m", "11z", "555p", "9s"
[[nodiscard]] MJK_API std::string_view form_name(Form f) noexcept;       // "standard", "chiitoi", "kokushi"
[[nodiscard]] MJK_API std::string_view wait_name(WaitKind w) noexcept;   // "ryanmen", ...

}  // namespace mjk
