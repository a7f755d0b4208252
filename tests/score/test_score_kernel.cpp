// The kernel's scorer: every case of SCORING.md §5, then every yaku, limit
// and payment rule, errors in batches, and invariants over every closed
// one-suit win.
#include <doctest/doctest.h>

#include <array>
#include <random>
#include <string>
#include <vector>

#include "mjk/analysis.hpp"
#include "mjk/score.hpp"
#include "support/count_vectors.hpp"
#include "support/score_requests.hpp"
#include "mjk/ref.hpp"

using namespace mjk;
using namespace mjk::test;

namespace {

Score scored(const ScoreRequest& r) {
  const auto s = score(r);
  INFO("error ", static_cast<int>(s.error));
  REQUIRE(s.ok());
  // The batch answers the same.
  std::array<Result<Score>, 1> out;
  REQUIRE(score(std::span<const ScoreRequest>(&r, 1), out) == Error::none);
  CHECK(out[0].ok());
  CHECK(out[0].value == s.value);
  return s.value;
}

std::string names(const Score& s) {
  std::string out;
  for (int y = 0; y < yaku_count; ++y)
    if (s.has(static_cast<Yaku>(y))) out += (out.empty() ? "" : " ") + std::string(yaku_name(static_cast<Yaku>(y)));
  return out;
}

std::array<std::int32_t, 4> pays(std::int32_t e, std::int32_t s, std::int32_t w, std::int32_t n) {
  return {e, s, w, n};
}

}  // namespace

TEST_CASE("SCORING.md §5: pinfu tsumo is 20 fu") {
  const Score s = scored(request("123678m345p67s55s", "8s", true));
  CHECK(names(s) == "menzen_tsumo pinfu");
  CHECK(s.han == 2);
  CHECK(s.fu == 20);
  CHECK(s.points == 1500);
  CHECK(s.payments == pays(-700, 1500, -400, -400));
}

TEST_CASE("SCORING.md §5: an open pinfu shape scores 30 fu") {
  auto r = request("678m345p67s55s", "8s");
  meld(r, MeldType::chi, "234m");
  const Score s = scored(r);
  CHECK(names(s) == "tanyao");
  CHECK(s.han == 1);
  CHECK(s.fu == 30);
  CHECK(s.points == 1000);
  CHECK(s.payments == pays(-1000, 1000, 0, 0));  // kamicha of South is East
}

TEST_CASE("SCORING.md §5: chiitoitsu, and seven pairs with a quad") {
  const Score s = scored(request("1199m3377p2288s5z", "5z"));
  CHECK(names(s) == "chiitoitsu");
  CHECK(s.han == 2);
  CHECK(s.fu == 25);
  CHECK(s.points == 1600);
  CHECK(scored(request("1111m2233p4455s6z", "6z")) == Score{});  // not complete: nothing else counted
}

TEST_CASE("SCORING.md §5: closed kan fu") {
  auto r = request("234m567p34s22p", "5s");
  meld(r, MeldType::ankan, "9999s");
  r.riichi = 1;
  const Score s = scored(r);
  CHECK(names(s) == "riichi");
  CHECK(s.closed);
  CHECK(s.han == 1);
  CHECK(s.fu == 70);
  CHECK(s.points == 2300);
}

TEST_CASE("SCORING.md §5: two readings, the higher fu") {
  const Score s = scored(request("678s11m12345p666z", "3p", true));
  CHECK(names(s) == "menzen_tsumo hatsu dora");
  CHECK(s.han == 3);
  CHECK(s.fu == 40);
  CHECK(s.points == 2600 + 1300 + 1300);
  CHECK(s.payments == pays(-2600, 5200, -1300, -1300));
}

TEST_CASE("SCORING.md §5: a ron on a shanpon opens the triplet") {
  Score s = scored(request("111m222p789s33z55z", "5z"));
  CHECK(names(s) == "haku");
  CHECK(s.han == 1);
  CHECK(s.fu == 50);
  s = scored(request("111m222p789s33z55z", "5z", true));
  CHECK(names(s) == "menzen_tsumo haku sanankou");
  CHECK(s.han == 4);
  CHECK(s.fu == 50);
  CHECK(s.points == 8000);
}

