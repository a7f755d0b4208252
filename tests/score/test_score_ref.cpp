// Known answers for the reference scorer (ref::score), each worked out by
// hand: every case of SCORING.md §5, then every yaku, every limit, the rule
// switches, payments (dealer, non-dealer, honba, sticks, pao, three players).
//
// A score is checked as one line (mjk::test::describe):
//   "yaku names | han fu (or yakuman multiple) | points | payments East South West North"
// with a dora kind's count after a colon ("dora:2").
#include <doctest/doctest.h>

#include <string>

#include "mjk/ref.hpp"
#include "support/score_requests.hpp"

using namespace mjk;
using mjk::test::describe;
using mjk::test::RequestBuilder;
using mjk::test::win;

namespace {

// The reference's score of a request that must be valid.
Score score_of(const ScoreRequest& r) {
  const HandError e = validate(r);
  INFO("request rejected: ", e.message());
  REQUIRE(!e);
  return ref::score(r);
}
std::string scored(const ScoreRequest& r) { return describe(score_of(r)); }

// A non-dealer (South) in the East round: ron from kamicha is a ron from the dealer.
RequestBuilder south(std::string_view hand, std::string_view winning) { return win(hand, winning).seat(1); }
// SCORING.md §5's setting: non-dealer South seat, East round, dora indicator 9p.
RequestBuilder case5(std::string_view hand, std::string_view winning) { return south(hand, winning).dora("9p"); }

// A closed hand with no yaku of its own: 123m 567m 234p 789s 55s, ron on the
// 5s tanki: 20 + 10 (closed ron) + 2 (tanki) = 40 fu; tsumo 20 + 2 + 2 = 30 fu.
RequestBuilder plain(int seat = 1) { return win("123m567m234p789s5s", "5s").seat(seat); }

void kiriage(ScoreRules& r) { r.kiriage = true; }
void no_kazoe(ScoreRules& r) { r.kazoe_yakuman = false; }
void no_double(ScoreRules& r) { r.double_yakuman = false; }
void no_stacking(ScoreRules& r) { r.yakuman_stacking = false; }
void no_pao(ScoreRules& r) { r.pao = false; }
void two_fu_double_wind(ScoreRules& r) { r.double_wind_pair_fu = 2; }
void no_open_tanyao(ScoreRules& r) { r.open_tanyao = false; }
void no_tsumo_loss(ScoreRules& r) { r.sanma_tsumo_loss = false; }
void renhou_mangan(ScoreRules& r) { r.renhou = RenhouRule::mangan; }
void renhou_yakuman(ScoreRules& r) { r.renhou = RenhouRule::yakuman; }

}  // namespace

