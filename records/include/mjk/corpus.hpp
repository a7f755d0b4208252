// Statistics over a corpus of game records: plain sums and counts, so that
// the partial statistics of any split of the corpus (threads, processes,
// Dask workers) merge into exactly the figures of one pass (every average is
// a sum over a count, divided only when printed). `mjk log --stats` and the
// Python package (`mjk._native.corpus_stats`, `python -m mjk.corpus`) both
// use this; corpus_json() is the one object they print.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "mjk/replay.hpp"

namespace mjk::records {

// Shanten by turn: turns 1 .. corpus_turns-1 each, the last slot every later turn.
inline constexpr std::size_t corpus_turns = 20;

struct CorpusStats {
  std::uint64_t files = 0;  // records given
  std::uint64_t games = 0;  // records read (their replay may have stopped at an error)
  std::uint64_t rounds = 0;
  std::uint64_t seat_rounds = 0;  // rounds x players: the denominator of the rates
  std::uint64_t wins = 0;         // each winner of a double ron counts
  std::uint64_t tsumo = 0;
  std::uint64_t deal_ins = 0;  // a discarder who pays two winners deals in once
  std::uint64_t draws = 0;     // rounds ending without a win, exhaustive or abortive
  std::uint64_t riichi = 0;    // declarations accepted
  std::uint64_t discards = 0;
  std::uint64_t actions = 0;    // recorded actions checked against the engine's legal sets (passes included)
  std::int64_t win_points = 0;  // sum of the hands' values (the winner's gain without honba and sticks)
  std::uint64_t reviewed = 0;   // discards the kernel reviewed
  std::array<std::uint64_t, corpus_turns> turn_discards{};  // reviewed discards by turn
  std::array<std::int64_t, corpus_turns> turn_shanten{};    // their shanten (before) summed
  std::uint64_t equal_shanten = 0;                          // reviewed discards keeping the best discard's shanten
  std::uint64_t ukeire_given_up = 0;                        // over those: best_ukeire - ukeire, summed
  std::uint64_t shanten_given_up = 0;                       // reviewed discards to a worse shanten than the best's
  std::vector<Disagreement> disagreements;
  std::vector<std::string> errors;  // "FILE:LINE:COLUMN (byte N): WHAT" or "FILE E1-0 event N: WHAT"

  // Every number, named as the partial statistics' keys (Python's dict).
  // Calls f(name, s.member...) for every number (with several statistics:
  // the same member of each, side by side); the names are the keys of the
  // partial statistics in Python.
  template <class F, class... S>
  static void each_count(F&& f, S&... s) {
    f("files", s.files...), f("games", s.games...), f("rounds", s.rounds...), f("seat_rounds", s.seat_rounds...),
        f("wins", s.wins...), f("tsumo", s.tsumo...), f("deal_ins", s.deal_ins...), f("draws", s.draws...),
        f("riichi", s.riichi...), f("discards", s.discards...), f("actions", s.actions...),
        f("win_points", s.win_points...), f("reviewed", s.reviewed...), f("equal_shanten", s.equal_shanten...),
        f("ukeire_given_up", s.ukeire_given_up...), f("shanten_given_up", s.shanten_given_up...);
  }
  template <class F, class... S>
  static void each_array(F&& f, S&... s) {
    f("turn_discards", s.turn_discards...), f("turn_shanten", s.turn_shanten...);
  }

  void merge(const CorpusStats& other);
  // Sorts the disagreements and errors (the order of a merge depends on who finished first).
  void sort();
};

// One record read, replayed with every check and every discard reviewed,
// added to `stats`; a record that cannot be read (or runs out of memory) is
// one of its errors, never an exception.
void add_record(CorpusStats& stats, const std::string& path, const ReadOptions& options = {});
// The records one after another, in this thread.
CorpusStats corpus_stats(std::span<const std::string> paths, const ReadOptions& options = {});
// The files `mjk log` reads for these arguments, appended to `files`: every
// file named, directories walked (sorted bytewise, so runs are reproducible;
// README.md left out). In a directory everything but a directory is a
// record to read, as if named: a FIFO, a link to a device or to nothing is
// read (or is that record's error, naming it), never left out unsaid. False,
// `error` "cannot list DIR: why", when a directory cannot be listed.
bool record_files(std::span<const std::string> args, std::vector<std::string>& files, std::string& error);

// The object `mjk log --stats --json` prints (one line, no newline):
// games, rounds, wins, draws, riichi, discards, disagreements (a count),
// errors, then the figures (rates per player and round, the average win,
// shanten by turn, ukeire given up). Call sort() first for a stable order.
std::string corpus_json(const CorpusStats& stats);
// The same for people (rates to one decimal, shanten by turn as a table),
// every disagreement and error on its own line.
std::string corpus_text(const CorpusStats& stats);

// The partial statistics as one JSON object, what pieces of a corpus
// computed apart (processes, machines) send to be merged: every count and
// array under its each_count / each_array name, "disagreement_list" (each
// {file, round, event, what}) and "error_list". corpus_from_partial_json
// reads it back exactly; false, with `error` naming what is wrong, for text
// that is not such an object.
std::string corpus_partial_json(const CorpusStats& stats);
bool corpus_from_partial_json(std::string_view text, CorpusStats& out, std::string& error);

}  // namespace mjk::records
