// The ops the kernel needs, on AVX-512 registers of 64 signed bytes (one hand
// per byte lane). Written on __m512i with intrinsics rather than xsimd: on
// AVX-512 a compare yields a k-mask, not the all-ones/zero byte vector the
// kernel computes with, so gt/eq expand it (vpmovm2b). Included only by
// arch/avx512.cpp, compiled with -mavx512f -mavx512bw -mavx512vl -mavx512vbmi.
//
// GCC 12's plain forms of some intrinsics (_mm512_shuffle_i64x2,
// _mm512_permutexvar_epi8, ...) pass an _mm*_undefined_*() source that trips
// -W(maybe-)uninitialized once inlined (GCC bug 105593); their all-ones
// zero-mask forms below compile to the same unmasked instructions.
#pragma once

#if !defined(__AVX512F__) || !defined(__AVX512BW__)
#error "avx512_ops.hpp needs -mavx512f -mavx512bw"
#endif

#include <immintrin.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "slots.hpp"

namespace mjk::simd {

// A register of 64 signed bytes with the operators the kernel uses.
struct Bytes64 {
  __m512i v;

  Bytes64() = default;
  Bytes64(std::int8_t x) noexcept : v(_mm512_set1_epi8(x)) {}  // NOLINT: broadcast like xsimd
  explicit Bytes64(__m512i r) noexcept : v(r) {}

  friend Bytes64 operator+(const Bytes64& a, const Bytes64& b) noexcept { return Bytes64(_mm512_add_epi8(a.v, b.v)); }
  friend Bytes64 operator-(const Bytes64& a, const Bytes64& b) noexcept { return Bytes64(_mm512_sub_epi8(a.v, b.v)); }
  friend Bytes64 operator&(const Bytes64& a, const Bytes64& b) noexcept { return Bytes64(_mm512_and_si512(a.v, b.v)); }
  friend Bytes64 operator|(const Bytes64& a, const Bytes64& b) noexcept { return Bytes64(_mm512_or_si512(a.v, b.v)); }
  friend Bytes64 operator^(const Bytes64& a, const Bytes64& b) noexcept { return Bytes64(_mm512_xor_si512(a.v, b.v)); }
};

struct Avx512Ops {
  using V = Bytes64;
  static constexpr std::size_t lanes = 64;

  static V gt(const V& a, const V& b) noexcept { return V(_mm512_movm_epi8(_mm512_cmpgt_epi8_mask(a.v, b.v))); }
  static V eq(const V& a, const V& b) noexcept { return V(_mm512_movm_epi8(_mm512_cmpeq_epi8_mask(a.v, b.v))); }

  static void store(std::int8_t* p, const V& x) noexcept { _mm512_storeu_si512(p, x.v); }

  // Byte pairs {first[l], second[l]} for l = 0..63, 128 bytes at p.
  static void store_pairs(std::uint8_t* p, const V& first, const V& second) noexcept {
    // Per 128-bit lane j: lo = lanes 16j..16j+7, hi = lanes 16j+8..16j+15.
    const __m512i lo = _mm512_unpacklo_epi8(first.v, second.v), hi = _mm512_unpackhi_epi8(first.v, second.v);
    const __m512i head = _mm512_set_epi64(11, 10, 3, 2, 9, 8, 1, 0),
                  tail = _mm512_set_epi64(15, 14, 7, 6, 13, 12, 5, 4);
    _mm512_storeu_si512(p, _mm512_permutex2var_epi64(lo, head, hi));
    _mm512_storeu_si512(p + 64, _mm512_permutex2var_epi64(lo, tail, hi));
  }

  // The unsigned byte maximum.
  static V max_u(const V& a, const V& b) noexcept { return V(_mm512_max_epu8(a.v, b.v)); }
  // Lane-wise minimum of lanes holding 0..127 (the unsigned one).
  static V min(const V& a, const V& b) noexcept { return V(_mm512_min_epu8(a.v, b.v)); }

#if defined(__AVX512VBMI__)
  // table[x & 63] per lane (vpermb).
  static V lookup64(const std::array<std::int8_t, 64>& table, const V& x) noexcept {
    return V(_mm512_maskz_permutexvar_epi8(~0ull, x.v, _mm512_loadu_si512(table.data())));
  }
#endif

