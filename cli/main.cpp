// mjk: analyse riichi mahjong hands from the command line.
#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "commands.hpp"
#include "options.hpp"
#include "report_text.hpp"
#include "settings.hpp"
#include "mjk/analysis.hpp"
#include "mjk/decomposition.hpp"
#include "mjk/hand.hpp"
#include "mjk/implementation.hpp"
#include "mjk/notation.hpp"
#include "mjk/ref.hpp"
#include "mjk/report.hpp"
#include "mjk/request.hpp"
#include "mjk/request_schema.hpp"
#include "mjk/score.hpp"
#include "mjk/version.h"

namespace {

using mjk::cli::Settings;

constexpr std::string_view help_text = R"(usage: mjk [--ref] [--players 3|4] [--visible TILES] [WIN CONTEXT] HAND
       mjk [--ref] [--players 3|4] [--visible TILES] [WIN CONTEXT] --json [HAND...]
       mjk score [--ref] [--players 3|4] [WIN CONTEXT] HAND [WIN]
       mjk forms HAND
       mjk log [--json] [--stats] [--to mjai|tenhou6] FILE|DIR...   (game records: mjk log --help)
       mjk census --tiles 14|13 --kinds m|mp|mps|all [--threads N] [--json]
       mjk ev [--hand-change] [--shanten-back] [--extra N] [--json] ... HAND   (expected value: mjk ev --help)
       mjk --impl | --version
       mjk --help | --help-all | help TOPIC | COMMAND --help

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

options:
  --json      one JSON object per hand, from the arguments or, with none, one
              hand per line of standard input. Keys:
                hand, tiles, shanten, shanten_standard, shanten_chiitoi,
                shanten_kokushi (null where not applicable);
                3k+1: waits (list of tiles in kind order), necessary (the
                      same for the necessary tiles), ukeire (integer);
                3k+2: agari (bool), discards (tile -> list of waits),
                      advice: a list of {"discard": tile, "shanten": n,
                      "necessary": [tiles], "ukeire": n}, best first,
                      and when agari, decompositions: a list of
                      {"form": "standard"|"chiitoi"|"kokushi",
                       "blocks": [...] (head first, then melds, mpsz),
                       "win": index of the block holding the winning tile or null,
                       "wait": "ryanmen"|"kanchan"|"penchan"|"tanki"|"shanpon"|
                               "kokushi"|"kokushi13" or null}
              A bad hand (a blank line too) prints {"hand": <input>,
              "error": <message>}; the other hands are still answered, one
              output line per input line, and the exit status is 1.
  --players 3|4
              the rules: 4 (default) or 3 players (sanma: 2m-8m do not exist,
              a hand holding one is an error, and no answer is ever 2m-8m)
  --visible TILES
              tiles seen outside the hand (discards, melds, dora indicators),
              in mpsz: they are not counted in the ukeire. A kind held and
              visible more than four times in all is an error.
  --format mpsz|majiang|unicode|tenhou|suit-first
              how the text output writes tiles (the hand line and the tile
              lists): mpsz (default) 123m, majiang-core m123 (calls after
              commas, z333=), Unicode tiles, tenhou (mpsz, as tenhou.net/2
              ?q= strings). Input is read in any of them; --json stays mpsz.

win context (for lines naming a winning tile; defaults of JSON requests):
  --tsumo               self-drawn (default: ron)
  --ron FROM            ron from kamicha (default), toimen or shimocha
  --seat WIND           seat wind 1z-4z or east/south/west/north (default 1z,
                        the dealer)
  --round WIND          round wind (default 1z)
  --riichi, --double-riichi
  --ippatsu, --rinshan, --chankan
  --haitei              the last tile (haitei on tsumo, houtei on ron)
  --tenhou              a win before the first discard with no call made:
                        tenhou (East, tsumo), chiihou (tsumo), renhou (ron)
  --dora TILES, --ura TILES
                        dora / ura-dora indicators in mpsz (at most 5 each;
                        ura counts only with riichi)
  --nuki N              north tiles set aside (three players)
  --honba N, --sticks N counters and riichi sticks on the table
  --rule KEY=VALUE      a rule switch (repeatable):
                          open_tanyao=true|false (true)  kiriage=true|false (false)
                          kazoe_yakuman=true|false (true)
                          double_yakuman=true|false (true)
                          yakuman_stacking=true|false (true)
                          double_wind_pair_fu=2|4 (4)  pao=true|false (true)
                          renhou=none|mangan|yakuman (none)
                          sanma_tsumo_loss=true|false (true)
  A contradictory context (riichi on an open hand, ippatsu without riichi,
  rinshan without a kan or on ron, chankan on tsumo, haitei with rinshan,
  tenhou with a call, a chi not from kamicha, a fourth seat, toimen or nuki
  with three players, nuki with four) is an error for that line.

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

other options:
  --ref       answer with the scalar reference instead of the kernel
  --impl      list the kernel's implementations, which this CPU supports, and
              which is active (set MJK_FORCE_IMPL=<name> to force one)
  --version   the version and the active implementation
  --help      a short summary; --help-all this text; mjk help TOPIC

exit status: 0 if every hand was analysed, 1 if any was rejected or reading the
input or writing the output failed, 2 on bad usage.
)";

