// The scorer's suit table (score/src/score_tables.hpp): every split of one
// suit's counts into a head and melds, enumerated once at first use. Its
// sizes are fixed by the game, so they are checked exactly: a change to the
// enumeration that drops or adds a split fails here before any score moves.
#include <doctest/doctest.h>

#include <array>
#include <cstdint>

#include "../score/src/score_tables.hpp"

using namespace mjk::scoring;

namespace {
SuitKey key_of(std::array<std::uint8_t, 9> counts) {
  SuitKey k = 0;
  for (std::size_t n = 0; n < 9; ++n) k |= SuitKey{counts[n]} << (3 * n);
  return k;
}
}  // namespace

TEST_CASE("score: the suit table holds every split of a suit, each once, within its capacity") {
  const SuitTable& t = suit_table();
  CHECK(t.keys() == 21743);
  CHECK(t.enumerated() == 23533);
  CHECK(t.splits() == t.enumerated());
  CHECK(t.splits() <= SuitTable::split_capacity);

  // The empty suit: one empty split.
  auto [none, n0] = t.find(0);
  REQUIRE(n0 == 1);
  CHECK(none->head == 15);
  CHECK(none->triplets + none->sequences == 0);

  // 111222333: three triplets, or three equal sequences (peikou 1); no head.
  auto [splits, n] = t.find(key_of({3, 3, 3, 0, 0, 0, 0, 0, 0}));
  REQUIRE(n == 2);
  int triplet_reading = 0, sequence_reading = 0;
  for (unsigned i = 0; i < n; ++i) {
    triplet_reading += splits[i].triplets == 3 && splits[i].trip_fu == 8 + 4 + 4;
    sequence_reading += splits[i].sequences == 3 && splits[i].peikou == 1 && splits[i].seq == 1;
  }
  CHECK(triplet_reading == 1);
  CHECK(sequence_reading == 1);

  // Counts that do not split (a lone tile, five of a number) are not there.
  CHECK(t.find(key_of({1, 0, 0, 0, 0, 0, 0, 0, 0})).second == 0);
  CHECK(t.find(key_of({0, 0, 0, 0, 2, 1, 0, 0, 0})).second == 0);
}
