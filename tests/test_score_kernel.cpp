// The kernel's scorer: every case of SCORING.md §5, then every yaku, limit
// and payment rule, errors in batches, and invariants over every closed
// one-suit win.
#include <doctest/doctest.h>

#include <array>
#include <string>
#include <vector>

#include "mjk/score.hpp"
#include "support/score_requests.hpp"

using namespace mjk;
using namespace mjk::score_test;

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

std::array<std::int32_t, 4> pays(std::int32_t e, std::int32_t s, std::int32_t w, std::int32_t n) { return {e, s, w, n}; }

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
  CHECK_FALSE(scored(request("1111m2233p4455s6z", "6z")).complete);
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

TEST_CASE("a bad request gets its own error; the others are answered") {
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
