// The score as players say it: limit names, payment texts, the fu part by
// part, display names, the "score" object's readable fields, and the
// last-tile rule of text lines. Hand-checked cases; the equivalence sets
// (test_score_equivalence.cpp) check every win's fu parts and payment text.
#include <doctest/doctest.h>

#include <array>
#include <string>

#include "mjk.h"
#include "mjk/report.hpp"
#include "mjk/request.hpp"
#include "mjk/score.hpp"
#include "support/fu_check.hpp"
#include "support/score_builder.hpp"

using namespace mjk;
using mjk::test::win;

namespace {

Score scored(const ScoreRequest& r) {
  const auto s = score(r);
  REQUIRE_MESSAGE(s.ok(), "error ", static_cast<int>(s.error));
  return s.value;
}

// "base 20, closed_ron 10, ..." of a request's score; checks the parts sum to its fu.
std::string fu_of(const ScoreRequest& r) {
  const Score s = scored(r);
  CHECK_MESSAGE(test::fu_problem(r, s) == "", test::describe(s));
  return test::describe(fu_breakdown(r, s));
}

std::string pay_of(const ScoreRequest& r) {
  const Score s = scored(r);
  CHECK(test::payment_problem(r, s) == "");
  std::array<char, max_payment_text> buf;
  return {buf.data(), std::min(payment_text(r, s, buf), buf.size())};
}

Limit limit(int han, int fu, int yakuman = 0, ScoreRules rules = {}) {
  Score s;
  s.complete = true;
  s.han = static_cast<std::uint8_t>(han);
  s.fu = static_cast<std::uint8_t>(fu);
  s.yakuman = static_cast<std::uint8_t>(yakuman);
  return limit_of(s, rules);
}

std::string last_tile(std::string_view line) {
  std::array<char, 64> out;
  const std::size_t n = last_tile_as_win(line, out);
  REQUIRE(n <= out.size());
  return {out.data(), n};
}

}  // namespace

TEST_CASE("limits: by han, fu and the yakuman multiple, with kiriage and kazoe") {
  ScoreRules kiriage, no_kazoe;
  kiriage.kiriage = true;
  no_kazoe.kazoe_yakuman = false;
  CHECK(limit(1, 30) == Limit::none);
  CHECK(limit(4, 30) == Limit::none);  // 1920
  CHECK(limit(4, 30, 0, kiriage) == Limit::mangan);
  CHECK(limit(3, 60) == Limit::none);  // 1920
  CHECK(limit(3, 60, 0, kiriage) == Limit::mangan);
  CHECK(limit(3, 70) == Limit::mangan);  // 2240
  CHECK(limit(4, 40) == Limit::mangan);  // 2560
  CHECK(limit(4, 25) == Limit::none);
  CHECK(limit(5, 30) == Limit::mangan);
  CHECK(limit(6, 20) == Limit::haneman);
  CHECK(limit(7, 30) == Limit::haneman);
  CHECK(limit(8, 30) == Limit::baiman);
  CHECK(limit(10, 30) == Limit::baiman);
  CHECK(limit(11, 30) == Limit::sanbaiman);
  CHECK(limit(12, 30) == Limit::sanbaiman);
  CHECK(limit(13, 30) == Limit::kazoe_yakuman);
  CHECK(limit(17, 30) == Limit::kazoe_yakuman);
  CHECK(limit(13, 30, 0, no_kazoe) == Limit::sanbaiman);
  CHECK(limit(0, 0, 1) == Limit::yakuman);
  CHECK(limit(0, 0, 2) == Limit::double_yakuman);
  CHECK(limit(0, 0, 3) == Limit::triple_yakuman);
  CHECK(limit(0, 0, 6) == Limit::sextuple_yakuman);
  CHECK(limit(0, 0, 9) == Limit::sextuple_yakuman);  // no hand stacks more than six
  CHECK(limit(0, 0) == Limit::none);                 // no yaku
  CHECK(limit_of(Score{}, {}) == Limit::none);       // not complete

  // From whole hands (SCORING.md §5): kazoe, kiriage, stacking.
  const auto kazoe = win("1112345678899p", "7p").seat(0).riichi().ippatsu().tsumo().dora("9p8p");
  CHECK(limit_of(scored(kazoe), kazoe.request().rules) == Limit::kazoe_yakuman);
  const auto kazoe_off = win("1112345678899p", "7p").seat(0).riichi().ippatsu().tsumo().dora("9p8p").rules(
      [](ScoreRules& r) { r.kazoe_yakuman = false; });
  CHECK(limit_of(scored(kazoe_off), kazoe_off.request().rules) == Limit::sanbaiman);
  const auto seven_seven = win("234234m567p6788s", "8s").seat(1).riichi().dora("9p");
  CHECK(limit_of(scored(seven_seven), {}) == Limit::none);
  CHECK(limit_of(scored(seven_seven), kiriage) == Limit::mangan);
  const auto stacked = win("111z222z555z666z7z", "7z").seat(1).tsumo();
  CHECK(limit_of(scored(stacked), {}) == Limit::triple_yakuman);
  ScoreRules single;
  single.yakuman_stacking = false;
  const auto capped = win("111z222z555z666z7z", "7z").seat(1).tsumo().rules([](ScoreRules& r) { r.yakuman_stacking = false; });
  CHECK(limit_of(scored(capped), single) == Limit::yakuman);
}