// Every tile of score_each_win's answer `each` that the kernel's checks let
// through, won and scored again by the reference (--ref).
void score_each_win_with_ref(const mjk::ScoreRequest& waiting, std::span<mjk::Result<mjk::Score>> each) {
  for (int k = 0; k < mjk::kind_count; ++k)
    if (auto& r = each[static_cast<std::size_t>(k)]; r.ok())
      r.value = mjk::ref::score(mjk::won_on(waiting, mjk::Tile(k)));
}

// The same report from the scalar reference (--ref): the input is checked by
// the kernel's analyse(), every answer replaced by the reference's.
mjk::Parsed<mjk::Report> analyse_with_ref(std::string_view text, const Settings& s) {
  auto out = mjk::analyse(text, s.options(), s.context);
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

mjk::Parsed<mjk::Report> analyse(std::string_view text, const Settings& s) {
  return s.use_ref ? analyse_with_ref(text, s) : mjk::analyse(text, s.options(), s.context);
}

// A waiting hand (no winning tile named, its melds known): what each
// winning tile of it pays can be asked.
bool waiting_hand(const mjk::Report& a) {
  const mjk::ParsedRequest& q = a.request;
  return !q.has_win && !a.complete && (q.melds_known || a.input.hand.called_melds() == 0);
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

// `mjk score` of a waiting hand: what each winning tile pays, or why not.
int score_each_winning_tile(const mjk::Report& a, const Settings& s, const std::string& text) {
  std::array<mjk::Result<mjk::Score>, mjk::kind_count> each;
  if (const mjk::HandError e = score_each_win_of(a, s, each)) {
    std::fprintf(stderr, "mjk: %s: %s\n", text.c_str(), e.message().c_str());
    return 1;
  }
  if (std::none_of(each.begin(), each.end(), [](const auto& r) { return r.ok() && r.value.complete; })) {
    std::fprintf(
        stderr,
        "mjk: %s: nothing to score: no tile completes the hand (shanten %d); name the winning tile after a space (\"123m456p789s11z23s 1s\") or give all 14 tiles\n",
        text.c_str(), a.shanten.best);
    return 1;
  }
  mjk::cli::print_each_win(a, each);
  return 0;
}

// One JSON line into `buffer` (grown only for an unusually long answer).
std::string_view json_line(std::string_view text, const Settings& s, std::vector<char>& buffer, bool& rejected) {
  const auto r = analyse(text, s);
  for (;;) {
    mjk::JsonWriter json(buffer);
    if (r.ok()) mjk::write_json(r.value, json);
    else mjk::write_json_error(text, r.error.message(), json);
    json.raw("\n");
    if (json.size() <= buffer.size()) {
      rejected = !r.ok();
      return {buffer.data(), json.size()};
    }
    buffer.resize(json.size());
  }
}


// Flushes stdout: a failed write (a full disk, a closed pipe) is an error,
// never a silent success.
int finish_output(int status) {
  if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
    std::fprintf(stderr, "mjk: error writing standard output: %s\n", std::strerror(errno));
    return 1;
  }
  return status;
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

// What comes before the hand analysis: --version, the helps, the generated
// man page and completions, `mjk COMMAND --help`, an unknown command.
// nullopt when main goes on.
std::optional<int> meta_command(int argc, char** argv) {
  if (argc < 2) return std::nullopt;
  const std::string_view first = argv[1];
  if (first == "--version") {
    std::printf("mjk %s (implementation: %s)\n", MJK_VERSION_STRING,
                std::string(mjk::active_implementation().name).c_str());
    return finish_output(0);
  }
  if (first == "--help-all") {
    std::fputs(help_text.data(), stdout);
    return finish_output(0);
  }
  if (first == "--print-man") {  // hidden: the build writes mjk.1 with it
    mjk::cli::print_man(help_text, stdout);
    return finish_output(0);
  }
  if (first == "--print-completion") {  // hidden: the build writes the completions with it
    if (argc == 3 && mjk::cli::print_completion(argv[2], stdout)) return finish_output(0);
    std::fputs("mjk: --print-completion bash|zsh\n", stderr);
    return 2;
  }
  if (first == "help") {
    const std::string_view topic = argc > 2 ? argv[2] : "";
    if (topic.empty()) {
      std::fputs(help_text.data(), stdout);
      return finish_output(0);
    }
    if (topic == "rules") return print_rules();
    if (const auto* c = mjk::cli::find_command(topic); c && !c->own_help) {
      mjk::cli::print_command_help(*c, stdout);
      return finish_output(0);
    }
    if (topic == "log" || topic == "ev") {  // they print their own: `mjk log --help`, `mjk ev --help`
      char log[] = "log", ev[] = "ev", help[] = "--help";
      char* command_help[] = {argv[0], topic == "log" ? log : ev, help, nullptr};
      return finish_output(topic == "log" ? mjk::cli::log_command(3, command_help)
                                          : mjk::cli::ev_command(3, command_help));
    }
    std::fprintf(stderr, "mjk: no help topic '%s' (topics: forms, census, log, ev, score, rules)\n", argv[2]);
    return 2;
  }
  if (const auto* c = mjk::cli::find_command(first); c && !c->own_help) {
    for (int i = 2; i < argc; ++i)
      if (std::string_view(argv[i]) == "--help" || std::string_view(argv[i]) == "-h") {
        mjk::cli::print_command_help(*c, stdout);
        return finish_output(0);
      }
    return std::nullopt;
  }
  return std::nullopt;
}

// A first word of letters alone that is no hand is a command mistyped, not a
// hand (hands in either notation hold digits; a word that parses stays a
// hand). Asked after every subcommand's dispatch, so a new one needs no row here.
bool unknown_command(int argc, char** argv) {
  if (argc < 2) return false;
  const std::string_view first = argv[1];
  if (first.empty() || first[0] == '-' || first.find_first_of("0123456789{:") != std::string_view::npos ||
      mjk::parse_hand(first).ok())
    return false;
  std::fprintf(stderr, "mjk: unknown command '%s' (see mjk --help)\n", argv[1]);
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (const auto status = meta_command(argc, argv)) return *status;
  if (argc >= 2 && std::string_view(argv[1]) == "log") return finish_output(mjk::cli::log_command(argc, argv));
  if (argc >= 2 && std::string_view(argv[1]) == "census") return finish_output(mjk::cli::census_command(argc, argv));
  if (argc >= 2 && std::string_view(argv[1]) == "ev") return finish_output(mjk::cli::ev_command(argc, argv));
  if (argc >= 2 && std::string_view(argv[1]) == "forms") {
    if (argc < 3) {
      std::fputs("usage: mjk forms HAND (see mjk --help)\n", stderr);
      return 2;
    }
    std::string text;
    for (int i = 2; i < argc; ++i) text += (i > 2 ? " " : "") + std::string(argv[i]);
    return finish_output(mjk::cli::forms(text));
  }
  // `mjk score HAND [WIN] [options]`: the same options, the score printed first.
  const bool score_only = argc >= 2 && std::string_view(argv[1]) == "score";
  if (!score_only && unknown_command(argc, argv)) return 2;
  bool json = false;
  Settings settings;
  mjk::Notation text_notation = mjk::Notation::mpsz;  // how text output writes tiles (--format); JSON is always mpsz
  std::vector<std::string> hands;
  for (int i = score_only ? 2 : 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      mjk::cli::print_short_help(stdout);
      return finish_output(0);
    } else if (arg == "--json") {
      json = true;
    } else if (arg == "--ref") {
      settings.use_ref = true;
    } else if (arg == "--players" || arg == "--visible") {
      if (i + 1 == argc) {
        std::fprintf(stderr, "mjk: %s needs a value (see mjk --help)\n", argv[i]);
        return 2;
      }
      const std::string_view value = argv[++i];
      if (arg == "--players") {
        if (value != "3" && value != "4") {
          std::fprintf(stderr, "mjk: --players must be 3 or 4, not '%s'\n", argv[i]);
          return 2;
        }
        settings.players = value == "3" ? mjk::Players::three : mjk::Players::four;
        settings.context.players = settings.players;
      } else if (const auto problem = mjk::cli::parse_visible(value, settings)) {
        std::fprintf(stderr, "mjk: %s\n", problem->c_str());
        return 2;
      }
    } else if (mjk::cli::parse_context_flag(arg, settings)) {
      settings.context_given = true;
    } else if (arg == "--ron" || arg == "--seat" || arg == "--round" || arg == "--dora" || arg == "--ura" ||
               arg == "--nuki" || arg == "--honba" || arg == "--sticks" || arg == "--rule") {
      if (i + 1 == argc) {
        std::fprintf(stderr, "mjk: %s needs a value (see mjk --help)\n", argv[i]);
        return 2;
      }
      if (const auto problem = mjk::cli::parse_context_option(arg, argv[++i], settings)) {
        std::fprintf(stderr, "mjk: %s\n", problem->c_str());
        return 2;
      }
      settings.context_given = true;
    } else if (arg == "--format") {  // how text output writes tiles
      const auto n = i + 1 < argc ? mjk::notation_of_name(argv[i + 1]) : std::nullopt;
      if (!n) {
        std::fprintf(stderr, "mjk: --format takes mpsz, majiang, unicode, tenhou or suit-first (see mjk --help)\n");
        return 2;
      }
      text_notation = *n;
      ++i;
    } else if (arg == "--impl") {
      return list_implementations();
    } else if (arg.size() > 1 && arg[0] == '-' && arg[1] == '-') {
      std::fprintf(stderr, "mjk: unknown option '%s' (see mjk --help)\n", argv[i]);
      return 2;
    } else {
      hands.emplace_back(arg);
    }
  }

  if (score_only && json) {
    std::fputs("mjk: mjk score prints text; mjk --json answers with the \"score\" object\n", stderr);
    return 2;
  }
  if (!json) {
    if (hands.empty()) {
      if (score_only) std::fputs("usage: mjk score HAND [WIN] [win context options] (see mjk --help)\n", stderr);
      else mjk::cli::print_short_help(stderr);
      return 2;
    }
    // Without --json the words form one hand, so `mjk 123m456p789s11z23s 1s` works unquoted.
    std::string text;
    for (const auto& h : hands) text += (text.empty() ? "" : " ") + h;
    // Asked to score a complete hand with no winning tile named: its last
    // written tile is the winning tile (as majiang-core reads it), and the output says so.
    std::string note;
    if (score_only || settings.context_given) {
      std::string with_win(text.size() + 4, '\0');
      if (const std::size_t n = mjk::last_tile_as_win(text, with_win); n && n <= with_win.size()) {
        text = with_win.substr(0, n);
        std::string tile = text.substr(text.rfind(' ') + 1);  // "8s", "0p"; the suit-first form's "s8" said as "8s"
        if (tile.size() == 2 && (tile[0] < '0' || tile[0] > '9')) std::swap(tile[0], tile[1]);
        note = "winning tile " + tile + " (the last tile)";
      }
    }
    const auto r = analyse(text, settings);
    if (!r.ok()) {
      std::fprintf(stderr, "mjk: %s: %s\n", text.c_str(), r.error.message().c_str());
      return finish_output(1);
    }
    if (score_only) {
      const mjk::ParsedRequest& q = r.value.request;
      if (waiting_hand(r.value)) return finish_output(score_each_winning_tile(r.value, settings, text));
      if (!q.scored()) {
        std::fprintf(stderr, "mjk: %s: nothing to score: %s\n", text.c_str(),
                     q.has_win || r.value.input.hand.tiles % 3 == 1
                         ? "with fewer than 14 tiles write the melds as meld words (chi:234m ...)"
                         : "name the winning tile after a space (\"123m456p789s11z23s 1s\") or give all 14 tiles");
        return finish_output(1);
      }
      mjk::cli::print_score_first(r.value, note);
      return finish_output(0);
    }
    mjk::cli::print_readable(r.value, note, text_notation);
    // A tenpai hand given a win's context: what each winning tile pays.
    if (settings.context_given && waiting_hand(r.value) && r.value.shanten.best == 0) {
      std::array<mjk::Result<mjk::Score>, mjk::kind_count> each;
      const mjk::HandError e = score_each_win_of(r.value, settings, each);
      mjk::cli::print_wins(r.value, each, e, text_notation);
    }
    return finish_output(0);
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
  auto answer = [&](std::string_view text) {
    bool rejected = false;
    const std::string_view line = json_line(text, settings, buffer, rejected);
    std::fwrite(line.data(), 1, line.size(), stdout);
    any_error = any_error || rejected;
  };
  if (!hands.empty()) {
    for (const auto& h : hands) answer(h);
  } else {
    char* line = nullptr;
    std::size_t capacity = 0;
    for (ssize_t n; (n = ::getline(&line, &capacity, stdin)) >= 0;) {
      std::string_view text(line, static_cast<std::size_t>(n));
      if (!text.empty() && text.back() == '\n') text.remove_suffix(1);
      if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
      answer(text);
    }
    std::free(line);
    if (std::ferror(stdin)) {
      std::fprintf(stderr, "mjk: error reading standard input: %s\n", std::strerror(errno));
      finish_output(1);
      return 1;
    }
  }
  return finish_output(any_error ? 1 : 0);
}
