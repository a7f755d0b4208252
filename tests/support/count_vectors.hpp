// Every count vector of one group: the exhaustive tests' universe.
#pragma once

#include <array>
#include <functional>

namespace mjk::test {

// Calls f(counts, tiles) for every vector of `kinds` (<= 9) counts 0..4 that
// sums to at most `max_tiles`.
inline void each_count_vector(int kinds, int max_tiles, const std::function<void(const std::array<int, 9>&, int)>& f) {
  std::array<int, 9> c{};
  std::function<void(int, int)> rec = [&](int i, int sum) {
    if (i == kinds) {
      f(c, sum);
      return;
    }
    for (int n = 0; n <= 4 && sum + n <= max_tiles; ++n) {
      c[static_cast<std::size_t>(i)] = n;
      rec(i + 1, sum + n);
    }
    c[static_cast<std::size_t>(i)] = 0;
  };
  rec(0, 0);
}

}  // namespace mjk::test
