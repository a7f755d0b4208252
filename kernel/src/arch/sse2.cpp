// The kernel for sse2, compiled with that instruction set's flags only.
#include "../kernel-inl.hpp"
#include "../xsimd_ops.hpp"
#include "arch.hpp"

namespace mjk::arch::sse2 {
namespace {
using Ops = simd::XsimdOps<xsimd::sse2>;
}
void is_agari(const Hand* h, std::size_t n, Result<bool>* out) noexcept { simd::is_agari_batch<Ops>(h, n, out); }
void waits(const Hand* h, std::size_t n, Result<TileMask>* out) noexcept { simd::waits_batch<Ops>(h, n, out); }
void tenpai_discards(const Hand* h, std::size_t n, Result<TenpaiDiscards>* out) noexcept {
  simd::tenpai_discards_batch<Ops>(h, n, out);
}
}  // namespace mjk::arch::sse2
