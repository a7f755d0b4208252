// The kernel: known answers on every implementation, bad input, the batch
// API, and the implementation registry.
#include <doctest/doctest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "helpers.hpp"
#include "mjk/implementation.hpp"
#include "support/each_impl.hpp"

using namespace mjk;
using mjk::test::hand;
using mjk::test::tiles;

namespace {

bool agari(const Implementation& impl, std::string_view text) {
  const Hand h = hand(text).hand;
  Result<bool> r;
  impl.is_agari({&h, 1}, &r);
  REQUIRE(r.ok());
  const auto one = impl.single_is_agari(h, {});  // the single-hand path agrees
  CHECK((one.ok() && one.value == r.value));
  return r.value;
}

std::string waits(const Implementation& impl, std::string_view text) {
  const Hand h = hand(text).hand;
  Result<TileMask> r;
  impl.waits({&h, 1}, &r);
  REQUIRE(r.ok());
  const auto one = impl.single_waits(h, {});
  CHECK((one.ok() && one.value == r.value));
  return tiles(r.value);
}

TenpaiDiscards discards(const Implementation& impl, std::string_view text) {
  const Hand h = hand(text).hand;
  Result<TenpaiDiscards> r;
  impl.tenpai_discards({&h, 1}, &r);
  REQUIRE(r.ok());
  const auto one = impl.single_tenpai_discards(h, {});
  CHECK((one.ok() && one.value == r.value));
  return r.value;
}

}  // namespace

TEST_CASE("kernel known answers, on every implementation") {
  test::for_each_impl([](const Implementation& impl) {
    // agari: standard, seven pairs, thirteen orphans, called melds
    CHECK(agari(impl, "111222333m78999p"));
    CHECK(agari(impl, "123m456p789s11z234s"));
    CHECK(agari(impl, "1133m5577p99s1122z"));
    CHECK_FALSE(agari(impl, "1111m2233p4455s66z"));  // a quad is not two pairs
    CHECK(agari(impl, "223344m556677p88s"));
    CHECK(agari(impl, "119m19p19s1234567z"));
    CHECK_FALSE(agari(impl, "119m19p19s123456z5m"));
    CHECK(agari(impl, "55z"));
    CHECK_FALSE(agari(impl, "56z"));
    CHECK(agari(impl, "22m456p"));
    CHECK(agari(impl, "23456788m"));
    CHECK(agari(impl, "123m456p789s11z"));
    CHECK_FALSE(agari(impl, "123m456p789s12z"));
    CHECK(agari(impl, "11122233344455z"));
    CHECK_FALSE(agari(impl, "111m111p12345677z"));    // honours never form sequences
    CHECK_FALSE(agari(impl, "89m1p456p55789s111z"));  // no sequence wraps from 9m to 1p

    // waits
    CHECK(waits(impl, "1112345678999m") == "1m 2m 3m 4m 5m 6m 7m 8m 9m");
    CHECK(waits(impl, "1112345678999p") == "1p 2p 3p 4p 5p 6p 7p 8p 9p");
    CHECK(waits(impl, "19m19p19s1234567z") == "1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z");
    CHECK(waits(impl, "19m19p19s123456z1m") == "7z");
    CHECK(waits(impl, "1133m5577p99s112z") == "2z");
    CHECK(waits(impl, "1111m123p112233s").empty());
    CHECK(waits(impl, "1111234444m").empty());
    CHECK(waits(impl, "1112m") == "2m 3m");
    CHECK(waits(impl, "5z") == "5z");
    CHECK(waits(impl, "3334m") == "2m 4m 5m");
    CHECK(waits(impl, "1234567m") == "1m 4m 7m");
    CHECK(waits(impl, "123m456p789s1z") == "1z");
    CHECK(waits(impl, "23m456p55789s111z") == "1m 4m");
    CHECK(waits(impl, "13m456p55789s111z") == "2m");
    CHECK(waits(impl, "89m456p55789s111z") == "7m");
    CHECK(waits(impl, "123m456p55789s11z") == "5s 1z");
    CHECK(waits(impl, "1233z").empty());
    CHECK(waits(impl, "8999s") == "7s 8s");  // and no "10s"
    CHECK(waits(impl, "2355z") == "");

    // tenpai discards
    const auto d = discards(impl, "12345m");
    CHECK(tiles(d.discards) == "1m 2m 4m 5m");
    CHECK(tiles(d.waits[0]) == "2m 5m");
    CHECK(tiles(d.waits[1]) == "1m");
    CHECK(tiles(d.waits[3]) == "5m");
    CHECK(tiles(d.waits[4]) == "1m 4m");
    CHECK(discards(impl, "11112222333444z").discards.empty());
    CHECK(tiles(discards(impl, "119m19p19s1234567z").discards) == "1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z");
  });
}

