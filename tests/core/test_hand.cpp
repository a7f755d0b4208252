// The hand model: layout, conversions, and every parser error.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "mjk/hand.hpp"

using namespace mjk;

namespace {

Hand parse_ok(std::string_view text) {
  const auto r = parse_hand(text);
  INFO(text, " -> ", r.error.message());
  REQUIRE(r.ok());
  return r.value.hand;
}

HandError parse_error(std::string_view text) {
  const auto r = parse_hand(text);
  INFO(text);
  REQUIRE_FALSE(r.ok());
  return r.error;
}

}  // namespace

TEST_CASE("tile kinds map to the padded 12-per-suit slots") {
  CHECK(Tile(0).slot() == 0);    // 1m
  CHECK(Tile(8).slot() == 8);    // 9m
  CHECK(Tile(9).slot() == 12);   // 1p
  CHECK(Tile(26).slot() == 32);  // 9s
  const int honours[7] = {36, 37, 39, 40, 42, 43, 45};
  for (int h = 0; h < 7; ++h) CHECK(Tile(27 + h).slot() == honours[h]);
  int occupied = 0;
  for (int s = 0; s < slot_count; ++s) {
    const auto t = Tile::from_slot(s);
    if (!t) continue;
    ++occupied;
    CHECK(t->slot() == s);
  }
  CHECK(occupied == 34);
  // No three consecutive honour slots are occupied, so honours never form a sequence.
  for (int s = 36; s + 2 < 48; ++s)
    CHECK_FALSE((Tile::from_slot(s) && Tile::from_slot(s + 1) && Tile::from_slot(s + 2)));
}

TEST_CASE("mpsz text round-trips, red fives kept for printing") {
  const Hand h = parse_ok("123m406p789s11z");
  CHECK(h.tiles == 11);
  CHECK(h.count(*parse_tile("5p")) == 1);
  CHECK(h.red_fives[1] == 1);
  CHECK(to_mpsz(h) == "123m406p789s11z");
  CHECK(to_mpsz(parse_ok("z1z1 ")) == "11z");
  CHECK(to_mpsz(parse_ok("3m2m1m")) == "123m");
  CHECK(to_mpsz(parse_ok("5505s")) == "0555s");
  CHECK(parse_ok("1m1m1m") == parse_ok("m1m1m1"));
}

TEST_CASE("a winning tile after a space is part of the hand") {
  const auto r = parse_hand("123m456p789s11z23s 1s");
  REQUIRE(r.ok());
  CHECK(r.value.hand.tiles == 14);
  REQUIRE(r.value.winning);
  CHECK(tile_name(*r.value.winning) == "1s");
  const auto seed = parse_hand("m1m1m1m2m2m2m3m3m3p8p9p9p9 p7");
  REQUIRE(seed.ok());
  CHECK(seed.value.hand.tiles == 14);
  CHECK(tile_name(*seed.value.winning) == "7p");
  CHECK(to_mpsz(seed.value.hand) == "111222333m78999p");
  CHECK(to_suit_first(seed.value.hand) == "m1m1m1m2m2m2m3m3m3p7p8p9p9p9");
}

TEST_CASE("34-count arrays and 136 tile ids") {
  std::array<int, kind_count> counts{};
  counts[0] = 3;
  counts[33] = 2;
  const auto h = from_counts34(counts);
  REQUIRE(h.ok());
  CHECK(to_mpsz(h.value) == "111m77z");
  CHECK(to_counts34(h.value) == counts);

  const std::vector<int> ids = {0, 1, 2, 132, 133, 16};  // 16 is the red 5m
  const auto from_ids = from_tile_ids(ids);
  REQUIRE(from_ids.ok());
  CHECK(to_mpsz(from_ids.value) == "1110m77z");
  CHECK(to_tile_ids(from_ids.value) == std::vector<int>{0, 1, 2, 16, 132, 133});

  counts[5] = 5;
  CHECK(from_counts34(counts).error.code == Error::fifth_copy);
  counts[5] = -1;
  CHECK(from_counts34(counts).error.code == Error::bad_slot);
  CHECK(from_tile_ids(std::vector<int>{1, 1}).error.code == Error::bad_tile_id);
  CHECK(from_tile_ids(std::vector<int>{136}).error.code == Error::bad_tile_id);
  CHECK(from_tile_ids(std::vector<int>{-1}).error.code == Error::bad_tile_id);
  CHECK(from_tile_ids(std::vector<int>{}).error.code == Error::empty_input);
}

