// The option tables (options.hpp) and what is printed from them.
#include "options.hpp"

#include <algorithm>
#include <array>
#include <string>

#include "mjk/request_schema.hpp"

namespace mjk::cli {
namespace {

constexpr std::string_view winds = "east south west north 1z 2z 3z 4z";

constexpr CmdSet hand = set_of(Cmd::analyse, Cmd::score);              // the hand analysis and mjk score
constexpr CmdSet with_ev = set_of(Cmd::analyse, Cmd::score, Cmd::ev);  // and mjk ev's context

// Every option of every subcommand, one row each (options.hpp). A subcommand's
// help lists its rows in this order.
constexpr std::array option_table = {
    // The hand analysis and mjk score (and, where with_ev, mjk ev's context).
    Option{Opt::json, "--json", "", hand, "one JSON object per hand (arguments, or lines of standard input)", {}, true},
    Option{Opt::players, "--players", "3|4", with_ev, "", "players", true, "3 4"},
    Option{Opt::visible, "--visible", "TILES", with_ev, "", "visible", true},
    Option{Opt::ref, "--ref", "", hand, "answer with the scalar reference instead of the kernel"},
    Option{Opt::tsumo, "--tsumo", "", hand, "", "tsumo", true},
    Option{Opt::ron, "--ron", "FROM", hand, "ron from kamicha (default), toimen or shimocha", "from", false,
           "kamicha toimen shimocha"},
    Option{Opt::seat, "--seat", "WIND", with_ev, "", "seat", true, winds},
    Option{Opt::round, "--round", "WIND", with_ev, "", "round", false, winds},
    Option{Opt::riichi, "--riichi", "", hand, "riichi", "riichi", true},
    Option{Opt::double_riichi, "--double-riichi", "", hand, "double riichi", "riichi"},
    Option{Opt::ippatsu, "--ippatsu", "", hand, "", "ippatsu"},
    Option{Opt::rinshan, "--rinshan", "", hand, "", "rinshan"},
    Option{Opt::chankan, "--chankan", "", hand, "", "chankan"},
    Option{Opt::haitei, "--haitei", "", hand, "", "haitei"},
    Option{Opt::tenhou, "--tenhou", "", hand, "", "tenhou"},
    Option{Opt::dora, "--dora", "TILES", with_ev, "", "dora"},
    Option{Opt::ura, "--ura", "TILES", hand, "", "ura"},
    Option{Opt::nuki, "--nuki", "N", with_ev, "", "nuki"},
    Option{Opt::honba, "--honba", "N", with_ev, "", "honba"},
    Option{Opt::sticks, "--sticks", "N", with_ev, "", "sticks"},
    Option{Opt::rule, "--rule", "KEY=VALUE", with_ev, "a rule switch, repeatable (mjk help rules)", "rules"},
    Option{Opt::format,
           "--format",
           "NOTATION",
           hand,
           "how the text output writes tiles: mpsz, majiang, unicode, tenhou, suit-first",
           {},
           false,
           "mpsz majiang unicode tenhou suit-first"},
    Option{Opt::impl, "--impl", "", hand, "list the kernel's implementations and which is active"},
    Option{Opt::version, "--version", "", hand, "the version and the active implementation"},
    Option{Opt::help, "--help", "", hand, "this summary (mjk CMD --help for a subcommand)"},
    Option{Opt::help_all, "--help-all", "", hand, "the full help: notation, JSON keys, scoring"},
    Option{Opt::print_man,
           "--print-man",
           "",
           set_of(Cmd::analyse),
           "the man page (the build writes mjk.1 with it)",
           {},
           false,
           {},
           true},
    Option{Opt::print_completion,
           "--print-completion",
           "SHELL",
           set_of(Cmd::analyse),
           "a completion script (the build writes them with it)",
           {},
           false,
           "bash zsh",
           true},

    // mjk ev's search.
    // Each names its ev_fields row (request_schema.hpp), whose bounds and
    // default its help shows and its reader checks.
    Option{Opt::hand_change, "--hand-change", "", set_of(Cmd::ev), "", "ev.hand_change"},
    Option{Opt::shanten_back, "--shanten-back", "", set_of(Cmd::ev), "", "ev.shanten_back"},
    Option{Opt::extra, "--extra", "N", set_of(Cmd::ev),
           "how far the two above reach: a hand is widened while the\n"
           "tiles it holds that the start did not, plus its shanten,\n"
           "stay below the start's shanten + N",
           "ev.extra"},
    Option{Opt::no_uradora, "--no-uradora", "", set_of(Cmd::ev), "no ura-dora expectation", "ev.uradora"},
    Option{Opt::no_red, "--no-red", "", set_of(Cmd::ev), "red fives are plain fives", "ev.red"},
    Option{Opt::turn, "--turn", "N", set_of(Cmd::ev), "the turn the table shows, in draws made", "ev.turn"},
    Option{Opt::max_vertices, "--max-vertices", "N", set_of(Cmd::ev),
           "stop with an error past N vertices, the search's size;\n"
           "the default is reached holding about 0.45 GB at most,\n"
           "a larger N lifts it",
           "ev.max_vertices"},
    Option{Opt::json, "--json", "", set_of(Cmd::ev),
           "one JSON object per hand: the analysis of mjk --json plus\n"
           "\"ev\": {\"shanten\", \"vertices\", \"wall\", \"discards\": [{\"discard\"\n"
           "(null for 13 tiles), \"shanten\", \"necessary\": [[tile, copies]],\n"
           "\"tenpai\", \"win\", \"score\": 19 numbers each, index = draws\n"
           "made (0 where not computed)}]}, as mjk --json prints a JSON\n"
           "request with \"ev\": {...}; a bad hand: {\"hand\", \"error\"}"},
    Option{Opt::help, "--help", "", set_of(Cmd::ev), "this text"},

    // mjk census.
    Option{Opt::tiles, "--tiles", "14|13", set_of(Cmd::census), "hands of 14 or 13 tiles", {}, false, "14 13"},
    Option{Opt::kinds,
           "--kinds",
           "m|mp|mps|all",
           set_of(Cmd::census),
           "over the first 9, 18, 27 or all 34 kinds",
           {},
           false,
           "m mp mps all"},
    Option{Opt::threads, "--threads", "N", set_of(Cmd::census), "worker threads (default: every core)"},
    Option{Opt::json, "--json", "", set_of(Cmd::census), "the counts as one JSON object"},
    Option{Opt::help, "--help", "", set_of(Cmd::census, Cmd::forms, Cmd::help), "this text"},

    // mjk log.
    Option{Opt::json, "--json", "", set_of(Cmd::log),
           "one object per discard: file, round, player (seat wind), turn,\n"
           "hand (mpsz, the drawn tile included), melds, dora, visible,\n"
           "discard, riichi, shanten, shanten_after, ukeire, best,\n"
           "best_ukeire; then one object per disagreement: file, round,\n"
           "event, what; a record that cannot be read: file, error"},
    Option{Opt::stats, "--stats", "", set_of(Cmd::log),
           "aggregate a corpus on every core (a progress bar on a terminal):\n"
           "games, rounds, wins, draws, riichi, discards, disagreements (a\n"
           "count), errors (file and place); win, deal-in and riichi rates\n"
           "per player and round, the average win, the average shanten by\n"
           "turn, the ukeire given up per discard (best - chosen, at the\n"
           "best discard's shanten); --json prints it as one object"},
    Option{Opt::plot, "--plot", "FILE.svg", set_of(Cmd::log),
           "with --stats: also write a picture of it (SVG): the average\n"
           "shanten by turn and the rates"},
    Option{Opt::threads, "--threads", "N", set_of(Cmd::log), "for --stats (default: every core)"},
    Option{Opt::to,
           "--to",
           "FORMAT",
           set_of(Cmd::log),
           "convert: each record written to stdout as mjai JSON lines,\n"
           "tenhou.net/6 JSON (one object a line) or Tenhou's mjlog XML\n"
           "(one document a line), one per input; the writer reads its\n"
           "output back and replays it, and refuses (an error naming the\n"
           "file, the round and what) a record the format cannot carry so\n"
           "that it replays identically",
           {},
           false,
           "mjai tenhou6 mjlog"},
    Option{Opt::max_bytes, "--max-bytes", "N", set_of(Cmd::log),
           "the most bytes a record may have, read from its file and\n"
           "again once inflated (gzip); N in bytes or with K, M, G (KiB,\n"
           "MiB, GiB); default 16M (records are 5-90 KB). A larger record\n"
           "is that record's error, naming the limit; the others are read"},
    Option{Opt::help, "--help", "", set_of(Cmd::log), "this text"},
    // mjk play.
    Option{Opt::games, "--games", "N", set_of(Cmd::play), "how many games to play, 1-4294967295 (default 1)"},
    Option{Opt::seed, "--seed", "S", set_of(Cmd::play),
           "the run's seed, 0-18446744073709551615 (default 0): game g of\n"
           "seed S plays the same walls and the same bots' choices alone or\n"
           "among others, on any thread"},
    Option{Opt::players,
           "--players",
           "4|3",
           set_of(Cmd::play),
           "four or three players (default: the preset's; --players 3 takes\n"
           "the preset's three-player rules, tenhou-sanma for tenhou)",
           {},
           false,
           "4 3"},
    Option{Opt::length,
           "--length",
           "one|east|south",
           set_of(Cmd::play),
           "one round, the east wind's rounds, or east and south (default)",
           {},
           false,
           "one east south"},
    Option{Opt::rules,
           "--rules",
           "PRESET",
           set_of(Cmd::play),
           "the rules: tenhou (default), tenhou-sanma, mahjongsoul,\n"
           "mahjongsoul-sanma (docs/rules.md)",
           {},
           false,
           "tenhou tenhou-sanma mahjongsoul mahjongsoul-sanma"},
    Option{Opt::bots, "--bots", "B1,B2,B3,B4", set_of(Cmd::play),
           "the players by seat, one name a seat (or one name for every\n"
           "seat): random (uniform over the legal actions), tsumogiri,\n"
           "advice (wins, riichi when tenpai, calls that lower the shanten,\n"
           "else the most ukeire), ev (advice, but its discard the best\n"
           "expected score of the expected-value search), cmd:COMMAND (a\n"
           "process speaking mjai on standard input and output, one a game,\n"
           "started by /bin/sh -c; its commas are its own up to the next bot's\n"
           "name; docs/engine.md); default advice"},
    Option{Opt::bot_timeout, "--bot-timeout", "MS", set_of(Cmd::play),
           "how long a cmd: bot may take to answer, in milliseconds (default\n"
           "2000); a late answer is replaced by the fallback"},
    Option{Opt::threads, "--threads", "N", set_of(Cmd::play),
           "worker threads, 1-1024 (default: every core); the games and the\n"
           "summary are the same for every N"},
    Option{Opt::format,
           "--format",
           "FORMAT",
           set_of(Cmd::play),
           "what each game is written as: mjai (JSON lines, .mjson),\n"
           "tenhou6 (tenhou.net/6 JSON, .json), mjlog (Tenhou's XML, .xml),\n"
           "none (default without --out; with --out: mjai)",
           {},
           false,
           "mjai tenhou6 mjlog none"},
    Option{Opt::out, "--out", "DIR|-", set_of(Cmd::play),
           "write the games into DIR (made if missing), one file a game,\n"
           "SEED-GAME.EXT, each written whole under a temporary name and\n"
           "then renamed; - writes them to standard output in game order\n"
           "(a tenhou6 or mjlog game a line) and the summary to standard error"},
    Option{Opt::json, "--json", "", set_of(Cmd::play),
           "the summary as one JSON object: games, rounds, wins, draws,\n"
           "decisions, seats ([{bot, placements: [1st, 2nd, ...],\n"
           "average_score}]), seconds, hanchan_per_s"},
    Option{Opt::help, "--help", "", set_of(Cmd::play), "this text"},
};

constexpr std::string_view ev_description =
    R"(The expected value of a hand in the one-player tsumo model of EV.md (the model
of tomohxx's algorithm book and of mahjong-cpp's ExpectedScoreCalculator, the
engine of the "what to discard" web simulator): for each discard of a 14-tile
hand (or for a 13-tile hand as it stands), the probability of reaching
tenpai, the probability of winning and the expected score by the end of the
draws, at every turn. No opponent wins or calls; every turn one draw and one
discard, and discarded tiles go back to the wall; a closed hand that
discards to tenpai declares riichi; ura-dora count as an exact expectation.
It is the hand analysis with "ev" asked: mjk ev --json prints what mjk --json
prints for a JSON request with "ev": {...}, and takes such lines too.

HAND is the hand as it stands in mpsz (0 = red five), 13 or 14 tiles counting
3 per meld, with its melds in the meld notation of mjk --help (a winning
tile named after a space counts as drawn):
  $ mjk ev 123m456p789s5s1222z
  $ mjk ev "12m55z345s pon:111z@toimen ankan:9999s 6s"

The table shows one row per discard the search explored (a red five apart
from the plain five), best expected score first: the shanten after it, the
tenpai and win probabilities, the expected score, and the necessary tiles
with their copies in the wall; its head gives the search's own time and the
line's (the request read, the hand analysed). The model can put a probability above 1 (when
the draws it follows outnumber the tiles left); the table shows at most
100%, --json the values as computed. A search longer than a second reports
its progress on standard error.

