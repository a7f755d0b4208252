// mjk ev HAND [options]: the expected-value table of a hand (ev.hpp, EV.md).
#include <unistd.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "commands.hpp"
#include "mjk/ev.hpp"
#include "mjk/report.hpp"
#include "mjk/request.hpp"

namespace mjk::cli {

namespace {

constexpr std::string_view ev_help = R"(usage: mjk ev [options] HAND
       mjk ev --json [options] [HAND]      (no HAND: one hand per line of standard input)

The expected value of a hand in the one-player tsumo model of EV.md (the model
of tomohxx's algorithm book and of mahjong-cpp's ExpectedScoreCalculator, the
engine of the "what to discard" web simulator): for each discard of a 14-tile
hand (or for a 13-tile hand as it stands), the probability of reaching
tenpai, the probability of winning and the expected score by the end of the
draws, at every turn. No opponent wins or calls; every turn one draw and one
discard, and discarded tiles go back to the wall; a closed hand that
discards to tenpai declares riichi; ura-dora count as an exact expectation.

HAND is the hand as it stands in mpsz (0 = red five), 13 or 14 tiles counting
3 per meld, with its melds in the meld notation of mjk --help:
  mjk ev 123m456p789s5s1222z
  mjk ev "12m55z4s pon:111z@toimen ankan:9999s"

The table shows one row per discard the search explored (a red five apart
from the plain five), best expected score first: the shanten after it, the
tenpai and win probabilities, the expected score, and the necessary tiles
with their copies in the wall. The model can put a probability above 1 (when
the draws it follows outnumber the tiles left); the table shows at most
100%, --json the values as computed.

search options:
  --hand-change      follow every draw of a hand not in riichi (手変わり)
  --shanten-back     try every discard of a hand not in riichi (向聴戻し)
  --extra N          how far the two above reach: a hand is widened while the
                     tiles it holds that the start did not, plus its shanten,
                     stay below the start's shanten + N (0-3, default 1)
  --no-uradora       no ura-dora expectation
  --no-red           red fives are plain fives
  --turn N           the turn the table shows, 1-17 (draws made; default 1)
  --max-vertices N   stop with an error past N vertices (the search's size;
                     default 1000000, reached holding about 0.45 GB at most;
                     a larger N lifts it)

context (as for the main command; see mjk --help):
  --players 3|4, --visible TILES (0 = a red five seen), --dora TILES (the
  indicators; 0 = a red five), --seat WIND, --round WIND, --nuki N, --honba N,
  --sticks N, --rule KEY=VALUE

  --json             one JSON object per hand: the analysis of mjk --json plus
                     "ev": {"shanten", "vertices", "wall", "discards": [{"discard"
                     (null for 13 tiles), "shanten", "necessary": [[tile, copies]],
                     "tenpai", "win", "score": 19 numbers each, index = draws
                     made (0 where not computed)}]}; a bad hand: {"hand", "error"}
  --help             this text

A search longer than a second reports its progress on standard error.
exit status: 0 if every hand was searched, 1 if any was rejected, 2 on bad usage.
)";

struct Settings {
  EvOptions options;
  EvVisible visible;
  ScoreRequest context;
  bool json = false;
  bool turn_given = false;
};

// mpsz tiles, red fives as 0: each to put(tile, red).
template <class Put>
std::optional<std::string> parse_tiles(std::string_view option, std::string_view text, Put put) {
  std::string digits;
  for (const char ch : text) {
    if (ch >= '0' && ch <= '9') {
      digits += ch;
      continue;
    }
    const auto suit = std::string_view("mpsz").find(ch);
    if (suit == std::string_view::npos || digits.empty())
      return std::string(option) + ": expected mpsz tiles such as 1155m7z, not '" + std::string(text) + "'";
    for (const char d : digits) {
      const auto tile = parse_tile(std::string{d, ch});
      if (!tile) return std::string(option) + ": no such tile " + std::string{d, ch};
      if (auto problem = put(*tile, d == '0')) return std::string(option) + ": " + *problem;
    }
    digits.clear();
  }
  if (!digits.empty()) return std::string(option) + ": digits with no suit letter in '" + std::string(text) + "'";
  return std::nullopt;
}

std::optional<std::string> number(std::string_view option, std::string_view value, long long max, long long& out) {
  const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), out);
  if (ec != std::errc() || end != value.data() + value.size() || out < 0 || out > max)
    return std::string(option) + " must be a number from 0 to " + std::to_string(max) + ", not '" + std::string(value) +
           "'";
  return std::nullopt;
}

