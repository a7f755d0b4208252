// The kernel's shanten machinery on its own: the generated per-group tables
// checked exhaustively against a brute force written here (every suit,
// honour and three-player man vector of 0..14 tiles, every cell, costs and
// masks), and the operations' error handling, visible tiles and input
// layouts on every implementation.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <vector>

#include "../kernel/src/shanten_tables.hpp"
#include "helpers.hpp"
#include "mjk/implementation.hpp"
#include "mjk/ref.hpp"
#include "support/count_vectors.hpp"
#include "support/shanten_ops.hpp"
#include "support/each_impl.hpp"

extern "C" const std::uint32_t mjk_shanten_tables[];

using namespace mjk;
namespace st = mjk::shanten_tables;

namespace {

const std::uint8_t* blob() { return reinterpret_cast<const std::uint8_t*>(mjk_shanten_tables); }

std::uint32_t rank_of(int shape, const std::array<int, 9>& c) {
  const int kinds = st::shapes[static_cast<std::size_t>(shape)].kinds;
  std::uint32_t r = 0;
  int p = 0;
  for (int i = 0; i < kinds; ++i) {
    std::uint32_t step;
    std::memcpy(&step,
                blob() + st::layout.rank[static_cast<std::size_t>(shape)] +
                    4 * static_cast<std::size_t>(i * st::rank_row + p * 5 + c[static_cast<std::size_t>(i)]),
                4);
    r += step;
    p += c[static_cast<std::size_t>(i)];
  }
  return r;
}

// Brute force: every multiset of m melds (triplets, and sequences where the
// shape has them) and h heads with at most four of a kind, built kind by
// kind; a cell costs the fewest copies any of them lacks. Partial choices
// that agree on the melds and head so far and on the sequences still running
// are merged (keeping the cheaper), which keeps it fast enough to run on
// every vector.
struct Brute {
  int kinds;
  bool sequences;

  std::array<int, st::cells> costs(const std::array<int, 9>& c) const {
    // [sequences from the kind before][from this kind][cell]
    int best[5][5][st::cells], next[5][5][st::cells];
    auto clear = [](int(&x)[5][5][st::cells]) {
      for (auto& a : x)
        for (auto& b : a)
          for (auto& v : b) v = st::inf;
    };
    clear(best);
    best[0][0][0] = 0;
    for (int i = 0; i < kinds; ++i) {
      clear(next);
      const int most = sequences && i + 2 < kinds ? 4 : 0;
      for (int a = 0; a < 5; ++a)
        for (int b = 0; a + b < 5; ++b)
          for (int cell = 0; cell < st::cells; ++cell) {
            const int so_far = best[a][b][cell];
            if (so_far >= st::inf) continue;
            const int m = cell / 2, h = cell % 2;
            for (int t = 0; t < 2; ++t)
              for (int e = 0; e + h < 2; ++e)
                for (int q = 0; q <= most; ++q) {
                  const int use = 3 * t + 2 * e + a + b + q;
                  if (use > 4 || m + t + q > 4) continue;
                  int& to = next[b][q][2 * (m + t + q) + h + e];
                  to = std::min(to, so_far + std::max(0, use - c[static_cast<std::size_t>(i)]));
                }
          }
      std::memcpy(best, next, sizeof best);
    }
    std::array<int, st::cells> out{};
    for (int cell = 0; cell < st::cells; ++cell) out[static_cast<std::size_t>(cell)] = best[0][0][cell];
    return out;
  }
};

}  // namespace

TEST_CASE("shanten kernel tables: the blob's header and size") {
  CHECK(std::memcmp(blob(), st::magic, sizeof st::magic) == 0);
  std::uint64_t size;
  std::memcpy(&size, blob() + 8, 8);
  CHECK(size == st::layout.size);
  CHECK(st::entries(9) == 405350);
}

