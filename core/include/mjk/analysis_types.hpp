// What the kernel's operations answer (analysis.hpp): plain values, shared
// with the scalar reference and the doors.
#pragma once

#include <array>
#include <cstdint>

#include "mjk/tile.hpp"

namespace mjk {

// Discards of a 3k+2 hand that leave it tenpai, and the waits after each.
struct TenpaiDiscards {
  TileMask discards;
  std::array<TileMask, kind_count> waits{};  // indexed by the discarded kind
  friend bool operator==(const TenpaiDiscards&, const TenpaiDiscards&) noexcept = default;
};

// The forms a hand is complete in, or has waits in, as bits.
enum FormBit : std::uint8_t { standard_form = 1, chiitoi_form = 2, kokushi_form = 4 };

// Waits of a 3k+1 hand by form (a kind may complete more than one form).
struct FormWaits {
  TileMask standard, chiitoi, kokushi;
  [[nodiscard]] TileMask all() const noexcept { return TileMask(standard.bits() | chiitoi.bits() | kokushi.bits()); }
  friend bool operator==(const FormWaits&, const FormWaits&) noexcept = default;
};

// Shanten by form; seven pairs and thirteen orphans apply to 13/14 concealed tiles only.
struct ShantenForms {
  static constexpr std::int8_t not_applicable = 127;
  std::int8_t best = 0, standard = 0, chiitoi = not_applicable, kokushi = not_applicable;
  friend bool operator==(const ShantenForms&, const ShantenForms&) noexcept = default;
};
// 3k+1 hands: the kinds whose draw lowers the best shanten, and the unseen copies of them.
struct Necessary {
  std::int8_t shanten = 0;  // best shanten of the hand
  std::uint8_t ukeire = 0;  // copies of `tiles` neither in the hand nor in Options::visible
  TileMask tiles;
  friend bool operator==(const Necessary&, const Necessary&) noexcept = default;
};
// 3k+2 hands: what discarding each distinct held kind leaves.
struct DiscardOption {
  Tile discard;
  std::int8_t shanten = 0;  // best shanten after the discard
  std::uint8_t ukeire = 0;  // the discarded copy is not in the wall either
  TileMask necessary;
  friend bool operator==(const DiscardOption&, const DiscardOption&) noexcept = default;
};
struct Advice {
  std::uint8_t count = 0;                   // distinct kinds held
  std::array<DiscardOption, 14> options{};  // shanten ascending, then ukeire descending, then kind
  friend bool operator==(const Advice&, const Advice&) noexcept = default;
};

}  // namespace mjk