std::optional<std::string> wind(std::string_view option, std::string_view value, std::uint8_t& out) {
  constexpr std::string_view names[] = {"east", "south", "west", "north"};
  for (int i = 0; i < 4; ++i)
    if (value == names[i] || value == std::string{static_cast<char>('1' + i), 'z'}) {
      out = static_cast<std::uint8_t>(i);
      return std::nullopt;
    }
  return std::string(option) + " must be a wind, 1z-4z or east/south/west/north, not '" + std::string(value) + "'";
}

// An option with a value; nullopt if all went well, else the problem.
std::optional<std::string> parse_option(std::string_view arg, std::string_view value, Settings& s) {
  long long n = 0;
  ScoreRequest& c = s.context;
  if (arg == "--extra" || arg == "--turn") {
    // Out-of-range values are the search's errors; here only numbers.
    int v = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
    if (ec != std::errc() || end != value.data() + value.size())
      return std::string(arg) + " must be a number, not '" + std::string(value) + "'";
    (arg == "--extra" ? s.options.extra : s.options.turn) = v;
    s.turn_given = s.turn_given || arg == "--turn";
    return std::nullopt;
  }
  if (arg == "--max-vertices") {
    if (auto p = number(arg, value, 1LL << 40, n)) return p;
    s.options.max_vertices = static_cast<std::uint64_t>(n);
    return std::nullopt;
  }
  if (arg == "--players") {
    if (value != "3" && value != "4") return "--players must be 3 or 4, not '" + std::string(value) + "'";
    c.players = value == "3" ? Players::three : Players::four;
    return std::nullopt;
  }
  if (arg == "--visible") {
    return parse_tiles(arg, value, [&](Tile t, bool red) -> std::optional<std::string> {
      if (++s.visible.counts[static_cast<std::size_t>(t.kind())] > 4) return "more than four copies of " + tile_name(t);
      if (red && ++s.visible.red[static_cast<std::size_t>(t.kind() / 9)] > 1) return "a second red five of one suit";
      return std::nullopt;
    });
  }
  if (arg == "--dora") {
    c.dora_count = 0;
    return parse_tiles(arg, value, [&](Tile t, bool red) -> std::optional<std::string> {
      if (c.dora_count == max_indicators) return std::string("at most 5 indicators");
      c.dora[c.dora_count++] = t;
      if (red && ++s.visible.red[static_cast<std::size_t>(t.kind() / 9)] > 1) return "a second red five of one suit";
      return std::nullopt;
    });
  }
  if (arg == "--seat") return wind(arg, value, c.seat);
  if (arg == "--round") return wind(arg, value, c.round);
  if (arg == "--nuki" || arg == "--honba" || arg == "--sticks") {
    if (auto p = number(arg, value, arg == "--nuki" ? 4 : 65535, n)) return p;
    if (arg == "--nuki") c.nuki = static_cast<std::uint8_t>(n);
    else if (arg == "--honba") c.honba = static_cast<std::uint16_t>(n);
    else c.sticks = static_cast<std::uint16_t>(n);
    return std::nullopt;
  }
  if (arg == "--rule") {
    const std::size_t eq = value.find('=');
    const auto e = set_rule(c.rules, value.substr(0, eq), eq == std::string_view::npos ? "" : value.substr(eq + 1));
    if (e) return "--rule " + std::string(value) + ": " + std::string(e.detail);
    return std::nullopt;
  }
  return "unknown option " + std::string(arg);
}

