// The register of the single-hand path: 16 signed bytes whose lanes are the
// *tries* of one hand (a group, with a head, a wait or a discard applied).
//
// Written with GCC/Clang vector extensions plus, where the translation unit's
// flags allow, one intrinsic each for what the extensions can't say well:
// SSE2 (x86-64 baseline) for the unsigned minimum and the sign-bit mask,
// SSSE3 (the sse4.2 and avx2 objects) for the byte shuffle; without them a
// plain loop. It is included only by the per-ISA translation units and
// templated on the batch Ops of that unit (Tag), so each object keeps its own
// copy compiled with its own flags (no ODR mixing of ISAs).
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>

#include "portable_lanes.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__SSSE3__)
#include <tmmintrin.h>
#endif

namespace mjk::simd {

template <class Tag>
struct SingleOps {
  using V = Lanes<16>;
  using U = typename V::U;

  static V k(int x) noexcept { return V(static_cast<std::int8_t>(x)); }
  static V load(const void* p) noexcept {
    V r;
    std::memcpy(&r.v, p, 16);
    return r;
  }
  // The first n bytes of p, the rest zero.
  template <int N>
  static V load_low(const void* p) noexcept {
    V r(0);
    std::memcpy(&r.v, p, N);
    return r;
  }
  static void store(void* p, const V& x) noexcept { std::memcpy(p, &x.v, 16); }

  static V gt(const V& a, const V& b) noexcept { return greater(a, b); }
  static V eq(const V& a, const V& b) noexcept { return equal(a, b); }

  // Unsigned byte minimum.
  static V min_u8(const V& a, const V& b) noexcept {
#if defined(__SSE2__)
    return V(std::bit_cast<U>(_mm_min_epu8(std::bit_cast<__m128i>(a.v), std::bit_cast<__m128i>(b.v))));
#else
    const U lt = U(a.v < b.v);
    return V((a.v & lt) | (b.v & ~lt));
#endif
  }

  // Lane i gets table[idx[i] & 15], or 0 where idx[i] has its top bit set.
  static V shuffle(const V& table, const V& idx) noexcept {
#if defined(__SSSE3__)
    return V(std::bit_cast<U>(_mm_shuffle_epi8(std::bit_cast<__m128i>(table.v), std::bit_cast<__m128i>(idx.v))));
#else
    alignas(16) std::uint8_t t[16], i[16], r[16];
    std::memcpy(t, &table.v, 16);
    std::memcpy(i, &idx.v, 16);
    for (int j = 0; j < 16; ++j) r[j] = (i[j] & 0x80) ? std::uint8_t{0} : t[i[j] & 15];
    return load(r);
#endif
  }

  // Bit i = top bit of lane i.
  static unsigned sign_bits(const V& x) noexcept {
#if defined(__SSE2__)
    return static_cast<unsigned>(_mm_movemask_epi8(std::bit_cast<__m128i>(x.v)));
#else
    unsigned m = 0;
    for (int i = 0; i < 16; ++i) m |= static_cast<unsigned>(x.v[i] >> 7) << i;
    return m;
#endif
  }

  // The sum of the 16 unsigned bytes.
  static int sum_bytes(const V& x) noexcept {
#if defined(__SSE2__)
    const __m128i s = _mm_sad_epu8(std::bit_cast<__m128i>(x.v), _mm_setzero_si128());
    return _mm_cvtsi128_si32(s) + _mm_extract_epi16(s, 4);
#else
    int n = 0;
    for (int i = 0; i < 16; ++i) n += static_cast<std::uint8_t>(x.v[i]);
    return n;
#endif
  }

  // The sums of a's and of b's 16 unsigned bytes, one sum of 16 bytes: the
  // halves of each added first (a byte of a or b with its partner in the
  // other half must not exceed 255 together).
  static void sum_bytes_of_two(const V& a, const V& b, int& sum_a, int& sum_b) noexcept {
    const V halves =
        V(U(__builtin_shufflevector(a.v, b.v, 0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23))) +
        V(U(__builtin_shufflevector(a.v, b.v, 8, 9, 10, 11, 12, 13, 14, 15, 24, 25, 26, 27, 28, 29, 30, 31)));
#if defined(__SSE2__)
    const __m128i s = _mm_sad_epu8(std::bit_cast<__m128i>(halves.v), _mm_setzero_si128());
    sum_a = _mm_cvtsi128_si32(s);
    sum_b = _mm_extract_epi16(s, 4);
#else
    sum_a = sum_b = 0;
    for (int i = 0; i < 8; ++i) {
      sum_a += static_cast<std::uint8_t>(halves.v[i]);
      sum_b += static_cast<std::uint8_t>(halves.v[8 + i]);
    }
#endif
  }

  // Interleaves: bytes of the low halves (a0 b0 a1 b1 ...), and 16-bit
  // pairs of the low / high halves (a0 a1 b0 b1 ...).
  static V zip8(const V& a, const V& b) noexcept {
    return V(U(__builtin_shufflevector(a.v, b.v, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23)));
  }
  static V zip16_lo(const V& a, const V& b) noexcept {
    return V(U(__builtin_shufflevector(a.v, b.v, 0, 1, 16, 17, 2, 3, 18, 19, 4, 5, 20, 21, 6, 7, 22, 23)));
  }
  static V zip16_hi(const V& a, const V& b) noexcept {
    return V(U(__builtin_shufflevector(a.v, b.v, 8, 9, 24, 25, 10, 11, 26, 27, 12, 13, 28, 29, 14, 15, 30, 31)));
  }
};

}  // namespace mjk::simd