TEST_CASE("SCORING.md §5: four triplets and a shanpon ron are not suuankou") {
  const Score s = scored(request("111m222p333s44z55z", "5z"));
  CHECK(names(s) == "haku toitoi sanankou");
  CHECK(s.yakuman == 0);
  CHECK(s.han == 5);
}

TEST_CASE("SCORING.md §5: suuankou tanki is double (single under Tenhou rules)") {
  auto r = request("111m222p333s444z5z", "5z");
  Score s = scored(r);
  CHECK(names(s) == "suuankou_tanki");
  CHECK(s.yakuman == 2);
  CHECK(s.han == 0);
  CHECK(s.fu == 0);
  CHECK(s.points == 64000);
  r.rules.double_yakuman = false;
  s = scored(r);
  CHECK(s.yakuman == 1);
  CHECK(s.points == 32000);
}

TEST_CASE("SCORING.md §5: junsei chuuren is double, chuuren single") {
  Score s = scored(request("1112345678999m", "5m", true));
  CHECK(names(s) == "junsei_chuuren");
  CHECK(s.yakuman == 2);
  s = scored(request("1122345678999m", "1m", true));
  CHECK(names(s) == "chuuren");
  CHECK(s.yakuman == 1);
}

TEST_CASE("SCORING.md §5: ryuuiisou without hatsu") {
  const Score s = scored(request("234234666888s4s", "4s", true));
  CHECK(names(s) == "ryuuiisou");
  CHECK(s.yakuman == 1);
}

TEST_CASE("SCORING.md §5: a double-wind pair is 4 fu (2 by rule)") {
  auto r = request("123m123p1z", "1z", true);
  meld(r, MeldType::chi, "123s");
  meld(r, MeldType::pon, "555z", Relative::toimen);
  r.seat = 0;
  Score s = scored(r);
  CHECK(names(s) == "haku chanta sanshoku dora");
  CHECK(s.han == 4);
  CHECK(s.fu == 40);
  r.rules.double_wind_pair_fu = 2;
  s = scored(r);
  CHECK(s.fu == 30);
}

TEST_CASE("SCORING.md §5: a double East triplet") {
  auto r = request("234m567p789s2s", "2s");
  meld(r, MeldType::pon, "111z", Relative::toimen);
  r.seat = 0;
  const Score s = scored(r);
  CHECK(names(s) == "seat_wind round_wind");
  CHECK(s.han == 2);
  CHECK(s.fu == 30);
  CHECK(s.points == 2900);
}

TEST_CASE("SCORING.md §5: kazoe yakuman, or sanbaiman") {
  auto r = request("1112345678899p", "7p", true);
  r.seat = 0;
  r.riichi = 1;
  r.ippatsu = true;
  indicators(r, "8p9p");
  Score s = scored(r);
  CHECK(s.han == 17);
  CHECK(s.yakuman == 0);
  CHECK(s.points == 48000);
  CHECK(s.payments == pays(48000, -16000, -16000, -16000));
  r.rules.kazoe_yakuman = false;
  s = scored(r);
  CHECK(s.han == 17);
  CHECK(s.points == 36000);
}

TEST_CASE("SCORING.md §5: kiriage") {
  auto r = request("234234m567p6788s", "8s");
  r.riichi = 1;
  Score s = scored(r);
  CHECK(names(s) == "riichi pinfu tanyao iipeikou");
  CHECK(s.han == 4);
  CHECK(s.fu == 30);
  CHECK(s.points == 7700);
  r.rules.kiriage = true;
  s = scored(r);
  CHECK(s.points == 8000);
}

TEST_CASE("SCORING.md §5: equal points, more han") {
  const Score s = scored(request("111222333m789p9p", "9p"));
  CHECK(names(s) == "pinfu iipeikou junchan");
  CHECK(s.han == 5);
  CHECK(s.fu == 30);
  CHECK(s.points == 8000);
}

