// Record reader fuzzer: arbitrary bytes through every reader (mjlog, tenhou.net/6,
// mjai, gzip) and, when they read, the replay and the review. Nothing may
// crash; every error must name a place inside the input.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "mjk/records.hpp"
#include "mjk/replay.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace mjk::records;
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  for (int format = 0; format < 4; ++format) {
    const ReadResult r = format == 0 ? read_record(bytes, "fuzz")
                       : format == 1 ? read_mjlog(bytes, "fuzz")
                       : format == 2 ? read_tenhou6(bytes, "fuzz")
                                     : read_mjai(bytes, "fuzz");
    if (!r.ok()) {
      // gzip errors name the whole input; the others a byte inside it (or its end).
      if (r.error->offset > size || r.error->what.empty()) {
        std::fprintf(stderr, "FAILURE: error outside the input: %s\n", r.error->message().c_str());
        std::abort();
      }
      continue;
    }
    ReplayOptions options;
    options.decisions = true;
    Replay p = replay(r.game, options);
    review(p.decisions, r.game.rules.players);
  }
  return 0;
}
