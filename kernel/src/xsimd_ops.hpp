// The ops the kernel needs, for an xsimd register of signed bytes. Included
// only by the per-ISA translation units, each compiled with its own flags.
#pragma once

#include <xsimd/xsimd.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>

#if defined(__SSSE3__)
#include <immintrin.h>
#endif

#include "mjk/tile.hpp"
#include "slots.hpp"

namespace mjk::simd {

template <class Arch>
struct XsimdOps {
  using V = xsimd::batch<std::int8_t, Arch>;
  using R = typename V::register_type;
  static constexpr std::size_t lanes = V::size;

  // xsimd compares give a batch_bool; on x86 its register already is the
  // all-ones/zero byte mask the kernel computes with.
  static V gt(const V& a, const V& b) noexcept { return V(static_cast<R>(a > b)); }
  static V eq(const V& a, const V& b) noexcept { return V(static_cast<R>(a == b)); }

  // Lane-wise minimum of lanes holding 0..127 (unsigned min: one instruction from SSE2 on).
  static V min(const V& a, const V& b) noexcept {
    using U = xsimd::batch<std::uint8_t, Arch>;
    return xsimd::bitwise_cast<V>(xsimd::min(xsimd::bitwise_cast<U>(a), xsimd::bitwise_cast<U>(b)));
  }

  static void store(std::int8_t* p, const V& x) noexcept { x.store_unaligned(p); }

  // 16x16 byte transpose of x[0..15] in place: four rounds of interleaves.
  template <class W>
  static void transpose16(W* x) noexcept {
    for (int round = 0; round < 4; ++round) {
      W y[16];
      for (int k = 0; k < 8; ++k) {
        y[2 * k] = xsimd::zip_lo(x[k], x[k + 8]);
        y[2 * k + 1] = xsimd::zip_hi(x[k], x[k + 8]);
      }
      for (int k = 0; k < 16; ++k) x[k] = y[k];
    }
  }

  // rows[l] is lane l's 64 bytes; col[s] gets byte s of every lane.
  static void transpose_in(const std::uint8_t* const* rows, V* col) noexcept {
    for (int chunk = 0; chunk < 4; ++chunk) {
      V* x = col + 16 * chunk;
      if constexpr (lanes == 16) {
        for (int h = 0; h < 16; ++h)
          x[h] = V::load_unaligned(reinterpret_cast<const std::int8_t*>(rows[h] + 16 * chunk));
      } else {
        static_assert(lanes == 32);
#if defined(__AVX2__)
        // Each 128-bit half transposes on its own: lanes 0-15 in the low
        // halves, lanes 16-31 in the high halves.
        for (int h = 0; h < 16; ++h)
          x[h] = V(_mm256_loadu2_m128i(reinterpret_cast<const __m128i*>(rows[h + 16] + 16 * chunk),
                                       reinterpret_cast<const __m128i*>(rows[h] + 16 * chunk)));
#endif
      }
      transpose16(x);
    }
  }

#if defined(__SSSE3__)
  // Rows of 34 counts (kind order) loaded straight into the transposed
  // 48-slot block, for Layout::counts34: slot chunk c (slots 16c..16c+15,
  // c = 0..2) of a row is one byte shuffle of one unaligned 16-byte load of
  // the row, at a place that stays inside the row's 34 bytes; then the
  // transpose of those three chunks. Chunk 3 is zero but for the tile count
  // (col[48]), summed from the slot columns after the transpose (one add per
  // kind per block; bytes wrap like a byte sum). With 32 lanes (AVX2) one
  // 256-bit shuffle spreads rows h and h+16 at once.
  template <class Row>
  static void transpose_rows34_in(Row row, V* col) noexcept {
    static_assert(lanes == 16 || lanes == 32);
    for (int chunk = 0; chunk < 3; ++chunk) {
      const slots::Rows34Chunk& c = slots::rows34_chunks[static_cast<std::size_t>(chunk)];
      __m128i from;
      std::memcpy(&from, c.from.data(), 16);
      V* x = col + 16 * chunk;
      if constexpr (lanes == 16) {
        for (int h = 0; h < 16; ++h)
          x[h] = V(_mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(row(h) + c.load_at)), from));
      } else {
#if defined(__AVX2__)
        const __m256i from2 = _mm256_broadcastsi128_si256(from);
        for (int h = 0; h < 16; ++h)
          x[h] = V(_mm256_shuffle_epi8(_mm256_loadu2_m128i(reinterpret_cast<const __m128i*>(row(h + 16) + c.load_at),
                                                           reinterpret_cast<const __m128i*>(row(h) + c.load_at)),
                                       from2));
#endif
      }
      transpose16(x);
    }
    V tiles(static_cast<std::int8_t>(0));
    for (int kind = 0; kind < kind_count; ++kind) tiles = tiles + col[Tile(kind).slot()];
    col[48] = tiles;
    for (int s = 49; s < 64; ++s) col[s] = V(static_cast<std::int8_t>(0));
  }
  static void transpose_in_rows34(const std::uint8_t* const* rows, V* col) noexcept {
    transpose_rows34_in([rows](int l) { return rows[l]; }, col);
  }
  // The same for a full block of rows one after another from `first`.
  static void transpose_in_rows34_contiguous(const std::uint8_t* first, V* col) noexcept {
    transpose_rows34_in([first](int l) { return first + kind_count * l; }, col);
  }
#endif

  static void transpose_out(const V* col, std::uint8_t (*rows)[64]) noexcept {
    for (int chunk = 0; chunk < 4; ++chunk) {
      V x[16];
      for (int k = 0; k < 16; ++k) x[k] = col[16 * chunk + k];
      transpose16(x);
      if constexpr (lanes == 16) {
        for (int h = 0; h < 16; ++h) x[h].store_unaligned(reinterpret_cast<std::int8_t*>(rows[h] + 16 * chunk));
      } else {
#if defined(__AVX2__)
        for (int h = 0; h < 16; ++h)
          _mm256_storeu2_m128i(reinterpret_cast<__m128i*>(rows[h + 16] + 16 * chunk),
                               reinterpret_cast<__m128i*>(rows[h] + 16 * chunk), x[h]);
#endif
      }
    }
  }
};

}  // namespace mjk::simd
