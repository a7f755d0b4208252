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
MJK_API void write_mjai(const GameLog& log, Players players, std::string& out,
                        std::span<const std::string_view> names = {});

}  // namespace mjk
