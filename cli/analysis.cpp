// The hand analysis, mjk score and mjk ev: one reading of each line (the
// options' context, then what the subcommand asks of it), one analysis
// (analyse_request), one JSON writer (io's write_json) and the text answers.
#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>
#include <string_view>
#include <vector>

#include "commands.hpp"
#include "report_text.hpp"
#include "mjk/analysis.hpp"
#include "mjk/decomposition.hpp"
#include "mjk/hand.hpp"
#include "mjk/notation.hpp"
#include "mjk/ref.hpp"
#include "mjk/report.hpp"
#include "mjk/request.hpp"
#include "mjk/score.hpp"

namespace mjk::cli {
namespace {

// Every tile of score_each_win's answer `each` that the kernel's checks let
// through, won and scored again by the reference (--ref).
void score_each_win_with_ref(const mjk::ScoreRequest& waiting, std::span<mjk::Result<mjk::Score>> each) {
  for (int k = 0; k < mjk::kind_count; ++k)
    if (auto& r = each[static_cast<std::size_t>(k)]; r.ok())
      r.value = mjk::ref::score(mjk::won_on(waiting, mjk::Tile(k)));
}

// The same report from the scalar reference (--ref): the input is checked by
// the kernel's analyse_request(), every answer replaced by the reference's.
mjk::Parsed<mjk::Report> analyse_with_ref(const mjk::ParsedRequest& request, const Settings& s) {
  auto out = mjk::analyse_request(request, s.options());
  if (!out.ok()) return out;
  mjk::Report& r = out.value;
  const mjk::Hand& hand = r.input.hand;
  const auto seen = mjk::seen_elsewhere(r.request);  // visible, melds, indicators
  const std::span<const std::uint8_t> visible(seen);
  r.shanten = mjk::ref::shanten_forms(hand, r.players);
  if (r.complete) {
    r.agari = mjk::ref::is_agari(hand);
    r.discards = mjk::ref::tenpai_discards(hand);
    r.advice = mjk::ref::advice(hand, r.players, visible);
    const auto readings = r.agari ? mjk::ref::decompositions(hand, r.input.winning) : std::vector<mjk::Decomposition>{};
    r.decomposition_count = static_cast<std::uint8_t>(std::min(readings.size(), r.decompositions.size()));
    std::copy_n(readings.begin(), r.decomposition_count, r.decompositions.begin());
  } else {
    r.waits = mjk::ref::waits(hand);
    r.necessary = mjk::ref::necessary_tiles(hand, r.players, visible);
  }
  // The request passed the kernel's validate() above: the reference scores it.
  if (r.request.scored()) r.score = mjk::ref::score(r.request.request);
  if (r.request.each_win) score_each_win_with_ref(r.request.request, r.each_win);
  return out;
}

// A waiting hand (no winning tile named, its melds known): what each
// winning tile of it pays can be asked.
bool waiting(const mjk::ParsedRequest& q) {
  return !q.has_win && q.request.hand.tiles % 3 == 1 && (q.melds_known || q.request.hand.called_melds() == 0);
}

// What each tile pays a waiting hand: score_each_win with the line's
// visible tiles (or, with --ref, the reference's score of each tile it
// answered); the request's own error, if any.
mjk::HandError score_each_win_of(const mjk::Report& a, const Settings& s,
                                 std::array<mjk::Result<mjk::Score>, mjk::kind_count>& each) {
  const mjk::ScoreRequest& waiting = a.request.request;
  if (const mjk::HandError e = mjk::validate_waiting(waiting)) return e;
  if (const mjk::Error e = mjk::score_each_win(waiting, a.request.visible_tiles(), each); e != mjk::Error::none)
    return {e, mjk::HandError::nowhere, std::nullopt, 0};  // not reached: 34 outputs
  if (s.use_ref) score_each_win_with_ref(waiting, each);
  return {};
}

// mjk score's refusal of a line with nothing to score ("" when it has).
std::string nothing_to_score(const mjk::Report& a, bool each_win_found) {
  const mjk::ParsedRequest& q = a.request;
  if (waiting(q)) {
    if (each_win_found) return {};
    return "nothing to score: no tile completes the hand (shanten " + std::to_string(a.shanten.best) +
           "); name the winning tile after a space (\"123m456p789s11z23s 1s\") or give all 14 tiles";
  }
  if (q.scored()) return {};
  return std::string("nothing to score: ") +
         (q.has_win || a.input.hand.tiles % 3 == 1
              ? "with fewer than 14 tiles write the melds as meld words (chi:234m ...)"
              : "name the winning tile after a space (\"123m456p789s11z23s 1s\") or give all 14 tiles");
}

// `mjk score` of a waiting hand: what each winning tile pays, or why not.
int score_each_winning_tile(const mjk::Report& a, const Settings& s, const std::string& text) {
  std::array<mjk::Result<mjk::Score>, mjk::kind_count> each;
  if (const mjk::HandError e = score_each_win_of(a, s, each)) {
    std::fprintf(stderr, "mjk: %s: %s\n", excerpt(text).c_str(), e.message().c_str());
    return 1;
  }
  const bool found = std::any_of(each.begin(), each.end(), [](const auto& r) { return r.ok() && r.value.complete; });
  if (const std::string refused = nothing_to_score(a, found); !refused.empty()) {
    std::fprintf(stderr, "mjk: %s: %s\n", excerpt(text).c_str(), refused.c_str());
    return 1;
  }
  print_each_win(a, each, s.notation);
  return 0;
}

// A complete hand asked to be scored with no winning tile named: its last
// written tile is the winning tile (as majiang-core reads it); `note` says so.
std::string with_last_tile_as_win(const std::string& text, mjk::Notation notation, std::string& note) {
  std::string with_win(text.size() + 4, '\0');
  const std::size_t n = mjk::last_tile_as_win(text, with_win);
  if (!n || n > with_win.size()) return text;
  with_win.resize(n);
  std::string tile = with_win.substr(with_win.rfind(' ') + 1);  // "8s", "0p"; the suit-first form's "s8" said as "8s"
  if (tile.size() == 2 && (tile[0] < '0' || tile[0] > '9')) std::swap(tile[0], tile[1]);
  if (const auto t = mjk::parse_tile(tile); t && notation != mjk::Notation::mpsz)
    tile = mjk::to_string(*t, tile[0] == '0', notation);  // as --format writes the hand line
  note = "winning tile " + tile + " (the last tile)";
  return with_win;
}

// One JSON line into `buffer` (grown only for an unusually long answer).
std::string_view json_line(Cmd command, std::string_view text, const Settings& s, std::vector<char>& buffer,
                           bool& rejected) {
  std::string note, with_win;  // mjk score --json: the last-tile rule, as its text answer applies it
  if (command == Cmd::score) with_win = with_last_tile_as_win(std::string(text), s.notation, note);
  const auto r = command == Cmd::ev      ? ev_answer(text, s)
                 : command == Cmd::score ? answer_line(command, with_win, s)
                                         : answer_line(command, text, s);
  std::string refused;
  if (r.ok() && command == Cmd::score)
    refused = nothing_to_score(r.value, std::any_of(r.value.each_win.begin(), r.value.each_win.end(),
                                                    [](const auto& e) { return e.ok() && e.value.complete; }));
  for (;;) {
    mjk::JsonWriter json(buffer);
    if (!r.ok()) mjk::write_json_error(text, r.error.message(), json);
    else if (!refused.empty()) mjk::write_json_error(text, refused, json);
    else mjk::write_json(r.value, json);
    json.raw("\n");
    if (json.size() <= buffer.size()) {
      rejected = !r.ok() || !refused.empty();
      return {buffer.data(), json.size()};
    }
    buffer.resize(json.size());
  }
}

// Without --json: the words are one hand, answered as text.
int answer_text(Cmd command, const Settings& s, const std::vector<std::string>& words) {
  // The words form one hand, so `mjk 123m456p789s11z23s 1s` works unquoted.
  std::string text;
  for (const auto& w : words) text += (text.empty() ? "" : " ") + w;
  if (command == Cmd::ev) return finish_output(ev_table(text, s) ? 0 : 1);
  // Asked to score a complete hand with no winning tile named: its last
  // written tile is the winning tile, and the output says so.
  std::string note;
  if (command == Cmd::score || s.context_given) text = with_last_tile_as_win(text, s.notation, note);
  const auto r = answer_line(command, text, s);
  if (!r.ok()) {
    std::fprintf(stderr, "mjk: %s: %s\n", excerpt(text).c_str(), r.error.message().c_str());
    return finish_output(1);
  }
  if (command == Cmd::score) {
    if (waiting(r.value.request)) return finish_output(score_each_winning_tile(r.value, s, text));
    if (const std::string refused = nothing_to_score(r.value, false); !refused.empty()) {
      std::fprintf(stderr, "mjk: %s: %s\n", excerpt(text).c_str(), refused.c_str());
      return finish_output(1);
    }
    print_score_first(r.value, note, s.notation);
    return finish_output(0);
  }
  print_readable(r.value, note, s.notation);
  // A tenpai hand given a win's context: what each winning tile pays.
  if (s.context_given && waiting(r.value.request) && r.value.shanten.best == 0) {
    std::array<mjk::Result<mjk::Score>, mjk::kind_count> each;
    const mjk::HandError e = score_each_win_of(r.value, s, each);
    print_wins(r.value, each, e, s.notation);
  }
  return finish_output(0);
}

}  // namespace

int finish_output(int status) {
  if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
    std::fprintf(stderr, "mjk: error writing standard output: %s\n", std::strerror(errno));
    return 1;
  }
  return status;
}

