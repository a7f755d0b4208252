// What the Python package and the Node addon share: the glue of their
// buffers to the C ABI. The batch operations (mjk_batch_*), the scoring of
// many lines (mjk_score_lines, mjk_score_line_json), each winning tile
// (mjk_score_each_win_json) and the analysis line are the library's
// (mjk_doors.h, mjk.h); here only the loops that grow a std::string to
// what a call says it needs.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "mjk.h"

namespace mjk::bind {

inline constexpr std::size_t row = MJK_KINDS;  // 34 counts per hand

// Why text does not parse, as the CLI says it ("" if it parses).
inline std::string parse_message(const std::string& text) {
  char buf[MJK_MAX_MESSAGE];
  mjk_parse_message(text.data(), text.size(), buf, sizeof buf);
  return buf;
}

// A call writing text into (buf, cap, &needed), into out: called again with
// the room it asked for (the work is then done again), out without the NUL.
// `first` is the room of the first call; returns the call's code.
template <class Call>
int grown(std::string& out, std::size_t first, Call call) {
  std::size_t needed = 0;
  if (out.size() < first) out.resize(first);
  int e = call(out.data(), out.size(), &needed);
  if (e == MJK_ERR_OUTPUT_TOO_SMALL) {
    out.resize(needed);
    e = call(out.data(), out.size(), &needed);
  }
  out.resize(e == MJK_OK && needed > 0 ? needed - 1 : 0);
  return e;
}

// The line `mjk --json TEXT` prints (without the newline) and, in `info`,
// the line's own error (MJK_OK when the hand was answered); any bytes (a NUL
// is an unknown character, as for the CLI and parse). Returns MJK_OK, or the
// error of the call (players, cancelled...).
inline int analyse_json(std::string_view text, int players, const std::uint8_t* visible34, std::string& out,
                        mjk_request_info& info, const mjk_cancel* cancel = nullptr) {
  // Room for nearly every answer at once (a 14-tile hand's advice, discards
  // and score take 1-3 KiB): a second call analyses the hand again.
  int e = grown(out, 8192, [&](char* buf, std::size_t cap, std::size_t* needed) {
    const int r = mjk_analyse_json_info(text.data(), text.size(), players, visible34, cancel, buf, cap, needed, &info);
    return r == MJK_ERR_OUTPUT_TOO_SMALL && mjk_cancel_requested(cancel) ? MJK_ERR_CANCELLED : r;
  });
  if (mjk_cancel_requested(cancel)) e = MJK_ERR_CANCELLED, out.clear();
  return e;
}

// n lines (line(i) -> std::string_view) as the C ABI's arrays of pointers and lengths.
struct LinePointers {
  std::vector<const char*> texts;
  std::vector<std::size_t> lengths;
};
template <class Line>
LinePointers line_pointers(std::size_t n, Line line) {
  LinePointers p{std::vector<const char*>(n), std::vector<std::size_t>(n)};
  for (std::size_t i = 0; i < n; ++i) {
    const std::string_view s = line(i);
    p.texts[i] = s.data();
    p.lengths[i] = s.size();
  }
  return p;
}

// A rejected line: its row, code and sentence.
struct BadLine {
  std::size_t row;
  int code;
  std::string message;
};

// Scores n lines into the JSON text of one array holding each line's "score"
// object (null for a rejected line, listed in `bad`, or a hand not complete):
// the binding parses the whole array at once, which its JSON reader does
// faster than a native loop builds the objects. MJK_OK or the library's error.
template <class Line>
int score_many_json(std::size_t n, Line line, std::string& answers, std::vector<BadLine>& bad,
                    const std::uint8_t* built = nullptr) {
  answers = "[";
  answers.reserve(n * 640 + 2);
  std::string one;
  mjk_request_info info;
  for (std::size_t i = 0; i < n; ++i) {
    const std::string_view text = line(i);
    const int e = grown(one, 4096, [&](char* buf, std::size_t cap, std::size_t* needed) {
      return mjk_score_line_json(text.data(), text.size(), built && built[i], buf, cap, needed, &info);
    });
    if (e != MJK_OK) return e;
    if (info.error != MJK_OK) bad.push_back({i, info.error, info.message});
    (answers += i ? "," : "") += one;
  }
  answers += ']';
  return MJK_OK;
}

// Every winning tile of a waiting hand's line (mjk_score_each_win_json):
// code and message the request's own error, json the object {tile: score},
// codes each tile's.
struct EachWin {
  std::uint8_t code = MJK_OK;
  std::string message, json;
  std::array<std::uint8_t, MJK_KINDS> codes{};
};
// built: the binding wrote the line from its caller's fields.
inline void score_each_win_line(std::string_view text, EachWin& out, bool built = false) {
  mjk_request_info info;
  const int e = grown(out.json, 16384, [&](char* buf, std::size_t cap, std::size_t* needed) {
    return mjk_score_each_win_json(text.data(), text.size(), built, buf, cap, needed, out.codes.data(), &info);
  });
  out.code = e != MJK_OK ? static_cast<std::uint8_t>(e) : info.error;
  out.message = e != MJK_OK ? mjk_error_message(e) : info.message;
}
// Its answers (code MJK_OK): the object's text, and the tiles that cannot be added with their codes.
inline int each_win_json(const EachWin& each, std::string& answers,
                         std::vector<std::pair<std::string, int>>& tile_errors) {
  answers = each.json;
  char name[3];
  for (std::size_t k = 0; k < MJK_KINDS; ++k)
    if (each.codes[k] != MJK_OK && mjk_tile_name(static_cast<long long>(k), name, nullptr) == MJK_OK)
      tile_errors.emplace_back(name, each.codes[k]);
  return MJK_OK;
}

}  // namespace mjk::bind
