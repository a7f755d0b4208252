// How a complete hand splits into blocks, and the wait each split implies:
// the values the kernel's decompositions() and the scalar reference answer.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "mjk/export.h"
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

[[nodiscard]] MJK_API std::string block_name(Block b);                  // "123m", "11z", "555p", "9s"
[[nodiscard]] MJK_API std::string_view form_name(Form f) noexcept;      // "standard", "chiitoi", "kokushi"
[[nodiscard]] MJK_API std::string_view wait_name(WaitKind w) noexcept;  // "ryanmen", ...

}  // namespace mjk
