// score_each_win (score.hpp): every winning tile of a waiting hand at once
// must answer exactly as score() of the request with that tile added and
// won, for all 34 tiles: scores, Score{} for tiles that do not complete the
// hand, and the errors of requests that a tile (or the request) makes invalid.
#include <doctest/doctest.h>

#include <array>
#include <string>
#include <vector>

#include "mjk/score.hpp"
#include "support/score_requests.hpp"

using namespace mjk;
using namespace mjk::test;

namespace {

// Compares score_each_win with score() per tile; returns how many tiles complete the hand.
int check_each_win(const ScoreRequest& base) {
  std::array<Result<Score>, kind_count> each;
  REQUIRE(score_each_win(base, each) == Error::none);
  int wins = 0;
  for (int k = 0; k < kind_count; ++k) {
    ScoreRequest r = base;
    r.hand.add(Tile(k));
    r.win = Tile(k);
    r.win_red = false;
    const Result<Score> one = score(r);
    INFO("tile kind ", k, ", error ", static_cast<int>(one.error), " vs ",
         static_cast<int>(each[static_cast<std::size_t>(k)].error));
    CHECK(each[static_cast<std::size_t>(k)].error == one.error);
    CHECK(each[static_cast<std::size_t>(k)].value == one.value);
    wins += one.ok() && one.value.complete;
  }
  return wins;
}

}  // namespace

TEST_CASE("score_each_win: every tile as score() on realistic waiting hands") {
  int wins = 0;
  for (const ScoreRequest& r : wins_like_play(190, 3000)) wins += check_each_win(waiting(r));
  CHECK(wins >= 3000);  // every hand has at least its own winning tile
}

TEST_CASE("score_each_win: every tile as score() on closed one-suit waiting hands") {
  int wins = 0;
  for (const ScoreRequest& r : one_suit_wins(191, 600)) wins += check_each_win(waiting(r));
  CHECK(wins > 1200);  // one-suit hands wait on several tiles
}

TEST_CASE("score_each_win: seven pairs, thirteen orphans, nine gates") {
  CHECK(check_each_win(waiting(request("1199m3377p2288s5z", "5z"))) == 1);
  CHECK(check_each_win(waiting(request("19m19p19s1234567z", "1z"))) == 13);  // the 13-sided wait
  CHECK(check_each_win(waiting(request("19m19p19s1234566z", "7z"))) == 1);
  CHECK(check_each_win(waiting(request("1112345678999m", "5m", true))) == 9);
  // A hand both seven pairs and a standard form waits on one tile either way.
  CHECK(check_each_win(waiting(request("223344m556677p8s", "8s"))) == 1);
}

TEST_CASE("score_each_win: tiles whose fifth copy or missing 2m-8m makes the request invalid") {
  // The hand holds three 1m and the dora indicator is the fourth: 1m is a fifth copy.
  ScoreRequest r = waiting(request("111m234p567s789s5z", "5z"));
  indicators(r, "1m");
  check_each_win(r);
  // A pon of 5z: the hand's 5z tanki with the meld makes five.
  ScoreRequest p = waiting(request("55z234m567p234s", "5z"));
  meld(p, MeldType::pon, "555z");
  check_each_win(p);
  // Three players: 2m-8m do not exist.
  ScoreRequest t = waiting(request("11m99m234p567s789s", "1m"));
  t.players = Players::three;
  t.seat = 1;
  check_each_win(t);
  // A kind held four times: a fifth is an error, the others still score.
  check_each_win(waiting(request("111123m567p789s5z", "5z")));
}

TEST_CASE("score_each_win: an invalid request gives every tile score()'s error") {
  const ScoreRequest base = waiting(request("123678m345p67s55s", "8s"));
  std::vector<ScoreRequest> bad = broken_requests(base);
  {
    ScoreRequest r = base;  // riichi on an open hand
    r.hand.remove(*parse_tile("1m")), r.hand.remove(*parse_tile("2m")), r.hand.remove(*parse_tile("3m"));
    meld(r, MeldType::chi, "123m");
    r.riichi = 1;
    bad.push_back(r);
  }
  {
    ScoreRequest r = base;
    r.hand.red_fives[1] = 1;  // a red 5p, but the hand has no 5p: only a 5p added makes it valid
    r.hand.remove(*parse_tile("5p"));
    r.hand.add(*parse_tile("9p"));
    bad.push_back(r);
  }
  {
    ScoreRequest r = base;
    r.melds[0].type = static_cast<MeldType>(9);  // a meld past meld_count is not read
    r.meld_count = 5;
    bad.push_back(r);
  }
  for (std::size_t i = 0; i < bad.size(); ++i) {
    INFO("case ", i);
    check_each_win(bad[i]);
  }
}

TEST_CASE("score_each_win: an output shorter than the 34 tiles") {
  std::array<Result<Score>, kind_count - 1> out;
  out[0].error = Error::empty_input;
  CHECK(score_each_win(waiting(request("123678m345p67s55s", "8s")), out) == Error::output_too_small);
  CHECK(out[0].error == Error::empty_input);  // nothing written
}