TEST_CASE("ref::score: SCORING.md 5: cases scorers have got wrong") {
  SUBCASE("pinfu tsumo is 20 fu") {
    CHECK(scored(case5("123678m345p67s55s", "8s").tsumo()) ==
          "menzen_tsumo pinfu | 2 han 20 fu | 1500 | -700 1500 -400 -400");
  }
  SUBCASE("an open pinfu shape on ron scores 30 fu") {
    CHECK(scored(case5("678m345p67s55s", "8s").chi("234m")) == "tanyao | 1 han 30 fu | 1000 | -1000 1000 0 0");
  }
  SUBCASE("chiitoitsu is 25 fu") {
    CHECK(scored(case5("1199m3377p2288s5z", "5z")) == "chiitoitsu | 2 han 25 fu | 1600 | -1600 1600 0 0");
  }
  SUBCASE("seven pairs with a quad are not a win") {
    CHECK(scored(case5("1111m2233p4455s6z", "6z")) == "not complete");
  }
  SUBCASE("closed kan fu") {
    CHECK(scored(case5("234m567p34s22p", "5s").ankan("9999s").riichi()) ==
          "riichi | 1 han 70 fu | 2300 | -2300 2300 0 0");
  }
  SUBCASE("two readings: the penchan reading's higher fu") {
    CHECK(scored(case5("678s11m12345p666z", "3p").tsumo()) ==
          "menzen_tsumo hatsu dora:1 | 3 han 40 fu | 5200 | -2600 5200 -1300 -1300");
  }
  SUBCASE("ron on a shanpon opens the triplet") {
    CHECK(scored(case5("111m222p789s33z55z", "5z")) == "haku | 1 han 50 fu | 1600 | -1600 1600 0 0");
    CHECK(scored(case5("111m222p789s33z55z", "5z").tsumo()) ==
          "menzen_tsumo haku sanankou | 4 han 50 fu | 8000 | -4000 8000 -2000 -2000");
  }
  SUBCASE("four triplets, shanpon ron: not suuankou") {
    CHECK(scored(case5("111m222p333s44z55z", "5z")) == "haku toitoi sanankou | 5 han 50 fu | 8000 | -8000 8000 0 0");
  }
  SUBCASE("suuankou tanki: double yakuman, single under Tenhou rules") {
    CHECK(scored(case5("111m222p333s444z5z", "5z")) == "suuankou_tanki | yakuman 2 | 64000 | -64000 64000 0 0");
    CHECK(scored(case5("111m222p333s444z5z", "5z").rules(no_double)) ==
          "suuankou_tanki | yakuman 1 | 32000 | -32000 32000 0 0");
  }
  SUBCASE("junsei chuuren is double, chuuren single") {
    CHECK(scored(case5("1112345678999m", "5m").tsumo()) ==
          "junsei_chuuren | yakuman 2 | 64000 | -32000 64000 -16000 -16000");
    CHECK(scored(case5("1122345678999m", "1m").tsumo()) == "chuuren | yakuman 1 | 32000 | -16000 32000 -8000 -8000");
  }
  SUBCASE("ryuuiisou without hatsu") {
    CHECK(scored(case5("234234666888s4s", "4s").tsumo()) == "ryuuiisou | yakuman 1 | 32000 | -16000 32000 -8000 -8000");
  }
  SUBCASE("double-wind pair: 4 fu, or 2 by rule") {
    // haku, chanta (open), sanshoku (open), dora 1p; fu 20 + 2 tsumo + 4 pair + 4 pon of haku + 2 tanki = 32.
    const auto hand = case5("123m123p1z", "1z").seat(0).chi("123s").pon("555z").tsumo();
    CHECK(scored(hand) == "haku chanta sanshoku dora:1 | 4 han 40 fu | 12000 | 12000 -4000 -4000 -4000");
    CHECK(scored(RequestBuilder(hand).rules(two_fu_double_wind)) ==
          "haku chanta sanshoku dora:1 | 4 han 30 fu | 11700 | 11700 -3900 -3900 -3900");
  }
  SUBCASE("a double East triplet gives seat and round wind") {
    CHECK(scored(case5("234m567p789s2s", "2s").seat(0).pon("111z")) ==
          "seat_wind round_wind | 2 han 30 fu | 2900 | 2900 0 0 -2900");
  }
  SUBCASE("kazoe yakuman, or sanbaiman by rule") {
    // riichi, ippatsu, tsumo, iipeikou, ittsu, chinitsu, dora 1p x3 + 9p x2: 17 han.
    const auto hand = case5("1112345678899p", "7p").seat(0).riichi().ippatsu().tsumo().dora("9p8p");
    CHECK(
        scored(hand) ==
        "riichi ippatsu menzen_tsumo iipeikou ittsu chinitsu dora:5 | 17 han 30 fu | 48000 | 48000 -16000 -16000 -16000");
    CHECK(score_of(hand).yakuman == 0);
    CHECK(
        scored(RequestBuilder(hand).rules(no_kazoe)) ==
        "riichi ippatsu menzen_tsumo iipeikou ittsu chinitsu dora:5 | 17 han 30 fu | 36000 | 36000 -12000 -12000 -12000");
  }
  SUBCASE("kiriage") {
    CHECK(scored(case5("234234m567p6788s", "8s").riichi()) ==
          "riichi pinfu tanyao iipeikou | 4 han 30 fu | 7700 | -7700 7700 0 0");
    CHECK(scored(case5("234234m567p6788s", "8s").riichi().rules(kiriage)) ==
          "riichi pinfu tanyao iipeikou | 4 han 30 fu | 8000 | -8000 8000 0 0");
  }
  SUBCASE("equal points: the reading with more han") {
    // pinfu iipeikou junchan 5 han 30 fu and iipeikou junchan 4 han 40 fu both pay mangan.
    CHECK(scored(case5("111222333m789p9p", "9p")) == "pinfu iipeikou junchan | 5 han 30 fu | 8000 | -8000 8000 0 0");
  }
  SUBCASE("ryanpeikou over chiitoitsu") {
    CHECK(scored(case5("223344m556677p8s", "8s").riichi()) ==
          "riichi tanyao ryanpeikou | 5 han 40 fu | 8000 | -8000 8000 0 0");
  }
  SUBCASE("dora alone is no yaku") {
    const Score s = score_of(case5("789p456s78s11z", "9s").chi("123m").dora("8p"));
    CHECK(describe(s) == "no yaku");
    CHECK(s.complete);
    CHECK(s.dora == 1);  // counted, but no yaku and nothing paid
    CHECK(s.han == 0);
    CHECK(s.fu == 0);
    CHECK(s.points == 0);
    CHECK(s.payments == std::array<std::int32_t, 4>{});
  }
  SUBCASE("yakuman stack") {
    CHECK(scored(case5("111z222z555z666z7z", "7z").tsumo()) ==
          "suuankou_tanki tsuuiisou | yakuman 3 | 96000 | -48000 96000 -24000 -24000");
  }
  SUBCASE("honba and sticks") {
    CHECK(scored(case5("123678m345p67s55s", "8s").seat(0).honba(2).sticks(1)) ==
          "pinfu | 1 han 30 fu | 1500 | 3100 0 0 -2100");
  }
  SUBCASE("a red five in a kan is exactly one aka") {
    const Score s = score_of(case5("123m456s789s1z", "1z").ankan("0555p").riichi());
    CHECK(s.aka == 1);
    // riichi, aka; 20 + 10 + 16 (closed kan of simples) + 2 tanki + 2 (East pair: the round wind) = 50 fu.
    CHECK(describe(s) == "riichi aka:1 | 2 han 50 fu | 3200 | -3200 3200 0 0");
    CHECK(score_of(case5("123m456s789s1z", "1z").minkan("5505p")).aka == 1);
  }
  SUBCASE("three players, honba: 200 a stick on ron") {
    // riichi, dora 9s x2 (indicator 8s); 20 + 10 + 8 (111m) + 2 kanchan = 40 fu.
    // §5 says "3 han 40 fu non-dealer ron: 7700 + 200"; 7700 is the dealer's ron, a non-dealer's is 5200.
    const auto hand = win("111m24p567p678s99s", "3p").three_players().riichi().dora("8s").honba(1);
    CHECK(scored(RequestBuilder(hand).seat(0)) == "riichi dora:2 | 3 han 40 fu | 7700 | 7900 0 -7900 0");
    CHECK(scored(RequestBuilder(hand).seat(1)) == "riichi dora:2 | 3 han 40 fu | 5200 | -5400 5400 0 0");
  }
  SUBCASE("three players, dora wrap: indicator 1m means 9m") {
    CHECK(scored(win("999m123p456p789s1s", "1s").seat(1).three_players().riichi().dora("1m")) ==
          "riichi dora:3 | 4 han 40 fu | 8000 | -8000 8000 0 0");
  }
}

