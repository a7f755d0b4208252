// The mjk command's subcommands and options, declared once. One table of
// options (options.cpp), each row its name, its value, the subcommands it
// belongs to and its help, drives everything: reading the command line
// (read_arguments), --help (the short summary and per subcommand), the man
// page and the shell completions. A subcommand is one Command row; an option
// one Option row (and one case in the reader of each subcommand it belongs
// to: the cli.option_table_* tests fail until both are there).
#pragma once

#include <cstdint>
#include <cstdio>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "mjk/request_schema.hpp"

namespace mjk::cli {

// The subcommands; `analyse` is `mjk [OPTIONS] HAND` itself.
enum class Cmd : std::uint8_t { analyse, score, ev, forms, census, log, play, help };
inline constexpr int cmd_count = 8;
using CmdSet = std::uint32_t;
[[nodiscard]] constexpr CmdSet set_of(Cmd c) noexcept { return CmdSet{1} << static_cast<unsigned>(c); }
template <class... C>
[[nodiscard]] constexpr CmdSet set_of(Cmd c, C... more) noexcept {
  return set_of(c) | set_of(more...);
}

// What an option does (several rows may share one: --json of mjk census and
// of mjk log differ in their help, not in what the reader does with them).
enum class Opt : std::uint8_t {
  // the hand analysis, mjk score and mjk ev
  json,
  players,
  visible,
  ref,
  tsumo,
  ron,
  seat,
  round,
  riichi,
  double_riichi,
  ippatsu,
  rinshan,
  chankan,
  haitei,
  tenhou,
  dora,
  ura,
  nuki,
  honba,
  sticks,
  rule,
  format,
  // mjk ev's search
  hand_change,
  shanten_back,
  extra,
  no_uradora,
  no_red,
  turn,
  max_vertices,
  // mjk census, mjk log
  tiles,
  kinds,
  threads,
  stats,
  to,
  max_bytes,
  plot,
  // mjk play
  games,
  seed,
  length,
  rules,
  bots,
  bot_timeout,
  out,
  // what mjk does instead of its command
  impl,
  version,
  help,
  help_all,
  print_man,
  print_completion,
};
inline constexpr int opt_count = static_cast<int>(Opt::print_completion) + 1;

struct Option {
  Opt id;
  std::string_view name;          // "--seat"
  std::string_view value;         // "WIND", or "" for a flag
  CmdSet commands;                // the subcommands it belongs to
  std::string_view help;          // its help ("" takes the request field's doc); a '\n' continues it on the next line
  std::string_view field = {};    // the request field it sets (request_schema.hpp), if any; "ev.NAME": an ev option
  bool common = false;            // one of the most used: in the short help
  std::string_view choices = {};  // completion words for the value, space-separated
  bool hidden = false;            // for the build (the man page, the completions): in no help
};

struct Command {
  Cmd id;
  std::string_view name;   // "" for the hand analysis itself
  std::string_view usage;  // after "mjk " (more lines: "\n" then the next usage)
  std::string_view summary;
  std::string_view description = {};  // mjk CMD --help's text between the summary and the options
};

[[nodiscard]] std::span<const Option> options();
// The ev_fields row (request_schema.hpp) of an option whose field is
// "ev.NAME" (mjk ev's search options); nullptr for another.
[[nodiscard]] const NestedField* ev_option_field(const Option& o);
[[nodiscard]] std::span<const Command> commands();
[[nodiscard]] const Command& command(Cmd id);
// A subcommand by name ("score"); nullptr for another word (and for "").
[[nodiscard]] const Command* find_command(std::string_view name);
// The row of `name` for subcommand `cmd` ("-h" is --help); nullptr if none.
[[nodiscard]] const Option* find_option(Cmd cmd, std::string_view name);
// "mjk" for the hand analysis, else "mjk CMD": what messages start with.
[[nodiscard]] std::string program_name(Cmd cmd);

// The command line read against the table: the subcommand (the first word
// that is neither an option nor an option's value and names one, so that
// options may come before it), each option with its value, the other words.
struct Arguments {
  Cmd command = Cmd::analyse;
  struct Given {
    const Option* option;
    std::string_view value;
  };
  std::vector<Given> given;
  std::vector<std::string> words;
  bool help = false;  // --help or -h
};
// nullopt and `out` filled, or what is wrong ("unknown option '--x' (see mjk
// --help)", "--max-bytes needs a value: N, the most bytes a record may have").
[[nodiscard]] std::optional<std::string> read_arguments(int argc, char** argv, Arguments& out);

// What a subcommand's reader answers for a row it does not read: the
// tests ask every reader for every row of its subcommands.
[[nodiscard]] std::string not_read(const Option& o);

// The short help (usage, subcommands, the most used options).
void print_short_help(std::FILE* out);
// One subcommand's usage, description and options.
void print_command_help(const Command& command, std::FILE* out);
// A subcommand's options, one row a line (more for a help of more lines).
[[nodiscard]] std::string option_list(Cmd cmd);
// A roff man page, mjk.1; `long_help` is the full text (--help-all).
void print_man(std::string_view long_help, std::FILE* out);
// A bash or zsh completion script; false for another shell.
bool print_completion(std::string_view shell, std::FILE* out);

}  // namespace mjk::cli
