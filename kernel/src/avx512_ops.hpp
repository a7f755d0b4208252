// The ops the kernel needs, on AVX-512 registers of 64 signed bytes (one hand
// per byte lane). Written on __m512i with intrinsics rather than xsimd: on
// AVX-512 a compare yields a k-mask, not the all-ones/zero byte vector the
// kernel computes with, so gt/eq expand it (vpmovm2b). Included only by
// arch/avx512.cpp, compiled with -mavx512f -mavx512bw -mavx512vl -mavx512vbmi.
#pragma once

#if !defined(__AVX512F__) || !defined(__AVX512BW__)
#error "avx512_ops.hpp needs -mavx512f -mavx512bw"
#endif

#include <immintrin.h>

#include <cstddef>
#include <cstdint>

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

  // 16x16 byte transpose inside each 128-bit lane of x[0..15]: four rounds
  // of interleaves (vpunpck{l,h}bw work per 128-bit lane).
  static void transpose16(__m512i* x) noexcept {
    for (int round = 0; round < 4; ++round) {
      __m512i y[16];
      for (int k = 0; k < 8; ++k) {
        y[2 * k] = _mm512_unpacklo_epi8(x[k], x[k + 8]);
        y[2 * k + 1] = _mm512_unpackhi_epi8(x[k], x[k + 8]);
      }
      for (int k = 0; k < 16; ++k) x[k] = y[k];
    }
  }

  // 4x4 transpose of the 128-bit blocks of a, b, c, d (its own inverse):
  // block j of the result's register i is block i of input j.
  // (GCC 12's _mm512_shuffle_i64x2 trips -Wmaybe-uninitialized on its own
  // undefined source; the all-ones mask form is the same instruction.)
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

  // rows[l] is lane l's 64 bytes; col[s] gets byte s of every lane. Rows h,
  // h+16, h+32, h+48 are loaded whole and their 16-byte chunks regrouped so
  // that register chunk c holds chunk c of the four rows, one per 128-bit
  // lane; each 128-bit lane then transposes its 16 hands on its own and lands
  // where the column wants it.
  static void transpose_in(const std::uint8_t* const* rows, V* col) noexcept {
    __m512i x[4][16];
    for (int h = 0; h < 16; ++h) {
      __m512i r[4];
      for (int j = 0; j < 4; ++j) r[j] = _mm512_loadu_si512(rows[h + 16 * j]);
      transpose_blocks(r[0], r[1], r[2], r[3]);
      for (int c = 0; c < 4; ++c) x[c][h] = r[c];
    }
    for (int c = 0; c < 4; ++c) {
      transpose16(x[c]);
      for (int k = 0; k < 16; ++k) col[16 * c + k] = V(x[c][k]);
    }
  }

  static void transpose_out(const V* col, std::uint8_t (*rows)[64]) noexcept {
    __m512i x[4][16];
    for (int c = 0; c < 4; ++c) {
      for (int k = 0; k < 16; ++k) x[c][k] = col[16 * c + k].v;
      transpose16(x[c]);
    }
    for (int h = 0; h < 16; ++h) {
      transpose_blocks(x[0][h], x[1][h], x[2][h], x[3][h]);
      for (int j = 0; j < 4; ++j) _mm512_storeu_si512(rows[h + 16 * j], x[j][h]);
    }
  }
};

}  // namespace mjk::simd
