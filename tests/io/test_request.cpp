// Requests as input lines: the meld notation, the JSON request reader, the
// request's checks, and the tiles they take out of the wall.
#include <doctest/doctest.h>

#include <string>

#include "mjk/report.hpp"
#include "mjk/request.hpp"
#include "mjk/request_schema.hpp"

using namespace mjk;

namespace {

// The error a line gets from the parser or the request's checks ("" if none).
std::string error_of(std::string_view line, const ScoreRequest& context = {}) {
  const auto p = parse_request(line, context);
  if (!p.ok()) return p.error.message();
  if (const HandError e = check_request(p.value)) return e.message();
  return "";
}

Parsed<ParsedRequest> ok(std::string_view line) {
  auto p = parse_request(line);
  INFO(line);
  REQUIRE_MESSAGE(p.ok(), p.error.message());
  const HandError e = check_request(p.value);
  REQUIRE_MESSAGE(!e, e.message());
  return p;
}

std::string text_of(const ParsedRequest& r) {
  char buf[max_request_text];
  const std::size_t n = write_request_text(r, buf);
  REQUIRE(n <= sizeof buf);
  return std::string(buf, n);
}

std::string meld_word(const Meld& m) {
  char buf[32];
  const std::size_t n = write_meld(m, buf);
  REQUIRE(n <= sizeof buf);
  return std::string(buf, n);
}

}  // namespace

TEST_CASE("meld words: every type, red fives, sources, and the canonical word parses back") {
  struct Case {
    const char* word;
    MeldType type;
    int tile;
    int red;
    Relative from;
    const char* canonical;
  };
  const Case cases[] = {
      {"chi:234m", MeldType::chi, 1, 0, Relative::kamicha, "chi:234m"},
      {"chi:243m@kamicha", MeldType::chi, 1, 0, Relative::kamicha, "chi:234m"},
      {"chi:406p", MeldType::chi, 12, 1, Relative::kamicha, "chi:406p"},
      {"pon:555z@toimen", MeldType::pon, 31, 0, Relative::toimen, "pon:555z@toimen"},
      {"pon:505s@shimocha", MeldType::pon, 22, 1, Relative::shimocha, "pon:055s@shimocha"},
      {"minkan:5555p@shimocha", MeldType::minkan, 13, 0, Relative::shimocha, "minkan:5555p@shimocha"},
      {"ankan:9999s", MeldType::ankan, 26, 0, Relative::self, "ankan:9999s"},
      {"kakan:5505p@kamicha", MeldType::kakan, 13, 1, Relative::kamicha, "kakan:0555p"},
      {"kakan:1z1z1z1z", MeldType::kakan, 27, 0, Relative::kamicha, "kakan:1111z"},
  };
  for (const Case& c : cases) {
    INFO(c.word);
    Meld m;
    const HandError e = parse_meld(c.word, 0, m);
    REQUIRE_MESSAGE(!e, e.message());
    CHECK(m.type == c.type);
    CHECK(m.tile.kind() == c.tile);
    CHECK(m.red == c.red);
    CHECK(m.from == c.from);
    CHECK(meld_word(m) == c.canonical);
    Meld back;
    REQUIRE(!parse_meld(meld_word(m), 0, back));
    CHECK(back == m);
  }
}

