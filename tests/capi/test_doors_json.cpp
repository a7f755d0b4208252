// mjk_doors_json, mjk_score_column_at, mjk_score_lines_arrays (mjk_doors.h):
// the tables a door makes its functions from, checked against the C tables
// and calls they describe.
#include <doctest/doctest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "mjk.h"
#include "mjk/json.hpp"

namespace {

mjk::json::Value doors() {
  const char* text = mjk_doors_json();
  REQUIRE(text != nullptr);
  CHECK(text == mjk_doors_json());  // one static text
  mjk::json::Value v;
  mjk::json::ParseError error;
  INFO(std::string(text));
  INFO(error.what, " at ", error.offset);
  REQUIRE(mjk::json::parse(text, v, error));
  return v;
}

const mjk::json::Value& at(const mjk::json::Value& v, const char* key) {
  const mjk::json::Value* x = v.find(key);
  REQUIRE(x != nullptr);
  return *x;
}

}  // namespace

TEST_CASE("mjk_doors_json: every batch operation, ev option and yaku of the C tables, in their order") {
  const mjk::json::Value d = doors();
  const auto& ops = at(d, "operations").items;
  std::size_t i = 0;
  for (; const mjk_batch_op* op = mjk_batch_op_at(i); ++i) {
    REQUIRE(i < ops.size());
    CHECK(at(ops[i], "name").string == op->name);
    CHECK(at(ops[i], "question").string == op->question);
    CHECK(at(ops[i], "reads_visible").boolean == (op->reads_visible != 0));
    CHECK(at(ops[i], "reads_winning").boolean == (op->reads_winning != 0));
    const auto& outs = at(ops[i], "outputs").items;
    REQUIRE(outs.size() == op->output_count);
    for (std::size_t k = 0; k < outs.size(); ++k) {
      CHECK(at(outs[k], "name").string == op->outputs[k].name);
      CHECK(at(outs[k], "dtype").string == op->outputs[k].dtype);
      const auto& shape = at(outs[k], "shape").items;
      REQUIRE(shape.size() == op->outputs[k].dims);
      for (std::size_t j = 0; j < shape.size(); ++j) CHECK(shape[j].as_int() == op->outputs[k].shape[j]);
    }
  }
  CHECK(ops.size() == i);
  const auto& ev = at(d, "ev_options").items;
  for (i = 0; const mjk_ev_option* o = mjk_ev_option_at(i); ++i) {
    REQUIRE(i < ev.size());
    CHECK(at(ev[i], "name").string == o->name);
    CHECK(at(ev[i], "type").string == o->type);
    CHECK(at(ev[i], "minimum").number == static_cast<double>(o->min));
    CHECK(at(ev[i], "maximum").number == static_cast<double>(o->max));
  }
  CHECK(ev.size() == i);
  CHECK(at(at(ev[0], "name").string == "hand_change" ? ev[0] : ev[1], "default").type == mjk::json::Type::boolean);
  const auto& yaku = at(d, "yaku").items;
  REQUIRE(yaku.size() == static_cast<std::size_t>(MJK_YAKU_COUNT));
  for (int y = 0; y < MJK_YAKU_COUNT; ++y) CHECK(yaku[static_cast<std::size_t>(y)].string == mjk_yaku_name(y));
  CHECK(at(d, "max_record_bytes").number == static_cast<double>(MJK_DEFAULT_MAX_RECORD_BYTES));
  CHECK(at(d, "ev_max_vertices").number == static_cast<double>(MJK_EV_DEFAULT_MAX_VERTICES));
  const auto& review = at(d, "review_columns").items;
  for (i = 0; const mjk_review_column* c = mjk_review_column_at(i); ++i) {
    REQUIRE(i < review.size());
    CHECK(at(review[i], "name").string == c->name);
    CHECK(at(review[i], "width").as_int() == c->width);
  }
  CHECK(review.size() == i);
  CHECK(at(d, "score_columns").items.size() == 8);
  CHECK(at(d, "ev_columns").items.size() == 6);
}

