// mjk_doors.h: what the Python package and the Node addon share, as C
// entries. Each answer is checked against the mjk.h calls it is made of:
// the batch operations against the per-operation calls, the scored lines
// against mjk_parse_request + mjk_score + mjk_score_json, each winning tile
// against scoring that tile's line, the many-line search against mjk_ev.
#include <doctest/doctest.h>

#if defined(__linux__)
#include <sched.h>
#endif

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <tuple>
#include <vector>

#include "mjk.h"

namespace {

std::vector<std::uint8_t> rows_of(const std::vector<std::string>& hands) {
  std::vector<std::uint8_t> rows;
  for (const std::string& h : hands) {
    mjk_parsed p;
    REQUIRE(mjk_parse(h.c_str(), &p) == MJK_OK);
    rows.insert(rows.end(), p.counts, p.counts + MJK_KINDS);
  }
  return rows;
}

const mjk_batch_op& op(const char* name) {
  const mjk_batch_op* o = mjk_batch_op_named(name, std::strlen(name));
  REQUIRE(o != nullptr);
  return *o;
}

// mjk_score_lines' columns for n rows, each code first `code`.
struct ScoreColumns {
  explicit ScoreColumns(std::size_t n, std::uint8_t code = 0)
      : complete(n), fu(n), yakuman(n), codes(n, code), han(n), points(n), payments(4 * n), yaku(n) {}
  std::vector<std::uint8_t> complete, fu, yakuman, codes;
  std::vector<std::int8_t> han;
  std::vector<std::int32_t> points, payments;
  std::vector<std::uint64_t> yaku;
  mjk_score_columns columns{complete.data(), han.data(),      fu.data(),   yakuman.data(),
                            points.data(),   payments.data(), yaku.data(), codes.data()};
};

}  // namespace

TEST_CASE("C ABI mjk_doors.h: mjk_batch_op_at lists every batch operation with its outputs") {
  std::vector<std::string> names;
  for (std::size_t i = 0; const mjk_batch_op* o = mjk_batch_op_at(i); ++i) {
    names.emplace_back(o->name);
    REQUIRE(o->output_count >= 1);
    REQUIRE(o->output_count <= MJK_BATCH_MAX_OUTPUTS);
    for (std::size_t k = 0; k < o->output_count; ++k) {
      const mjk_batch_output& out = o->outputs[k];
      const std::uint32_t product = out.dims == 0 ? 1 : out.dims == 1 ? out.shape[0] : out.shape[0] * out.shape[1];
      CHECK(out.per_row == product);
      CHECK(
          (std::string(out.dtype) == "bool" || std::string(out.dtype) == "uint8" || std::string(out.dtype) == "int8"));
    }
  }
  CHECK(names == std::vector<std::string>{"is_agari", "agari_forms", "waits", "waits_by_form", "tenpai_discards",
                                          "shanten", "necessary_tiles", "advice", "decompositions"});
  CHECK(mjk_batch_op_named("nope", 4) == nullptr);
  CHECK(op("advice").reads_visible == 1);
  CHECK(op("decompositions").reads_winning == 1);
}