TEST_CASE("meld words: each malformed meld names what is wrong and where") {
  const std::pair<const char*, const char*> cases[] = {
      {"123m chi:235m 5m",
       "a meld's tiles do not make its type at position 9: a chi is three tiles in a row of one suit"},
      {"123m chi:123z 5m", "at position 9: a chi is three tiles in a row of one suit"},
      {"123m chi:89m1p 5m", "at position 9: a chi is three tiles in a row of one suit"},
      {"123m chi:2345m 5m", "at position 12: a chi is three tiles in a row of one suit"},
      {"123m pon:556m 5m", "at position 9: a pon is three equal tiles"},
      {"123m minkan:555m 5m", "at position 12: a kan is four equal tiles"},
      {"123m ankan:55555m 5m", "at position 15: a kan is four equal tiles"},
      {"123m pon:000m 5m", "a second red five (0m) at position 10"},
      {"123m pon:555x 5m", "unknown character at position 12"},
      {"123m pon:555 5m", "digits with no suit letter (m, p, s or z) after them at position 9"},
      {"123m pon:888z 5m", "no such honour at position 9"},
      {"123m kan:5555m 5m", "at position 5: a meld is TYPE:TILES[@FROM] with TYPE chi, pon, minkan, ankan or kakan"},
      {"123m pon:555z@across 5m", "a meld called from a seat it cannot come from at position 14: FROM is kamicha"},
      {"123m ankan:5555z@toimen 5m", "at position 17: an ankan is not called from anyone"},
      {"123m chi:234p@toimen 5m", "at position 14: a chi is called from kamicha only"},
      {"chi:234p 123m 5m", "at position 0: the concealed tiles come first"},
      {"5m pon:111z pon:222z pon:333z pon:444z pon:555z 5m", "at position 39: a hand has at most four melds"},
      {"1234567m chi:234p 5m pon:111z", "at position 21: melds go before the winning tile"},
      {"1234567m chi:234p 5m 6m", "at position 21: nothing follows the winning tile"},
      {"1234567m chi:234p 55m", "at position 18: after the melds comes one winning tile"},
  };
  for (const auto& c : cases) {
    const std::string line(c.first);
    const char* want = c.second;
    INFO(line);
    const std::string got = error_of(line);
    CHECK_MESSAGE(got.find(want) != std::string::npos, got);
  }
}

TEST_CASE("too many or too few tiles for the melds") {
  CHECK(error_of("1234567m123s chi:234p 5m").empty());
  CHECK(error_of("1234567m1234s chi:234p 5m") ==
        "the concealed tiles do not fit the melds (3k+2 tiles with 4-k melds) at position 0: with 1 meld the hand "
        "holds 10 tiles before the winning tile (11 with it)");
  CHECK(error_of("123456m chi:234p 5m").find("with 1 meld the hand holds 10 tiles") != std::string::npos);
  CHECK(error_of("123456789m1p chi:234p").empty());  // no winning tile: 10 or 11 tiles
  CHECK(error_of("123456789m12p chi:234p").empty());
  CHECK(error_of("123456789m chi:234p").find("with 1 meld") != std::string::npos);
  CHECK(error_of(R"({"hand": "123456789m12p", "melds": [{"type": "pon", "tiles": "111z"}], "win": "1p"})")
            .find("at position 9: with 1 meld the hand holds 10 tiles") != std::string::npos);
  CHECK(
      error_of(R"({"hand": "1234m", "melds": [{"type": "pon", "tiles": "111z"}], "win": "1p"})").find("with 1 meld") !=
      std::string::npos);
}

TEST_CASE("the notation round-trips: the printer's line parses back to the same request") {
  const char* lines[] = {
      "678m345p67s55s chi:234m 8s",
      "12m55z pon:111z@toimen ankan:9999s kakan:0555p@shimocha 3m",
      "5z pon:111z pon:222z@shimocha minkan:3333z@toimen ankan:4444z 5z",
      "1112345678999m 0m",  // no meld word: the old form, a red winning tile
      "1112345678999m",
      "1234055m chi:406p pon:999s",
  };
  for (const char* line : lines) {
    INFO(std::string(line));
    const auto p = ok(line);
    const std::string printed = text_of(p.value);
    const auto back = ok(printed);
    CHECK(text_of(back.value) == printed);
    CHECK(back.value.request.hand == p.value.request.hand);
    CHECK(back.value.request.hand.red_fives == p.value.request.hand.red_fives);
    CHECK(back.value.request.meld_count == p.value.request.meld_count);
    CHECK(back.value.request.melds == p.value.request.melds);
    CHECK(back.value.request.win == p.value.request.win);
    CHECK(back.value.request.win_red == p.value.request.win_red);
    CHECK(back.value.has_win == p.value.has_win);
  }
  CHECK(text_of(ok("678m345p67s55s chi:243m@kamicha 8s").value) == "678m345p5567s chi:234m 8s");
}