TEST_CASE("SCORING.md §5: ryanpeikou over chiitoitsu") {
  auto r = request("223344m556677p8s", "8s");
  r.riichi = 1;
  const Score s = scored(r);
  CHECK(names(s) == "riichi tanyao ryanpeikou");
  CHECK(s.han == 5);
  CHECK(s.fu == 40);
}

TEST_CASE("SCORING.md §5: dora alone is no yaku") {
  auto r = request("789p456s78s11z", "9s");
  meld(r, MeldType::chi, "123m");
  indicators(r, "8p");
  const Score s = scored(r);
  CHECK(s.complete);
  CHECK(s.yaku == 0);
  CHECK(s.han == 0);
  CHECK(s.fu == 0);
  CHECK(s.points == 0);
  CHECK(s.dora == 1);  // counted, but it makes no yaku
  CHECK(s.payments == pays(0, 0, 0, 0));
}

TEST_CASE("SCORING.md §5: yakuman stack") {
  auto r = request("111z222z555z666z7z", "7z", true);
  Score s = scored(r);
  CHECK(names(s) == "suuankou_tanki tsuuiisou");
  CHECK(s.yakuman == 3);
  CHECK(s.points == 96000);
  r.rules.yakuman_stacking = false;
  s = scored(r);
  CHECK(names(s) == "suuankou_tanki tsuuiisou");
  CHECK(s.yakuman == 1);
  CHECK(s.points == 32000);
}

TEST_CASE("SCORING.md §5: honba and sticks") {
  auto r = request("123678m345p67s55s", "8s");
  r.seat = 0;
  r.honba = 2;
  r.sticks = 1;
  const Score s = scored(r);
  CHECK(s.points == 1500);
  CHECK(s.payments == pays(3100, 0, 0, -2100));
}

TEST_CASE("SCORING.md §5: a red five in a kan is one aka") {
  auto r = request("123m456s789s1z", "1z");
  meld(r, MeldType::ankan, "5550p");
  r.riichi = 1;
  const Score s = scored(r);
  CHECK(s.aka == 1);
  CHECK(s.has(Yaku::aka));
}

TEST_CASE("SCORING.md §5: three players, honba on a ron") {
  // SCORING.md's row says "3 han 40 fu non-dealer ron ... 7700 + 200"; 7700
  // is a dealer's 3 han 40 fu (a non-dealer's is 5200): both are checked.
  auto r = request("111p234p567s99s13s", "2s");
  r.players = Players::three;
  r.seat = 0;
  r.riichi = 1;
  r.ippatsu = true;
  indicators(r, "9s");  // 1s: one dora
  r.honba = 1;
  Score s = scored(r);
  CHECK(s.han == 3);
  CHECK(s.fu == 40);
  CHECK(s.points == 7700);
  CHECK(s.payments == pays(7900, 0, -7900, 0));
  r.seat = 1;  // non-dealer: kamicha is East
  s = scored(r);
  CHECK(s.points == 5200);
  CHECK(s.payments == pays(-5400, 5400, 0, 0));
}

TEST_CASE("SCORING.md §5: three players, a 1m indicator means 9m") {
  auto r = request("999m123p456p78s55s", "9s");
  r.players = Players::three;
  r.riichi = 1;
  indicators(r, "1m");
  const Score s = scored(r);
  CHECK(s.dora == 3);
}

TEST_CASE("a bad request gets its own error, and the others are answered") {
  std::vector<ScoreRequest> rs = {request("123678m345p67s55s", "8s", true), request("123678m345p67s55s", "8s"),
                                  request("123678m345p67s5s", "8s")};
  meld(rs[1], MeldType::chi, "234m");
  rs[1].hand = tiles("678m345p67s55s8s");
  rs[1].riichi = 1;  // riichi on an open hand
  std::vector<Result<Score>> out(rs.size());
  REQUIRE(score(rs, out) == Error::none);
  CHECK(out[0].ok());
  CHECK(out[0].value.points == 1500);
  CHECK(out[1].error == Error::riichi_on_open_hand);
  CHECK(out[2].error == Error::wrong_tile_count);
  std::vector<Result<Score>> small(2);
  CHECK(score(rs, small) == Error::output_too_small);
}

