// The kernel's questions about a hand: one hand at a time, or a batch.
//
// Every function validates its input (see validate() in hand.hpp) and reports
// a bad hand through `error`, never by crashing. They are pure, allocate
// nothing and may be called from any number of threads.
#pragma once

#include <array>
#include <span>

#include "mjk/error.hpp"
#include "mjk/hand.hpp"
#include "mjk/tile.hpp"

namespace mjk {

template <class T>
struct Result {
  T value{};
  Error error = Error::none;
  [[nodiscard]] bool ok() const noexcept { return error == Error::none; }
};

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

// 3k+2 tiles: complete as standard form, seven pairs or thirteen orphans?
[[nodiscard]] Result<bool> is_agari(const Hand& hand) noexcept;
// 3k+1 tiles: every kind that completes the hand, except kinds held four times.
[[nodiscard]] Result<TileMask> waits(const Hand& hand) noexcept;
// 3k+2 tiles: every discard that leaves a tenpai hand, with its waits.
[[nodiscard]] Result<TenpaiDiscards> tenpai_discards(const Hand& hand) noexcept;

// Batch forms: out[i] answers hands[i]. The fast path: hands are processed
// many per SIMD register. Returns Error::output_too_small (writing nothing)
// if out is shorter than hands.
[[nodiscard]] Error is_agari(std::span<const Hand> hands, std::span<Result<bool>> out) noexcept;
[[nodiscard]] Error waits(std::span<const Hand> hands, std::span<Result<TileMask>> out) noexcept;
[[nodiscard]] Error tenpai_discards(std::span<const Hand> hands, std::span<Result<TenpaiDiscards>> out) noexcept;
// 3k+2 tiles: FormBit flags of every form the hand is complete in (0: not agari).
[[nodiscard]] Error agari_forms(std::span<const Hand> hands, std::span<Result<std::uint8_t>> out) noexcept;
// 3k+1 tiles: the waits split by the form they complete.
[[nodiscard]] Error waits_by_form(std::span<const Hand> hands, std::span<Result<FormWaits>> out) noexcept;

}  // namespace mjk
