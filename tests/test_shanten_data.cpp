// The four public shanten sets (tests/data/shanten/README.md): 40,000 hands
// with exact standard, thirteen-orphans and seven-pairs shanten.
#include <doctest/doctest.h>

#include <array>
#include <fstream>
#include <sstream>
#include <string>

#include "mjk/hand.hpp"
#include "mjk/ref.hpp"

using namespace mjk;

namespace {

void check_file(const std::string& name) {
  std::ifstream in(std::string(MJK_TEST_DATA_DIR) + "/shanten/" + name);
  REQUIRE_MESSAGE(in.good(), "missing test data ", name);
  std::string line;
  int lines = 0, wrong = 0;
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::array<int, kind_count> counts{};
    for (int i = 0; i < 14; ++i) {
      int kind = -1;
      fields >> kind;
      REQUIRE((kind >= 0 && kind < kind_count));
      ++counts[static_cast<std::size_t>(kind)];
    }
    int standard = 0, kokushi = 0, chiitoi = 0;
    fields >> standard >> kokushi >> chiitoi;
    REQUIRE(fields);
    const auto hand = from_counts34(counts);
    REQUIRE(hand.ok());
    const auto s = ref::shanten(hand.value);
    const bool same = s.standard == standard && s.kokushi == kokushi && s.chiitoi == chiitoi;
    if (!same && ++wrong <= 5)
      FAIL_CHECK(to_mpsz(hand.value), ": expected ", standard, "/", kokushi, "/", chiitoi, " got ", s.standard, "/",
                 *s.kokushi, "/", *s.chiitoi);
    ++lines;
  }
  CHECK(lines == 10000);
  CHECK(wrong == 0);
}

}  // namespace

TEST_CASE("shanten data: random hands") { check_file("p_normal_10000.txt"); }
TEST_CASE("shanten data: half flush") { check_file("p_hon_10000.txt"); }
TEST_CASE("shanten data: full flush") { check_file("p_tin_10000.txt"); }
TEST_CASE("shanten data: thirteen-orphans leaning") { check_file("p_koku_10000.txt"); }