TEST_CASE("shanten kernel tables: every group vector of 0..14 tiles, every cell, against a brute force" *
          doctest::test_suite("exhaustive")) {
  for (int shape = 0; shape < 3; ++shape) {
    const st::Shape& s = st::shapes[static_cast<std::size_t>(shape)];
    const Brute brute{s.kinds, s.sequences};
    // The brute force of every vector of at most 15 tiles (the table's
    // vectors and one draw more), by base-5 index.
    std::size_t size = 1;
    for (int i = 0; i < s.kinds; ++i) size *= 5;
    std::vector<std::array<std::int8_t, st::cells>> memo(size);
    auto index = [&](const std::array<int, 9>& c) {
      std::size_t v = 0;
      for (int i = s.kinds; i-- > 0;) v = 5 * v + static_cast<std::size_t>(c[static_cast<std::size_t>(i)]);
      return v;
    };
    test::each_count_vector(s.kinds, 15, [&](const std::array<int, 9>& c, int) {
      const auto costs = brute.costs(c);
      auto& m = memo[index(c)];
      for (std::size_t cell = 0; cell < st::cells; ++cell) m[cell] = static_cast<std::int8_t>(costs[cell]);
    });
    std::vector<std::uint32_t> seen;
    long wrong = 0, vectors = 0;
    test::each_count_vector(s.kinds, 14, [&](const std::array<int, 9>& c, int) {
      ++vectors;
      const std::uint32_t r = rank_of(shape, c);
      seen.push_back(r);
      if (r >= st::entries(s.kinds)) {
        if (++wrong <= 5) FAIL_CHECK("rank out of range");
        return;
      }
      const std::uint8_t* cost = blob() + st::layout.cost[static_cast<std::size_t>(shape)] + st::cost_stride * r;
      const auto& want = memo[index(c)];
      std::array<std::uint16_t, st::cells> want_mask{};
      for (int i = 0; i < s.kinds; ++i) {
        if (c[static_cast<std::size_t>(i)] == 4) continue;
        auto more = c;
        ++more[static_cast<std::size_t>(i)];
        const auto& after = memo[index(more)];
        for (std::size_t cell = 0; cell < st::cells; ++cell)
          if (after[cell] < want[cell]) want_mask[cell] = static_cast<std::uint16_t>(want_mask[cell] | 1u << i);
      }
      for (int cell = 0; cell < st::cells; ++cell) {
        const auto ci = static_cast<std::size_t>(cell);
        std::uint16_t mask;
        std::memcpy(&mask, blob() + st::layout.mask[static_cast<std::size_t>(shape)] + 2 * (st::mask_stride * r + ci),
                    2);
        if ((cost[cell] != want[ci] || mask != want_mask[ci]) && ++wrong <= 5)
          FAIL_CHECK("shape ", shape, " vector ", c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], " cell ", cell,
                     ": cost ", int(cost[cell]), " mask ", mask, ", brute force ", int(want[ci]), " mask ",
                     want_mask[ci]);
      }
    });
    std::sort(seen.begin(), seen.end());
    CHECK(std::adjacent_find(seen.begin(), seen.end()) == seen.end());  // ranks are distinct
    CHECK(vectors == static_cast<long>(st::entries(s.kinds)));
    CHECK(wrong == 0);
  }
}