exit status: 0 if every hand was searched, 1 if any was rejected, 2 on bad usage.
)";

constexpr std::string_view log_description =
    R"(Reads game records (Tenhou mjlog XML, plain or gzip; tenhou.net/6 JSON; mjai
JSON lines; the format is told by the content) and replays every round through
the game engine: each recorded action must be in the legal set of its moment
(an illegal one is named with the legal set), each win's and draw's payments,
score and tenpai, and the next round's scores, the engine's. A directory means
every file in it (recursively).

Without --json, --stats or --to: a review per record: the rounds and their
results; per player the discards matching the best (the most ukeire at the
lowest shanten; before the player's riichi), count and share, the ukeire
given up, the mistakes (round, turn, hand, the discard and the better ones
with their ukeire); the standings (final scores, places); the disagreements
(a count, then each).

The exit status is 0 only when there is no disagreement and no error.
)";

constexpr std::string_view play_description =
    R"(Plays whole games with the engine's bots (docs/engine.md): each game one
table under the rules preset, its walls and the bots' choices from (seed,
game number) alone, so the same arguments give the same games, byte for
byte, whatever --threads. With --out each game is written as one file,
SEED-GAME.EXT (game numbers from 0), readable by mjk log and by the tools
that read that format. A progress bar on a terminal (standard error); at the
end the summary: games, rounds, wins, draws, each seat's placements and
average final score, hanchan a second (games a second, whatever --length).

  $ mjk play --games 10 --seed 1
  $ mjk play --games 4 --players 3 --length east --bots random --json
  $ mjk play --games 2 --seed 7 --format tenhou6 --out games
  $ mjk play --games 1 --bots advice,random,tsumogiri,random --out -
  $ mjk play --games 2 --bot-timeout 500 --bots 'advice,advice,advice,cmd:sed -u "s/.*\"tsumo\".*\"pai\":\"\([^?\"]*\)\".*/{\"type\":\"dahai\",\"pai\":\"\1\",\"tsumogiri\":true}/;t;s/.*/{\"type\":\"none\"}/"'

