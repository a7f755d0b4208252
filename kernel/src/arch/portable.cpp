// The kernel in plain C++ (16 lanes of bytes in arrays): the same branch-free
// algorithm, for any CPU.
#include "../kernel-inl.hpp"
#include "../portable_lanes.hpp"
#include "arch.hpp"

namespace mjk::arch::portable {
namespace {
using Ops = simd::PortableOps<16>;
}
void is_agari(const Hand* h, std::size_t n, Result<bool>* out) noexcept { simd::is_agari_batch<Ops>(h, n, out); }
void waits(const Hand* h, std::size_t n, Result<TileMask>* out) noexcept { simd::waits_batch<Ops>(h, n, out); }
void tenpai_discards(const Hand* h, std::size_t n, Result<TenpaiDiscards>* out) noexcept {
  simd::tenpai_discards_batch<Ops>(h, n, out);
}
}  // namespace mjk::arch::portable
