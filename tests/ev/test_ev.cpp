// The expected-value search (ev/): known answers worked out by hand from
// EV.md's rules, the errors, and equality with the scalar reference on
// random hands under every option.
#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <random>
#include <string>
#include <thread>

#include "helpers.hpp"
#include "mjk/ev.hpp"
#include "mjk/ref_ev.hpp"
#include "mjk/score.hpp"
#include "support/ev_requests.hpp"
#include "support/isolated.hpp"
#include "support/score_requests.hpp"

// White-box hooks of the search (ev/src), for the tests only.
namespace mjk::ev_detail {
std::string verify_vertices(EvWorkspace& w, Players players);
double tsumo_income(const ScoreRequest& context, int han, int fu) noexcept;
}  // namespace mjk::ev_detail

using namespace mjk;

namespace {

// Longer runs with MJK_EV_LONG=1 (registered with -DMJK_LONG_TESTS=ON).
bool long_run() {
  const char* env = std::getenv("MJK_EV_LONG");
  return env && *env == '1';
}

ScoreRequest request_of(std::string_view hand, std::string_view dora = "") {
  ScoreRequest r;
  r.hand = test::tiles(hand);
  const Hand d = test::tiles(dora);
  for (int k = 0; k < kind_count; ++k)
    for (int c = 0; c < d.count(Tile(k)); ++c) r.dora[r.dora_count++] = Tile(k);
  return r;
}

double relative(double a, double b) {
  if (a == b) return 0;
  return std::abs(a - b) / std::max({std::abs(a), std::abs(b), 1e-300});
}

// The search's answer against the reference's, value by value.
void check_same(const EvAnswer& fast, const EvAnswer& ref, const std::string& what) {
  INFO(what);
  REQUIRE(fast.vertices == ref.vertices);
  REQUIRE(fast.shanten == ref.shanten);
  REQUIRE(fast.wall == ref.wall);
  REQUIRE(fast.wall_counts == ref.wall_counts);
  REQUIRE(fast.count == ref.count);
  double worst = 0;
  for (int i = 0; i < fast.count; ++i) {
    const EvDiscard& a = fast.discards[static_cast<std::size_t>(i)];
    const EvDiscard& b = ref.discards[static_cast<std::size_t>(i)];
    INFO("discard ", i, " ", tile_name(a.discard), a.discard_red ? " (red)" : "");
    CHECK(a.has_discard == b.has_discard);
    CHECK(a.discard == b.discard);
    CHECK(a.discard_red == b.discard_red);
    CHECK(a.shanten == b.shanten);
    CHECK(a.necessary == b.necessary);
    for (int t = 0; t < ev_turns; ++t) {
      const auto ti = static_cast<std::size_t>(t);
      worst = std::max({worst, relative(a.tenpai[ti], b.tenpai[ti]), relative(a.win[ti], b.win[ti]),
                        relative(a.score[ti], b.score[ti])});
    }
  }
  CHECK(worst <= 1e-9);
}

std::string describe(const ScoreRequest& r, const EvOptions& o) {
  std::string s = to_mpsz(r.hand) + " melds " + std::to_string(r.meld_count) + " dora " + std::to_string(r.dora_count) +
                  " players " + std::to_string(static_cast<int>(r.players));
  s += std::string(" hc ") + (o.hand_change ? "1" : "0") + " sb " + (o.shanten_back ? "1" : "0") + " extra " +
       std::to_string(o.extra) + " ura " + (o.uradora ? "1" : "0") + " red " + (o.red ? "1" : "0");
  return s;
}

// Searches, checks every vertex against the kernel, and compares with the reference.
void compare(const ev_test::Dealt& d, const EvOptions& o, EvWorkspace& ws) {
  const std::string what = describe(d.request, o);
  INFO(what);
  const EvResult fast = expected_value(d.request, o, d.visible, &ws);
  REQUIRE_MESSAGE(fast.ok(), fast.error.message());
  CHECK(ev_detail::verify_vertices(ws, d.request.players) == "");
  check_same(fast.value, ref::expected_value(d.request, o, d.visible), what);
}

}  // namespace

