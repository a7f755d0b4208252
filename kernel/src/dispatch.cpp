// The registry of implementations and the one place that chooses among them.
// Everything per operation is generated from MJK_OPERATIONS.
#include <atomic>
#include <cstdlib>
#include <string>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

// MJK_PORTABLE_ONLY (the WebAssembly build): the portable implementation is
// the only one compiled, so the x86 rows and their CPU checks are left out.
#if !MJK_PORTABLE_ONLY
#include <xsimd/config/xsimd_config.hpp>
#include <xsimd/xsimd.hpp>
#endif

#include "arch/arch.hpp"
#include "mjk/implementation.hpp"

namespace mjk {
namespace {

std::atomic<const char*> last_run{""};

// Wraps an ISA's batch entry so it records that it ran (one relaxed store per call).
template <auto Entry, const char* Name, class Out>
void recorded(const BatchInput& in, Out* out) noexcept {
  last_run.store(Name, std::memory_order_relaxed);
  Entry(in, out);
}

// The same for a single-hand entry.
template <auto Entry, const char* Name, class T>
Result<T> recorded_single(const Hand& hand, const Options& options) noexcept {
  last_run.store(Name, std::memory_order_relaxed);
  return Entry(hand, options);
}

#if !MJK_PORTABLE_ONLY
// POPCNT (CPUID 1 ECX 23), LZCNT (0x80000001 ECX 5), BMI1 and BMI2 (7 EBX 3, 8):
// the avx2 and avx512 objects are compiled with them, sse4.2 with POPCNT.
bool cpu_has_popcnt() noexcept {
#if defined(__x86_64__) || defined(__i386__)
  unsigned a = 0, b = 0, c = 0, d = 0;
  return __get_cpuid(1, &a, &b, &c, &d) && (c >> 23 & 1);
#else
  return false;
#endif
}
bool cpu_has_bit_instructions() noexcept {
#if defined(__x86_64__) || defined(__i386__)
  unsigned a = 0, b = 0, c = 0, d = 0;
  if (!cpu_has_popcnt()) return false;
  if (!__get_cpuid(0x80000001, &a, &b, &c, &d) || !(c >> 5 & 1)) return false;
  if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return false;
  return (b >> 3 & 1) && (b >> 8 & 1);
#else
  return false;
#endif
}

// AVX-512 F, BW, VL and VBMI (vpermb), and an OS that saves the opmask and all 512-bit
// registers (XCR0 bits 1, 2, 5, 6, 7). xsimd 8.1 reads the CPUID bits only.
bool cpu_has_avx512() noexcept {
#if defined(__x86_64__) || defined(__i386__)
  if (!xsimd::available_architectures().avx512bw) return false;
  unsigned a = 0, b = 0, c = 0, d = 0;
  if (!__get_cpuid(1, &a, &b, &c, &d) || !(c >> 27 & 1)) return false;  // OSXSAVE
  if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return false;
  const bool f = b >> 16 & 1, bw = b >> 30 & 1, vl = b >> 31 & 1, vbmi = c >> 1 & 1;
  unsigned lo = 0, hi = 0;
  __asm__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
  return f && bw && vl && vbmi && (lo & 0xe6u) == 0xe6u && cpu_has_bit_instructions();
#else
  return false;
#endif
}
bool cpu_has_avx2() noexcept { return xsimd::available_architectures().avx2 && cpu_has_bit_instructions(); }
bool cpu_has_sse4_2() noexcept { return xsimd::available_architectures().sse4_2 && cpu_has_popcnt(); }
bool cpu_has_sse2() noexcept { return xsimd::available_architectures().sse2; }
#endif
bool always() noexcept { return true; }

#if !MJK_PORTABLE_ONLY
constexpr char avx512_name[] = "avx512", avx2_name[] = "avx2", sse4_2_name[] = "sse4.2", sse2_name[] = "sse2";
#endif
constexpr char portable_name[] = "portable";

// The registry row of one ISA: its name, description, CPU check, and one
// recorded entry point per operation, batch and single-hand (SingleIsa: whose
// single-hand code the row uses, normally its own).
template <class Isa, const char* Name, class SingleIsa = Isa>
constexpr Implementation row(std::string_view description, bool (*supported)() noexcept) {
#define MJK_ENTRY(name, T, question) recorded<&Isa::name, Name, Result<T>>,
#define MJK_SINGLE(name, T, question) recorded_single<&SingleIsa::single_##name, Name, T>,
  return {Name, description, supported, MJK_OPERATIONS(MJK_ENTRY) MJK_OPERATIONS(MJK_SINGLE)};
#undef MJK_SINGLE
#undef MJK_ENTRY
}

const Implementation registry[] = {
#if !MJK_PORTABLE_ONLY
    // One hand's tries fill 16-byte registers: compiled for AVX-512 that code
    // measured 25% slower than the AVX2 build (compares through mask
    // registers), so AVX-512 CPUs, which all have AVX2, run the AVX2 one.
    row<arch::avx512, avx512_name, arch::avx2>(
        "AVX-512 (F, BW, VL, VBMI): 64 hands per 512-bit register; single hands with AVX2", cpu_has_avx512),
    row<arch::avx2, avx2_name>("AVX2 (and BMI1/2, LZCNT, POPCNT): 32 hands per 256-bit register", cpu_has_avx2),
    row<arch::sse4_2, sse4_2_name>("SSE4.2 (and POPCNT): 16 hands per 128-bit register", cpu_has_sse4_2),
    row<arch::sse2, sse2_name>("SSE2: 16 hands per 128-bit register", cpu_has_sse2),
#endif
    row<arch::portable, portable_name>("plain C++ vector extensions, 16 hands per vector", always),
};

struct Choice {
  const Implementation* active = nullptr;
  std::string problem;
};

Choice choose() noexcept {
  Choice c;
  for (const auto& impl : registry)
    if (!c.active && impl.supported()) c.active = &impl;
  const char* forced = std::getenv("MJK_FORCE_IMPL");
  if (!forced || !*forced) return c;
  for (const auto& impl : registry) {
    if (impl.name != forced) continue;
    if (impl.supported()) {
      c.active = &impl;
    } else {
      c.problem = "MJK_FORCE_IMPL=" + std::string(forced) + ": this CPU does not support it; using " +
                  std::string(c.active->name);
    }
    return c;
  }
  c.problem =
      "MJK_FORCE_IMPL=" + std::string(forced) + ": no such implementation; using " + std::string(c.active->name);
  return c;
}

const Choice& choice() noexcept {
  static const Choice c = choose();
  return c;
}

// The single-hand calls' copy of the choice: one load and test instead of a
// call and the static's guard on the path that takes nanoseconds.
std::atomic<const Implementation*> chosen{nullptr};
[[gnu::noinline]] const Implementation& first_choice() noexcept {
  const Implementation* impl = choice().active;
  chosen.store(impl, std::memory_order_relaxed);
  return *impl;
}

template <class T>
Error run_batch(const BatchInput& in, std::span<Result<T>> out,
                void (*const Implementation::*entry)(const BatchInput&, Result<T>*) noexcept) noexcept {
  if (out.size() < in.size) return Error::output_too_small;
  (active_implementation().*entry)(in, out.data());
  return Error::none;
}

}  // namespace

std::span<const Implementation> implementations() noexcept { return registry; }
const Implementation& active_implementation() noexcept { return *choice().active; }
std::string_view forced_implementation_problem() noexcept { return choice().problem; }
std::string_view last_implementation_run() noexcept { return last_run.load(std::memory_order_relaxed); }

#define MJK_DEFINE_OPERATION(name, T, question)                                                                 \
  Result<T> name(const Hand& hand, const Options& options) noexcept {                                           \
    if (const Implementation* impl = chosen.load(std::memory_order_relaxed)) [[likely]]                         \
      return impl->single_##name(hand, options);                                                                \
    return first_choice().single_##name(hand, options);                                                         \
  }                                                                                                             \
  Error name(std::span<const Hand> hands, std::span<Result<T>> out, const Options& options) noexcept {          \
    return run_batch<T>({hands.data(), hands.size(), Layout::hands, options}, out, &Implementation::name);      \
  }                                                                                                             \
  Error name(std::span<const std::uint8_t> rows34, std::span<Result<T>> out, const Options& options) noexcept { \
    if (rows34.size() % kind_count != 0) return Error::partial_row;                                             \
    return run_batch<T>({rows34.data(), rows34.size() / kind_count, Layout::counts34, options}, out,            \
                        &Implementation::name);                                                                 \
  }
MJK_OPERATIONS(MJK_DEFINE_OPERATION)
#undef MJK_DEFINE_OPERATION

}  // namespace mjk