The last is an external bot at seat 3: a sed script speaking mjai that
discards each tile it draws and answers {"type":"none"} to every other
event. A cmd: bot is sent the events its seat may see, one JSON line each
(the others' tiles as "?", start_game saying its "id"), and answers each
with one line: a reaction (dahai, reach then dahai, chi, pon, daiminkan,
ankan, kakan, hora, ryukyoku, nukidora, none) when the table asks its seat,
anything otherwise. An answer that is not JSON, not legal, or later than
--bot-timeout is reported on standard error (game, round, seat, what it
sent, why) and replaced by the fallback (pass, else tsumogiri); a bot that
exits is reported once and its seat plays the fallback for the rest of
that game; the run goes on. Each game starts its own processes.

exit status: 0 when every game was played (and written, whatever the cmd:
bots answered), 1 if a game could not be written, 2 on bad usage, 130 when
interrupted (the games finished are written and summed; no file is left
half-written).
)";

constexpr std::array command_table = {
    Command{Cmd::analyse, "", "[OPTIONS] HAND [WIN]", "analyse a hand (shanten, waits, advice) and score a win"},
    Command{Cmd::score, "score", "score HAND [WIN] [OPTIONS]", "score a win, the score first as players say it"},
    Command{Cmd::ev, "ev",
            "ev [OPTIONS] HAND\nev --json [OPTIONS] [HAND...]      (no HAND: one hand per line of standard input)",
            "the expected value of every discard (tsumo-only model)", ev_description},
    Command{Cmd::forms, "forms", "forms HAND", "every tenpai reading of a 3k+1 hand, one per line"},
    Command{Cmd::census, "census", "census --tiles 14|13 --kinds m|mp|mps|all [--threads N] [--json]",
            "enumerate and classify every closed hand"},
    Command{Cmd::log, "log",
            "log [--json] [--max-bytes N] FILE|DIR...\n"
            "log --stats [--json] [--plot FILE.svg] [--threads N] [--max-bytes N] FILE|DIR...\n"
            "log --to mjai|tenhou6|mjlog [--max-bytes N] FILE|DIR...",
            "replay and check game records", log_description},
    Command{
        Cmd::play, "play",
        "play [--games N] [--seed S] [--players 4|3] [--length one|east|south] [--rules PRESET]\n"
        "play ... [--bots B1,B2,B3,B4] [--bot-timeout MS] [--threads T] [--format mjai|tenhou6|mjlog|none] [--out DIR|-] [--json]",
        "play whole games with bots and write their records", play_description},
    Command{Cmd::help, "help", "help [TOPIC]", "the full help (TOPIC: the subcommand's name, or rules)"},
};

