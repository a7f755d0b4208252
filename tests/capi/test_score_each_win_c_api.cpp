// mjk_score_each_win (mjk.h): every winning tile of a waiting hand at once
// must answer as mjk_score of the request with that tile added and won, row
// by row (scores, not complete, a tile's own error); the request's own error
// stops the call and writes nothing.
#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <string>

#include "mjk.h"
#include "mjk/score.hpp"
#include "support/score_requests.hpp"

using namespace mjk;
using namespace mjk::test;

namespace {

// The C struct of a request, field by field as mjk.h mirrors ScoreRequest
// (written here, not taken from capi's private conversion, so a mismatch shows).
mjk_score_request to_c(const ScoreRequest& r) {
  mjk_score_request c{};
  for (int k = 0; k < kind_count; ++k) c.counts[k] = static_cast<std::uint8_t>(r.hand.count(Tile(k)));
  for (std::size_t s = 0; s < 3; ++s) c.red_fives[s] = r.hand.red_fives[s];
  c.meld_count = r.meld_count;
  for (std::size_t i = 0; i < 4; ++i)
    c.melds[i] = {static_cast<std::uint8_t>(r.melds[i].type), static_cast<std::uint8_t>(r.melds[i].tile.kind()),
                  r.melds[i].red, static_cast<std::uint8_t>(r.melds[i].from)};
  c.win = static_cast<std::uint8_t>(r.win.kind());
  c.win_red = r.win_red;
  c.tsumo = r.tsumo;
  c.from = static_cast<std::uint8_t>(r.from);
  c.seat = r.seat;
  c.round = r.round;
  c.riichi = r.riichi;
  c.ippatsu = r.ippatsu;
  c.rinshan = r.rinshan;
  c.chankan = r.chankan;
  c.haitei = r.haitei;
  c.tenhou = r.tenhou;
  c.dora_count = r.dora_count;
  c.ura_count = r.ura_count;
  for (std::size_t i = 0; i < max_indicators; ++i) {
    c.dora[i] = static_cast<std::uint8_t>(r.dora[i].kind());
    c.ura[i] = static_cast<std::uint8_t>(r.ura[i].kind());
  }
  c.nuki = r.nuki;
  c.players = static_cast<std::uint8_t>(r.players);
  c.honba = r.honba;
  c.sticks = r.sticks;
  mjk_default_rules(&c.rules);
  c.rules.open_tanyao = r.rules.open_tanyao;
  c.rules.kiriage = r.rules.kiriage;
  c.rules.kazoe_yakuman = r.rules.kazoe_yakuman;
  c.rules.double_yakuman = r.rules.double_yakuman;
  c.rules.yakuman_stacking = r.rules.yakuman_stacking;
  c.rules.double_wind_pair_fu = r.rules.double_wind_pair_fu;
  c.rules.pao = r.rules.pao;
  c.rules.renhou = static_cast<std::uint8_t>(r.rules.renhou);
  c.rules.sanma_tsumo_loss = r.rules.sanma_tsumo_loss;
  return c;
}

bool same(const mjk_score_result& a, const mjk_score_result& b) { return std::memcmp(&a, &b, sizeof a) == 0; }

// Compares mjk_score_each_win with mjk_score per tile; returns the tiles that complete the hand.
int check_rows(const mjk_score_request& base) {
  std::array<mjk_score_result, MJK_KINDS> each;
  std::array<std::uint8_t, MJK_KINDS> errors;
  errors.fill(99);
  REQUIRE(mjk_score_each_win(&base, each.data(), errors.data()) == MJK_OK);
  int wins = 0;
  for (std::uint8_t k = 0; k < MJK_KINDS; ++k) {
    mjk_score_request one = base;
    ++one.counts[k];
    one.win = k;
    one.win_red = 0;
    mjk_score_result alone;
    std::uint8_t error = 99;
    REQUIRE(mjk_score(&one, 1, &alone, &error) == MJK_OK);
    INFO("kind ", int{k}, ", error ", int{error}, " vs ", int{errors[k]});
    CHECK(errors[k] == error);
    CHECK(same(each[k], alone));
    wins += error == MJK_OK && alone.complete;
  }
  return wins;
}

// Answers the request's own error and writes nothing (out and errors keep their bytes).
int request_error(const mjk_score_request& request) {
  std::array<mjk_score_result, MJK_KINDS> out;
  std::memset(out.data(), 0xab, sizeof out);
  std::array<std::uint8_t, MJK_KINDS> errors;
  errors.fill(99);
  const int e = mjk_score_each_win(&request, out.data(), errors.data());
  for (std::size_t k = 0; k < MJK_KINDS; ++k) {
    CHECK(errors[k] == 99);
    CHECK(out[k].points == static_cast<std::int32_t>(0xabababab));
  }
  return e;
}

}  // namespace