TEST_CASE("a line's hand includes the winning tile, and a short line without meld words is not scored") {
  const auto p = ok("678m345p67s55s chi:234m 8s");
  CHECK(p.value.request.hand.tiles == 11);
  CHECK(p.value.request.hand.count(Tile(25)) == 1);  // 8s
  CHECK(p.value.scored());
  CHECK(ok("1112345678999m 5m").value.scored());
  CHECK_FALSE(ok("1112345678m 5m").value.scored());  // calls implied by the count: unknown, not scored
  CHECK_FALSE(ok("1112345678999m").value.scored());  // no winning tile
}

TEST_CASE("the JSON request: every field") {
  const auto p = ok(R"({"hand": "23m55z456p", "melds": [{"type": "pon", "tiles": "111z", "from": "toimen"},
      {"type": "ankan", "tiles": "9999s"}], "win": "0p", "tsumo": true, "from": "shimocha", "seat": "2z",
      "round": "2z", "riichi": 0, "ippatsu": false, "rinshan": true, "chankan": false, "haitei": false,
      "tenhou": false, "dora": "9p1z", "ura": "", "nuki": 0, "honba": 3, "sticks": 2, "players": 4,
      "visible": "19m", "rules": {"open_tanyao": false, "kiriage": true, "kazoe_yakuman": false,
      "double_yakuman": false, "yakuman_stacking": false, "double_wind_pair_fu": 2, "pao": false,
      "renhou": "mangan", "sanma_tsumo_loss": false}})");
  const ScoreRequest& q = p.value.request;
  CHECK(q.hand.tiles == 8);
  CHECK(q.hand.count(Tile(13)) == 2);  // the winning red 5p joins the hand
  CHECK(q.win == Tile(13));
  CHECK(q.win_red);
  CHECK(q.meld_count == 2);
  CHECK(q.melds[0] == Meld{MeldType::pon, Tile(27), 0, Relative::toimen});
  CHECK(q.melds[1] == Meld{MeldType::ankan, Tile(26), 0, Relative::self});
  CHECK(q.tsumo);
  CHECK(q.from == Relative::shimocha);
  CHECK(q.seat == 1);
  CHECK(q.round == 1);
  CHECK(q.rinshan);
  CHECK(q.dora_count == 2);
  CHECK(q.dora[0] == Tile(17));
  CHECK(q.dora[1] == Tile(27));
  CHECK(q.ura_count == 0);
  CHECK(q.honba == 3);
  CHECK(q.sticks == 2);
  CHECK(p.value.any_visible);
  CHECK(p.value.visible[0] == 1);
  CHECK(p.value.visible[8] == 1);
  CHECK(q.rules == ScoreRules{false, true, false, false, false, 2, false, RenhouRule::mangan, false});
  CHECK(q.hand.red_fives[1] == 1);
  CHECK(text_of(p.value) == "23m456p55z pon:111z@toimen ankan:9999s 0p");
}

TEST_CASE("the JSON request: defaults, null, escapes, visible as 34 counts") {
  ScoreRequest context;
  context.tsumo = true;
  context.seat = 2;
  const auto p = parse_request(R"(  {"hand":"1112345678999m","win":"\u0035m","seat":null}  )", context);
  REQUIRE_MESSAGE(p.ok(), p.error.message());
  CHECK(p.value.request.tsumo);      // the caller's default
  CHECK(p.value.request.seat == 2);  // null keeps it
  CHECK(p.value.request.win == Tile(4));
  CHECK(p.value.request.players == Players::four);
  const auto v = ok(
      R"({"hand":"1112345678999m","visible":[0,1,0,0,0,0,0,0,0, 0,0,0,0,0,0,0,0,0, 0,0,0,0,0,0,0,0,0, 0,0,0,0,0,0,4]})");
  CHECK(v.value.visible[1] == 1);
  CHECK(v.value.visible[33] == 4);
}

