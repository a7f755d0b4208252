// `mjk census`: every closed hand of a given size over a set of kinds,
// enumerated incrementally and classified through the public batch API.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>

namespace mjk::census {

// The kinds a census covers: the first 9, 18, 27 or all 34 kinds.
enum class Kinds { m, mp, mps, all };
[[nodiscard]] std::optional<Kinds> parse_kinds(std::string_view text) noexcept;
[[nodiscard]] std::string_view name(Kinds k) noexcept;
[[nodiscard]] int kind_count(Kinds k) noexcept;

// Number of hands (count vectors, at most four of a kind) of `tiles` tiles over `kinds`.
[[nodiscard]] std::uint64_t space_size(int tiles, Kinds kinds) noexcept;

struct Counts {
  std::uint64_t hands = 0;
  // 14 tiles: complete hands; 13 tiles: tenpai hands (waits on a kind held
  // four times don't count). "both": standard form and seven pairs at once.
  std::uint64_t total = 0, standard = 0, chiitoi = 0, both = 0, kokushi = 0;
  std::array<std::uint64_t, 35> by_waits{};  // 13 tiles: hands with n distinct waits

  Counts& operator+=(const Counts& o) noexcept;
  friend bool operator==(const Counts&, const Counts&) noexcept = default;
};

struct Options {
  int tiles = 14;  // 14 or 13
  Kinds kinds = Kinds::all;
  int threads = 0;                          // 0: every core
  const std::atomic<bool>* stop = nullptr;  // set it to end early (results marked partial)
  // Called about every `progress_every` seconds from the calling thread with hands done so far.
  std::function<void(std::uint64_t done)> progress;
  double progress_every = 1.0;
};

struct Outcome {
  Counts counts;
  bool partial = false;
  double seconds = 0;
};

// Runs the census. Throws nothing; hands are classified only through
// mjk::agari_forms (14 tiles) and mjk::waits_by_form (13 tiles).
[[nodiscard]] Outcome run(const Options& options);

}  // namespace mjk::census