TEST_CASE("ref::score: situational yaku") {
  CHECK(scored(plain()) == "no yaku");
  CHECK(scored(plain().riichi()) == "riichi | 1 han 40 fu | 1300 | -1300 1300 0 0");
  CHECK(scored(plain().riichi(2)) == "double_riichi | 2 han 40 fu | 2600 | -2600 2600 0 0");
  CHECK(scored(plain().riichi().ippatsu()) == "riichi ippatsu | 2 han 40 fu | 2600 | -2600 2600 0 0");
  CHECK(scored(plain().tsumo()) == "menzen_tsumo | 1 han 30 fu | 1100 | -500 1100 -300 -300");
  CHECK(scored(plain().tsumo().haitei()) == "menzen_tsumo haitei | 2 han 30 fu | 2000 | -1000 2000 -500 -500");
  CHECK(scored(plain().haitei()) == "houtei | 1 han 40 fu | 1300 | -1300 1300 0 0");
  CHECK(scored(plain().chankan()) == "chankan | 1 han 40 fu | 1300 | -1300 1300 0 0");
  // 20 + 2 tsumo + 2 tanki + 16 (closed kan of 2p) = 40 fu.
  CHECK(scored(win("123m567m789s5s", "5s").seat(1).ankan("2222p").tsumo().rinshan()) ==
        "menzen_tsumo rinshan | 2 han 40 fu | 2700 | -1300 2700 -700 -700");
  // Open: no menzen tsumo, rinshan still counts; 20 + 2 tsumo + 2 tanki + 8 (open kan of 2p) = 32 fu.
  CHECK(scored(win("567m789s5s", "5s").seat(1).chi("123m").minkan("2222p", Relative::toimen).tsumo().rinshan()) ==
        "rinshan | 1 han 40 fu | 1500 | -700 1500 -400 -400");
}

TEST_CASE("ref::score: tenhou, chiihou and renhou") {
  CHECK(scored(plain(0).tsumo().tenhou()) == "tenhou | yakuman 1 | 48000 | 48000 -16000 -16000 -16000");
  CHECK(scored(plain(1).tsumo().tenhou()) == "chiihou | yakuman 1 | 32000 | -16000 32000 -8000 -8000");
  // A ron before the first draw: nothing by default, 5 han (mangan) or a yakuman by rule.
  CHECK(scored(plain().tenhou()) == "no yaku");
  CHECK(scored(plain().tenhou().rules(renhou_mangan)) == "renhou | 5 han 40 fu | 8000 | -8000 8000 0 0");
  CHECK(score_of(plain().tenhou().rules(renhou_mangan)).has(Yaku::renhou_mangan));
  CHECK(scored(plain().tenhou().riichi(2).rules(renhou_mangan)) ==
        "double_riichi renhou | 7 han 40 fu | 12000 | -12000 12000 0 0");
  CHECK(scored(plain().tenhou().rules(renhou_yakuman)) == "renhou | yakuman 1 | 32000 | -32000 32000 0 0");
  CHECK(score_of(plain().tenhou().rules(renhou_yakuman)).has(Yaku::renhou));
}