TEST_CASE("shanten kernel: errors, visible tiles, count rows and the single-hand API on every implementation") {
  const Hand h13 = test::hand("1112345678999m").hand;
  Hand fourteen = h13;  // 14 tiles
  fourteen.add(Tile(4));
  std::array<std::uint8_t, kind_count> visible{};
  visible[4] = 2;  // two 5m seen
  for (const auto& impl : implementations()) {
    if (!test::runs_here(impl)) continue;
    INFO(std::string(impl.name));
    // Tile counts that don't fit the question.
    Result<Necessary> n;
    impl.necessary_tiles(BatchInput::of(std::span(&fourteen, 1)), &n);
    CHECK(n.error == Error::wrong_tile_count);
    Result<Advice> a;
    impl.advice(BatchInput::of(std::span(&h13, 1)), &a);
    CHECK(a.error == Error::wrong_tile_count);
    Result<ShantenForms> s;
    const Hand empty{};
    impl.shanten(BatchInput::of(std::span(&empty, 1)), &s);
    CHECK(s.error == Error::wrong_tile_count);
    // Three players: 2m-8m is not in the rules.
    impl.shanten(BatchInput::of(std::span(&h13, 1), Options{Players::three, {}}), &s);
    CHECK(s.error == Error::not_in_rules);
    // Held and visible over four: an error for the operations that read visible.
    std::array<std::uint8_t, kind_count> over{};
    over[8] = 2;  // 9m: three held + two seen
    impl.necessary_tiles(BatchInput::of(std::span(&h13, 1), Options{Players::four, over}), &n);
    CHECK(n.error == Error::visible_over_four);
    CHECK(impl.single_necessary_tiles(h13, Options{Players::four, over}).error == Error::visible_over_four);
    CHECK(impl.single_necessary_tiles(fourteen, {}).error == Error::wrong_tile_count);
    impl.advice(BatchInput::of(std::span(&fourteen, 1), Options{Players::four, over}), &a);
    CHECK(a.error == Error::visible_over_four);
    impl.shanten(BatchInput::of(std::span(&h13, 1), Options{Players::four, over}), &s);
    CHECK(s.ok());
    // Three players: a 2m-8m seen is no tile of theirs either (as a request's
    // "visible" is refused), after the over-four check, one row and a batch
    // of rows (the lanes' path).
    {
      const Hand sanma = test::hand("1119m123p456s777z").hand;
      const Hand sanma14 = test::hand("1119m123p456s7777z").hand;
      std::array<std::uint8_t, kind_count> seen_5m{};
      seen_5m[4] = 1;
      const Options three{Players::three, seen_5m};
      std::vector<Hand> rows(40, sanma);
      std::vector<Result<Necessary>> many(rows.size());
      impl.necessary_tiles(BatchInput::of(std::span(rows), three), many.data());
      for (const auto& r : many) CHECK(r.error == Error::not_in_rules);
      CHECK(impl.single_necessary_tiles(sanma, three).error == Error::not_in_rules);
      impl.advice(BatchInput::of(std::span(&sanma14, 1), three), &a);
      CHECK(a.error == Error::not_in_rules);
      std::array<std::uint8_t, kind_count> both = seen_5m;
      both[0] = 2;  // 1m: three held + two seen, and a 5m seen
      CHECK(impl.single_necessary_tiles(sanma, Options{Players::three, both}).error == Error::visible_over_four);
      seen_5m[4] = 0;
      seen_5m[0] = 1;  // 1m exists with three players
      CHECK(impl.single_necessary_tiles(sanma, Options{Players::three, seen_5m}).ok());
    }
    // Visible tiles lower the ukeire of the nine-sided wait.
    impl.necessary_tiles(BatchInput::of(std::span(&h13, 1), Options{Players::four, visible}), &n);
    REQUIRE(n.ok());
    CHECK(n.value.tiles.size() == 9);
    CHECK(n.value.ukeire == 23 - 2);
    const auto single = impl.single_necessary_tiles(h13, Options{Players::four, visible});
    CHECK(single.ok());
    CHECK(single.value == n.value);
    // A bad slot.
    Hand bad = h13;
    bad.slots[10] = 1;
    bad.tiles = static_cast<std::uint8_t>(bad.tiles + 1);
    impl.shanten(BatchInput::of(std::span(&bad, 1)), &s);
    CHECK(s.error == Error::bad_slot);
  }
  // Rows of 34 counts and the single-hand API agree with the hand batches.
  const auto counts = to_counts34(h13);
  std::vector<std::uint8_t> rows(2 * kind_count);
  for (int k = 0; k < kind_count; ++k)
    rows[static_cast<std::size_t>(k)] = static_cast<std::uint8_t>(counts[static_cast<std::size_t>(k)]);
  rows[kind_count + 0] = 5;  // a count over four: bad slot
  std::vector<Result<Necessary>> out(2);
  REQUIRE(necessary_tiles(std::span<const std::uint8_t>(rows), std::span(out)) == Error::none);
  CHECK(out[0].ok());
  CHECK(out[0].value == ref::necessary_tiles(h13));
  CHECK(out[1].error == Error::bad_slot);
  CHECK(shanten(h13).value == ref::shanten_forms(h13));
  CHECK(advice(fourteen).value == ref::advice(fourteen));
  std::vector<Result<ShantenForms>> small(1);
  const Hand two[2] = {h13, h13};
  CHECK(shanten(std::span<const Hand>(two), std::span(small)) == Error::output_too_small);
}

