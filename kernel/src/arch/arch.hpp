// The instruction sets the kernel is compiled for, and the entry points each
// per-ISA translation unit defines (no SIMD types here): a struct per ISA with
// one static function per row of MJK_OPERATIONS, and its single-hand
// counterpart single_NAME.
#pragma once

#include <cstddef>

#include "mjk/implementation.hpp"

#define MJK_ISAS(Y) Y(avx512) Y(avx2) Y(sse4_2) Y(sse2) Y(portable)

namespace mjk::arch {
#define MJK_DECLARE_ENTRY(name, T, question)                       \
  static void name(const BatchInput& in, Result<T>* out) noexcept; \
  static Result<T> single_##name(const Hand& hand, const Options& options) noexcept;
#define MJK_DECLARE_ISA(isa)          \
  struct isa {                        \
    MJK_OPERATIONS(MJK_DECLARE_ENTRY) \
  };
MJK_ISAS(MJK_DECLARE_ISA)
#undef MJK_DECLARE_ISA
#undef MJK_DECLARE_ENTRY
}  // namespace mjk::arch