TEST_CASE("ref::score: pinfu, tanyao, peikou") {
  CHECK(scored(south("123678m345p67s55s", "8s")) == "pinfu | 1 han 30 fu | 1000 | -1000 1000 0 0");
  // A valued pair is no pinfu: 20 + 10 + 2 (haku pair) = 32 fu.
  CHECK(scored(south("123678m345p67s55z", "8s").riichi()) == "riichi | 1 han 40 fu | 1300 | -1300 1300 0 0");
  // A kanchan reading is no pinfu.
  CHECK(scored(south("123678m345p68s55s", "7s").riichi()) == "riichi | 1 han 40 fu | 1300 | -1300 1300 0 0");
  CHECK(scored(south("234m567p234678s5s", "5s")) == "tanyao | 1 han 40 fu | 1300 | -1300 1300 0 0");
  CHECK(scored(south("567p234678s5s", "5s").chi("234m")) == "tanyao | 1 han 30 fu | 1000 | -1000 1000 0 0");
  CHECK(scored(south("567p234678s5s", "5s").chi("234m").rules(no_open_tanyao)) == "no yaku");
  CHECK(scored(south("112233m456p789s5s", "5s")) == "iipeikou | 1 han 40 fu | 1300 | -1300 1300 0 0");
  // Open: no iipeikou.
  CHECK(scored(south("123m456p789s5s", "5s").chi("123m")) == "no yaku");
}

TEST_CASE("ref::score: winds and dragons") {
  const auto south_triplet = [](int seat, int round) {
    return win("123m456p789s222z5s", "5s").seat(seat).round(round).ron(Relative::kamicha);
  };
  // 20 + 10 + 8 (closed honour triplet) + 2 tanki = 40 fu.
  CHECK(scored(south_triplet(1, 0)) == "seat_wind | 1 han 40 fu | 1300 | -1300 1300 0 0");
  CHECK(scored(south_triplet(1, 1)) == "seat_wind round_wind | 2 han 40 fu | 2600 | -2600 2600 0 0");
  CHECK(scored(south_triplet(2, 1)) == "round_wind | 1 han 40 fu | 1300 | 0 -1300 1300 0");
  CHECK(scored(south_triplet(3, 0)) == "no yaku");
  CHECK(scored(south("123m456p789s555z5s", "5s")) == "haku | 1 han 40 fu | 1300 | -1300 1300 0 0");
  CHECK(scored(south("123m456p789s666z5s", "5s")) == "hatsu | 1 han 40 fu | 1300 | -1300 1300 0 0");
  CHECK(scored(south("123m456p789s777z5s", "5s")) == "chun | 1 han 40 fu | 1300 | -1300 1300 0 0");
  // haku, hatsu, shousangen; 20 + 10 + 8 + 8 + 2 (dragon pair) = 48 fu.
  CHECK(scored(south("555z666z77z123m45p", "3p")) == "haku hatsu shousangen | 4 han 50 fu | 8000 | -8000 8000 0 0");
}

TEST_CASE("ref::score: terminal yaku") {
  // 20 + 10 + 2 tanki + 2 chun pair = 34 fu.
  CHECK(scored(south("123m789m123p789s7z", "7z")) == "chanta | 2 han 40 fu | 2600 | -2600 2600 0 0");
  CHECK(scored(south("789m123p789s7z", "7z").chi("123m")) == "chanta | 1 han 30 fu | 1000 | -1000 1000 0 0");
  // The 9s reads as the pair's (tanki, 3 han 40 fu) or the 789s run's (ryanmen: pinfu, 4 han 30 fu).
  CHECK(scored(south("123m789m123p789s9s", "9s")) == "pinfu junchan | 4 han 30 fu | 7700 | -7700 7700 0 0");
  CHECK(scored(south("789m123p789s9s", "9s").chi("123m")) == "junchan | 2 han 30 fu | 2000 | -2000 2000 0 0");
  // seat wind (South), toitoi, sanankou, honroutou; 20 + 4 (pon 111m) + 8 + 8 + 8 + 2 tanki = 50 fu.
  CHECK(scored(south("999p111s222z9s", "9s").pon("111m")) ==
        "seat_wind toitoi sanankou honroutou | 7 han 50 fu | 12000 | -12000 12000 0 0");
  CHECK(scored(south("1199m1199p11s225z", "5z")) == "chiitoitsu honroutou | 4 han 25 fu | 6400 | -6400 6400 0 0");
}