// ---- every yaku ----

namespace {

struct YakuCase {
  const char* hand;
  const char* win;
  bool tsumo;
  const char* want;  // the yaku listed, in Yaku order
  void (*setup)(ScoreRequest&) = nullptr;
};

void check_cases(const std::vector<YakuCase>& cases) {
  for (const auto& c : cases) {
    auto r = request(c.hand, c.win, c.tsumo);
    indicators(r, "");  // no dora: only the yaku
    if (c.setup) c.setup(r);
    const std::string what = std::string(c.hand) + " + " + c.win + (c.tsumo ? " tsumo" : " ron");
    INFO(what);
    REQUIRE(validate(r).code == Error::none);
    CHECK(names(scored(r)) == std::string(c.want));
  }
}

}  // namespace

TEST_CASE("every ordinary yaku") {
  check_cases({
      {"123456m234p6799s", "8s", false, "riichi pinfu", [](ScoreRequest& r) { r.riichi = 1; }},
      {"123456m234p6799s", "8s", false, "double_riichi pinfu", [](ScoreRequest& r) { r.riichi = 2; }},
      {"123456m234p6799s", "8s", false, "riichi ippatsu pinfu",
       [](ScoreRequest& r) { r.riichi = 1, r.ippatsu = true; }},
      {"123456m234p6799s", "8s", true, "menzen_tsumo pinfu"},
      {"234567m234p6788s", "8s", false, "pinfu tanyao"},
      {"234567m234p6788s", "8s", false, "",
       [](ScoreRequest& r) {
         meld(r, MeldType::chi, "234m");
         r.hand = tiles("567m234p67888s");
         r.rules.open_tanyao = false;
       }},
      {"112233m456p78s99s", "9s", false, "pinfu iipeikou"},
      {"112233m456p789s9s", "9s", true, "menzen_tsumo pinfu iipeikou haitei", [](ScoreRequest& r) { r.haitei = true; }},
      {"112233m456p789s9s", "9s", false, "pinfu iipeikou houtei", [](ScoreRequest& r) { r.haitei = true; }},
      {"123m456p789s1z", "1z", true, "rinshan",
       [](ScoreRequest& r) {
         meld(r, MeldType::minkan, "9999m", Relative::toimen);
         r.rinshan = true;
       }},
      {"123456m234p6799s", "8s", false, "pinfu chankan", [](ScoreRequest& r) { r.chankan = true; }},
      {"123m456p78s22s", "9s", false, "seat_wind",
       [](ScoreRequest& r) { meld(r, MeldType::pon, "222z", Relative::toimen); }},
      {"123m456p78s22s", "9s", false, "round_wind",
       [](ScoreRequest& r) { meld(r, MeldType::pon, "111z", Relative::toimen); }},
      {"123m456p78s22s", "9s", false, "haku",
       [](ScoreRequest& r) { meld(r, MeldType::pon, "555z", Relative::toimen); }},
      {"123m456p78s22s", "9s", false, "hatsu",
       [](ScoreRequest& r) { meld(r, MeldType::pon, "666z", Relative::toimen); }},
      {"123m456p78s22s", "9s", false, "chun",
       [](ScoreRequest& r) { meld(r, MeldType::pon, "777z", Relative::toimen); }},
      {"1155m3377p2288s1z", "1z", false, "chiitoitsu"},
      {"123m789p123s99s33z", "3z", false, "chanta"},
      {"123456789m23p55s", "4p", false, "pinfu ittsu"},
      {"123m123p12s55s789s", "3s", false, "sanshoku"},
      {"123m123p23s55s789s", "1s", false, "pinfu sanshoku"},
      {"222m222p22s345m99s", "2s", true, "menzen_tsumo sanshoku_doukou sanankou"},
      {"567p5s", "5s", false, "tanyao sankantsu",
       [](ScoreRequest& r) {
         meld(r, MeldType::minkan, "2222m", Relative::toimen);
         meld(r, MeldType::minkan, "3333p", Relative::toimen);
         meld(r, MeldType::minkan, "4444s", Relative::toimen);
       }},
      {"222m333p4s", "4s", false, "toitoi",
       [](ScoreRequest& r) {
         meld(r, MeldType::pon, "999s", Relative::toimen);
         meld(r, MeldType::pon, "444p", Relative::toimen);
       }},
      {"222m333p444s678s5s", "5s", false, "tanyao sanankou"},
      {"123m456p555z66z77z", "6z", false, "haku hatsu shousangen"},
      {"111m999p11z99s", "9s", false, "toitoi honroutou",
       [](ScoreRequest& r) { meld(r, MeldType::pon, "333z", Relative::toimen); }},
      {"223344m556677p8s", "8s", false, "tanyao ryanpeikou"},
      {"123m789m123p99s78s", "9s", false, "pinfu junchan"},
      {"123456m789m111z2z", "2z", false, "round_wind ittsu honitsu"},
      {"123m456m789m33z2z", "2z", true, "seat_wind ittsu honitsu",
       [](ScoreRequest& r) {
         meld(r, MeldType::chi, "123m");
         r.hand = tiles("456m789m222z33z");
       }},
      {"1123456789m456m", "1m", false, "pinfu iipeikou ittsu chinitsu"},
      {"123456m234p6799s", "8s", false, "pinfu renhou",
       [](ScoreRequest& r) { r.tenhou = true, r.rules.renhou = RenhouRule::mangan; }},
      {"123456m234p6799s", "8s", false, "pinfu", [](ScoreRequest& r) { r.tenhou = true; }},  // renhou rule "none"
  });
}

