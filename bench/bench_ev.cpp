// The expected-value search (ev/): per shanten set, with and without the
// options, and the "AI case": the no-option table of every decision of a
// tsumo-only game. Hands are 14 tiles dealt from a shuffled wall (fixed
// seeds, one dora indicator, dealer, East round). Each iteration searches
// every hand of its set once, each timed alone, and reports hands per second
// and, over all iterations, the median / 90th percentile / largest time per
// hand (`median_us`, ...) and the vertices and edges per hand (`vertices`, `edges`, medians).
//
// Runs are named ev/<noopt|opt>/s<shanten> and ev/ai/<games>; `opt` is hand
// change + shanten back with extra 1 (the web simulator's default). Before
// anything is timed, the search is checked against the scalar reference on
// the 0-1 shanten sets (`--benchmark_filter=NONE` checks only; `--no_check`
// skips it, for profilers).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "mjk/ev.hpp"
#include "mjk/ref_ev.hpp"
#include "support/ev_requests.hpp"

namespace {

using namespace mjk;
using Clock = std::chrono::steady_clock;

struct Set {
  std::string name;
  std::vector<ev_test::Dealt> hands;
  EvOptions options;
};

EvOptions options_of(bool opt) {
  EvOptions o;
  o.hand_change = o.shanten_back = opt;
  o.extra = 1;
  o.max_vertices = UINT64_MAX;  // the 4-shanten option set's searches pass the default budget (1.8M vertices)
  return o;
}

// Hands per set: enough for a median, few where one search takes long.
int hands_for(int shanten, bool opt) {
  if (!opt) return shanten <= 2 ? 64 : shanten == 3 ? 32 : 8;
  return shanten <= 1 ? 64 : shanten == 2 ? 16 : shanten == 3 ? 8 : 3;
}

std::vector<Set>& sets() {
  static std::vector<Set> all = [] {
    std::vector<Set> out;
    for (const bool opt : {false, true})
      for (int shanten = 0; shanten <= 4; ++shanten) {
        Set s;
        s.name = std::string("ev/") + (opt ? "opt" : "noopt") + "/s" + std::to_string(shanten);
        s.options = options_of(opt);
        std::mt19937_64 rng(1000 + static_cast<unsigned>(shanten));  // the same hands with and without options
        ev_test::Spec spec;
        spec.shanten = shanten;
        for (int i = 0; i < hands_for(shanten, opt); ++i) s.hands.push_back(ev_test::deal(rng, spec));
        out.push_back(std::move(s));
      }
    return out;
  }();
  return all;
}

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[static_cast<std::size_t>(p * static_cast<double>(v.size() - 1) + 0.5)];
}

void check_against_reference() {
  EvWorkspace ws;
  for (const Set& s : sets()) {
    if (s.name.back() > '1') continue;
    for (std::size_t i = 0; i < s.hands.size(); i += 8) {
      const ev_test::Dealt& d = s.hands[i];
      const EvResult fast = expected_value(d.request, s.options, d.visible, &ws);
      const EvAnswer ref = ref::expected_value(d.request, s.options, d.visible);
      bool same = fast.ok() && fast.value.vertices == ref.vertices && fast.value.count == ref.count;
      for (int k = 0; same && k < ref.count; ++k)
        for (int t = 0; t < ev_turns; ++t) {
          const auto near = [](double a, double b) {
            return std::abs(a - b) <= 1e-9 * std::max({std::abs(a), std::abs(b), 1e-300});
          };
          const EvDiscard &a = fast.value.discards[static_cast<std::size_t>(k)],
                          &b = ref.discards[static_cast<std::size_t>(k)];
          const auto ti = static_cast<std::size_t>(t);
          same =
              same && near(a.tenpai[ti], b.tenpai[ti]) && near(a.win[ti], b.win[ti]) && near(a.score[ti], b.score[ti]);
        }
      if (!same) {
        std::fprintf(stderr, "benchmark %s: the search differs from scalar_ref on hand %zu\n", s.name.c_str(), i);
        std::exit(1);
      }
    }
  }
}

