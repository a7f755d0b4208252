// The C++ API in one program: parse a hand, ask for its waits.
// Built by examples/cpp/CMakeLists.txt against an installed mjk (find_package).
#include <cstdio>

#include <mjk/analysis.hpp>
#include <mjk/hand.hpp>

int main() {
  const auto parsed = mjk::parse_hand("1112345678999m");
  if (!parsed.ok()) {
    std::puts(parsed.error.message().c_str());
    return 1;
  }
  const mjk::Result<mjk::TileMask> waits = mjk::waits(parsed.value.hand);
  if (!waits.ok()) {
    std::printf("%.*s\n", static_cast<int>(mjk::describe(waits.error).size()), mjk::describe(waits.error).data());
    return 1;
  }
  std::printf("1112345678999m waits on %d kinds\n", waits.value.size());  // 9: 1m..9m
  return waits.value.size() == 9 ? 0 : 1;
}
