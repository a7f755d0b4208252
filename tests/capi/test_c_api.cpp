// The C ABI (mjk.h) against the C++ API on fixed-seed random rows of 34
// counts, garbage included (counts above 4, wrong tile counts, 2m-8m with
// three players); and rows of 34 counts as a kernel batch input against the
// same hands as mjk::Hand, on every implementation, ending exactly at an
// unreadable page.
#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

#include "mjk.h"
#include "mjk/analysis.hpp"
#include "mjk/decomposition.hpp"
#include "mjk/implementation.hpp"
#include "support/deal.hpp"
#include "support/each_impl.hpp"

namespace mjk::test {
namespace {

using Row = std::array<std::uint8_t, kind_count>;

Row row_of(const Hand& h) {
  Row r{};
  for (int k = 0; k < kind_count; ++k) r[static_cast<std::size_t>(k)] = static_cast<std::uint8_t>(h.count(Tile(k)));
  return r;
}

// What the C++ single-hand API sees for a row (tiles wraps like a byte sum;
// validation reports a count above 4 before any count problem).
Hand hand_of(const Row& r) {
  Hand h;
  for (int k = 0; k < kind_count; ++k) {
    h.slots[static_cast<std::size_t>(Tile(k).slot())] = r[static_cast<std::size_t>(k)];
    h.tiles = static_cast<std::uint8_t>(h.tiles + r[static_cast<std::size_t>(k)]);
  }
  return h;
}

// A mix of 3k+1 and 3k+2 rows: dealt, complete, tenpai, single-suit, sanma-shaped, and garbage.
std::vector<Row> random_rows(std::uint64_t seed, std::size_t n) {
  deal::Rng rng(seed);
  std::uniform_int_distribution<int> pick(0, 11), melds(0, 4), kind(0, kind_count - 1), byte(0, 255), small(5, 9),
      suit(0, 2);
  std::vector<Row> rows;
  for (std::size_t i = 0; i < n; ++i) {
    Row r{};
    switch (pick(rng)) {
      case 0: r = row_of(deal::from_wall(rng, 13)); break;
      case 1: r = row_of(deal::from_wall(rng, 14)); break;
      case 2: r = row_of(deal::complete(rng, melds(rng))); break;
      case 3: r = row_of(deal::tenpai(rng, melds(rng))); break;
      case 4: r = row_of(deal::complete_single_suit(rng, suit(rng))); break;
      case 5: {  // sanma-shaped: man only as 1m/9m
        Hand h = deal::complete(rng, 4);
        Row t = row_of(h);
        for (int k = 1; k <= 7; ++k) t[static_cast<std::size_t>(k)] = 0;
        r = t;
        break;
      }
      case 6: r = row_of(deal::from_wall(rng, 3 * melds(rng) + 1 + (i & 1))); break;
      case 7: {  // a count above 4
        r = row_of(deal::from_wall(rng, 13));
        r[static_cast<std::size_t>(kind(rng))] = static_cast<std::uint8_t>(small(rng));
        break;
      }
      case 8:  // garbage bytes
        for (auto& c : r) c = static_cast<std::uint8_t>(byte(rng));
        break;
      case 9: r = row_of(deal::from_wall(rng, 1 + static_cast<int>(i % 14))); break;                     // any count
      case 10: r = row_of(deal::from_wall(rng, 14)), r[static_cast<std::size_t>(kind(rng))] = 0; break;  // too few
      default: r = row_of(deal::tenpai(rng, 4)); break;
    }
    rows.push_back(r);
  }
  return rows;
}

const std::uint8_t* flat(const std::vector<Row>& rows) { return rows.empty() ? nullptr : rows[0].data(); }

Options options_of(int players) { return {players == 3 ? Players::three : Players::four, {}}; }

constexpr std::size_t n_rows = 2000;

}  // namespace

TEST_CASE("C ABI: version, implementation, messages") {
  CHECK(std::string(mjk_version()) == MJK_VERSION_STRING);
  CHECK(std::string(mjk_implementation()) == std::string(active_implementation().name));
  for (int code = 0; code <= MJK_ERR_CANCELLED; ++code)
    CHECK(std::string(mjk_error_message(code)) == std::string(describe(static_cast<Error>(code))));
  CHECK(std::string(mjk_error_message(MJK_ERR_CANCELLED)) == "the search was cancelled");
  CHECK(std::string(mjk_error_message(MJK_ERR_CANCELLED + 1)) == "unknown error");
}

TEST_CASE("C ABI: parse agrees with parse_hand") {
  for (const char* text :
       {"123m406p789s11z23s 1s", "1112345678999m", "m1m1m1m2m2m2m3m3m3p8p9p9p9 p7", "11111m", "8z", "123", "m",
        "123m 45", "", "  ", "1m 1m", "123m456p789s1122z 3z", "123m406p789s11z23s 0s", "123m406p789s11z23s 0p"}) {
    INFO(text);
    mjk_parsed c;
    const int e = mjk_parse(text, &c);
    const auto p = parse_hand(text);
    CHECK(e == static_cast<int>(p.error.code));
    CHECK(c.error == static_cast<int>(p.error.code));
    if (p.ok()) {
      CHECK(Row(row_of(p.value.hand)) == std::to_array(c.counts));
      CHECK(c.tiles == p.value.hand.tiles);
      CHECK(c.winning == (p.value.winning ? p.value.winning->kind() : -1));
      CHECK(c.winning_red == p.value.winning_red);
      CHECK(std::memcmp(c.red_fives, p.value.hand.red_fives.data(), 3) == 0);
    } else {
      CHECK(c.error_position == p.error.position);
      CHECK(int(c.error_tile) == (p.error.tile ? p.error.tile->kind() : 255));
    }
  }
}

TEST_CASE("C ABI: batch operations equal the C++ API on random rows") {
  const auto rows = random_rows(11, n_rows);
  const std::size_t n = rows.size();
  std::vector<std::uint8_t> errors(n);
  for (int players : {4, 3}) {
    CAPTURE(players);
    const Options options = options_of(players);

    std::vector<std::uint8_t> agari(n), forms(n);
    REQUIRE(mjk_is_agari(flat(rows), n, players, agari.data(), errors.data()) == MJK_OK);
    for (std::size_t i = 0; i < n; ++i) {
      const auto want = is_agari(hand_of(rows[i]), options);
      CHECK(agari[i] == want.value);
      CHECK(errors[i] == static_cast<int>(want.error));
    }
    REQUIRE(mjk_agari_forms(flat(rows), n, players, forms.data(), errors.data()) == MJK_OK);
    for (std::size_t i = 0; i < n; ++i) {
      const auto want = agari_forms(hand_of(rows[i]), options);
      CHECK(forms[i] == want.value);
      CHECK(errors[i] == static_cast<int>(want.error));
    }

    std::vector<std::uint64_t> w(n);
    REQUIRE(mjk_waits(flat(rows), n, players, w.data(), errors.data()) == MJK_OK);
    for (std::size_t i = 0; i < n; ++i) {
      const auto want = waits(hand_of(rows[i]), options);
      CHECK(w[i] == want.value.bits());
      CHECK(errors[i] == static_cast<int>(want.error));
    }
    std::vector<std::uint8_t> w_rows(n * kind_count, 7);
    REQUIRE(mjk_waits_rows(flat(rows), n, players, w_rows.data(), errors.data()) == MJK_OK);
    for (std::size_t i = 0; i < n; ++i) {
      const auto want = waits(hand_of(rows[i]), options);
      for (int k = 0; k < kind_count; ++k)
        CHECK(w_rows[i * kind_count + static_cast<std::size_t>(k)] == (want.value.contains(Tile(k)) ? 1 : 0));
      CHECK(errors[i] == static_cast<int>(want.error));
    }
    std::vector<mjk_form_waits> fw(n);
    REQUIRE(mjk_waits_by_form(flat(rows), n, players, fw.data(), errors.data()) == MJK_OK);
    for (std::size_t i = 0; i < n; ++i) {
      const auto want = waits_by_form(hand_of(rows[i]), options);
      CHECK(fw[i].standard == want.value.standard.bits());
      CHECK(fw[i].chiitoi == want.value.chiitoi.bits());
      CHECK(fw[i].kokushi == want.value.kokushi.bits());
      CHECK(errors[i] == static_cast<int>(want.error));
    }

    std::vector<mjk_tenpai_result> td(n);
    REQUIRE(mjk_tenpai_discards(flat(rows), n, players, td.data(), errors.data()) == MJK_OK);
    for (std::size_t i = 0; i < n; ++i) {
      const auto want = tenpai_discards(hand_of(rows[i]), options);
      CHECK(td[i].discards == want.value.discards.bits());
      for (std::size_t k = 0; k < kind_count; ++k) CHECK(td[i].waits[k] == want.value.waits[k].bits());
      CHECK(errors[i] == static_cast<int>(want.error));
    }

    // Decompositions, with a winning kind for every other row (held or not).
    std::vector<std::int8_t> winning(n);
    deal::Rng rng(5);
    std::uniform_int_distribution<int> kind(-1, kind_count - 1);
    for (auto& k : winning) k = static_cast<std::int8_t>(kind(rng));
    std::vector<mjk_decomposition> storage(n * MJK_MAX_DECOMPOSITIONS);
    std::vector<mjk_slice> slices(n);
    REQUIRE(mjk_decompositions(flat(rows), n, winning.data(), players, storage.data(), storage.size(), slices.data(),
                               errors.data()) == MJK_OK);
    std::uint32_t offset = 0;
    for (std::size_t i = 0; i < n; ++i) {
      std::array<Decomposition, max_decompositions> want{};
      const std::optional<Tile> win = winning[i] < 0 ? std::nullopt : std::optional<Tile>(Tile(winning[i]));
      const auto r = decompositions(hand_of(rows[i]), win, want, options);
      CHECK(errors[i] == static_cast<int>(r.error));
      REQUIRE(slices[i].count == (r.ok() ? r.value : 0));
      CHECK(slices[i].offset == offset);
      for (std::size_t d = 0; d < slices[i].count; ++d) {
        const mjk_decomposition& c = storage[slices[i].offset + d];
        CHECK(c.form == static_cast<int>(want[d].form));
        CHECK(c.block_count == want[d].block_count);
        CHECK(c.win == want[d].win);
        CHECK(c.wait == (want[d].wait ? static_cast<int>(*want[d].wait) : MJK_WAIT_NONE));
        for (std::size_t b = 0; b < want[d].block_count; ++b) {
          CHECK(c.blocks[b].kind == static_cast<int>(want[d].blocks[b].kind));
          CHECK(c.blocks[b].first == want[d].blocks[b].first.kind());
        }
      }
      offset += slices[i].count;
    }
  }
}

TEST_CASE("C ABI: shanten, necessary tiles and advice equal the C++ API, with visible tiles") {
  const auto rows = random_rows(23, 600);
  const std::size_t n = rows.size();
  std::vector<std::uint8_t> errors(n);
  // Visible rows: a few seen tiles each, sometimes more than the wall holds.
  deal::Rng rng(29);
  std::uniform_int_distribution<int> kind(0, kind_count - 1), copies(0, 3), seen(0, 6);
  constexpr std::size_t stride = 40;  // a row per hand, 40 bytes apart
  std::vector<std::uint8_t> visible(n * stride, 0xee), packed(n * kind_count);
  for (std::size_t i = 0; i < n; ++i) {
    for (int k = 0; k < kind_count; ++k) visible[i * stride + static_cast<std::size_t>(k)] = 0;
    for (int t = seen(rng); t > 0; --t)
      visible[i * stride + static_cast<std::size_t>(kind(rng))] = static_cast<std::uint8_t>(copies(rng));
    std::memcpy(&packed[i * kind_count], &visible[i * stride], kind_count);
  }
  for (int players : {4, 3}) {
    CAPTURE(players);
    const Options plain = options_of(players);

    std::vector<mjk_shanten_forms> sh(n);
    REQUIRE(mjk_shanten(flat(rows), n, players, sh.data(), errors.data()) == MJK_OK);
    for (std::size_t i = 0; i < n; ++i) {
      const auto want = shanten(hand_of(rows[i]), plain);
      CHECK(sh[i].best == want.value.best);
      CHECK(sh[i].standard == want.value.standard);
      CHECK(sh[i].chiitoi == want.value.chiitoi);
      CHECK(sh[i].kokushi == want.value.kokushi);
      CHECK(errors[i] == static_cast<int>(want.error));
    }

    // visible: none, one row shared (stride 0), a row per hand 34 or 40 bytes apart.
    for (int mode = 0; mode < 4; ++mode) {
      CAPTURE(mode);
      const std::uint8_t* vis = mode == 0 ? nullptr : mode == 3 ? visible.data() : packed.data();
      const std::size_t vstride = mode == 1 ? 0 : mode == 2 ? kind_count : stride;
      auto options_for = [&](std::size_t i) {
        Options o = plain;
        if (mode == 1) o.visible = std::span<const std::uint8_t>(packed.data(), kind_count);
        if (mode >= 2) o.visible = std::span<const std::uint8_t>(&packed[i * kind_count], kind_count);
        return o;
      };
      std::vector<mjk_necessary> nec(n);
      REQUIRE(mjk_necessary_tiles(flat(rows), n, players, vis, vstride, nec.data(), errors.data()) == MJK_OK);
      for (std::size_t i = 0; i < n; ++i) {
        const auto want = necessary_tiles(hand_of(rows[i]), options_for(i));
        CHECK(nec[i].shanten == want.value.shanten);
        CHECK(nec[i].ukeire == want.value.ukeire);
        CHECK(nec[i].tiles == want.value.tiles.bits());
        CHECK(errors[i] == static_cast<int>(want.error));
      }
      std::vector<mjk_advice_result> adv(n);
      REQUIRE(mjk_advice(flat(rows), n, players, vis, vstride, adv.data(), errors.data()) == MJK_OK);
      for (std::size_t i = 0; i < n; ++i) {
        const auto want = advice(hand_of(rows[i]), options_for(i));
        CHECK(adv[i].count == want.value.count);
        for (std::size_t k = 0; k < want.value.options.size(); ++k) {
          CHECK(adv[i].options[k].discard == want.value.options[k].discard.kind());
          CHECK(adv[i].options[k].shanten == want.value.options[k].shanten);
          CHECK(adv[i].options[k].ukeire == want.value.options[k].ukeire);
          CHECK(adv[i].options[k].necessary == want.value.options[k].necessary.bits());
        }
        CHECK(errors[i] == static_cast<int>(want.error));
      }
    }
  }
  CHECK(mjk_advice(flat(rows), n, 4, visible.data(), 33, nullptr, nullptr) == MJK_ERR_INVALID_ARGUMENT);
  std::vector<mjk_necessary> nec(n);
  CHECK(mjk_necessary_tiles(flat(rows), n, 4, visible.data(), 33, nec.data(), nullptr) == MJK_ERR_INVALID_ARGUMENT);
}

TEST_CASE("C ABI: with three players a 2m-8m visible is the row's error, after one over four") {
  const Row row = row_of(parse_hand("1119m123p456s777z").value.hand);
  Row visible{};
  visible[4] = 1;  // 5m
  mjk_necessary nec{};
  std::uint8_t error = 0;
  REQUIRE(mjk_necessary_tiles(row.data(), 1, 3, visible.data(), 0, &nec, &error) == MJK_OK);
  CHECK(error == MJK_ERR_NOT_IN_RULES);
  REQUIRE(mjk_necessary_tiles(row.data(), 1, 4, visible.data(), 0, &nec, &error) == MJK_OK);
  CHECK(error == MJK_OK);
  visible[0] = 2;  // 1m: three held and two seen
  REQUIRE(mjk_necessary_tiles(row.data(), 1, 3, visible.data(), 0, &nec, &error) == MJK_OK);
  CHECK(error == MJK_ERR_VISIBLE_OVER_FOUR);
}

TEST_CASE("C ABI: bad arguments stop the call and write nothing") {
  const auto rows = random_rows(3, 10);
  std::vector<std::uint8_t> out(10, 9), errors(10, 9);
  CHECK(mjk_is_agari(flat(rows), 10, 2, out.data(), errors.data()) == MJK_ERR_INVALID_ARGUMENT);
  CHECK(mjk_waits(flat(rows), 10, 4, nullptr, errors.data()) == MJK_ERR_INVALID_ARGUMENT);
  CHECK(mjk_waits_rows(flat(rows), 10, 4, nullptr, errors.data()) == MJK_ERR_INVALID_ARGUMENT);
  CHECK(mjk_agari_forms(nullptr, 10, 4, out.data(), errors.data()) == MJK_ERR_INVALID_ARGUMENT);
  CHECK(mjk_decompositions(flat(rows), 10, nullptr, 4, nullptr, 5, nullptr, nullptr) == MJK_ERR_INVALID_ARGUMENT);
  CHECK(out == std::vector<std::uint8_t>(10, 9));
  CHECK(errors == std::vector<std::uint8_t>(10, 9));
  CHECK(mjk_waits(nullptr, 0, 4, nullptr, nullptr) == MJK_OK);
  CHECK(mjk_is_agari(flat(rows), SIZE_MAX / 2, 4, out.data(), nullptr) == MJK_ERR_INVALID_ARGUMENT);
}

// Rows of 34 counts are a first-class batch input: every implementation
// gives exactly what it gives for the same hands as mjk::Hand, for batch
// sizes around its block size, with the rows ending at an unreadable page.
TEST_CASE("rows34 batch input equals the Hand batch on every implementation") {
  const auto all = random_rows(17, 300);
#if defined(__linux__)
  const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  const std::size_t bytes = ((all.size() * kind_count + page - 1) / page) * page;
  void* map = mmap(nullptr, bytes + page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  REQUIRE(map != MAP_FAILED);
  REQUIRE(mprotect(static_cast<char*>(map) + bytes, page, PROT_NONE) == 0);
  std::uint8_t* end = static_cast<std::uint8_t*>(map) + bytes;  // the guard page starts here
#else
  std::vector<std::uint8_t> buffer(all.size() * kind_count);
  std::uint8_t* end = buffer.data() + buffer.size();
#endif
  for_each_impl([&](const Implementation& impl) {
    for (std::size_t n :
         {std::size_t{1}, std::size_t{2}, std::size_t{15}, std::size_t{16}, std::size_t{17}, std::size_t{31},
          std::size_t{33}, std::size_t{63}, std::size_t{64}, std::size_t{65}, std::size_t{129}, all.size()}) {
      CAPTURE(n);
      std::uint8_t* rows = end - n * kind_count;
      std::memcpy(rows, all.data(), n * kind_count);
      std::vector<Hand> hands;
      for (std::size_t i = 0; i < n; ++i) hands.push_back(hand_of(all[i]));
      for (Players players : {Players::four, Players::three}) {
        const Options options{players, {}};
        const BatchInput as_rows{rows, n, Layout::counts34, options}, as_hands = BatchInput::of(hands, options);
        auto same = [&](auto entry, auto tag) {
          using R = Result<decltype(tag)>;
          std::vector<R> a(n), b(n);
          (impl.*entry)(as_rows, a.data());
          (impl.*entry)(as_hands, b.data());
          for (std::size_t i = 0; i < n; ++i) {
            CHECK(a[i].error == b[i].error);
            CHECK(a[i].value == b[i].value);
          }
        };
        same(&Implementation::is_agari, bool{});
        same(&Implementation::agari_forms, std::uint8_t{});
        same(&Implementation::waits, TileMask{});
        same(&Implementation::waits_by_form, FormWaits{});
        same(&Implementation::shanten, ShantenForms{});
        if (n <= 65) {
          same(&Implementation::tenpai_discards, TenpaiDiscards{});
          same(&Implementation::necessary_tiles, Necessary{});
          same(&Implementation::advice, Advice{});
        }
      }
    }
  });
#if defined(__linux__)
  munmap(map, bytes + page);
#endif
}

}  // namespace mjk::test

TEST_CASE("C ABI: mjk_score answers each request, a bad row gets its own code") {
  mjk_score_request req[3];
  mjk_request_info info;
  const std::string line =
      R"({"hand": "1112345678999m", "win": "5m", "tsumo": true, "dora": "9p", "rules": {"kiriage": true}})";
  REQUIRE(mjk_parse_request(line.data(), line.size(), &req[0], nullptr, &info) == MJK_OK);
  CHECK(info.has_win == 1);
  CHECK(req[0].counts[4] == 2);  // 5m, the winning tile included
  CHECK(req[0].win == 4);
  CHECK(req[0].rules.kiriage == 1);
  CHECK(req[0].rules.open_tanyao == 1);
  req[1] = req[0];
  req[1].ippatsu = 1;  // without riichi
  req[2] = req[0];
  req[2].players = 5;  // a raw value out of range: its row's error, not a crash
  mjk_score_result out[3];
  std::uint8_t errors[3] = {99, 99, 99};
  REQUIRE(mjk_score(req, 3, out, errors) == MJK_OK);
  CHECK(errors[0] == MJK_OK);
  CHECK(out[0].complete == 1);
  CHECK(errors[1] == MJK_ERR_IPPATSU_WITHOUT_RIICHI);
  CHECK(errors[2] == MJK_ERR_BAD_REQUEST);
  CHECK(out[1].complete == 0);
  CHECK(out[1].points == 0);
  CHECK(mjk_score(req, 0, nullptr, nullptr) == MJK_OK);
  CHECK(mjk_score(nullptr, 1, out, errors) == MJK_ERR_INVALID_ARGUMENT);

  const std::string bad =
      R"({"hand": "678m345p67s55s", "melds": [{"type": "chi", "tiles": "234m", "from": "toimen"}]})";
  CHECK(mjk_parse_request(bad.data(), bad.size(), &req[0], nullptr, &info) == MJK_ERR_BAD_MELD_SOURCE);
  CHECK(info.error_position == bad.find("\"toimen\""));
  CHECK(std::string(info.message) == "a meld called from a seat it cannot come from at position " +
                                         std::to_string(bad.find("\"toimen\"")) +
                                         ": a chi is called from kamicha only");
  // No text with bytes to read: refused, and info says so (a batch's row takes it as its error).
  CHECK(mjk_parse_request(nullptr, 4, &req[0], nullptr, &info) == MJK_ERR_INVALID_ARGUMENT);
  CHECK(info.error == MJK_ERR_INVALID_ARGUMENT);
  CHECK(std::string(info.message) == "the line's text is NULL, with a length of 4 bytes");
  CHECK(mjk_parse_request(nullptr, 4, &req[0], nullptr, nullptr) == MJK_ERR_INVALID_ARGUMENT);
  CHECK(std::string(mjk_yaku_name(0)) == "riichi");
  CHECK(std::string(mjk_yaku_name(MJK_YAKU_COUNT - 1)) == "nuki");
}
