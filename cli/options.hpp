// The mjk command's subcommands and options, declared once: --help (the
// short summary and per subcommand), the man page and the shell completions
// are all printed from these tables. A subcommand registers itself with one
// Command row in options.cpp, its options beside it.
#pragma once

#include <cstdio>
#include <span>
#include <string_view>

namespace mjk::cli {

struct Option {
  std::string_view name;          // "--seat"
  std::string_view value;         // "WIND", or "" for a flag
  std::string_view help;          // one line; "" takes the request field's doc
  std::string_view field = {};    // the request field it sets (request_schema.hpp), if any
  bool common = false;            // one of the most used: in the short help
  std::string_view choices = {};  // completion words for the value, space-separated
};

struct Command {
  std::string_view name;   // "" for the hand analysis itself
  std::string_view usage;  // after "mjk "
  std::string_view summary;
  std::span<const Option> options;
  bool own_help = false;  // the subcommand prints its own --help (log)
};

[[nodiscard]] std::span<const Command> commands();
[[nodiscard]] const Command* find_command(std::string_view name);

// The short help (usage, subcommands, the most used options).
void print_short_help(std::FILE* out);
// One subcommand's usage and options.
void print_command_help(const Command& command, std::FILE* out);
// A roff man page, mjk.1; `long_help` is the full text (--help-all).
void print_man(std::string_view long_help, std::FILE* out);
// A bash or zsh completion script; false for another shell.
bool print_completion(std::string_view shell, std::FILE* out);

}  // namespace mjk::cli
