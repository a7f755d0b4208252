// The score as players say it: limit names, payment texts, the fu part by
// part and display names. Hand-checked cases; the equivalence sets
// (test_score_equivalence.cpp) check every win's fu parts and payment text.
// The "score" object's readable fields are tested with the C ABI
// (capi/test_score_object.cpp), the last-tile rule with the request readers
// (io/test_last_tile.cpp).
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <string>

#include "mjk/score.hpp"
#include "support/fu_check.hpp"
#include "support/score_requests.hpp"
#include "support/scored.hpp"

using namespace mjk;
using mjk::test::scored;
using mjk::test::win;

namespace {

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
  const auto kazoe_off =
      win("1112345678899p", "7p").seat(0).riichi().ippatsu().tsumo().dora("9p8p").rules([](ScoreRules& r) {
        r.kazoe_yakuman = false;
      });
  CHECK(limit_of(scored(kazoe_off), kazoe_off.request().rules) == Limit::sanbaiman);
  const auto seven_seven = win("234234m567p6788s", "8s").seat(1).riichi().dora("9p");
  CHECK(limit_of(scored(seven_seven), {}) == Limit::none);
  CHECK(limit_of(scored(seven_seven), kiriage) == Limit::mangan);
  const auto stacked = win("111z222z555z666z7z", "7z").seat(1).tsumo();
  CHECK(limit_of(scored(stacked), {}) == Limit::triple_yakuman);
  ScoreRules single;
  single.yakuman_stacking = false;
  const auto capped =
      win("111z222z555z666z7z", "7z").seat(1).tsumo().rules([](ScoreRules& r) { r.yakuman_stacking = false; });
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
  CHECK(pay_of(win("111m222p789s33z55z", "5z").seat(1).riichi()) ==
        "3200");  // the ron opens the 5z triplet: 2 han 50 fu
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
  const auto no_loss = [&](int seat) { return sanma(seat).rules([](ScoreRules& r) { r.sanma_tsumo_loss = false; }); };
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
  CHECK(fu_of(win("123m456p789p13s55s", "2s").seat(1).riichi()) ==
        "base 20, closed_ron 10, wait kanchan 2, rounding 8");
  CHECK(fu_of(win("123m456p789p12s55s", "3s").seat(1).riichi()) ==
        "base 20, closed_ron 10, wait penchan 2, rounding 8");
  CHECK(fu_of(win("123m456p789p123s5s", "5s").seat(1).riichi()) == "base 20, closed_ron 10, wait tanki 2, rounding 8");
  CHECK(fu_of(win("123m567p789s2244p", "4p").seat(1).riichi()) ==
        "base 20, closed_ron 10, open_triplet 444p 2, rounding 8");
  // 4p completes 444p (shanpon) or 456p with 444p closed: the same 40 fu; the scorer keeps the first.
  CHECK(fu_of(win("123m456p789s2244p", "4p").seat(1).riichi()) ==
        "base 20, closed_ron 10, closed_triplet 444p 4, rounding 6");
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
  CHECK(fu_of(win("123m456p789s23s33z", "4s").seat(1).riichi()) ==
        "base 20, closed_ron 10");  // West: no one's wind: pinfu
  CHECK(fu_of(win("123m123p1z", "1z").chi("123s").pon("555z").seat(0).tsumo().dora("9p")) ==
        "base 20, open_triplet 555z 4, wait tanki 2, pair 11z 4, tsumo 2, rounding 8");
  CHECK(fu_of(win("123m123p1z", "1z").chi("123s").pon("555z").seat(0).tsumo().dora("9p").rules([](ScoreRules& r) {
          r.double_wind_pair_fu = 2;
        })) == "base 20, open_triplet 555z 4, wait tanki 2, pair 11z 2, tsumo 2");
  // An open hand's tsumo rounds up to 30 (not open_pinfu: it has its 2 fu).
  CHECK(fu_of(win("678m345p67s55s", "8s").chi("234m").seat(1).tsumo()) == "base 20, tsumo 2, rounding 8");
  // No fu to explain: a yakuman, no yaku, not complete.
  const auto kokushi = win("19m19p19s1234567z", "1m").seat(1);
  CHECK(fu_breakdown(kokushi, scored(kokushi)).count == 0);
  const auto no_yaku = win("789p456s78s11z", "9s").chi("123m").seat(1);
  CHECK(fu_breakdown(no_yaku, scored(no_yaku)).count == 0);
  CHECK(fu_breakdown(win("123m456p789p13s55s", "1s"), Score{}).count == 0);
  // A score that is not this request's: nothing, not another hand's parts.
  CHECK(fu_breakdown(win("123678m345p67s55s", "8s").seat(1), scored(win("678s11m12345p666z", "3p").seat(1))).count ==
        0);
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
  for (int i = 0; i < static_cast<int>(FuReason::count); ++i)
    CHECK(fu_reason_name(static_cast<FuReason>(i)) != "unknown");
}