std::string excerpt(std::string_view text) {
  constexpr std::size_t most = 120;
  std::string out;
  std::size_t i = 0;
  const auto hex = [&](unsigned char c) {
    char buf[5];
    std::snprintf(buf, sizeof buf, "\\x%02x", c);
    out += buf;
  };
  for (; i < text.size() && i < most;) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x20 || c == 0x7f || c == '\\') {
      if (c == '\\') out += "\\\\";
      else hex(c);
      ++i;
      continue;
    }
    if (c < 0x80) {
      out += static_cast<char>(c);
      ++i;
      continue;
    }
    // A whole UTF-8 character passes; a byte of an invalid one is \xNN.
    const std::size_t n = c >= 0xf0 && c < 0xf5 ? 4 : c >= 0xe0 ? 3 : c >= 0xc2 && c < 0xe0 ? 2 : 0;
    bool valid = n != 0 && i + n <= text.size();
    for (std::size_t k = 1; valid && k < n; ++k) valid = (static_cast<unsigned char>(text[i + k]) & 0xc0) == 0x80;
    if (!valid) {
      hex(c);
      ++i;
      continue;
    }
    if (i + n > most) break;
    out.append(text.substr(i, n));
    i += n;
  }
  if (i < text.size()) out += "... (" + std::to_string(text.size()) + " bytes)";
  return out;
}

