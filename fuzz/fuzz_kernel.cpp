// Differential fuzzer: every kernel implementation against the scalar
// reference. Bytes become either a legal hand (the usual case) or, raw, the
// 64 bytes of a Hand, to check that garbage is rejected exactly as validate()
// rejects it. A mismatch prints the hand in mpsz and aborts.
//
// Built with -fsanitize=fuzzer (MJK_FUZZ=ON, clang) this is a libFuzzer
// target; otherwise replay_main.cpp replays files and directories given as
// arguments, so the corpus runs in every test build.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "mjk/decomposition.hpp"
#include "mjk/implementation.hpp"
#include "mjk/ref.hpp"

namespace {

using namespace mjk;

[[noreturn]] void mismatch(const Implementation& impl, const char* op, const Hand& h, const std::string& detail) {
  std::fprintf(stderr, "MISMATCH %s on %s: hand %s (%d tiles): %s\n", op, std::string(impl.name).c_str(),
               to_mpsz(h).c_str(), h.tiles, detail.c_str());
  std::abort();
}

std::string mask_text(TileMask m) {
  std::string s;
  for (const Tile t : m) s += tile_name(t) + " ";
  return s;
}

// A legal hand from the bytes: the first picks the size, each next one a kind.
Hand legal_hand(const std::uint8_t* data, std::size_t size) {
  Hand h;
  const int n = 1 + data[0] % 14;
  for (std::size_t i = 1; i < size && h.tiles < n; ++i) {
    const Tile t(data[i] % kind_count);
    if (h.count(t) < 4) h.add(t);
  }
  return h;
}

// Shanten, necessary tiles and advice, batch and single, under the rules in force.
void check_shanten(const Implementation& impl, const Hand& h, Players players) {
  const Options options{players};
  const BatchInput in{&h, 1, Layout::hands, options};
  const auto either = validate(h, Question::shanten, players).code;
  const auto waiting = validate(h, Question::waits, players).code;
  const auto complete = validate(h, Question::complete, players).code;
  const char* rules = players == Players::three ? " (three players)" : "";

  Result<ShantenForms> s;
  impl.shanten(in, &s);
  if (s.error != either) mismatch(impl, "shanten error", h, std::string(describe(s.error)) + rules);
  if (either == Error::none && !(s.value == ref::shanten_forms(h, players)))
    mismatch(impl, "shanten", h,
             "kernel best " + std::to_string(s.value.best) + ", ref " +
                 std::to_string(ref::shanten_forms(h, players).best) + rules);
  const auto one_s = impl.single_shanten(h, options);
  if (one_s.error != s.error || !(one_s.value == s.value)) mismatch(impl, "single shanten", h, rules);

  Result<Necessary> n;
  impl.necessary_tiles(in, &n);
  if (n.error != waiting) mismatch(impl, "necessary_tiles error", h, std::string(describe(n.error)) + rules);
  if (waiting == Error::none && !(n.value == ref::necessary_tiles(h, players)))
    mismatch(impl, "necessary_tiles", h,
             "kernel " + mask_text(n.value.tiles) + "ref " + mask_text(ref::necessary_tiles(h, players).tiles) + rules);
  const auto one_n = impl.single_necessary_tiles(h, options);
  if (one_n.error != n.error || !(one_n.value == n.value)) mismatch(impl, "single necessary_tiles", h, rules);

  Result<Advice> a;
  impl.advice(in, &a);
  if (a.error != complete) mismatch(impl, "advice error", h, std::string(describe(a.error)) + rules);
  if (complete == Error::none && !(a.value == ref::advice(h, players)))
    mismatch(impl, "advice", h, std::string("kernel and ref differ") + rules);
  const auto one_a = impl.single_advice(h, options);
  if (one_a.error != a.error || !(one_a.value == a.value)) mismatch(impl, "single advice", h, rules);

  // Batches of nine: past the hand-by-hand cut-offs, through the lanes
  // (advice expands the hand into its discards), every copy answered alike.
  std::array<Hand, 9> many;
  many.fill(h);
  const BatchInput nine{many.data(), many.size(), Layout::hands, options};
  std::array<Result<ShantenForms>, 9> s9;
  std::array<Result<Necessary>, 9> n9;
  std::array<Result<Advice>, 9> a9;
  impl.shanten(nine, s9.data());
  impl.necessary_tiles(nine, n9.data());
  impl.advice(nine, a9.data());
  for (std::size_t i = 0; i < many.size(); ++i) {
    if (s9[i].error != s.error || !(s9[i].value == s.value)) mismatch(impl, "shanten in a batch of nine", h, rules);
    if (n9[i].error != n.error || !(n9[i].value == n.value))
      mismatch(impl, "necessary_tiles in a batch of nine", h, rules);
    if (a9[i].error != a.error || !(a9[i].value == a.value)) mismatch(impl, "advice in a batch of nine", h, rules);
  }
}

void check(const Implementation& impl, const Hand& h) {
  const auto complete = validate(h, Question::complete).code;
  const auto waiting = validate(h, Question::waits).code;

  Result<bool> agari;
  impl.is_agari({&h, 1}, &agari);
  if (agari.error != complete) mismatch(impl, "is_agari error", h, std::string(describe(agari.error)));
  if (complete == Error::none && agari.value != ref::is_agari(h))
    mismatch(impl, "is_agari", h, agari.value ? "kernel true" : "kernel false");

  Result<TileMask> waits;
  impl.waits({&h, 1}, &waits);
  if (waits.error != waiting) mismatch(impl, "waits error", h, std::string(describe(waits.error)));
  if (waiting == Error::none && waits.value != ref::waits(h))
    mismatch(impl, "waits", h, "kernel " + mask_text(waits.value) + "ref " + mask_text(ref::waits(h)));

  Result<TenpaiDiscards> discards;
  impl.tenpai_discards({&h, 1}, &discards);
  if (discards.error != complete) mismatch(impl, "tenpai_discards error", h, std::string(describe(discards.error)));
  if (complete == Error::none && !(discards.value == ref::tenpai_discards(h)))
    mismatch(impl, "tenpai_discards", h, "kernel discards " + mask_text(discards.value.discards));

  // The single-hand path of the same implementation answers as its batch.
  const auto one_agari = impl.single_is_agari(h, {});
  if (one_agari.error != agari.error || one_agari.value != agari.value) mismatch(impl, "single is_agari", h, "");
  const auto one_waits = impl.single_waits(h, {});
  if (one_waits.error != waits.error || one_waits.value != waits.value) mismatch(impl, "single waits", h, "");
  const auto one_discards = impl.single_tenpai_discards(h, {});
  if (one_discards.error != discards.error || !(one_discards.value == discards.value))
    mismatch(impl, "single tenpai_discards", h, "");
}

// The kernel's decompositions (not per ISA: table-driven) with every winning tile held, and none.
void check_decompositions(const Hand& h) {
  const bool complete = !validate(h, Question::complete);
  for (int k = -1; k < kind_count; ++k) {
    const std::optional<Tile> win = k < 0 ? std::nullopt : std::optional<Tile>(Tile(k));
    if (win && h.count(*win) == 0) continue;
    std::array<Decomposition, max_decompositions> out;
    const auto r = decompositions(h, win, out);
    if (!complete) {
      if (r.error != validate(h, Question::complete).code)
        mismatch(active_implementation(), "decompositions error", h, std::string(describe(r.error)));
      return;
    }
    const auto want = ref::decompositions(h, win);
    if (!r.ok() || r.value != want.size() || !std::equal(want.begin(), want.end(), out.begin()))
      mismatch(active_implementation(), "decompositions", h,
               "win " + (win ? tile_name(*win) : std::string("-")) + ": kernel " + std::to_string(r.value) +
                   " readings, ref " + std::to_string(want.size()));
  }
}

// Says once which implementations this CPU lets the fuzzer check.
bool announce() {
  for (const auto& impl : implementations())
    std::fprintf(stderr, "fuzz_kernel: %s %s\n", std::string(impl.name).c_str(),
                 impl.supported() ? "checked" : "not available on this CPU: skipped");
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  [[maybe_unused]] static const bool announced = announce();
  if (size < 2) return 0;
  Hand h;
  if (data[0] == 0xff) {  // raw: the bytes are the Hand itself
    std::memcpy(&h, data + 1, std::min(size - 1, sizeof(Hand)));
  } else {
    h = legal_hand(data, size);
  }
  // Three players when the last byte says so: their hands hold no 2m-8m (a
  // raw Hand that does must get not_in_rules).
  const Players players = data[size - 1] & 1 ? Players::three : Players::four;
  if (players == Players::three && data[0] != 0xff)
    for (int k = 1; k <= 7; ++k)
      while (h.count(Tile(k)) > 0) {
        h.remove(Tile(k));
        if (h.count(Tile(k % 2 ? 0 : 8)) < 4) h.add(Tile(k % 2 ? 0 : 8));
      }
  for (const auto& impl : implementations())
    if (impl.supported()) {
      check(impl, h);
      check_shanten(impl, h, players);
    }
  check_decompositions(h);
  return 0;
}
