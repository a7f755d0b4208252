// The C ABI's expected value (mjk_ev, mjk_parse_ev_request, the workspace)
// against the C++ search on the same requests, value for value; its errors
// with the sentences `mjk --json` gives; one workspace per thread.
#include <doctest/doctest.h>

#include <array>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "mjk.h"
#include "mjk/ev.hpp"
#include "mjk/request.hpp"

namespace {

struct CRequest {
  mjk_score_request request{};
  mjk_ev_options options{};
  mjk_ev_visible visible{};
  mjk_request_info info{};
  int code = -1;
};

CRequest parse_c(std::string_view line) {
  CRequest c;
  c.code = mjk_parse_ev_request(line.data(), line.size(), &c.request, &c.options, &c.visible, &c.info);
  return c;
}

// The C++ search on the C++ parse of the same line, as `mjk --json` runs it.
mjk::EvResult search_cpp(std::string_view line) {
  const auto p = mjk::parse_request(line);
  REQUIRE(!p.error);
  mjk::EvVisible seen;
  seen.counts = p.value.visible;
  seen.red = p.value.red_seen;
  return mjk::expected_value(p.value.request, p.value.ev, seen);
}

void check_same(const mjk_ev_answer& c, const mjk::EvAnswer& a) {
  CHECK(c.shanten == a.shanten);
  CHECK(c.count == a.count);
  CHECK(c.wall == a.wall);
  CHECK(c.vertices == a.vertices);
  CHECK(std::memcmp(c.wall_counts, a.wall_counts.data(), MJK_KINDS) == 0);
  CHECK(c.stats.edges == a.stats.edges);
  CHECK(c.stats.wins == a.stats.wins);
  CHECK(c.stats.draw_vertices + c.stats.discard_vertices == a.vertices);
  for (std::size_t i = 0; i < a.count; ++i) {
    INFO("discard ", i);
    const mjk_ev_discard& x = c.discards[i];
    const mjk::EvDiscard& d = a.discards[i];
    CHECK(x.has_discard == d.has_discard);
    if (d.has_discard) CHECK(x.discard == d.discard.kind());
    CHECK(x.discard_red == d.discard_red);
    CHECK(x.shanten == d.shanten);
    CHECK(x.necessary == d.necessary.bits());
    CHECK(std::memcmp(x.tenpai, d.tenpai.data(), sizeof x.tenpai) == 0);
    CHECK(std::memcmp(x.win, d.win.data(), sizeof x.win) == 0);
    CHECK(std::memcmp(x.score, d.score.data(), sizeof x.score) == 0);
  }
  for (std::size_t i = a.count; i < 14; ++i) CHECK(c.discards[i].tenpai[1] == 0);  // zero past count
}

constexpr std::array<std::string_view, 6> lines = {
    R"({"hand":"123m456p789s1222z","dora":"9m","ev":{}})",
    R"({"hand":"123m456p789s0s1222z","ev":{"extra":2,"turn":3}})",
    R"({"hand":"3368m166789p578s7z","dora":"8s","ev":{}})",
    R"({"hand":"3368m166789p578s7z","dora":"0s","visible":"0p11z","ev":{"hand_change":true,"shanten_back":true}})",
    R"({"hand":"4568m3406p78s","melds":[{"type":"pon","tiles":"777z"}],"seat":"2z","ev":{"uradora":false}})",
    "123m456p789s1222z",  // mpsz text: the default options
};

}  // namespace

