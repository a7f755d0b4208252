// The test wins keep what wins_like_play (support/score_requests.hpp) says
// of them: red fives as they come from a wall with one red five per suit.
#include <doctest/doctest.h>

#include <array>
#include <cstddef>

#include "mjk/score.hpp"
#include "support/score_requests.hpp"

using namespace mjk;

TEST_CASE("wins_like_play: red fives as from a wall with one red five per suit") {
  constexpr std::size_t wins = 100000;
  std::size_t fives_total = 0, red_total = 0, four_plain = 0, two_red = 0;
  for (const ScoreRequest& r : test::wins_like_play(20261126, wins)) {
    std::array<int, 3> fives{}, red{};
    for (std::size_t s = 0; s < 3; ++s) {
      fives[s] = r.hand.count(Tile(static_cast<int>(9 * s + 4)));
      red[s] = r.hand.red_fives[s];
    }
    for (std::size_t i = 0; i < r.meld_count; ++i) {
      const Meld& m = r.melds[i];
      if (m.tile.is_honour()) continue;
      const auto s = static_cast<std::size_t>(m.tile.kind() / 9);
      const int n = m.tile.number();
      if (m.type == MeldType::chi) fives[s] += n >= 3 && n <= 5;
      else if (n == 5) fives[s] += m.size();
      red[s] += m.red;
    }
    for (std::size_t s = 0; s < 3; ++s) {
      fives_total += static_cast<std::size_t>(fives[s]);
      red_total += static_cast<std::size_t>(red[s]);
      four_plain += fives[s] == 4 && red[s] == 0;  // the wall's red five is among them
      two_red += red[s] > 1;
    }
  }
  CHECK(two_red == 0);
  CHECK(four_plain == 0);
  // Each five held is the red one a quarter of the time.
  INFO("red fives ", red_total, " of ", fives_total, " fives");
  CHECK(red_total * 100 >= fives_total * 23);
  CHECK(red_total * 100 <= fives_total * 27);
}
