// mjk_score_lines, mjk_score_line_json, mjk_score_each_win_json: request
// lines read (mjk_parse_request), scored (mjk_score, mjk_score_each_win_visible)
// and shaped as a door hands them over (columns, or `mjk --json`'s score
// objects), written once for the Python package and the Node addon.
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "mjk.h"

#include "c_convert.hpp"

namespace {

// The sentences of a line with nothing to score.
constexpr const char* no_win_message = "nothing to score: the request names no winning tile (\"win\")";
constexpr const char* each_win_message =
    "nothing to score: the request asks \"each_win\" (every winning tile of its hand): score_each_win (Node: "
    "scoreEachWin) answers it";

void say(mjk_request_info& info, int code, const char* message) {
  info.error = static_cast<std::uint8_t>(code);
  std::snprintf(info.message, sizeof info.message, "%s", message);
}

// One line parsed, its error placed in the caller's field when built.
void read_line(const char* text, std::size_t length, bool built, mjk_score_request& request, mjk_request_info& info,
               std::uint8_t* visible34 = nullptr) {
  if (mjk_parse_request(text, length, &request, visible34, &info) != MJK_OK && built)
    mjk_request_error_in_field(text, length, &info);
}

// A line scored: info.error MJK_OK and result, or the line's error (result zero).
void score_line(const char* text, std::size_t length, bool built, mjk_score_request& request, mjk_score_result& result,
                mjk_request_info& info) {
  result = mjk_score_result{};
  read_line(text, length, built, request, info);
  if (info.error == MJK_OK && !info.has_win)
    say(info, MJK_ERR_BAD_WINNING_TILE, info.each_win ? each_win_message : no_win_message);
  if (info.error != MJK_OK) return;
  std::uint8_t code = MJK_OK;
  mjk_score(&request, 1, &result, &code);
  if (code != MJK_OK) {  // e.g. a short hand written without its melds
    result = mjk_score_result{};
    say(info, code, mjk_error_message(code));
  }
}

// A scored request's "score" object appended to out (mjk_score_json).
int append_score_json(const mjk_score_request& request, const mjk_score_result& result, std::string& out) {
  const std::size_t at = out.size();
  for (std::size_t room = 1024;;) {
    out.resize(at + room);
    std::size_t needed = 0;
    const int e = mjk_score_json(&request, &result, out.data() + at, room, &needed);
    out.resize(e == MJK_OK ? at + needed - 1 : at);
    if (e != MJK_ERR_OUTPUT_TOO_SMALL) return e;
    room = needed;
  }
}

}  // namespace

extern "C" {

int mjk_score_lines(const char* const* texts, const size_t* lengths, size_t n, const uint8_t* built,
                    const mjk_score_columns* out, mjk_request_info* first_bad, size_t* first_bad_row) {
  if ((n && (!texts || !lengths)) || !out || !out->complete || !out->han || !out->fu || !out->yakuman || !out->points ||
      !out->payments || !out->yaku || !out->codes)
    return MJK_ERR_INVALID_ARGUMENT;
  if (first_bad) first_bad->error = MJK_OK;
  bool bad_seen = false;
  mjk_score_request request;
  mjk_score_result r;
  mjk_request_info info;
  for (std::size_t i = 0; i < n; ++i) {
    score_line(texts[i], lengths[i], built && built[i], request, r, info);
    out->complete[i] = r.complete;
    out->han[i] = static_cast<std::int8_t>(r.han);
    out->fu[i] = r.fu;
    out->yakuman[i] = r.yakuman;
    out->points[i] = r.points;
    for (std::size_t k = 0; k < 4; ++k) out->payments[4 * i + k] = r.payments[k];
    out->yaku[i] = r.yaku;
    out->codes[i] = info.error;
    if (info.error != MJK_OK && !bad_seen) {
      bad_seen = true;
      if (first_bad) *first_bad = info;
      if (first_bad_row) *first_bad_row = i;
    }
  }
  return MJK_OK;
}

int mjk_score_line_json(const char* text, size_t length, int built, char* buf, size_t cap, size_t* needed,
                        mjk_request_info* info) {
  if ((!text && length) || (!buf && cap) || !needed || !info) return MJK_ERR_INVALID_ARGUMENT;
  mjk_score_request request;
  mjk_score_result result;
  score_line(text, length, built != 0, request, result, *info);
  std::string out;
  if (info->error != MJK_OK) out = "null";
  else if (const int e = append_score_json(request, result, out); e != MJK_OK) return e;
  return mjk::capi::put_text(out, buf, cap, needed);
}

int mjk_score_each_win_json(const char* text, size_t length, int built, char* buf, size_t cap, size_t* needed,
                            uint8_t* codes, mjk_request_info* info) {
  if ((!text && length) || (!buf && cap) || !needed || !info) return MJK_ERR_INVALID_ARGUMENT;
  std::array<std::uint8_t, MJK_KINDS> visible{}, tile_codes{};
  std::array<mjk_score_result, MJK_KINDS> results{};
  mjk_score_request request;
  read_line(text, length, built != 0, request, *info, visible.data());
  if (info->error == MJK_OK && info->has_win)
    say(*info, MJK_ERR_BAD_WINNING_TILE,
        "the request names a winning tile (\"win\"): every winning tile is scored on the hand without it");
  if (info->error == MJK_OK) {
    const int e = mjk_score_each_win_visible(&request, info->any_visible ? visible.data() : nullptr, results.data(),
                                             tile_codes.data());
    if (e == MJK_ERR_WRONG_TILE_COUNT || e == MJK_ERR_WRONG_MELD_COUNT) {
      int tiles = 0;
      for (const std::uint8_t c : request.counts) tiles += c;
      std::snprintf(info->message, sizeof info->message,
                    "%s: a waiting hand holds 13 tiles less 3 per meld, without the winning tile (this one %d with %d "
                    "melds)",
                    mjk_error_message(e), tiles, request.meld_count);
      info->error = static_cast<std::uint8_t>(e);
    } else if (e != MJK_OK) {
      say(*info, e, mjk_error_message(e));
    }
  }
  if (codes) std::memcpy(codes, tile_codes.data(), MJK_KINDS);
  std::string out = "{";
  for (std::size_t k = 0; k < MJK_KINDS && info->error == MJK_OK; ++k) {
    if (tile_codes[k] != MJK_OK || !results[k].complete) continue;
    const char tile[] = {'"', "123456789"[k % 9], "mpsz"[k / 9], '"', ':', '\0'};
    out += (out.size() > 1 ? "," : "") + std::string(tile);
    mjk_score_request won = request;  // the request results[k] answers: k added and won
    ++won.counts[k];
    won.win = static_cast<std::uint8_t>(k);
    won.win_red = 0;
    if (const int e = append_score_json(won, results[k], out); e != MJK_OK) return e;
  }
  return mjk::capi::put_text(out + "}", buf, cap, needed);
}

}  // extern "C"
