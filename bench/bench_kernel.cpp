// The benchmark suite: the kernel (batch API per instruction set, and the
// single-hand API) against the scalar reference and two baselines written in
// bench/baselines (the index method, a per-suit lookup table), on the
// same fixed-seed hands. Runs are named op/impl/dataset and report hands per
// second (items_per_second); bench/report turns the JSON into tables.
//
// Every implementation is checked against the reference on its data before
// it is timed; a mismatch stops the run. `--benchmark_filter=NONE` therefore
// verifies everything without timing anything (ctest does that);
// `--no_check` as the first argument skips the checks (a profiler's or a
// single row's run starts in seconds, not half a minute).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <tuple>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "baselines/index_method.hpp"
#include "baselines/shanten_table.hpp"
#include "baselines/suit_table.hpp"
#include "datasets.hpp"
#include "mjk/decomposition.hpp"
#include "mjk/implementation.hpp"
#include "mjk/ref.hpp"
#include "mjk/score.hpp"
#include "support/score_requests.hpp"

namespace {

using namespace mjk;
using bench::Dataset;

bool verify = true;  // --no_check: false

[[noreturn]] void fail(const std::string& name, const Hand& h) {
  std::fprintf(stderr, "benchmark %s: answer differs from scalar_ref on %s\n", name.c_str(), to_mpsz(h).c_str());
  std::exit(1);
}

// A batch entry of the kernel: checked, then timed over the whole data set per iteration.
// The first `checked` hands (all by default) are checked against `want`.
template <class Out, class Run, class Want>
void add_batch(const std::string& name, const Dataset& set, Run run, Want want, std::size_t checked = SIZE_MAX) {
  std::vector<Out> check(verify ? set.hands.size() : 0);
  if (verify) run(set.hands.data(), set.hands.size(), check.data());
  for (std::size_t i = 0; i < check.size() && i < checked; ++i)
    if (!check[i].ok() || !(check[i].value == want(set.hands[i]))) fail(name, set.hands[i]);
  benchmark::RegisterBenchmark(name.c_str(), [&set, run](benchmark::State& state) {
    std::vector<Out> out(set.hands.size());
    for (auto _ : state) {
      run(set.hands.data(), set.hands.size(), out.data());
      benchmark::DoNotOptimize(out.data());
      benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(set.hands.size()));
  });
}

// A one-hand-at-a-time function: checked, then timed.
template <class F, class Want>
void add_per_hand(const std::string& name, const Dataset& set, F f, Want want, std::size_t checked = SIZE_MAX) {
  for (std::size_t i = 0; verify && i < set.hands.size() && i < checked; ++i)
    if (!(f(set.hands[i]) == want(set.hands[i]))) fail(name, set.hands[i]);
  benchmark::RegisterBenchmark(name.c_str(), [&set, f](benchmark::State& state) {
    for (auto _ : state)
      for (const Hand& h : set.hands) benchmark::DoNotOptimize(f(h));
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(set.hands.size()));
  });
}

