// Self-play on one core: whole games with the built-in bots, hanchan per
// second (items_per_second), decisions per second, and the table's size.
//   build/release/bench/mjk_bench_engine --benchmark_min_time=1
#include <benchmark/benchmark.h>

#include <array>
#include <string>

#include "mjk/bots.hpp"
#include "mjk/mjai.hpp"
#include "mjk/table.hpp"

namespace {

using namespace mjk;

// Games with `bot` at every seat under `rules`; with `events`, the event
// list is kept and written as mjai lines too.
void play(benchmark::State& state, const EngineRules& rules, Bot bot, bool events) {
  const std::array<Bot, 4> bots{bot, bot, bot, bot};
  Table table;
  GameLog log;
  std::string mjai;
  std::uint64_t seed = 0;
  long decisions = 0, rounds = 0;
  for (auto _ : state) {
    log.clear();
    mjai.clear();
    table.start(rules, 0x5eed, static_cast<std::uint32_t>(seed), events ? &log : nullptr);
    decisions += play_game(table, bots, seed++, events ? &log : nullptr);
    if (events) {
      write_mjai(log, rules.players, mjai);
      rounds += static_cast<long>(log.rounds.size());
    }
    benchmark::DoNotOptimize(table.scores());
  }
  state.SetItemsProcessed(state.iterations());  // hanchan
  state.counters["decisions_per_s"] = benchmark::Counter(static_cast<double>(decisions), benchmark::Counter::kIsRate);
  state.counters["sizeof_Table"] = static_cast<double>(sizeof(Table));
  if (events) state.counters["rounds_per_game"] = static_cast<double>(rounds) / static_cast<double>(state.iterations());
}

void BM_random_four(benchmark::State& s) { play(s, tenhou_rules(Players::four), bot_random, false); }
void BM_random_four_mjai(benchmark::State& s) { play(s, tenhou_rules(Players::four), bot_random, true); }
void BM_random_three(benchmark::State& s) { play(s, tenhou_rules(Players::three), bot_random, false); }
void BM_advice_four(benchmark::State& s) { play(s, tenhou_rules(Players::four), bot_advice, false); }
void BM_tsumogiri_four(benchmark::State& s) { play(s, tenhou_rules(Players::four), bot_tsumogiri, false); }

}  // namespace

BENCHMARK(BM_random_four)->Name("engine/random/four_south");
BENCHMARK(BM_random_four_mjai)->Name("engine/random/four_south_mjai");
BENCHMARK(BM_random_three)->Name("engine/random/three_south");
BENCHMARK(BM_advice_four)->Name("engine/advice/four_south");
BENCHMARK(BM_tsumogiri_four)->Name("engine/tsumogiri/four_south");
BENCHMARK_MAIN();
