#include <cstdio>

#include "mjk/analysis.hpp"
#include "mjk/hand.hpp"

int main() {
  const auto parsed = mjk::parse_hand("1112345678999m");
  if (!parsed.ok()) return 1;
  const auto waits = mjk::waits(parsed.value.hand);
  std::printf("%d waits\n", waits.value.size());
  return waits.ok() && waits.value.size() == 9 ? 0 : 1;
}