TEST_CASE("the JSON request: every malformed request is an error naming what and where") {
  const std::pair<const char*, const char*> cases[] = {
      {"{", "malformed request at position 1: not JSON: expected a field name in quotes"},
      {"{}", "malformed request at position 1: the field hand is required"},
      {R"({"hand": "123m")", "at position 15: not JSON: expected ',' or '}' after a field"},
      {R"({"hand": "123m"} x)", "at position 17: not JSON: characters after the request object"},
      {R"({"hand": "123m)", "at position 9: not JSON: a string is not closed"},
      {R"({"hand": "123m}")", "unknown character at position 14"},
      {R"({"hand": 123m})", "at position 9: hand must be an mpsz string"},
      {R"({"hand" "123m"})", "at position 8: not JSON: expected ':' after a field name"},
      {R"({hand: "123m"})", "at position 1: not JSON: expected a field name in quotes"},
      {R"({"hand": "1\x"})", "at position 11: not JSON: a bad escape"},
      {R"({"hand": "\ud800"})", "at position 10: not JSON: a lone surrogate"},
      {"{\"hand\": \"1\x01\"}", "at position 11: not JSON: a control character in a string"},
      {"{\"hand\": \"1\xff\"}", "at position 11: not JSON: a string is not UTF-8"},
      {R"({"hand": "1112345678999m", "tsumo": 2})", "at position 36: tsumo must be true or false"},
      {R"({"hand": "1112345678999m", "tsumo": tru})", "at position 36: not JSON: expected a value"},
      {R"({"hand": "1112345678999m", "riichi": 3})", "at position 37: riichi must be 0, 1 or 2"},
      {R"({"hand": "1112345678999m", "riichi": 1.0})", "at position 37: riichi must be 0, 1 or 2"},
      {R"({"hand": "1112345678999m", "riichi": 01})", "at position 38: not JSON: expected ',' or '}'"},
      {R"({"hand": "1112345678999m", "honba": -1})", "at position 36: honba must be an integer 0 to 65535"},
      {R"({"hand": "1112345678999m", "honba": 1.5})", "at position 36: honba must be an integer 0 to 65535"},
      {R"({"hand": "1112345678999m", "sticks": 2e0})", "at position 37: sticks must be an integer 0 to 65535"},
      {R"({"hand": "1112345678999m", "players": 5})", "at position 38: players must be 3 or 4"},
      {R"({"hand": "1112345678999m", "seat": "5z"})",
       "seat or round wind out of range, or a ron from oneself at position 35"},
      {R"({"hand": "1112345678999m", "from": "left"})", "at position 35: from must be"},
      {R"({"hand": "1112345678999m", "win": "55m"})", "at position 34: win must be one tile"},
      {R"({"hand": "1112345678999m 5m"})", "at position 9: hand holds the concealed tiles without the winning tile"},
      {R"({"hand": "1112345678999m", "hand": "1m"})", "at position 27: a field given twice"},
      {R"({"hand": "1112345678999m", "yaku": []})", "at position 27: unknown field"},
      {R"({"hand": "1112345678999m", "rules": {"kiryage": true}})", "at position 37: unknown rule key"},
      {R"({"hand": "1112345678999m", "rules": {"kiriage": "yes"}})",
       "at position 48: rule kiriage must be true or false"},
      {R"({"hand": "1112345678999m", "rules": {"double_wind_pair_fu": 3}})", "rule double_wind_pair_fu must be 2 or 4"},
      {R"({"hand": "1112345678999m", "rules": {"renhou": "double"}})",
       "rule renhou must be \"none\", \"mangan\" or \"yakuman\""},
      {R"({"hand": "1112345678999m", "rules": []})", "rules must be an object"},
      {R"({"hand": "1112345678999m", "dora": "123456m"})", "more than five dora or ura indicators at position 41"},
      {R"({"hand": "1112345678999m", "dora": 5})", "dora must be an mpsz string"},
      {R"({"hand": "1112345678999m", "visible": [1, 2]})", "visible must be an mpsz string or an array of 34 counts"},
      {R"({"hand": "1112345678999m", "visible": "55555z"})", "in visible"},
      {R"({"hand": "1112345678999m", "melds": {}})", "melds must be an array of meld objects"},
      {R"({"hand": "1112345678m", "melds": [{"type": "pon"}]})", "a meld needs type and tiles"},
      {R"({"hand": "1112345678m", "melds": [{"type": "pong", "tiles": "111z"}]})", "a meld's type is"},
      {R"({"hand": "1112345678m", "melds": [{"type": "pon", "tiles": "112z"}]})",
       "at position 60: a pon is three equal tiles"},
      {R"({"hand": "1112345678m", "melds": [{"type": "pon", "tiles": "111z", "by": 1}]})", "unknown field of a meld"},
      {R"({"hand": "1112345678m", "melds": [{"type": "ankan", "tiles": "1111z", "from": "toimen"}]})",
       "an ankan is not called from anyone"},
      {R"({"hand": "1112345678m", "melds": [{"type": "chi", "tiles": "123p", "from": "toimen"}]})",
       "a chi is called from kamicha only"},
      {R"({"hand": "1m", "melds": [{"type":"pon","tiles":"111z"},{"type":"pon","tiles":"222z"},{"type":"pon","tiles":"333z"},{"type":"pon","tiles":"444z"},{"type":"pon","tiles":"555z"}]})",
       "a hand has at most four melds"},
      {"  123m x", "unknown character at position 7"},
  };
  for (const auto& c : cases) {
    const std::string line(c.first);
    const char* want = c.second;
    INFO(line);
    const std::string got = error_of(line);
    CHECK_MESSAGE(got.find(want) != std::string::npos, got);
  }
  std::string huge = R"({"hand": ")" + std::string(max_request_bytes, '1') + "\"}";
  CHECK(error_of(huge).find("a request longer than 65536 bytes") != std::string::npos);
  std::string long_string = R"({"hand": ")" + std::string(600, '1') + "m\"}";
  CHECK(error_of(long_string).find("at position 9: a string longer than 512 bytes") != std::string::npos);
}