TEST_CASE("ref::score: runs and triplets across suits") {
  CHECK(scored(south("123456789m23p55s", "4p")) == "pinfu ittsu | 3 han 30 fu | 3900 | -3900 3900 0 0");
  CHECK(scored(south("456789m23p55s", "4p").chi("123m")) == "ittsu | 1 han 30 fu | 1000 | -1000 1000 0 0");
  // 12s waiting on 3s: penchan, 20 + 10 + 2 = 32 fu.
  CHECK(scored(south("123m123p12s456s99p", "3s")) == "sanshoku | 2 han 40 fu | 2600 | -2600 2600 0 0");
  CHECK(scored(south("123p12s456s99p", "3s").chi("123m")) == "sanshoku | 1 han 30 fu | 1000 | -1000 1000 0 0");
  // 20 + 10 + 4 + 4 + 4 + 2 tanki = 44 fu.
  CHECK(scored(south("222m222p222s345m5p", "5p")) ==
        "tanyao sanshoku_doukou sanankou | 5 han 50 fu | 8000 | -8000 8000 0 0");
  // 20 + 16 + 16 (closed kans) + 8 (open kan) + 2 tanki = 62 fu.
  CHECK(scored(south("123m5s", "5s").ankan("2222p").ankan("3333s").minkan("4444m", Relative::toimen)) ==
        "sankantsu | 2 han 70 fu | 4500 | -4500 4500 0 0");
  // 20 + 4 + 4 (closed 222m, 444p) + 2 (pon 777s) + 4 (pon 999m) + 2 tanki = 36 fu.
  CHECK(scored(south("222m444p5s", "5s").pon("777s", Relative::toimen).pon("999m", Relative::shimocha)) ==
        "toitoi | 2 han 40 fu | 2600 | -2600 2600 0 0");
}

TEST_CASE("ref::score: flushes") {
  // 20 + 10 + 8 (999m) + 8 (444z) + 2 (chun pair) + 2 tanki = 50 fu.
  CHECK(scored(south("234m678m999m444z7z", "7z")) == "honitsu | 3 han 50 fu | 6400 | -6400 6400 0 0");
  CHECK(scored(south("234m678m999m7z", "7z").pon("444z", Relative::toimen)) ==
        "honitsu | 2 han 40 fu | 2600 | -2600 2600 0 0");
  CHECK(scored(south("111234456678s9s", "9s")) == "chinitsu | 6 han 40 fu | 12000 | -12000 12000 0 0");
  CHECK(scored(south("234456678s9s", "9s").pon("111s")) == "chinitsu | 5 han 30 fu | 8000 | -8000 8000 0 0");
}

TEST_CASE("ref::score: yakuman") {
  CHECK(scored(south("119m19p19s123456z", "7z")) == "kokushi | yakuman 1 | 32000 | -32000 32000 0 0");
  CHECK(scored(south("19m19p19s1234567z", "1m")) == "kokushi_13 | yakuman 2 | 64000 | -64000 64000 0 0");
  CHECK(scored(south("19m19p19s1234567z", "1m").rules(no_double)) ==
        "kokushi_13 | yakuman 1 | 32000 | -32000 32000 0 0");
  // Shanpon by tsumo: all four triplets concealed.
  CHECK(scored(south("111m222p333s44z55z", "5z").tsumo()) == "suuankou | yakuman 1 | 32000 | -16000 32000 -8000 -8000");
  CHECK(scored(south("555z666z777z12m55s", "3m")) == "daisangen | yakuman 1 | 32000 | -32000 32000 0 0");
  CHECK(scored(south("123m111z222z333z4z", "4z")) == "shousuushii | yakuman 1 | 32000 | -32000 32000 0 0");
  CHECK(scored(south("111z222z333z444z9m", "9m")) ==
        "suuankou_tanki daisuushii | yakuman 4 | 128000 | -128000 128000 0 0");
  CHECK(scored(south("111z222z333z444z9m", "9m").rules(no_double)) ==
        "suuankou_tanki daisuushii | yakuman 2 | 64000 | -64000 64000 0 0");
  CHECK(scored(south("111z222z333z444z9m", "9m").rules(no_stacking)) ==
        "suuankou_tanki daisuushii | yakuman 1 | 32000 | -32000 32000 0 0");
  CHECK(scored(south("1122334455667z", "7z")) == "tsuuiisou | yakuman 1 | 32000 | -32000 32000 0 0");
  CHECK(scored(south("234s234s666s8s", "8s").pon("666z")) == "ryuuiisou | yakuman 1 | 32000 | -32000 32000 0 0");
  CHECK(scored(south("999m111p999p1s", "1s").pon("111m")) == "chinroutou | yakuman 1 | 32000 | -32000 32000 0 0");
  CHECK(scored(south("5s", "5s").ankan("2222p").ankan("3333s").minkan("4444m", Relative::toimen).kakan("7777z")) ==
        "suukantsu | yakuman 1 | 32000 | -32000 32000 0 0");
  // A yakuman hand lists only its yakuman; its dora are counted but pay nothing.
  const Score s = score_of(south("555z666z777z12m55s", "3m").dora("4s"));
  CHECK(s.dora == 2);
  CHECK(!s.has(Yaku::dora));
  CHECK(s.han == 0);
  CHECK(s.fu == 0);
  CHECK(s.points == 32000);
}