TEST_CASE("ev: a 13-tile tanki wait, no options: the closed form") {
  // 123m 456p 789s 222z, waiting on 1z alone (3 copies left). The draw
  // vertex follows only 1z; the win takes it to a complete hand whose one
  // way back is the tsumogiri. So, with S = 122 tiles in the wall:
  //   tenpai = 1; win_t = win_{t+1} + 3 (1 - win_{t+1}) / (S - t);
  //   score_t = score_{t+1} + 3 (max(P, score_{t+1}) - score_{t+1}) / (S - t).
  // P: dealer, East round, no riichi (a 13-tile start never declares):
  // menzen tsumo + dora (indicator 9m: the 1m) = 2 han; 20 + tsumo 2 +
  // tanki 2 + double-wind pair 4 + closed honour triplet 8 = 36 -> 40 fu;
  // a dealer's 2 han 40 fu tsumo: 1300 from each of three = 3900.
  const ScoreRequest r = request_of("123m456p789s1222z", "9m");
  const EvResult got = expected_value(r);
  REQUIRE_MESSAGE(got.ok(), got.error.message());
  const EvAnswer& a = got.value;
  CHECK(a.shanten == 0);
  CHECK(a.wall == 122);
  CHECK(a.vertices == 2);
  REQUIRE(a.count == 1);
  const EvDiscard& d = a.discards[0];
  CHECK(!d.has_discard);
  CHECK(d.necessary == TileMask(std::uint64_t{1} << 27));
  CHECK(a.wall_counts[27] == 3);
  double win = 0, score = 0;
  for (int t = ev_last_turn; t >= 0; --t) {
    const auto ti = static_cast<std::size_t>(t);
    if (t < ev_last_turn) {
      win += 3 * (1 - win) / (122 - t);
      score += 3 * (std::max(3900.0, score) - score) / (122 - t);
    }
    CHECK(d.tenpai[ti] == 1.0);
    CHECK(relative(d.win[ti], win) < 1e-12);
    CHECK(relative(d.score[ti], score) < 1e-12);
  }
  CHECK(d.score[0] > 0);
}

TEST_CASE("ev: the answer's stats give the search's own time, and a repeated search the same answer") {
  // search_us is the time of expected_value itself (front ends print it
  // beside theirs): filled on every answer, bounded by the time around the
  // call; the values do not depend on it, nor on what the workspace held.
  const ScoreRequest r = request_of("123m456p789s1222z", "9m");
  EvWorkspace ws;
  const auto t0 = std::chrono::steady_clock::now();
  const EvResult first = expected_value(r, {}, {}, &ws);
  const double around = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
  REQUIRE_MESSAGE(first.ok(), first.error.message());
  CHECK(first.value.stats.search_us > 0);
  CHECK(first.value.stats.search_us <= around);
  const EvResult again = expected_value(r, {}, {}, &ws);
  REQUIRE(again.ok());
  CHECK(again.value.stats.search_us > 0);
  REQUIRE(again.value.count == first.value.count);
  CHECK(again.value.discards[0].score == first.value.discards[0].score);
  CHECK(again.value.discards[0].win == first.value.discards[0].win);
}

