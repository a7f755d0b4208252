// The four public shanten sets (../shared/data/shanten/README.md): 40,000
// hands with exact standard, thirteen-orphans and seven-pairs shanten,
// matched exactly by the reference and by every kernel implementation (four
// players). Public data is read from beside the project, never copied into
// it; without it the test says so and checks nothing.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "mjk/hand.hpp"
#include "mjk/implementation.hpp"
#include "mjk/ref.hpp"
#include "support/shanten_ops.hpp"
#include "support/each_impl.hpp"

using namespace mjk;

namespace {

void check_file(const std::string& name) {
  const std::string path = std::string(MJK_SHARED_DATA_DIR) + "/shanten/" + name;
  std::ifstream in(path);
  if (!in.good()) {
    MESSAGE("skipped: ", path, " is absent (public data lives in ../shared/data beside the repository)");
    return;
  }
  std::string line;
  std::vector<Hand> hands;
  std::vector<ShantenForms> want;
  int wrong = 0;
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
    const ShantenForms expected{static_cast<std::int8_t>(std::min({standard, kokushi, chiitoi})),
                                static_cast<std::int8_t>(standard), static_cast<std::int8_t>(chiitoi),
                                static_cast<std::int8_t>(kokushi)};
    hands.push_back(hand.value);
    want.push_back(expected);
    const auto s = ref::shanten_forms(hand.value);
    const auto old = ref::shanten(hand.value);
    const bool same = s == expected && old.standard == standard && old.kokushi == kokushi && old.chiitoi == chiitoi;
    if (!same && ++wrong <= 5)
      FAIL_CHECK("scalar_ref: ", to_mpsz(hand.value), ": expected ", test::text(expected), " got ", test::text(s));
  }
  CHECK(hands.size() == 10000);
  CHECK(wrong == 0);

  std::vector<Result<ShantenForms>> got(hands.size());
  for (const auto& impl : implementations()) {
    if (!test::runs_here(impl)) continue;
    if (!test::run_shanten(impl, BatchInput::of(hands), got.data())) {
      MESSAGE("the kernel has no shanten yet: reference only");
      break;
    }
    int impl_wrong = 0;
    for (std::size_t i = 0; i < hands.size(); ++i)
      if ((!got[i].ok() || !(got[i].value == want[i])) && ++impl_wrong <= 5)
        FAIL_CHECK(std::string(impl.name), ": ", to_mpsz(hands[i]), ": expected ", test::text(want[i]), " got ",
                   test::text(got[i]));
    CHECK(impl_wrong == 0);
  }
}

}  // namespace

TEST_CASE("shanten data: random hands") { check_file("p_normal_10000.txt"); }
TEST_CASE("shanten data: half flush") { check_file("p_hon_10000.txt"); }
TEST_CASE("shanten data: full flush") { check_file("p_tin_10000.txt"); }
TEST_CASE("shanten data: thirteen-orphans leaning") { check_file("p_koku_10000.txt"); }
