// score_won_on_each (score.hpp): one complete hand won on each of several
// tiles must answer, for every tile asked, exactly as score() of the request
// with that tile as its winning one, and leave the other entries alone.
#include <doctest/doctest.h>

#include <array>
#include <vector>

#include "mjk/score.hpp"
#include "support/score_requests.hpp"

using namespace mjk;
using namespace mjk::test;

namespace {

// Every kind (held or not) asked at once, each compared with score(); returns
// how many tiles' answers are complete hands.
int check_won_on_each(const ScoreRequest& base, std::uint64_t wins = (std::uint64_t{1} << kind_count) - 1) {
  std::array<Result<Score>, kind_count> out;
  for (auto& o : out) o.error = Error::empty_input;  // a mark: entries not asked stay so
  REQUIRE(score_won_on_each(base, wins, out) == Error::none);
  int complete = 0;
  for (int k = 0; k < kind_count; ++k) {
    const Result<Score>& got = out[static_cast<std::size_t>(k)];
    if (!((wins >> k) & 1)) {
      CHECK(got.error == Error::empty_input);
      continue;
    }
    ScoreRequest r = base;
    r.win = Tile(k);
    r.win_red = false;
    const Result<Score> one = score(r);
    INFO("tile kind ", k, ", error ", static_cast<int>(one.error), " vs ", static_cast<int>(got.error));
    CHECK(got.error == one.error);
    CHECK(got.value == one.value);
    complete += one.ok() && one.value.complete;
  }
  return complete;
}

}  // namespace

TEST_CASE("score_won_on_each: every tile as score() on realistic wins, tsumo and ron, riichi or not") {
  int complete = 0;
  for (const ScoreRequest& r : wins_like_play(290, 3000)) complete += check_won_on_each(r);
  CHECK(complete >= 3000);  // every hand completes on its own winning tile at least
}

TEST_CASE("score_won_on_each: closed one-suit wins (chuuren's shape takes score() per tile)") {
  int complete = 0;
  for (const ScoreRequest& r : one_suit_wins(291, 600)) complete += check_won_on_each(r);
  CHECK(complete > 1200);
}

TEST_CASE("score_won_on_each: seven pairs, thirteen orphans, nine gates, a subset of tiles") {
  CHECK(check_won_on_each(request("1199m3377p2288s5z", "5z")) == 7);
  CHECK(check_won_on_each(request("19m19p19s1234567z", "1z")) == 13);  // the 13-sided wait on 1z alone
  CHECK(check_won_on_each(request("1112345678999m", "5m", true)) == 9);
  CHECK(check_won_on_each(request("123678m345p67s55s", "8s"), 0x1ull | 0x80ull << 18) == 2);  // 1m and 8s
  CHECK(check_won_on_each(request("123678m345p67s55s", "8s"), 0) == 0);  // nothing asked, nothing written
}

TEST_CASE("score_won_on_each: an invalid request gives every tile score()'s error") {
  const std::vector<ScoreRequest> bad = broken_requests(request("123678m345p67s55s", "8s"));
  for (std::size_t i = 0; i < bad.size(); ++i) {
    INFO("case ", i);
    check_won_on_each(bad[i]);
  }
}

TEST_CASE("score_won_on_each: an output shorter than the 34 tiles") {
  std::array<Result<Score>, kind_count - 1> out;
  out[0].error = Error::empty_input;
  CHECK(score_won_on_each(request("123678m345p67s55s", "8s"), 1, out) == Error::output_too_small);
  CHECK(out[0].error == Error::empty_input);  // nothing written
}