TEST_CASE("ev: a workspace's table and records, kept from a large search, serve smaller and larger ones") {
  // The vertex table keeps its buffer and grows in place when the buffer
  // has the slots (its stale slots are empty by their stamp); vertices and
  // group rows are kept in chunks. A workspace that searched a large hand
  // then searches a small one (a prefix of its table) and a middle one
  // (grown in place from the small one's size): each answer and every
  // vertex as a fresh workspace's.
  std::mt19937_64 rng(11);
  ev_test::Spec spec;
  EvOptions wide;
  wide.hand_change = wide.shanten_back = true;
  spec.shanten = 2;
  const ev_test::Dealt large = ev_test::deal(rng, spec);
  spec.shanten = 0;
  const ev_test::Dealt small = ev_test::deal(rng, spec);
  spec.shanten = 3;
  const ev_test::Dealt middle = ev_test::deal(rng, spec);
  EvWorkspace ws;
  const EvResult a = expected_value(large.request, wide, large.visible, &ws);
  REQUIRE_MESSAGE(a.ok(), a.error.message());
  const std::size_t held = ws.bytes();
  const EvResult b = expected_value(small.request, EvOptions{}, small.visible, &ws);
  REQUIRE_MESSAGE(b.ok(), b.error.message());
  CHECK(ev_detail::verify_vertices(ws, small.request.players) == "");
  CHECK(ws.bytes() <= held + (std::size_t{1} << 20));  // the small search took no buffer anew
  const EvResult c = expected_value(middle.request, EvOptions{}, middle.visible, &ws);
  REQUIRE_MESSAGE(c.ok(), c.error.message());
  CHECK(ev_detail::verify_vertices(ws, middle.request.players) == "");
  // The middle one starts from the small one's table (2^12 slots, the least)
  // and grows it past 2^12 within the large one's buffer.
  CHECK(b.value.vertices < 1024);
  CHECK(c.value.vertices > 2048);
  CHECK(a.value.vertices > 2 * c.value.vertices);
  check_same(a.value, expected_value(large.request, wide, large.visible).value, "large, first in the workspace");
  check_same(b.value, expected_value(small.request, EvOptions{}, small.visible).value, "small, after the large");
  check_same(c.value, expected_value(middle.request, EvOptions{}, middle.visible).value, "middle, after the small");
}

TEST_CASE("ev: riichi on either tenpai discard, and the return to the hand before it") {
  // 123m 456p 789s 1222z 5s: discarding 5s waits on 1z (3 left), discarding
  // 1z waits on 5s (3 left); both declare riichi (closed, tenpai). After
  // riichi the hand draws its waits, and also the tile it just threw: the
  // model's edge (riichi hand, hand before riichi) is the same draw read
  // back, so drawing the discard again returns to the 14 tiles before
  // riichi, which may pick either riichi again (EV.md's model as mahjong-cpp
  // builds it; ev/README.md). With a = discard 5s, b = discard 1z, S = 121,
  // and the 14-tile hand worth max(a, b):
  //   a_t = a_{t+1} + [3 (c_a - a_{t+1}) + 4 (max(a, b)_{t+1} - a_{t+1})] / (S - t)
  // (4: the three 5s in the wall and the one thrown), c_a = (1, 1, max(P_a, score)).
  ScoreRequest r = request_of("123m456p789s5s1222z", "9m");
  EvOptions o;
  o.uradora = false;
  o.red = false;  // (with red fives the red 5s is a draw apart, a win of its own)
  const EvResult got = expected_value(r, o);
  REQUIRE_MESSAGE(got.ok(), got.error.message());
  const EvAnswer& ans = got.value;
  REQUIRE(ans.count == 2);
  CHECK(ans.discards[0].discard == Tile(22));  // 5s
  CHECK(ans.discards[1].discard == Tile(27));  // 1z
  CHECK(ans.wall == 121);
  // The prices from the scorer: riichi tsumo of each wait.
  const auto price = [&](std::string_view hand, std::string_view win) {
    ScoreRequest q = test::request(hand, win, true);
    q.seat = 0;
    q.riichi = 1;
    q.dora_count = 1;
    q.dora[0] = *parse_tile("9m");
    const Result<Score> s = mjk::score(q);
    REQUIRE(s.ok());
    return static_cast<double>(s.value.payments[0]);
  };
  const double pa = price("123m456p789s1222z", "1z"), pb = price("123m456p789s5s222z", "5s");
  CHECK(pa == 7800);  // riichi, menzen tsumo, dora: a dealer's 3 han 40 fu tsumo, 2600 all
  std::array<double, 2> w{}, e{};
  for (int t = ev_last_turn; t >= 1; --t) {
    if (t < ev_last_turn) {
      const double left = 121 - t, wmax = std::max(w[0], w[1]), emax = std::max(e[0], e[1]);
      const std::array<double, 2> p = {pa, pb};
      std::array<double, 2> nw{}, ne{};
      for (int i = 0; i < 2; ++i) {
        nw[i] = w[i] + (3 * (1 - w[i]) + 4 * (wmax - w[i])) / left;
        ne[i] = e[i] + (3 * (std::max(p[i], e[i]) - e[i]) + 4 * (emax - e[i])) / left;
      }
      w = nw, e = ne;
    }
    for (int i = 0; i < 2; ++i) {
      const EvDiscard& d = ans.discards[static_cast<std::size_t>(i)];
      CHECK(d.tenpai[static_cast<std::size_t>(t)] == 1.0);
      CHECK(relative(d.win[static_cast<std::size_t>(t)], w[static_cast<std::size_t>(i)]) < 1e-12);
      CHECK(relative(d.score[static_cast<std::size_t>(t)], e[static_cast<std::size_t>(i)]) < 1e-12);
    }
  }
  CHECK(ans.discards[0].tenpai[0] == 0.0);  // a 14-tile hand starts at t = 1
}

