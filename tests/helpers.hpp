// Small helpers shared by the test files.
#pragma once

#include <doctest/doctest.h>

#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "mjk/analysis.hpp"
#include "mjk/decomposition.hpp"
#include "mjk/hand.hpp"

namespace mjk::test {

// How many random hands each random equivalence test checks: MJK_RANDOM_HANDS,
// default 1,000,000 (the long run uses 100,000,000).
inline std::size_t random_hands() {
  const char* env = std::getenv("MJK_RANDOM_HANDS");
  return env && *env ? std::strtoull(env, nullptr, 10) : 1000000;
}

inline ParsedHand hand(std::string_view text) {
  const auto r = parse_hand(text);
  INFO(text, ": ", r.error.message());
  REQUIRE(r.ok());
  return r.value;
}

// "1m 4m 7m"
inline std::string tiles(TileMask m) {
  std::string out;
  for (const Tile t : m) out += (out.empty() ? "" : " ") + tile_name(t);
  return out;
}

// "99p 111m 222m 333m *789p penchan": the winning block starred.
inline std::string text(const Decomposition& d) {
  std::string out;
  for (int i = 0; i < d.block_count; ++i)
    out += (i ? " " : "") + std::string(i == d.win ? "*" : "") + block_name(d.blocks[static_cast<std::size_t>(i)]);
  if (d.wait) out += " " + std::string(wait_name(*d.wait));
  return out;
}

inline std::vector<std::string> texts(const std::vector<Decomposition>& ds) {
  std::vector<std::string> out;
  for (const auto& d : ds) out.push_back(text(d));
  return out;
}

}  // namespace mjk::test
