// mjk: analyse riichi mahjong hands from the command line.
#include <cerrno>
#include <cstdio>
#include <algorithm>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "commands.hpp"
#include "play.hpp"
#include "options.hpp"
#include "settings.hpp"
#include "mjk/hand.hpp"
#include "mjk/implementation.hpp"
#include "mjk/request_schema.hpp"
#include "mjk/version.h"

namespace {

using mjk::cli::finish_output;
using mjk::cli::Settings;

// mjk --help-all: the usages (the command table's), the notation, what each
// answer holds, examples, every option (the option table's) and the JSON keys.
constexpr std::string_view help_prose = R"(
Analyse riichi mahjong hands, and score wins.

HAND is written in mpsz text, digits then their suit letter:
  123m456p789s11z     m = man, p = pin, s = sou, z = honours 1z-7z
                      (East South West North White Green Red); 0 = red five
or in the suit-first form, the suit letter before each digit:
  m1m2m3p4p5p6s7s8s9z1z1
or majiang-core's string (calls after commas, - kamicha, = toimen, + shimocha
after the called tile), or Unicode tiles, or mpsz in capitals:
  m123p456s789z1,z333=     🀇🀈🀉🀙🀚🀛🀐🀑🀒🀀🀀🀄🀄     123M456P789S11Z
A hand of 3k+1 tiles followed by a space and one tile names the winning tile
(quote it in the shell): "123m456p789s11z23s 1s".

Called melds follow the concealed tiles, one word each, before the winning
tile, in the order they were made:
  "678m345p67s55s chi:234m 8s"
  "12m55z pon:111z@toimen ankan:9999s kakan:0555p@shimocha 3m"
A meld word is TYPE:TILES[@FROM]: TYPE chi, pon, minkan (open kan), ankan
(closed kan) or kakan (added kan); TILES in mpsz, 3 for chi and pon, 4 for
a kan (0 = red five); FROM who discarded the called tile: kamicha (the
default; the only source of a chi), toimen or shimocha; an ankan has none.
With melds written, the concealed tiles must fit them (13 tiles before the
winning tile with no meld, 10 with one, ... 1 with four). Without meld words
the old reading holds: the calls are implied by the tile count (13/14 tiles
= closed, 10/11 = one call, ... 1/2 = four), and such a short hand is not
scored. Shanten, waits and advice are of the concealed tiles; the tiles in
melds, the dora indicators and north tiles set aside are not in the wall.

A line naming a winning tile with its melds known (written, or 14 tiles) is
scored with the context given by the options below (default: ron from
kamicha, dealer East seat, East round): yaku, han, fu, the limit and the
payment as players say them ("haneman 3000/6000"), points and payments.
Without --json, a complete hand (14 tiles, or 11 with one meld word, ...)
that names no winning tile and is given a win-context option (or asked by
mjk score) takes its last written tile as the winning tile, as majiang-core
does, and says so: "123678m345p55678s" is "123678m345p5567s 8s". A tenpai
hand given a win-context option ends with what each winning tile pays
("wins").

mjk score HAND [WIN] prints the score first, as a player reads it out:
  haneman 3000/6000 (12000): riichi 1, menzen_tsumo 1, ... | 7 han 20 fu
