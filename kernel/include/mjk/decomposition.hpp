// How a complete hand splits into blocks, and the wait each split implies.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

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

// The wait a winning tile implies when it sits in `block` of a standard hand.
[[nodiscard]] constexpr WaitKind wait_kind(Block block, Tile win) noexcept {
  switch (block.kind) {
    case BlockKind::pair: return WaitKind::tanki;
    case BlockKind::triplet: return WaitKind::shanpon;
    case BlockKind::single: return WaitKind::kokushi;
    case BlockKind::sequence: break;
  }
  const int offset = win.kind() - block.first.kind();  // 0, 1 or 2
  if (offset == 1) return WaitKind::kanchan;
  if ((offset == 2 && block.first.number() == 1) || (offset == 0 && block.first.number() == 7))
    return WaitKind::penchan;  // 12-3 or 7-89
  return WaitKind::ryanmen;
}

[[nodiscard]] std::string block_name(Block b);  // "123m", "11z", "555p", "9s"
[[nodiscard]] std::string_view form_name(Form f) noexcept;       // "standard", "chiitoi", "kokushi"
[[nodiscard]] std::string_view wait_name(WaitKind w) noexcept;   // "ryanmen", ...

}  // namespace mjk
