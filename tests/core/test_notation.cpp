// The notations players paste: each reader, each printer, round trips on
// random hands, errors with positions, and which notation a text is taken for.
#include <doctest/doctest.h>

#include <random>
#include <string>
#include <vector>

#include "mjk/hand.hpp"
#include "mjk/notation.hpp"

using namespace mjk;

namespace {

Hand mpsz(std::string_view text) {
  const auto r = parse_mpsz(text);
  REQUIRE(r.ok());
  return r.value.hand;
}

ParsedMelds read_ok(std::string_view text) {
  const auto r = parse_notation(text);
  INFO(text, " -> ", r.error.message());
  REQUIRE(r.ok());
  return r.value;
}

HandError read_error(std::string_view text) {
  const auto r = parse_notation(text);
  INFO(text);
  REQUIRE_FALSE(r.ok());
  return r.error;
}

// A random hand of 1..14 tiles, at most four of a kind, red fives at random.
Hand random_hand(std::mt19937& rng, int tiles) {
  Hand h;
  std::uniform_int_distribution<int> kind(0, kind_count - 1);
  while (h.tiles < tiles) {
    const Tile t(kind(rng));
    if (h.count(t) < 4) h.add(t);
  }
  for (int s = 0; s < 3; ++s)
    if (h.count(Tile(s * 9 + 4)) > 0 && rng() % 2) h.red_fives[static_cast<std::size_t>(s)] = 1;
  return h;
}

}  // namespace

TEST_CASE("mpsz in capitals reads as in lower case") {
  CHECK(read_ok("123M406P789S1122Z").parsed.hand == mpsz("123m406p789s1122z"));
  CHECK(read_ok("123M406P789S1122Z").parsed.hand.red_fives[1] == 1);
  CHECK(read_ok("123m456P789s1Z 1z").parsed.winning == Tile(27));
}

TEST_CASE("majiang-core's string: concealed tiles and calls with their source") {
  const auto r = read_ok("m123p456s789z11,z333=");
  CHECK(r.parsed.hand == mpsz("123m456p789s11z"));
  REQUIRE(r.meld_count == 1);
  CHECK(r.melds[0].type == MeldType::pon);
  CHECK(r.melds[0].tile == Tile(29));
  CHECK(r.melds[0].from == Relative::toimen);

  const auto calls = read_ok("p11,m1-23,s555+,m5550-,p9999");
  REQUIRE(calls.meld_count == 4);
  CHECK(calls.melds[0] == Meld{MeldType::chi, Tile(0), 0, Relative::kamicha});
  CHECK(calls.melds[1] == Meld{MeldType::pon, Tile(22), 0, Relative::shimocha});
  CHECK(calls.melds[2] == Meld{MeldType::minkan, Tile(4), 1, Relative::kamicha});
  CHECK(calls.melds[3] == Meld{MeldType::ankan, Tile(17), 0, Relative::self});
  CHECK(calls.meld_position[1] == 10);

  const auto kakan = read_ok("m123p456s789z1,s555=5");
  REQUIRE(kakan.meld_count == 1);
  CHECK(kakan.melds[0].type == MeldType::kakan);
  CHECK(kakan.melds[0].from == Relative::toimen);

  // The drawn tile last, as majiang-core writes it; a trailing comma after calls.
  CHECK(read_ok("m123p1234789s338s8").parsed.hand == mpsz("123m1234789p3388s"));
  CHECK(read_ok("m123p456s789z1,z333=,").meld_count == 1);
  CHECK(read_ok("m123p456s789z1,z333= z1").parsed.winning == Tile(27));
}