TEST_CASE("contradictory context, three players, fifth copies: each its own error") {
  const std::string open = R"({"hand": "678m345p67s55s", "melds": [{"type": "chi", "tiles": "234m"}], "win": "8s")";
  const std::string closed = R"({"hand": "123678m345p67s55s", "win": "8s")";
  const std::string kan = R"({"hand": "234m567p34s22p", "melds": [{"type": "ankan", "tiles": "9999s"}], "win": "5s")";
  const std::pair<std::string, const char*> cases[] = {
      {open + R"(, "riichi": 1})", "riichi on an open hand"},
      {closed + R"(, "ippatsu": true})", "ippatsu without riichi"},
      {closed + R"(, "tsumo": true, "rinshan": true})", "rinshan without a kan"},
      {kan + R"(, "rinshan": true})", "rinshan on a ron"},
      {closed + R"(, "tsumo": true, "chankan": true})", "chankan on a tsumo"},
      {kan + R"(, "tsumo": true, "rinshan": true, "haitei": true})", "haitei with rinshan"},
      {open + R"(, "tenhou": true})", "tenhou, chiihou or renhou with a call made"},
      {closed + R"(, "tenhou": true, "rules": {"renhou": "yakuman"}})", "renhou (tenhou on a ron) for the dealer"},
      {closed + R"(, "seat": "1z", "tenhou": true})", "renhou (tenhou on a ron) for the dealer"},
      {R"({"hand": "19m19p19s1234567z", "win": "1m", "players": 3, "seat": "4z"})", "seat or round wind out of range"},
      {R"({"hand": "19m19p19s1234567z", "win": "1m", "players": 3, "from": "toimen"})",
       "seat or round wind out of range"},
      {R"({"hand": "19m19p19s1234567z", "win": "1m", "nuki": 1})", "nuki with four players"},
      {R"({"hand": "19m19p19s1234567z", "win": "1m", "players": 3, "nuki": 4})", "fifth copy of a tile (4z)"},
      {R"({"hand": "19m11p19s1234567z", "win": "1m", "players": 3, "dora": "2m"})",
       "2m does not exist with three players"},
      {R"({"hand": "123m456p789s1122z", "win": "1z", "players": 3})", "2m does not exist with three players"},
      {R"({"hand": "19m456p789s11z", "melds": [{"type": "pon", "tiles": "222m"}], "win": "1z", "players": 3})",
       "2m does not exist with three players"},
      {R"({"hand": "11m456p789s11z", "melds": [{"type": "chi", "tiles": "123p"}], "win": "1z", "players": 3})",
       "no chi with three players at position 37: meld 1"},
      {R"({"hand": "11m456p789s11z", "melds": [{"type": "pon", "tiles": "999p", "from": "toimen"}], "win": "1z", "players": 3})",
       "a meld called from a seat it cannot come from at position 37: meld 1"},
      {R"({"hand": "1111234567899m", "win": "1m"})", "fifth copy of 1m at position 34"},
      {R"({"hand": "1112345678999m", "win": "5m", "dora": "1m1m"})", "fifth copy of a tile (1m): counting the hand"},
      {R"({"hand": "1112345678999m", "win": "5m", "ura": "9m11m"})", "fifth copy of a tile (1m)"},
      {R"({"hand": "1112345678m", "melds": [{"type": "pon", "tiles": "888m"}], "win": "8m"})",
       "fifth copy of a tile (8m)"},
      {R"({"hand": "1112345678m", "melds": [{"type": "minkan", "tiles": "9999m"}], "win": "5m", "visible": "11m"})",
       "more than four copies of 1m in the hand and the visible tiles"},
      {R"({"hand": "1112345678m", "melds": [{"type": "chi", "tiles": "789m"}], "visible": "9m"})",
       ""},  // no winning tile: 9m once in the chi, once visible
      {R"({"hand": "1112345678m", "melds": [{"type": "pon", "tiles": "111p"}], "visible": "11m"})",
       "more than four copies of 1m"},
      {R"({"hand": "1112345678m", "melds": [{"type": "pon", "tiles": "111m"}]})", "fifth copy of a tile (1m)"},
      {R"({"hand": "1112345678m", "melds": [{"type": "pon", "tiles": "505m"}, {"type": "chi", "tiles": "406p"}],)"
       R"( "win": "0m"})",
       "with 2 melds"},
      {R"({"hand": "1112340m", "melds": [{"type": "pon", "tiles": "505m"}, {"type": "chi", "tiles": "406p"}]})",
       "a second red five (0m)"},
  };
  for (const auto& c : cases) {
    const std::string line(c.first);
    const char* want = c.second;
    INFO(line);
    const std::string got = error_of(line);
    if (*want == '\0') CHECK_MESSAGE(got.empty(), got);
    else CHECK_MESSAGE(got.find(want) != std::string::npos, got);
  }
  // The same checks for the command line's text, with its context.
  ScoreRequest riichi;
  riichi.riichi = 1;
  CHECK(error_of("678m345p67s55s chi:234m 8s", riichi) == "riichi on an open hand");
  ScoreRequest three;
  three.players = Players::three;
  CHECK(error_of("11m456p789s11z chi:123p 1z", three) == "no chi with three players at position 15: meld 1");
  CHECK(error_of("11m456p789s11z pon:999p@toimen 1z", three).find("cannot come from") != std::string::npos);
  CHECK(error_of("19m456p789s11z pon:222m 1z", three) == "2m does not exist with three players (2m-8m are removed)");
}