TEST_CASE("every yakuman") {
  check_cases({
      {"123456m234p6799s", "8s", true, "tenhou", [](ScoreRequest& r) { r.seat = 0, r.tenhou = true; }},
      {"123456m234p6799s", "8s", true, "chiihou", [](ScoreRequest& r) { r.tenhou = true; }},
      {"123456m234p6799s", "8s", false, "renhou",
       [](ScoreRequest& r) { r.tenhou = true, r.rules.renhou = RenhouRule::yakuman; }},
      {"119m19p19s123456z", "7z", false, "kokushi"},
      {"19m19p19s1234567z", "7z", false, "kokushi_13"},
      {"111m222p333s44z55z", "5z", true, "suuankou"},
      {"111m222p333s444z5z", "5z", false, "suuankou_tanki"},
      {"555z666z777z12m99s", "3m", false, "daisangen"},
      {"111z222z333z44z12m", "3m", false, "shousuushii"},
      {"111z222z333z44z55m", "4z", false, "daisuushii"},
      {"111z222z333z555z6z", "6z", false, "suuankou_tanki tsuuiisou"},
      {"22334466688s66z", "6z", false, "ryuuiisou"},
      {"111m999m111p99p11s", "1s", true, "suuankou chinroutou"},
      {"1112345678899p", "9p", false, "chuuren"},
      {"1112345678999s", "9s", false, "junsei_chuuren"},
      {"5s", "5s", false, "suukantsu",
       [](ScoreRequest& r) {
         meld(r, MeldType::minkan, "2222m", Relative::toimen);
         meld(r, MeldType::minkan, "3333p", Relative::toimen);
         meld(r, MeldType::minkan, "4444s", Relative::toimen);
         meld(r, MeldType::minkan, "6666s", Relative::toimen);
       }},
  });
}

