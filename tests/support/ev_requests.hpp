// Expected-value requests for tests and benchmarks: hands dealt from a
// shuffled wall (fixed seeds), with melds, dora indicators, visible tiles,
// red fives and a random context when asked.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <numeric>
#include <random>
#include <vector>

#include "mjk/analysis.hpp"
#include "mjk/ev.hpp"
#include "mjk/hand.hpp"
#include "mjk/score.hpp"

namespace mjk::ev_test {

struct Spec {
  int tiles = 14;   // 13 or 14, counting 3 per meld
  int shanten = 1;  // the shanten the hand must have (its concealed tiles)
  int melds = 0;    // called melds: chi, pon, minkan, ankan
  Players players = Players::four;
  int dora = 1;          // dora indicators
  int visible = 0;       // tiles seen elsewhere
  int nuki = 0;          // three players: north tiles set aside (at most)
  bool context = false;  // a random seat, round, honba and sticks (else dealer, East round)
};

struct Dealt {
  ScoreRequest request;
  EvVisible visible;
};

// One deal that fits `spec` (dealing again until the shanten matches).
inline Dealt deal(std::mt19937_64& rng, const Spec& spec) {
  const auto kind_of = [](int id) { return id / 4; };
  const auto is_red = [](int id) { return id == 16 || id == 52 || id == 88; };
  for (;;) {
    std::vector<int> wall;
    for (int id = 0; id < 136; ++id)
      if (spec.players == Players::four || kind_of(id) == 0 || kind_of(id) >= 8) wall.push_back(id);
    std::shuffle(wall.begin(), wall.end(), rng);
    std::size_t at = 0;
    // Moves the first copy of `kind` after `at` to position `to` (false: none left).
    const auto bring = [&](int kind, std::size_t to) {
      for (std::size_t i = at; i < wall.size(); ++i)
        if (kind_of(wall[i]) == kind && i >= to) {
          std::swap(wall[i], wall[to]);
          return true;
        }
      return false;
    };
    Dealt d;
    ScoreRequest& r = d.request;
    r.players = spec.players;
    bool ok = true;
    for (int m = 0; m < spec.melds && ok; ++m) {
      const int k = kind_of(wall[at]);
      Meld meld;
      const int pick = static_cast<int>(rng() % 10);
      const bool can_chi = spec.players == Players::four && k < 27 && k % 9 <= 6;
      int size = 3;
      if (pick < 4 && can_chi) {
        meld.type = MeldType::chi;
        meld.from = Relative::kamicha;
        ok = bring(k + 1, at + 1) && bring(k + 2, at + 2);
      } else {
        meld.type = pick < 8 ? MeldType::pon : pick == 8 ? MeldType::minkan : MeldType::ankan;
        size = meld.type == MeldType::pon ? 3 : 4;
        for (int i = 1; i < size && ok; ++i) ok = bring(k, at + static_cast<std::size_t>(i));
        // Who discarded it: any other seat (three players: no toimen).
        const Relative four[3] = {Relative::kamicha, Relative::toimen, Relative::shimocha};
        const Relative three[2] = {Relative::kamicha, Relative::shimocha};
        meld.from = meld.type == MeldType::ankan    ? Relative::self
                    : spec.players == Players::four ? four[rng() % 3]
                                                    : three[rng() % 2];
      }
      if (!ok) break;
      meld.tile = Tile(k);
      for (int i = 0; i < size; ++i)
        meld.red = static_cast<std::uint8_t>(meld.red + is_red(wall[at + static_cast<std::size_t>(i)]));
      r.melds[r.meld_count++] = meld;
      at += static_cast<std::size_t>(size);
    }
    if (!ok) continue;
    const int concealed = spec.tiles - 3 * spec.melds;
    std::vector<int> ids(wall.begin() + static_cast<std::ptrdiff_t>(at),
                         wall.begin() + static_cast<std::ptrdiff_t>(at) + concealed);
    at += static_cast<std::size_t>(concealed);
    const auto hand = from_tile_ids(ids);
    if (!hand.ok()) continue;
    r.hand = hand.value;
    const auto sh = shanten(r.hand, Options{spec.players, {}});
    if (!sh.ok() || sh.value.best != spec.shanten) continue;
    for (int i = 0; i < spec.dora; ++i, ++at) {
      r.dora[static_cast<std::size_t>(r.dora_count++)] = Tile(kind_of(wall[at]));
      if (is_red(wall[at])) d.visible.red[static_cast<std::size_t>(kind_of(wall[at]) / 9)] = 1;
    }
    if (spec.players == Players::three && spec.nuki > 0) {
      const int n = static_cast<int>(rng() % static_cast<unsigned>(spec.nuki + 1));
      for (int i = 0; i < n && bring(30, at); ++i, ++at) ++r.nuki;
    }
    for (int i = 0; i < spec.visible; ++i, ++at) {
      ++d.visible.counts[static_cast<std::size_t>(kind_of(wall[at]))];
      if (is_red(wall[at])) d.visible.red[static_cast<std::size_t>(kind_of(wall[at]) / 9)] = 1;
    }
    if (spec.context) {
      r.seat = static_cast<std::uint8_t>(rng() % static_cast<unsigned>(spec.players));
      r.round = static_cast<std::uint8_t>(rng() % 2);
      r.honba = static_cast<std::uint16_t>(rng() % 3);
      r.sticks = static_cast<std::uint16_t>(rng() % 2);
    }
    return d;
  }
}

}  // namespace mjk::ev_test
