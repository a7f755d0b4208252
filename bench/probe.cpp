// Runs one batch operation of one implementation over one data set, a given
// number of times: a fixed workload for valgrind --tool=callgrind or perf.
//
//   mjk_probe agari|waits|tenpai_discards|shanten|necessary_tiles|advice DATASET [REPEAT] [IMPL] [single]
//   valgrind --tool=callgrind --toggle-collect='mjk::arch::*' build/release/bench/mjk_probe agari random14 10
//
// With `single`, IMPL's single-hand path answers one hand per call instead.
// Instructions per hand = the toggled Ir total / (hands * REPEAT): 4096, or
// 10^6 for random13_1m and random14_1m (the benchmarks' out-of-cache sets).
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "datasets.hpp"
#include "mjk/implementation.hpp"

int main(int argc, char** argv) {
  using namespace mjk;
  if (argc < 3) {
    std::fprintf(
        stderr,
        "usage: mjk_probe agari|waits|tenpai_discards|shanten|necessary_tiles|advice DATASET [REPEAT] [IMPL] [single]\n");
    return 2;
  }
  const std::string_view op = argv[1], set_name = argv[2];
  const bool single = argc > 5 && std::string_view(argv[5]) == "single";
  const int repeat = argc > 3 ? std::atoi(argv[3]) : 1;
  const Implementation* impl = &active_implementation();
  if (argc > 4)
    for (const auto& i : implementations())
      if (i.name == argv[4] && i.supported()) impl = &i;

  std::vector<bench::Dataset> sets = bench::complete_sets();
  for (auto& s : bench::waiting_sets()) sets.push_back(std::move(s));
  // The benchmarks' 10^6-hand sets (same seeds), dealt only when asked for.
  for (const auto& [name, seed, tiles] : {std::tuple{"random13_1m", 1313, 13}, std::tuple{"random14_1m", 1414, 14}})
    if (set_name == name) {
      deal::Rng rng(seed);
      bench::Dataset big{name, std::vector<Hand>(1'000'000)};
      for (Hand& h : big.hands) h = deal::from_wall(rng, tiles);
      sets.push_back(std::move(big));
    }
  const bench::Dataset* set = nullptr;
  for (const auto& s : sets)
    if (s.name == set_name) set = &s;
  if (!set) {
    std::fprintf(stderr, "mjk_probe: no data set '%s'\n", argv[2]);
    return 2;
  }
  const auto& hands = set->hands;
  long answers = 0;
  if (op == "agari") {
    std::vector<Result<bool>> out(hands.size());
    for (int r = 0; r < repeat; ++r)
      if (single)
        for (std::size_t i = 0; i < hands.size(); ++i) out[i] = impl->single_is_agari(hands[i], {});
      else impl->is_agari({hands.data(), hands.size()}, out.data());
    for (const auto& o : out) answers += o.value;
  } else if (op == "waits") {
    std::vector<Result<TileMask>> out(hands.size());
    for (int r = 0; r < repeat; ++r)
      if (single)
        for (std::size_t i = 0; i < hands.size(); ++i) out[i] = impl->single_waits(hands[i], {});
      else impl->waits({hands.data(), hands.size()}, out.data());
    for (const auto& o : out) answers += o.value.size();
  } else if (op == "tenpai_discards") {
    std::vector<Result<TenpaiDiscards>> out(hands.size());
    for (int r = 0; r < repeat; ++r)
      if (single)
        for (std::size_t i = 0; i < hands.size(); ++i) out[i] = impl->single_tenpai_discards(hands[i], {});
      else impl->tenpai_discards({hands.data(), hands.size()}, out.data());
    for (const auto& o : out) answers += o.value.discards.size();
  } else if (op == "shanten") {
    std::vector<Result<ShantenForms>> out(hands.size());
    for (int r = 0; r < repeat; ++r)
      if (single)
        for (std::size_t i = 0; i < hands.size(); ++i) out[i] = impl->single_shanten(hands[i], {});
      else impl->shanten({hands.data(), hands.size()}, out.data());
    for (const auto& o : out) answers += o.value.best;
  } else if (op == "necessary_tiles") {
    std::vector<Result<Necessary>> out(hands.size());
    for (int r = 0; r < repeat; ++r)
      if (single)
        for (std::size_t i = 0; i < hands.size(); ++i) out[i] = impl->single_necessary_tiles(hands[i], {});
      else impl->necessary_tiles({hands.data(), hands.size()}, out.data());
    for (const auto& o : out) answers += o.value.ukeire;
  } else if (op == "advice") {
    std::vector<Result<Advice>> out(hands.size());
    for (int r = 0; r < repeat; ++r)
      if (single)
        for (std::size_t i = 0; i < hands.size(); ++i) out[i] = impl->single_advice(hands[i], {});
      else impl->advice({hands.data(), hands.size()}, out.data());
    for (const auto& o : out) answers += o.value.options[0].ukeire;
  } else {
    std::fprintf(stderr, "mjk_probe: no operation '%s'\n", argv[1]);
    return 2;
  }
  std::printf("%s/%s%s/%s: %zu hands x %d, answer sum %ld\n", std::string(op).c_str(), std::string(impl->name).c_str(),
              single ? "/single" : "", set->name.c_str(), hands.size(), repeat, answers);
  return 0;
}