TEST_CASE("ev: ura-dora are an exact expectation over the indicator under the dora indicator") {
  // The same riichi on 1z: the price is the average, over every kind that
  // could lie under the indicator (weighted by its copies in the wall at the
  // win), of the scorer's payment with that kind as the ura indicator.
  ScoreRequest r = request_of("123m456p789s5s1222z", "9m");
  const EvResult with = expected_value(r);
  EvOptions no_ura;
  no_ura.uradora = false;
  const EvResult without = expected_value(r, no_ura);
  REQUIRE(with.ok());
  REQUIRE(without.ok());
  CHECK(with.value.discards[0].score[1] > without.value.discards[0].score[1]);
  CHECK(with.value.discards[0].win[1] == without.value.discards[0].win[1]);
  check_same(with.value, ref::expected_value(r), "ura expectation");
}

TEST_CASE("ev: bad requests are errors naming what is wrong") {
  const auto error_of = [](const ScoreRequest& r, const EvOptions& o = {}, const EvVisible& v = {}) {
    const EvResult e = expected_value(r, o, v);
    INFO(e.error.message());
    CHECK(!e.ok());
    CHECK(!e.error.message().empty());
    return e.error.code;
  };
  ScoreRequest fifteen;
  for (int k = 0; k < 15; ++k) fifteen.hand.add(Tile(k));
  CHECK(error_of(fifteen) == Error::too_many_tiles);
  CHECK(error_of(request_of("123456789m123p")) == Error::too_few_tiles);
  CHECK(error_of(request_of("123m456p789s11222z")) == Error::complete_hand);
  EvOptions o;
  o.extra = 4;
  CHECK(error_of(request_of("123m456p789s1222z"), o) == Error::extra_out_of_range);
  o.extra = -1;
  CHECK(error_of(request_of("123m456p789s1222z"), o) == Error::extra_out_of_range);
  o = {};
  o.turn = 0;
  CHECK(error_of(request_of("123m456p789s1222z"), o) == Error::turn_out_of_range);
  o.turn = 18;
  CHECK(error_of(request_of("123m456p789s1222z"), o) == Error::turn_out_of_range);
  // A kind seen five times: in the hand and the indicators, or in the visible tiles.
  CHECK(error_of(request_of("1111m456p789s1222z", "1m")) == Error::fifth_copy);
  EvVisible v;
  v.counts[0] = 2;
  CHECK(error_of(request_of("111m456p789s12223z"), {}, v) == Error::visible_over_four);
  // Two red fives of one suit: the hand's and one named seen.
  EvVisible red;
  red.counts[4] = 1;
  red.red[0] = 1;
  CHECK(error_of(request_of("120m456p789s1222z"), {}, red) == Error::impossible_wall);
  // A red five named seen with no five of its suit seen.
  EvVisible lonely;
  lonely.red[1] = 1;
  CHECK(error_of(request_of("123m456p789s1222z"), {}, lonely) == Error::bad_request);
  // Nearly every tile seen: fewer than 18 in the wall.
  EvVisible most;
  const Hand h = test::tiles("123m456p789s1222z");
  for (int k = 0; k < kind_count; ++k)
    most.counts[static_cast<std::size_t>(k)] = static_cast<std::uint8_t>(4 - h.count(Tile(k)));
  most.counts[27] = 0;
  CHECK(error_of(request_of("123m456p789s1222z"), {}, most) == Error::wall_too_small);
  // The fields of a win are the search's own.
  ScoreRequest riichi = request_of("123m456p789s1222z");
  riichi.riichi = 1;
  CHECK(error_of(riichi) == Error::bad_request);
  ScoreRequest players = request_of("123m456p789s1222z");
  players.players = static_cast<Players>(5);
  CHECK(error_of(players) == Error::bad_request);
  // Three players: no 2m-8m.
  ScoreRequest sanma = request_of("234m456p789s1222z");
  sanma.players = Players::three;
  CHECK(error_of(sanma) == Error::not_in_rules);
  // A meld that is not one.
  ScoreRequest meld = request_of("456p789s1222z");
  meld.melds[meld.meld_count++] = Meld{MeldType::chi, Tile(7), 0, Relative::kamicha};  // a chi of 8m 9m 10m
  CHECK(error_of(meld) == Error::bad_meld);
}

