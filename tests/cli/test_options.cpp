// The mjk command's option table (cli/options.cpp) and its readers: every
// option a row, every row read by each subcommand it names, and the
// command line read against it.
#include <doctest/doctest.h>

#include <list>
#include <string>
#include <vector>

#include "commands.hpp"
#include "options.hpp"
#include "play.hpp"
#include "report_text.hpp"
#include "settings.hpp"

using namespace mjk::cli;

namespace {

// A value the row's reader takes (or refuses with a message naming the value).
std::string_view sample_value(const Option& o) {
  if (o.value.empty()) return {};
  if (!o.choices.empty()) return o.choices.substr(0, o.choices.find(' '));
  if (o.value == "TILES") return "1m";
  if (o.value == "KEY=VALUE") return "kiriage=true";
  if (o.value == "WIND") return "east";
  return "1";
}

// What `cmd`'s reader answers for the row.
std::optional<std::string> read_as(Cmd cmd, const Option& o) {
  switch (cmd) {
    case Cmd::analyse:
    case Cmd::score:
    case Cmd::ev: {
      Settings s;
      return read_analysis_option(o, sample_value(o), s);
    }
    case Cmd::census: return try_census_option(o, sample_value(o));
    case Cmd::log: return try_log_option(o, sample_value(o));
    case Cmd::play: return try_play_option(o, sample_value(o));
    case Cmd::forms:
    case Cmd::help: break;
  }
  return not_read(o);  // these read no option but --help
}

// The command line read as main() reads it; the words outlive the answer,
// whose values point into them as into argv.
Arguments read(const std::vector<std::string>& words, std::optional<std::string>* problem = nullptr) {
  static std::list<std::vector<std::string>> kept;  // a list: its elements never move
  std::vector<char*> argv{const_cast<char*>("mjk")};
  for (auto& w : kept.emplace_back(words)) argv.push_back(w.data());
  Arguments out;
  const auto p = read_arguments(static_cast<int>(argv.size()), argv.data(), out);
  if (problem) *problem = p;
  else REQUIRE_MESSAGE(!p, *p);
  return out;
}

}  // namespace

TEST_CASE("cli.option_table: every option the readers know is a row of the table") {
  for (int id = 0; id < opt_count; ++id) {
    bool found = false;
    for (const Option& o : options()) found = found || static_cast<int>(o.id) == id;
    CHECK_MESSAGE(found, "Opt #", id, " has no row in the option table");
  }
}

TEST_CASE("cli.option_table: every row is read by each subcommand it names") {
  for (const Option& o : options()) {
    CHECK_MESSAGE(o.commands != 0, o.name, " belongs to no subcommand");
    for (int c = 0; c < cmd_count; ++c) {
      const Cmd cmd = static_cast<Cmd>(c);
      if (!(o.commands & set_of(cmd)) || o.id == Opt::help) continue;  // --help: read_arguments' own
      const auto answer = read_as(cmd, o);
      CHECK_MESSAGE(answer != not_read(o), o.name, " is in the table for ", program_name(cmd), " and not read");
    }
  }
}

TEST_CASE("cli.option_table: a row of one subcommand is refused by another's reader") {
  const Option* tiles = find_option(Cmd::census, "--tiles");
  REQUIRE(tiles);
  Settings s;
  CHECK(read_analysis_option(*tiles, "14", s) == not_read(*tiles));
  CHECK(try_log_option(*tiles, "14") == not_read(*tiles));
}

