// Kernel throughput: batch API per instruction set, the single-hand API, and
// the scalar reference, on the same fixed-seed hands. Runs are named
// op/impl/dataset and report hands per second (items_per_second).
//
// Every implementation is checked against the reference on its data before
// it is timed; a mismatch stops the run.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "mjk/implementation.hpp"
#include "mjk/ref.hpp"
#include "datasets.hpp"

namespace {

using namespace mjk;

using bench::Dataset;

[[noreturn]] void fail(const char* op, std::string_view impl, const Hand& h) {
  std::fprintf(stderr, "benchmark %s/%s: answer differs from scalar_ref on %s\n", op, std::string(impl).c_str(),
               to_mpsz(h).c_str());
  std::exit(1);
}

// Checks then times impl's batch entry `run` against reference answers `want`.
template <class Out, class Run, class Want>
void register_batch(const char* op, const Implementation& impl, const Dataset& set, Run run, Want want) {
  std::vector<Out> check(set.hands.size());
  run(impl, set.hands.data(), set.hands.size(), check.data());
  for (std::size_t i = 0; i < set.hands.size(); ++i)
    if (!check[i].ok() || !(check[i].value == want(set.hands[i]))) fail(op, impl.name, set.hands[i]);
  benchmark::RegisterBenchmark((std::string(op) + "/" + std::string(impl.name) + "/" + set.name).c_str(),
                               [&impl, &set, run](benchmark::State& state) {
                                 std::vector<Out> out(set.hands.size());
                                 for (auto _ : state) {
                                   run(impl, set.hands.data(), set.hands.size(), out.data());
                                   benchmark::DoNotOptimize(out.data());
                                   benchmark::ClobberMemory();
                                 }
                                 state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(set.hands.size()));
                               });
}

template <class F>
void register_per_hand(const std::string& name, const Dataset& set, F f) {
  benchmark::RegisterBenchmark(name.c_str(), [&set, f](benchmark::State& state) {
    for (auto _ : state)
      for (const Hand& h : set.hands) benchmark::DoNotOptimize(f(h));
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(set.hands.size()));
  });
}

}  // namespace

int main(int argc, char** argv) {
  static const std::vector<Dataset> complete = bench::complete_sets();
  static const std::vector<Dataset> waiting = bench::waiting_sets();

  for (const auto& set : complete) {
    for (const auto& impl : implementations()) {
      if (!impl.supported()) continue;
      register_batch<Result<bool>>(
          "agari", impl, set, [](const Implementation& i, const Hand* h, std::size_t n, Result<bool>* o) { i.is_agari(h, n, o); },
          [](const Hand& h) { return ref::is_agari(h); });
    }
    register_per_hand("agari/single/" + set.name, set, [](const Hand& h) { return is_agari(h).value; });
    register_per_hand("agari/scalar_ref/" + set.name, set, [](const Hand& h) { return ref::is_agari(h); });
  }
  for (const auto& set : waiting) {
    for (const auto& impl : implementations()) {
      if (!impl.supported()) continue;
      register_batch<Result<TileMask>>(
          "waits", impl, set, [](const Implementation& i, const Hand* h, std::size_t n, Result<TileMask>* o) { i.waits(h, n, o); },
          [](const Hand& h) { return ref::waits(h); });
    }
    register_per_hand("waits/single/" + set.name, set, [](const Hand& h) { return waits(h).value.bits(); });
    register_per_hand("waits/scalar_ref/" + set.name, set, [](const Hand& h) { return ref::waits(h).bits(); });
  }
  // Tenpai discards: the active implementation against the reference (the reference is slow).
  const auto& active = active_implementation();
  for (const auto& set : complete) {
    register_batch<Result<TenpaiDiscards>>(
        "tenpai_discards", active, set,
        [](const Implementation& i, const Hand* h, std::size_t n, Result<TenpaiDiscards>* o) { i.tenpai_discards(h, n, o); },
        [](const Hand& h) { return ref::tenpai_discards(h); });
    register_per_hand("tenpai_discards/scalar_ref/" + set.name, set,
                      [](const Hand& h) { return ref::tenpai_discards(h).discards.bits(); });
  }

  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
