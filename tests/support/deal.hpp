// Fixed-seed hand generators for tests, fuzzers and benchmarks.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <random>
#include <vector>

#include "mjk/hand.hpp"

namespace mjk::deal {

using Rng = std::mt19937_64;

// The first n tiles of a shuffled 136-tile wall (n <= 14).
inline Hand from_wall(Rng& rng, int n) {
  std::array<std::uint8_t, 136> wall;
  for (int i = 0; i < 136; ++i) wall[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(i / 4);
  Hand h;
  // A partial Fisher-Yates shuffle: only the first n places matter.
  for (int i = 0; i < n; ++i) {
    std::uniform_int_distribution<int> pick(i, 135);
    std::swap(wall[static_cast<std::size_t>(i)], wall[static_cast<std::size_t>(pick(rng))]);
    h.add(Tile(wall[static_cast<std::size_t>(i)]));
  }
  return h;
}

// n tiles drawn from the 36 tiles of one suit (0 = man ... 3 = honours).
inline Hand single_suit(Rng& rng, int suit, int n) {
  const int kinds = suit == 3 ? 7 : 9;
  std::vector<int> wall;
  for (int k = 0; k < kinds; ++k)
    for (int c = 0; c < 4; ++c) wall.push_back(suit * 9 + k);
  std::shuffle(wall.begin(), wall.end(), rng);
  Hand h;
  for (int i = 0; i < n; ++i) h.add(Tile(wall[static_cast<std::size_t>(i)]));
  return h;
}

// A random complete hand of 3*melds+2 tiles (head + melds, at most four of a
// kind), or seven pairs / thirteen orphans now and then when melds == 4.
inline Hand complete(Rng& rng, int melds) {
  std::uniform_int_distribution<int> percent(0, 99), kind(0, 33), seq_start(0, 20);
  if (melds == 4) {
    const int form = percent(rng);
    if (form < 4) {  // thirteen orphans
      constexpr int orphans[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
      Hand h;
      for (int o : orphans) h.add(Tile(o));
      h.add(Tile(orphans[std::uniform_int_distribution<int>(0, 12)(rng)]));
      return h;
    }
    if (form < 14) {  // seven distinct pairs
      std::array<int, 34> kinds;
      for (int i = 0; i < 34; ++i) kinds[static_cast<std::size_t>(i)] = i;
      std::shuffle(kinds.begin(), kinds.end(), rng);
      Hand h;
      for (int i = 0; i < 7; ++i) h.add(Tile(kinds[static_cast<std::size_t>(i)]), 2);
      return h;
    }
  }
  for (;;) {
    Hand h;
    h.add(Tile(kind(rng)), 2);
    for (int m = 0; m < melds; ++m) {
      if (percent(rng) < 40) {
        h.add(Tile(kind(rng)), 3);
      } else {
        const int s = seq_start(rng);  // 21 starts: 1-7 of each suit
        const int first = (s / 7) * 9 + s % 7;
        for (int i = 0; i < 3; ++i) h.add(Tile(first + i));
      }
    }
    bool legal = true;
    for (int k = 0; k < 34; ++k) legal = legal && h.count(Tile(k)) <= 4;
    if (legal) return h;
  }
}

// A random complete 14-tile hand in one suit (0 = man ... 2 = sou).
inline Hand complete_single_suit(Rng& rng, int suit) {
  std::uniform_int_distribution<int> number(0, 8), start(0, 6), percent(0, 99);
  for (;;) {
    Hand h;
    h.add(Tile(suit * 9 + number(rng)), 2);
    for (int m = 0; m < 4; ++m) {
      if (percent(rng) < 40) {
        h.add(Tile(suit * 9 + number(rng)), 3);
      } else {
        const int first = suit * 9 + start(rng);
        for (int i = 0; i < 3; ++i) h.add(Tile(first + i));
      }
    }
    bool legal = true;
    for (int k = 0; k < 9; ++k) legal = legal && h.count(Tile(suit * 9 + k)) <= 4;
    if (legal) return h;
  }
}

// A random tile of the hand, removed (the hand must not be empty).
inline Tile remove_random(Rng& rng, Hand& h) {
  std::uniform_int_distribution<int> pick(0, h.tiles - 1);
  int i = pick(rng);
  for (int k = 0; k < 34; ++k) {
    i -= h.count(Tile(k));
    if (i < 0) {
      h.remove(Tile(k));
      return Tile(k);
    }
  }
  return Tile(0);
}

// Tenpai-heavy: a complete hand less one tile.
inline Hand tenpai(Rng& rng, int melds) {
  Hand h = complete(rng, melds);
  remove_random(rng, h);
  return h;
}

}  // namespace mjk::deal