// The progress line: after a second, on standard error (updated in place on
// a terminal, one line at the end otherwise).
struct Progress {
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
  bool tty = isatty(STDERR_FILENO) != 0;
  bool shown = false;
  std::uint64_t vertices = 0;
  [[nodiscard]] double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  static void report(void* user, std::uint64_t vertices, int turns_left) {
    auto& p = *static_cast<Progress*>(user);
    p.vertices = vertices;
    if (!p.tty || p.seconds() < 1.0) return;
    p.shown = true;
    if (turns_left < 0) std::fprintf(stderr, "\rmjk ev: %llu vertices...", static_cast<unsigned long long>(vertices));
    else
      std::fprintf(stderr, "\rmjk ev: %llu vertices, %2d turns to compute", static_cast<unsigned long long>(vertices),
                   turns_left);
    std::fflush(stderr);
  }
  void done() const {
    const double s = seconds();
    if (shown) std::fprintf(stderr, "\r\033[K");
    if (s >= 1.0)
      std::fprintf(stderr, "mjk ev: searched %llu vertices in %.1f s\n", static_cast<unsigned long long>(vertices), s);
  }
};

// The hand line as a request: the context from the options, the tiles as
// they stand (a "HAND TILE" line's tile counts as drawn).
std::optional<ScoreRequest> request_of(std::string_view text, const Settings& s, std::string& problem) {
  const Parsed<ParsedRequest> p = parse_request_text(text, s.context);
  if (!p.ok()) {
    problem = p.error.message();
    return std::nullopt;
  }
  ScoreRequest r = p.value.request;
  r.win = Tile{};
  r.win_red = false;
  return r;
}

std::string fixed(double x, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, x);
  return buf;
}
std::string shortest(double x) {
  char buf[32];
  const auto end = std::to_chars(buf, buf + sizeof buf, x).ptr;
  return std::string(buf, end);
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
  std::printf("shanten   %d   wall %d   vertices %llu   %.3f ms\n", a.shanten, a.wall,
              static_cast<unsigned long long>(a.vertices), seconds * 1000);
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

// The analysis object of mjk --json with "ev" added.
std::string json_of(std::string_view text, const Settings& s, const EvAnswer& a) {
  std::vector<char> buffer(8192);
  std::string base;
  const Options options{s.context.players, std::span<const std::uint8_t>(s.visible.counts)};
  const auto report = analyse(text, options, s.context);
  for (;;) {
    JsonWriter json(buffer);
    if (report.ok()) write_json(report.value, json);
    else json.begin_object().key("hand").string(text).end_object();
    if (json.size() <= buffer.size()) {
      base.assign(buffer.data(), json.size());
      break;
    }
    buffer.resize(json.size());
  }
  base.pop_back();  // the closing brace: "ev" joins the object
  std::string out = base + ",\"ev\":{\"shanten\":" + std::to_string(a.shanten) +
                    ",\"vertices\":" + std::to_string(a.vertices) + ",\"wall\":" + std::to_string(a.wall) +
                    ",\"discards\":[";
  for (int i = 0; i < a.count; ++i) {
    const EvDiscard& d = a.discards[static_cast<std::size_t>(i)];
    out += i ? ",{" : "{";
    out += "\"discard\":" + (d.has_discard ? "\"" + discard_name(d) + "\"" : std::string("null"));
    out += ",\"shanten\":" + std::to_string(d.shanten) + ",\"necessary\":[";
    bool first = true;
    for (const Tile k : d.necessary) {
      out += (first ? "[\"" : ",[\"") + tile_name(k) + "\"," +
             std::to_string(a.wall_counts[static_cast<std::size_t>(k.kind())]) + "]";
      first = false;
    }
    out += "]";
    for (const auto& [name, values] : {std::pair{"tenpai", &d.tenpai}, {"win", &d.win}, {"score", &d.score}}) {
      out += std::string(",\"") + name + "\":[";
      for (int t = 0; t < ev_turns; ++t) out += (t ? "," : "") + shortest((*values)[static_cast<std::size_t>(t)]);
      out += "]";
    }
    out += "}";
  }
  return out + "]}}\n";
}

std::string json_error(std::string_view text, std::string_view message) {
  std::vector<char> buffer(1024);
  for (;;) {
    JsonWriter json(buffer);
    write_json_error(text, message, json);
    json.raw("\n");
    if (json.size() <= buffer.size()) return std::string(buffer.data(), json.size());
    buffer.resize(json.size());
  }
}

// Searches one hand and prints it; false if it was rejected.
bool search_one(std::string_view text, Settings& s, EvWorkspace& ws) {
  std::string problem;
  const auto r = request_of(text, s, problem);
  if (!r) {
    if (s.json) std::fputs(json_error(text, problem).c_str(), stdout);
    else std::fprintf(stderr, "mjk ev: %.*s: %s\n", static_cast<int>(text.size()), text.data(), problem.c_str());
    return false;
  }
  Progress progress;
  const EvProgress hook{&Progress::report, &progress};
  EvOptions o = s.options;
  o.progress = &hook;
  const EvResult e = expected_value(*r, o, s.visible, &ws);
  progress.vertices = e.value.vertices;  // the reports come at the growth's phases: a budget's stop falls between
  progress.done();
  if (!e.ok()) {
    if (s.json) std::fputs(json_error(text, e.error.message()).c_str(), stdout);
    else
      std::fprintf(stderr, "mjk ev: %.*s: %s\n", static_cast<int>(text.size()), text.data(), e.error.message().c_str());
    return false;
  }
  if (s.json) std::fputs(json_of(text, s, e.value).c_str(), stdout);
  else print_table(text, *r, e.value, o, s.turn_given, progress.seconds());
  return true;
}

}  // namespace