bool has(const Option& o, Cmd c) { return (o.commands & set_of(c)) != 0; }

// Any row of that name, whichever subcommand has it.
const Option* any_option(std::string_view name) {
  if (name == "-h") name = "--help";
  for (const Option& o : option_table)
    if (o.name == name) return &o;
  return nullptr;
}

bool option_word(std::string_view a) { return a == "-h" || (a.size() > 2 && a.substr(0, 2) == "--"); }

// Each line of `text` after the first, indented by `indent`.
std::string continued(std::string_view text, std::size_t indent) {
  std::string out;
  for (const char c : text) {
    out += c;
    if (c == '\n') out.append(indent, ' ');
  }
  return out;
}

// The first line of a usage or a help.
std::string_view first_line(std::string_view s) { return s.substr(0, s.find('\n')); }

// An option's help: its own, else the request field's doc; an ev option's
// bounds and default from its row.
std::string help_of(const Option& o) {
  if (const NestedField* f = ev_option_field(o)) {
    std::string h(o.help.empty() ? f->doc : o.help);
    if (f->type == FieldType::integer)
      h += " (" + std::to_string(f->min) + "-" + std::to_string(f->max) + ", default " + std::string(f->fallback) + ")";
    else if (f->type == FieldType::count) h += " (default " + std::string(f->fallback) + ")";
    return h;
  }
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

std::string option_line(const Option& o) {
  char left[64];
  std::snprintf(left, sizeof left, "  %-20s ", spelled(o).c_str());
  return left + continued(help_of(o), 23) + "\n";
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

// Text inside a zsh _arguments spec: one line, no quote, bracket or colon.
std::string zsh_text(std::string s) {
  for (char& c : s)
    if (c == '\'' || c == '[' || c == ']' || c == ':' || c == '\n') c = ' ';
  return s.substr(0, 60);
}

std::string zsh_spec(const Option& o, bool repeat) {
  std::string spec = "'" + std::string(repeat ? "*" : "") + std::string(o.name) + "[" + zsh_text(help_of(o)) + "]";
  if (!o.value.empty())
    spec += ":" + zsh_text(std::string(o.value)) + ":" + (o.choices.empty() ? "" : "(" + std::string(o.choices) + ")");
  return spec + "'";
}

// The names a subcommand's completion offers (each once: --json has a row per subcommand).
std::string option_words(Cmd c) {
  std::string words;
  for (const Option& o : option_table)
    if (has(o, c) && !o.hidden && (" " + words + " ").find(" " + std::string(o.name) + " ") == std::string::npos)
      words += (words.empty() ? "" : " ") + std::string(o.name);
  return words;
}

}  // namespace

std::span<const Option> options() { return option_table; }

const NestedField* ev_option_field(const Option& o) {
  constexpr std::string_view prefix = "ev.";
  return o.field.starts_with(prefix) ? nested_field(ev_fields, o.field.substr(prefix.size())) : nullptr;
}
std::span<const Command> commands() { return command_table; }

const Command& command(Cmd id) {
  for (const Command& c : command_table)
    if (c.id == id) return c;
  return command_table[0];
}

const Command* find_command(std::string_view name) {
  for (const Command& c : command_table)
    if (!c.name.empty() && c.name == name) return &c;
  return nullptr;
}

const Option* find_option(Cmd cmd, std::string_view name) {
  if (name == "-h") name = "--help";
  for (const Option& o : option_table)
    if (o.name == name && has(o, cmd)) return &o;
  return nullptr;
}

std::string program_name(Cmd cmd) {
  const Command& c = command(cmd);
  return c.name.empty() ? "mjk" : "mjk " + std::string(c.name);
}

std::string not_read(const Option& o) {
  return "the option table gives " + std::string(o.name) + " to this subcommand, and its reader does not read it";
}

std::optional<std::string> read_arguments(int argc, char** argv, Arguments& out) {
  out = Arguments{};
  // The subcommand: the first word that is no option and no option's value.
  int command_at = 0;
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    if (option_word(a)) {
      if (const Option* o = any_option(a); o && !o->value.empty()) ++i;
      continue;
    }
    if (const Command* c = find_command(a)) {
      out.command = c->id;
      command_at = i;
    }
    break;
  }
  const std::string see = " (see " + program_name(out.command) + " --help)";
  for (int i = 1; i < argc; ++i) {
    if (i == command_at) continue;
    const std::string_view a = argv[i];
    if (!option_word(a)) {
      out.words.emplace_back(a);
      continue;
    }
    const Option* o = find_option(out.command, a);
    if (!o) {
      if (any_option(a)) return std::string(a) + " is not an option of " + program_name(out.command) + see;
      return "unknown option '" + std::string(a) + "'" + see;
    }
    if (o->id == Opt::help) {
      out.help = true;
      continue;
    }
    if (o->value.empty()) {
      out.given.push_back({o, {}});
      continue;
    }
    // A value never starts with "--": that is the next option, the value left out.
    if (i + 1 == argc || std::string_view(argv[i + 1]).substr(0, 2) == "--") {
      // What it wants: the value's name and its help's first words ("N, the most bytes a record may have").
      const std::string help = help_of(*o);
      const std::string_view what = std::string_view(help).substr(0, help.find_first_of(",;(\n"));
      return std::string(o->name) + " needs a value: " + std::string(o->value) +
             (what.size() >= 8 ? ", " + std::string(what.substr(0, what.find_last_not_of(' ') + 1)) : "") + see;
    }
    out.given.push_back({o, argv[++i]});
  }
  return std::nullopt;
}

