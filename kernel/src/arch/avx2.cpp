// The kernel for avx2, compiled with that instruction set's flags only.
#include "../kernel-inl.hpp"
#include "../xsimd_ops.hpp"
#include "arch.hpp"

MJK_KERNEL_ENTRY_POINTS(avx2, simd::XsimdOps<xsimd::avx2>)