int ev_command(int argc, char** argv) {
  Settings s;
  std::vector<std::string> words;
  for (int i = 2; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      std::fputs(ev_help.data(), stdout);
      return 0;
    }
    if (arg == "--json") s.json = true;
    else if (arg == "--hand-change") s.options.hand_change = true;
    else if (arg == "--shanten-back") s.options.shanten_back = true;
    else if (arg == "--no-uradora") s.options.uradora = false;
    else if (arg == "--no-red") s.options.red = false;
    else if (arg.size() > 2 && arg.substr(0, 2) == "--") {
      static constexpr std::string_view with_value[] = {"--extra",   "--turn",  "--max-vertices", "--players",
                                                        "--visible", "--dora",  "--seat",         "--round",
                                                        "--nuki",    "--honba", "--sticks",       "--rule"};
      if (std::find(std::begin(with_value), std::end(with_value), arg) == std::end(with_value)) {
        std::fprintf(stderr, "mjk ev: unknown option '%s' (see mjk ev --help)\n", argv[i]);
        return 2;
      }
      if (i + 1 == argc) {
        std::fprintf(stderr, "mjk ev: %s needs a value (see mjk ev --help)\n", argv[i]);
        return 2;
      }
      if (const auto problem = parse_option(arg, argv[++i], s)) {
        std::fprintf(stderr, "mjk ev: %s\n", problem->c_str());
        return 2;
      }
    } else {
      words.emplace_back(arg);
    }
  }
  EvWorkspace ws;
  // The scorer builds its tables on its first win (~5 ms): built here, so
  // the time printed for the first search is the search's own.
  if (const auto win = parse_request_text("123m456p789s1122z 2z"); win.ok()) (void)score(win.value.request);
  if (!words.empty()) {  // the words form one hand, so a hand with melds works unquoted
    std::string text;
    for (const auto& w : words) text += (text.empty() ? "" : " ") + w;
    return search_one(text, s, ws) ? 0 : 1;
  }
  if (!s.json) {
    std::fputs(ev_help.data(), stderr);
    return 2;
  }
  bool all = true;
  char* line = nullptr;
  std::size_t capacity = 0;
  for (ssize_t n; (n = ::getline(&line, &capacity, stdin)) >= 0;) {
    std::string_view text(line, static_cast<std::size_t>(n));
    if (!text.empty() && text.back() == '\n') text.remove_suffix(1);
    if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
    all = search_one(text, s, ws) && all;
  }
  std::free(line);
  return all ? 0 : 1;
}

}  // namespace mjk::cli