TEST_CASE("dora kinds: dora, aka, ura (only with riichi), nuki") {
  auto r = request("123456m234p6799s", "8s");
  indicators(r, "1m", "2p");
  Score s = scored(r);
  CHECK(s.dora == 1);
  CHECK(s.ura == 0);  // no riichi
  r.riichi = 1;
  s = scored(r);
  CHECK(s.ura == 1);
  CHECK(names(s) == "riichi pinfu dora ura");
  CHECK(s.han == 4);
  // Red fives: concealed and the winning tile.
  r = request("123406m234p6799s", "8s");
  r.riichi = 1;
  s = scored(r);
  CHECK(s.aka == 1);
  // Three players: nuki, and north tiles set aside are dora when north is one.
  r = request("111m999m123p789s5s", "5s", true);
  r.players = Players::three;
  r.nuki = 2;
  indicators(r, "3z");
  s = scored(r);
  CHECK(s.nuki == 2);
  CHECK(s.dora == 2);
  CHECK(names(s) == "menzen_tsumo dora nuki");
  CHECK(s.han == 5);
}

TEST_CASE("han of a score equal the listed yaku's (list_yaku agrees with the scorer)") {
  for (const ScoreRequest& r : test::wins_like_play(7, 2000)) {
    const Score s = scored(r);
    if (!s.han) continue;
    std::array<YakuValue, yaku_count> list;
    const std::size_t n = list_yaku(s, r.rules, list);
    int han = 0;
    for (std::size_t i = 0; i < n; ++i) han += list[i].han;
    CHECK(han == s.han);
  }
}

// ---- limits ----

TEST_CASE("limits: mangan to sanbaiman, yakuman multiples") {
  // riichi pinfu ron (2 han 30 fu) and dora: each 8p indicator 2 (99p held), each 5p ura indicator 1 (6p held).
  const auto points = [](int eights, int fives, bool dealer = false) {
    auto r = request("123456m234s6799p", "8p");
    r.riichi = 1;
    indicators(r, "");
    for (int i = 0; i < eights; ++i) r.dora[r.dora_count++] = *parse_tile("8p");
    for (int i = 0; i < fives; ++i) r.ura[r.ura_count++] = *parse_tile("5p");
    r.seat = dealer ? 0 : 1;
    const Score s = scored(r);
    CHECK(s.han == 2 + 2 * eights + fives);
    return s.points;
  };
  CHECK(points(0, 0) == 2000);
  CHECK(points(1, 0) == 7700);   // 4 han 30 fu
  CHECK(points(1, 1) == 8000);   // 5 han: mangan
  CHECK(points(2, 0) == 12000);  // 6 han: haneman
  CHECK(points(2, 1) == 12000);  // 7 han
  CHECK(points(3, 0) == 16000);  // 8 han: baiman
  CHECK(points(3, 2) == 16000);  // 10 han
  CHECK(points(3, 3) == 24000);  // 11 han: sanbaiman
  CHECK(points(3, 4) == 24000);  // 12 han
  CHECK(points(3, 4, true) == 36000);
  // 4 han 40 fu is mangan (base 2560 capped at 2000).
  auto r = request("123456m11p789s55z", "5z");
  r.riichi = 1;
  indicators(r, "9p");  // 11p: 2 dora
  const Score s = scored(r);
  CHECK(s.han == 4);
  CHECK(s.fu == 40);
  CHECK(s.points == 8000);
}

// ---- payments ----

TEST_CASE("payments: tsumo shares, honba, sticks, three players with and without tsumo loss") {
  auto r = request("123456m234p6799s", "8s", true);  // tsumo pinfu: 2 han 20 fu
  indicators(r, "");
  r.honba = 1;
  r.sticks = 2;
  Score s = scored(r);
  CHECK(s.points == 1500);
  CHECK(s.payments == pays(-800, 3800, -500, -500));
  r.seat = 0;  // dealer: 700 all
  s = scored(r);
  CHECK(s.points == 2100);
  CHECK(s.payments == pays(4400, -800, -800, -800));
  // Three players: the North share is lost, or split between the two payers.
  r = request("111m999m123p789s5s", "5s", true);  // menzen tsumo + dora (none): 1 han 40 fu
  r.players = Players::three;
  indicators(r, "");
  r.riichi = 1;
  s = scored(r);  // riichi tsumo 2 han 40 fu: 1300 / 700 (non-dealer)
  CHECK(s.han == 2);
  CHECK(s.fu == 40);
  CHECK(s.payments == pays(-1300, 2000, -700, 0));
  r.honba = 1;
  s = scored(r);
  CHECK(s.payments == pays(-1400, 2200, -800, 0));
  r.honba = 0;
  r.rules.sanma_tsumo_loss = false;  // North's 640 split: 1280 + 320, 640 + 320
  s = scored(r);
  CHECK(s.payments == pays(-1600, 2600, -1000, 0));
  for (std::int32_t p : s.payments) CHECK(p % 100 == 0);
}

