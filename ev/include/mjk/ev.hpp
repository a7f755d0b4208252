// Expected value of a hand: for every discard of a 14-tile hand (or for a
// 13-tile hand as it stands), the probability of being tenpai, of winning,
// and the expected score at every turn, in the one-player tsumo model of
// ../shared/EV.md (the model of tomohxx's algorithm book and of mahjong-cpp's
// ExpectedScoreCalculator; ev/README.md states it rule by rule).
//
// The request is a scoring request (score.hpp) without a winning tile: the
// hand as it stands, its melds, and the context that prices a win (dora
// indicators, seat and round winds, players, north tiles, honba and sticks,
// rules). Tiles seen elsewhere leave the wall (EvVisible). The options and
// the answer's types are in ev_types.hpp (core: the reference shares them).
#pragma once

#include <cstddef>
#include <memory>

#include "mjk/error.hpp"
#include "mjk/ev_types.hpp"
#include "mjk/export.h"
#include "mjk/score.hpp"

namespace mjk {

// What a workspace kept from call to call may hold (io's "ev" lines, the C
// ABI's pool of workspaces): past it, trim() frees the last search's graph,
// so that one large search does not keep its memory for the thread's life.
inline constexpr std::size_t ev_kept_workspace_bytes = std::size_t{64} << 20;

// Memory the search reuses from call to call (its tables, vertices, edges
// and values only grow): one per thread. Searching without one allocates
// and frees a workspace per call.
class MJK_API EvWorkspace {
 public:
  EvWorkspace();
  ~EvWorkspace();
  EvWorkspace(EvWorkspace&&) noexcept;
  EvWorkspace& operator=(EvWorkspace&&) noexcept;
  EvWorkspace(const EvWorkspace&) = delete;
  EvWorkspace& operator=(const EvWorkspace&) = delete;
  // Bytes held now.
  [[nodiscard]] std::size_t bytes() const noexcept;
  // When bytes() passes `keep`: frees the graph's table, vertices, edges and
  // values, as a new workspace holds them, and keeps the group rows (at most
  // 18 MB, ev/README.md), which the next searches of new hands read again.
  // The answers of later searches are the same either way.
  void trim(std::size_t keep = ev_kept_workspace_bytes) noexcept;
  struct Impl;
  // The search's state (a moved-from workspace gets a fresh one).
  [[nodiscard]] Impl& impl();

 private:
  std::unique_ptr<Impl> impl_;
};

// Searches the hand of `request`: request.hand holds the concealed tiles as
// they stand (13 or 14 tiles counting 3 per meld, red fives in
// hand.red_fives), request.melds the melds (closed kans keep the hand
// closed); dora, seat, round, players, nuki, honba, sticks and rules price
// the wins. The fields of a particular win (win, win_red, tsumo, from,
// riichi, ippatsu, rinshan, chankan, haitei, tenhou, ura) must be left at
// their defaults: the search sets them. Errors: the request's (validate()'s
// codes), too_many_tiles / too_few_tiles, complete_hand, impossible_wall (a
// kind or a red five seen more often than the game has it), wall_too_small,
// extra_out_of_range, turn_out_of_range, bad_request for a max_vertices of 0,
// too_many_vertices (past options.max_vertices: ev_default_max_vertices
// unless raised), out_of_memory (the search could not get the memory it
// needed), cancelled (options.cancel was set; the workspace stays usable).
// Thread-safe with one workspace per thread.
[[nodiscard]] MJK_API EvResult expected_value(const ScoreRequest& request, const EvOptions& options = {},
                                              const EvVisible& visible = {}, EvWorkspace* workspace = nullptr);

}  // namespace mjk
