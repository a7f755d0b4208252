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
// discard, call and result shown.
MJK_API void write_mjai(const GameLog& log, Players players, std::string& out,
                        std::span<const std::string_view> names = {}, int viewer = -1);

}  // namespace mjk