TEST_CASE("C ABI: mjk_score_each_win answers every tile as mjk_score on realistic waiting hands") {
  int wins = 0;
  for (const ScoreRequest& r : wins_like_play(193, 1000)) wins += check_rows(to_c(waiting(r)));
  CHECK(wins >= 1000);  // each hand at least on its own winning tile
}

TEST_CASE("C ABI: mjk_score_each_win on a line without a winning tile") {
  const std::string line =
      R"({"hand": "123678m345p67s55s", "tsumo": true, "seat": "2z", "riichi": true, "dora": "9p"})";
  mjk_score_request req;
  mjk_request_info info;
  REQUIRE(mjk_parse_request(line.data(), line.size(), &req, nullptr, &info) == MJK_OK);
  CHECK(info.has_win == 0);
  CHECK(info.each_win == 0);  // not asked
  std::array<mjk_score_result, MJK_KINDS> out;
  std::array<std::uint8_t, MJK_KINDS> errors;
  REQUIRE(mjk_score_each_win(&req, out.data(), errors.data()) == MJK_OK);
  for (int k = 0; k < MJK_KINDS; ++k) {
    CHECK(errors[static_cast<std::size_t>(k)] == MJK_OK);
    CHECK(out[static_cast<std::size_t>(k)].complete == (k == 22 || k == 25));  // 5s, 8s
  }
  CHECK(out[25].points == 2700);  // riichi, tsumo, pinfu (dora 9p is 1p: none held)
  CHECK(out[25].payments[1] == 2700);
  CHECK(check_rows(req) == 2);
  // errors may be NULL; out may not.
  CHECK(mjk_score_each_win(&req, out.data(), nullptr) == MJK_OK);
  CHECK(mjk_score_each_win(&req, nullptr, errors.data()) == MJK_ERR_INVALID_ARGUMENT);
  CHECK(mjk_score_each_win(nullptr, out.data(), errors.data()) == MJK_ERR_INVALID_ARGUMENT);
}

TEST_CASE("C ABI: mjk_parse_request says when a line asks each_win") {
  const std::string line = R"({"hand": "123678m345p67s55s", "each_win": true, "tsumo": true})";
  mjk_score_request req;
  mjk_request_info info;
  REQUIRE(mjk_parse_request(line.data(), line.size(), &req, nullptr, &info) == MJK_OK);
  CHECK(info.has_win == 0);
  CHECK(info.each_win == 1);
  std::array<mjk_score_result, MJK_KINDS> out;
  REQUIRE(mjk_score_each_win(&req, out.data(), nullptr) == MJK_OK);
  CHECK(out[22].complete);  // 5s
  // each_win with a winning tile is the line's own error, as in mjk --json.
  const std::string both = R"({"hand": "123678m345p67s55s", "win": "8s", "each_win": true})";
  CHECK(mjk_parse_request(both.data(), both.size(), &req, nullptr, &info) != MJK_OK);
  CHECK(info.each_win == 0);
}

TEST_CASE("C ABI: mjk_score_each_win_visible: a wait whose every copy is visible is not won, as its line is rejected") {
  const std::string line = R"({"hand": "123678m345p67s55s", "dora": "8s", "visible": "888s", "each_win": true})";
  mjk_score_request req;
  mjk_request_info info;
  std::array<std::uint8_t, MJK_KINDS> visible{};
  REQUIRE(mjk_parse_request(line.data(), line.size(), &req, visible.data(), &info) == MJK_OK);
  REQUIRE(info.any_visible == 1);
  std::array<mjk_score_result, MJK_KINDS> out;
  std::array<std::uint8_t, MJK_KINDS> errors;
  REQUIRE(mjk_score_each_win_visible(&req, visible.data(), out.data(), errors.data()) == MJK_OK);
  CHECK(errors[25] == MJK_ERR_VISIBLE_OVER_FOUR);  // 8s: three visible, one the indicator
  CHECK(out[25].complete == 0);
  CHECK(errors[22] == MJK_OK);  // 5s still wins
  CHECK(out[22].complete == 1);
  // The line with 8s as its win is rejected with the same code.
  const std::string won = R"({"hand": "123678m345p67s55s", "win": "8s", "dora": "8s", "visible": "888s"})";
  CHECK(mjk_parse_request(won.data(), won.size(), &req, nullptr, &info) == MJK_ERR_VISIBLE_OVER_FOUR);
  // Without visible tiles (NULL) every wait is answered, as mjk_score_each_win.
  REQUIRE(mjk_parse_request(line.data(), line.size(), &req, nullptr, &info) == MJK_OK);
  REQUIRE(mjk_score_each_win_visible(&req, nullptr, out.data(), errors.data()) == MJK_OK);
  CHECK(out[25].complete == 1);
}