TEST_CASE("C ABI mjk_doors.h: mjk_batch_run answers as the per-operation calls, one code per row") {
  const auto rows = rows_of({"1112345678999m", "123m456p789s1122z", "19m19p19s1234567z"});
  const std::size_t n = 3;
  mjk_batch b{};
  b.rows = rows.data();
  b.n = n;
  b.players = 4;
  std::vector<std::uint8_t> errors(n, 99);
  b.errors = errors.data();
  std::vector<std::int8_t> best(n), standard(n), chiitoi(n), kokushi(n);
  b.outputs[0] = best.data();
  b.outputs[1] = standard.data();
  b.outputs[2] = chiitoi.data();
  b.outputs[3] = kokushi.data();
  char why[MJK_MAX_MESSAGE];
  REQUIRE(mjk_batch_run(&op("shanten"), &b, why, sizeof why) == MJK_OK);
  std::vector<mjk_shanten_forms> direct(n);
  std::vector<std::uint8_t> codes(n);
  REQUIRE(mjk_shanten(rows.data(), n, 4, direct.data(), codes.data()) == MJK_OK);
  for (std::size_t i = 0; i < n; ++i) {
    CHECK(best[i] == direct[i].best);
    CHECK(chiitoi[i] == direct[i].chiitoi);
    CHECK(errors[i] == codes[i]);
  }

  // waits: 0/1 rows, as mjk_waits' masks say.
  const auto waiting = rows_of({"1112345678999m", "123m456p789s1122z"});
  std::vector<std::uint8_t> value(2 * MJK_KINDS), codes2(2);
  mjk_batch w{};
  w.rows = waiting.data();
  w.n = 2;
  w.players = 4;
  w.errors = codes2.data();
  w.outputs[0] = value.data();
  REQUIRE(mjk_batch_run(&op("waits"), &w, why, sizeof why) == MJK_OK);
  std::uint64_t masks[2];
  REQUIRE(mjk_waits(waiting.data(), 2, 4, masks, nullptr) == MJK_OK);
  for (std::size_t i = 0; i < 2; ++i)
    for (std::size_t k = 0; k < MJK_KINDS; ++k) CHECK(value[i * MJK_KINDS + k] == ((masks[i] >> k) & 1));
}

TEST_CASE(
    "C ABI mjk_doors.h: mjk_batch_run: an input overlapping an output is copied first, outputs that overlap are refused") {
  // The rows and the output in one buffer: waits written over the rows it reads.
  std::vector<std::uint8_t> buf = rows_of({"1112345678999m"});
  std::vector<std::uint8_t> errors(1);
  mjk_batch b{};
  b.rows = buf.data();
  b.n = 1;
  b.players = 4;
  b.errors = errors.data();
  b.outputs[0] = buf.data();
  char why[MJK_MAX_MESSAGE];
  REQUIRE(mjk_batch_run(&op("waits"), &b, why, sizeof why) == MJK_OK);
  for (std::size_t k = 0; k < MJK_KINDS; ++k) CHECK(buf[k] == (k < 9 ? 1 : 0));  // the nine-sided wait

  b.outputs[0] = errors.data();  // the output over the error codes
  CHECK(mjk_batch_run(&op("waits"), &b, why, sizeof why) == MJK_ERR_INVALID_ARGUMENT);
  CHECK(std::string(why) == "outputs errors and value overlap");

  b.outputs[0] = buf.data();
  b.players = 5;
  CHECK(mjk_batch_run(&op("waits"), &b, why, sizeof why) == MJK_ERR_INVALID_ARGUMENT);
  CHECK(std::string(why) == "players must be 3 or 4");
  b.players = 4;
  const std::int8_t winning = -1;
  b.winning = &winning;
  CHECK(mjk_batch_run(&op("waits"), &b, why, sizeof why) == MJK_ERR_INVALID_ARGUMENT);
  CHECK(std::string(why) == "waits takes no winning tiles");
  CHECK(mjk_batch_run(nullptr, &b, nullptr, 0) == MJK_ERR_INVALID_ARGUMENT);
}

