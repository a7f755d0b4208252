// Game records: parse + replay + every check, and the same with the review of
// every discard (batch advice), over the sample corpus in memory
// (../shared/data/logs, MJK_SHARED_DATA_DIR), repeated: games per second on
// one core. Skips (with the reason) when the corpus is absent.
//   build/release/bench/mjk_bench_records --benchmark_min_time=2
#include <benchmark/benchmark.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "mjk/records.hpp"
#include "mjk/replay.hpp"

namespace {

namespace fs = std::filesystem;
using namespace mjk::records;

struct File {
  std::string name, bytes;
};

// Four-player hanchan records (the mjlog folder: Tenhou Phoenix games).
const std::vector<File>& corpus() {
  static const std::vector<File> files = [] {
    std::vector<File> out;
    const fs::path dir = fs::path(MJK_SHARED_DATA_DIR) / "logs" / "tenhou-mjlog";
    if (!fs::is_directory(dir)) return out;
    for (const auto& e : fs::directory_iterator(dir)) {
      std::ifstream in(e.path(), std::ios::binary);
      out.push_back(
          {e.path().filename().string(), {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()}});
    }
    std::sort(out.begin(), out.end(), [](const File& a, const File& b) { return a.name < b.name; });
    return out;
  }();
  return files;
}

void run(benchmark::State& state, bool review_discards) {
  const auto& files = corpus();
  if (files.empty()) {
    state.SkipWithError(("no records at " + (fs::path(MJK_SHARED_DATA_DIR) / "logs").string()).c_str());
    return;
  }
  std::size_t games = 0, discards = 0, i = 0;
  for (auto _ : state) {
    const File& f = files[i++ % files.size()];
    const ReadResult r = read_record(f.bytes, f.name);
    ReplayOptions options;
    options.decisions = review_discards;
    Replay p = replay(r.game, options);
    if (review_discards) review(p.decisions, r.game.rules.players);
    discards += p.stats.discards;
    benchmark::DoNotOptimize(p);
    ++games;
  }
  state.counters["games/s"] = benchmark::Counter(static_cast<double>(games), benchmark::Counter::kIsRate);
  state.counters["discards/s"] = benchmark::Counter(static_cast<double>(discards), benchmark::Counter::kIsRate);
}

void BM_records_parse_replay_check(benchmark::State& state) { run(state, false); }
void BM_records_with_review(benchmark::State& state) { run(state, true); }

}  // namespace

BENCHMARK(BM_records_parse_replay_check)->MinTime(1.0);
BENCHMARK(BM_records_with_review)->MinTime(1.0);
BENCHMARK_MAIN();