TEST_CASE("payment text: ron, dealer and non-dealer tsumo, three players, honba") {
  // 2 han 40 fu on a ron: 2600, the dealer's 3900; a tsumo 700/1300, with a dora (3 han) 1300/2600, 2600 all.
  CHECK(pay_of(win("678s11m12345p666z", "3p").seat(1).dora("9p")) == "2600");
  CHECK(pay_of(win("678s11m12345p666z", "3p").seat(0).dora("9p")) == "3900");
  CHECK(pay_of(win("678s11m12345p666z", "3p").seat(1).tsumo()) == "700/1300");
  CHECK(pay_of(win("678s11m12345p666z", "3p").seat(1).tsumo().dora("9p")) == "1300/2600");
  CHECK(pay_of(win("678s11m12345p666z", "3p").seat(0).tsumo().dora("9p")) == "2600 all");
  // Mangan (4 han 50 fu): 2000/4000, 4000 all, 8000, 12000.
  CHECK(pay_of(win("111m222p789s33z55z", "5z").seat(1).tsumo()) == "2000/4000");
  CHECK(pay_of(win("111m222p789s33z55z", "5z").seat(0).tsumo()) == "4000 all");
  CHECK(pay_of(win("111m222p789s33z55z", "5z").seat(1).riichi()) == "3200");  // the ron opens the 5z triplet: 2 han 50 fu
  CHECK(pay_of(win("1199m3377p2288s5z", "5z").seat(1).dora("7z")) == "6400");  // 4 han 25 fu
  // Pinfu tsumo, 20 fu: the smallest shares; honba are not in the text (they are in the payments).
  CHECK(pay_of(win("123678m345p67s55s", "8s").seat(1).tsumo()) == "400/700");
  const auto honba = win("123678m345p67s55s", "8s").seat(1).tsumo().honba(2).sticks(1);
  CHECK(pay_of(honba) == "400/700");
  CHECK(scored(honba).payments == std::array<std::int32_t, 4>{-900, 3100, -600, -600});
  CHECK(pay_of(win("123678m345p67s55s", "8s").seat(1).honba(2)) == "1000");  // 1 han 30 fu ron
  // Three players (haneman: menzen_tsumo, haku, sanankou, chanta): tsumo loss
  // (North's share unpaid), or North's share split between the two payers.
  const auto sanma = [](int seat) { return win("111m999p789s33z55z", "5z").seat(seat).tsumo().three_players(); };
  CHECK(pay_of(sanma(1)) == "3000/6000");
  CHECK(scored(sanma(1)).points == 9000);
  CHECK(pay_of(sanma(0)) == "6000 all");
  CHECK(scored(sanma(0)).points == 12000);
  const auto no_loss = [&](int seat) {
    return sanma(seat).rules([](ScoreRules& r) { r.sanma_tsumo_loss = false; });
  };
  CHECK(pay_of(no_loss(1)) == "4500/7500");
  CHECK(scored(no_loss(1)).points == 12000);
  CHECK(pay_of(no_loss(0)) == "9000 all");
  CHECK(scored(no_loss(0)).points == 18000);
  const auto sanma_ron = win("111m999p789s33z55z", "5z").seat(1).riichi().three_players().honba(1);  // 4 han 50 fu
  CHECK(pay_of(sanma_ron) == "8000");
  CHECK(scored(sanma_ron).payments == std::array<std::int32_t, 4>{-8200, 8200, 0, 0});
  // Yakuman: the multiple's shares; no points, no text.
  CHECK(pay_of(win("111z222z555z666z7z", "7z").seat(1).tsumo()) == "24000/48000");
  CHECK(pay_of(win("789p456s78s11z", "9s").chi("123m").seat(1).dora("9p")) == "");  // dora alone: no yaku
}

