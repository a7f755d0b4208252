// The kernel for sse4.2, compiled with that instruction set's flags only.
#include "../kernel-inl.hpp"
#include "../xsimd_ops.hpp"
#include "arch.hpp"

MJK_KERNEL_ENTRY_POINTS(sse4_2, simd::XsimdOps<xsimd::sse4_2>)
