// The text answers of the hand analysis (mjk HAND) and of mjk score.
#pragma once

#include <span>
#include <string_view>

#include "mjk/notation.hpp"
#include "mjk/report.hpp"

namespace mjk::cli {

// mjk HAND: the hand, shanten, waits or decompositions, tenpai discards,
// advice and (when scored) the score; tiles written in `notation` (--format).
// `note` (may be empty) follows the hand line.
void print_readable(const mjk::Report& a, std::string_view note, mjk::Notation notation);

// mjk score: the score first, as a player reads it out, then its parts;
// tiles written in `notation`.
void print_score_first(const mjk::Report& a, std::string_view note, mjk::Notation notation);

// mjk score of a waiting hand (no winning tile named): the score of each
// tile that completes it; `each` is score_each_win's answer (34 kinds), tiles
// written in `notation`.
void print_each_win(const mjk::Report& a, std::span<const mjk::Result<mjk::Score>> each, mjk::Notation notation);

// mjk HAND of a tenpai hand given a win's context: the same, as the
// readable report's last lines ("wins"), tiles in `notation`; `error` (the
// request's own, e.g. riichi on an open hand) printed instead when set.
void print_wins(const mjk::Report& a, std::span<const mjk::Result<mjk::Score>> each, const mjk::HandError& error,
                mjk::Notation notation);

// `text` padded with spaces to `width` columns as a terminal shows it (the
// Unicode tiles are one column each but 🀄, two), so that columns of tiles
// in any notation line up.
std::string padded(std::string_view text, int width);

}  // namespace mjk::cli