TEST_CASE("set_rule: the command line's --rule") {
  ScoreRules rules;
  CHECK(!set_rule(rules, "kiriage", "true"));
  CHECK(rules.kiriage);
  CHECK(!set_rule(rules, "double_wind_pair_fu", "2"));
  CHECK(rules.double_wind_pair_fu == 2);
  CHECK(!set_rule(rules, "renhou", "yakuman"));
  CHECK(rules.renhou == RenhouRule::yakuman);
  CHECK(set_rule(rules, "kiriage", "1").message() == "malformed request: rule kiriage must be true or false");
  CHECK(set_rule(rules, "kiryage", "true").message().starts_with("malformed request: unknown rule key"));
  CHECK(set_rule(rules, "double_wind_pair_fu", "3"));
}

TEST_CASE("tiles in melds, dora indicators and north tiles are not in the wall") {
  const auto ukeire = [](std::string_view line) {
    const auto r = analyse(line);
    INFO(std::string(line));
    REQUIRE_MESSAGE(r.ok(), r.error.message());
    return static_cast<int>(r.value.necessary.ukeire);
  };
  CHECK(ukeire("1112345678999m") == 23);
  CHECK(ukeire(R"({"hand": "1112345678999m"})") == 23);
  CHECK(ukeire(R"({"hand": "1112345678999m", "dora": "1m"})") == 22);
  CHECK(ukeire(R"({"hand": "1112345678999m", "ura": "1m"})") == 23);  // not shown during play
  CHECK(ukeire(R"({"hand": "1112345678999m", "visible": "5m"})") == 22);
  // 23m waits on 1m and 4m: 8 copies; a pon of 1m leaves one 1m, a chi 123m three.
  CHECK(ukeire("23m456p11z") == 8);
  CHECK(ukeire("23m456p11z pon:111m pon:999p") == 5);
  CHECK(ukeire("23m456p11z chi:123m pon:999p") == 7);
  CHECK(
      ukeire(R"({"hand": "23m456p11z", "melds": [{"type": "chi", "tiles": "123p"}, {"type": "pon", "tiles": "555z"}],)"
             R"( "dora": "4m"})") == 7);
  CHECK(ukeire(R"({"hand": "19m19p19s1234567z", "players": 3, "nuki": 2})") ==
        ukeire(R"({"hand": "19m19p19s1234567z", "players": 3})") - 2);
}