TEST_CASE("majiang-core's errors name the position") {
  CHECK(read_error("m123p456,z333").code == Error::bad_meld_source);   // a pon with no mark
  CHECK(read_error("m123p456,m2=34").code == Error::bad_meld_source);  // chi not from kamicha
  const auto odd = read_error("m123p456,m135-");
  CHECK(odd.code == Error::bad_meld);
  CHECK(odd.position == 9);
  const auto letter = read_error("m123x4");
  CHECK(letter.code == Error::unknown_character);
  CHECK(letter.position == 4);
  CHECK(read_error("m12z8").code == Error::invalid_honour);
  CHECK(read_error("m12z8").position == 4);
  CHECK(read_error("m11,,m1-23").code == Error::bad_meld);
  CHECK(read_error("m1,m1-23,m1-23,m1-23,m1-23,m1-23").code == Error::wrong_meld_count);
  CHECK(read_error("m11,m550-0").code == Error::too_many_red_fives);
}

TEST_CASE("Unicode tiles: every code point, the dragons' order, variation selectors") {
  const auto all = read_ok("🀇🀈🀉🀊🀋🀌🀍🀎🀏🀙🀚🀛🀜");
  CHECK(all.parsed.hand == mpsz("123456789m1234p"));
  CHECK(read_ok("🀐🀑🀒🀓🀔🀕🀖🀗🀘").parsed.hand == mpsz("123456789s"));
  CHECK(read_ok("🀀🀁🀂🀃🀆🀅🀄").parsed.hand == mpsz("1234567z"));
  CHECK(read_ok("🀝🀞🀟🀠🀡").parsed.hand == mpsz("56789p"));
  CHECK(read_ok("🀄\xEF\xB8\x8F🀄\xEF\xB8\x8E🀄").parsed.hand == mpsz("777z"));
  const auto win = read_ok("🀇🀈🀉🀙🀚🀛🀐🀑🀒🀀🀀🀄🀄 🀄");
  CHECK(win.parsed.winning == Tile(33));
  const auto flower = read_error("🀇🀈🀢");
  CHECK(flower.code == Error::unknown_character);
  CHECK(flower.position == 8);
  CHECK(read_error("🀇\xF0\x9F").code == Error::unknown_character);
  CHECK(read_error(" \xEF\xB8\x8F").code == Error::empty_input);  // a selector alone is no tile
  CHECK(read_error(" \xEF\xB8\x8F").position == 1);
  CHECK(read_error("m,").code == Error::suit_without_digit);
  CHECK(read_error(",z111=").code == Error::unknown_character);  // no suit letter first: mpsz
  CHECK(parse_majiang(",z111=").error.code == Error::empty_input);
  CHECK(read_error("🀇🀇🀇🀇🀇").code == Error::fifth_copy);
  CHECK(read_error("🀇🀇🀇🀇🀇").position == 16);
}

TEST_CASE("which notation a text is taken for") {
  CHECK(detect_notation("123m456p") == Notation::mpsz);
  CHECK(detect_notation("123M456P") == Notation::mpsz);
  CHECK(detect_notation("  m1m2m3p4") == Notation::suit_first);
  CHECK(detect_notation("m1") == Notation::suit_first);
  CHECK(detect_notation("m12") == Notation::majiang);
  CHECK(detect_notation("m1,z111=") == Notation::majiang);
  CHECK(detect_notation("🀇🀈") == Notation::unicode);
  CHECK(detect_notation("123m🀇") == Notation::unicode);  // a stray tile: read as Unicode, fails at the first ASCII byte
  CHECK(read_error("123m🀇").position == 0);
  // Bytes that are not UTF-8 do not make a text Unicode: the bad byte is
  // named where it is, not the text's first ASCII byte.
  CHECK(detect_notation("123m456p\xff") == Notation::mpsz);
  CHECK(read_error("123m456p\xff").code == Error::unknown_character);
  CHECK(read_error("123m456p\xff").position == 8);
  CHECK(read_error("123m4\xe3\x81").position == 5);  // a sequence cut short
  CHECK(read_error("m1m2\xc0").position == 4);
  // Where suit-first and majiang overlap they read the same tiles.
  CHECK(parse_majiang("m1m2m3p4").value.parsed.hand == parse_suit_first("m1m2m3p4").value.hand);
  // Tenhou's ?q= strings are mpsz.
  CHECK(parse_notation("123m456p789s11z", Notation::tenhou).value.parsed.hand == mpsz("123m456p789s11z"));
}

