// Shanten, necessary tiles and discard advice: known answers worked out by
// hand. Each answer is the reference's; every kernel implementation that has
// the operation must give the same one.
#include <doctest/doctest.h>

#include <array>
#include <span>
#include <string>
#include <vector>

#include "helpers.hpp"
#include "mjk/implementation.hpp"
#include "mjk/ref.hpp"
#include "support/shanten_ops.hpp"
#include "support/each_impl.hpp"

using namespace mjk;
using mjk::test::hand;
using mjk::test::text;
using mjk::test::tiles;

namespace {

constexpr Players four = Players::four, three = Players::three;

std::array<std::uint8_t, kind_count> visible_of(std::string_view mpsz) {
  std::array<std::uint8_t, kind_count> v{};
  if (mpsz.empty()) return v;
  const Hand h = hand(mpsz).hand;
  for (int k = 0; k < kind_count; ++k) v[static_cast<std::size_t>(k)] = static_cast<std::uint8_t>(h.count(Tile(k)));
  return v;
}

// The reference's answer, after checking every kernel implementation gives it too.
template <class T, class Ref, class Run>
T everywhere(std::string_view hand_text, Players players, std::string_view seen, Ref ref, Run run) {
  const Hand h = hand(hand_text).hand;
  const auto visible = visible_of(seen);
  const std::span<const std::uint8_t> row = seen.empty() ? std::span<const std::uint8_t>{} : std::span(visible);
  const T want = ref(h, players, row);
  for (const auto& impl : implementations()) {
    if (!test::runs_here(impl)) continue;
    Result<T> got;
    if (!run(impl, BatchInput::of(std::span(&h, 1), Options{players, row}), &got)) break;  // not in the kernel yet
    INFO(hand_text, " on ", std::string(impl.name));
    CHECK(text(got) == text(Result<T>{want, Error::none}));
  }
  return want;
}

ShantenForms forms(std::string_view h, Players players = four) {
  return everywhere<ShantenForms>(
      h, players, "", [](const Hand& x, Players p, auto) { return ref::shanten_forms(x, p); },
      [](const auto& impl, const BatchInput& in, Result<ShantenForms>* out) {
        return test::run_shanten(impl, in, out);
      });
}
Necessary necessary(std::string_view h, Players players = four, std::string_view seen = "") {
  return everywhere<Necessary>(
      h, players, seen, [](const Hand& x, Players p, auto v) { return ref::necessary_tiles(x, p, v); },
      [](const auto& impl, const BatchInput& in, Result<Necessary>* out) {
        return test::run_necessary(impl, in, out);
      });
}
Advice advice(std::string_view h, Players players = four, std::string_view seen = "") {
  return everywhere<Advice>(
      h, players, seen, [](const Hand& x, Players p, auto v) { return ref::advice(x, p, v); },
      [](const auto& impl, const BatchInput& in, Result<Advice>* out) { return test::run_advice(impl, in, out); });
}

std::string every_kind_but(std::initializer_list<int> except, Players players = four) {
  std::string out;
  for (int k = 0; k < kind_count; ++k) {
    bool skip = players == three && k >= 1 && k <= 7;
    for (int e : except) skip = skip || e == k;
    if (!skip) out += (out.empty() ? "" : " ") + tile_name(Tile(k));
  }
  return out;
}

constexpr std::int8_t na = ShantenForms::not_applicable;

}  // namespace

TEST_CASE("shanten: the cases the block formula gets wrong") {
  // 111m 123p 123s 123s and a lone 1m: its only wait would be a fifth 1m.
  auto s = forms("1111m123p112233s");
  CHECK(s == ShantenForms{1, 1, 2, 9});
  // Four of each of 1z 2z and three of 3z 4z: the head can't come from kinds held four times.
  s = forms("11112222333444z");
  CHECK(s == ShantenForms{1, 1, 5, 8});
  // The first draws anything but 1m and discards a 1m: a head wait on it.
  const Necessary n = necessary("1111m123p112233s");
  CHECK(tiles(n.tiles) == every_kind_but({0}));
  CHECK(n.shanten == 1);
  CHECK(n.ukeire == 33 * 4 - 9);
  const Necessary n3 = necessary("1111m123p112233s", three);
  CHECK(tiles(n3.tiles) == every_kind_but({0}, three));
  CHECK(n3.ukeire == 26 * 4 - 9);
}