TEST_CASE("C ABI ev: mjk_ev answers what expected_value answers, in a workspace and without") {
  mjk_ev_workspace* ws = mjk_ev_workspace_new();
  REQUIRE(ws != nullptr);
  CHECK(mjk_ev_workspace_bytes(ws) >= 0);
  for (const std::string_view line : lines) {
    INFO(line);
    CRequest c = parse_c(line);
    REQUIRE(c.code == MJK_OK);
    CHECK(c.info.error == MJK_OK);
    CHECK(c.info.message[0] == '\0');
    const mjk::EvResult cpp = search_cpp(line);
    REQUIRE(cpp.ok());
    mjk_ev_answer in_ws, alone;
    mjk_request_info info;
    CHECK(mjk_ev(&c.request, &c.options, &c.visible, ws, &in_ws, &info) == MJK_OK);
    CHECK(info.error == MJK_OK);
    CHECK(mjk_ev(&c.request, &c.options, &c.visible, nullptr, &alone, nullptr) == MJK_OK);
    check_same(in_ws, cpp.value);
    check_same(alone, cpp.value);
  }
  const std::size_t held = mjk_ev_workspace_bytes(ws);
  CHECK(held > 0);
  // Trimmed: nothing past the bound held; below it, all of it freed but the
  // group rows, and the searches after it answer the same.
  mjk_ev_workspace_trim(ws, held);
  CHECK(mjk_ev_workspace_bytes(ws) == held);
  mjk_ev_workspace_trim(ws, 0);
  const std::size_t rows = mjk_ev_workspace_bytes(ws);
  CHECK(rows > 0);
  CHECK(rows < held);
  for (const std::string_view line : lines) {
    INFO(line);
    CRequest c = parse_c(line);
    mjk_ev_answer again;
    CHECK(mjk_ev(&c.request, &c.options, &c.visible, ws, &again, nullptr) == MJK_OK);
    check_same(again, search_cpp(line).value);
  }
  mjk_ev_workspace_trim(nullptr, 0);
  mjk_ev_workspace_free(ws);
  mjk_ev_workspace_free(nullptr);
  CHECK(mjk_ev_workspace_bytes(nullptr) == 0);
}

TEST_CASE("C ABI ev: the answer carries the search's own time, in what were reserved bytes") {
  // A 2-shanten search with hand change and shanten back: thousands of
  // vertices, never under a microsecond, so its time is filled.
  CRequest c = parse_c(R"({"hand":"3368m166789p578s7z","dora":"1s","ev":{"hand_change":true,"shanten_back":true}})");
  REQUIRE(c.code == MJK_OK);
  mjk_ev_answer a;
  REQUIRE(mjk_ev(&c.request, &c.options, nullptr, nullptr, &a, nullptr) == MJK_OK);
  CHECK(a.vertices > 1000);
  CHECK(a.search_us > 0);
  CHECK((a.reserved2[0] == 0 && a.reserved2[1] == 0));
}

TEST_CASE("C ABI ev: a 13-tile hand's known answer, options and visible tiles from the line") {
  CRequest c = parse_c(R"({"hand":"123m456p789s1222z","dora":"9m","ev":{}})");
  mjk_ev_answer a;
  REQUIRE(mjk_ev(&c.request, nullptr, nullptr, nullptr, &a, nullptr) == MJK_OK);  // NULL options: the defaults
  CHECK(a.shanten == 0);
  CHECK(a.vertices == 2);
  CHECK(a.wall == 122);
  CHECK(a.count == 1);
  CHECK(a.discards[0].has_discard == 0);
  CHECK(a.discards[0].necessary == std::uint64_t{1} << 27);
  CHECK(a.wall_counts[27] == 3);
  CHECK(a.discards[0].win[0] == doctest::Approx(0.38320010838639756).epsilon(1e-12));
  CHECK(a.discards[0].win[18] == 0);

  mjk_ev_options d;
  mjk_ev_default_options(&d);
  CHECK((d.hand_change == 0 && d.shanten_back == 0 && d.extra == 1 && d.uradora == 1 && d.red == 1 && d.turn == 1));
  CHECK((d.max_vertices == MJK_EV_DEFAULT_MAX_VERTICES && d.progress == nullptr && d.progress_user == nullptr));
  CHECK(MJK_EV_DEFAULT_MAX_VERTICES == 1000000);

  c = parse_c(
      R"({"hand":"3368m166789p578s7z","dora":"0s","visible":"0p11z","ev":{"hand_change":true,"extra":2,"turn":5,"max_vertices":99999999,"red":false,"uradora":false,"shanten_back":true}})");
  REQUIRE(c.code == MJK_OK);
  CHECK((c.options.hand_change == 1 && c.options.shanten_back == 1 && c.options.extra == 2 && c.options.turn == 5));
  CHECK((c.options.red == 0 && c.options.uradora == 0 && c.options.max_vertices == 99999999));
  CHECK(c.info.any_visible == 1);
  CHECK((c.visible.counts[13] == 1 && c.visible.counts[27] == 2));
  CHECK((c.visible.red[0] == 0 && c.visible.red[1] == 1 && c.visible.red[2] == 1));  // 0p in visible, 0s as dora
}