Parsed<Report> answer_line(Cmd command, std::string_view text, const Settings& s, const EvProgress* progress) {
  mjk::ScoreRequest defaults = s.context;
  defaults.players = s.players;
  auto parsed = mjk::parse_request(text, defaults);
  if (!parsed.ok()) {
    Parsed<Report> out;
    out.error = parsed.error;
    return out;
  }
  mjk::ParsedRequest& q = parsed.value;
  if (command == Cmd::ev) {
    // "ev" asked with the options' search unless a JSON line asks its own;
    // a winning tile named counts as drawn (the search takes the hand as it stands).
    if (!q.has_ev) q.ev = s.ev;
    q.has_ev = true;
    q.ev.progress = progress;
    if (q.has_win) {
      q.has_win = false;
      q.request.win = mjk::Tile{};
      q.request.win_red = false;
    }
    if (!q.json) q.red_seen = s.red_seen;
  }
  if (command == Cmd::score && s.json && waiting(q)) q.each_win = true;  // what each winning tile pays
  return s.use_ref ? analyse_with_ref(q, s) : mjk::analyse_request(q, s.options());
}

int run_analysis(Cmd command, const Settings& s, const std::vector<std::string>& words) {
  if (!s.json) {
    if (!words.empty()) return answer_text(command, s, words);
    if (command == Cmd::score)
      std::fputs("usage: mjk score HAND [WIN] [win context options] (see mjk --help)\n", stderr);
    else if (command == Cmd::ev) print_command_help(mjk::cli::command(Cmd::ev), stderr);
    else print_short_help(stderr);
    return 2;
  }
  // One output line per hand, in input order: a blank line is answered like
  // an empty argument, so line n of the output always answers line n.
  // Large stdio buffers: a line of input is ~200 bytes and its answer ~1 KB,
  // and the default 4 KB buffers cost a system call every few lines.
  // (glibc ignores the size when given no buffer.)
  static std::array<char, std::size_t{1} << 16> in_buffer, out_buffer;
  std::setvbuf(stdin, in_buffer.data(), _IOFBF, in_buffer.size());
  std::setvbuf(stdout, out_buffer.data(), _IOFBF, out_buffer.size());
  bool any_error = false;
  std::vector<char> buffer(16384);
  std::size_t answered = 0;
  auto answer = [&](std::string_view text) {
    bool rejected = false;
    const std::string_view line = json_line(command, text, s, buffer, rejected);
    std::fwrite(line.data(), 1, line.size(), stdout);
    any_error = any_error || rejected;
    ++answered;
  };
  // A hand whose answer does not fit in memory (a line of hundreds of MB:
  // its echo) threw std::bad_alloc out of main, an abort: now the lines
  // before it stand, and the run stops there with the reason.
  const auto out_of_memory = [&] {
    std::fprintf(stderr, "mjk: out of memory answering hand %zu (the %zu before it were answered)\n", answered + 1,
                 answered);
    finish_output(1);
    return 1;
  };
  if (!words.empty()) {
    try {
      for (const auto& h : words) answer(h);
    } catch (const std::bad_alloc&) {
      return out_of_memory();
    }
  } else {
    char* line = nullptr;
    std::size_t capacity = 0;
    try {
      for (ssize_t n; (n = ::getline(&line, &capacity, stdin)) >= 0;) {
        std::string_view text(line, static_cast<std::size_t>(n));
        if (!text.empty() && text.back() == '\n') text.remove_suffix(1);
        if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
        answer(text);
      }
    } catch (const std::bad_alloc&) {
      std::free(line);
      return out_of_memory();
    }
    const int why = errno;
    std::free(line);
    if (std::ferror(stdin)) {
      std::fprintf(stderr, "mjk: error reading standard input: %s\n", std::strerror(errno));
      finish_output(1);
      return 1;
    }
    // getline stops short of the end without a read error when a line does
    // not fit in memory (ENOMEM): that line and those after it were dropped
    // as though the input had ended there, exit 0.
    if (!std::feof(stdin)) {
      std::fprintf(stderr, "mjk: error reading standard input: a line does not fit in memory (%s)\n",
                   std::strerror(why));
      finish_output(1);
      return 1;
    }
  }
  return finish_output(any_error ? 1 : 0);
}

}  // namespace mjk::cli
