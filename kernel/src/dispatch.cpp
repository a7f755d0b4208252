// The registry of implementations and the one place that chooses among them.
#include <atomic>
#include <cstdlib>
#include <string>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

#include <xsimd/config/xsimd_config.hpp>
#include <xsimd/xsimd.hpp>

#include "arch/arch.hpp"
#include "mjk/implementation.hpp"

namespace mjk {
namespace {

std::atomic<const char*> last_run{""};

// Wraps an ISA's batch entry so it records that it ran (one relaxed store per call).
template <auto Entry, const char* Name, class Out>
void recorded(const Hand* h, std::size_t n, Out* out) noexcept {
  last_run.store(Name, std::memory_order_relaxed);
  Entry(h, n, out);
}

// AVX-512 F, BW and VL, and an OS that saves the opmask and all 512-bit
// registers (XCR0 bits 1, 2, 5, 6, 7). xsimd 8.1 reads the CPUID bits only.
bool cpu_has_avx512() noexcept {
#if defined(__x86_64__) || defined(__i386__)
  if (!xsimd::available_architectures().avx512bw) return false;
  unsigned a = 0, b = 0, c = 0, d = 0;
  if (!__get_cpuid(1, &a, &b, &c, &d) || !(c >> 27 & 1)) return false;  // OSXSAVE
  if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return false;
  const bool f = b >> 16 & 1, bw = b >> 30 & 1, vl = b >> 31 & 1;
  unsigned lo = 0, hi = 0;
  __asm__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
  return f && bw && vl && (lo & 0xe6u) == 0xe6u;
#else
  return false;
#endif
}
bool cpu_has_avx2() noexcept { return xsimd::available_architectures().avx2; }
bool cpu_has_sse4_2() noexcept { return xsimd::available_architectures().sse4_2; }
bool cpu_has_sse2() noexcept { return xsimd::available_architectures().sse2; }
bool always() noexcept { return true; }

constexpr char avx512_name[] = "avx512", avx2_name[] = "avx2", sse4_2_name[] = "sse4.2", sse2_name[] = "sse2", portable_name[] = "portable";

#define MJK_ENTRIES(isa, name)                                                                  \
  recorded<arch::isa::is_agari, name, Result<bool>>, recorded<arch::isa::waits, name, Result<TileMask>>, \
      recorded<arch::isa::tenpai_discards, name, Result<TenpaiDiscards>>,                          \
      recorded<arch::isa::agari_forms, name, Result<std::uint8_t>>, recorded<arch::isa::waits_by_form, name, Result<FormWaits>>

const Implementation registry[] = {
    {avx512_name, "AVX-512 (F, BW, VL): 64 hands per 512-bit register", cpu_has_avx512, MJK_ENTRIES(avx512, avx512_name)},
    {avx2_name, "AVX2: 32 hands per 256-bit register", cpu_has_avx2, MJK_ENTRIES(avx2, avx2_name)},
    {sse4_2_name, "SSE4.2: 16 hands per 128-bit register", cpu_has_sse4_2, MJK_ENTRIES(sse4_2, sse4_2_name)},
    {sse2_name, "SSE2: 16 hands per 128-bit register", cpu_has_sse2, MJK_ENTRIES(sse2, sse2_name)},
    {portable_name, "plain C++ vector extensions, 16 hands per vector", always, MJK_ENTRIES(portable, portable_name)},
};
#undef MJK_ENTRIES

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
  c.problem = "MJK_FORCE_IMPL=" + std::string(forced) + ": no such implementation; using " +
              std::string(c.active->name);
  return c;
}

const Choice& choice() noexcept {
  static const Choice c = choose();
  return c;
}

template <class Out, class Entry>
Error run_batch(std::span<const Hand> hands, std::span<Out> out, Entry entry) noexcept {
  if (out.size() < hands.size()) return Error::output_too_small;
  entry(hands.data(), hands.size(), out.data());
  return Error::none;
}

}  // namespace

std::span<const Implementation> implementations() noexcept { return registry; }
const Implementation& active_implementation() noexcept { return *choice().active; }
std::string_view forced_implementation_problem() noexcept { return choice().problem; }
std::string_view last_implementation_run() noexcept { return last_run.load(std::memory_order_relaxed); }

Error is_agari(std::span<const Hand> hands, std::span<Result<bool>> out) noexcept {
  return run_batch(hands, out, active_implementation().is_agari);
}
Error waits(std::span<const Hand> hands, std::span<Result<TileMask>> out) noexcept {
  return run_batch(hands, out, active_implementation().waits);
}
Error tenpai_discards(std::span<const Hand> hands, std::span<Result<TenpaiDiscards>> out) noexcept {
  return run_batch(hands, out, active_implementation().tenpai_discards);
}

Error agari_forms(std::span<const Hand> hands, std::span<Result<std::uint8_t>> out) noexcept {
  return run_batch(hands, out, active_implementation().agari_forms);
}
Error waits_by_form(std::span<const Hand> hands, std::span<Result<FormWaits>> out) noexcept {
  return run_batch(hands, out, active_implementation().waits_by_form);
}

Result<bool> is_agari(const Hand& hand) noexcept {
  Result<bool> r;
  active_implementation().is_agari(&hand, 1, &r);
  return r;
}
Result<TileMask> waits(const Hand& hand) noexcept {
  Result<TileMask> r;
  active_implementation().waits(&hand, 1, &r);
  return r;
}
Result<TenpaiDiscards> tenpai_discards(const Hand& hand) noexcept {
  Result<TenpaiDiscards> r;
  active_implementation().tenpai_discards(&hand, 1, &r);
  return r;
}

}  // namespace mjk