TEST_CASE("C ABI mjk_doors.h: mjk_score_lines and mjk_score_line_json answer as mjk_score and mjk_score_json") {
  const std::vector<std::string> lines = {
      R"({"hand": "123678m345p67s55s", "win": "8s", "tsumo": true, "riichi": 1})",
      "123678m345p67s55s 8s",
      R"({"hand": "123678m345p67s55s"})",                    // no win: nothing to score
      R"({"hand": "123678m345p67s55s", "each_win": true})",  // told to ask each_win
      R"({"hand": "123m45x", "win": "1m"})",                 // built: the error in the field
  };
  const std::uint8_t built[] = {0, 0, 0, 0, 1};
  const std::size_t n = lines.size();
  std::vector<const char*> texts;
  std::vector<std::size_t> lengths;
  for (const auto& l : lines) texts.push_back(l.data()), lengths.push_back(l.size());
  ScoreColumns c(n);
  const auto& [complete, fu, yakuman, codes, han, points, payments, yaku, columns] = c;
  mjk_request_info bad;
  std::size_t bad_row = 99;
  REQUIRE(mjk_score_lines(texts.data(), lengths.data(), n, built, &columns, &bad, &bad_row) == MJK_OK);
  CHECK(bad_row == 2);
  CHECK(std::string(bad.message) == "nothing to score: the request names no winning tile (\"win\")");
  CHECK(codes == std::vector<std::uint8_t>{0, 0, MJK_ERR_BAD_WINNING_TILE, MJK_ERR_BAD_WINNING_TILE, 2});
  for (std::size_t i = 0; i < 2; ++i) {
    mjk_score_request r;
    mjk_request_info info;
    REQUIRE(mjk_parse_request(texts[i], lengths[i], &r, nullptr, &info) == MJK_OK);
    mjk_score_result s;
    REQUIRE(mjk_score(&r, 1, &s, nullptr) == MJK_OK);
    CHECK(complete[i] == s.complete);
    CHECK(points[i] == s.points);
    CHECK(yaku[i] == s.yaku);
    CHECK(payments[4 * i] == s.payments[0]);
    char expected[4096], got[4096];
    std::size_t needed = 0;
    REQUIRE(mjk_score_json(&r, &s, expected, sizeof expected, &needed) == MJK_OK);
    REQUIRE(mjk_score_line_json(texts[i], lengths[i], 0, got, sizeof got, &needed, &info) == MJK_OK);
    CHECK(info.error == MJK_OK);
    CHECK(std::string(got) == std::string(expected));
    CHECK(mjk_score_line_json(texts[i], lengths[i], 0, got, 10, &needed, &info) == MJK_ERR_OUTPUT_TOO_SMALL);
    CHECK(needed == std::strlen(expected) + 1);
  }
  char got[256];
  std::size_t needed = 0;
  mjk_request_info info;
  REQUIRE(mjk_score_line_json(texts[3], lengths[3], 0, got, sizeof got, &needed, &info) == MJK_OK);
  CHECK(std::string(got) == "null");
  CHECK(std::string(info.message).find("scoreEachWin") != std::string::npos);
  REQUIRE(mjk_score_line_json(texts[4], lengths[4], 1, got, sizeof got, &needed, &info) == MJK_OK);
  CHECK(std::string(info.message) == "unknown character at position 6: in the field hand");
}

TEST_CASE("C ABI mjk_doors.h: mjk_score_each_win_json: each tile's object is the line won on that tile") {
  const std::string line = R"({"hand": "123678m345p67s55s", "tsumo": true, "seat": "2z", "riichi": true})";
  std::vector<char> buf(1 << 16);
  std::size_t needed = 0;
  std::uint8_t codes[MJK_KINDS];
  mjk_request_info info;
  REQUIRE(mjk_score_each_win_json(line.data(), line.size(), 0, buf.data(), buf.size(), &needed, codes, &info) ==
          MJK_OK);
  REQUIRE(info.error == MJK_OK);
  std::string expected = "{";
  for (const char* tile : {"5s", "8s"}) {
    const std::string won = line.substr(0, line.size() - 1) + R"(, "win": ")" + tile + "\"}";
    char one[4096];
    mjk_request_info i2;
    REQUIRE(mjk_score_line_json(won.data(), won.size(), 0, one, sizeof one, &needed, &i2) == MJK_OK);
    expected += (expected.size() > 1 ? ",\"" : "\"") + std::string(tile) + "\":" + one;
  }
  CHECK(std::string(buf.data()) == expected + "}");
  const std::string complete = R"({"hand": "123678m345p67s558s"})";
  REQUIRE(mjk_score_each_win_json(complete.data(), complete.size(), 0, buf.data(), buf.size(), &needed, codes, &info) ==
          MJK_OK);
  CHECK(info.error == MJK_ERR_WRONG_TILE_COUNT);
  CHECK(std::string(info.message).find("this one 14 with 0 melds") != std::string::npos);
  CHECK(std::string(buf.data()) == "{}");
}

