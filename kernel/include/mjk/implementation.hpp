// The registry of kernel implementations (one per instruction set) and the
// one chosen at run time. Tests and benchmarks use it to run each of them.
#pragma once

#include <cstddef>
#include <span>
#include <string_view>

#include "mjk/export.h"
#include "mjk/analysis.hpp"
#include "mjk/operations.hpp"

namespace mjk {

// How a batch lays out its hands in memory.
enum class Layout : std::uint8_t {
  hands,     // mjk::Hand[size]
  counts34,  // std::uint8_t[size][34], counts in kind order
};

// A batch as every implementation's entry points take it.
struct BatchInput {
  const void* data = nullptr;
  std::size_t size = 0;
  Layout layout = Layout::hands;
  Options options{};

  [[nodiscard]] static BatchInput of(std::span<const Hand> hands, const Options& options = {}) noexcept {
    return {hands.data(), hands.size(), Layout::hands, options};
  }
};

struct Implementation {
  std::string_view name;  // "avx2", "sse4.2", "sse2", "portable"
  std::string_view description;
  bool (*supported)() noexcept;  // can this CPU run it?
  // One batch entry point per operation; out must hold in.size results.
  // Callers check supported().
#define MJK_REGISTRY_ENTRY(name, T, question) void (*name)(const BatchInput& in, Result<T>* out) noexcept;
  MJK_OPERATIONS(MJK_REGISTRY_ENTRY)
#undef MJK_REGISTRY_ENTRY
  // The single-hand path of this instruction set, one entry per operation:
  // single_NAME(hand, options). The public one-hand functions call the
  // active implementation's; an operation without a single-hand algorithm
  // gets a batch of one.
#define MJK_SINGLE_ENTRY(name, T, question) \
  Result<T> (*single_##name)(const Hand& hand, const Options& options) noexcept;
  MJK_OPERATIONS(MJK_SINGLE_ENTRY)
#undef MJK_SINGLE_ENTRY
};

// Every implementation built into this library, best first; the last
// ("portable") runs everywhere.
[[nodiscard]] MJK_API std::span<const Implementation> implementations() noexcept;

// The implementation the public functions use, chosen once: the one named by
// the environment variable MJK_FORCE_IMPL if it exists and this CPU supports
// it, else the best supported one.
[[nodiscard]] MJK_API const Implementation& active_implementation() noexcept;

// Why MJK_FORCE_IMPL was not honoured ("" if it was, or is unset).
[[nodiscard]] MJK_API std::string_view forced_implementation_problem() noexcept;

// Name of the implementation whose batch or single-hand code ran last in this process
// (any thread): lets a test prove that a forced implementation really ran.
[[nodiscard]] MJK_API std::string_view last_implementation_run() noexcept;

}  // namespace mjk