void run_set(benchmark::State& state, const Set& s) {
  EvWorkspace ws;
  std::vector<double> us;
  std::vector<double> vertices, edges;
  for (auto _ : state) {
    for (const ev_test::Dealt& d : s.hands) {
      const auto t0 = Clock::now();
      const EvResult r = expected_value(d.request, s.options, d.visible, &ws);
      us.push_back(std::chrono::duration<double, std::micro>(Clock::now() - t0).count());
      benchmark::DoNotOptimize(r.value.discards.data());
      if (vertices.size() < s.hands.size()) {
        vertices.push_back(static_cast<double>(r.value.vertices));
        edges.push_back(static_cast<double>(r.value.stats.edges));
      }
    }
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(s.hands.size()));
  state.counters["median_us"] = percentile(us, 0.5);
  state.counters["p90_us"] = percentile(us, 0.9);
  state.counters["max_us"] = percentile(us, 1.0);
  state.counters["vertices"] = percentile(vertices, 0.5);
  state.counters["edges"] = percentile(edges, 0.5);
  state.counters["peak_MB"] = static_cast<double>(ws.bytes()) / (1 << 20);
}

// The AI case: a tsumo-only game from a shuffled wall; at each of its
// decisions (14 tiles) the no-option table is searched, the discard with the
// best expected score at the current turn is made, and it joins the visible
// tiles. The game ends on a win or after 18 draws.
struct Decision {
  ev_test::Dealt request;
  int turn = 1;
};
std::vector<Decision> decisions_of_games(int games) {
  std::vector<Decision> out;
  EvWorkspace ws;
  for (int g = 0; g < games; ++g) {
    std::mt19937_64 rng(5000 + static_cast<unsigned>(g));
    std::vector<int> wall(136);
    for (int i = 0; i < 136; ++i) wall[static_cast<std::size_t>(i)] = i / 4;
    std::shuffle(wall.begin(), wall.end(), rng);
    ScoreRequest r;
    for (int i = 0; i < 13; ++i) r.hand.add(Tile(wall[static_cast<std::size_t>(i)]));
    r.dora_count = 1;
    r.dora[0] = Tile(wall[13]);
    EvVisible seen;
    std::size_t next = 14;
    for (int turn = 1; turn <= 18; ++turn) {
      r.hand.add(Tile(wall[next++]));
      ev_test::Dealt d{r, seen};
      const EvResult e = expected_value(r, {}, seen, &ws);
      if (!e.ok()) break;  // complete: the game is won
      out.push_back({d, turn});
      const EvAnswer& a = e.value;
      int best = 0;
      for (int i = 1; i < a.count; ++i) {
        const auto t = static_cast<std::size_t>(std::min(turn, 17));
        const EvDiscard &x = a.discards[static_cast<std::size_t>(i)], &y = a.discards[static_cast<std::size_t>(best)];
        if (x.score[t] > y.score[t] || (x.score[t] == y.score[t] && x.win[t] > y.win[t])) best = i;
      }
      const Tile discard = a.discards[static_cast<std::size_t>(best)].discard;
      r.hand.remove(discard);
      ++seen.counts[static_cast<std::size_t>(discard.kind())];
    }
  }
  return out;
}

void run_ai(benchmark::State& state, const std::vector<Decision>& decisions) {
  EvWorkspace ws;
  std::vector<double> us;
  for (auto _ : state)
    for (const Decision& d : decisions) {
      const auto t0 = Clock::now();
      const EvResult r = expected_value(d.request.request, {}, d.request.visible, &ws);
      us.push_back(std::chrono::duration<double, std::micro>(Clock::now() - t0).count());
      benchmark::DoNotOptimize(r.value.discards.data());
    }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(decisions.size()));
  state.counters["median_us"] = percentile(us, 0.5);
  state.counters["p90_us"] = percentile(us, 0.9);
  state.counters["max_us"] = percentile(us, 1.0);
  state.counters["decisions"] = static_cast<double>(decisions.size());
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  // --no_check: time without the reference check first (for profilers).
  if (!(argc > 1 && std::string(argv[1]) == "--no_check")) check_against_reference();
  for (const Set& s : sets())
    benchmark::RegisterBenchmark(s.name.c_str(), [&s](benchmark::State& state) {
      run_set(state, s);
    })->Unit(benchmark::kMicrosecond);
  // The games are played when their benchmark first runs (not when another is filtered).
  benchmark::RegisterBenchmark("ev/ai/8games", [](benchmark::State& state) {
    static const std::vector<Decision> ai = decisions_of_games(8);
    run_ai(state, ai);
  })->Unit(benchmark::kMicrosecond);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
