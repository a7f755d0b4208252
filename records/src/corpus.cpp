#include "mjk/corpus.hpp"

#include "mjk/json.hpp"
#include "mjk/review.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <new>
#include <system_error>

namespace mjk::records {

bool record_files(std::span<const std::string> args, std::vector<std::string>& files, std::string& error) {
  namespace fs = std::filesystem;
  for (const auto& a : args) {
    std::error_code ec;
    if (!fs::is_directory(a, ec)) {
      files.push_back(a);
      continue;
    }
    std::vector<std::string> found;
    for (auto it = fs::recursive_directory_iterator(a, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec)) {
      std::error_code entry;  // a link to nothing: not a directory, and not an error of the listing
      if (!it->is_directory(entry) && it->path().filename().string() != "README.md")
        found.push_back(it->path().string());
    }
    if (ec) {
      error = "cannot list " + a + ": " + ec.message();
      return false;
    }
    std::sort(found.begin(), found.end());
    files.insert(files.end(), found.begin(), found.end());
  }
  return true;
}

void CorpusStats::merge(const CorpusStats& other) {
  each_count([](const char*, auto& mine, const auto& theirs) { mine += theirs; }, *this, other);
  each_array(
      [](const char*, auto& mine, const auto& theirs) {
        for (std::size_t t = 0; t < mine.size(); ++t) mine[t] += theirs[t];
      },
      *this, other);
  disagreements.insert(disagreements.end(), other.disagreements.begin(), other.disagreements.end());
  errors.insert(errors.end(), other.errors.begin(), other.errors.end());
}

void CorpusStats::sort() {
  std::sort(errors.begin(), errors.end());
  std::sort(disagreements.begin(), disagreements.end(), [](const Disagreement& a, const Disagreement& b) {
    if (a.file != b.file) return a.file < b.file;
    if (a.round != b.round) return a.round < b.round;
    if (a.event != b.event) return a.event < b.event;
    return a.what < b.what;
  });
}

namespace {

// A record's review added to the statistics (the same review `mjk log
// --json` prints).
void add_review(CorpusStats& s, const GameReview& rv) {
  const Replay& r = rv.replay;
  ++s.games;
  s.rounds += r.stats.rounds;
  s.seat_rounds += r.stats.rounds * static_cast<std::uint64_t>(rv.game.rules.seats());
  s.wins += r.stats.wins;
  s.tsumo += r.stats.tsumo;
  s.deal_ins += r.stats.deal_ins;
  s.draws += r.stats.draws;
  s.riichi += r.stats.riichi;
  s.discards += r.stats.discards;
  s.actions += r.stats.actions;
  s.win_points += r.stats.win_points;
  for (const Decision& d : r.decisions) {
    if (!d.reviewed) continue;
    ++s.reviewed;
    const std::size_t slot = std::min<std::size_t>(d.turn, corpus_turns) - 1;
    ++s.turn_discards[slot];
    s.turn_shanten[slot] += d.shanten;
    if (d.shanten_after == d.best_shanten) {
      ++s.equal_shanten;
      s.ukeire_given_up += static_cast<std::uint64_t>(d.best_ukeire - d.ukeire);
    } else {
      ++s.shanten_given_up;
    }
  }
  s.disagreements.insert(s.disagreements.end(), r.disagreements.begin(), r.disagreements.end());
  if (r.error) s.errors.push_back(r.error->message());
}

}  // namespace

void add_record(CorpusStats& s, const std::string& path, const ReadOptions& options) {
  ++s.files;
  // review_record_file never throws: running out of memory is its read error.
  const GameReview rv = review_record_file(path, options);
  if (rv.read_error) {
    s.errors.push_back(rv.read_error->message());
    return;
  }
  // Added only once whole, so that running out of memory leaves the
  // statistics as they were, with its error.
  CorpusStats one;
  try {
    add_review(one, rv);
  } catch (const std::bad_alloc&) {
    s.errors.push_back(path + ": out of memory while replaying the record");
    return;
  }
  s.merge(one);
}

CorpusStats corpus_stats(std::span<const std::string> paths, const ReadOptions& options) {
  CorpusStats s;
  for (const std::string& p : paths) add_record(s, p, options);
  return s;
}

namespace {

std::string n(std::uint64_t v) { return std::to_string(v); }

void write_corpus(JsonWriter& j, const CorpusStats& s) {
  const auto count = [&](std::string_view key, std::uint64_t v) { j.key(key).number(static_cast<long long>(v)); };
  // A ratio with 6 significant digits (null over nothing): the same sums
  // print the same text wherever they were added up.
  const auto ratio = [&](double sum, std::uint64_t over) -> JsonWriter& {
    return over == 0 ? j.null() : j.significant(sum / static_cast<double>(over), 6);
  };
  j.begin_object();
  count("games", s.games);
  count("rounds", s.rounds);
  count("wins", s.wins);
  count("draws", s.draws);
  count("riichi", s.riichi);
  count("discards", s.discards);
  count("actions", s.actions);
  count("disagreements", s.disagreements.size());
  j.key("errors").begin_array();
  for (const std::string& e : s.errors) j.string(e);
  j.end_array();
  count("files", s.files);
  count("tsumo", s.tsumo);
  count("deal_ins", s.deal_ins);
  j.key("win_rate");
  ratio(static_cast<double>(s.wins), s.seat_rounds).key("deal_in_rate");
  ratio(static_cast<double>(s.deal_ins), s.seat_rounds).key("riichi_rate");
  ratio(static_cast<double>(s.riichi), s.seat_rounds).key("average_win");
  ratio(static_cast<double>(s.win_points), s.wins);
  count("reviewed", s.reviewed);
  j.key("shanten_by_turn").begin_array();
  for (std::size_t t = 0; t < corpus_turns; ++t) ratio(static_cast<double>(s.turn_shanten[t]), s.turn_discards[t]);
  j.end_array().key("ukeire_given_up");
  ratio(static_cast<double>(s.ukeire_given_up), s.equal_shanten).key("shanten_given_up");
  ratio(static_cast<double>(s.shanten_given_up), s.reviewed);
  j.end_object();
}

}  // namespace

std::string corpus_json(const CorpusStats& s) {
  return json::spaced(json_string([&](JsonWriter& j) { write_corpus(j, s); }));
}

namespace {

// A figure for people: `decimals` digits after the point, "-" over nothing.
std::string fixed(double sum, std::uint64_t count, int decimals) {
  if (count == 0) return "-";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, sum / static_cast<double>(count));
  return buf;
}

std::string padded(std::string text, std::size_t width) {
  return text.size() < width ? std::string(width - text.size(), ' ') + text : text;
}

}  // namespace