TEST_CASE("pao: daisangen and daisuushii liability") {
  auto r = request("12m99s", "3m", true);
  indicators(r, "");
  meld(r, MeldType::pon, "555z", Relative::toimen);
  meld(r, MeldType::pon, "666z", Relative::kamicha);
  meld(r, MeldType::pon, "777z", Relative::shimocha);  // the third dragon: West (shimocha of South) is liable
  r.honba = 1;
  Score s = scored(r);
  CHECK(names(s) == "daisangen");
  CHECK(s.points == 32000);
  CHECK(s.payments == pays(0, 32300, -32300, 0));
  r.rules.pao = false;
  s = scored(r);
  CHECK(s.payments == pays(-16100, 32300, -8100, -8100));
  // Ron: the liable player and the discarder pay half each; the discarder the honba.
  r.rules.pao = true;
  r.tsumo = false;
  r.from = Relative::toimen;  // North
  s = scored(r);
  CHECK(s.payments == pays(0, 32300, -16000, -16300));
  // A composite hand: the liable player pays only daisangen's share.
  r = request("2z", "2z", true);
  indicators(r, "");
  meld(r, MeldType::pon, "555z", Relative::toimen);
  meld(r, MeldType::pon, "666z", Relative::kamicha);
  meld(r, MeldType::pon, "777z", Relative::shimocha);
  meld(r, MeldType::pon, "111z", Relative::toimen);
  s = scored(r);
  CHECK(names(s) == "daisangen tsuuiisou");
  CHECK(s.yakuman == 2);
  CHECK(s.points == 64000);
  CHECK(s.payments == pays(-16000, 64000, -40000, -8000));
  // The third dragon set concealed: nobody is liable.
  r = request("12m99s777z", "3m", true);
  indicators(r, "");
  meld(r, MeldType::pon, "555z", Relative::toimen);
  meld(r, MeldType::pon, "666z", Relative::kamicha);
  s = scored(r);
  CHECK(s.payments == pays(-16000, 32000, -8000, -8000));
  // Daisuushii: the fourth wind set; double yakuman, all of it on the liable player.
  r = request("5m", "5m", true);
  indicators(r, "");
  meld(r, MeldType::pon, "111z", Relative::toimen);
  meld(r, MeldType::pon, "222z", Relative::kamicha);
  meld(r, MeldType::pon, "333z", Relative::toimen);
  meld(r, MeldType::pon, "444z", Relative::kamicha);
  s = scored(r);
  CHECK(names(s) == "daisuushii");
  CHECK(s.payments == pays(-64000, 64000, 0, 0));
}

// ---- exhaustive: every closed one-suit win ----