TEST_CASE("fu part by part: known hands") {
  // SCORING.md §5: pinfu tsumo 20, seven pairs 25, an open pinfu shape 30, a closed kan 70, the higher-fu reading.
  CHECK(fu_of(win("123678m345p67s55s", "8s").seat(1).tsumo()) == "base 20");
  CHECK(fu_of(win("123678m345p67s55s", "8s").seat(1)) == "base 20, closed_ron 10");
  CHECK(fu_of(win("1199m3377p2288s5z", "5z").seat(1)) == "chiitoitsu 25");
  CHECK(fu_of(win("678m345p67s55s", "8s").chi("234m").seat(1)) == "base 20, open_pinfu 10");
  CHECK(fu_of(win("234m567p34s22p", "5s").ankan("9999s").seat(1).riichi()) ==
        "base 20, closed_ron 10, closed_kan 9999s 32, rounding 8");
  CHECK(fu_of(win("678s11m12345p666z", "3p").seat(1).tsumo()) ==
        "base 20, closed_triplet 666z 8, wait penchan 2, tsumo 2, rounding 8");
  // The waits worth 2: kanchan, penchan, tanki; shanpon's triplet opened by a ron.
  CHECK(fu_of(win("123m456p789p13s55s", "2s").seat(1).riichi()) == "base 20, closed_ron 10, wait kanchan 2, rounding 8");
  CHECK(fu_of(win("123m456p789p12s55s", "3s").seat(1).riichi()) == "base 20, closed_ron 10, wait penchan 2, rounding 8");
  CHECK(fu_of(win("123m456p789p123s5s", "5s").seat(1).riichi()) == "base 20, closed_ron 10, wait tanki 2, rounding 8");
  CHECK(fu_of(win("123m567p789s2244p", "4p").seat(1).riichi()) ==
        "base 20, closed_ron 10, open_triplet 444p 2, rounding 8");
  // 4p completes 444p (shanpon) or 456p with 444p closed: the same 40 fu; the scorer keeps the first.
  CHECK(fu_of(win("123m456p789s2244p", "4p").seat(1).riichi()) == "base 20, closed_ron 10, closed_triplet 444p 4, rounding 6");
  CHECK(fu_of(win("111m222p789s33z55z", "5z").seat(1)) ==
        "base 20, closed_ron 10, closed_triplet 111m 8, closed_triplet 222p 4, open_triplet 555z 4, rounding 4");
  CHECK(fu_of(win("111m222p789s33z55z", "5z").seat(1).tsumo()) ==
        "base 20, closed_triplet 111m 8, closed_triplet 222p 4, closed_triplet 555z 8, tsumo 2, rounding 8");
  // Called melds: terminal and honour triplets and kans, open and closed, in the order they were made.
  CHECK(fu_of(win("234m567p2s", "2s").pon("999m").minkan("1111z").seat(1)) ==
        "base 20, open_triplet 999m 4, open_kan 1111z 16, wait tanki 2, rounding 8");
  CHECK(fu_of(win("234m567p5s", "5s").ankan("2222s").minkan("8888p").seat(1)) ==
        "base 20, closed_kan 2222s 16, open_kan 8888p 8, wait tanki 2, rounding 4");
  CHECK(fu_of(win("234m567p5s", "5s").kakan("3333p").pon("666s", Relative::toimen).seat(1)) ==
        "base 20, open_kan 3333p 8, open_triplet 666s 2, wait tanki 2, rounding 8");
  CHECK(fu_of(win("234m567p8s", "8s").ankan("9999m").ankan("7777z").seat(1).tsumo().rinshan()) ==
        "base 20, closed_kan 9999m 32, closed_kan 7777z 32, wait tanki 2, tsumo 2, rounding 2");
  CHECK(fu_of(win("234m55p88s", "8s").ankan("9999m").pon("777z").seat(1)) ==
        "base 20, open_triplet 888s 2, closed_kan 9999m 32, open_triplet 777z 4, rounding 2");
  // Pairs: a dragon 2, one wind 2, the double wind 4 (2 under the 2-fu rule), a suit pair nothing.
  CHECK(fu_of(win("123m456p789s23s77z", "4s").seat(1).riichi()) == "base 20, closed_ron 10, pair 77z 2, rounding 8");
  CHECK(fu_of(win("123m456p789s23s22z", "4s").seat(1).riichi()) == "base 20, closed_ron 10, pair 22z 2, rounding 8");
  CHECK(fu_of(win("123m456p789s23s11z", "4s").seat(1).riichi()) == "base 20, closed_ron 10, pair 11z 2, rounding 8");
  CHECK(fu_of(win("123m456p789s23s33z", "4s").seat(1).riichi()) == "base 20, closed_ron 10");  // West: no one's wind: pinfu
  CHECK(fu_of(win("123m123p1z", "1z").chi("123s").pon("555z").seat(0).tsumo().dora("9p")) ==
        "base 20, open_triplet 555z 4, wait tanki 2, pair 11z 4, tsumo 2, rounding 8");
  CHECK(fu_of(win("123m123p1z", "1z").chi("123s").pon("555z").seat(0).tsumo().dora("9p").rules(
            [](ScoreRules& r) { r.double_wind_pair_fu = 2; })) == "base 20, open_triplet 555z 4, wait tanki 2, pair 11z 2, tsumo 2");
  // An open hand's tsumo rounds up to 30 (not open_pinfu: it has its 2 fu).
  CHECK(fu_of(win("678m345p67s55s", "8s").chi("234m").seat(1).tsumo()) == "base 20, tsumo 2, rounding 8");
  // No fu to explain: a yakuman, no yaku, not complete.
  const auto kokushi = win("19m19p19s1234567z", "1m").seat(1);
  CHECK(fu_breakdown(kokushi, scored(kokushi)).count == 0);
  const auto no_yaku = win("789p456s78s11z", "9s").chi("123m").seat(1);
  CHECK(fu_breakdown(no_yaku, scored(no_yaku)).count == 0);
  CHECK(fu_breakdown(win("123m456p789p13s55s", "1s"), Score{}).count == 0);
  // A score that is not this request's: nothing, not another hand's parts.
  CHECK(fu_breakdown(win("123678m345p67s55s", "8s").seat(1), scored(win("678s11m12345p666z", "3p").seat(1))).count == 0);
}

