// Fixed-seed benchmark data sets, shared by the benchmarks and the probe.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "support/deal.hpp"

namespace mjk::bench {

inline constexpr std::size_t hands_per_set = 4096;

struct Dataset {
  std::string name;
  std::vector<Hand> hands;
};

inline std::vector<Hand> make(std::uint64_t seed, Hand (*gen)(deal::Rng&)) {
  deal::Rng rng(seed);
  std::vector<Hand> hands(hands_per_set);
  for (auto& h : hands) h = gen(rng);
  return hands;
}

// Hands with 1, 4, 7, 10 (or 2, 5, 8, 11) concealed tiles in turn: 3, 2, 1, 0 calls.
inline std::vector<Hand> called(std::uint64_t seed, int offset) {
  deal::Rng rng(seed);
  std::vector<Hand> hands(hands_per_set);
  for (std::size_t i = 0; i < hands.size(); ++i) hands[i] = deal::from_wall(rng, 3 * static_cast<int>(i % 4) + offset);
  return hands;
}

// The index method's three timing hands, in turn.
inline std::vector<Hand> index_method14() {
  std::vector<Hand> hands;
  const char* text[3] = {"123567m123567p33z", "111234678p11133z", "11122223333444m"};
  for (std::size_t i = 0; i < hands_per_set; ++i) hands.push_back(parse_hand(text[i % 3]).value.hand);
  return hands;
}

// 3k+2 hands: agari, tenpai discards.
inline std::vector<Dataset> complete_sets() {
  return {{"random14", make(14, [](deal::Rng& r) { return deal::from_wall(r, 14); })},
          {"agari14", make(140, [](deal::Rng& r) { return deal::complete(r, 4); })},
          {"single_suit14", make(141, [](deal::Rng& r) { return deal::single_suit(r, 0, 14); })},
          {"called_2_5_8_11", called(142, 2)},
          {"index_method14", index_method14()}};
}

// 3k+1 hands: waits.
inline std::vector<Dataset> waiting_sets() {
  return {{"random13", make(13, [](deal::Rng& r) { return deal::from_wall(r, 13); })},
          {"tenpai13", make(130, [](deal::Rng& r) { return deal::tenpai(r, 4); })},
          {"single_suit13", make(131, [](deal::Rng& r) { return deal::single_suit(r, 0, 13); })},
          {"called_1_4_7_10", called(132, 1)}};
}

// Complete hands with a winning tile (one of their own tiles): decompositions.
struct WinDataset {
  std::string name;
  std::vector<Hand> hands;
  std::vector<std::optional<Tile>> winning;
};

inline WinDataset with_wins(std::string name, std::vector<Hand> hands, std::uint64_t seed) {
  deal::Rng rng(seed);
  WinDataset set{std::move(name), std::move(hands), {}};
  for (const Hand& h : set.hands) {
    Hand copy = h;
    set.winning.push_back(deal::remove_random(rng, copy));
  }
  return set;
}

inline std::vector<WinDataset> agari_sets() {
  return {
      with_wins("agari14", make(150, [](deal::Rng& r) { return deal::complete(r, 4); }), 151),
      with_wins("single_suit_agari14", make(152, [](deal::Rng& r) { return deal::complete_single_suit(r, 0); }), 153)};
}

}  // namespace mjk::bench
