// Known answers for the scalar reference, each worked out by hand.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "helpers.hpp"
#include "mjk/ref.hpp"

using namespace mjk;
using mjk::test::hand;
using mjk::test::texts;
using mjk::test::tiles;
using Strings = std::vector<std::string>;

namespace {

Strings decompositions(std::string_view text) {
  const auto h = hand(text);
  return texts(ref::decompositions(h.hand, h.winning));
}

std::string waits(std::string_view text) { return tiles(ref::waits(hand(text).hand)); }
bool agari(std::string_view text) { return ref::is_agari(hand(text).hand); }

}  // namespace

TEST_CASE("suit-first form: every decomposition, with the block holding the winning tile") {
  CHECK(decompositions("m1m1m1m2m2m2m3m3m3p8p9p9p9 p7") ==
        Strings{"99p 111m 222m 333m *789p penchan", "99p 123m 123m 123m *789p penchan"});
  CHECK(decompositions("m2m2m3m4m4m5m5p2p3p4s2s3s4 m3") ==
        Strings{"22m *345m 345m 234p 234s ryanmen", "55m *234m 234m 234p 234s kanchan"});
  CHECK(decompositions("m1m2m3m3m4p5p6p7s8s8z7z7z7 m2") ==
        Strings{"88s *123m 234m 567p 777z kanchan", "88s 123m *234m 567p 777z ryanmen"});
}

TEST_CASE("every wait kind") {
  CHECK(decompositions("23m456p55789s111z 4m") == Strings{"55s *234m 456p 789s 111z ryanmen"});
  CHECK(decompositions("13m456p55789s111z 2m") == Strings{"55s *123m 456p 789s 111z kanchan"});
  CHECK(decompositions("12m456p55789s111z 3m") == Strings{"55s *123m 456p 789s 111z penchan"});
  CHECK(decompositions("89m456p55789s111z 7m") == Strings{"55s *789m 456p 789s 111z penchan"});
  CHECK(decompositions("123m456p5789s111z 5s") == Strings{"*55s 123m 456p 789s 111z tanki"});
  CHECK(decompositions("123m456p55789s11z 1z") == Strings{"55s 123m 456p 789s *111z shanpon"});
  // Without a named winning tile there is no win block and no wait.
  CHECK(decompositions("123m456p55789s111z") == Strings{"55s 123m 456p 789s 111z"});
}

TEST_CASE("nine-sided wait") {
  CHECK(waits("1112345678999m") == "1m 2m 3m 4m 5m 6m 7m 8m 9m");
  CHECK(waits("m1m1m1m2m3m4m5m6m7m8m9m9m9") == "1m 2m 3m 4m 5m 6m 7m 8m 9m");
}

TEST_CASE("seven pairs: distinct pairs only, and alongside the standard form") {
  CHECK_FALSE(agari("1111m2233p4455s66z"));  // a quad is not two pairs
  CHECK(decompositions("1111m2233p4455s66z").empty());
  CHECK(agari("1133m5577p99s1122z"));
  CHECK(decompositions("1133m5577p99s112z 2z") == Strings{"11m 33m 55p 77p 99s 11z *22z tanki"});
  CHECK(decompositions("223344m556677p88s") == Strings{"88s 234m 234m 567p 567p", "22m 33m 44m 55p 66p 77p 88s"});
  const auto d = ref::decompositions(hand("223344m556677p88s").hand, std::nullopt);
  REQUIRE(d.size() == 2);
  CHECK(d[0].form == Form::standard);
  CHECK(d[1].form == Form::chiitoi);
  CHECK(waits("1133m5577p99s112z") == "2z");
}

TEST_CASE("thirteen orphans: single wait and thirteen-sided") {
  CHECK(waits("19m19p19s1234567z") == "1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z");
  CHECK(waits("19m19p19s123456z1m") == "7z");
  CHECK(decompositions("19m19p19s1234567z 1m") == Strings{"*11m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z kokushi13"});
  CHECK(decompositions("19m19p19s123456z1m 7z") == Strings{"11m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z *7z kokushi"});
  CHECK(ref::is_kokushi(hand("119m19p19s1234567z").hand));
  CHECK_FALSE(agari("119m19p19s123456z5m"));
}

TEST_CASE("called-meld hands: 1, 2, 4, 5, 7, 8, 10 and 11 concealed tiles") {
  CHECK(waits("5z") == "5z");
  CHECK(agari("55z"));
  CHECK(decompositions("5z 5z") == Strings{"*55z tanki"});
  CHECK_FALSE(agari("56z"));
  CHECK(waits("3334m") == "2m 4m 5m");
  CHECK(agari("22m456p"));
  CHECK(waits("1234567m") == "1m 4m 7m");
  CHECK(decompositions("23456788m") == Strings{"88m 234m 567m"});
  CHECK(waits("123m456p789s1z") == "1z");
  CHECK(agari("123m456p789s11z"));
  CHECK_FALSE(agari("123m456p789s12z"));
  // Seven pairs and thirteen orphans need a closed hand.
  CHECK_FALSE(ref::is_chiitoi(hand("11m22p33s44z55z").hand));
}

TEST_CASE("a wait on a kind held four times is no wait") {
  CHECK(waits("1111m123p112233s").empty());
  CHECK(waits("1111234444m") == "");  // four of a kind used as a wait: not tenpai
  CHECK(waits("1111m") == "");
  CHECK(waits("1112m") == "2m 3m");
}

TEST_CASE("tenpai discards") {
  const auto d = ref::tenpai_discards(hand("12345m").hand);
  CHECK(tiles(d.discards) == "1m 2m 4m 5m");
  CHECK(tiles(d.waits[0]) == "2m 5m");
  CHECK(tiles(d.waits[1]) == "1m");
  CHECK(tiles(d.waits[3]) == "5m");
  CHECK(tiles(d.waits[4]) == "1m 4m");
  CHECK(tiles(d.waits[2]).empty());
  const auto two = ref::tenpai_discards(hand("56z").hand);
  CHECK(tiles(two.discards) == "5z 6z");
  CHECK(tiles(two.waits[31]) == "6z");
  CHECK(ref::tenpai_discards(hand("11112222333444z").hand).discards.empty());
}

TEST_CASE("exact shanten, including the cases the block formula gets wrong") {
  auto s = ref::shanten(hand("1111m123p112233s").hand);
  CHECK(s.standard == 1);  // its only wait would be a fifth 1m
  s = ref::shanten(hand("11112222333444z").hand);
  CHECK(s.standard == 1);  // its pair can't come from kinds held four times
  CHECK(s.best() == 1);
  s = ref::shanten(hand("123m456p789s11z23s").hand);
  CHECK(s.best() == 0);
  s = ref::shanten(hand("123m456p789s11z234s").hand);
  CHECK(s.best() == -1);
  s = ref::shanten(hand("19m19p19s1234567z").hand);
  CHECK(s.kokushi == 0);
  CHECK(s.best() == 0);
  s = ref::shanten(hand("1133m5577p99s112z").hand);
  CHECK(s.chiitoi == 0);
  s = ref::shanten(hand("147m258p369s1234z").hand);  // 13 isolated tiles
  CHECK(s.standard == 8);                            // four melds from single tiles (2 draws each) and a head (1)
  CHECK(s.chiitoi == 6);
  CHECK(s.kokushi == 7);
  s = ref::shanten(hand("123m45p").hand);  // two called melds
  CHECK(s.standard == 0);
  CHECK_FALSE(s.chiitoi);
  CHECK_FALSE(s.kokushi);
}