TEST_CASE("display names: every yaku and limit in English and Japanese, one table") {
  for (int i = 0; i < yaku_count; ++i) {
    const auto y = static_cast<Yaku>(i);
    const DisplayName d = display_name(y);
    CHECK(d.id == yaku_name(y));
    CHECK_MESSAGE(!d.en.empty(), yaku_name(y));
    CHECK_MESSAGE(!d.ja.empty(), yaku_name(y));
  }
  CHECK(display_name(Yaku::menzen_tsumo).en == "Fully concealed hand");
  CHECK(display_name(Yaku::menzen_tsumo).ja == "門前清自摸和");
  CHECK(display_name(Yaku::count).id.empty());
  CHECK(display_name(Limit::none).id.empty());
  for (int i = 1; i < static_cast<int>(Limit::count); ++i) {
    const DisplayName d = display_name(static_cast<Limit>(i));
    CHECK(!d.id.empty());
    CHECK(!d.en.empty());
    CHECK(!d.ja.empty());
  }
  CHECK(display_name(Limit::mangan).ja == "満貫");
  CHECK(display_name(Limit::haneman).ja == "跳満");
  CHECK(display_name(Limit::baiman).ja == "倍満");
  CHECK(display_name(Limit::sanbaiman).ja == "三倍満");
  CHECK(display_name(Limit::kazoe_yakuman).ja == "数え役満");
  CHECK(display_name(Limit::yakuman).ja == "役満");
  CHECK(display_name(Limit::double_yakuman).id == "double_yakuman");
  for (int i = 0; i < static_cast<int>(FuReason::count); ++i) CHECK(fu_reason_name(static_cast<FuReason>(i)) != "unknown");
}

