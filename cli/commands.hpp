// The mjk tool's subcommands, each run with its arguments read against the
// option table (options.hpp), and what they share.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "options.hpp"
#include "settings.hpp"
#include "mjk/ev_types.hpp"
#include "mjk/report.hpp"

namespace mjk::cli {

// The hand analysis, mjk score and mjk ev (`command`): the words are the hand
// (one line without --json, joined by spaces; with --json each word a line,
// or with none each line of standard input). Returns the exit status.
int run_analysis(Cmd command, const Settings& s, const std::vector<std::string>& words);

// One line answered as `command` asks it: parse_request() with the options'
// context, then (mjk ev) "ev" asked with the options' search, the search's
// progress to `progress`, or (mjk score --json) "each_win" asked of a waiting
// hand; then analyse_request(), or the reference's answers with --ref.
Parsed<Report> answer_line(Cmd command, std::string_view text, const Settings& s, const EvProgress* progress = nullptr);

// mjk ev of one line without --json: the table, or the error on standard
// error; false if the hand was rejected.
bool ev_table(std::string_view text, const Settings& s);
// mjk ev --json of one line: the search's progress on standard error while it runs.
Parsed<Report> ev_answer(std::string_view text, const Settings& s);
// The line mjk ev writes on standard error after a search of `seconds` ("" under
// a second): the vertices of its answer, or that it stopped (`ok` false: no answer).
std::string ev_progress_summary(bool ok, std::uint64_t vertices, double seconds);

// Flushes standard output: a failed write (a full disk, a closed pipe) is
// an error (a message, exit status 1), never a silent success; else `status`.
int finish_output(int status);

// An input as an error message quotes it: at most 120 bytes of it (whole
// UTF-8 characters), control bytes and invalid UTF-8 as \xNN, and when cut
// "... (N bytes)".
std::string excerpt(std::string_view text);

// mjk forms HAND: prints every tenpai reading; returns the exit status.
int forms(const std::string& text);

// mjk census and mjk log with their options read (`given`) and their other
// words; each returns the exit status, 2 on bad usage.
int census_command(const std::vector<Arguments::Given>& given, const std::vector<std::string>& words);
int log_command(const std::vector<Arguments::Given>& given, const std::vector<std::string>& words);
// Each one's reader of one of its options, on a state of its own (the option
// table's tests): nullopt, a problem, or not_read(o) for a row it does not read.
std::optional<std::string> try_census_option(const Option& o, std::string_view value);
std::optional<std::string> try_log_option(const Option& o, std::string_view value);

}  // namespace mjk::cli