TEST_CASE("every closed one-suit win, every winning tile, tsumo and ron: invariants (and the reference when built)" *
          doctest::test_suite("exhaustive")) {
  long wins = 0, complete = 0;
  std::vector<ScoreRequest> batch;
  test::each_count_vector(9, 14, [&](const std::array<int, 9>& c, int sum) {
    if (sum != 14) return;
    Hand h;
    for (int k = 0; k < 9; ++k) h.add(Tile(18 + k), c[static_cast<std::size_t>(k)]);  // sou
    const bool agari = is_agari(h).value;
    for (int k = 0; k < 9; ++k) {
      if (!c[static_cast<std::size_t>(k)]) continue;
      for (const bool tsumo : {false, true}) {
        ScoreRequest r;
        r.hand = h;
        r.win = Tile(18 + k);
        r.tsumo = tsumo;
        r.seat = 1;
        batch.push_back(r);
        const auto got = score(r);
        REQUIRE(got.ok());
        const Score& s = got.value;
        ++wins;
        CHECK(s.complete == agari);
        if (!s.complete) continue;
        ++complete;
        // Always a yaku: chinitsu (or a yakuman).
        CHECK((s.yakuman > 0 || s.has(Yaku::chinitsu)));
        int sum_pay = 0;
        for (const auto p : s.payments) sum_pay += p;
        CHECK(sum_pay == 0);
        CHECK(s.payments[1] == s.points);
        if (!s.yakuman) {
          CHECK(s.han >= 6);  // chinitsu alone is haneman
          CHECK((s.fu % 10 == 0 || s.fu == 25));
          CHECK(s.points >= (tsumo ? 12000 : 12000));
        }
        CHECK(ref::score(r) == s);
      }
    }
  });
  // The batch answers the same as one by one.
  std::vector<Result<Score>> out(batch.size());
  REQUIRE(score(batch, out) == Error::none);
  long same = 0;
  for (std::size_t i = 0; i < batch.size(); ++i) same += out[i].ok() && out[i].value == score(batch[i]).value;
  CHECK(same == static_cast<long>(batch.size()));
  MESSAGE(wins, " one-suit wins scored, ", complete, " complete");
  CHECK(complete > 0);
}

// ---- the fast validation path agrees with the checks one by one ----

TEST_CASE("validate: the word-at-a-time path accepts exactly what the ordered checks accept") {
  std::mt19937_64 rng(99);
  const std::array<std::uint8_t, kind_count> none{};  // a visible row forces the ordered checks
  long accepted = 0;
  for (ScoreRequest r : test::wins_like_play(5, 20000)) {
    // Break one field at random (or nothing).
    switch (rng() % 16) {
      case 0: r.hand.slots[rng() % slot_count] = static_cast<std::uint8_t>(rng() % 6); break;
      case 1: r.hand.tiles = static_cast<std::uint8_t>(r.hand.tiles + 1); break;
      case 2: r.hand.red_fives[rng() % 3] = static_cast<std::uint8_t>(rng() % 3); break;
      case 3:
        if (r.meld_count) r.melds[rng() % r.meld_count].type = static_cast<MeldType>(rng() % 6);
        break;
      case 4:
        if (r.meld_count) r.melds[rng() % r.meld_count].from = static_cast<Relative>(rng() % 5);
        break;
      case 5:
        if (r.meld_count) r.melds[rng() % r.meld_count].tile = Tile(static_cast<int>(rng() % 35));
        break;
      case 6:
        if (r.meld_count) r.melds[rng() % r.meld_count].red = static_cast<std::uint8_t>(rng() % 3);
        break;
      case 7:
        r.dora[rng() % max_indicators] = Tile(static_cast<int>(rng() % 35)),
                       r.dora_count = static_cast<std::uint8_t>(rng() % 7);
        break;
      case 8: r.win = Tile(static_cast<int>(rng() % 35)), r.win_red = rng() % 2; break;
      case 9:
        r.players = rng() % 2 ? Players::three : Players::four, r.nuki = static_cast<std::uint8_t>(rng() % 6);
        break;
      case 10: r.seat = static_cast<std::uint8_t>(rng() % 5), r.round = static_cast<std::uint8_t>(rng() % 5); break;
      case 11: r.from = static_cast<Relative>(rng() % 4), r.tsumo = rng() % 2; break;
      case 12: r.riichi = static_cast<std::uint8_t>(rng() % 4), r.ippatsu = rng() % 2; break;
      case 13: r.rinshan = rng() % 2, r.chankan = rng() % 2, r.haitei = rng() % 2, r.tenhou = rng() % 2; break;
      case 14: r.meld_count = static_cast<std::uint8_t>(rng() % 6); break;
      default: break;
    }
    const HandError fast = validate(r), ordered = validate(r, none);
    CHECK(fast.code == ordered.code);
    CHECK(score(r).error == ordered.code);
    accepted += ordered.code == Error::none;
  }
  CHECK(accepted > 1000);
}
