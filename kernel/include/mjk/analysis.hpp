// The kernel's questions about a hand: one hand at a time, or a batch.
//
// Every function validates its input (see validate() in hand.hpp) and reports
// a bad hand through `error`, never by crashing. They are pure, allocate
// nothing and may be called from any number of threads.
#pragma once

#include <array>
#include <span>

#include "mjk/analysis_types.hpp"
#include "mjk/error.hpp"
#include "mjk/export.h"
#include "mjk/hand.hpp"
#include "mjk/operations.hpp"
#include "mjk/rules.hpp"
#include "mjk/tile.hpp"

namespace mjk {

// Every operation (operations.hpp lists them) comes three ways:
//   Result<T> NAME(const Hand&, const Options& = {})      one hand
//   Error NAME(std::span<const Hand>, std::span<Result<T>>, const Options& = {})
//   Error NAME(std::span<const std::uint8_t> rows34, std::span<Result<T>>, const Options& = {})
// The batch forms are the fast path (many hands per SIMD register): out[i]
// answers hand i; rows34 holds one row of 34 counts (kind order) per hand.
// They return Error::output_too_small (writing nothing) if out is shorter
// than the input, and Error::partial_row if rows34 is not a whole number of
// rows; a bad hand gets its error in its own Result.

// 3k+2: is the hand complete (standard form, seven pairs or thirteen orphans)?
[[nodiscard]] MJK_API Result<bool> is_agari(const Hand& hand, const Options& options = {}) noexcept;
// Batch of is_agari: out[i] answers hands[i].
[[nodiscard]] MJK_API Error is_agari(std::span<const Hand> hands, std::span<Result<bool>> out,
                                     const Options& options = {}) noexcept;
// Batch of is_agari over rows of 34 counts: out[i] answers row i.
[[nodiscard]] MJK_API Error is_agari(std::span<const std::uint8_t> rows34, std::span<Result<bool>> out,
                                     const Options& options = {}) noexcept;

// 3k+2: FormBit flags of every form the hand is complete in (0: not complete).
[[nodiscard]] MJK_API Result<std::uint8_t> agari_forms(const Hand& hand, const Options& options = {}) noexcept;
// Batch of agari_forms: out[i] answers hands[i].
[[nodiscard]] MJK_API Error agari_forms(std::span<const Hand> hands, std::span<Result<std::uint8_t>> out,
                                        const Options& options = {}) noexcept;
// Batch of agari_forms over rows of 34 counts: out[i] answers row i.
[[nodiscard]] MJK_API Error agari_forms(std::span<const std::uint8_t> rows34, std::span<Result<std::uint8_t>> out,
                                        const Options& options = {}) noexcept;

// 3k+1: every kind that completes the hand, except kinds held four times.
[[nodiscard]] MJK_API Result<TileMask> waits(const Hand& hand, const Options& options = {}) noexcept;
// Batch of waits: out[i] answers hands[i].
[[nodiscard]] MJK_API Error waits(std::span<const Hand> hands, std::span<Result<TileMask>> out,
                                  const Options& options = {}) noexcept;
// Batch of waits over rows of 34 counts: out[i] answers row i.
[[nodiscard]] MJK_API Error waits(std::span<const std::uint8_t> rows34, std::span<Result<TileMask>> out,
                                  const Options& options = {}) noexcept;

// 3k+1: the waits split by the form they complete.
[[nodiscard]] MJK_API Result<FormWaits> waits_by_form(const Hand& hand, const Options& options = {}) noexcept;
// Batch of waits_by_form: out[i] answers hands[i].
[[nodiscard]] MJK_API Error waits_by_form(std::span<const Hand> hands, std::span<Result<FormWaits>> out,
                                          const Options& options = {}) noexcept;
// Batch of waits_by_form over rows of 34 counts: out[i] answers row i.
[[nodiscard]] MJK_API Error waits_by_form(std::span<const std::uint8_t> rows34, std::span<Result<FormWaits>> out,
                                          const Options& options = {}) noexcept;

// 3k+2: every discard that leaves a tenpai hand, with its waits.
[[nodiscard]] MJK_API Result<TenpaiDiscards> tenpai_discards(const Hand& hand, const Options& options = {}) noexcept;
// Batch of tenpai_discards: out[i] answers hands[i].
[[nodiscard]] MJK_API Error tenpai_discards(std::span<const Hand> hands, std::span<Result<TenpaiDiscards>> out,
                                            const Options& options = {}) noexcept;
// Batch of tenpai_discards over rows of 34 counts: out[i] answers row i.
[[nodiscard]] MJK_API Error tenpai_discards(std::span<const std::uint8_t> rows34, std::span<Result<TenpaiDiscards>> out,
                                            const Options& options = {}) noexcept;

// 3k+1 or 3k+2: exact shanten by form.
[[nodiscard]] MJK_API Result<ShantenForms> shanten(const Hand& hand, const Options& options = {}) noexcept;
// Batch of shanten: out[i] answers hands[i].
[[nodiscard]] MJK_API Error shanten(std::span<const Hand> hands, std::span<Result<ShantenForms>> out,
                                    const Options& options = {}) noexcept;
// Batch of shanten over rows of 34 counts: out[i] answers row i.
[[nodiscard]] MJK_API Error shanten(std::span<const std::uint8_t> rows34, std::span<Result<ShantenForms>> out,
                                    const Options& options = {}) noexcept;

// 3k+1: the kinds whose draw lowers the shanten, and their ukeire.
[[nodiscard]] MJK_API Result<Necessary> necessary_tiles(const Hand& hand, const Options& options = {}) noexcept;
// Batch of necessary_tiles: out[i] answers hands[i].
[[nodiscard]] MJK_API Error necessary_tiles(std::span<const Hand> hands, std::span<Result<Necessary>> out,
                                            const Options& options = {}) noexcept;
// Batch of necessary_tiles over rows of 34 counts: out[i] answers row i.
[[nodiscard]] MJK_API Error necessary_tiles(std::span<const std::uint8_t> rows34, std::span<Result<Necessary>> out,
                                            const Options& options = {}) noexcept;

// 3k+2: each distinct held kind's discard: shanten, necessary tiles, ukeire.
[[nodiscard]] MJK_API Result<Advice> advice(const Hand& hand, const Options& options = {}) noexcept;
// Batch of advice: out[i] answers hands[i].
[[nodiscard]] MJK_API Error advice(std::span<const Hand> hands, std::span<Result<Advice>> out,
                                   const Options& options = {}) noexcept;
// Batch of advice over rows of 34 counts: out[i] answers row i.
[[nodiscard]] MJK_API Error advice(std::span<const std::uint8_t> rows34, std::span<Result<Advice>> out,
                                   const Options& options = {}) noexcept;

// Each row of MJK_OPERATIONS (which generates the registry and dispatch) is
// declared above, all three ways: a row without its declarations fails here
// (the cast must find the overload; sizeof keeps it unevaluated, as an
// address compared with nullptr is no constant under gcc's sanitizers).
#define MJK_OPERATION_DECLARED(name, T, question)                                                                    \
  static_assert(sizeof(static_cast<Result<T> (*)(const Hand&, const Options&) noexcept>(&name)) != 0);               \
  static_assert(sizeof(static_cast<Error (*)(std::span<const Hand>, std::span<Result<T>>, const Options&) noexcept>( \
                    &name)) != 0);                                                                                   \
  static_assert(                                                                                                     \
      sizeof(static_cast<Error (*)(std::span<const std::uint8_t>, std::span<Result<T>>, const Options&) noexcept>(   \
          &name)) != 0);
MJK_OPERATIONS(MJK_OPERATION_DECLARED)
#undef MJK_OPERATION_DECLARED

}  // namespace mjk
