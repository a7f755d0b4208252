// Expected-value fuzzer: the search (ev/) against the plain reference
// (scalar_ref), and request text through the C ABI's EV door. The first
// byte picks the path:
// - even: a request built field by field from the bytes (players, melds,
//   the concealed tiles, a dora indicator, seat and round, visible tiles,
//   red fives, every option); the search runs with a vertex budget, and a
//   search small enough for the reference must equal it value by value
//   (1e-9 relative), as tests/ev does on dealt hands;
// - odd: the rest is a request line for mjk_parse_ev_request and mjk_ev
//   (what the bindings and the server call), the budget forced down.
// No input may crash; an error must carry its code; an answer's values are
// finite and not negative. A failure prints the request and aborts.
//
// Built with -fsanitize=fuzzer (MJK_FUZZ=ON, clang) this is a libFuzzer
// target; otherwise replay_main.cpp replays the corpus in every test build.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "fuzz_bytes.hpp"
#include "mjk.h"
#include "mjk/ev.hpp"
#include "mjk/hand.hpp"
#include "mjk/ref_ev.hpp"

namespace {

using namespace mjk;

// Vertices at most for every search, and for a search the reference repeats.
constexpr std::uint64_t budget = 3000;
constexpr std::uint64_t reference_at_most = 1000;

using fuzz::Bytes;

std::string text(const ScoreRequest& r, const EvOptions& o, const EvVisible& v) {
  std::string s = to_mpsz(r.hand);
  for (std::size_t i = 0; i < r.meld_count; ++i)
    s += " meld(" + std::to_string(static_cast<int>(r.melds[i].type)) + "," + tile_name(r.melds[i].tile) + ")";
  s += " dora";
  for (std::size_t i = 0; i < r.dora_count; ++i) s += " " + tile_name(r.dora[i]);
  s += " players " + std::to_string(static_cast<int>(r.players)) + " seat " + std::to_string(r.seat) + " round " +
       std::to_string(r.round) + " red fives " + std::to_string(r.hand.red_fives[0]) +
       std::to_string(r.hand.red_fives[1]) + std::to_string(r.hand.red_fives[2]);
  s += std::string(" | hand_change ") + (o.hand_change ? "1" : "0") + " shanten_back " + (o.shanten_back ? "1" : "0") +
       " extra " + std::to_string(o.extra) + " uradora " + (o.uradora ? "1" : "0") + " red " + (o.red ? "1" : "0");
  s += " | visible";
  for (int k = 0; k < kind_count; ++k)
    if (v.counts[static_cast<std::size_t>(k)])
      s += " " + std::to_string(v.counts[static_cast<std::size_t>(k)]) + "x" + tile_name(Tile(k));
  return s;
}

[[noreturn]] void fail(const std::string& what, const std::string& request) {
  std::fprintf(stderr, "FAILURE %s: %s\n", what.c_str(), request.c_str());
  std::abort();
}

double relative(double a, double b) {
  if (a == b) return 0;
  return std::abs(a - b) / std::max({std::abs(a), std::abs(b), 1e-300});
}

// Finite, not negative, zero past the discards.
template <class Answer>
std::string answer_problem(const Answer& a) {
  if (a.count < 1 || a.count > 14) return "count " + std::to_string(a.count);
  for (std::size_t i = 0; i < 14; ++i)
    for (int t = 0; t < ev_turns; ++t) {
      const auto ti = static_cast<std::size_t>(t);
      for (const double v : {a.discards[i].tenpai[ti], a.discards[i].win[ti], a.discards[i].score[ti]}) {
        if (!std::isfinite(v) || v < 0) return "value " + std::to_string(v) + " at turn " + std::to_string(t);
        if (i >= a.count && v != 0) return "a value past the discards";
      }
    }
  return {};
}

std::string difference(const EvAnswer& fast, const EvAnswer& ref) {
  if (fast.vertices != ref.vertices)
    return "vertices " + std::to_string(fast.vertices) + " vs " + std::to_string(ref.vertices);
  if (fast.shanten != ref.shanten || fast.wall != ref.wall || fast.wall_counts != ref.wall_counts ||
      fast.count != ref.count)
    return "shanten, wall or discards";
  for (std::size_t i = 0; i < fast.count; ++i) {
    const EvDiscard &a = fast.discards[i], &b = ref.discards[i];
    if (a.has_discard != b.has_discard || a.discard != b.discard || a.discard_red != b.discard_red ||
        a.shanten != b.shanten || a.necessary != b.necessary)
      return "discard " + std::to_string(i);
    for (int t = 0; t < ev_turns; ++t) {
      const auto ti = static_cast<std::size_t>(t);
      const double worst = std::max(
          {relative(a.tenpai[ti], b.tenpai[ti]), relative(a.win[ti], b.win[ti]), relative(a.score[ti], b.score[ti])});
      if (worst > 1e-9)
        return "discard " + tile_name(a.discard) + " turn " + std::to_string(t) + ": tenpai " +
               std::to_string(a.tenpai[ti]) + " / " + std::to_string(b.tenpai[ti]) + ", win " +
               std::to_string(a.win[ti]) + " / " + std::to_string(b.win[ti]) + ", score " +
               std::to_string(a.score[ti]) + " / " + std::to_string(b.score[ti]);
    }
  }
  return {};
}

// Field by field: mostly valid requests, sometimes contradictory ones
// (which must be errors).
void structured(Bytes& b) {
  ScoreRequest r;
  EvOptions o;
  EvVisible v;
  const std::uint8_t flags = b.next();
  o.hand_change = flags & 1;
  o.shanten_back = flags & 2;
  o.extra = (flags >> 2) & 1;
  o.uradora = flags & 8;
  o.red = flags & 16;
  r.players = flags & 32 ? Players::three : Players::four;
  const bool three = r.players == Players::three;
  const int tiles = flags & 64 ? 13 : 14;
  const auto kind = [&] {
    int k = b.below(kind_count);
    if (three && k >= 1 && k <= 7) k = b.bit() ? 0 : 8;  // mostly tiles that exist with three players
    return k;
  };
  r.meld_count = static_cast<std::uint8_t>(b.below(3));
  for (std::size_t i = 0; i < r.meld_count; ++i) {
    Meld& m = r.melds[i];
    const int pick = b.below(8);
    m.type = pick < 2 && !three ? MeldType::chi
             : pick < 5         ? MeldType::pon
             : pick < 7         ? MeldType::ankan
                                : MeldType::minkan;
    int k = kind();
    if (m.type == MeldType::chi) k = (k / 9 % 3) * 9 + k % 9 % 7;
    m.tile = Tile(k);
    m.from = m.type == MeldType::ankan ? Relative::self
             : m.type == MeldType::chi ? Relative::kamicha
                                       : (three ? Relative::shimocha : Relative::toimen);
  }
  for (int i = 0; i + 3 * r.meld_count < tiles; ++i) r.hand.add(Tile(kind()));
  for (int suit = 0; suit < 3; ++suit)
    if (r.hand.count(Tile(9 * suit + 4)) > 0 && b.below(4) == 0) r.hand.red_fives[static_cast<std::size_t>(suit)] = 1;
  r.dora[r.dora_count++] = Tile(kind());
  r.seat = static_cast<std::uint8_t>(b.below(static_cast<int>(r.players)));
  r.round = static_cast<std::uint8_t>(b.below(2));
  for (int i = b.below(4); i > 0; --i) ++v.counts[static_cast<std::size_t>(kind())];
  o.max_vertices = budget;

  static EvWorkspace ws;
  const EvResult fast = expected_value(r, o, v, &ws);
  const std::string request = text(r, o, v);
  if (!fast.ok()) {
    if (fast.error.code == Error::none) fail("an error without a code", request);
    return;
  }
  if (const std::string p = answer_problem(fast.value); !p.empty()) fail(p, request);
  if (fast.value.vertices > reference_at_most) return;
  if (const std::string d = difference(fast.value, ref::expected_value(r, o, v)); !d.empty())
    fail("search and reference differ, " + d, request);
}

// Request text through the C ABI, as the bindings and the server call it.
void through_c_abi(const std::uint8_t* data, std::size_t size) {
  mjk_score_request request;
  mjk_ev_options options;
  mjk_ev_visible visible;
  mjk_request_info info;
  const std::string line(reinterpret_cast<const char*>(data), size);
  const int parsed = mjk_parse_ev_request(line.data(), line.size(), &request, &options, &visible, &info);
  if (parsed != MJK_OK) {
    if (parsed != info.error)
      fail("parse returned " + std::to_string(parsed) + ", info says " + std::to_string(info.error), line);
    return;
  }
  options.max_vertices = std::min<std::uint64_t>(options.max_vertices, budget);  // a parsed budget is never 0
  options.progress = nullptr;
  static mjk_ev_workspace* ws = mjk_ev_workspace_new();
  static mjk_ev_answer answer;
  const int e = mjk_ev(&request, &options, &visible, ws, &answer, &info);
  if (e != info.error) fail("mjk_ev returned " + std::to_string(e) + ", info says " + std::to_string(info.error), line);
  if (e != MJK_OK) return;
  if (const std::string p = answer_problem(answer); !p.empty()) fail(p, line);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  if (data[0] & 1) {
    through_c_abi(data + 1, size - 1);
  } else {
    Bytes b(data + 1, size - 1);
    structured(b);
  }
  return 0;
}