TEST_CASE("ev: a vertex budget stops the search with an error, not the memory") {
  std::mt19937_64 rng(7);
  ev_test::Spec spec;
  spec.shanten = 3;
  const ev_test::Dealt d = ev_test::deal(rng, spec);
  EvOptions o;
  o.hand_change = o.shanten_back = true;
  o.max_vertices = 5000;
  EvWorkspace ws;
  const EvResult r = expected_value(d.request, o, d.visible, &ws);
  REQUIRE(!r.ok());
  CHECK(r.error.code == Error::too_many_vertices);
  CHECK(r.value.vertices > 5000);
  CHECK(r.value.vertices <= 5000 + kind_count + 3);  // checked after every expansion
  CHECK(ws.bytes() < 8u << 20);
  // The same workspace then answers a small search, as a fresh one does.
  o.max_vertices = ev_default_max_vertices;
  o.hand_change = o.shanten_back = false;
  spec.shanten = 1;
  const ev_test::Dealt small = ev_test::deal(rng, spec);
  const EvResult again = expected_value(small.request, o, small.visible, &ws);
  REQUIRE(again.ok());
  check_same(again.value, expected_value(small.request, o, small.visible).value, "reused workspace");
  // A moved workspace searches on; the one moved from starts afresh.
  EvWorkspace moved = std::move(ws);
  const EvResult in_moved = expected_value(small.request, o, small.visible, &moved);
  const EvResult in_emptied =
      expected_value(small.request, o, small.visible, &ws);  // NOLINT: use after move, on purpose
  REQUIRE(in_moved.ok());
  REQUIRE(in_emptied.ok());
  check_same(in_moved.value, again.value, "moved workspace");
  check_same(in_emptied.value, again.value, "moved-from workspace");
}

TEST_CASE("ev: the default budget stops a wide search well under 1 GB") {
  // 1,000,000 vertices at the 300-440 bytes of the search's largest point.
  CHECK(EvOptions{}.max_vertices == ev_default_max_vertices);
  CHECK(ev_default_max_vertices == 1'000'000);
  if (mjk::test::address_sanitizer) {
    MESSAGE("skipped under AddressSanitizer: a limited address space ends the process there");
    return;
  }
#ifdef __EMSCRIPTEN__
  MESSAGE("skipped in WebAssembly: the search runs in a child process, and there are none");
#else
  // The hand of the report: with every widening it grows past 6 GB. Given
  // 1 GB of address space, the default budget ends it first, with its error.
  EvOptions wide;
  wide.hand_change = wide.shanten_back = true;
  wide.extra = 3;
  const std::string text = mjk::test::isolated(
      [&] {
        EvWorkspace ws;
        const EvResult r = expected_value(request_of("147m258p369s12345z"), wide, {}, &ws);
        if (r.ok()) return std::string("answered");
        return std::string(describe(r.error.code)) + (r.value.vertices > ev_default_max_vertices ? " past" : " short") +
               (ws.bytes() < (std::size_t{1} << 30) ? " under 1 GB" : " over 1 GB");
      },
      120, std::uint64_t{1} << 30);
  CHECK(text == std::string(describe(Error::too_many_vertices)) + " past under 1 GB");
#endif
}

