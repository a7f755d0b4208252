// mjk ev: the hand analysis with "ev" asked (analysis.cpp reads the line and
// asks it), printed as the expected-value table (EV.md), the search's
// progress on standard error.
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "commands.hpp"
#include "mjk/ev.hpp"
#include "mjk/report.hpp"
#include "mjk/request.hpp"

namespace mjk::cli {

namespace {

// The progress line: after a second, on standard error (updated in place on
// a terminal, one line at the end otherwise).
struct Progress {
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
  bool tty = isatty(STDERR_FILENO) != 0;
  bool shown = false;
  [[nodiscard]] double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  static void report(void* user, std::uint64_t vertices, int turns_left) {
    auto& p = *static_cast<Progress*>(user);
    if (!p.tty || p.seconds() < 1.0) return;
    p.shown = true;
    if (turns_left < 0) std::fprintf(stderr, "\rmjk ev: %llu vertices...", static_cast<unsigned long long>(vertices));
    else
      std::fprintf(stderr, "\rmjk ev: %llu vertices, %2d turns to compute", static_cast<unsigned long long>(vertices),
                   turns_left);
    std::fflush(stderr);
  }
  // The count is the answer's: the last one reported may be far behind it.
  void done(bool ok, std::uint64_t vertices) const {
    if (shown) std::fprintf(stderr, "\r\033[K");
    std::fputs(ev_progress_summary(ok, vertices, seconds()).c_str(), stderr);
  }
};

// The scorer builds its tables on its first win (~5 ms): built before the
// first search, so the time printed for it is the search's own.
void warm_scorer() {
  static const bool warmed = [] {
    if (const auto win = parse_request_text("123m456p789s1122z 2z"); win.ok()) (void)score(win.value.request);
    return true;
  }();
  (void)warmed;
}

// The search of one line, timed, its progress shown.
Parsed<Report> search(std::string_view text, const Settings& s, double& seconds) {
  warm_scorer();
  Progress progress;
  const EvProgress hook{&Progress::report, &progress};
  auto r = answer_line(Cmd::ev, text, s, &hook);
  seconds = progress.seconds();
  progress.done(r.ok(), r.value.ev.vertices);
  return r;
}

std::string fixed(double x, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, x);
  return buf;
}
std::string discard_name(const EvDiscard& d) {
  if (!d.has_discard) return "-";
  std::string n = tile_name(d.discard);
  if (d.discard_red) n[0] = '0';
  return n;
}

void print_table(std::string_view text, const ScoreRequest& r, const EvAnswer& a, const EvOptions& o, bool turn_given,
                 double seconds) {
  const int tiles = r.hand.tiles + 3 * r.meld_count;
  std::printf("hand      %.*s  (%d tiles, %d called meld%s)\n", static_cast<int>(text.size()), text.data(), tiles,
              r.meld_count, r.meld_count == 1 ? "" : "s");
  // The search's own time (the answer's stats), then the line's: reading
  // the request and the answer's analysis are the difference.
  std::printf("shanten   %d   wall %d   vertices %llu   search %.3f ms (%.3f ms the line)\n", a.shanten, a.wall,
              static_cast<unsigned long long>(a.vertices), a.stats.search_us / 1000, seconds * 1000);
  std::printf("options   %s, %s, extra %d, %s, %s\n", o.hand_change ? "hand change" : "no hand change",
              o.shanten_back ? "shanten back" : "no shanten back", o.extra, o.uradora ? "ura-dora" : "no ura-dora",
              o.red ? "red fives" : "no red fives");
  const int turn = tiles == 13 && !turn_given ? 0 : o.turn;  // a 13-tile hand is read before its first draw
  std::printf("turn      %d  (%d draws left)\n", turn, ev_last_turn - turn);
  std::vector<int> order(a.count);
  for (int i = 0; i < a.count; ++i) order[static_cast<std::size_t>(i)] = i;
  const auto t = static_cast<std::size_t>(turn);
  std::stable_sort(order.begin(), order.end(), [&](int x, int y) {
    const EvDiscard &dx = a.discards[static_cast<std::size_t>(x)], &dy = a.discards[static_cast<std::size_t>(y)];
    if (dx.score[t] != dy.score[t]) return dx.score[t] > dy.score[t];
    return dx.win[t] > dy.win[t];
  });
  std::printf("discard  shanten   tenpai      win    score  necessary\n");
  for (const int i : order) {
    const EvDiscard& d = a.discards[static_cast<std::size_t>(i)];
    std::string necessary;
    for (const Tile k : d.necessary)
      necessary += (necessary.empty() ? "" : " ") + tile_name(k) + "(" +
                   std::to_string(a.wall_counts[static_cast<std::size_t>(k.kind())]) + ")";
    const auto percent = [](double p) { return fixed(100 * std::min(p, 1.0), 1) + "%"; };
    std::printf("%-7s  %7d  %7s  %7s  %7s  %s\n", discard_name(d).c_str(), d.shanten, percent(d.tenpai[t]).c_str(),
                percent(d.win[t]).c_str(), fixed(d.score[t], 0).c_str(),
                necessary.empty() ? "none" : necessary.c_str());
  }
}

}  // namespace

std::string ev_progress_summary(bool ok, std::uint64_t vertices, double seconds) {
  if (seconds < 1.0) return {};
  char line[96];
  if (ok)
    std::snprintf(line, sizeof line, "mjk ev: searched %llu vertices in %.1f s\n",
                  static_cast<unsigned long long>(vertices), seconds);
  else std::snprintf(line, sizeof line, "mjk ev: the search stopped after %.1f s\n", seconds);
  return line;
}

Parsed<Report> ev_answer(std::string_view text, const Settings& s) {
  double seconds = 0;
  return search(text, s, seconds);
}

bool ev_table(std::string_view text, const Settings& s) {
  double seconds = 0;
  const auto r = search(text, s, seconds);
  if (!r.ok()) {
    std::fprintf(stderr, "mjk ev: %s: %s\n", excerpt(text).c_str(), r.error.message().c_str());
    return false;
  }
  print_table(text, r.value.request.request, r.value.ev, r.value.request.ev, s.turn_given, seconds);
  return true;
}

}  // namespace mjk::cli