TEST_CASE("mjk_score_lines_arrays: mjk_score_lines' columns, allocated by mjk_score_column_at's table") {
  const std::vector<std::string> lines = {"123678m345p67s55s 8s", "123678m345p67s55s", R"({"hand":"12x"})",
                                          R"({"hand":"678m345p67s55s","melds":["chi 234m"],"win":"8s","riichi":1})"};
  std::vector<const char*> texts;
  std::vector<std::size_t> lengths;
  for (const std::string& l : lines) texts.push_back(l.c_str()), lengths.push_back(l.size());
  const std::size_t n = lines.size();
  // The old way: mjk_score_columns by hand.
  std::vector<std::uint8_t> complete(n), fu(n), yakuman(n), codes(n);
  std::vector<std::int8_t> han(n);
  std::vector<std::int32_t> points(n), payments(4 * n);
  std::vector<std::uint64_t> yaku(n);
  const mjk_score_columns want{complete.data(), han.data(),      fu.data(),   yakuman.data(),
                               points.data(),   payments.data(), yaku.data(), codes.data()};
  mjk_request_info want_bad;
  std::size_t want_row = 99;
  REQUIRE(mjk_score_lines(texts.data(), lengths.data(), n, nullptr, &want, &want_bad, &want_row) == MJK_OK);
  // The new: one buffer per column of the table, of its dtype's size.
  const std::vector<std::string> names = {"complete", "han", "fu", "yakuman", "points", "payments", "yaku", "codes"};
  std::vector<std::vector<std::uint64_t>> storage;
  std::vector<void*> arrays;
  std::size_t i = 0;
  for (; const mjk_review_column* c = mjk_score_column_at(i); ++i) {
    REQUIRE(i < names.size());
    CHECK(c->name == names[i]);
    storage.emplace_back(n * c->width + 1, ~std::uint64_t{0});
    arrays.push_back(storage.back().data());
  }
  REQUIRE(i == names.size());
  mjk_request_info bad;
  std::size_t row = 99;
  REQUIRE(mjk_score_lines_arrays(texts.data(), lengths.data(), n, nullptr, arrays.data(), &bad, &row) == MJK_OK);
  CHECK(std::memcmp(arrays[0], complete.data(), n) == 0);
  CHECK(std::memcmp(arrays[1], han.data(), n) == 0);
  CHECK(std::memcmp(arrays[4], points.data(), 4 * n) == 0);
  CHECK(std::memcmp(arrays[5], payments.data(), 16 * n) == 0);
  CHECK(std::memcmp(arrays[6], yaku.data(), 8 * n) == 0);
  CHECK(std::memcmp(arrays[7], codes.data(), n) == 0);
  CHECK(codes[1] == MJK_ERR_BAD_WINNING_TILE);
  CHECK(bad.error == want_bad.error);
  CHECK(row == want_row);
  CHECK(row == 1);
  CHECK(mjk_score_lines_arrays(texts.data(), lengths.data(), n, nullptr, nullptr, &bad, &row) ==
        MJK_ERR_INVALID_ARGUMENT);
}

TEST_CASE("mjk_ev_answer_write_arrays: each discard's row of every column, as the answer holds it") {
  const std::string line = "3368m166789p578s7z";
  const char* text = line.c_str();
  const std::size_t length = line.size();
  mjk_ev_row row;
  REQUIRE(mjk_ev_lines(&text, &length, 1, nullptr, nullptr, 1, nullptr, &row) == MJK_OK);
  REQUIRE(row.info.error == MJK_OK);
  const mjk_ev_answer& a = row.answer;
  REQUIRE(a.count > 1);
  std::vector<std::vector<double>> storage;  // room for any dtype's elements
  std::vector<void*> arrays;
  std::vector<std::size_t> widths;
  for (std::size_t i = 0; const mjk_review_column* c = mjk_ev_column_at(i); ++i) {
    storage.emplace_back(a.count * c->width + 1, -7.0);
    arrays.push_back(storage.back().data());
    widths.push_back(c->width);
  }
  REQUIRE(arrays.size() == 6);
  CHECK(widths == std::vector<std::size_t>{1, MJK_KINDS, MJK_KINDS, MJK_EV_TURNS, MJK_EV_TURNS, MJK_EV_TURNS});
  REQUIRE(mjk_ev_answer_write_arrays(&a, arrays.data()) == MJK_OK);
  for (std::size_t i = 0; i < a.count; ++i) {
    const mjk_ev_discard& x = a.discards[i];
    CHECK(static_cast<const std::int8_t*>(arrays[0])[i] == x.shanten);
    for (std::size_t k = 0; k < MJK_KINDS; ++k) {
      const bool necessary = (x.necessary >> k & 1) != 0;
      CHECK(static_cast<const std::uint8_t*>(arrays[1])[i * MJK_KINDS + k] == necessary);
      CHECK(static_cast<const std::uint8_t*>(arrays[2])[i * MJK_KINDS + k] == (necessary ? a.wall_counts[k] : 0));
    }
    for (std::size_t t = 0; t < MJK_EV_TURNS; ++t) {
      CHECK(static_cast<const double*>(arrays[3])[i * MJK_EV_TURNS + t] == x.tenpai[t]);
      CHECK(static_cast<const double*>(arrays[4])[i * MJK_EV_TURNS + t] == x.win[t]);
      CHECK(static_cast<const double*>(arrays[5])[i * MJK_EV_TURNS + t] == x.score[t]);
    }
  }
  CHECK(static_cast<const double*>(arrays[5])[a.count * MJK_EV_TURNS] == -7.0);  // nothing past count rows
  std::vector<void*> none(arrays.size(), nullptr);  // every column left out: nothing written, no failure
  CHECK(mjk_ev_answer_write_arrays(&a, none.data()) == MJK_OK);
  CHECK(mjk_ev_answer_write_arrays(nullptr, arrays.data()) == MJK_ERR_INVALID_ARGUMENT);
  CHECK(mjk_ev_answer_write_arrays(&a, nullptr) == MJK_ERR_INVALID_ARGUMENT);
}