TEST_CASE("ev: max_vertices is a positive count: 0 is an error naming it") {
  EvOptions o;
  o.max_vertices = 0;
  const EvResult r = expected_value(request_of("123m456p789s1222z"), o);
  REQUIRE(!r.ok());
  CHECK(r.error.code == Error::bad_request);
  CHECK(r.error.message().find("max_vertices") != std::string::npos);
  o.max_vertices = UINT64_MAX;  // as good as no limit
  CHECK(expected_value(request_of("123m456p789s1222z"), o).ok());
}

TEST_CASE("ev: a cancel flag stops the search, during the growth or the sweep, and the workspace searches on") {
  std::atomic<bool> cancel{true};
  EvOptions o;
  o.cancel = &cancel;
  EvWorkspace ws;
  // Set before: a small search stops at its first turn.
  const EvResult before = expected_value(request_of("3368m166789p578s7z"), o, {}, &ws);
  REQUIRE(!before.ok());
  CHECK(before.error.code == Error::cancelled);
  CHECK(before.error.message() == "the search was cancelled");
  // Set before, a wide search: it stops at the growth's first reading, after
  // 4,096 expansions (each makes at most one vertex per kind of tile).
  o.hand_change = o.shanten_back = true;
  o.extra = 3;
  const EvResult growing = expected_value(request_of("147m258p369s12345z"), o, {}, &ws);
  REQUIRE(!growing.ok());
  CHECK(growing.error.code == Error::cancelled);
  CHECK(growing.value.vertices <= 2 * 4096 * 38);
#ifndef __EMSCRIPTEN__  // no threads in the WebAssembly build
  // Set from another thread while it grows: it stops short of a budget it
  // would reach in seconds (the growth makes about a million vertices a second).
  cancel = false;
  o.max_vertices = 2'000'000;
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    cancel = true;
  });
  const EvResult during = expected_value(request_of("147m258p369s12345z"), o, {}, &ws);
  stopper.join();
  REQUIRE(!during.ok());
  CHECK(during.error.code == Error::cancelled);
  CHECK(during.value.vertices < o.max_vertices);
#endif
  // The same workspace answers the next search as a fresh one does.
  cancel = false;
  const EvResult next = expected_value(request_of("3368m166789p578s7z"), EvOptions{}, {}, &ws);
  REQUIRE(next.ok());
  check_same(next.value, expected_value(request_of("3368m166789p578s7z")).value, "after a cancelled search");
}

TEST_CASE("ev: a search that runs out of memory is that search's error, and the next search is answered") {
  if (mjk::test::address_sanitizer) {
    MESSAGE(
        "skipped under AddressSanitizer: its operator new aborts when memory runs out, never throws std::bad_alloc");
    return;
  }
#ifdef __EMSCRIPTEN__
  MESSAGE("skipped in WebAssembly: the search runs out of memory in a child process, and there are none");
#else
  std::mt19937_64 rng(7);
  ev_test::Spec spec;
  spec.shanten = 4;
  const ev_test::Dealt big = ev_test::deal(rng, spec);
  spec.shanten = 1;
  const ev_test::Dealt small = ev_test::deal(rng, spec);
  EvOptions wide;
  wide.hand_change = wide.shanten_back = true;
  wide.extra = 3;  // millions of vertices: far past 64 MiB
  // A child with 64 MiB more address space than it has: the wide search
  // cannot fit, the small one then runs in the same workspace.
  const std::string text = mjk::test::isolated(
      [&] {
        EvWorkspace ws;
        const EvResult r = expected_value(big.request, wide, big.visible, &ws);
        std::string out = r.ok() ? "answered" : std::string(describe(r.error.code));
        const EvResult again = expected_value(small.request, EvOptions{}, small.visible, &ws);
        return out + (again.ok() ? "; then answered" : "; then failed");
      },
      120, std::uint64_t{64} << 20);
  CHECK(text == std::string(describe(Error::out_of_memory)) + "; then answered");
#endif
}