TEST_CASE("C ABI ev: errors are codes with the library's sentences, and the answer is zero") {
  const auto fails = [](std::string_view line, int code, std::string_view words) {
    INFO(line);
    CRequest c = parse_c(line);
    if (c.code == MJK_OK) {
      mjk_ev_answer a;
      std::memset(&a, 0x5a, sizeof a);
      mjk_request_info info;
      c.code = mjk_ev(&c.request, &c.options, &c.visible, nullptr, &a, &info);
      c.info = info;
      const mjk_ev_answer zero{};
      CHECK(std::memcmp(&a, &zero, sizeof a) == 0);
    }
    CHECK(c.code == code);
    CHECK(c.info.error == code);
    CHECK(std::string_view(c.info.message).find(words) != std::string_view::npos);
    CHECK(std::string_view(mjk_error_message(code)) != "unknown error");
  };
  fails(R"({"hand":"123m456p789s1222z","ev":{"extra":4}})", MJK_ERR_EXTRA_OUT_OF_RANGE, "extra must be 0..3");
  fails(R"({"hand":"123m456p789s1222z","ev":{"turn":0}})", MJK_ERR_TURN_OUT_OF_RANGE, "turn must be 1..17");
  fails(R"({"hand":"123m456p789s1222z","ev":{"depth":4}})", MJK_ERR_BAD_REQUEST, "unknown ev option");
  fails(R"({"hand":"3368m166789p578s7z","ev":{"hand_change":true,"max_vertices":10}})", MJK_ERR_TOO_MANY_VERTICES,
        "raise max_vertices");
  fails(R"({"hand":"123m456p789s11222z","ev":{}})", MJK_ERR_COMPLETE_HAND, "already complete");
  fails(R"({"hand":"123m456p789s122z","ev":{}})", MJK_ERR_WRONG_MELD_COUNT, "do not fit the melds");
  fails("123m456p789s1222z 1z", MJK_ERR_BAD_REQUEST, "has no win");
  fails(R"({"hand":"123m456p789s1222z","visible":"00m","ev":{}})", MJK_ERR_IMPOSSIBLE_WALL, "red five");
  fails("123m456p789s1222x", MJK_ERR_UNKNOWN_CHARACTER, "position 16");
  CHECK(std::string_view(mjk_error_message(MJK_ERR_OUT_OF_MEMORY)) == "the search ran out of memory");
  // A budget of 0 is no count (it meant "no limit" once): an error naming the field.
  fails(R"({"hand":"123m456p789s1222z","ev":{"max_vertices":0}})", MJK_ERR_BAD_REQUEST,
        "max_vertices must be a count of vertices");
  {
    CRequest zero = parse_c("123m456p789s1222z");
    zero.options.max_vertices = 0;
    mjk_ev_answer a;
    mjk_request_info info;
    CHECK(mjk_ev(&zero.request, &zero.options, nullptr, nullptr, &a, &info) == MJK_ERR_BAD_REQUEST);
    CHECK(std::string_view(info.message).find("max_vertices must be a positive count") != std::string_view::npos);
  }

  // A win field set on the struct by hand: the search's own check.
  CRequest c = parse_c("123m456p789s1222z");
  c.request.tsumo = 1;
  mjk_ev_answer a;
  mjk_request_info info;
  CHECK(mjk_ev(&c.request, nullptr, nullptr, nullptr, &a, &info) == MJK_ERR_BAD_REQUEST);
  CHECK(std::string_view(info.message).find("no win of its own") != std::string_view::npos);
  c.request.tsumo = 0;
  c.options.extra = 200;
  CHECK(mjk_ev(&c.request, &c.options, nullptr, nullptr, &a, nullptr) == MJK_ERR_EXTRA_OUT_OF_RANGE);

  // NULL where data is needed.
  CHECK(mjk_ev(nullptr, nullptr, nullptr, nullptr, &a, &info) == MJK_ERR_INVALID_ARGUMENT);
  CHECK(info.error == MJK_ERR_INVALID_ARGUMENT);
  CHECK(mjk_ev(&c.request, nullptr, nullptr, nullptr, nullptr, nullptr) == MJK_ERR_INVALID_ARGUMENT);
  CHECK(mjk_parse_ev_request(nullptr, 3, &c.request, &c.options, &c.visible, &c.info) == MJK_ERR_INVALID_ARGUMENT);
  CHECK(c.info.error == MJK_ERR_INVALID_ARGUMENT);  // and says so: a batch's row takes it as its error
  CHECK(std::string(c.info.message) == "the line's text is NULL, with a length of 3 bytes");
  CHECK(mjk_parse_ev_request("1m", 2, &c.request, nullptr, &c.visible, &c.info) == MJK_ERR_INVALID_ARGUMENT);
  CHECK(mjk_parse_ev_request(nullptr, 0, &c.request, &c.options, &c.visible, &c.info) == MJK_ERR_EMPTY_INPUT);
}