TEST_CASE("forms of agari and of waits, on every implementation") {
  test::for_each_impl([](const Implementation& impl) {
    auto forms = [&](std::string_view text) {
      const Hand h = hand(text).hand;
      Result<std::uint8_t> r;
      impl.agari_forms({&h, 1}, &r);
      REQUIRE(r.ok());
      const auto one = impl.single_agari_forms(h, {});
      CHECK((one.ok() && one.value == r.value));
      return r.value;
    };
    CHECK(forms("123m456p789s11z234s") == standard_form);
    CHECK(forms("223344m556677p88s") == (standard_form | chiitoi_form));
    CHECK(forms("1133m5577p99s1122z") == chiitoi_form);
    CHECK(forms("119m19p19s1234567z") == kokushi_form);
    CHECK(forms("1111m2233p4455s66z") == 0);

    auto waits_by = [&](std::string_view text) {
      const Hand h = hand(text).hand;
      Result<FormWaits> r;
      impl.waits_by_form({&h, 1}, &r);
      REQUIRE(r.ok());
      const auto one = impl.single_waits_by_form(h, {});
      CHECK((one.ok() && one.value == r.value));
      return r.value;
    };
    auto w = waits_by("1133m5577p99s112z");
    CHECK(w.standard.empty());
    CHECK(tiles(w.chiitoi) == "2z");
    w = waits_by("223344m55667p88s");  // 567p 56p: 4p/7p standard; 7p also completes seven pairs
    CHECK(tiles(w.standard) == "4p 7p");
    CHECK(tiles(w.chiitoi) == "7p");
    CHECK(tiles(w.all()) == "4p 7p");
    w = waits_by("19m19p19s1234567z");
    CHECK(w.kokushi.size() == 13);
    CHECK(w.standard.empty());
    CHECK(w.chiitoi.empty());
  });
}

TEST_CASE("kernel rejects bad hands with the error validate() gives") {
  test::for_each_impl([](const Implementation& impl) {
    std::vector<Hand> bad(6, hand("123m456p789s11z").hand);
    bad[0].slots[9] = 1, bad[0].tiles = 12;     // a tile in a padding slot
    bad[1].slots[0] = 200, bad[1].tiles = 210;  // garbage count
    bad[2].tiles = 12;                          // tiles field disagrees
    bad[3] = hand("123456789m12345p").hand;     // 19 tiles can't even be parsed: build it
    bad[3].slots[45] = 4, bad[3].tiles = 18;
    bad[4] = hand("123m456p789s1z").hand;  // 10 tiles: waits, not agari
    bad[5] = Hand{};                       // empty
    std::vector<Result<bool>> out(bad.size());
    impl.is_agari({bad.data(), bad.size()}, out.data());
    for (std::size_t i = 0; i < bad.size(); ++i) {
      INFO("hand ", i);
      CHECK(out[i].error == validate(bad[i], Question::complete).code);
      CHECK_FALSE(out[i].value);
    }
    CHECK(out[0].error == Error::bad_slot);
    CHECK(out[1].error == Error::bad_slot);
    CHECK(out[2].error == Error::count_mismatch);
    CHECK(out[3].error == Error::too_many_tiles);
    CHECK(out[4].error == Error::wrong_tile_count);

    std::vector<Result<TileMask>> w(bad.size());
    impl.waits({bad.data(), bad.size()}, w.data());
    for (std::size_t i = 0; i < bad.size(); ++i) CHECK(w[i].error == validate(bad[i], Question::waits).code);
    CHECK(w[4].ok());

    std::vector<Result<TenpaiDiscards>> t(bad.size());
    impl.tenpai_discards({bad.data(), bad.size()}, t.data());
    for (std::size_t i = 0; i < bad.size(); ++i) {
      CHECK(t[i].error == validate(bad[i], Question::complete).code);
      if (!t[i].ok()) CHECK(t[i].value.discards.empty());
    }

    // The single-hand path: the same errors, default values.
    for (std::size_t i = 0; i < bad.size(); ++i) {
      INFO("single-hand path, hand ", i);
      for (const Players players : {Players::four, Players::three}) {
        const Options o{players};
        const auto a = impl.single_is_agari(bad[i], o);
        CHECK(a.error == validate(bad[i], Question::complete, players).code);
        if (!a.ok()) CHECK_FALSE(a.value);
        const auto f = impl.single_agari_forms(bad[i], o);
        CHECK(f.error == a.error);
        const auto ws = impl.single_waits(bad[i], o);
        CHECK(ws.error == validate(bad[i], Question::waits, players).code);
        if (!ws.ok()) CHECK(ws.value.empty());
        const auto wf = impl.single_waits_by_form(bad[i], o);
        CHECK(wf.error == ws.error);
        const auto d = impl.single_tenpai_discards(bad[i], o);
        CHECK(d.error == a.error);
        if (!d.ok()) CHECK(d.value.discards.empty());
      }
    }
  });
}

