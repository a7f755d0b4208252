// mjk log: read game records, replay them with every check, review every
// discard (--json), or aggregate a corpus on every core (--stats).
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdlib>
#include <atomic>
#include <cstdio>
#include <mutex>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "commands.hpp"
#include "options.hpp"
#include "stats_plot.hpp"
#include "mjk/corpus.hpp"
#include "mjk/hand.hpp"
#include "mjk/records.hpp"
#include "mjk/replay.hpp"
#include "mjk/review.hpp"
#include "mjk/whole_number.hpp"

namespace mjk::cli {
namespace {

using namespace mjk::records;

// Every file named, directories walked (records::record_files, as the doors walk them).
bool collect(const std::vector<std::string>& args, std::vector<std::string>& files) {
  std::string error;
  if (record_files(args, files, error)) return true;
  std::fprintf(stderr, "mjk log: %s\n", error.c_str());
  return false;
}

// "16777216", "64K", "16M", "1G": a positive byte count; nullopt otherwise.
std::optional<std::uint64_t> byte_count(std::string_view text) {
  std::uint64_t n = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || n == 0) return std::nullopt;
  const std::string_view unit = text.substr(static_cast<std::size_t>(end - text.data()));
  const int shift = unit.empty() ? 0 : unit == "K" ? 10 : unit == "M" ? 20 : unit == "G" ? 30 : -1;
  if (shift < 0 || n > (~std::uint64_t{0} >> shift)) return std::nullopt;
  return n << shift;
}

// Every record on `threads` threads, each adding to its own partial
// statistics (merged at the end: the sums make the merge exact).
int stats(const std::vector<std::string>& files, bool json, unsigned threads, const ReadOptions& read_options,
          const std::optional<std::string>& plot) {
  std::atomic<std::size_t> next{0}, done{0};
  std::vector<CorpusStats> parts(threads);
  std::vector<std::thread> pool;
  for (unsigned k = 0; k < threads; ++k)
    pool.emplace_back([&, k] {
      for (std::size_t i; (i = next.fetch_add(1)) < files.size();) {
        add_record(parts[k], files[i], read_options);
        ++done;
      }
    });
  const bool progress = isatty(fileno(stderr));
  const auto bar = [&](std::size_t n) {
    const std::size_t width = 40, filled = files.empty() ? width : n * width / files.size();
    std::fprintf(stderr, "\r[%s%s] %zu / %zu records", std::string(filled, '#').c_str(),
                 std::string(width - filled, ' ').c_str(), n, files.size());
  };
  while (progress && done.load() < files.size()) {
    bar(done.load());
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  for (auto& t : pool) t.join();
  if (progress) {
    bar(files.size());
    std::fputc('\n', stderr);
  }
  CorpusStats total;
  for (const auto& p : parts) total.merge(p);
  total.sort();
  const std::string out = json ? corpus_json(total) + "\n" : corpus_text(total);
  std::fputs(out.c_str(), stdout);
  if (plot) {
    const std::string svg = corpus_svg(total);
    std::FILE* f = std::fopen(plot->c_str(), "wb");
    const bool written = f && std::fwrite(svg.data(), 1, svg.size(), f) == svg.size();
    if (f && std::fclose(f) != 0) f = nullptr;
    if (!written || !f) {
      std::fprintf(stderr, "mjk log: cannot write the plot to %s\n", plot->c_str());
      return 1;
    }
  }
  return total.disagreements.empty() && total.errors.empty() ? 0 : 1;
}

// --to: every record converted to stdout; errors (naming the file) to stderr.
int convert(const std::vector<std::string>& files, Format format, const ReadOptions& read_options) {
  bool clean = true;
  for (const auto& file : files) {
    const ReadResult read = read_record_file(file, read_options);
    if (!read.ok()) {
      clean = false;
      std::fprintf(stderr, "mjk log: %s\n", read.error->message().c_str());
      continue;
    }
    WriteResult out;
    try {
      out = write_record(read.game, format);
    } catch (const std::bad_alloc&) {
      out.error = file + ": out of memory while writing the record";
    }
    if (!out.ok()) {
      clean = false;
      std::fprintf(stderr, "mjk log: %s\n", out.error->c_str());
      continue;
    }
    std::fwrite(out.text.data(), 1, out.text.size(), stdout);
  }
  return clean ? 0 : 1;
}

// What mjk log's options set.
struct LogArgs {
  bool json = false, want_stats = false;
  std::optional<Format> to;
  std::optional<std::string> plot;
  unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  bool threads_given = false;
  ReadOptions read_options;
};

std::optional<std::string> read_log_option(const Option& o, std::string_view value, LogArgs& a) {
  switch (o.id) {
    case Opt::json: a.json = true; return std::nullopt;
    case Opt::stats: a.want_stats = true; return std::nullopt;
    case Opt::plot: a.plot = std::string(value); return std::nullopt;
    case Opt::to:
      if (value != "mjai" && value != "tenhou6" && value != "mjlog")
        return "--to takes mjai, tenhou6 or mjlog, not " + std::string(value);
      a.to = value == "mjai" ? Format::mjai : value == "tenhou6" ? Format::tenhou6 : Format::mjlog;
      return std::nullopt;
    case Opt::threads:
      if (!mjk::read_whole_number(value, a.threads) || a.threads < 1 || a.threads > 1024)
        return "--threads takes a number from 1 to 1024, not '" + std::string(value) + "'";
      a.threads_given = true;
      return std::nullopt;
    case Opt::max_bytes:
      if (const auto n = byte_count(value)) {
        a.read_options.max_bytes = *n;
        return std::nullopt;
      }
      return "--max-bytes takes a positive number of bytes (with K, M or G), not " + std::string(value);
    default: return not_read(o);
  }
}

}  // namespace

std::optional<std::string> try_log_option(const Option& o, std::string_view value) {
  LogArgs a;
  return read_log_option(o, value, a);
}

int log_command(const std::vector<Arguments::Given>& given, const std::vector<std::string>& args) {
  LogArgs a;
  for (const auto& [option, value] : given)
    if (const auto problem = read_log_option(*option, value, a)) {
      std::fprintf(stderr, "mjk log: %s\n", problem->c_str());
      return 2;
    }
  const bool json = a.json, want_stats = a.want_stats;
  const auto& to = a.to;
  const auto& plot = a.plot;
  const unsigned threads = a.threads;
  const ReadOptions& read_options = a.read_options;
  if (args.empty()) {
    print_command_help(command(Cmd::log), stderr);
    return 2;
  }
  std::vector<std::string> files;
  if (!collect(args, files)) return 1;
  // Options of another mode were once dropped without a word (--to with
  // --json or --stats converted, --threads without --stats read nothing).
  if (to && (json || want_stats || plot)) {
    std::fprintf(stderr,
                 "mjk log: --to converts records: it goes with neither --json, --stats nor --plot (see mjk "
                 "log --help)\n");
    return 2;
  }
  if (a.threads_given && !want_stats) {
    std::fprintf(stderr, "mjk log: --threads goes with --stats (see mjk log --help)\n");
    return 2;
  }
  if (to) return convert(files, *to, read_options);
  if (plot && !want_stats) {
    std::fprintf(stderr, "mjk log: --plot goes with --stats (see mjk log --help)\n");
    return 2;
  }
  if (want_stats) return stats(files, json, threads, read_options, plot);
  bool clean = true;
  for (const auto& file : files) {
    const GameReview rv = review_record_file(file, read_options);
    clean = clean && rv.clean();
    const std::string out = json ? review_lines(rv) : review_text(rv);
    std::fputs(out.c_str(), stdout);
  }
  return clean ? 0 : 1;
}

}  // namespace mjk::cli
