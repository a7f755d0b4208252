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
  for (const auto& impl : implementations())
    if (impl.supported()) check(impl, h);
  check_decompositions(h);
  return 0;
}
