// The registry of kernel implementations (one per instruction set) and the
// one chosen at run time. Tests and benchmarks use it to run each of them.
#pragma once

#include <cstddef>
#include <span>
#include <string_view>

#include "mjk/analysis.hpp"

namespace mjk {

struct Implementation {
  std::string_view name;         // "avx2", "sse4.2", "sse2", "portable"
  std::string_view description;
  bool (*supported)() noexcept;  // can this CPU run it?
  // Batch entry points; out must hold n results. Callers check supported().
  void (*is_agari)(const Hand* hands, std::size_t n, Result<bool>* out) noexcept;
  void (*waits)(const Hand* hands, std::size_t n, Result<TileMask>* out) noexcept;
  void (*tenpai_discards)(const Hand* hands, std::size_t n, Result<TenpaiDiscards>* out) noexcept;
  void (*agari_forms)(const Hand* hands, std::size_t n, Result<std::uint8_t>* out) noexcept;
  void (*waits_by_form)(const Hand* hands, std::size_t n, Result<FormWaits>* out) noexcept;
};

// Every implementation built into this library, best first; the last
// ("portable") runs everywhere.
[[nodiscard]] std::span<const Implementation> implementations() noexcept;

// The implementation the public functions use, chosen once: the one named by
// the environment variable MJK_FORCE_IMPL if it exists and this CPU supports
// it, else the best supported one.
[[nodiscard]] const Implementation& active_implementation() noexcept;

// Why MJK_FORCE_IMPL was not honoured ("" if it was, or is unset).
[[nodiscard]] std::string_view forced_implementation_problem() noexcept;

// Name of the implementation whose batch code ran last in this process
// (any thread): lets a test prove that a forced implementation really ran.
[[nodiscard]] std::string_view last_implementation_run() noexcept;

}  // namespace mjk