TEST_CASE("C ABI ev: the progress callback is called from the search") {
  CRequest c = parse_c(R"({"hand":"3368m166789p578s7z","ev":{"hand_change":true,"shanten_back":true}})");
  struct Seen {
    int calls = 0;
    std::uint64_t vertices = 0;
    bool turns = false;
  } seen;
  c.options.progress = [](void* user, std::uint64_t vertices, int turns_left) {
    auto* s = static_cast<Seen*>(user);
    ++s->calls;
    s->vertices = vertices;
    s->turns = s->turns || turns_left >= 0;
  };
  c.options.progress_user = &seen;
  mjk_ev_answer a;
  REQUIRE(mjk_ev(&c.request, &c.options, &c.visible, nullptr, &a, nullptr) == MJK_OK);
  CHECK(seen.calls > 0);
  CHECK(seen.turns);
}

#ifndef __EMSCRIPTEN__  // no threads in the WebAssembly build
TEST_CASE("C ABI ev: one workspace per thread, the same answers as one thread") {
  std::vector<mjk_ev_answer> serial(lines.size());
  for (std::size_t i = 0; i < lines.size(); ++i) {
    CRequest c = parse_c(lines[i]);
    REQUIRE(mjk_ev(&c.request, &c.options, &c.visible, nullptr, &serial[i], nullptr) == MJK_OK);
  }
  constexpr int threads = 4;
  std::vector<std::vector<mjk_ev_answer>> got(threads, std::vector<mjk_ev_answer>(lines.size()));
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      mjk_ev_workspace* ws = mjk_ev_workspace_new();
      for (int round = 0; round < 3; ++round)
        for (std::size_t i = 0; i < lines.size(); ++i) {
          CRequest c = parse_c(lines[(i + static_cast<std::size_t>(t)) % lines.size()]);
          mjk_ev(&c.request, &c.options, &c.visible, ws,
                 &got[static_cast<std::size_t>(t)][(i + static_cast<std::size_t>(t)) % lines.size()], nullptr);
        }
      mjk_ev_workspace_free(ws);
    });
  for (auto& th : pool) th.join();
  for (int t = 0; t < threads; ++t)
    for (std::size_t i = 0; i < lines.size(); ++i) {
      // peak_bytes is the workspace's, which differs with what it searched before
      mjk_ev_answer x = got[static_cast<std::size_t>(t)][i], y = serial[i];
      x.stats.peak_bytes = y.stats.peak_bytes = 0;
      x.stats.group_rows = y.stats.group_rows = 0;
      x.search_us = y.search_us = 0;  // a time, not an answer
      CHECK(std::memcmp(&x, &y, sizeof x) == 0);
    }
}
#endif  // __EMSCRIPTEN__