TEST_CASE("shanten: three players take 2m-8m away") {
  // 111m 111z 222z 33z with 1m and 1z left: with four players 1m takes 2m and 3m;
  // with three, 1m can neither pair (four held) nor make a sequence.
  CHECK(forms("1111m111122233z", four) == ShantenForms{1, 1, 5, 8});
  CHECK(forms("1111m111122233z", three) == ShantenForms{2, 2, 5, 8});
  // Three melds, a head, 1m and 9m: every 2m-8m draw helps with four players, none exists with three.
  Necessary n = necessary("19m123p456789s11z", four);
  CHECK(tiles(n.tiles) == "1m 2m 3m 7m 8m 9m 1z");
  CHECK(n.ukeire == 3 + 4 + 4 + 4 + 4 + 3 + 2);
  n = necessary("19m123p456789s11z", three);
  CHECK(tiles(n.tiles) == "1m 9m 1z");
  CHECK(n.ukeire == 3 + 3 + 2);
  CHECK(n.shanten == 1);
}

TEST_CASE("shanten: seven pairs count a quad as one pair") {
  // Five distinct pairs and 6z: draw 6z, then two copies of a new kind.
  CHECK(forms("1111m2233p4455s6z").chiitoi == 2);
  auto s = forms("1111m2233p4455s66z");
  CHECK(s.chiitoi == 1);  // not complete: six distinct pairs
  CHECK(s.best == 1);
  CHECK_FALSE(ref::is_agari(hand("1111m2233p4455s66z").hand));
  CHECK(forms("1133m5577p99s1122z").chiitoi == -1);
}

TEST_CASE("shanten: thirteen orphans, thirteen-sided") {
  const auto s = forms("19m19p19s1234567z");
  CHECK(s.kokushi == 0);
  CHECK(s.best == 0);
  const Necessary n = necessary("19m19p19s1234567z");
  CHECK(tiles(n.tiles) == "1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z");
  CHECK(n.ukeire == 13 * 3);
  // The same with three players: 1m and 9m exist.
  CHECK(tiles(necessary("19m19p19s1234567z", three).tiles) == "1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z");
}

TEST_CASE("shanten: called melds, and seven pairs and thirteen orphans only closed") {
  CHECK(forms("123m45p") == ShantenForms{0, 0, na, na});
  CHECK(forms("5z") == ShantenForms{0, 0, na, na});
  CHECK(forms("55z") == ShantenForms{-1, -1, na, na});
  CHECK(forms("1m9p") == ShantenForms{0, 0, na, na});  // four calls and two lone tiles: one exchange from a head
  CHECK(forms("147m258p369s1234z") == ShantenForms{6, 8, 6, 7});
}

TEST_CASE("necessary tiles: nine-sided wait and visible tiles") {
  Necessary n = necessary("1112345678999m");
  CHECK(n.shanten == 0);
  CHECK(tiles(n.tiles) == "1m 2m 3m 4m 5m 6m 7m 8m 9m");
  CHECK(n.ukeire == 1 + 3 * 7 + 1);
  // Two 5m and the last 1m seen elsewhere; visible honours change nothing.
  n = necessary("1112345678999m", four, "155m777z");
  CHECK(tiles(n.tiles) == "1m 2m 3m 4m 5m 6m 7m 8m 9m");  // a kind stays necessary when all its copies are seen
  CHECK(n.ukeire == 0 + 3 * 6 + 1 + 1);
}

