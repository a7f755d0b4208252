// The kernel for AVX-512 (F, BW, VL, VBMI), compiled with those flags only.
#include "../avx512_ops.hpp"
#include "../kernel-inl.hpp"
#include "arch.hpp"

MJK_KERNEL_ENTRY_POINTS(avx512, simd::Avx512Ops)