TEST_CASE("the score object: SCORING.md §2's keys first and unchanged, the readable fields after") {
  const auto r = win("123678m345p67s55s", "8s").seat(1).tsumo().dora("9p").riichi();
  const Score s = scored(r);
  std::array<char, 4096> buf;
  JsonWriter old_json(buf);
  write_json(s, r.request().rules, old_json);
  const std::string old_shape(buf.data(), old_json.size());
  CHECK(old_shape ==
        R"({"yaku":[{"name":"riichi","han":1},{"name":"menzen_tsumo","han":1},{"name":"pinfu","han":1}],"han":3,"fu":20,"yakuman":0,"points":2700,"payments":[-1300,2700,-700,-700]})");
  JsonWriter json(buf);
  write_json(s, r.request(), json);
  const std::string text(buf.data(), json.size());
  CHECK(text ==
        R"({"yaku":[{"name":"riichi","han":1,"en":"Riichi","ja":"立直"},{"name":"menzen_tsumo","han":1,"en":"Fully concealed hand","ja":"門前清自摸和"},{"name":"pinfu","han":1,"en":"Pinfu","ja":"平和"}],"han":3,"fu":20,"yakuman":0,"points":2700,"payments":[-1300,2700,-700,-700],"limit":null,"limit_en":null,"limit_ja":null,"payment_text":"700/1300","fu_details":[{"reason":"base","fu":20}]})");
  // A limit, and the fu parts with their tiles and waits.
  const auto mangan = win("111m222p789s33z55z", "5z").seat(1).tsumo();
  JsonWriter m(buf);
  write_json(scored(mangan), mangan.request(), m);
  const std::string mangan_text(buf.data(), m.size());
  CHECK(mangan_text.find(R"("limit":"mangan","limit_en":"Mangan","limit_ja":"満貫","payment_text":"2000/4000","fu_details":[{"reason":"base","fu":20},{"reason":"closed_triplet","tiles":"111m","fu":8},)") != std::string::npos);
  const auto kanchan = win("123m456p789p13s55s", "2s").seat(1).riichi();
  JsonWriter k(buf);
  write_json(scored(kanchan), kanchan.request(), k);
  CHECK(std::string(buf.data(), k.size()).find(R"({"reason":"wait","wait":"kanchan","fu":2})") != std::string::npos);
  // The C ABI writes the same object.
  mjk_score_request req;
  mjk_request_info info;
  const std::string line = "123678m345p67s55s 8s";
  REQUIRE(mjk_parse_request(line.data(), line.size(), &req, nullptr, &info) == MJK_OK);
  req.seat = 1;
  req.tsumo = 1;
  req.riichi = 1;
  req.dora_count = 1;
  req.dora[0] = 9 + 8;  // 9p
  mjk_score_result result;
  REQUIRE(mjk_score(&req, 1, &result, nullptr) == MJK_OK);
  std::size_t needed = 0;
  CHECK(mjk_score_json(&req, &result, nullptr, 0, &needed) == MJK_ERR_OUTPUT_TOO_SMALL);
  CHECK(needed == text.size() + 1);
  std::string c_text(needed, '\0');
  REQUIRE(mjk_score_json(&req, &result, c_text.data(), c_text.size(), &needed) == MJK_OK);
  CHECK(c_text.c_str() == text);
  CHECK(mjk_score_json(nullptr, &result, c_text.data(), c_text.size(), &needed) == MJK_ERR_INVALID_ARGUMENT);
  mjk_score_result incomplete{};
  REQUIRE(mjk_score_json(&req, &incomplete, c_text.data(), c_text.size(), &needed) == MJK_OK);
  CHECK(std::string(c_text.c_str()) == "null");
  // ... and its pieces, for front ends that build their own objects.
  mjk_readable words;
  REQUIRE(mjk_score_readable(&req, &result, &words) == MJK_OK);
  CHECK(words.limit == 0);
  CHECK(std::string(words.payment_text) == "700/1300");
  REQUIRE(words.fu_count == 1);
  CHECK((words.fu[0].reason == MJK_FU_BASE && words.fu[0].fu == 20 && words.fu[0].tiles == 0));
  CHECK(mjk_score_readable(&req, nullptr, &words) == MJK_ERR_INVALID_ARGUMENT);
  const std::string kanchan_line = "123m456p789p13s55s 2s";
  REQUIRE(mjk_parse_request(kanchan_line.data(), kanchan_line.size(), &req, nullptr, &info) == MJK_OK);
  req.riichi = 1;
  REQUIRE(mjk_score(&req, 1, &result, nullptr) == MJK_OK);
  REQUIRE(mjk_score_readable(&req, &result, &words) == MJK_OK);
  REQUIRE(words.fu_count == 4);
  CHECK((words.fu[2].reason == MJK_FU_WAIT && words.fu[2].wait == MJK_WAIT_KANCHAN && words.fu[2].tile == 18 + 1));
  CHECK(std::string(words.payment_text) == "2000");  // the dealer's 1 han 40 fu ron
  CHECK(std::string(mjk_yaku_label(static_cast<int>(Yaku::menzen_tsumo), MJK_NAME_ID)) == "menzen_tsumo");
  CHECK(std::string(mjk_yaku_label(static_cast<int>(Yaku::menzen_tsumo), MJK_NAME_EN)) == "Fully concealed hand");
  CHECK(std::string(mjk_yaku_label(static_cast<int>(Yaku::menzen_tsumo), MJK_NAME_JA)) == "門前清自摸和");
  CHECK(std::string(mjk_yaku_label(MJK_YAKU_COUNT, MJK_NAME_EN)).empty());
  CHECK(std::string(mjk_yaku_label(0, 3)).empty());
  CHECK(std::string(mjk_limit_label(static_cast<int>(Limit::haneman), MJK_NAME_JA)) == "跳満");
  CHECK(std::string(mjk_limit_label(0, MJK_NAME_ID)).empty());
  CHECK(std::string(mjk_limit_label(MJK_LIMIT_COUNT, MJK_NAME_ID)).empty());
  CHECK(std::string(mjk_fu_reason_name(MJK_FU_ROUNDING)) == "rounding");
  CHECK(std::string(mjk_fu_reason_name(MJK_FU_REASON_COUNT)) == "unknown");
  CHECK(std::string(mjk_wait_name(MJK_WAIT_TANKI)) == "tanki");
  CHECK(std::string(mjk_wait_name(MJK_WAIT_NONE)) == "unknown");
}