TEST_CASE("necessary tiles of a 1-shanten hand") {
  // Three melds, 13s, 5z and 6z: 2s completes 123s (then either honour waits),
  // 5z or 6z makes the head (then 13s waits on 2s). Nothing else helps.
  const Necessary n = necessary("123m456p13789s56z");
  CHECK(n.shanten == 1);
  CHECK(tiles(n.tiles) == "2s 5z 6z");
  CHECK(n.ukeire == 4 + 3 + 3);
  CHECK(necessary("123m456p13789s56z", four, "22s5z").ukeire == 2 + 2 + 3);
}

TEST_CASE("advice: every held kind, ordered by shanten, ukeire, kind") {
  // 123m 456p 789s 13s 55z 6z.
  const Advice a = advice("123m456p13789s556z");
  const std::vector<std::string> want = {
      "6z: 0 4 [2s]",                     // tenpai on 2s
      "1s: 1 23 [1s 2s 3s 4s 5s 5z 6z]",  // 3s, 55z, 6z: 3s grows or pairs, 5z or 6z
      "3s: 1 15 [1s 2s 3s 5z 6z]",
      "1m: 1 11 [1m 4m 2s]",
      "4p: 1 11 [4p 7p 2s]",
      "6p: 1 11 [3p 6p 2s]",
      "9s: 1 11 [2s 6s 9s]",
      "5z: 1 9 [2s 5z 6z]",  // the other 5z is in the 14 tiles: 2 left
      "2m: 1 7 [2m 2s]",
      "3m: 1 7 [3m 2s]",
      "5p: 1 7 [5p 2s]",
      "7s: 1 7 [2s 7s]",
      "8s: 1 7 [2s 8s]",
  };
  REQUIRE(a.count == want.size());
  for (std::size_t i = 0; i < want.size(); ++i) CHECK(text(a.options[i]) == want[i]);
  // Unused options stay default.
  CHECK(a.options[13] == DiscardOption{});

  // Four players, all honours: dropping 1z or 2z keeps 1-shanten with any of the
  // 30 other kinds as a head wait; dropping 3z or 4z leaves two dead tiles.
  const Advice b = advice("11112222333444z");
  REQUIRE(b.count == 4);
  CHECK(text(b.options[0]) == "1z: 1 120 [" + every_kind_but({27, 28, 29, 30}) + "]");
  CHECK(text(b.options[1]) == "2z: 1 120 [" + every_kind_but({27, 28, 29, 30}) + "]");
  CHECK(text(b.options[2]) == "3z: 2 121 [" + every_kind_but({27, 28, 30}) + "]");
  CHECK(text(b.options[3]) == "4z: 2 121 [" + every_kind_but({27, 28, 29}) + "]");
}

TEST_CASE("advice: ukeire leaves out the discarded copy and the visible tiles") {
  // A complete hand, 123m 456p 234s 789s 11z: discarding 4s waits on 1s and 4s,
  // and the 4s just thrown is not in the wall.
  const Advice a = advice("123m456p234789s11z");
  REQUIRE(a.count >= 1);
  CHECK(text(a.options[0]) == "1m: 0 7 [1m 4m]");  // every discard leaves tenpai; seven is the most ukeire
  bool found = false;
  for (int i = 0; i < a.count; ++i) {
    const auto& o = a.options[static_cast<std::size_t>(i)];
    if (o.discard != Tile(18 + 3)) continue;  // 4s
    found = true;
    CHECK(o.shanten == 0);
    CHECK(tiles(o.necessary) == "1s 4s");
    CHECK(o.ukeire == 4 + 3);
  }
  CHECK(found);
  const Advice seen = advice("123m456p234789s11z", four, "1s");
  for (int i = 0; i < seen.count; ++i)
    if (seen.options[static_cast<std::size_t>(i)].discard == Tile(21))
      CHECK(seen.options[static_cast<std::size_t>(i)].ukeire == 3 + 3);
}

TEST_CASE("public shanten of a complete hand and its discards") {
  CHECK(forms("123m456p789s11z234s") == ShantenForms{-1, -1, 5, 9});
  CHECK(forms("123m456p789s11z23s") == ShantenForms{0, 0, 5, 9});
}