  // 16x16 byte transpose inside each 128-bit lane of x[0..15]: four rounds
  // of interleaves (vpunpck{l,h}bw work per 128-bit lane), unrolled so the
  // sixteen registers stay in registers. Always inlined: out of line (GCC
  // stops inlining it once the translation unit grows) the registers go
  // through memory and a rows34 agari batch measured 12% slower.
  template <int Round = 0>
  __attribute__((always_inline)) static inline void transpose16(__m512i* x) noexcept {
    if constexpr (Round < 4) {
      __m512i y[16];
#pragma GCC unroll 8
      for (int k = 0; k < 8; ++k) {
        y[2 * k] = _mm512_unpacklo_epi8(x[k], x[k + 8]);
        y[2 * k + 1] = _mm512_unpackhi_epi8(x[k], x[k + 8]);
      }
      transpose16<Round + 1>(y);
#pragma GCC unroll 16
      for (int k = 0; k < 16; ++k) x[k] = y[k];
    }
  }

  // Chunk c (bytes 16c..16c+15) of rows h, h+16, h+32, h+48, one per
  // 128-bit lane: a broadcast load and three merge-masked broadcast loads
  // (blends, which any vector pipe runs, rather than inserts, which compete
  // with the unpacks for the shuffle pipes).
  template <class Row>
  static __m512i chunk_of(Row row, int h, int c) noexcept {
    const auto part = [&](int l) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(row(l) + 16 * c)); };
    __m512i x = _mm512_maskz_broadcast_i32x4(0xffff, part(h));
    x = _mm512_mask_broadcast_i32x4(x, 0x00f0, part(h + 16));
    x = _mm512_mask_broadcast_i32x4(x, 0x0f00, part(h + 32));
    return _mm512_mask_broadcast_i32x4(x, 0xf000, part(h + 48));
  }

  // row(l) is lane l's 64 bytes; col[s] gets byte s of every lane for the
  // slots and the tile count (s <= 48); col[49..63] (red fives, padding: the
  // kernel never reads them) are zero. With chunk c of rows h, h+16, h+32,
  // h+48 in the 128-bit lanes of register h, each 128-bit lane transposes
  // its 16 hands on its own and lands where the column wants it. Of the last
  // chunk only byte 48 is kept, so the compiler drops the other unpacks.
  template <class Row>
  static void transpose_rows_in(Row row, V* col) noexcept {
#pragma GCC unroll 4
    for (int c = 0; c < 4; ++c) {
      __m512i x[16];
#pragma GCC unroll 16
      for (int h = 0; h < 16; ++h) x[h] = chunk_of(row, h, c);
      transpose16(x);
      if (c < 3) {
#pragma GCC unroll 16
        for (int k = 0; k < 16; ++k) col[16 * c + k] = V(x[k]);
      } else {
        col[48] = V(x[0]);
#pragma GCC unroll 16
        for (int k = 1; k < 16; ++k) col[48 + k] = V(_mm512_setzero_si512());
      }
    }
  }

  static void transpose_in(const std::uint8_t* const* rows, V* col) noexcept {
    transpose_rows_in([rows](int l) { return rows[l]; }, col);
  }
  // Rows of 34 counts (Layout::counts34), spread into the slot layout on the
  // way in: slot chunk c of rows h, h+16, h+32, h+48 is one load per row
  // inside its 34 bytes (slots::rows34_chunks) and one byte shuffle per
  // 128-bit lane; the tile count is summed from the slot columns after the
  // transpose (bytes wrap like a byte sum).
  template <class Row>
  static void transpose_rows34_in(Row row, V* col) noexcept {
#pragma GCC unroll 3
    for (int c = 0; c < 3; ++c) {
      const slots::Rows34Chunk& chunk = slots::rows34_chunks[static_cast<std::size_t>(c)];
      __m128i from;
      std::memcpy(&from, chunk.from.data(), 16);
      const __m512i from4 = _mm512_maskz_broadcast_i32x4(0xffff, from);  // GCC bug 105593: the zero-mask form
      const auto part = [&](int l) {
        return _mm_loadu_si128(reinterpret_cast<const __m128i*>(row(l) + chunk.load_at));
      };
      __m512i x[16];
#pragma GCC unroll 16
      for (int h = 0; h < 16; ++h) {
        __m512i y = _mm512_maskz_broadcast_i32x4(0xffff, part(h));
        y = _mm512_mask_broadcast_i32x4(y, 0x00f0, part(h + 16));
        y = _mm512_mask_broadcast_i32x4(y, 0x0f00, part(h + 32));
        y = _mm512_mask_broadcast_i32x4(y, 0xf000, part(h + 48));
        x[h] = _mm512_shuffle_epi8(y, from4);
      }
      transpose16(x);
#pragma GCC unroll 16
      for (int k = 0; k < 16; ++k) col[16 * c + k] = V(x[k]);
    }
    V tiles(static_cast<std::int8_t>(0));
    for (int kind = 0; kind < kind_count; ++kind) tiles = tiles + col[Tile(kind).slot()];
    col[48] = tiles;
    for (int s = 49; s < 64; ++s) col[s] = V(_mm512_setzero_si512());
  }
  static void transpose_in_rows34(const std::uint8_t* const* rows, V* col) noexcept {
    transpose_rows34_in([rows](int l) { return rows[l]; }, col);
  }
  // The same for 64 rows of 34 counts one after another from `first`.
  static void transpose_in_rows34_contiguous(const std::uint8_t* first, V* col) noexcept {
    transpose_rows34_in([first](int l) { return first + kind_count * l; }, col);
  }
  // The same for 64 rows one after another from `first`.
  static void transpose_in_contiguous(const std::uint8_t* first, V* col) noexcept {
    transpose_rows_in([first](int l) { return first + 64 * l; }, col);
  }

  // 4x4 transpose of the 128-bit blocks of a, b, c, d (its own inverse):
  // block j of the result's register i is block i of input j.
  template <int Imm>
  static __m512i shuffle_blocks(__m512i a, __m512i b) noexcept {
    return _mm512_maskz_shuffle_i64x2(0xff, a, b, Imm);
  }
  static void transpose_blocks(__m512i& a, __m512i& b, __m512i& c, __m512i& d) noexcept {
    const __m512i ab01 = shuffle_blocks<0x44>(a, b), ab23 = shuffle_blocks<0xee>(a, b);
    const __m512i cd01 = shuffle_blocks<0x44>(c, d), cd23 = shuffle_blocks<0xee>(c, d);
    a = shuffle_blocks<0x88>(ab01, cd01);
    b = shuffle_blocks<0xdd>(ab01, cd01);
    c = shuffle_blocks<0x88>(ab23, cd23);
    d = shuffle_blocks<0xdd>(ab23, cd23);
  }

  // The inverse of transpose_in: after the per-lane 16x16 transposes,
  // register h of chunk c holds chunk c of rows h, h+16, h+32, h+48; a 4x4
  // block transpose across the chunks gives each of those rows whole.
  static void transpose_out(const V* col, std::uint8_t (*rows)[64]) noexcept {
    __m512i x[4][16];
#pragma GCC unroll 4
    for (int c = 0; c < 4; ++c) {
#pragma GCC unroll 16
      for (int k = 0; k < 16; ++k) x[c][k] = col[16 * c + k].v;
      transpose16(x[c]);
    }
#pragma GCC unroll 16
    for (int h = 0; h < 16; ++h) {
      transpose_blocks(x[0][h], x[1][h], x[2][h], x[3][h]);
      for (int j = 0; j < 4; ++j) _mm512_storeu_si512(rows[h + 16 * j], x[j][h]);
    }
  }
};

}  // namespace mjk::simd