TEST_CASE("C ABI: mjk_score_each_win gives a tile that cannot be added its own code, the others their answers") {
  // Four 1m held (111m 123m 567p 789s, 5z tanki): a fifth 1m is the hand's count 5.
  const mjk_score_request held = to_c(waiting(request("111123m567p789s5z", "5z")));
  std::array<mjk_score_result, MJK_KINDS> out;
  std::array<std::uint8_t, MJK_KINDS> errors;
  REQUIRE(mjk_score_each_win(&held, out.data(), errors.data()) == MJK_OK);
  CHECK(errors[0] == MJK_ERR_FIFTH_COPY);  // as the line "111123m567p789s5z 1m" says it
  CHECK(out[0].complete == 0);
  CHECK(errors[31] == MJK_OK);
  CHECK(out[31].complete == 1);  // the 5z tanki still scores
  check_rows(held);
  // The fourth 1m is the dora indicator: a fifth copy across hand and indicators.
  ScoreRequest r = waiting(request("111m234p567s789s5z", "5z"));
  indicators(r, "1m");
  const mjk_score_request dora = to_c(r);
  REQUIRE(mjk_score_each_win(&dora, out.data(), errors.data()) == MJK_OK);
  CHECK(errors[0] == MJK_ERR_FIFTH_COPY);
  CHECK(out[31].complete == 1);
  check_rows(dora);
  // Three players: 2m-8m are not in the rules; 1m and 9m still win.
  ScoreRequest t = waiting(request("11m99m234p567s789s", "1m"));
  t.players = Players::three;
  t.seat = 1;
  const mjk_score_request sanma = to_c(t);
  REQUIRE(mjk_score_each_win(&sanma, out.data(), errors.data()) == MJK_OK);
  for (int k = 1; k <= 7; ++k) CHECK(errors[static_cast<std::size_t>(k)] == MJK_ERR_NOT_IN_RULES);
  CHECK(out[0].complete == 1);
  CHECK(out[8].complete == 1);
  CHECK(check_rows(sanma) == 2);
}

TEST_CASE("C ABI: mjk_score_each_win reports the request's own error and writes nothing") {
  const ScoreRequest base = waiting(request("123678m345p67s55s", "8s"));
  {
    const mjk_score_request complete = to_c(request("123678m345p67s55s", "8s"));  // the win, not the wait
    CHECK(request_error(complete) == MJK_ERR_WRONG_TILE_COUNT);
  }
  {
    mjk_score_request c = to_c(base);  // 13 tiles and a meld
    c.meld_count = 1;
    c.melds[0] = {MJK_CHI, 1, 0, MJK_KAMICHA};
    CHECK(request_error(c) == MJK_ERR_WRONG_MELD_COUNT);
  }
  {
    ScoreRequest r = base;  // riichi on an open hand
    r.hand.remove(*parse_tile("1m")), r.hand.remove(*parse_tile("2m")), r.hand.remove(*parse_tile("3m"));
    meld(r, MeldType::chi, "123m");
    r.riichi = 1;
    CHECK(request_error(to_c(r)) == MJK_ERR_RIICHI_ON_OPEN_HAND);
    r.riichi = 0;
    CHECK(check_rows(to_c(r)) == 2);  // the same hand without riichi is fine
  }
  {
    ScoreRequest r = base;
    r.ippatsu = true;
    CHECK(request_error(to_c(r)) == MJK_ERR_IPPATSU_WITHOUT_RIICHI);
  }
  {
    mjk_score_request c = to_c(base);
    c.counts[27] = 7;  // a count above four
    CHECK(request_error(c) == MJK_ERR_BAD_SLOT);
    c = to_c(base);
    c.players = 5;
    CHECK(request_error(c) == MJK_ERR_BAD_REQUEST);
    c = to_c(base);
    c.red_fives[1] = 1;  // a red 5p with no 5p held
    c.counts[13] = 0;    // 5p
    c.counts[17] = 1;    // 9p
    CHECK(request_error(c) == MJK_ERR_TOO_MANY_RED_FIVES);
  }
  {
    ScoreRequest r = base;  // a fifth 5s across hand and melds: no tile makes it valid
    meld(r, MeldType::pon, "555s");
    r.hand.remove(*parse_tile("1m")), r.hand.remove(*parse_tile("2m")), r.hand.remove(*parse_tile("3m"));
    CHECK(request_error(to_c(r)) == MJK_ERR_FIFTH_COPY);
  }
  {
    ScoreRequest r = base;  // three players, 2m in the hand
    r.players = Players::three;
    CHECK(request_error(to_c(r)) == MJK_ERR_NOT_IN_RULES);
  }
}
