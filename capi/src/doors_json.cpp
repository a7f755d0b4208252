// mjk_score_column_at, mjk_score_lines_arrays, mjk_doors_json (mjk_doors.h):
// the tables a door makes its functions from, written once from the same
// tables the C calls describe, so a door lists no operation, option, yaku or
// column of its own.
#include <cstddef>
#include <cstdint>
#include <new>
#include <string>
#include <string_view>

#include "mjk.h"
#include "mjk/json.hpp"

namespace {

constexpr mjk_review_column score_columns[] = {
    {"complete", "bool", 1}, {"han", "int8", 1},       {"fu", "uint8", 1},    {"yakuman", "uint8", 1},
    {"points", "int32", 1},  {"payments", "int32", 4}, {"yaku", "uint64", 1}, {"codes", "uint8", 1}};

void columns(mjk::JsonWriter& j, const mjk_review_column* (*at)(std::size_t)) {
  j.begin_array();
  for (std::size_t i = 0; const mjk_review_column* c = at(i); ++i)
    j.begin_object()
        .key("name")
        .string(c->name)
        .key("dtype")
        .string(c->dtype)
        .key("width")
        .number(c->width)
        .end_object();
  j.end_array();
}

void describe(mjk::JsonWriter& j) {
  j.begin_object().key("operations").begin_array();
  for (std::size_t i = 0; const mjk_batch_op* op = mjk_batch_op_at(i); ++i) {
    j.begin_object().key("name").string(op->name).key("question").string(op->question);
    j.key("reads_visible").boolean(op->reads_visible != 0).key("reads_winning").boolean(op->reads_winning != 0);
    j.key("outputs").begin_array();
    for (std::size_t k = 0; k < op->output_count; ++k) {
      const mjk_batch_output& o = op->outputs[k];
      j.begin_object().key("name").string(o.name).key("dtype").string(o.dtype).key("shape").begin_array();
      for (std::size_t d = 0; d < o.dims; ++d) j.number(o.shape[d]);
      j.end_array().end_object();
    }
    j.end_array().end_object();
  }
  j.end_array().key("ev_options").begin_array();
  for (std::size_t i = 0; const mjk_ev_option* o = mjk_ev_option_at(i); ++i) {
    j.begin_object().key("name").string(o->name).key("type").string(o->type);
    j.key("minimum").shortest(static_cast<double>(o->min)).key("maximum").shortest(static_cast<double>(o->max));
    const std::string_view fallback = o->fallback;  // JSON's true, false or a count
    if (fallback == "true" || fallback == "false") j.key("default").boolean(fallback == "true");
    else j.key("default").shortest(std::stod(std::string(fallback)));
    j.end_object();
  }
  j.end_array().key("yaku").begin_array();
  for (int y = 0; y < MJK_YAKU_COUNT; ++y) j.string(mjk_yaku_name(y));
  j.end_array().key("review_columns");
  columns(j, mjk_review_column_at);
  j.key("score_columns");
  columns(j, mjk_score_column_at);
  j.key("max_record_bytes").number(static_cast<long long>(MJK_DEFAULT_MAX_RECORD_BYTES));
  j.key("ev_max_vertices").number(static_cast<long long>(MJK_EV_DEFAULT_MAX_VERTICES)).end_object();
}

}  // namespace

extern "C" {

const mjk_review_column* mjk_score_column_at(size_t i) {
  return i < std::size(score_columns) ? &score_columns[i] : nullptr;
}

int mjk_score_lines_arrays(const char* const* texts, const size_t* lengths, size_t n, const uint8_t* built,
                           void* const* arrays, mjk_request_info* first_bad, size_t* first_bad_row) {
  if (!arrays) return MJK_ERR_INVALID_ARGUMENT;
  const mjk_score_columns columns{static_cast<std::uint8_t*>(arrays[0]),  static_cast<std::int8_t*>(arrays[1]),
                                  static_cast<std::uint8_t*>(arrays[2]),  static_cast<std::uint8_t*>(arrays[3]),
                                  static_cast<std::int32_t*>(arrays[4]),  static_cast<std::int32_t*>(arrays[5]),
                                  static_cast<std::uint64_t*>(arrays[6]), static_cast<std::uint8_t*>(arrays[7])};
  return mjk_score_lines(texts, lengths, n, built, &columns, first_bad, first_bad_row);
}

const char* mjk_doors_json(void) {
  static const std::string* text = []() -> const std::string* {  // thread-safe, once; never freed
    try {
      return new std::string(mjk::json_string(describe));
    } catch (const std::bad_alloc&) {
      return nullptr;
    }
  }();
  return text ? text->c_str() : nullptr;
}

}  // extern "C"