TEST_CASE("C ABI ev: a cancel flag stops mjk_ev_cancellable and mjk_analyse_json_cancellable") {
  mjk_cancel* cancel = mjk_cancel_new();
  REQUIRE(cancel != nullptr);
  CHECK(mjk_cancel_requested(cancel) == 0);
  CHECK(mjk_cancel_requested(nullptr) == 0);
  CRequest c = parse_c("3368m166789p578s7z");
  REQUIRE(c.code == MJK_OK);
  mjk_ev_workspace* ws = mjk_ev_workspace_new();
  mjk_ev_answer a;
  mjk_request_info info;
  // Not requested: mjk_ev's answer.
  REQUIRE(mjk_ev_cancellable(&c.request, &c.options, &c.visible, ws, cancel, &a, &info) == MJK_OK);
  const std::uint64_t vertices = a.vertices;
  CHECK(vertices > 0);
#ifndef __EMSCRIPTEN__  // no threads in the WebAssembly build
  // Requested from another thread while a wide search runs: it stops.
  c.options.hand_change = c.options.shanten_back = 1;
  c.options.extra = 3;
  c.options.max_vertices = 2'000'000;  // seconds of growth: the cancel comes first, or the test fails
  CRequest wide = parse_c("147m258p369s12345z");
  wide.options = c.options;
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    mjk_cancel_request(cancel);
  });
  const int code = mjk_ev_cancellable(&wide.request, &wide.options, &wide.visible, ws, cancel, &a, &info);
  stopper.join();
  CHECK(code == MJK_ERR_CANCELLED);
  CHECK(info.error == MJK_ERR_CANCELLED);
  CHECK(std::string_view(info.message) == "the search was cancelled");
  CHECK(mjk_cancel_requested(cancel) == 1);
  CHECK(mjk_ev_workspace_bytes(ws) < (std::size_t{1} << 30));
#else
  mjk_cancel_request(cancel);
#endif
  // A requested flag stays set: the next search stops too, and the workspace still answers without it.
  c = parse_c("3368m166789p578s7z");
  CHECK(mjk_ev_cancellable(&c.request, &c.options, &c.visible, ws, cancel, &a, &info) == MJK_ERR_CANCELLED);
  REQUIRE(mjk_ev_cancellable(&c.request, &c.options, &c.visible, ws, nullptr, &a, &info) == MJK_OK);
  CHECK(a.vertices == vertices);
  // The analysis line of an "ev" request: the search's error in its line.
  const std::string_view line = R"({"hand":"3368m166789p578s7z","ev":{}})";
  std::vector<char> buf(1 << 16);
  std::size_t needed = 0;
  REQUIRE(mjk_analyse_json_cancellable(line.data(), line.size(), 4, nullptr, cancel, buf.data(), buf.size(), &needed) ==
          MJK_OK);
  CHECK(std::string_view(buf.data()).find(R"("error":"the search was cancelled")") != std::string_view::npos);
  REQUIRE(mjk_analyse_json_cancellable(line.data(), line.size(), 4, nullptr, nullptr, buf.data(), buf.size(),
                                       &needed) == MJK_OK);
  CHECK(std::string_view(buf.data()).find(R"("error")") == std::string_view::npos);
  mjk_ev_workspace_free(ws);
  mjk_cancel_free(cancel);
  mjk_cancel_free(nullptr);
  mjk_cancel_request(nullptr);  // NULL: nothing
}