TEST_CASE(
    "shanten kernel: rows of 34 counts give the hands' answers, full blocks and partial ones, every implementation") {
  // 300 hands (full blocks on every register width, and a partial one) from a fixed-seed wall.
  std::vector<Hand> hands;
  std::uint64_t x = 12345;
  auto next = [&] { return x = x * 6364136223846793005ull + 1442695040888963407ull, static_cast<int>(x >> 33); };
  for (int i = 0; i < 300; ++i) {
    Hand h;
    const int want = i % 2 ? 13 : 14;
    while (h.tiles < want) {
      const Tile t(next() % kind_count);
      if (h.count(t) < 4) h.add(t);
    }
    hands.push_back(h);
  }
  std::vector<std::uint8_t> rows;
  for (const Hand& h : hands)
    for (int c : to_counts34(h)) rows.push_back(static_cast<std::uint8_t>(c));
  for (const auto& impl : implementations()) {
    if (!impl.supported()) continue;
    INFO(std::string(impl.name));
    const BatchInput by_hand = BatchInput::of(hands);
    const BatchInput by_rows{rows.data(), hands.size(), Layout::counts34, {}};
    std::vector<Result<ShantenForms>> s1(hands.size()), s2(hands.size());
    impl.shanten(by_hand, s1.data());
    impl.shanten(by_rows, s2.data());
    std::vector<Result<Necessary>> n1(hands.size()), n2(hands.size());
    impl.necessary_tiles(by_hand, n1.data());
    impl.necessary_tiles(by_rows, n2.data());
    std::vector<Result<Advice>> a1(hands.size()), a2(hands.size());
    impl.advice(by_hand, a1.data());
    impl.advice(by_rows, a2.data());
    // With visible tiles too (some hands then see a fifth copy): the rows
    // and the hands answer alike, the rows' blocks each with their own hands.
    std::array<std::uint8_t, kind_count> seen{};
    for (int k = 0; k < kind_count; k += 5) seen[static_cast<std::size_t>(k)] = static_cast<std::uint8_t>(1 + k % 3);
    const Options with_seen{Players::four, seen};
    std::vector<Result<Necessary>> v1(hands.size()), v2(hands.size());
    impl.necessary_tiles(BatchInput::of(hands, with_seen), v1.data());
    impl.necessary_tiles({rows.data(), hands.size(), Layout::counts34, with_seen}, v2.data());
    int wrong = 0;
    for (std::size_t i = 0; i < hands.size(); ++i) {
      const bool thirteen = hands[i].tiles == 13;
      wrong += thirteen && !(v1[i].error == v2[i].error && v1[i].value == v2[i].value &&
                             (!v1[i].ok() || v1[i].value == ref::necessary_tiles(hands[i], Players::four, seen)));
      wrong += !(s1[i].ok() && s2[i].ok() && s1[i].value == s2[i].value && s1[i].value == ref::shanten_forms(hands[i]));
      wrong += thirteen && !(n1[i].ok() && n2[i].ok() && n1[i].value == n2[i].value &&
                             n1[i].value == ref::necessary_tiles(hands[i]));
      wrong += !thirteen &&
               !(a1[i].ok() && a2[i].ok() && a1[i].value == a2[i].value && a1[i].value == ref::advice(hands[i]));
    }
    CHECK(wrong == 0);
  }
}

