// The expected-value search (ev/): per shanten set, with and without the
// options, and the "AI case": the no-option table of every decision of a
// tsumo-only game. Hands are 14 tiles dealt from a shuffled wall (fixed
// seeds, one dora indicator, dealer, East round). Each iteration searches
// every hand of its set once, each timed alone, and reports hands per second
// and, over all iterations, the median / 90th percentile / largest time per
// hand (`median_us`, ...) and the vertices and edges per hand (`vertices`, `edges`, medians).
//
// Runs are named ev/<noopt|opt>/s<shanten> (the same hands every iteration,
// in a warm workspace), ev/<noopt|opt>/s<shanten>/new (hands never searched
// before, run_new) and ev/ai/8games (new games every iteration, one and two
// threads; ev/ai/8games/repeated: the same decisions again); `opt` is hand
// change + shanten back with extra 1 (the web simulator's default). Times
// are the answer's stats.search_us (the search alone). Before
// anything is timed, the search is checked against the scalar reference on
// the 0-1 shanten sets (`--benchmark_filter=NONE` checks only; `--no_check`
// skips it, for profilers).
#include <benchmark/benchmark.h>

#include <algorithm>
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
      const EvResult r = expected_value(d.request, s.options, d.visible, &ws);
      us.push_back(r.value.stats.search_us);
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

// New hands: each iteration takes hands no search of the process has seen
// and searches each of them twice in the row's workspace, kept from hand
// to hand as a thread's workspace is (a bot's, a server thread's, `mjk
// --json`'s): the first search of a new hand (`median_us`), then, once every
// hand of the iteration has been searched, the same hands again
// (`again_us`), so both are timed in one run under the same load;
// `first_over_again` is the median over the hands of the first search's time
// over the second's. The hands of every iteration are dealt before the
// first (a fixed count of iterations): dealing between the passes would
// leave the first one's caches cold for a reason that is not the hand's.
void run_new(benchmark::State& state, const Set& s, int shanten) {
  EvWorkspace ws;
  std::mt19937_64 rng(9000 + static_cast<unsigned>(shanten));
  ev_test::Spec spec;
  spec.shanten = shanten;
  std::vector<std::vector<ev_test::Dealt>> sets(static_cast<std::size_t>(state.max_iterations));
  for (auto& hands : sets)
    for (std::size_t i = 0; i < s.hands.size(); ++i) hands.push_back(ev_test::deal(rng, spec));
  std::vector<double> first, again, ratio, vertices;
  std::vector<double> first_of(s.hands.size());
  std::size_t iteration = 0;
  for (auto _ : state) {
    const std::vector<ev_test::Dealt>& hands = sets[iteration++ % sets.size()];
    for (int pass = 0; pass < 2; ++pass)
      for (std::size_t i = 0; i < hands.size(); ++i) {
        const ev_test::Dealt& d = hands[i];
        const EvResult r = expected_value(d.request, s.options, d.visible, &ws);
        benchmark::DoNotOptimize(r.value.discards.data());
        const double us = r.value.stats.search_us;
        if (pass == 0) {
          first.push_back(us);
          first_of[i] = us;
          vertices.push_back(static_cast<double>(r.value.vertices));
        } else {
          again.push_back(us);
          ratio.push_back(first_of[i] / us);
        }
      }
  }
  state.SetItemsProcessed(2 * state.iterations() * static_cast<std::int64_t>(s.hands.size()));
  state.counters["median_us"] = percentile(first, 0.5);
  state.counters["p90_us"] = percentile(first, 0.9);
  state.counters["again_us"] = percentile(again, 0.5);
  state.counters["first_over_again"] = percentile(ratio, 0.5);
  state.counters["vertices"] = percentile(vertices, 0.5);
  state.counters["hands"] = static_cast<double>(first.size());
  state.counters["peak_MB"] = static_cast<double>(ws.bytes()) / (1 << 20);
}

