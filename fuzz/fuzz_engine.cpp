// The game engine under random play, illegal actions included. Bytes choose
// the rules preset, the game's length and seed, then at each decision a seat
// and an action: mostly one of the asked seat's legal set, sometimes any of
// the action ids (and some that are none), sometimes a seat that was not
// asked or does not exist, now and then every legal action tried on a copy.
// A refused action must leave the table's bytes and the event log as they
// were, with the refusal why_not() gives; an action why_not() accepts must
// be applied; after every applied action Table::check() (tiles in exactly
// one place, hand sizes, cached waits, points with sticks) must hold; the
// game must end within a bounded number of actions, its mjai lines end in
// end_game and its final scores sum to the start. A failure prints what
// broke and aborts.
//
// Built with -fsanitize=fuzzer (MJK_FUZZ=ON, clang) this is a libFuzzer
// target; otherwise replay_main.cpp replays the corpus in every test build.
#include <array>
#include <bit>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "fuzz_bytes.hpp"
#include "mjk/mjai.hpp"
#include "mjk/table.hpp"

namespace {

using namespace mjk;
using fuzz::Bytes;

// A random game's decisions are about a thousand a hanchan; a game that
// goes on for this many has stopped ending.
constexpr long max_applied = 100000;

[[noreturn]] void fail(const char* what, const Table& t, int seat, int action, const std::string& detail = {}) {
  std::fprintf(stderr, "FAIL %s: seat %d action %d (%s) phase %d round %d.%d honba %d: %s\n", what, seat, action,
               action < act::count ? action_name(static_cast<Action>(action)).c_str() : "no such id",
               static_cast<int>(t.phase()), t.round_wind(), t.kyoku(), t.honba(), detail.c_str());
  std::abort();
}

void check_valid(const Table& t, int seat, int action) {
  const std::string broken = t.check();
  if (!broken.empty()) fail("invariant broken after an applied action", t, seat, action, broken);
}

// The seat-th set bit of `mask` (seat taken modulo the bits set).
int nth_seat(std::uint8_t mask, int n) {
  const int bits = std::popcount(static_cast<unsigned>(mask));
  n %= bits;
  for (int s = 0; s < 4; ++s)
    if ((mask >> s) & 1 && n-- == 0) return s;
  return 0;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Bytes b(data, size);
  static constexpr std::array<const char*, 4> presets = {"tenhou", "tenhou-sanma", "mahjongsoul", "mahjongsoul-sanma"};
  const std::uint8_t head = b.next();
  EngineRules rules = *rules_preset(presets[head & 3]).rules;
  rules.length = static_cast<GameLength>((head >> 2) % 3);
  if (head & 0x20) rules.red_fives = false;
  std::uint64_t seed = 0;
  for (int i = 0; i < 4; ++i) seed = seed << 8 | b.next();

  static Table t;  // static: a Table is plain data, kept off the fuzzer's stack
  static Table copy;
  static std::array<unsigned char, sizeof(Table)> before;
  // Mixed into each legal choice, so that once the bytes are used up (zeros)
  // the game goes on as a seeded random game rather than lowest ids only.
  Rng rng{seed};
  GameLog log;
  t.start(rules, seed, 0, &log);
  long applied = 0;
  while (!t.done()) {
    if (t.phase() == Phase::round_over) {
      if (!t.next_round(&log)) fail("next_round refused at round_over", t, -1, -1);
      if (!t.done()) check_valid(t, -1, -1);
      continue;
    }
    const std::uint8_t actors = t.actors();
    if (actors == 0) fail("a decision with nobody asked", t, -1, -1);
    const std::uint8_t mode = b.next();
    int seat = nth_seat(actors, b.next());
    int action;
    switch (mode % 16) {
      case 12:  // any id, and some that are none
        action = b.next() % (act::count + 8);
        break;
      case 13:  // any seat (one not asked, one that does not exist), any id
        seat = b.below(5);
        action = b.below(act::count);
        break;
      case 14: {  // every legal action on a copy keeps the table valid
        const ActionSet legal = t.legal(seat);
        for (int i = 0; i < legal.size(); ++i) {
          copy = t;
          const ActionResult r = copy.apply(seat, legal.nth(i));
          if (!r.ok()) fail("a legal action refused on a copy", copy, seat, legal.nth(i), r.message());
          check_valid(copy, seat, legal.nth(i));
        }
        action = legal.nth(b.below(legal.size()));
        break;
      }
      default: {
        const ActionSet& legal = t.legal(seat);
        if (legal.empty()) fail("an asked seat with no legal action", t, seat, -1);
        action = legal.nth(static_cast<int>((b.next() + rng.below(256)) % static_cast<unsigned>(legal.size())));
      }
    }
    const bool asked = seat < t.players() && ((actors >> seat) & 1);
    const bool legal = asked && t.legal(seat).contains(action);
    const Refusal why = t.why_not(seat, static_cast<Action>(action));
    if ((why == Refusal::none) != legal)
      fail("why_not disagrees with the legal set", t, seat, action, std::string(describe(why)));
    std::memcpy(before.data(), static_cast<const void*>(&t), sizeof(Table));
    const std::size_t events = log.events.size();
    const ActionResult r = t.apply(seat, static_cast<Action>(action), &log);
    if (!legal) {
      if (r.ok()) fail("an action outside the legal set applied", t, seat, action);
      if (r.refusal != why) fail("apply's refusal is not why_not's", t, seat, action, r.message());
      if (r.message().empty()) fail("a refusal without a message", t, seat, action);
      if (std::memcmp(before.data(), static_cast<const void*>(&t), sizeof(Table)) != 0)
        fail("a refused action changed the table", t, seat, action, r.message());
      if (log.events.size() != events) fail("a refused action wrote events", t, seat, action, r.message());
      continue;
    }
    if (!r.ok()) fail("a legal action refused", t, seat, action, r.message());
    if (++applied > max_applied) fail("the game does not end", t, seat, action);
    check_valid(t, seat, action);
  }
  // A finished game refuses everything and its record ends it.
  if (t.apply(0, act::pass, &log).refusal != Refusal::game_over) fail("a finished game took an action", t, 0, 0);
  long total = 0;
  for (int s = 0; s < t.players(); ++s) total += t.scores()[static_cast<std::size_t>(s)];
  if (total != static_cast<long>(rules.start_score) * t.players() || t.sticks() != 0)
    fail("the final scores do not sum to the start", t, -1, -1, std::to_string(total));
  if (log.events.empty() || log.events.back().type != EventType::end_game)
    fail("the event log does not end in end_game", t, -1, -1);
  std::string lines;
  write_mjai(log, rules.players, lines);
  if (lines.rfind("{\"type\":\"start_game\"", 0) != 0 || lines.find("{\"type\":\"end_game\"") == std::string::npos)
    fail("the mjai lines do not start and end the game", t, -1, -1);
  return 0;
}