TEST_CASE("cli.option_table: mjk ev's search options are the schema's ev fields, one row each, bounds from it") {
  std::vector<std::string_view> rows;
  for (const Option& o : options())
    if (o.field.starts_with("ev.")) {
      REQUIRE_MESSAGE(ev_option_field(o), o.name, " names no ev field: ", o.field);
      CHECK(o.commands == mjk::cli::set_of(Cmd::ev));
      rows.push_back(o.field.substr(3));
    }
  std::vector<std::string_view> fields;
  for (const mjk::NestedField& f : mjk::ev_fields) fields.push_back(f.name);
  CHECK(rows == fields);
  // The reader holds --max-vertices to the row's bounds: 0 refused (the
  // search's bad_request before), 2^64 - 1 taken (2^40 the most before).
  const Option* budget = find_option(Cmd::ev, "--max-vertices");
  REQUIRE(budget);
  Settings s;
  CHECK(read_analysis_option(*budget, "18446744073709551615", s) == std::nullopt);
  CHECK(s.ev.max_vertices == UINT64_MAX);
  CHECK(read_analysis_option(*budget, "0", s) ==
        std::optional<std::string>("--max-vertices must be a number from 1 to 18446744073709551615, not '0'"));
}

TEST_CASE("cli.read_arguments: an option before the subcommand reads as after it") {
  const Arguments a = read({"--format", "unicode", "score", "--tsumo", "1112345678999m5m"});
  CHECK(a.command == Cmd::score);
  REQUIRE(a.given.size() == 2);
  CHECK(a.given[0].option->id == Opt::format);
  CHECK(a.given[0].value == "unicode");
  CHECK(a.words == std::vector<std::string>{"1112345678999m5m"});
  // A word that is an option's value is not the subcommand.
  const Arguments b = read({"--rule", "kiriage=true", "123m"});
  CHECK(b.command == Cmd::analyse);
  CHECK(read({"log", "score"}).words == std::vector<std::string>{"score"});  // only the first word names it
}

TEST_CASE("cli.read_arguments: an option missing its value names the option and what it wants") {
  std::optional<std::string> problem;
  const Arguments a = read({"log", "--max-bytes"}, &problem);
  REQUIRE(problem);
  CHECK(a.command == Cmd::log);
  CHECK(*problem == "--max-bytes needs a value: N, the most bytes a record may have (see mjk log --help)");
  (void)read({"log", "--max-bytes", "--json", "x"}, &problem);  // the next word is an option, not the value
  CHECK(problem.value_or("").find("--max-bytes needs a value") == 0);
  (void)read({"ev", "--tsumo", "123m"}, &problem);
  CHECK(problem.value_or("") == "--tsumo is not an option of mjk ev (see mjk ev --help)");
  (void)read({"--frobnicate"}, &problem);
  CHECK(problem.value_or("") == "unknown option '--frobnicate' (see mjk --help)");
}

TEST_CASE("cli.ev_progress: the line after a failed search claims no vertex count") {
  CHECK(ev_progress_summary(false, 0, 2.5) == "mjk ev: the search stopped after 2.5 s\n");
  CHECK(ev_progress_summary(true, 962076, 2.5) == "mjk ev: searched 962076 vertices in 2.5 s\n");
  CHECK(ev_progress_summary(true, 5, 0.2).empty());  // under a second: nothing
}

TEST_CASE("cli.excerpt: an input quoted in an error is bounded and escaped") {
  CHECK(excerpt("123m chi:235m 5m") == "123m chi:235m 5m");
  CHECK(excerpt("🀇🀈 \x01\x7f\xff") == "🀇🀈 \\x01\\x7f\\xff");
  const std::string long_line = "\a" + std::string(100080, '1');
  const std::string quoted = excerpt(long_line);
  CHECK(quoted.size() < 200);
  CHECK(quoted.find("\\x07111") == 0);
  CHECK(quoted.ends_with("... (100081 bytes)"));
  // Cut between characters, never inside one.
  std::string tiles;
  for (int i = 0; i < 40; ++i) tiles += "🀇";
  CHECK(excerpt(tiles) == tiles.substr(0, 120) + "... (160 bytes)");
}

TEST_CASE("cli.padded: tiles are padded by the columns a terminal shows") {
  CHECK(padded("1m", 7) == "1m     ");
  CHECK(padded("🀇", 7) == "🀇      ");
  CHECK(padded("🀄", 7) == "🀄     ");  // the red dragon is two columns wide
}