TEST_CASE("ref::score: limits, dealer and non-dealer") {
  // plain(): riichi 1 han, 40 fu on ron; indicator 4s names the 5s pair (2 dora), 9m names 1m, 1m names 2m.
  CHECK(scored(plain().riichi().dora("4s")) == "riichi dora:2 | 3 han 40 fu | 5200 | -5200 5200 0 0");
  CHECK(scored(plain().riichi().dora("4s9m")) == "riichi dora:3 | 4 han 40 fu | 8000 | -8000 8000 0 0");
  CHECK(scored(plain().riichi().dora("4s4s")) == "riichi dora:4 | 5 han 40 fu | 8000 | -8000 8000 0 0");
  CHECK(scored(plain(0).riichi().dora("4s4s")) == "riichi dora:4 | 5 han 40 fu | 12000 | 12000 0 0 -12000");
  CHECK(scored(plain().riichi().dora("4s4s9m")) == "riichi dora:5 | 6 han 40 fu | 12000 | -12000 12000 0 0");
  CHECK(scored(plain().riichi().dora("4s4s9m1m")) == "riichi dora:6 | 7 han 40 fu | 12000 | -12000 12000 0 0");
  CHECK(scored(plain(0).riichi().dora("4s4s9m")) == "riichi dora:5 | 6 han 40 fu | 18000 | 18000 0 0 -18000");
  CHECK(scored(plain().riichi().dora("4s4s").ura("4s9m")) ==
        "riichi dora:4 ura:3 | 8 han 40 fu | 16000 | -16000 16000 0 0");
  CHECK(scored(plain(0).riichi().dora("4s4s").ura("4s4s9m")) ==
        "riichi dora:4 ura:5 | 10 han 40 fu | 24000 | 24000 0 0 -24000");
  CHECK(scored(plain().riichi().ippatsu().dora("4s4s9m").ura("4s4s")) ==
        "riichi ippatsu dora:5 ura:4 | 11 han 40 fu | 24000 | -24000 24000 0 0");
  CHECK(scored(plain(0).riichi().ippatsu().dora("4s4s9m1m").ura("4s4s")) ==
        "riichi ippatsu dora:6 ura:4 | 12 han 40 fu | 36000 | 36000 0 0 -36000");
  CHECK(scored(plain().riichi().ippatsu().dora("4s4s9m1m").ura("4s4s9m")) ==
        "riichi ippatsu dora:6 ura:5 | 13 han 40 fu | 32000 | -32000 32000 0 0");
  CHECK(scored(plain().riichi().ippatsu().dora("4s4s9m1m").ura("4s4s9m").rules(no_kazoe)) ==
        "riichi ippatsu dora:6 ura:5 | 13 han 40 fu | 24000 | -24000 24000 0 0");
  // Tsumo: the mangan split.
  CHECK(scored(plain().riichi().tsumo().dora("4s4s")) ==
        "riichi menzen_tsumo dora:4 | 6 han 30 fu | 12000 | -6000 12000 -3000 -3000");
  CHECK(scored(plain(0).riichi().tsumo().dora("4s4s")) ==
        "riichi menzen_tsumo dora:4 | 6 han 30 fu | 18000 | 18000 -6000 -6000 -6000");
  // Ura counts only with riichi.
  CHECK(score_of(plain().tsumo().ura("4s")).ura == 0);
}