TEST_CASE("batch API: any length, output checked, same answers as single calls") {
  std::vector<Hand> hands;
  for (const char* text : {"111222333m78999p", "123m456p789s11z", "12345m", "1133m5577p99s1122z", "56z"})
    hands.push_back(hand(text).hand);
  while (hands.size() < 77) hands.push_back(hands[hands.size() % 5]);  // crosses block boundaries
  std::vector<Result<bool>> out(hands.size());
  REQUIRE(is_agari(hands, out) == Error::none);
  for (std::size_t i = 0; i < hands.size(); ++i) CHECK(out[i].value == is_agari(hands[i]).value);
  CHECK(out[0].value);
  CHECK_FALSE(out[2].value);
  std::vector<Result<bool>> short_out(3);
  CHECK(is_agari(hands, short_out) == Error::output_too_small);
  CHECK(is_agari(std::span<const Hand>{}, short_out) == Error::none);
}

TEST_CASE("rows of 34 counts answer like Hands, and a garbage row fails alone") {
  std::vector<Hand> hands;
  for (const char* text : {"111222333m78999p", "123m456p789s11z", "1133m5577p99s1122z", "56z", "19m19p19s1234567z1m",
                           "1112345678999m", "123m456p789s1z"})
    hands.push_back(hand(text).hand);
  while (hands.size() < 70) hands.push_back(hands[hands.size() % 7]);  // crosses block boundaries
  std::vector<std::uint8_t> rows;
  for (const Hand& h : hands)
    for (const int c : to_counts34(h)) rows.push_back(static_cast<std::uint8_t>(c));
  rows[34 * 3 + 5] = 9;  // hand 3: a count above four
  test::for_each_impl([&](const Implementation& impl) {
    std::vector<Result<bool>> by_hand(hands.size()), by_row(hands.size());
    impl.is_agari(BatchInput::of(hands), by_hand.data());
    impl.is_agari({rows.data(), hands.size(), Layout::counts34}, by_row.data());
    std::vector<Result<TileMask>> w_hand(hands.size()), w_row(hands.size());
    impl.waits(BatchInput::of(hands), w_hand.data());
    impl.waits({rows.data(), hands.size(), Layout::counts34}, w_row.data());
    for (std::size_t i = 0; i < hands.size(); ++i) {
      INFO("row ", i);
      if (i == 3) {
        CHECK(by_row[i].error == Error::bad_slot);
        CHECK(w_row[i].error == Error::bad_slot);
        continue;
      }
      CHECK(by_row[i].error == by_hand[i].error);
      CHECK(by_row[i].value == by_hand[i].value);
      CHECK(w_row[i].error == w_hand[i].error);
      CHECK(w_row[i].value == w_hand[i].value);
    }
    CHECK(by_row[0].value);
    CHECK(w_row[5].value.size() == 9);
  });
  std::vector<Result<bool>> out(hands.size());
  CHECK(is_agari(std::span<const std::uint8_t>(rows.data(), 35), out) == Error::partial_row);
  CHECK(is_agari(std::span<const std::uint8_t>(rows), out) == Error::none);
  CHECK(out[0].value);
  CHECK(out[3].error == Error::bad_slot);
}