// A batch entry of the kernel fed rows of 34 counts (Layout::counts34, what
// numpy and the C ABI hold) instead of Hands: checked, then timed; named
// op/<impl>-rows34/<set> to sit beside op/<impl>/<set>.
// The first `checked` hands (all by default) are checked against `want`.
template <class Out, class Entry, class Want>
void add_rows34(const std::string& name, const Dataset& set, const Implementation& impl, Entry entry, Want want,
                std::size_t checked = SIZE_MAX) {
  static std::vector<std::vector<std::uint8_t>> storage;  // the rows live as long as the benchmarks
  std::vector<std::uint8_t> rows;
  for (const Hand& h : set.hands)
    for (int k = 0; k < kind_count; ++k) rows.push_back(static_cast<std::uint8_t>(h.count(Tile(k))));
  storage.push_back(std::move(rows));
  const std::uint8_t* data = storage.back().data();
  const std::size_t n = set.hands.size();
  std::vector<Out> check(verify ? n : 0);
  if (verify) (impl.*entry)(BatchInput{data, n, Layout::counts34, {}}, check.data());
  for (std::size_t i = 0; i < check.size() && i < checked; ++i)
    if (!check[i].ok() || !(check[i].value == want(set.hands[i]))) fail(name, set.hands[i]);
  benchmark::RegisterBenchmark(name.c_str(), [data, n, &impl, entry](benchmark::State& state) {
    std::vector<Out> out(n);
    for (auto _ : state) {
      (impl.*entry)(BatchInput{data, n, Layout::counts34, {}}, out.data());
      benchmark::DoNotOptimize(out.data());
      benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(n));
  });
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1 && std::string(argv[1]) == "--no_check") {
    verify = false;
    argv[1] = argv[0];  // Google Benchmark reads the rest
    --argc;
    ++argv;
  }
  static const std::vector<Dataset> complete = bench::complete_sets();
  static const std::vector<Dataset> waiting = bench::waiting_sets();
  static const baseline::IndexMethod index;
  static const baseline::SuitTable suit_table;
  if (index.all_shapes() != 9362) {  // the index method's count of complete shapes, calls included
    std::fprintf(stderr, "index method: %zu complete shapes, the index method counts 9362\n", index.all_shapes());
    return 1;
  }
  const auto ref_agari = [](const Hand& h) { return ref::is_agari(h); };
  const auto ref_waits = [](const Hand& h) { return ref::waits(h); };

  for (const auto& set : complete) {
    for (const auto& impl : implementations()) {
      if (!impl.supported()) continue;
      add_batch<Result<bool>>(
          "agari/" + std::string(impl.name) + "/" + set.name, set,
          [&impl](const Hand* h, std::size_t n, Result<bool>* o) {
            impl.is_agari({h, n}, o);
          },
          ref_agari);
    }
    add_per_hand(
        "agari/single/" + set.name, set, [](const Hand& h) { return is_agari(h).value; }, ref_agari);
    add_per_hand("agari/scalar_ref/" + set.name, set, ref_agari, ref_agari);
    add_per_hand(
        "agari/index/" + set.name, set, [](const Hand& h) { return index.is_agari(h); }, ref_agari);
    add_per_hand(
        "agari/suit_table/" + set.name, set, [](const Hand& h) { return suit_table.is_agari(h); }, ref_agari);
  }
  for (const auto& set : waiting) {
    for (const auto& impl : implementations()) {
      if (!impl.supported()) continue;
      add_batch<Result<TileMask>>(
          "waits/" + std::string(impl.name) + "/" + set.name, set,
          [&impl](const Hand* h, std::size_t n, Result<TileMask>* o) {
            impl.waits({h, n}, o);
          },
          ref_waits);
    }
    add_per_hand(
        "waits/single/" + set.name, set, [](const Hand& h) { return waits(h).value; }, ref_waits);
    add_per_hand("waits/scalar_ref/" + set.name, set, ref_waits, ref_waits);
    add_per_hand(
        "waits/index/" + set.name, set, [](const Hand& h) { return index.waits(h); }, ref_waits);
    add_per_hand(
        "waits/suit_table/" + set.name, set, [](const Hand& h) { return suit_table.waits(h); }, ref_waits);
  }
  // The same batches fed rows of 34 counts (compare with op/<impl>/<set> of the same run).
  for (const auto& impl : implementations()) {
    if (!impl.supported()) continue;
    for (const auto& set : complete)
      if (set.name == "random14" || set.name == "agari14")
        add_rows34<Result<bool>>("agari/" + std::string(impl.name) + "-rows34/" + set.name, set, impl,
                                 &Implementation::is_agari, ref_agari);
    for (const auto& set : waiting)
      if (set.name == "random13" || set.name == "tenpai13")
        add_rows34<Result<TileMask>>("waits/" + std::string(impl.name) + "-rows34/" + set.name, set, impl,
                                     &Implementation::waits, ref_waits);
  }
  // 10^6 rows (34 MB: out of cache, as a Python or Node caller's array is),
  // so that the bindings' benchmarks have a C++ figure of the same size.
  static const Dataset million{"random13_1m", [] {
                                 deal::Rng rng(1313);
                                 std::vector<Hand> hands(1'000'000);
                                 for (Hand& h : hands) h = deal::from_wall(rng, 13);
                                 return hands;
                               }()};
  for (const auto& impl : implementations())
    if (impl.supported())
      add_rows34<Result<TileMask>>("waits/" + std::string(impl.name) + "-rows34/" + million.name, million, impl,
                                   &Implementation::waits, ref_waits, bench::hands_per_set);

  // Tenpai discards: every implementation against the reference (which is slow: fewer sets).
  for (const auto& set : complete) {
    if (set.name == "called_2_5_8_11" || set.name == "index_method14") continue;
    const auto ref_discards = [](const Hand& h) { return ref::tenpai_discards(h); };
    for (const auto& impl : implementations()) {
      if (!impl.supported()) continue;
      add_batch<Result<TenpaiDiscards>>(
          "tenpai_discards/" + std::string(impl.name) + "/" + set.name, set,
          [&impl](const Hand* h, std::size_t n, Result<TenpaiDiscards>* o) {
            impl.tenpai_discards({h, n}, o);
          },
          ref_discards);
    }
    add_per_hand(
        "tenpai_discards/single/" + set.name, set, [](const Hand& h) { return tenpai_discards(h).value; },
        ref_discards);
    add_per_hand("tenpai_discards/scalar_ref/" + set.name, set, ref_discards, ref_discards);
  }

  // Shanten: the textbook table baseline and the reference (timed warm: verifying fills its memo).
  static const baseline::ShantenTable shanten_table;
  const auto ref_shanten = [](const Hand& h) { return ref::shanten_forms(h); };
  for (const auto* sets : {&waiting, &complete})
    for (const auto& set : *sets) {
      if (set.name != "random13" && set.name != "single_suit13" && set.name != "random14" &&
          set.name != "single_suit14")
        continue;
      for (const auto& impl : implementations()) {
        if (!impl.supported()) continue;
        add_batch<Result<ShantenForms>>(
            "shanten/" + std::string(impl.name) + "/" + set.name, set,
            [&impl](const Hand* h, std::size_t n, Result<ShantenForms>* o) {
              impl.shanten({h, n}, o);
            },
            ref_shanten);
      }
      add_per_hand(
          "shanten/single/" + set.name, set, [](const Hand& h) { return shanten(h).value; }, ref_shanten);
      add_per_hand(
          "shanten/suit_table/" + set.name, set, [](const Hand& h) { return shanten_table.shanten(h); }, ref_shanten);
      add_per_hand("shanten/scalar_ref/" + set.name, set, ref_shanten, ref_shanten);
      if (set.hands[0].tiles % 3 == 1) {
        const auto ref_necessary = [](const Hand& h) { return ref::necessary_tiles(h); };
        for (const auto& impl : implementations()) {
          if (!impl.supported()) continue;
          add_batch<Result<Necessary>>(
              "necessary_tiles/" + std::string(impl.name) + "/" + set.name, set,
              [&impl](const Hand* h, std::size_t n, Result<Necessary>* o) {
                impl.necessary_tiles({h, n}, o);
              },
              ref_necessary);
        }
        add_per_hand(
            "necessary_tiles/single/" + set.name, set, [](const Hand& h) { return necessary_tiles(h).value; },
            ref_necessary);
        add_per_hand("necessary_tiles/scalar_ref/" + set.name, set, ref_necessary, ref_necessary);
      } else {
        const auto ref_advice = [](const Hand& h) { return ref::advice(h); };
        for (const auto& impl : implementations()) {
          if (!impl.supported()) continue;
          add_batch<Result<Advice>>(
              "advice/" + std::string(impl.name) + "/" + set.name, set,
              [&impl](const Hand* h, std::size_t n, Result<Advice>* o) {
                impl.advice({h, n}, o);
              },
              ref_advice);
        }
        add_per_hand(
            "advice/single/" + set.name, set, [](const Hand& h) { return advice(h).value; }, ref_advice);
        add_per_hand("advice/scalar_ref/" + set.name, set, ref_advice, ref_advice);
      }
    }

  // The same on 10^6 hands (64 MB of Hands and up to 240 MB of answers: out
  // of cache, as a search's or an AI's batch is), dealt once before timing;
  // the first 4,096 answers are checked against the reference.
  const auto million_of = [](const char* name, std::uint64_t seed, int tiles) {
    deal::Rng rng(seed);
    Dataset set{name, std::vector<Hand>(1'000'000)};
    for (Hand& h : set.hands) h = deal::from_wall(rng, tiles);
    return set;
  };
  static const Dataset million13 = million_of("random13_1m", 1313, 13), million14 = million_of("random14_1m", 1414, 14);
  for (const auto& impl : implementations()) {
    if (!impl.supported()) continue;
    const std::string name(impl.name);
    add_batch<Result<ShantenForms>>(
        "shanten/" + name + "/" + million13.name, million13,
        [&impl](const Hand* h, std::size_t n, Result<ShantenForms>* o) {
          impl.shanten({h, n}, o);
        },
        ref_shanten, bench::hands_per_set);
    add_batch<Result<Necessary>>(
        "necessary_tiles/" + name + "/" + million13.name, million13,
        [&impl](const Hand* h, std::size_t n, Result<Necessary>* o) {
          impl.necessary_tiles({h, n}, o);
        },
        [](const Hand& h) { return ref::necessary_tiles(h); }, bench::hands_per_set);
    add_batch<Result<Advice>>(
        "advice/" + name + "/" + million14.name, million14,
        [&impl](const Hand* h, std::size_t n, Result<Advice>* o) {
          impl.advice({h, n}, o);
        },
        [](const Hand& h) { return ref::advice(h); }, bench::hands_per_set);
  }
  for (const Dataset* set : {&million13, &million14})
    add_per_hand(
        "shanten/single/" + set->name, *set, [](const Hand& h) { return shanten(h).value; }, ref_shanten,
        bench::hands_per_set);

  // Decompositions of complete hands with their winning tile.
  static const std::vector<bench::WinDataset> agari = bench::agari_sets();
  const auto canonical = [](std::vector<Decomposition> v) {  // the index gives them in its own order
    std::sort(v.begin(), v.end(), [](const Decomposition& a, const Decomposition& b) {
      return std::tie(a.form, a.blocks, a.win) < std::tie(b.form, b.blocks, b.win);
    });
    return v;
  };
  for (const auto& set : agari) {
    std::vector<std::vector<Decomposition>> want;
    for (std::size_t i = 0; verify && i < set.hands.size(); ++i)
      want.push_back(ref::decompositions(set.hands[i], set.winning[i]));
    std::vector<Decomposition> storage(set.hands.size() * max_decompositions);
    std::vector<Result<Slice>> slices(set.hands.size());
    if (decompositions(set.hands, set.winning, storage, slices) != Error::none)
      fail("decompositions/kernel", set.hands[0]);
    for (std::size_t i = 0; i < want.size(); ++i) {
      const auto& s = slices[i];
      const std::vector<Decomposition> got(storage.begin() + s.value.offset,
                                           storage.begin() + s.value.offset + s.value.count);
      if (!s.ok() || got != want[i]) fail("decompositions/kernel/" + set.name, set.hands[i]);
      std::array<Decomposition, max_decompositions> buf;
      const std::size_t n = index.decompositions(set.hands[i], set.winning[i], buf.data());
      if (canonical({buf.begin(), buf.begin() + static_cast<std::ptrdiff_t>(n)}) != canonical(want[i]))
        fail("decompositions/index/" + set.name, set.hands[i]);
    }
    const auto per_hand = [&set](const char* name, auto f) {
      benchmark::RegisterBenchmark(
          (std::string("decompositions/") + name + "/" + set.name).c_str(), [&set, f](benchmark::State& state) {
            for (auto _ : state)
              for (std::size_t i = 0; i < set.hands.size(); ++i)
                benchmark::DoNotOptimize(f(set.hands[i], set.winning[i]));
            state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(set.hands.size()));
          });
    };
    benchmark::RegisterBenchmark(("decompositions/kernel/" + set.name).c_str(), [&set](benchmark::State& state) {
      std::vector<Decomposition> space(set.hands.size() * max_decompositions);
      std::vector<Result<Slice>> per(set.hands.size());
      for (auto _ : state) {
        benchmark::DoNotOptimize(decompositions(set.hands, set.winning, space, per));
        benchmark::ClobberMemory();
      }
      state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(set.hands.size()));
    });
    per_hand("single", [](const Hand& h, std::optional<Tile> w) {
      std::array<Decomposition, max_decompositions> buf;
      return decompositions(h, w, buf).value;
    });
    per_hand("scalar_ref", [](const Hand& h, std::optional<Tile> w) { return ref::decompositions(h, w).size(); });
    per_hand("index", [](const Hand& h, std::optional<Tile> w) {
      std::array<Decomposition, max_decompositions> buf;
      return index.decompositions(h, w, buf.data());
    });
  }

  // Scoring: realistic wins (the generator's proportions are documented in
  // tests/support/score_requests.hpp) and closed one-suit wins (the most
  // readings per hand). The batch and the single hand must agree, and the
  // reference with both once it is built.
  struct ScoreSet {
    std::string name;
    std::vector<ScoreRequest> requests;
  };
  static const std::vector<ScoreSet> score_sets = {{"play", test::wins_like_play(180, bench::hands_per_set)},
                                                   {"one_suit", test::one_suit_wins(181, bench::hands_per_set)}};
  for (const auto& set : score_sets) {
    std::vector<Result<Score>> batch(set.requests.size());
    if (score(set.requests, batch) != Error::none) return 1;
    for (std::size_t i = 0; verify && i < set.requests.size(); ++i) {
      const auto single = score(set.requests[i]);
      bool same = batch[i].ok() && batch[i].value.complete && single.ok() && single.value == batch[i].value;
      same = same && ref::score(set.requests[i]) == single.value;
      if (!same) {
        std::fprintf(stderr, "benchmark score/%s: request %zu scored differently (or not complete)\n", set.name.c_str(),
                     i);
        return 1;
      }
    }
    benchmark::RegisterBenchmark(("score/kernel/" + set.name).c_str(), [&set](benchmark::State& state) {
      std::vector<Result<Score>> out(set.requests.size());
      for (auto _ : state) {
        benchmark::DoNotOptimize(score(set.requests, out));
        benchmark::ClobberMemory();
      }
      state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(set.requests.size()));
    });
    benchmark::RegisterBenchmark(("score/single/" + set.name).c_str(), [&set](benchmark::State& state) {
      for (auto _ : state)
        for (const ScoreRequest& r : set.requests) benchmark::DoNotOptimize(score(r));
      state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(set.requests.size()));
    });
    benchmark::RegisterBenchmark(("score/scalar_ref/" + set.name).c_str(), [&set](benchmark::State& state) {
      for (auto _ : state)
        for (const ScoreRequest& r : set.requests) benchmark::DoNotOptimize(ref::score(r));
      state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(set.requests.size()));
    });
  }

  // The batch on 10^6 realistic wins (about 200 MB of requests: far out of
  // cache, unlike the sets above), generated on first use outside the timed loop.
  benchmark::RegisterBenchmark("score/kernel/play_1M", [](benchmark::State& state) {
    static const std::vector<ScoreRequest> requests = mjk::test::wins_like_play(182, 1'000'000);
    std::vector<Result<Score>> out(requests.size());
    for (auto _ : state) {
      benchmark::DoNotOptimize(score(requests, out));
      benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(requests.size()));
  })->Unit(benchmark::kMillisecond);

  // Every winning tile of a waiting hand (the play set's hands without their
  // winning tile): score_each_win, and score() called for each of the 34
  // tiles as a caller would without it. Items are waiting hands.
  static const std::vector<ScoreRequest> waiting_hands = [] {
    std::vector<ScoreRequest> out = score_sets[0].requests;
    for (ScoreRequest& r : out) {
      const auto g = static_cast<std::size_t>(r.win.kind() / 9);
      if (r.win_red && g < 3 && r.hand.red_fives[g] > 0) --r.hand.red_fives[g];
      r.hand.remove(r.win);
      r.win_red = false;
    }
    return out;
  }();
  benchmark::RegisterBenchmark("score/each_win/play", [](benchmark::State& state) {
    std::array<Result<Score>, kind_count> out;
    for (auto _ : state)
      for (const ScoreRequest& r : waiting_hands) {
        benchmark::DoNotOptimize(score_each_win(r, out));
        benchmark::ClobberMemory();
      }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(waiting_hands.size()));
  });
  benchmark::RegisterBenchmark("score/each_win_by_score/play", [](benchmark::State& state) {
    for (auto _ : state)
      for (ScoreRequest r : waiting_hands) {
        const Hand h = r.hand;
        for (int k = 0; k < kind_count; ++k) {
          r.hand = h;
          r.hand.add(Tile(k));
          r.win = Tile(k);
          benchmark::DoNotOptimize(score(r));
        }
      }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(waiting_hands.size()));
  });

  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