TEST_CASE("C ABI mjk_doors.h: a NULL line with bytes to read is that line's error; the lines after it answered") {
  // mjk_parse_request and mjk_parse_ev_request write nothing for such a
  // line: the row was the line before's answer (code 0), or unset bytes.
  const std::string good = "123678m345p67s55s 8s";
  const std::vector<const char*> texts = {nullptr, good.data(), nullptr};
  const std::vector<std::size_t> lengths = {5, good.size(), 3};
  constexpr std::size_t n = 3;
  ScoreColumns c(n, 0xAB);
  const auto& [complete, fu, yakuman, codes, han, points, payments, yaku, columns] = c;
  mjk_request_info bad;
  std::size_t bad_row = 99;
  REQUIRE(mjk_score_lines(texts.data(), lengths.data(), n, nullptr, &columns, &bad, &bad_row) == MJK_OK);
  CHECK(codes == std::vector<std::uint8_t>{MJK_ERR_INVALID_ARGUMENT, MJK_OK, MJK_ERR_INVALID_ARGUMENT});
  CHECK(bad_row == 0);
  CHECK(std::string(bad.message) == "the line's text is NULL, with a length of 5 bytes");
  CHECK(complete == std::vector<std::uint8_t>{0, 1, 0});
  CHECK(points[2] == 0);

  const std::string ev = "3368m166789p578s7z";
  const std::vector<const char*> ev_texts = {ev.data(), nullptr};
  const std::vector<std::size_t> ev_lengths = {ev.size(), 7};
  std::vector<mjk_ev_row> rows(2);
  std::memset(rows.data(), 0xAB, rows.size() * sizeof rows[0]);  // a caller's unset memory
  REQUIRE(mjk_ev_lines(ev_texts.data(), ev_lengths.data(), 2, nullptr, nullptr, 1, nullptr, rows.data()) == MJK_OK);
  CHECK(rows[0].info.error == MJK_OK);
  CHECK(rows[1].info.error == MJK_ERR_INVALID_ARGUMENT);
  CHECK(std::string(rows[1].info.message) == "the line's text is NULL, with a length of 7 bytes");
  CHECK(rows[1].answer.count == 0);
}

