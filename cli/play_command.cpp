// `mjk play`: games played on worker threads, each game a function of
// (seed, game number) alone, written one file a game (under a temporary
// name, renamed when whole) or to standard output in game order; the summary
// is summed from integers, so it is the same for every thread count.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <thread>
#include <unistd.h>

#include "commands.hpp"
#include "mjai_process.hpp"
#include "play.hpp"
#include "mjk/from_engine.hpp"
#include "mjk/mjai.hpp"
#include "mjk/play_summary.hpp"
#include "mjk/records.hpp"
#include "mjk/report.hpp"
#include "mjk/whole_number.hpp"

namespace mjk::cli {
namespace {

namespace fs = std::filesystem;

// mjk play's words: its values quoted by its excerpt, cmd:COMMAND bots its own, --out - standard output.
const records::PlayDoor play_door{excerpt, {}, true};

// What the options say before they are checked together: the records
// layer's options and the command's own.
struct PlayOptions {
  records::PlayOptions play;
  int bot_timeout_ms = 2000;
  int threads = 0;
  bool json = false;
};

std::optional<std::string> read_play_option(const Option& o, std::string_view value, PlayOptions& a) {
  using records::PlayOption;
  const auto read = [&](PlayOption p) -> std::optional<std::string> {
    if (std::string problem = records::read_play_option(p, value, a.play, play_door); !problem.empty()) return problem;
    return std::nullopt;
  };
  switch (o.id) {
    case Opt::json: a.json = true; return std::nullopt;
    case Opt::games: return read(PlayOption::games);
    case Opt::seed: return read(PlayOption::seed);
    case Opt::players: return read(PlayOption::players);
    case Opt::length: return read(PlayOption::length);
    case Opt::rules: return read(PlayOption::rules);
    case Opt::bots: return read(PlayOption::bots);
    case Opt::bot_timeout:
      if (!mjk::read_whole_number(value, a.bot_timeout_ms) || a.bot_timeout_ms < 1 || a.bot_timeout_ms > 3'600'000)
        return "--bot-timeout takes milliseconds from 1 to 3600000, not '" + excerpt(value) + "'";
      return std::nullopt;
    case Opt::threads:
      if (!mjk::read_whole_number(value, a.threads) || a.threads < 1 || a.threads > 1024)
        return "--threads takes a number from 1 to 1024, not '" + excerpt(value) + "'";
      return std::nullopt;
    case Opt::format: return read(PlayOption::format);
    case Opt::out: return read(PlayOption::out);
    default: return not_read(o);
  }
}

// The game's file name without its directory: SEED-GAME.EXT.
std::string game_file(const PlayPlan& plan, std::uint64_t game) {
  return std::to_string(plan.seed) + "-" + std::to_string(game) + std::string(play_extension(plan.format));
}

// Writes `text` to `path` whole or not at all: into a temporary file beside
// it, renamed over `path` once written and closed. Returns what failed, or "".
std::string write_whole(const fs::path& path, std::string_view text) {
  const fs::path temporary = path.string() + ".tmp" + std::to_string(::getpid());
  std::FILE* f = std::fopen(temporary.c_str(), "wb");
  if (!f) return "cannot write " + temporary.string() + ": " + std::strerror(errno);
  const bool written = std::fwrite(text.data(), 1, text.size(), f) == text.size();
  const int saved = errno;
  const bool closed = std::fclose(f) == 0;
  if (!written || !closed) {
    std::remove(temporary.c_str());
    return "cannot write " + temporary.string() + ": " + std::strerror(written ? errno : saved);
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0) {
    const std::string why = std::strerror(errno);
    std::remove(temporary.c_str());
    return "cannot rename " + temporary.string() + " to " + path.string() + ": " + why;
  }
  return {};
}

std::atomic<bool> play_stop{false};
extern "C" void on_play_interrupt(int) { play_stop = true; }

using Totals = records::PlayTotals;

void print_summary(const PlayPlan& plan, const Totals& t, double seconds, bool partial, std::FILE* out) {
  const bool external =
      std::any_of(plan.commands.begin(), plan.commands.end(), [](const std::string& c) { return !c.empty(); });
  const records::PlaySummary about{
      plan.rules.player_count(), plan.rules.length, plan.rules_name, plan.seed, plan.bot_names, external, partial};
  const std::string text = records::play_summary(about, t, seconds, plan.json);
  std::fprintf(out, plan.json ? "%s\n" : "%s", text.c_str());
}

// play_game's loop (the same seeds for the built-in bots, the same fallback)
// with a process of its own for each external seat, started for this game
// alone: a game is the same whatever thread plays it.
long play_with_processes(const PlayPlan& plan, std::uint32_t game, Table& table, GameLog& log, std::uint64_t seed,
                         int& replaced) {
  std::array<std::unique_ptr<MjaiProcess>, 4> processes;
  for (int s = 0; s < table.players(); ++s)
    if (const std::string& c = plan.commands[static_cast<std::size_t>(s)]; !c.empty())
      processes[static_cast<std::size_t>(s)] =
          std::make_unique<MjaiProcess>(c, s, game, plan.rules.players, plan.bot_timeout_ms);
  std::array<Rng, 4> rngs{};
  for (int s = 0; s < 4; ++s) rngs[static_cast<std::size_t>(s)].key = Rng::mix(seed ^ Rng::mix(0x5eed0000u + s));
  long decisions = 0;
  while (!table.done()) {
    if (table.phase() == Phase::round_over) {
      table.next_round(&log);
      continue;
    }
    const std::uint8_t actors = table.actors();
    for (int s = 0; s < table.players(); ++s) {
      if (!((actors >> s) & 1)) continue;
      const auto seat = static_cast<std::size_t>(s);
      const Action a = processes[seat] ? processes[seat]->act(table, log) : plan.bots[seat](table, s, rngs[seat]);
      if (!table.apply(s, a, &log).ok()) {
        const ActionSet& legal = table.legal(s);
        (void)table.apply(s,
                          legal.contains(act::pass)        ? act::pass
                          : legal.contains(act::tsumogiri) ? act::tsumogiri
                                                           : legal.nth(0),
                          &log);
      }
      ++decisions;
    }
  }
  for (auto& p : processes)
    if (p) {
      p->finish(log);
      replaced += p->replaced();
    }
  return decisions;
}

}  // namespace

std::optional<std::string> try_play_option(const Option& o, std::string_view value) {
  PlayOptions a;
  return read_play_option(o, value, a);
}

PlayPlanned plan_play(const std::vector<Arguments::Given>& given) {
  PlayOptions a;
  for (const auto& [option, value] : given)
    if (auto problem = read_play_option(*option, value, a)) return {std::nullopt, std::move(*problem)};
  records::PlayPlanned planned = records::plan_play(a.play, play_door);
  if (!planned.plan) return {std::nullopt, std::move(planned.error)};
  PlayPlan plan;
  static_cast<records::PlayPlan&>(plan) = std::move(*planned.plan);
  plan.bot_timeout_ms = a.bot_timeout_ms;
  plan.threads = a.threads;
  plan.json = a.json;
  return {std::move(plan), {}};
}

PlayedGame play_one(const PlayPlan& plan, std::uint32_t game, Table& table, GameLog& log) {
  std::vector<std::string_view> names(plan.bot_names.begin(), plan.bot_names.end());
  const std::optional<records::Format> format = records::record_format(plan.format);
  // Built-in bots alone: the records layer's game, the one mjk.selfplay plays too.
  if (std::all_of(plan.commands.begin(), plan.commands.end(), [](const std::string& c) { return c.empty(); }))
    return PlayedGame{records::play_recorded(plan.rules, plan.seed, game, plan.bots, format, names, table, log), 0};
  log.clear();
  table.start(plan.rules, plan.seed, game, &log);
  int replaced = 0;
  const long decisions =
      play_with_processes(plan, game, table, log, records::play_bots_seed(plan.seed, game), replaced);
  PlayedGame out{records::played_record(table, log, plan.rules, plan.seed, game, format, names), replaced};
  out.decisions = decisions;
  return out;
}

int play_command(const std::vector<Arguments::Given>& given, const std::vector<std::string>& words) {
  auto usage = [](const std::string& why) {
    std::fprintf(stderr, "mjk play: %s (see mjk play --help)\n", why.c_str());
    return 2;
  };
  if (!words.empty()) return usage("unexpected argument '" + excerpt(words.front()) + "'");
  PlayPlanned planned = plan_play(given);
  if (!planned.plan) return usage(planned.error);
  const PlayPlan& plan = *planned.plan;
  const bool to_stdout = plan.out == "-";
  if (!plan.out.empty() && !to_stdout) {
    std::error_code ec;
    fs::create_directories(plan.out, ec);
    if (!fs::is_directory(plan.out, ec)) {
      std::fprintf(stderr, "mjk play: --out %s is not a directory that can be made\n", plan.out.c_str());
      return 1;
    }
  }
  const int seats = plan.rules.player_count();
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  const int threads = static_cast<int>(std::min<std::uint64_t>(
      plan.games, static_cast<std::uint64_t>(plan.threads ? plan.threads : static_cast<int>(cores))));

  std::atomic<std::uint64_t> next{0}, done{0};
  std::atomic<bool> failed{false};
  std::mutex lock;
  std::condition_variable finished;
  int running = threads;
  std::string first_error;
  std::map<std::uint64_t, std::string> waiting;  // standard output: games finished ahead of their turn
  std::uint64_t printed = 0;
  std::vector<Totals> totals(static_cast<std::size_t>(threads));
  auto fail = [&](std::string why) {
    std::lock_guard guard(lock);
    if (first_error.empty()) first_error = std::move(why);
    failed = true;
  };
  auto worker = [&](int id) {
    auto table = std::make_unique<Table>();
    GameLog log;
    Totals& mine = totals[static_cast<std::size_t>(id)];
    for (;;) {
      if (play_stop || failed) break;
      const std::uint64_t game = next.fetch_add(1);
      if (game >= plan.games) break;
      PlayedGame g = play_one(plan, static_cast<std::uint32_t>(game), *table, log);
      if (!g.error.empty()) {
        fail(g.error);
        break;
      }
      if (to_stdout) {
        if (g.text.empty() || g.text.back() != '\n') g.text += '\n';
        std::lock_guard guard(lock);
        waiting.emplace(game, std::move(g.text));
        for (auto it = waiting.begin(); it != waiting.end() && it->first == printed; it = waiting.erase(it)) {
          std::fwrite(it->second.data(), 1, it->second.size(), stdout);
          ++printed;
        }
      } else if (plan.format != PlayFormat::none) {
        if (std::string why = write_whole(fs::path(plan.out) / game_file(plan, game), g.text); !why.empty()) {
          fail(why);
          break;
        }
      }
      mine.add(g, seats, g.replaced);
      ++done;
    }
    std::lock_guard guard(lock);
    --running;
    finished.notify_all();
  };

  const bool tty = isatty(STDERR_FILENO) != 0;
  std::signal(SIGINT, on_play_interrupt);
  // An external bot that has gone: its pipe's write fails with EPIPE, reported, not the end of mjk.
  if (std::any_of(plan.commands.begin(), plan.commands.end(), [](const std::string& c) { return !c.empty(); }))
    std::signal(SIGPIPE, SIG_IGN);
  const auto started = std::chrono::steady_clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count(); };
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) pool.emplace_back(worker, t);
  {
    std::unique_lock guard(lock);
    while (running > 0) {
      finished.wait_for(guard, std::chrono::milliseconds(250));
      if (tty && running > 0) {
        const double t = elapsed(), n = static_cast<double>(done.load());
        const double pct = 100.0 * n / static_cast<double>(plan.games);
        const int width = 30, filled = static_cast<int>(pct / 100 * width);
        std::fprintf(stderr, "\r[%s%s] %5.1f%% %llu/%llu games %8.1f hanchan/s   ",
                     std::string(static_cast<std::size_t>(filled), '#').c_str(),
                     std::string(static_cast<std::size_t>(width - filled), ' ').c_str(), pct,
                     static_cast<unsigned long long>(done.load()), static_cast<unsigned long long>(plan.games),
                     t > 0 ? n / t : 0.0);
      }
    }
  }
  const double seconds = elapsed();
  for (std::thread& t : pool) t.join();
  std::signal(SIGINT, SIG_DFL);
  if (tty) std::fputs("\r\033[K", stderr);
  Totals sum;
  for (const Totals& t : totals) sum.add(t);
  if (failed) {
    // No summary: it would count games that were played but not written.
    std::fprintf(stderr, "mjk play: %s (%llu games written whole before it stopped)\n", first_error.c_str(),
                 static_cast<unsigned long long>(sum.games));
    return 1;
  }
  const bool partial = play_stop.load() && sum.games < plan.games;
  print_summary(plan, sum, seconds, partial, to_stdout ? stderr : stdout);
  return partial ? 130 : 0;
}

}  // namespace mjk::cli