TEST_CASE("ref::score: kiriage: 4 han 30 fu and 3 han 60 fu") {
  // riichi, sanankou; 20 + 10 + 8 + 8 + 8 + 2 tanki = 56 fu.
  const auto sixty = south("111m999p111s234m5s", "5s").riichi();
  CHECK(scored(sixty) == "riichi sanankou | 3 han 60 fu | 7700 | -7700 7700 0 0");
  CHECK(scored(RequestBuilder(sixty).rules(kiriage)) == "riichi sanankou | 3 han 60 fu | 8000 | -8000 8000 0 0");
  const auto dealer = case5("234234m567p6788s", "8s").seat(0).riichi();
  CHECK(scored(dealer) == "riichi pinfu tanyao iipeikou | 4 han 30 fu | 11600 | 11600 0 0 -11600");
  CHECK(scored(RequestBuilder(dealer).rules(kiriage)) ==
        "riichi pinfu tanyao iipeikou | 4 han 30 fu | 12000 | 12000 0 0 -12000");
}

TEST_CASE("ref::score: dora, aka, ura, nuki") {
  // Indicators wrap: 9m names 1m, North names East, chun names haku.
  // round wind (East), haku, chanta, 1m x1, 1z x3, 5z x3; 20 + 10 + 8 + 8 = 46 fu.
  CHECK(scored(south("123m111z555z99p78s", "9s").dora("9m4z7z")) ==
        "round_wind haku chanta dora:7 | 11 han 50 fu | 24000 | -24000 24000 0 0");
  // Red fives in the hand, the winning tile and the melds.
  const Score s = score_of(south("067p340s88s22p", "8s").chi("340m"));
  CHECK(s.aka == 3);
  // 20 + 2 (888s by ron is an open triplet) = 22 fu.
  CHECK(describe(s) == "tanyao aka:3 | 4 han 30 fu | 7700 | -7700 7700 0 0");
  CHECK(score_of(south("67p345s888s22p", "0p").chi("234m")).aka == 1);
  // Nuki: each north tile set aside is one han; with north as dora (indicator West) also one dora each.
  const auto sanma = win("123p567p789s234s5s", "5s").seat(1).three_players().riichi();
  CHECK(scored(RequestBuilder(sanma).nuki(2)) == "riichi nuki:2 | 3 han 40 fu | 5200 | -5200 5200 0 0");
  CHECK(scored(RequestBuilder(sanma).nuki(2).dora("3z")) ==
        "riichi dora:2 nuki:2 | 5 han 40 fu | 8000 | -8000 8000 0 0");
  CHECK(scored(RequestBuilder(sanma).nuki(1).dora("3z").ura("3z")) ==
        "riichi dora:1 ura:1 nuki:1 | 4 han 40 fu | 8000 | -8000 8000 0 0");
  // Nuki alone is no yaku.
  const Score none = score_of(win("123p567p789s234s5s", "5s").seat(1).three_players().nuki(3));
  CHECK(describe(none) == "no yaku");
  CHECK(none.nuki == 3);
}

TEST_CASE("ref::score: closed: a closed kan keeps the hand closed, a pon opens it") {
  CHECK(score_of(case5("234m567p34s22p", "5s").ankan("9999s").riichi()).closed);
  CHECK(!score_of(south("999p111s222z9s", "9s").pon("111m")).closed);
}

TEST_CASE("ref::score: payments: honba, sticks, tsumo") {
  // Non-dealer pinfu tsumo 400/700, 2 honba (100 a payer each), 1 stick.
  CHECK(scored(case5("123678m345p67s55s", "8s").tsumo().honba(2).sticks(1)) ==
        "menzen_tsumo pinfu | 2 han 20 fu | 1500 | -900 3100 -600 -600");
  // Dealer tsumo: 2 han 20 fu is 700 all.
  CHECK(scored(case5("123678m345p67s55s", "8s").seat(0).tsumo()) ==
        "menzen_tsumo pinfu | 2 han 20 fu | 2100 | 2100 -700 -700 -700");
  // Ron from toimen and from shimocha.
  CHECK(scored(case5("123678m345p67s55s", "8s").ron(Relative::toimen).honba(1)) ==
        "pinfu | 1 han 30 fu | 1000 | 0 1300 0 -1300");
  CHECK(scored(case5("123678m345p67s55s", "8s").ron(Relative::shimocha).sticks(2)) ==
        "pinfu | 1 han 30 fu | 1000 | 0 3000 -1000 0");
}

