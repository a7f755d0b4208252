// Fixed-seed benchmark data sets, shared by the benchmarks and the probe.
#pragma once

#include <string>
#include <vector>

#include "../tests/support/deal.hpp"

namespace mjk::bench {

inline constexpr std::size_t hands_per_set = 4096;

struct Dataset {
  std::string name;
  std::vector<Hand> hands;
};

inline std::vector<Hand> make(std::uint64_t seed, Hand (*gen)(deal::Rng&)) {
  deal::Rng rng(seed);
  std::vector<Hand> hands(hands_per_set);
  for (auto& h : hands) h = gen(rng);
  return hands;
}

// 3k+2 hands: agari, tenpai discards.
inline std::vector<Dataset> complete_sets() {
  return {{"random14", make(14, [](deal::Rng& r) { return deal::from_wall(r, 14); })},
          {"agari14", make(140, [](deal::Rng& r) { return deal::complete(r, 4); })},
          {"single_suit14", make(141, [](deal::Rng& r) { return deal::single_suit(r, 0, 14); })}};
}

// 3k+1 hands: waits.
inline std::vector<Dataset> waiting_sets() {
  return {{"random13", make(13, [](deal::Rng& r) { return deal::from_wall(r, 13); })},
          {"tenpai13", make(130, [](deal::Rng& r) { return deal::tenpai(r, 4); })},
          {"single_suit13", make(131, [](deal::Rng& r) { return deal::single_suit(r, 0, 13); })}};
}

}  // namespace mjk::bench