// The AI case as an engine calls it: tsumo-only games from shuffled walls;
// at each decision (14 tiles) the no-option table is searched, the discard
// with the best expected score at the current turn is made, and it joins
// the visible tiles. A game ends on a win or after 18 draws. Every decision
// is a hand the workspace has not searched (each iteration plays new games,
// so no decision repeats; within a game a hand differs from the one before
// by a discard and a draw, as a game's hands do).
struct Decision {
  ev_test::Dealt request;
  int turn = 1;
};
// Plays game `seed`; each decision's search (in `ws`) is timed by `time` if given.
template <class Time>
void play_game(std::uint64_t seed, EvWorkspace& ws, std::vector<Decision>* decisions, Time&& time) {
  std::mt19937_64 rng(seed);
  std::vector<int> wall(136);
  for (int i = 0; i < 136; ++i) wall[static_cast<std::size_t>(i)] = i / 4;
  std::shuffle(wall.begin(), wall.end(), rng);
  ScoreRequest r;
  for (int i = 0; i < 13; ++i) r.hand.add(Tile(wall[static_cast<std::size_t>(i)]));
  r.dora_count = 1;
  r.dora[0] = Tile(wall[13]);
  EvVisible seen;
  std::size_t next = 14;
  // The engine's ev bot's budget (engine/src/bots.cpp): past it the bot
  // plays another discard (here the tile drawn), the search's time spent.
  EvOptions options;
  options.max_vertices = 200000;
  for (int turn = 1; turn <= 18; ++turn) {
    const Tile drawn(wall[next++]);
    r.hand.add(drawn);
    const EvResult e = expected_value(r, options, seen, &ws);
    if (!e.ok() && e.error.code != Error::too_many_vertices) break;  // complete: the game is won
    time(e.value);
    if (decisions) decisions->push_back({{r, seen}, turn});
    const EvAnswer& a = e.value;
    int best = 0;
    for (int i = 1; i < a.count; ++i) {
      const auto t = static_cast<std::size_t>(std::min(turn, 17));
      const EvDiscard &x = a.discards[static_cast<std::size_t>(i)], &y = a.discards[static_cast<std::size_t>(best)];
      if (x.score[t] > y.score[t] || (x.score[t] == y.score[t] && x.win[t] > y.win[t])) best = i;
    }
    const Tile discard = e.ok() ? a.discards[static_cast<std::size_t>(best)].discard : drawn;
    r.hand.remove(discard);
    ++seen.counts[static_cast<std::size_t>(discard.kind())];
  }
}
std::vector<Decision> decisions_of_games(int games) {
  std::vector<Decision> out;
  EvWorkspace ws;
  for (int g = 0; g < games; ++g) play_game(5000 + static_cast<unsigned>(g), ws, &out, [](const EvAnswer&) {});
  return out;
}

// Eight new games per iteration, each thread its own workspace and games
// (threads: 2 runs two at once, one workspace each). decisions_per_s: the
// decisions of a thread over the time of their searches (one core's rate);
// items_per_second: all threads' decisions over the wall time.
void run_ai_games(benchmark::State& state) {
  EvWorkspace ws;
  std::vector<double> us;
  std::uint64_t seed = 100000 + 1000000 * static_cast<std::uint64_t>(state.thread_index());
  double searching = 0;
  for (auto _ : state)
    for (int g = 0; g < 8; ++g)
      play_game(seed++, ws, nullptr, [&](const EvAnswer& a) {
        us.push_back(a.stats.search_us);
        searching += a.stats.search_us;
      });
  state.SetItemsProcessed(static_cast<std::int64_t>(us.size()));
  state.counters["median_us"] = percentile(us, 0.5);
  state.counters["p90_us"] = percentile(us, 0.9);
  state.counters["max_us"] = percentile(us, 1.0);
  state.counters["decisions"] = benchmark::Counter(static_cast<double>(us.size()), benchmark::Counter::kAvgThreads);
  state.counters["decisions_per_s"] = benchmark::Counter(
      searching > 0 ? 1e6 * static_cast<double>(us.size()) / searching : 0, benchmark::Counter::kAvgThreads);
  state.counters["peak_MB"] = static_cast<double>(ws.bytes()) / (1 << 20);
}

// The same decisions again and again in a warm workspace (the row before
// the games were new per iteration: kept to compare).
void run_ai(benchmark::State& state, const std::vector<Decision>& decisions) {
  EvWorkspace ws;
  std::vector<double> us;
  for (auto _ : state)
    for (const Decision& d : decisions) {
      EvOptions options;
      options.max_vertices = 200000;  // as the games were played
      const EvResult r = expected_value(d.request.request, options, d.request.visible, &ws);
      us.push_back(r.value.stats.search_us);
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
  for (const Set& s : sets()) {
    const int shanten = s.name.back() - '0';
    // A fixed count of iterations, their hands dealt first (dealing a hand
    // of a given shanten takes longer than searching it at 0-1 shanten):
    // about a thousand hands up to 2-shanten without options, fewer where a
    // search takes long.
    const bool opt = s.options.hand_change;
    const int iterations = !opt ? (shanten <= 2 ? 16 : shanten == 3 ? 4 : 2) : shanten <= 1 ? 8 : shanten == 2 ? 2 : 1;
    benchmark::RegisterBenchmark((s.name + "/new").c_str(),
                                 [&s, shanten](benchmark::State& state) { run_new(state, s, shanten); })
        ->Unit(benchmark::kMicrosecond)
        ->Iterations(iterations);
  }
  benchmark::RegisterBenchmark("ev/ai/8games", run_ai_games)->Unit(benchmark::kMicrosecond)->UseRealTime();
  benchmark::RegisterBenchmark("ev/ai/8games", run_ai_games)->Unit(benchmark::kMicrosecond)->UseRealTime()->Threads(2);
  // The games are played when their benchmark first runs (not when another is filtered).
  benchmark::RegisterBenchmark("ev/ai/8games/repeated", [](benchmark::State& state) {
    static const std::vector<Decision> ai = decisions_of_games(8);
    run_ai(state, ai);
  })->Unit(benchmark::kMicrosecond);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