TEST_CASE("ref::score: three players: tsumo loss and honba") {
  const auto hand = [] { return win("123678p34567s55s", "8s").three_players().tsumo(); };
  // Non-dealer 2 han 20 fu: the dealer 700 and West 400; North's share is lost.
  CHECK(scored(hand().seat(1)) == "menzen_tsumo pinfu | 2 han 20 fu | 1100 | -700 1100 -400 0");
  CHECK(scored(hand().seat(1).honba(1)) == "menzen_tsumo pinfu | 2 han 20 fu | 1100 | -800 1300 -500 0");
  // Without tsumo loss North's share (320) is split: 640 + 160 and 320 + 160.
  CHECK(scored(hand().seat(1).rules(no_tsumo_loss)) == "menzen_tsumo pinfu | 2 han 20 fu | 1300 | -800 1300 -500 0");
  CHECK(scored(hand().seat(0)) == "menzen_tsumo pinfu | 2 han 20 fu | 1400 | 1400 -700 -700 0");
  CHECK(scored(hand().seat(0).rules(no_tsumo_loss)) == "menzen_tsumo pinfu | 2 han 20 fu | 2000 | 2000 -1000 -1000 0");
  // Ron from kamicha of East with three players is West.
  CHECK(scored(win("123678p34567s55s", "8s").three_players().seat(0).honba(2)) ==
        "pinfu | 1 han 30 fu | 1500 | 1900 0 -1900 0");
}

TEST_CASE("ref::score: pao: the player who fed the last dragon or wind set") {
  // South wins; haku from kamicha (East), hatsu from toimen (North), chun from shimocha (West): West is liable.
  const auto dragons = [] {
    return win("12m55s", "3m")
        .seat(1)
        .pon("555z", Relative::kamicha)
        .pon("666z", Relative::toimen)
        .pon("777z", Relative::shimocha);
  };
  CHECK(scored(dragons().tsumo()) == "daisangen | yakuman 1 | 32000 | 0 32000 -32000 0");
  CHECK(scored(dragons().tsumo().honba(1).sticks(1)) == "daisangen | yakuman 1 | 32000 | 0 33300 -32300 0");
  // Ron from North: West and North pay half each, North the honba.
  CHECK(scored(dragons().ron(Relative::toimen).honba(1)) == "daisangen | yakuman 1 | 32000 | 0 32300 -16000 -16300");
  // Ron from the liable player: it pays all.
  CHECK(scored(dragons().ron(Relative::shimocha)) == "daisangen | yakuman 1 | 32000 | 0 32000 -32000 0");
  CHECK(scored(dragons().tsumo().rules(no_pao)) == "daisangen | yakuman 1 | 32000 | -16000 32000 -8000 -8000");
  // The third set made by a closed kan, or held concealed: nobody is liable.
  CHECK(scored(win("12m55s", "3m").seat(1).pon("555z").pon("666z", Relative::toimen).ankan("7777z").tsumo()) ==
        "daisangen | yakuman 1 | 32000 | -16000 32000 -8000 -8000");
  CHECK(scored(win("777z12m55s", "3m").seat(1).pon("555z").pon("666z", Relative::toimen).tsumo()) ==
        "daisangen | yakuman 1 | 32000 | -16000 32000 -8000 -8000");
  // With tsuuiisou too the liable player pays only the daisangen's share.
  const auto composite = [] {
    return win("111z2z", "2z")
        .seat(1)
        .pon("555z", Relative::kamicha)
        .pon("666z", Relative::toimen)
        .pon("777z", Relative::shimocha);
  };
  CHECK(scored(composite().tsumo()) == "daisangen tsuuiisou | yakuman 2 | 64000 | -16000 64000 -40000 -8000");
  // The rest is paid as usual, honba included (100 from each payer on tsumo).
  CHECK(scored(composite().tsumo().honba(1)) == "daisangen tsuuiisou | yakuman 2 | 64000 | -16100 64300 -40100 -8100");
  CHECK(scored(composite().ron(Relative::toimen)) == "daisangen tsuuiisou | yakuman 2 | 64000 | 0 64000 -16000 -48000");
  CHECK(scored(composite().tsumo().rules(no_stacking)) == "daisangen tsuuiisou | yakuman 1 | 32000 | 0 32000 -32000 0");
  // Daisuushii: the fourth wind pon (from kamicha, the dealer) makes East liable for the double yakuman.
  const auto winds = [] {
    return win("9m", "9m")
        .seat(1)
        .pon("111z", Relative::toimen)
        .pon("222z", Relative::shimocha)
        .pon("333z", Relative::toimen)
        .pon("444z", Relative::kamicha);
  };
  CHECK(scored(winds().tsumo()) == "daisuushii | yakuman 2 | 64000 | -64000 64000 0 0");
  CHECK(scored(winds().tsumo().rules(no_double)) == "daisuushii | yakuman 1 | 32000 | -32000 32000 0 0");
  CHECK(scored(winds().ron(Relative::shimocha)) == "daisuushii | yakuman 2 | 64000 | -32000 64000 -32000 0");
}

TEST_CASE("ref::score: a request outside the precondition is not scored") {
  ScoreRequest r = plain().riichi().chi("123m");  // 17 tiles: wrong meld count
  CHECK(!ref::score(r).complete);
}