TEST_CASE("names of notations") {
  for (const auto n : {Notation::mpsz, Notation::suit_first, Notation::majiang, Notation::unicode, Notation::tenhou})
    CHECK(notation_of_name(notation_name(n)) == n);
  CHECK_FALSE(notation_of_name("MPSZ").has_value());
}

TEST_CASE("printers: one example each") {
  const Hand h = mpsz("123m406p789s1122z");
  CHECK(to_string(h, Notation::mpsz) == "123m406p789s1122z");
  CHECK(to_string(h, Notation::tenhou) == "123m406p789s1122z");
  CHECK(to_string(h, Notation::majiang) == "m123p406s789z1122");
  CHECK(to_string(h, Notation::suit_first) == "m1m2m3p4p0p6s7s8s9z1z1z2z2");
  CHECK(to_string(mpsz("1239m1p1s1234567z"), Notation::unicode) == "🀇🀈🀉🀏🀙🀐🀀🀁🀂🀃🀆🀅🀄");
  const std::array<Meld, 3> melds = {Meld{MeldType::chi, Tile(3), 1, Relative::kamicha},
                                     Meld{MeldType::kakan, Tile(31), 0, Relative::shimocha},
                                     Meld{MeldType::minkan, Tile(13), 1, Relative::toimen}};
  CHECK(to_string(mpsz("11z"), melds, Notation::majiang) == "z11,m4-06,z555+5,p5550=");
  CHECK(to_string(Tile(4), true, Notation::majiang) == "m0");
  CHECK(to_string(Tile(4), true, Notation::mpsz) == "0m");
  CHECK(to_string(Tile(33), false, Notation::unicode) == "🀄");
}

TEST_CASE("round trips on random hands in every notation") {
  std::mt19937 rng(20261126);
  for (int i = 0; i < 4000; ++i) {
    const Hand h = random_hand(rng, 1 + static_cast<int>(rng() % 14));
    for (const auto n :
         {Notation::mpsz, Notation::suit_first, Notation::majiang, Notation::unicode, Notation::tenhou}) {
      const std::string text = to_string(h, n);
      INFO(notation_name(n), " ", text);
      const auto back = parse_notation(text);
      REQUIRE(back.ok());
      CHECK(back.value.parsed.hand == h);
      if (n != Notation::unicode) CHECK(back.value.parsed.hand.red_fives == h.red_fives);  // Unicode has no red tile
      CHECK(parse_notation(text, n).value.parsed.hand == h);
    }
  }
}

TEST_CASE("round trips of majiang calls") {
  std::mt19937 rng(7);
  for (int i = 0; i < 4000; ++i) {
    const int count = 1 + static_cast<int>(rng() % 4);
    std::vector<Meld> melds;
    for (int m = 0; m < count; ++m) {
      Meld x;
      x.type = static_cast<MeldType>(rng() % 5);
      const int kind = static_cast<int>(rng() % (x.type == MeldType::chi ? 27 : kind_count));
      x.tile = Tile(x.type == MeldType::chi ? kind / 9 * 9 + kind % 7 : kind);
      x.from = x.type == MeldType::ankan ? Relative::self
               : x.type == MeldType::chi ? Relative::kamicha
                                         : static_cast<Relative>(1 + rng() % 3);
      const bool has_five =
          !x.tile.is_honour() &&
          (x.type == MeldType::chi ? x.tile.number() >= 3 && x.tile.number() <= 5 : x.tile.number() == 5);
      x.red = has_five && rng() % 2 ? 1 : 0;
      melds.push_back(x);
    }
    const Hand h = random_hand(rng, 14 - 3 * count - static_cast<int>(rng() % 2));
    const std::string text = to_string(h, melds, Notation::majiang);
    INFO(text);
    const auto back = parse_notation(text);
    REQUIRE(back.ok());
    CHECK(back.value.parsed.hand == h);
    REQUIRE(back.value.meld_count == melds.size());
    for (std::size_t m = 0; m < melds.size(); ++m) CHECK(back.value.melds[m] == melds[m]);
  }
}
