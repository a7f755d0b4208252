// Scoring requests for tests and benchmarks: a small builder from mpsz text,
// and a fixed-seed generator of realistic wins (wins_like_play below).
#pragma once

#include <array>
#include <cstdint>
#include <random>
#include <string_view>
#include <vector>

#include "mjk/hand.hpp"
#include "mjk/score.hpp"

namespace mjk::score_test {

// The tiles of an mpsz text as a Hand (red fives counted), or an empty hand if it does not parse.
inline Hand tiles(std::string_view text) {
  const auto p = parse_mpsz(text);
  return p.ok() ? p.value.hand : Hand{};
}

// A request: the concealed tiles without the winning tile, and the winning
// tile ("0p": a red five). Defaults as SCORING.md §5: South seat, East round,
// dora indicator 9p, ron from kamicha.
inline ScoreRequest request(std::string_view hand, std::string_view win, bool tsumo = false) {
  ScoreRequest r;
  r.hand = tiles(hand);
  const auto w = parse_tile(win);
  if (w) {
    r.win = *w;
    r.win_red = win.size() == 2 && win[0] == '0';
    r.hand.add(*w);
    if (r.win_red) ++r.hand.red_fives[static_cast<std::size_t>(w->kind() / 9)];
  }
  r.tsumo = tsumo;
  r.seat = 1;
  r.dora_count = 1;
  r.dora[0] = *parse_tile("9p");
  return r;
}

// Appends a meld: "234m" (chi), "555z" (pon), "5555p" / "5550p" (kan).
inline void meld(ScoreRequest& r, MeldType type, std::string_view text, Relative from = Relative::kamicha) {
  const Hand h = tiles(text);
  Meld m;
  m.type = type;
  for (int k = 0; k < kind_count; ++k)
    if (h.count(Tile(k))) {
      m.tile = Tile(k);
      break;
    }
  m.red = static_cast<std::uint8_t>(h.red_fives[0] + h.red_fives[1] + h.red_fives[2]);
  m.from = type == MeldType::ankan ? Relative::self : from;
  r.melds[r.meld_count++] = m;
}

inline void indicators(ScoreRequest& r, std::string_view dora, std::string_view ura = "") {
  const Hand d = tiles(dora), u = tiles(ura);
  r.dora_count = r.ura_count = 0;
  // In kind order: enough for tests (the order of indicators does not matter).
  for (int k = 0; k < kind_count; ++k) {
    for (int i = 0; i < d.count(Tile(k)); ++i) r.dora[r.dora_count++] = Tile(k);
    for (int i = 0; i < u.count(Tile(k)); ++i) r.ura[r.ura_count++] = Tile(k);
  }
}

}  // namespace mjk::score_test
