// `mjk census`: the command around census::run (arguments, progress, output).
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>
#include <unistd.h>

#include "census.hpp"
#include "mjk/report.hpp"
#include "mjk/whole_number.hpp"
#include "commands.hpp"

namespace mjk::cli {
namespace {

std::atomic<bool> census_stop{false};
extern "C" void on_interrupt(int) { census_stop = true; }

std::string duration(double seconds) {
  char buf[32];
  const long s = static_cast<long>(seconds);
  if (s >= 3600) std::snprintf(buf, sizeof buf, "%ldh%02ldm%02lds", s / 3600, s / 60 % 60, s % 60);
  else if (s >= 60) std::snprintf(buf, sizeof buf, "%ldm%02lds", s / 60, s % 60);
  else std::snprintf(buf, sizeof buf, "%.1fs", seconds);
  return buf;
}

// What mjk census's options set.
struct CensusArgs {
  mjk::census::Options opt;
  bool json = false, have_tiles = false, have_kinds = false;
};

std::optional<std::string> read_census_option(const Option& o, std::string_view value, CensusArgs& a) {
  switch (o.id) {
    case Opt::json: a.json = true; return std::nullopt;
    case Opt::tiles:
      if (value != "13" && value != "14") return "--tiles must be 13 or 14";
      a.opt.tiles = value == "13" ? 13 : 14;
      a.have_tiles = true;
      return std::nullopt;
    case Opt::kinds:
      if (const auto k = mjk::census::parse_kinds(value)) {
        a.opt.kinds = *k;
        a.have_kinds = true;
        return std::nullopt;
      }
      return "--kinds must be m, mp, mps or all";
    case Opt::threads: {
      int n = 0;
      if (!mjk::read_whole_number(value, n) || n < 1 || n > 1024) return "--threads takes a number from 1 to 1024";
      a.opt.threads = n;
      return std::nullopt;
    }
    default: return not_read(o);
  }
}

}  // namespace

std::optional<std::string> try_census_option(const Option& o, std::string_view value) {
  CensusArgs a;
  return read_census_option(o, value, a);
}

int census_command(const std::vector<Arguments::Given>& given, const std::vector<std::string>& words) {
  auto usage = [](const std::string& why) {
    std::fprintf(stderr,
                 "mjk census: %s\nusage: mjk census --tiles 14|13 --kinds m|mp|mps|all [--threads N] [--json]\n",
                 why.c_str());
    return 2;
  };
  CensusArgs a;
  for (const auto& [option, value] : given)
    if (const auto problem = read_census_option(*option, value, a)) return usage(*problem);
  if (!words.empty()) return usage("unexpected argument '" + words.front() + "'");
  if (!a.have_tiles || !a.have_kinds) return usage("--tiles and --kinds are required");
  mjk::census::Options& opt = a.opt;
  const bool json = a.json;

  const std::uint64_t space = mjk::census::space_size(opt.tiles, opt.kinds);
  const bool tty = isatty(STDERR_FILENO);
  const auto started = std::chrono::steady_clock::now();
  double last_line = 0;
  opt.stop = &census_stop;
  opt.progress_every = tty ? 0.5 : 1.0;
  opt.progress = [&](std::uint64_t done) {
    const double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    const double rate = t > 0 ? static_cast<double>(done) / t : 0;
    const double eta = rate > 0 ? static_cast<double>(space - done) / rate : 0;
    const double pct = space ? 100.0 * static_cast<double>(done) / static_cast<double>(space) : 100;
    if (tty) {
      const int width = 30, filled = static_cast<int>(pct / 100 * width);
      std::fprintf(stderr, "\r[%s%s] %5.1f%% %8.1f M hands/s  ETA %s   ",
                   std::string(static_cast<std::size_t>(filled), '#').c_str(),
                   std::string(static_cast<std::size_t>(width - filled), ' ').c_str(), pct, rate / 1e6,
                   duration(eta).c_str());
    } else if (t - last_line >= 10) {
      std::fprintf(stderr, "census: %llu of %llu hands (%.1f%%), %.1f M hands/s, ETA %s\n",
                   static_cast<unsigned long long>(done), static_cast<unsigned long long>(space), pct, rate / 1e6,
                   duration(eta).c_str());
      last_line = t;
    }
  };
  std::signal(SIGINT, on_interrupt);
  const auto out = mjk::census::run(opt);
  std::signal(SIGINT, SIG_DFL);
  if (tty) std::fputs("\n", stderr);

  const auto& c = out.counts;
  const double rate = out.seconds > 0 ? static_cast<double>(c.hands) / out.seconds : 0;
  const bool agari = opt.tiles == 14;
  if (json) {
    char line[1024];
    mjk::JsonWriter o(line);
    o.begin_object();
    o.key("tiles").number(opt.tiles);
    o.key("kinds").string(mjk::census::name(opt.kinds));
    o.key("partial").boolean(out.partial);
    o.key("hands").number(static_cast<long long>(c.hands));
    o.key(agari ? "agari" : "tenpai").number(static_cast<long long>(c.total));
    o.key("standard").number(static_cast<long long>(c.standard));
    o.key("chiitoi").number(static_cast<long long>(c.chiitoi));
    o.key("both").number(static_cast<long long>(c.both));
    o.key("kokushi").number(static_cast<long long>(c.kokushi));
    if (!agari) {
      o.key("waits").begin_object();
      for (std::size_t n = 1; n < c.by_waits.size(); ++n)
        if (c.by_waits[n]) o.key(std::to_string(n)).number(static_cast<long long>(c.by_waits[n]));
      o.end_object();
    }
    o.key("seconds").number(out.seconds, 3);
    o.key("hands_per_second").number(rate, 0);
    o.end_object();
    std::printf("%.*s\n", static_cast<int>(std::min(o.size(), sizeof line)), line);
  } else {
    if (out.partial)
      std::printf("PARTIAL: interrupted; the counts below cover %llu of the %llu hands\n",
                  static_cast<unsigned long long>(c.hands), static_cast<unsigned long long>(space));
    std::printf("hands         %llu (%d tiles, kinds %s)\n", static_cast<unsigned long long>(c.hands), opt.tiles,
                std::string(mjk::census::name(opt.kinds)).c_str());
    std::printf("%-13s %llu\n", agari ? "agari" : "tenpai", static_cast<unsigned long long>(c.total));
    std::printf("  standard    %llu\n  seven pairs %llu\n  both        %llu\n  kokushi     %llu\n",
                static_cast<unsigned long long>(c.standard), static_cast<unsigned long long>(c.chiitoi),
                static_cast<unsigned long long>(c.both), static_cast<unsigned long long>(c.kokushi));
    if (!agari)
      for (std::size_t n = 1; n < c.by_waits.size(); ++n)
        if (c.by_waits[n])
          std::printf("  %2zu wait%s    %llu\n", n, n == 1 ? " " : "s", static_cast<unsigned long long>(c.by_waits[n]));
    std::printf("%.2f s, %.1f M hands/s%s\n", out.seconds, rate / 1e6, out.partial ? " (partial)" : "");
  }
  return out.partial ? 130 : 0;
}

}  // namespace mjk::cli