(limit, then the payment: "3000/6000" each non-dealer / the dealer on a
tsumo, "4000 all" on the dealer's tsumo, "12000" on a ron, without honba,
which follow as "+ N honba"; a tsumo's total in parentheses), then the hand,
the yaku with their English names, the fu part by part and each seat's
payment (honba, sticks and pao included). Given a waiting hand and no
winning tile (13 tiles, or 10 with one meld word, ...), mjk score prints
what each winning tile pays, one line each (a wait whose every copy is seen
says so):
  5s        haneman 6000 all (18000): riichi 1, menzen_tsumo 1, ... | 6 han 20 fu

A line of --json input (or an argument) that starts with '{' is a JSON
request object (SCORING.md), one per line:
  {"hand": "678m345p67s55s", "melds": [{"type": "chi", "tiles": "234m"}],
   "win": "8s", "tsumo": false, "from": "kamicha", "seat": "2z", "round": "1z",
   "riichi": 0, "ippatsu": false, "rinshan": false, "chankan": false,
   "haitei": false, "tenhou": false, "dora": "9p", "ura": "", "nuki": 0,
   "honba": 0, "sticks": 0, "players": 4, "visible": "", "rules": {...}}
Only "hand" is required (the concealed tiles WITHOUT the winning tile); a
meld is {"type", "tiles", "from"} as in the words above; "visible" is mpsz
or 34 counts; a field set to null keeps its default. The options below are
the defaults of every field a request leaves out. Unknown fields and rule
keys, duplicates, wrong types and values are errors naming the position.

For a 3k+1 hand mjk prints the shanten and the waits (kinds held four times
are not waits), and the necessary tiles: every kind whose draw lowers the
shanten, with the ukeire (the copies of them neither in the hand nor visible).
For a 3k+2 hand it prints the shanten, whether it is complete (agari) with
every decomposition into head and melds (and, when the winning tile is named,
the block holding it and the wait kind), every discard that leaves the hand
tenpai with its waits, and the discard advice: for each distinct held kind,
the shanten after discarding it, the necessary tiles then and their ukeire
(the discarded copy is not in the wall), best first (shanten ascending, then
ukeire descending, then kind).

mjk forms HAND prints every tenpai reading of a 3k+1 hand, one per line: for
each winning tile and each decomposition of the completed hand, the winning
tile is taken out of its block; completed blocks are in parentheses, sorted
(suits in m p s z order, then as digit strings), the incomplete block last in
square brackets. Seven pairs print six (nn) blocks and [n]; thirteen orphans
one bracketed block of the hand's tiles. A hand of digits only
(1112224588899) is read as one suit and printed as digits. A hand that is not
tenpai prints nothing (exit 0); a malformed hand is an error (exit 1).

mjk census enumerates every closed hand of 14 (or 13) tiles over the first
9 (m), 18 (mp), 27 (mps) or all 34 kinds, at most four of a kind, and
classifies each one through the kernel's batch API: 14 tiles prints the
hands, the complete ones, and by form (standard, seven pairs, both at once,
thirteen orphans); 13 tiles the tenpai ones, by form, and how many hands have
1, 2, ... waits. Progress goes to stderr; Ctrl-C stops and prints what was
counted so far, marked partial. --threads defaults to every core; --json
prints the counts as one JSON object.

examples:
  $ mjk 123m456p13789s556z
  $ mjk --json 1112345678999m "19m19p19s1234567z 1m"
  $ mjk --players 3 1111m111122233z
  $ mjk --visible 1155m7z --json 123m456p13789s56z
  $ mjk --tsumo --seat 2z "123678m345p67s55s 8s"
  $ mjk --json --seat 2z --dora 9p "678m345p67s55s chi:234m 8s"
  $ mjk score --riichi --tsumo --seat 2z --dora 7p 223344m567p67s88p8s
  $ mjk score --tsumo --riichi --dora 4s 123678m345p67s55s
  $ mjk forms 1112224588899
  $ mjk census --tiles 13 --kinds m
  $ mjk ev --dora 9m 123m456p789s5s1222z

)";

constexpr std::string_view help_notes = R"(The options in more words:
  --json prints one JSON object per hand, from the arguments or, with none,
  one hand per line of standard input. Keys:
    hand, tiles, shanten, shanten_standard, shanten_chiitoi,
    shanten_kokushi (null where not applicable);
    3k+1: waits (list of tiles in kind order), necessary (the same for the
          necessary tiles), ukeire (integer);
    3k+2: agari (bool), discards (tile -> list of waits), advice: a list of
          {"discard": tile, "shanten": n, "necessary": [tiles], "ukeire": n},
          best first, and when agari, decompositions: a list of
          {"form": "standard"|"chiitoi"|"kokushi",
           "blocks": [...] (head first, then melds, mpsz),
           "win": index of the block holding the winning tile or null,
           "wait": "ryanmen"|"kanchan"|"penchan"|"tanki"|"shanpon"|
                   "kokushi"|"kokushi13" or null}
  A bad hand (a blank line too) prints {"hand": <input>, "error": <message>};
  the other hands are still answered, one output line per input line, and
  the exit status is 1. mjk score --json prints the same object for each
  line as mjk score reads it (a complete hand's last tile as its winning
  tile; a waiting hand with "each_win", what each winning tile pays); a line
  with nothing to score is an error line.
  --players 3: three-player rules (sanma: 2m-8m do not exist, a hand holding
  one is an error, and no answer is ever 2m-8m).
  --visible TILES: tiles seen outside the hand (discards, melds, dora
  indicators), in mpsz: they are not counted in the ukeire. A kind held and
  visible more than four times in all is an error.
  --format: how the text output writes tiles (the hand line and the tile
  lists, mjk score's too): mpsz (default) 123m, majiang-core m123 (calls
  after commas, z333=), Unicode tiles, tenhou (mpsz, as tenhou.net/2 ?q=
  strings). Input is read in any of them; --json stays mpsz.
  The win context (--tsumo ... --rule) is the default of JSON requests'
  fields: ron from kamicha, the dealer (seat 1z), round 1z. --haitei is the
  last tile (haitei on tsumo, houtei on ron); --tenhou a win before the
  first discard with no call made: tenhou (East, tsumo), chiihou (tsumo),
  renhou (ron); ura indicators count only with riichi. mjk help rules lists
  the rule switches. A contradictory context (riichi on an open hand,
  ippatsu without riichi, rinshan without a kan or on ron, chankan on tsumo,
  haitei with rinshan, tenhou with a call, a chi not from kamicha, a fourth
  seat, toimen or nuki with three players, nuki with four) is an error for
  that line.
  --impl: MJK_FORCE_IMPL=<name> forces an implementation.
  Options may come before the subcommand or after it.

