// The hand model: concealed tile counts in the padded 12-per-suit layout,
// and conversions to and from the text and array forms in use.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "mjk/export.h"
#include "mjk/error.hpp"
#include "mjk/rules.hpp"
#include "mjk/tile.hpp"

namespace mjk {

// Concealed tiles only; called melds are implied by the count (3k+1 or 3k+2
// concealed tiles means 4-k melds were called). 64 bytes, so a batch of
// hands is a plain array the kernel can load without gathers.
struct alignas(64) Hand {
  std::array<std::uint8_t, slot_count> slots{};  // count per slot; padding slots stay 0
  std::uint8_t tiles = 0;                        // sum of slots
  std::array<std::uint8_t, 3> red_fives{};       // red 5m/5p/5s held; for printing only

  [[nodiscard]] constexpr int count(Tile t) const noexcept { return slots[t.slot()]; }
  // Callers keep counts within 0..4; validate() checks a hand built by hand.
  constexpr void add(Tile t, int n = 1) noexcept {
    slots[t.slot()] = static_cast<std::uint8_t>(slots[t.slot()] + n);
    tiles = static_cast<std::uint8_t>(tiles + n);
  }
  constexpr void remove(Tile t) noexcept {
    slots[t.slot()] = static_cast<std::uint8_t>(slots[t.slot()] - 1);
    tiles = static_cast<std::uint8_t>(tiles - 1);
    if (t.number() == 5 && !t.is_honour() && slots[t.slot()] < red_fives[t.kind() / 9])
      red_fives[t.kind() / 9] = slots[t.slot()];
  }
  // Called melds implied by the tile count: 4 - (tiles - tiles % 3) / 3.
  [[nodiscard]] constexpr int called_melds() const noexcept { return 4 - tiles / 3; }

  friend constexpr bool operator==(const Hand& a, const Hand& b) noexcept {
    return a.slots == b.slots && a.tiles == b.tiles;  // red fives don't change the analysis
  }
};
static_assert(sizeof(Hand) == 64);

// The questions a hand can be asked, each with the tile counts it accepts.
enum class Question : std::uint8_t {
  any,       // 1..14 tiles
  waits,     // 3k+1: 1, 4, 7, 10, 13
  complete,  // 3k+2: 2, 5, 8, 11, 14 (agari, tenpai discards, decompositions)
  shanten,   // 3k+1 or 3k+2
};

// Checks what the kernel relies on: counts 0..4, padding slots empty,
// `tiles` equal to the sum, at most 14 tiles, the count the question needs,
// and (three players) no 2m-8m; the first failure in that order is reported.
[[nodiscard]] MJK_API HandError validate(const Hand& hand, Question q = Question::any,
                                         Players players = Players::four) noexcept;

// A parsed hand; `winning` (when written after a space) is included in `hand`.
struct ParsedHand {
  Hand hand;
  std::optional<Tile> winning;
  bool winning_red = false;  // the winning tile was written as a red five ("0m")
};

template <class T>
struct Parsed {
  T value{};
  HandError error;
  [[nodiscard]] bool ok() const noexcept { return error.code == Error::none; }
};

// "123m456p789s11z", red fives as 0 ("0m"), optionally " 1s" naming the
// winning tile (which is part of the hand).
[[nodiscard]] MJK_API Parsed<ParsedHand> parse_mpsz(std::string_view text);
// The suit-first form: "m1m1m1m2m2m2m3m3m3p8p9p9p9 p7"; suit letter before each digit.
[[nodiscard]] MJK_API Parsed<ParsedHand> parse_suit_first(std::string_view text);
// Any notation players paste, told apart by detect_notation (notation.hpp):
// mpsz in either case, suit-first, majiang-core (its calls dropped here: the
// hand model implies them), Unicode tiles.
[[nodiscard]] MJK_API Parsed<ParsedHand> parse_hand(std::string_view text);
// One tile: "5m", "0p" (red five), "7z".
[[nodiscard]] MJK_API std::optional<Tile> parse_tile(std::string_view text) noexcept;

// 34 counts in kind order (1-9m, 1-9p, 1-9s, 1-7z).
[[nodiscard]] MJK_API Parsed<Hand> from_counts34(std::span<const int, kind_count> counts);
// 136-tile ids, id / 4 = kind; ids 16, 52 and 88 are the red fives.
[[nodiscard]] MJK_API Parsed<Hand> from_tile_ids(std::span<const int> ids);

// 34 counts in kind order (1-9m, 1-9p, 1-9s, 1-7z).
[[nodiscard]] MJK_API std::array<int, kind_count> to_counts34(const Hand& hand) noexcept;
// Ids in ascending order, the lowest copies of each kind (a red five takes its red id).
[[nodiscard]] MJK_API std::vector<int> to_tile_ids(const Hand& hand);
// Canonical mpsz: suits in m p s z order, digits ascending, red fives as 0.
[[nodiscard]] MJK_API std::string to_mpsz(const Hand& hand);
// The suit-first form: "m1m1m2p0", kinds ascending, red fives as 0.
[[nodiscard]] MJK_API std::string to_suit_first(const Hand& hand);
[[nodiscard]] MJK_API std::string tile_name(Tile t);  // "5m"

}  // namespace mjk