constexpr int kinds_in_order[9] = {0, 1, 2, 3, 4, 5, 6, 7, 8};

TEST_CASE("the two-lookup rank equals the rank by steps for every group vector") {
  namespace st = mjk::shanten_tables;
  auto check = [](const auto& table, int kinds) {
    std::array<std::uint8_t, 9> c{};
    std::uint32_t expected = 0, mismatches = 0;  // vectors come in rank order
    auto walk = [&](auto&& self, int i, int tiles) -> void {
      if (i == kinds) {
        mismatches += st::split_rank(table, c.data(), kinds_in_order) != expected++;
        return;
      }
      for (int n = 0; n <= 4 && tiles + n <= st::max_tiles; ++n) {
        c[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(n);
        self(self, i + 1, tiles + n);
      }
      c[static_cast<std::size_t>(i)] = 0;
    };
    walk(walk, 0, 0);
    CHECK(mismatches == 0);
    CHECK(expected == st::entries(kinds));
  };
  check(st::suit_rank, 9);
  check(st::honour_rank, 7);
}

// Many hands go through the lanes (each discard a 3k+1 hand of its own):
// rows that fail (wrong count, a bad slot, held + visible over four) fail
// alone, in every position of a round, and the others keep their answers.
TEST_CASE("advice of many hands: a bad row fails alone, the rest equal the reference, every implementation") {
  std::vector<Hand> hands;
  std::vector<std::uint8_t> visible;
  std::vector<Error> want_error;
  std::uint64_t x = 777;
  auto next = [&] { return x = x * 6364136223846793005ull + 1442695040888963407ull, static_cast<int>(x >> 33); };
  for (int i = 0; i < 150; ++i) {
    Hand h;
    std::array<std::uint8_t, kind_count> seen{};
    Error e = Error::none;
    const int want = i % 7 == 3 ? 13 : 14;
    while (h.tiles < want) {
      const Tile t(next() % kind_count);
      if (h.count(t) < 4) h.add(t);
    }
    if (want == 13) e = Error::wrong_tile_count;
    if (i % 11 == 5) {  // a tile in a padding slot
      h.slots[10] = 1;
      h.tiles = static_cast<std::uint8_t>(h.tiles + 1);
      e = Error::bad_slot;
    } else if (e == Error::none && i % 5 == 1) {  // a held kind seen more than 4 - held times
      for (int k = 0; k < kind_count; ++k)
        if (h.count(Tile(k)) > 0) {
          seen[static_cast<std::size_t>(k)] = static_cast<std::uint8_t>(5 - h.count(Tile(k)));
          break;
        }
      e = Error::visible_over_four;
    } else {
      const int k = next() % kind_count;
      seen[static_cast<std::size_t>(k)] = static_cast<std::uint8_t>(std::min(4 - h.count(Tile(k)), 2));
    }
    hands.push_back(h);
    visible.insert(visible.end(), seen.begin(), seen.end());
    want_error.push_back(e);
  }
  for (const auto& impl : implementations()) {
    if (!test::runs_here(impl)) continue;
    INFO(std::string(impl.name));
    for (Players players : {Players::four, Players::three}) {
      std::vector<Result<Advice>> got(hands.size());
      impl.advice(BatchInput::of(hands, Options{players, visible}), got.data());
      int wrong = 0;
      for (std::size_t i = 0; i < hands.size(); ++i) {
        const std::span<const std::uint8_t> seen(visible.data() + i * kind_count, kind_count);
        const auto single = impl.single_advice(hands[i], Options{players, seen});
        wrong += got[i].error != single.error || !(got[i].value == single.value);
        if (players == Players::four) {
          wrong += got[i].error != want_error[i];
          if (want_error[i] == Error::none) wrong += !(got[i].value == ref::advice(hands[i], players, seen));
        }
      }
      CHECK(wrong == 0);
    }
  }
}
