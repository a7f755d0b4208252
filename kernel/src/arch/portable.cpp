// The kernel in plain C++ (GCC/Clang vector extensions, 16 hands per
// vector): the same branch-free algorithm, for any CPU.
#include "../kernel-inl.hpp"
#include "../portable_lanes.hpp"
#include "arch.hpp"

MJK_KERNEL_ENTRY_POINTS(portable, simd::PortableOps<16>)
