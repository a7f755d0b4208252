// The kernel's decompositions: known answers, errors, and equivalence with
// scalar_ref (every single-suit and honour agari with every winning tile, and
// random agari hands of all suits, with calls).
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "helpers.hpp"
#include "mjk/decomposition.hpp"
#include "mjk/ref.hpp"
#include "support/count_vectors.hpp"
#include "support/deal.hpp"

using namespace mjk;
using mjk::test::hand;
using Strings = std::vector<std::string>;

namespace {

std::vector<Decomposition> kernel_decompositions(const Hand& h, std::optional<Tile> win) {
  std::array<Decomposition, max_decompositions> out;
  const auto r = decompositions(h, win, out);
  REQUIRE(r.ok());
  return {out.begin(), out.begin() + static_cast<std::ptrdiff_t>(r.value)};
}

Strings texts(std::string_view text) {
  const auto h = hand(text);
  return test::texts(kernel_decompositions(h.hand, h.winning));
}

int mismatches = 0;
std::size_t most = 0;

void compare(const Hand& h, std::optional<Tile> win) {
  std::array<Decomposition, max_decompositions> out;
  const auto r = decompositions(h, win, out);
  const auto want = ref::decompositions(h, win);
  most = std::max(most, want.size());
  const bool same = r.ok() && r.value == want.size() && std::equal(want.begin(), want.end(), out.begin());
  if (!same && ++mismatches <= 10) {
    const std::vector<Decomposition> got(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(r.ok() ? r.value : 0));
    std::string w, g;
    for (const auto& s : test::texts(want)) w += "[" + s + "] ";
    for (const auto& s : test::texts(got)) g += "[" + s + "] ";
    FAIL_CHECK(to_mpsz(h), " win ", win ? tile_name(*win) : "-", ": expected ", w, " got ", g, " (", describe(r.error),
               ")");
  }
}

// Every winning tile the hand holds, and no winning tile.
void compare_all_wins(const Hand& h) {
  compare(h, std::nullopt);
  for (int k = 0; k < kind_count; ++k)
    if (h.count(Tile(k)) > 0) compare(h, Tile(k));
}

}  // namespace

TEST_CASE("kernel decompositions: known answers") {
  CHECK(texts("m1m1m1m2m2m2m3m3m3p8p9p9p9 p7") ==
        Strings{"99p 111m 222m 333m *789p penchan", "99p 123m 123m 123m *789p penchan"});
  CHECK(texts("m2m2m3m4m4m5m5p2p3p4s2s3s4 m3") ==
        Strings{"22m *345m 345m 234p 234s ryanmen", "55m *234m 234m 234p 234s kanchan"});
  CHECK(texts("m1m2m3m3m4p5p6p7s8s8z7z7z7 m2") ==
        Strings{"88s *123m 234m 567p 777z kanchan", "88s 123m *234m 567p 777z ryanmen"});
  CHECK(texts("223344m556677p88s") == Strings{"88s 234m 234m 567p 567p", "22m 33m 44m 55p 66p 77p 88s"});
  CHECK(texts("19m19p19s1234567z 1m") == Strings{"*11m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z kokushi13"});
  CHECK(texts("19m19p19s123456z1m 7z") == Strings{"11m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z *7z kokushi"});
  CHECK(texts("123m456p5789s111z 5s") == Strings{"*55s 123m 456p 789s 111z tanki"});
  CHECK(texts("123m456p55789s11z 1z") == Strings{"55s 123m 456p 789s *111z shanpon"});
  CHECK(texts("5z 5z") == Strings{"*55z tanki"});
  CHECK(texts("1111m2233p4455s66z").empty());
  CHECK(texts("123m456p789s12z").empty());
}

