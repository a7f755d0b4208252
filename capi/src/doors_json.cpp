// mjk_score_column_at, mjk_score_lines_arrays, mjk_ev_column_at,
// mjk_ev_answer_write_arrays, mjk_doors_json (mjk_doors.h):
// the tables a door makes its functions from, written once from the same
// tables the C calls describe, so a door lists no operation, option, yaku or
// column of its own.
#include <algorithm>
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

constexpr mjk_review_column ev_columns[] = {
    {"discard_shanten", "int8", 1},      {"necessary", "bool", MJK_KINDS}, {"necessary_counts", "uint8", MJK_KINDS},
    {"tenpai", "float64", MJK_EV_TURNS}, {"win", "float64", MJK_EV_TURNS}, {"score", "float64", MJK_EV_TURNS}};

template <class T>
T* array(void* const* arrays, std::size_t i) {
  return static_cast<T*>(arrays[i]);
}

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
  j.key("ev_columns");
  columns(j, mjk_ev_column_at);
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

const mjk_review_column* mjk_ev_column_at(size_t i) { return i < std::size(ev_columns) ? &ev_columns[i] : nullptr; }

int mjk_ev_answer_write_arrays(const mjk_ev_answer* answer, void* const* arrays) {
  if (!answer || !arrays) return MJK_ERR_INVALID_ARGUMENT;
  for (std::size_t i = 0; i < answer->count; ++i) {
    const mjk_ev_discard& x = answer->discards[i];
    if (arrays[0]) array<std::int8_t>(arrays, 0)[i] = x.shanten;
    for (std::size_t k = 0; k < MJK_KINDS; ++k) {
      const bool necessary = (x.necessary >> k & 1) != 0;
      if (arrays[1]) array<std::uint8_t>(arrays, 1)[i * MJK_KINDS + k] = necessary;
      if (arrays[2]) array<std::uint8_t>(arrays, 2)[i * MJK_KINDS + k] = necessary ? answer->wall_counts[k] : 0;
    }
    const double* rows[] = {x.tenpai, x.win, x.score};
    for (std::size_t c = 0; c < 3; ++c)
      if (arrays[3 + c]) std::copy_n(rows[c], MJK_EV_TURNS, array<double>(arrays, 3 + c) + i * MJK_EV_TURNS);
  }
  return MJK_OK;
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
