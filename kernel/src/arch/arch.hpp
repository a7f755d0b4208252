// Entry points of each per-ISA translation unit (no SIMD types here).
#pragma once

#include <cstddef>

#include "mjk/analysis.hpp"

#define MJK_DECLARE_ARCH(isa)                                                          \
  namespace mjk::arch::isa {                                                           \
  void is_agari(const Hand* h, std::size_t n, Result<bool>* out) noexcept;             \
  void waits(const Hand* h, std::size_t n, Result<TileMask>* out) noexcept;            \
  void tenpai_discards(const Hand* h, std::size_t n, Result<TenpaiDiscards>* out) noexcept; \
  void agari_forms(const Hand* h, std::size_t n, Result<std::uint8_t>* out) noexcept;     \
  void waits_by_form(const Hand* h, std::size_t n, Result<FormWaits>* out) noexcept;      \
  }

MJK_DECLARE_ARCH(avx512)
MJK_DECLARE_ARCH(avx2)
MJK_DECLARE_ARCH(sse4_2)
MJK_DECLARE_ARCH(sse2)
MJK_DECLARE_ARCH(portable)

#undef MJK_DECLARE_ARCH