TEST_CASE("JSON requests accept every spelling the schema declares") {
  const auto parsed = [](std::string_view fields) {
    const auto p =
        parse_request_json(std::string("{\"hand\":\"123678m345p67s55s\",\"win\":\"8s\",") + std::string(fields) + "}");
    REQUIRE_MESSAGE(p.ok(), p.error.message());
    return p.value.request;
  };
  CHECK(parsed("\"seat\":\"east\"").seat == 0);
  CHECK(parsed("\"seat\":\"S\"").seat == 1);
  CHECK(parsed("\"round\":\"West\"").round == 2);
  CHECK(parsed("\"seat\":\"4z\"").seat == 3);
  CHECK(parsed("\"riichi\":true").riichi == 1);
  CHECK(parsed("\"riichi\":false").riichi == 0);
  CHECK(parsed("\"riichi\":\"double\"").riichi == 2);
  CHECK(parsed("\"tsumo\":1").tsumo);
  CHECK(!parsed("\"tsumo\":0").tsumo);
  CHECK(error_of("{\"hand\":\"123678m345p67s55s\",\"win\":\"8s\",\"seat\":\"up\"}").find("seat must be a wind") !=
        std::string::npos);
  CHECK(error_of("{\"hand\":\"123678m345p67s55s\",\"tsumo\":2}").find("tsumo must be true or false") !=
        std::string::npos);
  CHECK(error_of("{\"hand\":\"123678m345p67s55s\",\"riichi\":3}").find("riichi must be 0, 1 or 2") !=
        std::string::npos);
  CHECK(error_of("{\"hand\":\"123678m345p67s55s\",\"nuki\":5}").find("nuki must be an integer 0 to 4") !=
        std::string::npos);
}

TEST_CASE("the schema's table: every field once, winds in every spelling") {
  for (std::size_t i = 0; i < request_fields.size(); ++i)
    for (std::size_t j = i + 1; j < request_fields.size(); ++j) CHECK(request_fields[i].name != request_fields[j].name);
  CHECK(request_field("seat") != nullptr);
  CHECK(request_field("up") == nullptr);
  CHECK(parse_wind("1z") == 0);
  CHECK(parse_wind("north") == 3);
  CHECK(parse_wind("N") == 3);
  CHECK(parse_wind("5z") == -1);
  CHECK(parse_wind("") == -1);
  const std::string schema = request_json_schema();
  for (const RequestField& f : request_fields)
    CHECK(schema.find("\"" + std::string(f.name) + "\": {") != std::string::npos);
}