void print_short_help(std::FILE* out) {
  std::fputs("usage: mjk [OPTIONS] HAND [WIN]     analyse a hand, score a win\n", out);
  std::fputs("       mjk COMMAND [ARGS]           (mjk COMMAND --help)\n\ncommands:\n", out);
  for (const Command& c : command_table)
    if (!c.name.empty()) std::fprintf(out, "  %-8s %s\n", std::string(c.name).c_str(), std::string(c.summary).c_str());
  std::fputs("\nmost used options:\n", out);
  for (const Option& o : option_table)
    if (o.common && has(o, Cmd::analyse)) std::fputs(option_line(o).c_str(), out);
  std::fputs("\nexample: mjk --seat south --riichi \"123678m345p67s55s 8s\"\n", out);
  std::fputs("more: mjk --help-all (every option, the notation, the JSON keys), mjk help TOPIC,\n", out);
  std::fputs("      docs/request.md (the JSON request); mjk --version\n", out);
}

std::string option_list(Cmd cmd) {
  std::string out;
  for (const Option& o : option_table)
    if (has(o, cmd) && !o.hidden) out += option_line(o);
  return out;
}

void print_command_help(const Command& c, std::FILE* out) {
  std::string usage;
  for (const char ch : c.usage) usage += ch == '\n' ? std::string("\n       mjk ") : std::string(1, ch);
  std::fprintf(out, "usage: mjk %s\n\n%s\n", usage.c_str(), std::string(c.summary).c_str());
  if (!c.description.empty()) std::fprintf(out, "\n%s", std::string(c.description).c_str());
  std::fputs("\noptions:\n", out);
  std::fputs(option_list(c.id).c_str(), out);
}