TEST_CASE("a complete text line without a winning tile: the last tile written is the winning tile") {
  CHECK(last_tile("123678m345p55678s") == "123678m345p5567s 8s");
  CHECK(last_tile("1112345678999m5m") == "1112345678999m 5m");
  CHECK(last_tile("123m456p789s11z440s") == "123m456p789s11z44s 0s");  // a red five
  CHECK(last_tile("  123678m345p55678s  ") == "  123678m345p5567s 8s");
  CHECK(last_tile("m1m2m3p4p5p6s7s8s9z1z1z2z2z2") == "m1m2m3p4p5p6s7s8s9z1z1z2z2 z2");
  CHECK(parse_request("m1m2m3p4p5p6s7s8s9z1z1z2z2 z2").value.has_win);
  CHECK(last_tile("678m345p5567s8s chi:234m") == "678m345p5567s chi:234m 8s");
  // Not for a line naming its winning tile, a short count, JSON or a bad line.
  CHECK(last_tile("123m456p789s11z23s 1s") == "");
  CHECK(last_tile("123m456p789s11z23s") == "");
  CHECK(last_tile("678m345p67s55s chi:234m") == "");
  CHECK(last_tile(R"({"hand": "123678m345p55678s"})") == "");
  CHECK(last_tile("123x") == "");
  CHECK(last_tile("") == "");
  // The rewritten line parses with that winning tile.
  const auto parsed = parse_request(last_tile("123678m345p55678s"));
  REQUIRE(parsed.ok());
  CHECK(parsed.value.has_win);
  CHECK(parsed.value.request.win == *parse_tile("8s"));
  CHECK(parsed.value.scored());
}