TEST_CASE("ev: the search's tsumo income is the scorer's payment") {
  // Every non-yakuman tsumo of the realistic wins, under both payment rules
  // of three players, with honba and sticks.
  std::size_t checked = 0;
  for (ScoreRequest r : test::wins_like_play(31, 4000)) {
    if (!r.tsumo) continue;
    for (const bool dealer : {true, false}) {
      r.seat = static_cast<std::uint8_t>(
          dealer ? 0 : 1 + checked % static_cast<std::size_t>(static_cast<int>(r.players) - 1));
      r.rules.kiriage = checked % 5 == 0;
      r.rules.sanma_tsumo_loss = checked % 3 != 0;
      r.honba = static_cast<std::uint16_t>(checked % 3);
      r.sticks = static_cast<std::uint16_t>(checked % 2);
      const Result<Score> s = mjk::score(r);
      if (!s.ok() || !s.value.complete || s.value.yakuman || s.value.han == 0) continue;
      INFO(to_mpsz(r.hand), " han ", int{s.value.han}, " fu ", int{s.value.fu});
      CHECK(ev_detail::tsumo_income(r, s.value.han, s.value.fu) == s.value.payments[r.seat]);
      ++checked;
    }
  }
  CHECK(checked > 500);
}

TEST_CASE("ev: equals the reference: 0 shanten, every option combination" * doctest::test_suite("exhaustive")) {
  std::mt19937_64 rng(11);
  EvWorkspace ws;
  int n = 0;
  for (const bool hc : {false, true})
    for (const bool sb : {false, true})
      for (int extra = 0; extra <= 2; ++extra)
        for (const bool ura : {false, true})
          for (const bool red : {false, true}) {
            EvOptions o;
            o.hand_change = hc;
            o.shanten_back = sb;
            o.extra = extra;
            o.uradora = ura;
            o.red = red;
            for (const int tiles : {13, 14}) {
              ev_test::Spec spec;
              spec.tiles = tiles;
              spec.shanten = 0;
              spec.context = true;
              spec.dora = 1 + (n % 3 == 0);
              spec.visible = n % 4 == 0 ? 20 : 0;
              compare(ev_test::deal(rng, spec), o, ws);
              ++n;
            }
          }
}

TEST_CASE("ev: equals the reference: 1 shanten, melds, every option combination" * doctest::test_suite("exhaustive")) {
  std::mt19937_64 rng(12);
  EvWorkspace ws;
  int n = 0;
  for (const bool hc : {false, true})
    for (const bool sb : {false, true})
      for (int extra = 0; extra <= 2; ++extra) {
        if (hc && sb && extra == 2 && !long_run()) continue;  // the reference takes seconds
        EvOptions o;
        o.hand_change = hc;
        o.shanten_back = sb;
        o.extra = extra;
        o.uradora = n % 2 == 0;
        o.red = n % 3 != 0;
        ev_test::Spec spec;
        spec.tiles = n % 2 ? 13 : 14;
        spec.shanten = 1;
        spec.melds = n % 3;
        spec.context = true;
        spec.visible = 10 * (n % 3);
        compare(ev_test::deal(rng, spec), o, ws);
        ++n;
      }
}

TEST_CASE("ev: equals the reference: 2 shanten without options, 0-1 shanten with three players" *
          doctest::test_suite("exhaustive")) {
  std::mt19937_64 rng(13);
  EvWorkspace ws;
  const int hands = long_run() ? 40 : 6;
  for (int n = 0; n < hands; ++n) {
    ev_test::Spec spec;
    spec.tiles = n % 2 ? 13 : 14;
    spec.shanten = 2;
    spec.melds = n % 4 == 3 ? 1 : 0;
    spec.context = true;
    spec.dora = 1 + (n % 5 == 0);
    spec.visible = n % 3 == 0 ? 15 : 0;
    EvOptions o;
    o.extra = n % 3;
    compare(ev_test::deal(rng, spec), o, ws);
  }
  for (int n = 0; n < (long_run() ? 48 : 12); ++n) {
    ev_test::Spec spec;
    spec.players = Players::three;
    spec.tiles = n % 2 ? 13 : 14;
    spec.shanten = n % 4 < 2 ? 0 : 1;
    spec.melds = n % 3 == 2 ? 1 : 0;
    spec.nuki = 2;
    spec.context = true;
    spec.visible = n % 3 == 0 ? 12 : 0;
    EvOptions o;
    o.hand_change = n % 2 == 0;
    o.shanten_back = n % 4 == 0;
    o.extra = n % 3;
    o.red = n % 5 != 0;
    compare(ev_test::deal(rng, spec), o, ws);
  }
}