TEST_CASE(
    "C ABI mjk_doors.h: mjk_ev_lines: the overrides laid over each line, answers as mjk_ev, a bad line its own error") {
  const std::vector<std::string> lines = {"3368m166789p578s7z", R"({"hand": "3368m166789p578s7z", "ev": {"turn": 3}})",
                                          "123m456p789s11222z", R"({"hand": "123m45x"})"};
  std::vector<const char*> texts;
  std::vector<std::size_t> lengths;
  for (const auto& l : lines) texts.push_back(l.data()), lengths.push_back(l.size());
  const std::uint8_t built[] = {0, 0, 0, 1};
  mjk_ev_overrides o{};
  o.given = MJK_EV_GIVEN_EXTRA;
  o.values.extra = 2;
  std::vector<mjk_ev_row> rows(lines.size());
  REQUIRE(mjk_ev_lines(texts.data(), lengths.data(), lines.size(), built, &o, 2, nullptr, rows.data()) == MJK_OK);
  for (std::size_t i = 0; i < 2; ++i) {
    REQUIRE(rows[i].info.error == MJK_OK);
    mjk_score_request r;
    mjk_ev_options options;
    mjk_ev_visible visible;
    mjk_request_info info;
    REQUIRE(mjk_parse_ev_request(texts[i], lengths[i], &r, &options, &visible, &info) == MJK_OK);
    options.extra = 2;
    static mjk_ev_answer direct;
    REQUIRE(mjk_ev(&r, &options, &visible, nullptr, &direct, &info) == MJK_OK);
    direct.search_us = rows[i].answer.search_us = 0;  // the searches' times, not their answers
    CHECK(std::memcmp(&direct, &rows[i].answer, sizeof direct) == 0);
  }
  CHECK(rows[2].info.error == MJK_ERR_COMPLETE_HAND);
  CHECK(std::string(rows[3].info.message) == "unknown character at position 6: in the field hand");
  char name[3];
  mjk_ev_discard_name(&rows[0].answer.discards[0], name);
  CHECK(std::string(name) == "1p");
  // Every kind by name, the red fives, and no name for what is no tile.
  for (int k = 0; k < MJK_KINDS; ++k) {
    mjk_ev_discard d{};
    d.has_discard = 1;
    d.discard = static_cast<std::uint8_t>(k);
    mjk_ev_discard_name(&d, name);
    CHECK(std::string(name) == std::string{static_cast<char>('1' + k % 9), "mpsz"[k / 9]});
  }
  for (const auto& [kind, red, expected] : {std::tuple{4, 1, "0m"},
                                            {13, 1, "0p"},
                                            {22, 1, "0s"},
                                            {3, 1, ""},
                                            {31, 1, ""},
                                            {34, 0, ""},
                                            {255, 0, ""},
                                            {255, 1, ""}}) {
    mjk_ev_discard d{};
    d.has_discard = 1;
    d.discard = static_cast<std::uint8_t>(kind);
    d.discard_red = static_cast<std::uint8_t>(red);
    std::strcpy(name, "??");
    mjk_ev_discard_name(&d, name);
    CHECK(std::string(name) == expected);
  }
  std::strcpy(name, "??");
  mjk_ev_discard_name(nullptr, name);
  CHECK(std::string(name).empty());
  mjk_ev_discard_name(&rows[0].answer.discards[0], nullptr);  // nothing to write into: nothing written

  mjk_cancel* cancel = mjk_cancel_new();
  mjk_cancel_request(cancel);
  REQUIRE(mjk_ev_lines(texts.data(), lengths.data(), 2, nullptr, nullptr, 1, cancel, rows.data()) == MJK_OK);
  CHECK(rows[0].info.error == MJK_ERR_CANCELLED);
  CHECK(rows[1].info.error == MJK_ERR_CANCELLED);
  mjk_cancel_free(cancel);
  // The options' table: mjk_ev_options' fields in order, as the request's "ev" keys.
  std::vector<std::string> options;
  for (std::size_t i = 0; const mjk_ev_option* e = mjk_ev_option_at(i); ++i) options.emplace_back(e->name);
  CHECK(options ==
        std::vector<std::string>{"hand_change", "shanten_back", "extra", "uradora", "red", "turn", "max_vertices"});
  CHECK(std::string(mjk_ev_option_at(0)->type) == "boolean");
  CHECK(std::string(mjk_ev_option_at(5)->type) == "integer");
  CHECK(mjk_ev_option_at(5)->max == 17);
  CHECK(std::string(mjk_ev_option_at(6)->type) == "count");
  CHECK(mjk_ev_option_at(6)->min == 1);
  CHECK(mjk_ev_option_at(6)->max == UINT64_MAX);
  CHECK(std::string(mjk_ev_option_at(6)->fallback) == "1000000");
  // Set by index: the option's bit and field, a byte's saturated (the search refuses 255), nothing past the last.
  mjk_ev_overrides set{};
  CHECK(mjk_ev_overrides_set(&set, 2, 3) == MJK_OK);
  CHECK(mjk_ev_overrides_set(&set, 5, 300) == MJK_OK);
  CHECK(mjk_ev_overrides_set(&set, 6, UINT64_MAX) == MJK_OK);
  CHECK(set.given == (MJK_EV_GIVEN_EXTRA | MJK_EV_GIVEN_TURN | MJK_EV_GIVEN_MAX_VERTICES));
  CHECK((set.values.extra == 3 && set.values.turn == 255 && set.values.max_vertices == UINT64_MAX));
  CHECK((set.values.hand_change == 0 && set.values.red == 0));
  CHECK(mjk_ev_overrides_set(&set, 7, 1) == MJK_ERR_INVALID_ARGUMENT);
  CHECK(mjk_ev_overrides_set(nullptr, 0, 1) == MJK_ERR_INVALID_ARGUMENT);
  CHECK(set.given == (MJK_EV_GIVEN_EXTRA | MJK_EV_GIVEN_TURN | MJK_EV_GIVEN_MAX_VERTICES));
  // The search refuses the saturated byte as its own range.
  set = {};
  mjk_ev_overrides_set(&set, 2, 1000);
  REQUIRE(mjk_ev_lines(texts.data(), lengths.data(), 1, nullptr, &set, 1, nullptr, rows.data()) == MJK_OK);
  CHECK(rows[0].info.error == MJK_ERR_EXTRA_OUT_OF_RANGE);
  CHECK(mjk_ev_threads(3, 0) >= 1);
  CHECK(mjk_ev_threads(3, 8) == 3);
  CHECK(mjk_ev_threads(0, 8) == 1);
}