TEST_CASE("three players: 2m-8m are rejected, 1m/9m hands answer as with four") {
  const Options three{Players::three};
  const Hand with_2m = hand("123m456p789s11z234s").hand, sanma = hand("111999m456p789s11z").hand;
  CHECK(validate(with_2m, Question::complete, Players::three).code == Error::not_in_rules);
  CHECK(validate(with_2m, Question::complete, Players::three).message() ==
        "2m does not exist with three players (2m-8m are removed)");
  CHECK(validate(with_2m, Question::complete).code == Error::none);
  CHECK(validate(hand("1234m").hand, Question::complete, Players::three).code == Error::wrong_tile_count);
  test::for_each_impl([&](const Implementation& impl) {
    const Hand hands[] = {with_2m, sanma, hand("19m19p19s1234567z9m").hand, hand("8m").hand};
    Result<bool> agari[4];
    impl.is_agari({hands, 4, Layout::hands, three}, agari);
    CHECK(agari[0].error == Error::not_in_rules);
    CHECK((agari[1].ok() && agari[1].value));
    CHECK((agari[2].ok() && agari[2].value));
    CHECK(agari[3].error == Error::wrong_tile_count);
    Result<TileMask> w[4];
    impl.waits({hands, 4, Layout::hands, three}, w);
    CHECK(w[3].error == Error::not_in_rules);
    Result<TenpaiDiscards> d[4];
    impl.tenpai_discards({hands, 4, Layout::hands, three}, d);
    CHECK(d[0].error == Error::not_in_rules);
    CHECK(d[1].ok());
    for (int i = 0; i < 4; ++i) {  // the single-hand path answers alike
      const auto a = impl.single_is_agari(hands[i], three);
      CHECK(a.error == agari[i].error);
      CHECK(a.value == agari[i].value);
      const auto ws = impl.single_waits(hands[i], three);
      CHECK(ws.error == w[i].error);
      CHECK(ws.value == w[i].value);
      const auto ds = impl.single_tenpai_discards(hands[i], three);
      CHECK(ds.error == d[i].error);
      CHECK(ds.value == d[i].value);
    }
  });
  CHECK(is_agari(with_2m, three).error == Error::not_in_rules);
  CHECK(is_agari(with_2m).value);
}

TEST_CASE("registry: portable always runs, names are unique, best supported is active by default") {
  const auto impls = implementations();
#if defined(__wasm__)
  REQUIRE(impls.size() == 1);  // WebAssembly builds the portable implementation only
#else
  REQUIRE(impls.size() >= 2);
#endif
  CHECK(impls.back().name == "portable");
  CHECK(impls.back().supported());
  for (std::size_t i = 0; i < impls.size(); ++i)
    for (std::size_t j = i + 1; j < impls.size(); ++j) CHECK(impls[i].name != impls[j].name);
  const char* forced = std::getenv("MJK_FORCE_IMPL");
  if (!forced || !*forced) {
    const Implementation* best = nullptr;
    for (const auto& impl : impls)
      if (!best && impl.supported()) best = &impl;
    CHECK(active_implementation().name == best->name);
  }
}

// Registered in ctest once per implementation with MJK_FORCE_IMPL set.
TEST_CASE("forced implementation actually runs") {
  const char* forced = std::getenv("MJK_FORCE_IMPL");
  if (!forced || !*forced) return;
  INFO("MJK_FORCE_IMPL=", std::string(forced), " ", std::string(forced_implementation_problem()));
  CHECK(forced_implementation_problem().empty());
  CHECK(active_implementation().name == forced);
  (void)is_agari(hand("123m456p789s11z").hand);
  CHECK(last_implementation_run() == forced);
}
