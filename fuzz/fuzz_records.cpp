// Record reader fuzzer: arbitrary bytes through every reader (mjlog, tenhou.net/6,
// mjai, gzip) and, when they read, the replay, the review and the writers
// (read -> write -> read must replay identically). Nothing may crash; every
// error must name a place inside the input.
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
    const ReadResult r = format == 0   ? read_record(bytes, "fuzz")
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
    // Written in each format and read back: the same replay (a writer may
    // refuse a game its format cannot carry, with a reason, never crash).
    for (const Format to : {Format::mjai, Format::tenhou6, Format::mjlog}) {
      const WriteResult w = write_record(r.game, to);
      if (!w.ok()) {
        if (w.error->empty()) {
          std::fprintf(stderr, "FAILURE: a writer refused without a reason\n");
          std::abort();
        }
        continue;
      }
      const ReadResult back = read_record(w.text, r.game.file);
      if (!back.ok() || replay_text(replay(back.game)) != replay_text(p)) {
        std::fprintf(stderr, "FAILURE: written as %s, the record %s\n", std::string(format_name(to)).c_str(),
                     back.ok() ? "replays differently" : back.error->message().c_str());
        std::abort();
      }
    }
  }
  return 0;
}
