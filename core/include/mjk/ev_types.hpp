// The expected-value search's values (ev.hpp, ../shared/EV.md): its options,
// the tiles seen outside the hand, and the answer. They live in core because
// the reference (scalar_ref) answers in the same types; ev.hpp adds the
// search. The answer is a fixed-size value (no pointers), so the JSON
// writer, the C ABI and the bindings can pass it on as it is.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>

#include "mjk/error.hpp"
#include "mjk/tile.hpp"

namespace mjk {

// Turns are the number of draws made: t = 0..18. A 14-tile hand is read at
// t = 1 (17 draws left), a 13-tile hand at t = 0 (18 left).
inline constexpr int ev_last_turn = 18;
inline constexpr int ev_turns = ev_last_turn + 1;
// The options' ranges (EvOptions): the search refuses others
// (extra_out_of_range, turn_out_of_range); the request's schema reads them.
inline constexpr int ev_max_extra = 3;
inline constexpr int ev_first_turn = 1, ev_max_turn = ev_last_turn - 1;  // the turns a table can show

// Reports the search's progress (the command line's status line). Called
// from the searching thread every few ten thousand vertices while the graph
// grows, and once per turn while the values are computed.
struct EvProgress {
  void (*report)(void* user, std::uint64_t vertices, int turns_left) = nullptr;  // turns_left: -1 while growing
  void* user = nullptr;
};

// The budget a search has unless told otherwise: at the 300-440 bytes a
// vertex takes at the search's largest (ev/README.md, "Memory"), a search
// stopped here has held at most about 0.45 GB. Every door takes its default
// from here; a caller lifts it by naming a larger count (UINT64_MAX: none).
inline constexpr std::uint64_t ev_default_max_vertices = 1'000'000;

struct EvOptions {
  bool hand_change = false;   // 手変わり: a draw vertex not in riichi follows every kind in the wall
  bool shanten_back = false;  // 向聴戻し: a discard vertex not in riichi tries every discard
  int extra = 1;              // 0..3: a vertex is widened while dist + shanten < start shanten + extra
  bool uradora = true;        // count ura-dora as an exact expectation (riichi wins only)
  bool red = true;            // red fives score (off: they are plain fives everywhere)
  int turn = 1;               // 1..17: the turn a table shows (the answer holds every turn)
  // Stop with Error::too_many_vertices past this many vertices: a positive
  // count (0 is refused, bad_request naming the field).
  std::uint64_t max_vertices = ev_default_max_vertices;
  const EvProgress* progress = nullptr;
  // Set (from any thread) to stop the search with Error::cancelled; read
  // while the graph grows (every few thousand vertices) and at each turn.
  const std::atomic<bool>* cancel = nullptr;
};

// Tiles seen outside the hand besides its melds and the dora indicators
// (which the request holds): discards, other players' melds. `red` names
// the red fives known to be out of the wall: among these tiles, or a dora
// indicator that was a red five (the request's indicators have no colour).
struct EvVisible {
  std::array<std::uint8_t, kind_count> counts{};
  std::array<std::uint8_t, 3> red{};  // 5m, 5p, 5s: 0 or 1
};

// One discard of a 14-tile hand (or the 13-tile hand itself).
struct EvDiscard {
  bool has_discard = false;  // false: the entry of a 13-tile hand
  Tile discard;              // the kind discarded
  bool discard_red = false;  // the discard is a red five (listed apart from the plain five)
  std::int8_t shanten = 0;   // of the 13 tiles left
  TileMask necessary;        // the kinds that lower that shanten (counts: EvAnswer::wall_counts)
  // Index t = draws made; an index the search does not compute is 0 (index
  // 0 of a 14-tile hand's entries). Values may exceed 1 (ev/README.md).
  std::array<double, ev_turns> tenpai{}, win{}, score{};
};

// What the search built: for reports and benchmarks.
struct EvStats {
  std::uint64_t draw_vertices = 0, discard_vertices = 0;  // 3k+1 and 3k+2 tiles
  std::uint64_t edges = 0;                                // draws between them (each once)
  std::uint64_t wins = 0;                                 // winning draws scored
  std::uint64_t group_rows = 0;                           // distinct suit / honour count vectors the workspace holds
  std::uint64_t peak_bytes = 0;                           // the workspace's memory at its largest
  // The search's own time (expected_value from request to answer, wall
  // clock): what a front end's figures are beside, without its parsing and
  // writing. Not an answer: it differs from run to run.
  double search_us = 0;
};

struct EvAnswer {
  std::int8_t shanten = 0;                             // of the hand as given (-1 never: a complete hand is an error)
  std::uint64_t vertices = 0;                          // draw + discard vertices searched
  int wall = 0;                                        // S: the tiles in the wall at the start
  std::array<std::uint8_t, kind_count> wall_counts{};  // each kind's copies in the start wall
  std::uint8_t count = 0;                // entries in `discards`: distinct discards explored (1 for 13 tiles)
  std::array<EvDiscard, 14> discards{};  // kind order, a red five after its plain five
  EvStats stats;
};

struct EvResult {
  EvAnswer value;
  HandError error;  // what is wrong with the request, naming the field or tile
  [[nodiscard]] bool ok() const noexcept { return error.code == Error::none; }
};

}  // namespace mjk
