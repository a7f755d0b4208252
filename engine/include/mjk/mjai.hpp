// The table's events as mjai, the dialect Mortal's libriichi speaks: one
// JSON object a line. docs/engine.md lists every event and its fields.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "mjk/export.h"
#include "mjk/table.hpp"

namespace mjk {

// Appends one line per event of `log` (each ending in '\n') to `out`, every
// tile shown (the full view a record keeps). `names`: the players' names
// for start_game (empty: "player0", ...). Three players' games write three
// scores, hands and deltas, and nukidora for a north set aside.
//
// `viewer` >= 0 writes what that seat may see, as a bot speaking mjai gets
// it: the other seats' dealt hands and draws as "?" (13 "?" a hand), every
// discard, call and result shown, and start_game saying its "id".
// `first_event`: the lines of log.events[first_event..] alone (a bot is sent
// the events as they come).
MJK_API void write_mjai(const GameLog& log, Players players, std::string& out,
                        std::span<const std::string_view> names = {}, int viewer = -1, std::size_t first_event = 0);

// One mjai reaction line (Mortal's dialect: {"type":"dahai","actor":1,
// "pai":"5m","tsumogiri":false}, "reach", "chi"/"pon"/"daiminkan" with
// "consumed", "ankan", "kakan", "hora", "ryukyoku" for nine terminals,
// "nukidora", "none"; fields it does not need, such as "meta", skipped)
// read as the action of `seat` at this moment of `table`.
// mjai's riichi is two answers: "reach", then, told the reach, the discard.
// `after_reach`: this line is that discard (riichi + the tile).
struct MjaiReaction {
  Action action = act::pass;
  bool reach = false;  // a "reach" that may be followed by a riichi discard: ask for it
  std::string error;   // why the line is no legal action (not JSON, not an action, not legal), or ""
  [[nodiscard]] bool ok() const noexcept { return error.empty(); }
};
[[nodiscard]] MJK_API MjaiReaction read_mjai_reaction(const Table& table, int seat, std::string_view line,
                                                      bool after_reach = false);
// The legal set of `seat` as mjai reactions: "dahai 1m, dahai 5s tsumogiri,
// reach, pon 5m 5m, hora, none".
[[nodiscard]] MJK_API std::string mjai_legal_names(const Table& table, int seat);

}  // namespace mjk
