// Built-in players: plain functions of (table, seat, rng) answering the
// decision the table asks that seat (Table::actors()).
#pragma once

#include <span>
#include <string_view>

#include "mjk/export.h"
#include "mjk/table.hpp"
#include "mjk/wall.hpp"

namespace mjk {

using Bot = Action (*)(const Table& table, int seat, Rng& rng);

// Uniform over the legal set.
[[nodiscard]] MJK_API Action bot_random(const Table& table, int seat, Rng& rng) noexcept;
// Discards the drawn tile (after a call: the lowest legal discard), passes
// every call, never wins.
[[nodiscard]] MJK_API Action bot_tsumogiri(const Table& table, int seat, Rng& rng) noexcept;
// Wins when it can; riichi when tenpai (the riichi discard leaving the most
// winning tiles); a call when it lowers the shanten; otherwise the kernel's
// best discard (advice(): lowest shanten, then most ukeire); a north set
// aside at once; never a kan or nine terminals.
[[nodiscard]] MJK_API Action bot_advice(const Table& table, int seat, Rng& rng) noexcept;
// Wins when it can; on its turn (not in riichi) the discard with the best
// expected score of the expected-value search (mjk::expected_value, its
// one-player tsumo model, ../shared/EV.md) at the turn the wall's length
// puts it at, the tiles seen (rivers, the others' melds) out of the wall,
// riichi with it when it may; a bounded search (200,000 vertices) and every
// other decision as advice. Slow: a search per turn.
[[nodiscard]] MJK_API Action bot_ev(const Table& table, int seat, Rng& rng) noexcept;
// The names bot_by_name knows, as the doors' messages list them.
inline constexpr std::string_view bot_names = "random, tsumogiri, advice, ev";
// A bot of bot_names; nullptr for another name.
[[nodiscard]] MJK_API Bot bot_by_name(std::string_view name) noexcept;

// Plays the game on `table` (started) to its end, bots[s] for seat s, each
// seat's rng keyed by (seed, seat); next_round() between rounds; fewer than
// four bots repeat in seat order. An answer outside the legal set is
// replaced by pass, else tsumogiri, else the lowest legal action, and the
// game goes on; a seat without a bot (an empty list, a null entry) plays
// that fallback throughout. Returns the decisions taken.
MJK_API long play_game(Table& table, std::span<const Bot> bots, std::uint64_t seed, GameLog* log = nullptr) noexcept;

}  // namespace mjk
