// The last-tile rule of text lines: a complete line without a winning tile
// has its last written tile as the winning tile (last_tile_as_win).
#include <doctest/doctest.h>

#include <array>
#include <string>

#include "mjk/request.hpp"

using namespace mjk;

namespace {

std::string last_tile(std::string_view line) {
  std::array<char, 64> out;
  const std::size_t n = last_tile_as_win(line, out);
  REQUIRE(n <= out.size());
  return {out.data(), n};
}

}  // namespace

TEST_CASE("a complete text line without a winning tile: the last tile written is the winning tile") {
  CHECK(last_tile("123678m345p55678s") == "123678m345p5567s 8s");
  CHECK(last_tile("1112345678999m5m") == "1112345678999m 5m");
  CHECK(last_tile("123m456p789s11z440s") == "123m456p789s11z44s 0s");  // a red five
  CHECK(last_tile("  123678m345p55678s  ") == "  123678m345p5567s 8s");
  CHECK(last_tile("m1m2m3p4p5p6s7s8s9z1z1z2z2z2") == "m1m2m3p4p5p6s7s8s9z1z1z2z2 z2");
  CHECK(parse_request("m1m2m3p4p5p6s7s8s9z1z1z2z2 z2").value.has_win);
  CHECK(last_tile("678m345p5567s8s chi:234m") == "678m345p5567s chi:234m 8s");
  // majiang-core's form: the digits after their suit letter, the calls after commas.
  CHECK(last_tile("m123p456s789z11,z333=") == "m123p456s789z1,z333= z1");
  CHECK(last_tile("m123p456s789z11222") == "m123p456s789z1122 z2");
  CHECK(parse_request(last_tile("m123p456s789z11,z333=")).value.scored());
  // Not for a line naming its winning tile, a short count, JSON or a bad line.
  CHECK(last_tile("123m456p789s11z23s 1s") == "");
  CHECK(last_tile("123m456p789s11z23s") == "");
  CHECK(last_tile("678m345p67s55s chi:234m") == "");
  CHECK(last_tile(R"({"hand": "123678m345p55678s"})") == "");
  CHECK(last_tile("123x") == "");
  CHECK(last_tile("") == "");
  // The rewritten line parses with that winning tile.
  const auto parsed = parse_request(last_tile("123678m345p55678s"));
  REQUIRE(parsed.ok());
  CHECK(parsed.value.has_win);
  CHECK(parsed.value.request.win == *parse_tile("8s"));
  CHECK(parsed.value.scored());
}