TEST_CASE("kernel decompositions: errors") {
  std::array<Decomposition, max_decompositions> out;
  CHECK(decompositions(hand("123m456p789s1z").hand, std::nullopt, out).error == Error::wrong_tile_count);
  CHECK(decompositions(hand("123m456p789s11z").hand, Tile(5), out).error == Error::bad_winning_tile);
  std::array<Decomposition, 1> small;
  CHECK(decompositions(hand("111222333m78999p").hand, std::nullopt, small).error == Error::output_too_small);
  Hand bad = hand("123m456p789s11z").hand;
  bad.slots[10] = 1, bad.tiles = 12;
  CHECK(decompositions(bad, std::nullopt, out).error == Error::bad_slot);
  // A Tile built from an out-of-range int is refused, never read past the tables.
  CHECK(decompositions(hand("123m456p789s11z").hand, Tile(200), out).error == Error::bad_winning_tile);
  CHECK(decompositions(hand("123m456p789s11z").hand, Tile(34), out).error == Error::bad_winning_tile);
}

TEST_CASE("kernel decompositions: batch API packs hands into one storage") {
  std::vector<Hand> hands = {hand("111222333m78999p").hand, hand("12345m").hand, hand("55z").hand};
  std::vector<std::optional<Tile>> wins = {Tile(15), std::nullopt, Tile(31)};
  std::vector<Decomposition> storage(16);
  std::vector<Result<Slice>> out(3);
  REQUIRE(decompositions(hands, wins, storage, out) == Error::none);
  CHECK(out[0].value.offset == 0);
  CHECK(out[0].value.count == 2);
  CHECK(out[1].value.count == 0);
  CHECK(out[2].value.offset == 2);
  CHECK(out[2].value.count == 1);
  CHECK(test::text(storage[2]) == "*55z tanki");
  std::vector<Decomposition> tiny(2);
  REQUIRE(decompositions(hands, wins, tiny, out) == Error::none);
  CHECK(out[0].ok());
  CHECK(out[2].error == Error::output_too_small);

  // Once a hand does not fit, later hands are not packed even if they would:
  // slices stay in hand order.
  std::vector<Hand> order = {hand("55z").hand, hand("111222333m78999p").hand, hand("55z").hand};
  std::vector<std::optional<Tile>> order_wins = {Tile(31), Tile(15), Tile(31)};
  REQUIRE(decompositions(order, order_wins, tiny, out) == Error::none);
  CHECK(out[0].ok());
  CHECK(out[0].value.count == 1);
  CHECK(out[1].error == Error::output_too_small);
  CHECK(out[1].value.count == 0);
  CHECK(out[2].error == Error::output_too_small);
  CHECK(out[2].value.count == 0);
}

TEST_CASE("kernel decompositions: every single-suit and honour agari, every winning tile") {
  mismatches = 0;
  for (int group : {0, 1, 2, 3}) {
    const int kinds = group == 3 ? 7 : 9;
    test::each_count_vector(kinds, 14, [&](const std::array<int, 9>& c, int sum) {
      if (sum % 3 != 2) return;
      Hand h;
      for (int k = 0; k < kinds; ++k) h.add(Tile(group * 9 + k), c[static_cast<std::size_t>(k)]);
      if (ref::is_agari(h)) compare_all_wins(h);
    });
  }
  MESSAGE("most readings of one hand: ", most);
  CHECK(most <= max_decompositions);
  CHECK(mismatches == 0);
}

TEST_CASE("kernel decompositions: random agari hands, all suits, with calls" * doctest::test_suite("exhaustive")) {
  mismatches = 0;
  const char* env = std::getenv("MJK_RANDOM_HANDS");
  const std::size_t n = env && *env ? std::strtoull(env, nullptr, 10) : 1000000;
  deal::Rng rng(6);
  std::uniform_int_distribution<int> melds(0, 4);
  for (std::size_t i = 0; i < n; ++i) {
    const Hand h = deal::complete(rng, i % 2 ? 4 : melds(rng));
    Hand rest = h;
    const Tile win = deal::remove_random(rng, rest);  // a tile of the hand
    compare(h, i % 5 ? std::optional<Tile>(win) : std::nullopt);
  }
  MESSAGE(n, " random agari hands checked");
  CHECK(mismatches == 0);
}