void print_man(std::string_view long_help, std::FILE* out) {
  std::fputs(
      ".TH MJK 1 \"\" \"mjk\" \"User Commands\"\n.SH NAME\nmjk \\- riichi mahjong hand analysis and scoring\n"
      ".SH SYNOPSIS\n",
      out);
  for (const Command& c : command_table) {
    std::string_view usage = c.usage;
    while (!usage.empty()) {
      std::fprintf(out, ".B mjk\n%s\n.br\n", roff(first_line(usage)).c_str());
      usage.remove_prefix(std::min(usage.size(), first_line(usage).size() + 1));
    }
  }
  for (const Command& c : command_table) {
    std::fprintf(out, ".SH %s\n%s\n", c.name.empty() ? "OPTIONS" : ("mjk " + roff(c.name)).c_str(),
                 roff(c.summary).c_str());
    for (const Option& o : option_table)
      if (has(o, c.id) && !o.hidden)
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
    std::string done;  // an option's values once; by subcommand where its rows differ (--format)
    for (const Option& o : option_table) {
      if (o.choices.empty() || o.hidden || done.find(" " + std::string(o.name) + " ") != std::string::npos) continue;
      done += " " + std::string(o.name) + " ";
      std::string by_command;  // the subcommands whose row of this name offers other values
      for (const Option& other : option_table)
        if (other.name == o.name && !other.choices.empty() && other.choices != o.choices)
          for (const Command& c : command_table)
            if (!c.name.empty() && has(other, c.id))
              by_command += "      " + std::string(c.name) + ") COMPREPLY=($(compgen -W \"" +
                            std::string(other.choices) + "\" -- \"$cur\")); return ;;\n";
      if (by_command.empty()) {
        std::fprintf(out, "    %s) COMPREPLY=($(compgen -W \"%s\" -- \"$cur\")); return ;;\n",
                     std::string(o.name).c_str(), std::string(o.choices).c_str());
        continue;
      }
      std::fprintf(
          out,
          "    %s) case \"$cmd\" in\n%s      *) COMPREPLY=($(compgen -W \"%s\" -- \"$cur\")); return ;;\n    esac ;;\n",
          std::string(o.name).c_str(), by_command.c_str(), std::string(o.choices).c_str());
    }
    std::fputs("  esac\n  case \"$cmd\" in\n", out);
    for (const Command& c : command_table) {
      if (c.name.empty()) continue;
      std::fprintf(out,
                   "    %s) if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W \"%s\" -- \"$cur\"));\n"
                   "       else COMPREPLY=($(compgen -f -- \"$cur\")); fi; return ;;\n",
                   std::string(c.name).c_str(), option_words(c.id).c_str());
    }
    std::fprintf(out, "  esac\n  COMPREPLY=($(compgen -W \"%s %s\" -- \"$cur\"))\n}\ncomplete -F _mjk mjk\n",
                 subcommands.c_str(), option_words(Cmd::analyse).c_str());
    return true;
  }
  if (shell == "zsh") {
    std::fputs(
        "#compdef mjk\n# zsh completion for mjk (generated by mjk --print-completion zsh)\n_mjk() {\n"
        "  if (( CURRENT > 2 )); then\n    case ${words[2]} in\n",
        out);
    for (const Command& c : command_table) {
      if (c.name.empty()) continue;
      // The subcommand's words from its name on, so _arguments sees it as the command.
      std::fprintf(out, "      %s) shift words; (( CURRENT-- )); _arguments", std::string(c.name).c_str());
      for (const Option& o : option_table)
        if (has(o, c.id) && !o.hidden) std::fprintf(out, " %s", zsh_spec(o, false).c_str());
      std::fputs(" '*:file:_files'; return ;;\n", out);
    }
    std::fputs("    esac\n  fi\n  _arguments", out);
    for (const Option& o : option_table)
      if (has(o, Cmd::analyse) && !o.hidden) std::fprintf(out, " %s", zsh_spec(o, true).c_str());
    std::fprintf(out, " '1:command or hand:(%s)' '*:hand:'\n}\n_mjk \"$@\"\n", subcommands.c_str());
    return true;
  }
  return false;
}

}  // namespace mjk::cli
