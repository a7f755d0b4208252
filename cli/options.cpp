// The option tables (options.hpp) and what is printed from them.
#include "options.hpp"

#include <array>
#include <string>

#include "mjk/request_schema.hpp"

namespace mjk::cli {
namespace {

constexpr std::string_view winds = "east south west north 1z 2z 3z 4z";

// The hand analysis (and scoring): `mjk [OPTIONS] HAND`.
constexpr std::array analyse_options = {
    Option{"--json", "", "one JSON object per hand (arguments, or lines of standard input)", {}, true},
    Option{"--players", "3|4", "", "players", true, "3 4"},
    Option{"--visible", "TILES", "", "visible", true},
    Option{"--ref", "", "answer with the scalar reference instead of the kernel"},
    Option{"--tsumo", "", "", "tsumo", true},
    Option{"--ron", "FROM", "ron from kamicha (default), toimen or shimocha", "from", false, "kamicha toimen shimocha"},
    Option{"--seat", "WIND", "", "seat", true, winds},
    Option{"--round", "WIND", "", "round", false, winds},
    Option{"--riichi", "", "riichi", "riichi", true},
    Option{"--double-riichi", "", "double riichi", "riichi"},
    Option{"--ippatsu", "", "", "ippatsu"},
    Option{"--rinshan", "", "", "rinshan"},
    Option{"--chankan", "", "", "chankan"},
    Option{"--haitei", "", "", "haitei"},
    Option{"--tenhou", "", "", "tenhou"},
    Option{"--dora", "TILES", "", "dora"},
    Option{"--ura", "TILES", "", "ura"},
    Option{"--nuki", "N", "", "nuki"},
    Option{"--honba", "N", "", "honba"},
    Option{"--sticks", "N", "", "sticks"},
    Option{"--rule", "KEY=VALUE", "a rule switch, repeatable (mjk help rules)", "rules"},
    Option{"--format",
           "NOTATION",
           "how the text output writes tiles: mpsz, majiang, unicode, tenhou, suit-first",
           {},
           false,
           "mpsz majiang unicode tenhou suit-first"},
    Option{"--impl", "", "list the kernel's implementations and which is active"},
    Option{"--version", "", "the version and the active implementation"},
    Option{"--help", "", "this summary (mjk CMD --help for a subcommand)"},
    Option{"--help-all", "", "the full help: notation, JSON keys, scoring"},
};
constexpr std::array forms_options = {
    Option{"--help", "", "this text"},
};
constexpr std::array census_options = {
    Option{"--tiles", "14|13", "hands of 14 or 13 tiles", {}, false, "14 13"},
    Option{"--kinds", "m|mp|mps|all", "over the first 9, 18, 27 or all 34 kinds", {}, false, "m mp mps all"},
    Option{"--threads", "N", "worker threads (default: every core)"},
    Option{"--json", "", "the counts as one JSON object"},
    Option{"--help", "", "this text"},
};
constexpr std::array log_options = {
    Option{"--json", "", "one object per discard, then per disagreement"},
    Option{"--stats", "", "aggregate a corpus on every core"},
    Option{"--threads", "N", "for --stats (default: every core)"},
    Option{"--to", "FORMAT", "convert each record to mjai or tenhou6", {}, false, "mjai tenhou6"},
    Option{"--max-bytes", "N", "the most bytes a record may have"},
    Option{"--plot", "FILE.svg", "with --stats: an SVG of shanten by turn and the rates"},
    Option{"--help", "", "the full text"},
};

constexpr std::array ev_options = {
    Option{"--hand-change", "", "follow every draw (hand changes) outside riichi"},
    Option{"--shanten-back", "", "try every discard outside riichi (shanten back)"},
    Option{"--extra", "N", "how far past the start's shanten the search goes (0-3, default 1)"},
    Option{"--no-uradora", "", "leave ura-dora out of the expected score"},
    Option{"--no-red", "", "red fives score as plain fives"},
    Option{"--turn", "N", "the turn the table shows (1-17, default 1)"},
    Option{"--max-vertices", "N", "stop with an error past this many vertices (default 1000000)"},
    Option{"--json", "", "the analysis object with the per-turn curves"},
    Option{"--help", "", "the full text"},
};

constexpr std::array command_table = {
    Command{"", "[OPTIONS] HAND [WIN]", "analyse a hand (shanten, waits, advice) and score a win", analyse_options},
    Command{"score", "score HAND [WIN] [OPTIONS]", "score a win, the score first as players say it", analyse_options},
    Command{"ev", "ev [OPTIONS] HAND", "the expected value of every discard (tsumo-only model)", ev_options, true},
    Command{"forms", "forms HAND", "every tenpai reading of a 3k+1 hand, one per line", forms_options},
    Command{"census", "census --tiles 14|13 --kinds m|mp|mps|all [--threads N] [--json]",
            "enumerate and classify every closed hand", census_options},
    Command{"log", "log [--json|--stats|--to F] FILE|DIR...", "replay and check game records", log_options, true},
    Command{"help", "help [TOPIC]", "the full help (TOPIC: the subcommand's name, or rules)", {}},
};

// An option's one line of help: its own, else the request field's doc.
std::string help_of(const Option& o) {
  if (!o.help.empty()) return std::string(o.help);
  if (const RequestField* f = request_field(o.field)) {
    std::string h(f->doc);
    if (f->type == FieldType::wind) h += " (east/south/west/north or 1z-4z)";
    else if (f->type == FieldType::integer && o.value == "N")
      h += " (" + std::to_string(f->min) + "-" + std::to_string(f->max) + ")";
    return h;
  }
  return {};
}

std::string spelled(const Option& o) {
  return std::string(o.name) + (o.value.empty() ? "" : " " + std::string(o.value));
}

void option_line(const Option& o, std::FILE* out) {
  const std::string left = spelled(o);
  std::fprintf(out, "  %-20s %s\n", left.c_str(), help_of(o).c_str());
}

// roff text: a leading '.' or '\'' and backslashes escaped, '-' as \-.
std::string roff(std::string_view s) {
  std::string out;
  for (const char c : s) {
    if (c == '\\') out += "\\e";
    else if (c == '-') out += "\\-";
    else out += c;
  }
  if (!out.empty() && (out[0] == '.' || out[0] == '\'')) out.insert(0, "\\&");
  return out;
}

// Text inside a zsh _arguments spec: no quote, bracket or colon.
std::string zsh_text(std::string s) {
  for (char& c : s)
    if (c == '\'' || c == '[' || c == ']' || c == ':') c = ' ';
  return s.substr(0, 60);
}

std::string zsh_spec(const Option& o, bool repeat) {
  std::string spec = "'" + std::string(repeat ? "*" : "") + std::string(o.name) + "[" + zsh_text(help_of(o)) + "]";
  if (!o.value.empty())
    spec += ":" + zsh_text(std::string(o.value)) + ":" + (o.choices.empty() ? "" : "(" + std::string(o.choices) + ")");
  return spec + "'";
}

}  // namespace

std::span<const Command> commands() { return command_table; }

const Command* find_command(std::string_view name) {
  for (const Command& c : command_table)
    if (!c.name.empty() && c.name == name) return &c;
  return nullptr;
}

void print_short_help(std::FILE* out) {
  std::fputs("usage: mjk [OPTIONS] HAND [WIN]     analyse a hand, score a win\n", out);
  std::fputs("       mjk COMMAND [ARGS]           (mjk COMMAND --help)\n\ncommands:\n", out);
  for (const Command& c : command_table)
    if (!c.name.empty()) std::fprintf(out, "  %-8s %s\n", std::string(c.name).c_str(), std::string(c.summary).c_str());
  std::fputs("\nmost used options:\n", out);
  for (const Option& o : analyse_options)
    if (o.common) option_line(o, out);
  std::fputs("\nexample: mjk --seat south --riichi \"123678m345p67s55s 8s\"\n", out);
  std::fputs("more: mjk --help-all (every option, the notation, the JSON keys), mjk help TOPIC,\n", out);
  std::fputs("      docs/request.md (the JSON request); mjk --version\n", out);
}

void print_command_help(const Command& c, std::FILE* out) {
  std::fprintf(out, "usage: mjk %s\n\n%s\n", std::string(c.usage).c_str(), std::string(c.summary).c_str());
  if (!c.options.empty()) std::fputs("\noptions:\n", out);
  for (const Option& o : c.options) option_line(o, out);
}

void print_man(std::string_view long_help, std::FILE* out) {
  std::fputs(
      ".TH MJK 1 \"\" \"mjk\" \"User Commands\"\n.SH NAME\nmjk \\- riichi mahjong hand analysis and scoring\n"
      ".SH SYNOPSIS\n",
      out);
  for (const Command& c : command_table) std::fprintf(out, ".B mjk\n%s\n.br\n", roff(c.usage).c_str());
  for (const Command& c : command_table) {
    if (c.options.empty()) continue;
    std::fprintf(out, ".SH %s\n%s\n", c.name.empty() ? "OPTIONS" : ("mjk " + roff(c.name)).c_str(),
                 roff(c.summary).c_str());
    for (const Option& o : c.options)
      std::fprintf(out, ".TP\n.B %s\n%s\n", roff(spelled(o)).c_str(), roff(help_of(o)).c_str());
  }
  std::fputs(".SH DESCRIPTION\n.nf\n", out);
  std::size_t at = 0;
  while (at < long_help.size()) {
    const std::size_t end = std::min(long_help.find('\n', at), long_help.size());
    std::fprintf(out, "%s\n", roff(long_help.substr(at, end - at)).c_str());
    at = end + 1;
  }
  std::fputs(".fi\n.SH SEE ALSO\nThe JSON request: docs/request.md and request.schema.json.\n", out);
}

bool print_completion(std::string_view shell, std::FILE* out) {
  std::string subcommands;
  for (const Command& c : command_table)
    if (!c.name.empty()) subcommands += (subcommands.empty() ? "" : " ") + std::string(c.name);
  if (shell == "bash") {
    std::fputs(
        "# bash completion for mjk (generated by mjk --print-completion bash)\n_mjk() {\n"
        "  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} cmd=\n"
        "  [[ $COMP_CWORD -gt 1 ]] && cmd=${COMP_WORDS[1]}\n  case \"$prev\" in\n",
        out);
    std::string done;  // an option's values once, whichever subcommand has it
    for (const Command& c : command_table)
      for (const Option& o : c.options)
        if (!o.choices.empty() && done.find(" " + std::string(o.name) + " ") == std::string::npos) {
          done += " " + std::string(o.name) + " ";
          std::fprintf(out, "    %s) COMPREPLY=($(compgen -W \"%s\" -- \"$cur\")); return ;;\n",
                       std::string(o.name).c_str(), std::string(o.choices).c_str());
        }
    std::fputs("  esac\n  case \"$cmd\" in\n", out);
    for (const Command& c : command_table) {
      if (c.name.empty() || c.options.empty()) continue;
      std::string words;
      for (const Option& o : c.options) words += (words.empty() ? "" : " ") + std::string(o.name);
      std::fprintf(out,
                   "    %s) if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W \"%s\" -- \"$cur\"));\n"
                   "       else COMPREPLY=($(compgen -f -- \"$cur\")); fi; return ;;\n",
                   std::string(c.name).c_str(), words.c_str());
    }
    std::string words = subcommands;
    for (const Option& o : analyse_options) words += " " + std::string(o.name);
    std::fprintf(out, "  esac\n  COMPREPLY=($(compgen -W \"%s\" -- \"$cur\"))\n}\ncomplete -F _mjk mjk\n",
                 words.c_str());
    return true;
  }
  if (shell == "zsh") {
    std::fputs(
        "#compdef mjk\n# zsh completion for mjk (generated by mjk --print-completion zsh)\n_mjk() {\n"
        "  if (( CURRENT > 2 )); then\n    case ${words[2]} in\n",
        out);
    for (const Command& c : command_table) {
      if (c.name.empty() || c.options.empty()) continue;
      // The subcommand's words from its name on, so _arguments sees it as the command.
      std::fprintf(out, "      %s) shift words; (( CURRENT-- )); _arguments", std::string(c.name).c_str());
      for (const Option& o : c.options) std::fprintf(out, " %s", zsh_spec(o, false).c_str());
      std::fputs(" '*:file:_files'; return ;;\n", out);
    }
    std::fputs("    esac\n  fi\n  _arguments", out);
    for (const Option& o : analyse_options) std::fprintf(out, " %s", zsh_spec(o, true).c_str());
    std::fprintf(out, " '1:command or hand:(%s)' '*:hand:'\n}\n_mjk \"$@\"\n", subcommands.c_str());
    return true;
  }
  return false;
}

}  // namespace mjk::cli