TEST_CASE(
    "C ABI mjk_doors.h: mjk_review_column_at describes every column, mjk_review_columns_write_arrays fills them") {
  std::vector<std::string> names;
  std::size_t per_row = 0;
  for (std::size_t i = 0; const mjk_review_column* c = mjk_review_column_at(i); ++i) {
    names.emplace_back(c->name);
    const std::string d = c->dtype;
    per_row += c->width * (d == "uint16" ? 2 : d == "uint32" ? 4 : 1);
  }
  CHECK(names.size() == 21);
  CHECK(names.front() == "hand");
  CHECK(names.back() == "best");
  CHECK(per_row == 5 * 34 + 2 * 3 + 11 + 2 * 2 + 4);  // five rows of 34, two of 3, eleven bytes, round, turn, event
  // One row through both writers: the arrays in column order equal the struct's fields.
  mjk_review_row row{};
  row.hand[3] = 2;
  row.seat = 2;
  row.round = 7;
  row.event = 70000;
  row.reviewed = 1;
  row.shanten = -1;
  row.best[5] = 1;
  std::vector<std::vector<std::uint8_t>> arrays;
  std::vector<void*> pointers;
  for (std::size_t i = 0; const mjk_review_column* c = mjk_review_column_at(i); ++i) {
    const std::string d = c->dtype;
    arrays.emplace_back(c->width * (d == "uint16" ? 2 : d == "uint32" ? 4 : 1), 0xee);
    pointers.push_back(arrays.back().data());
  }
  REQUIRE(mjk_review_columns_write_arrays(&row, 1, pointers.data()) == MJK_OK);
  const auto at = [&](const char* name) {
    for (std::size_t i = 0; i < names.size(); ++i)
      if (names[i] == name) return arrays[i];
    FAIL("no column " << name);
    return std::vector<std::uint8_t>{};
  };
  CHECK(at("hand")[3] == 2);
  CHECK(at("seat")[0] == 2);
  std::uint16_t round = 0;
  std::memcpy(&round, at("round").data(), 2);
  CHECK(round == 7);
  std::uint32_t event = 0;
  std::memcpy(&event, at("event").data(), 4);
  CHECK(event == 70000);
  CHECK(static_cast<std::int8_t>(at("shanten")[0]) == -1);
  CHECK(at("best")[5] == 1);
  CHECK(at("best")[4] == 0);
  CHECK(mjk_review_columns_write_arrays(&row, 1, nullptr) == MJK_ERR_INVALID_ARGUMENT);
}