The score (JSON: "score", after the analysis; null when the hand is not
complete with the winning tile): {"yaku": [{"name": ..., "han": n} or
{"name": ..., "yakuman": 1|2}, ...], "han": n, "fu": n, "yakuman": n,
"points": n, "payments": [East, South, West, North]}. A yakuman hand has
"han" and "fu" null; a complete hand without a yaku has "yaku" [], "han" 0,
"fu" null, "points" 0. "points" is the hand's value without honba and
sticks; "payments" is each seat's change with honba, sticks and pao. After
those keys: each yaku also has "en" and "ja" (its English and Japanese
names); "limit" (null, "mangan", "haneman", "baiman", "sanbaiman",
"kazoe_yakuman", "yakuman", "double_yakuman", "triple_yakuman", ... by the
yakuman multiple paid) with "limit_en" and "limit_ja"; "payment_text" (as
above, null when nothing is won); "fu_details": the fu of the reading
chosen, part by part, summing to "fu" ([] without fu): {"reason": "base"
20 | "chiitoitsu" 25 | "closed_ron" 10 | "tsumo" 2 | "wait" (with "wait":
kanchan, penchan or tanki) 2 | "pair" | "closed_triplet" | "open_triplet" |
"closed_kan" | "open_kan" (these with "tiles", e.g. "555z") | "open_pinfu"
10 (an open hand's 20 fu made 30) | "rounding", "fu": n}.
Yaku names: riichi double_riichi ippatsu menzen_tsumo pinfu tanyao iipeikou
haitei houtei rinshan chankan seat_wind round_wind haku hatsu chun chiitoitsu
chanta ittsu sanshoku sanshoku_doukou sankantsu toitoi sanankou shousangen
honroutou ryanpeikou junchan honitsu chinitsu renhou; yakuman tenhou chiihou
renhou kokushi kokushi_13 suuankou suuankou_tanki daisangen shousuushii
daisuushii tsuuiisou ryuuiisou chinroutou chuuren junsei_chuuren suukantsu;
dora kinds dora aka ura nuki.

exit status: 0 if every hand was analysed, 1 if any was rejected or reading the
input or writing the output failed, 2 on bad usage.
)";

std::string long_help() {
  std::string out = "usage:";
  for (const auto& c : mjk::cli::commands()) {
    std::string_view usage = c.usage;
    for (std::size_t at = 0; at <= usage.size();) {
      const std::size_t end = std::min(usage.find('\n', at), usage.size());
      out += std::string(out.size() == 6 ? " " : "       ") + "mjk " + std::string(usage.substr(at, end - at)) + "\n";
      at = end + 1;
    }
  }
  out += "       mjk --impl | --version\n       mjk --help | --help-all | help TOPIC | COMMAND --help\n";
  out += help_prose;
  out += "options (of mjk HAND and mjk score; each subcommand's: mjk COMMAND --help):\n";
  out += mjk::cli::option_list(mjk::cli::Cmd::analyse);
  out += "\n";
  out += help_notes;
  return out;
}

int list_implementations() {
  const auto& active = mjk::active_implementation();
  for (const auto& impl : mjk::implementations())
    std::printf("%s %-9s %-13s %s\n", &impl == &active ? "*" : " ", std::string(impl.name).c_str(),
                impl.supported() ? "supported" : "unsupported", std::string(impl.description).c_str());
  std::printf("active: %s\n", std::string(active.name).c_str());
  if (!mjk::forced_implementation_problem().empty())
    std::printf("note: %s\n", std::string(mjk::forced_implementation_problem()).c_str());
  return finish_output(0);
}

// The rule switches, from the request's table (mjk help rules).
int print_rules() {
  std::puts("rule switches (--rule KEY=VALUE, or \"rules\": {...} in a JSON request):");
  for (const mjk::RuleField& r : mjk::rule_fields)
    std::printf("  %-20s %-7s %s\n", std::string(r.name).c_str(), std::string(r.fallback).c_str(),
                std::string(r.doc).c_str());
  return finish_output(0);
}

// mjk help [TOPIC]: the full help, the rule switches or a subcommand's help.
int help_command(const std::vector<std::string>& words) {
  if (words.size() > 1) {  // once read as its first word, the others dropped
    std::fprintf(stderr, "mjk: help takes one topic, not %zu words (see mjk --help)\n", words.size());
    return 2;
  }
  const std::string_view topic = words.empty() ? std::string_view() : std::string_view(words.front());
  if (topic.empty()) {
    std::fputs(long_help().c_str(), stdout);
    return finish_output(0);
  }
  if (topic == "rules") return print_rules();
  if (const auto* c = mjk::cli::find_command(topic)) {
    mjk::cli::print_command_help(*c, stdout);
    return finish_output(0);
  }
  std::string topics;
  for (const auto& c : mjk::cli::commands())
    if (!c.name.empty() && c.id != mjk::cli::Cmd::help) topics += std::string(c.name) + ", ";
  std::fprintf(stderr, "mjk: no help topic '%s' (topics: %srules)\n", words.front().c_str(), topics.c_str());
  return 2;
}

// What an option asks instead of the hand analysis: --version, --impl, the
// full help, the generated man page and completions.
int action(mjk::cli::Opt what, std::string_view value) {
  using mjk::cli::Opt;
  switch (what) {
    case Opt::version:
      std::printf("mjk %s (implementation: %s)\n", MJK_VERSION_STRING,
                  std::string(mjk::active_implementation().name).c_str());
      return finish_output(0);
    case Opt::impl: return list_implementations();
    case Opt::print_man: mjk::cli::print_man(long_help(), stdout); return finish_output(0);
    case Opt::print_completion:
      if (mjk::cli::print_completion(value, stdout)) return finish_output(0);
      std::fputs("mjk: --print-completion bash|zsh\n", stderr);
      return 2;
    default: std::fputs(long_help().c_str(), stdout); return finish_output(0);
  }
}

// A first word of letters alone that is no hand is a command mistyped, not a
// hand (hands in either notation hold digits; a word that parses stays a
// hand). Asked after the subcommands are told apart, so a new one needs no row here.
bool unknown_command(const std::vector<std::string>& words) {
  if (words.empty()) return false;
  const std::string_view first = words.front();
  if (first.empty() || first.find_first_of("0123456789{:") != std::string_view::npos || mjk::parse_hand(first).ok())
    return false;
  std::fprintf(stderr, "mjk: unknown command '%s' (see mjk --help)\n", words.front().c_str());
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  using mjk::cli::Cmd;
  mjk::cli::Arguments args;
  if (const auto problem = mjk::cli::read_arguments(argc, argv, args)) {
    std::fprintf(stderr, "%s: %s\n", mjk::cli::program_name(args.command).c_str(), problem->c_str());
    return 2;
  }
  if (args.help) {
    if (args.command == Cmd::analyse) mjk::cli::print_short_help(stdout);
    else mjk::cli::print_command_help(mjk::cli::command(args.command), stdout);
    return finish_output(0);
  }
  switch (args.command) {
    case Cmd::help: return help_command(args.words);
    case Cmd::log: return finish_output(mjk::cli::log_command(args.given, args.words));
    case Cmd::census: return finish_output(mjk::cli::census_command(args.given, args.words));
    case Cmd::play: return finish_output(mjk::cli::play_command(args.given, args.words));
    case Cmd::forms: {
      if (args.words.empty()) {
        std::fputs("usage: mjk forms HAND (see mjk --help)\n", stderr);
        return 2;
      }
      std::string text;
      for (const auto& w : args.words) text += (text.empty() ? "" : " ") + w;
      return finish_output(mjk::cli::forms(text));
    }
    case Cmd::analyse:
    case Cmd::score:
    case Cmd::ev: break;
  }
  Settings settings;
  for (const auto& [option, value] : args.given)
    if (const auto problem = mjk::cli::read_analysis_option(*option, value, settings)) {
      std::fprintf(stderr, "%s: %s\n", mjk::cli::program_name(args.command).c_str(), problem->c_str());
      return 2;
    }
  if (settings.action) return action(*settings.action, settings.action_value);
  // Only a first argument: `mjk --json abc` is a line to answer (with its error).
  if (args.command == Cmd::analyse && argc >= 2 && !args.words.empty() && args.words.front() == argv[1] &&
      unknown_command(args.words))
    return 2;
  return mjk::cli::run_analysis(args.command, settings, args.words);
}