TEST_CASE("every parser error names what is wrong and where") {
  auto e = parse_error("123m45x6p");
  CHECK(e.code == Error::unknown_character);
  CHECK(e.position == 6);
  CHECK(e.message() == "unknown character at position 6");

  e = parse_error("123m456");
  CHECK(e.code == Error::digit_without_suit);
  CHECK(e.position == 4);

  e = parse_error("1112345678999");  // digits only: no suit at all
  CHECK(e.code == Error::digit_without_suit);

  e = parse_error("123mp");
  CHECK(e.code == Error::suit_without_digit);
  CHECK(e.position == 4);

  for (const char* bad : {"8z", "9z", "0z", "118z"}) {
    e = parse_error(bad);
    CHECK(e.code == Error::invalid_honour);
  }
  CHECK(parse_error("118z").position == 2);

  e = parse_error("11111m");
  CHECK(e.code == Error::fifth_copy);
  CHECK(e.position == 4);
  CHECK(e.message() == "fifth copy of 1m at position 4");
  CHECK(parse_error("5550m5m").code == Error::fifth_copy);  // red fives are fives

  e = parse_error("123456789m123456p");
  CHECK(e.code == Error::too_many_tiles);
  CHECK(e.position == 15);

  CHECK(parse_error("").code == Error::empty_input);
  CHECK(parse_error("   ").code == Error::empty_input);
  CHECK(parse_error("123m456p789s11z2s 3s").code == Error::wrong_count_before_winning_tile);
  CHECK(parse_error("123m456p789s1z23s 1s").code == Error::wrong_count_before_winning_tile);
  CHECK(parse_error("123m456p789s11z23s 12s").code == Error::bad_winning_tile);
  CHECK(parse_error("123m456p789s11z23s 1s 2s").code == Error::bad_winning_tile);
  CHECK(parse_error("123m456p789s1111z 1z").code == Error::fifth_copy);

  // One red five per suit: the 136 tiles have no second one.
  e = parse_error("00m");
  CHECK(e.code == Error::too_many_red_fives);
  CHECK(e.position == 1);
  CHECK(e.message() == "a second red five (0m) at position 1: each suit has one");
  CHECK(parse_error("0000m").code == Error::too_many_red_fives);
  CHECK(parse_error("123m456p789s11z05p 0p").code == Error::too_many_red_fives);
  CHECK(parse_error("m0m0").code == Error::too_many_red_fives);
  CHECK(parse_ok("0m0p0s").red_fives == std::array<std::uint8_t, 3>{1, 1, 1});
  CHECK(to_suit_first(parse_ok("505m0p")) == "m0m5m5p0");  // the suit-first form keeps red fives too

  // suit-first form
  CHECK(parse_error("m1m2x3").code == Error::unknown_character);
  CHECK(parse_error("m1m").code == Error::suit_without_digit);
  CHECK(parse_error("m1mm").code == Error::suit_without_digit);
  CHECK(parse_error("z8").code == Error::invalid_honour);
  CHECK(parse_error("m1m1m1m1m1").code == Error::fifth_copy);
}

TEST_CASE("garbage bytes are rejected, never crash") {
  const std::string garbage[] = {std::string("\x00\x01\xff", 3), "\xe6\x9d\xb1", "\n\t", "m", "0", "-1m", "1m\x80"};
  for (const auto& g : garbage) {
    const auto r = parse_hand(g);
    CHECK_FALSE(r.ok());
    CHECK_FALSE(r.error.message().empty());
  }
}

TEST_CASE("validate checks what the kernel relies on") {
  Hand h = parse_ok("123m456p789s11z");
  CHECK_FALSE(validate(h));
  CHECK_FALSE(validate(h, Question::complete));
  CHECK(validate(h, Question::waits).code == Error::wrong_tile_count);

  Hand padded = h;
  padded.slots[9] = 1;  // slot after 9m is padding
  padded.tiles = 12;
  CHECK(validate(padded).code == Error::bad_slot);
  CHECK(validate(padded).position == 9);

  Hand five = h;
  five.slots[0] = 5;
  five.tiles = 15;
  CHECK(validate(five).code == Error::bad_slot);

  Hand miscounted = h;
  miscounted.tiles = 13;
  CHECK(validate(miscounted).code == Error::count_mismatch);

  Hand empty;
  CHECK(validate(empty).code == Error::wrong_tile_count);

  Hand fifteen = parse_ok("123456789m12345p");
  fifteen.add(Tile(30));
  CHECK(validate(fifteen).code == Error::too_many_tiles);
  CHECK(validate(fifteen).message() == "more than 14 tiles (15)");
}

TEST_CASE("a red winning tile stays red and separate from the hand") {
  const auto r = parse_hand("1m 0m");
  REQUIRE(r.ok());
  CHECK(r.value.winning == Tile(4));
  CHECK(r.value.winning_red);
  CHECK(r.value.hand.red_fives[0] == 1);
  const auto plain = parse_hand("1m 5m");
  REQUIRE(plain.ok());
  CHECK_FALSE(plain.value.winning_red);
  CHECK(plain.value.hand.red_fives[0] == 0);
}

TEST_CASE("an error's sentence is written into caller storage without allocating, cut where the storage ends") {
  const std::string sample = HandError{Error::fifth_copy, 4, Tile(0), 0}.message();
  CHECK(sample == "fifth copy of 1m at position 4");
  for (int c = 0; c <= static_cast<int>(Error::invalid_argument); ++c) {
    for (const HandError e : {HandError{static_cast<Error>(c), 4294967295u, Tile(4), 14},
                              HandError{static_cast<Error>(c), 0, std::nullopt, 0}}) {
      INFO("code ", c);
      char full[HandError::max_message];
      const std::size_t n = e.write(full);
      CHECK(n < HandError::max_message);  // never cut in a buffer of max_message
      CHECK(std::string(full, n) == e.message());
      CHECK(n > 0);
      char small[7];
      const std::size_t m = e.write(small);
      CHECK(m == std::min<std::size_t>(n, sizeof small));
      CHECK(std::string(small, m) == std::string(full, m));
    }
  }
}