TEST_CASE("C ABI mjk_doors.h: tile names, one name read and counts as mpsz text, as mjk_parse reads them") {
  const char* why = nullptr;
  std::vector<std::string> names;
  for (int k = 0; k < MJK_KINDS; ++k) {
    char buf[3] = "??";
    REQUIRE(mjk_tile_name(k, buf, &why) == MJK_OK);
    names.emplace_back(buf);
    CHECK(mjk_tile_kind(buf, 2, &why) == k);
    mjk_parsed p;  // the name is the one tile mjk_parse reads
    REQUIRE(mjk_parse(buf, &p) == MJK_OK);
    CHECK(p.counts[k] == 1);
  }
  CHECK(names.front() == "1m");
  CHECK(names[9] == "1p");
  CHECK(names[30] == "4z");
  CHECK(names.back() == "7z");
  for (const long long bad : {-1LL, 34LL, 1LL << 40}) {
    char buf[3] = "??";
    why = nullptr;
    CHECK(mjk_tile_name(bad, buf, &why) == MJK_ERR_INVALID_ARGUMENT);
    CHECK(std::string(buf).empty());
    CHECK(std::string(why) == "must be 0..33");
  }
  CHECK(mjk_tile_kind("0m", 2, nullptr) == 4);
  CHECK(mjk_tile_kind("0p", 2, nullptr) == 13);
  CHECK(mjk_tile_kind("0s", 2, nullptr) == 22);
  for (const char* bad : {"0z", "8z", "9z"}) {
    CHECK(mjk_tile_kind(bad, 2, &why) == -1);
    CHECK(std::string(why) == "is not a tile (honours are 1z..7z)");
  }
  for (const std::string& bad : std::vector<std::string>{"1x", "11m", "", "5M", "m5", std::string("5\0", 2)}) {
    why = nullptr;
    CHECK(mjk_tile_kind(bad.data(), bad.size(), &why) == -1);
    CHECK(std::string(why) == "is not a tile name (a digit and m, p, s or z: \"5m\", \"0p\", \"7z\")");
  }
  CHECK(mjk_tile_kind(nullptr, 0, nullptr) == -1);

  for (const std::string text : {"119m19p19s1234567z", "1112345678999m", "123m456p789s11z", "77z"}) {
    mjk_parsed p;
    REQUIRE(mjk_parse(text.c_str(), &p) == MJK_OK);
    char buf[MJK_MPSZ_CAP];
    REQUIRE(mjk_counts_mpsz(p.counts, buf, nullptr) == MJK_OK);
    CHECK(std::string(buf) == text);
  }
  mjk_parsed p;  // red fives are counts like any other: the text has none
  REQUIRE(mjk_parse("0m55p19s1234567z1m", &p) == MJK_OK);
  char buf[MJK_MPSZ_CAP];
  REQUIRE(mjk_counts_mpsz(p.counts, buf, nullptr) == MJK_OK);
  CHECK(std::string(buf) == "15m55p19s1234567z");
  std::array<std::uint8_t, MJK_KINDS> counts{};
  REQUIRE(mjk_counts_mpsz(counts.data(), buf, nullptr) == MJK_OK);
  CHECK(std::string(buf).empty());
  counts.fill(4);  // every copy of every kind: the longest text, which MJK_MPSZ_CAP holds
  REQUIRE(mjk_counts_mpsz(counts.data(), buf, nullptr) == MJK_OK);
  CHECK(std::strlen(buf) + 1 == MJK_MPSZ_CAP);
  CHECK(std::string(buf, 37) == "111122223333444455556666777788889999m");
  counts.fill(0);
  counts[5] = 5;
  counts[30] = 9;
  std::size_t bad_kind = 99;
  CHECK(mjk_counts_mpsz(counts.data(), buf, &bad_kind) == MJK_ERR_FIFTH_COPY);
  CHECK(bad_kind == 5);
  CHECK(std::string(buf).empty());
  CHECK(mjk_counts_mpsz(nullptr, buf, nullptr) == MJK_ERR_INVALID_ARGUMENT);
  CHECK(mjk_counts_mpsz(counts.data(), nullptr, nullptr) == MJK_ERR_INVALID_ARGUMENT);
}

#if defined(__linux__)
TEST_CASE("C ABI mjk_doors.h: mjk_ev_threads(n, 0) is one thread per core the process may run on") {
  // This thread's affinity narrowed to one core: the cores it may run on, not the machine's.
  cpu_set_t before, one;
  REQUIRE(sched_getaffinity(0, sizeof before, &before) == 0);
  int first = 0;
  while (!CPU_ISSET(first, &before)) ++first;
  CPU_ZERO(&one);
  CPU_SET(first, &one);
  REQUIRE(sched_setaffinity(0, sizeof one, &one) == 0);
  const unsigned narrowed = mjk_ev_threads(64, 0);
  REQUIRE(sched_setaffinity(0, sizeof before, &before) == 0);
  CHECK(narrowed == 1);
  CHECK(mjk_ev_threads(1024, 0) == static_cast<unsigned>(CPU_COUNT(&before)));
  CHECK(mjk_ev_threads(1, 0) == 1);
  CHECK(mjk_ev_threads(0, 0) == 1);
  CHECK(mjk_ev_threads(8, 3) == 3);
  CHECK(mjk_ev_threads(2, 3) == 2);
}
#endif
