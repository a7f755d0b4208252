// A plain-C++ stand-in for a SIMD register of N signed bytes, so the portable
// implementation runs the very same kernel source as the xsimd ones.
// Arithmetic wraps modulo 256 like the hardware (done on unsigned elements to
// stay clear of undefined behaviour).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace mjk::simd {

template <std::size_t N>
struct Lanes {
  // GCC/Clang vector extensions: element-wise operators in plain C++, which
  // the compiler lowers to whatever the target offers (or to scalar code).
  typedef std::uint8_t U __attribute__((vector_size(N)));
  typedef std::int8_t S __attribute__((vector_size(N)));
  U v{};

  Lanes() = default;
  Lanes(std::int8_t x) noexcept : v(U{} + static_cast<std::uint8_t>(x)) {}  // NOLINT: broadcast like xsimd
  explicit Lanes(U u) noexcept : v(u) {}

  friend Lanes operator+(const Lanes& a, const Lanes& b) noexcept { return Lanes(a.v + b.v); }
  friend Lanes operator-(const Lanes& a, const Lanes& b) noexcept { return Lanes(a.v - b.v); }
  friend Lanes operator&(const Lanes& a, const Lanes& b) noexcept { return Lanes(a.v & b.v); }
  friend Lanes operator|(const Lanes& a, const Lanes& b) noexcept { return Lanes(a.v | b.v); }
  friend Lanes operator^(const Lanes& a, const Lanes& b) noexcept { return Lanes(a.v ^ b.v); }
  // Comparisons of the signed values: all ones where true, zero where false.
  friend Lanes greater(const Lanes& a, const Lanes& b) noexcept { return Lanes(U(S(a.v) > S(b.v))); }
  friend Lanes equal(const Lanes& a, const Lanes& b) noexcept { return Lanes(U(a.v == b.v)); }
};

// The ops the kernel needs, for Lanes<N>.
template <std::size_t N>
struct PortableOps {
  using V = Lanes<N>;
  static constexpr std::size_t lanes = N;
  static V gt(const V& a, const V& b) noexcept { return greater(a, b); }
  static V eq(const V& a, const V& b) noexcept { return equal(a, b); }
  // Lane-wise minimum of lanes holding 0..127.
  static V min(const V& a, const V& b) noexcept {
    const V b_less = greater(a, b);
    return (b & b_less) | (a & (b_less ^ V(-1)));
  }
  static V load(const std::int8_t* p) noexcept {
    V r;
    std::memcpy(&r.v, p, N);
    return r;
  }
  static void store(std::int8_t* p, const V& x) noexcept { std::memcpy(p, &x.v, N); }
  // rows[l] is lane l's 64 bytes; col[s] gets byte s of every lane.
  static void transpose_in(const std::uint8_t* const* rows, V* col) noexcept {
    for (std::size_t s = 0; s < 64; ++s)
      for (std::size_t l = 0; l < N; ++l) col[s].v[l] = rows[l][s];
  }
  static void transpose_out(const V* col, std::uint8_t (*rows)[64]) noexcept {
    for (std::size_t s = 0; s < 64; ++s)
      for (std::size_t l = 0; l < N; ++l) rows[l][s] = col[s].v[l];
  }
};

}  // namespace mjk::simd
