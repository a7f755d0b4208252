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


// Every operation of MJK_OPERATIONS (operations.hpp says what each answers)
// comes three ways:
//   Result<T> NAME(const Hand&, const Options& = {})      one hand
//   Error NAME(std::span<const Hand>, std::span<Result<T>>, const Options& = {})
//   Error NAME(std::span<const std::uint8_t> rows34, std::span<Result<T>>, const Options& = {})
// The batch forms are the fast path (many hands per SIMD register): out[i]
// answers hand i; rows34 holds one row of 34 counts (kind order) per hand.
// They return Error::output_too_small (writing nothing) if out is shorter
// than the input, and Error::partial_row if rows34 is not a whole number of
// rows; a bad hand gets its error in its own Result.
#define MJK_DECLARE_OPERATION(name, T, question)                                                             \
  [[nodiscard]] MJK_API Result<T> name(const Hand& hand, const Options& options = {}) noexcept;                      \
  [[nodiscard]] MJK_API Error name(std::span<const Hand> hands, std::span<Result<T>> out, const Options& options = {}) noexcept; \
  [[nodiscard]] MJK_API Error name(std::span<const std::uint8_t> rows34, std::span<Result<T>> out,                    \
                           const Options& options = {}) noexcept;
MJK_OPERATIONS(MJK_DECLARE_OPERATION)
#undef MJK_DECLARE_OPERATION

}  // namespace mjk