std::string corpus_text(const CorpusStats& s) {
  const auto pct = [](std::uint64_t a, std::uint64_t b) {
    return b ? fixed(100.0 * static_cast<double>(a), b, 1) + "%" : std::string("-");
  };
  std::string o = "games " + n(s.games) + "  rounds " + n(s.rounds) + "  wins " + n(s.wins) + " (tsumo " + n(s.tsumo) +
                  ")  draws " + n(s.draws) + "  riichi " + n(s.riichi) + "  discards " + n(s.discards) + "  actions " +
                  n(s.actions) + "\n";
  o += "per player and round: win rate " + pct(s.wins, s.seat_rounds) + "  deal-in rate " +
       pct(s.deal_ins, s.seat_rounds) + "  riichi rate " + pct(s.riichi, s.seat_rounds) + "\n";
  o += "average win " + fixed(static_cast<double>(s.win_points), s.wins, 0) + " points\n";
  o += "ukeire given up per discard at the best shanten " +
       fixed(static_cast<double>(s.ukeire_given_up), s.equal_shanten, 2) +
       "  (discards to a worse shanten: " + pct(s.shanten_given_up, s.reviewed) + ")\n";
  // Shanten by turn: two rows of ten turns, the last "20+".
  o += "average shanten by turn (" + n(s.reviewed) + " discards reviewed):\n";
  constexpr std::size_t per_row = 10, width = 6;
  for (std::size_t from = 0; from < corpus_turns; from += per_row) {
    std::string turns = "  turn    ", values = "  shanten ";
    for (std::size_t t = from; t < std::min(corpus_turns, from + per_row); ++t) {
      turns += padded(n(t + 1) + (t + 1 == corpus_turns ? "+" : ""), width);
      values += padded(fixed(static_cast<double>(s.turn_shanten[t]), s.turn_discards[t], 2), width);
    }
    o += turns + "\n" + values + "\n";
  }
  o += "disagreements " + n(s.disagreements.size()) + "  errors " + n(s.errors.size()) + "\n";
  for (const auto& d : s.disagreements) o += "  disagreement: " + d.message() + "\n";
  for (const auto& e : s.errors) o += "  error: " + e + "\n";
  return o;
}

}  // namespace mjk::records
