// The C ABI's expected value (mjk.h, "the expected value of a hand"): the
// C structs to and from mjk::expected_value's, a workspace behind an opaque
// pointer, and a request line with its "ev" options read by io's parser.
// Nothing throws out of here: the search's std::bad_alloc is an error code.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <span>
#include <string_view>

#include "c_convert.hpp"
#include "mjk.h"
#include "mjk/ev.hpp"
#include "mjk/request.hpp"

struct mjk_ev_workspace {
  mjk::EvWorkspace ws;
};

// A cancel flag (mjk.h): what EvOptions::cancel points at.
struct mjk_cancel {
  std::atomic<bool> requested{false};
};

namespace mjk {
namespace {

static_assert(MJK_EV_TURNS == ev_turns && MJK_EV_DEFAULT_MAX_VERTICES == ev_default_max_vertices &&
              MJK_EV_KEPT_WORKSPACE_BYTES == ev_kept_workspace_bytes);
static_assert(sizeof(mjk_ev_answer::discards) / sizeof(mjk_ev_discard) ==
              std::tuple_size_v<decltype(EvAnswer::discards)>);
static_assert(sizeof(mjk_ev_visible::counts) == kind_count && sizeof(mjk_ev_answer::wall_counts) == kind_count);

// The C structs' layout is the ABI: it changes only with MJK_ABI_VERSION.
// (The options end in two pointers: 32 bytes on 64-bit targets, 24 in wasm32.)
static_assert(offsetof(mjk_ev_options, max_vertices) == 8 && offsetof(mjk_ev_options, progress) == 16 &&
              sizeof(mjk_ev_options) == 16 + 2 * sizeof(void*));
static_assert(sizeof(mjk_ev_visible) == 40 && offsetof(mjk_ev_visible, red) == 34);
static_assert(sizeof(mjk_ev_discard) == 16 + 3 * 8 * 19 && offsetof(mjk_ev_discard, necessary) == 8 &&
              offsetof(mjk_ev_discard, tenpai) == 16 && offsetof(mjk_ev_discard, score) == 16 + 2 * 8 * 19);
static_assert(sizeof(mjk_ev_stats) == 48);
static_assert(sizeof(mjk_ev_answer) == 6712 && offsetof(mjk_ev_answer, wall) == 4 &&
              offsetof(mjk_ev_answer, vertices) == 8 && offsetof(mjk_ev_answer, wall_counts) == 16 &&
              offsetof(mjk_ev_answer, search_us) == 52 && offsetof(mjk_ev_answer, discards) == 56 &&
              offsetof(mjk_ev_answer, stats) == 56 + 14 * 472);

EvOptions from_c(const mjk_ev_options& c, EvProgress& progress) noexcept {
  EvOptions o;
  o.hand_change = c.hand_change;
  o.shanten_back = c.shanten_back;
  o.extra = c.extra;  // the search refuses what is not 0..3 (extra_out_of_range)
  o.uradora = c.uradora;
  o.red = c.red;
  o.turn = c.turn;
  o.max_vertices = c.max_vertices;
  if (c.progress) {
    progress.report = c.progress;
    progress.user = c.progress_user;
    o.progress = &progress;
  }
  return o;
}

mjk_ev_options to_c(const EvOptions& o) noexcept {
  mjk_ev_options c{};
  c.hand_change = o.hand_change;
  c.shanten_back = o.shanten_back;
  c.extra = static_cast<std::uint8_t>(o.extra < 0 ? 255 : o.extra > 255 ? 255 : o.extra);
  c.uradora = o.uradora;
  c.red = o.red;
  c.turn = static_cast<std::uint8_t>(o.turn < 0 ? 255 : o.turn > 255 ? 255 : o.turn);
  c.max_vertices = o.max_vertices;
  return c;
}

void to_c(const EvAnswer& a, mjk_ev_answer& c) noexcept {
  c = {};
  c.shanten = a.shanten;
  c.count = a.count;
  c.wall = a.wall;
  c.vertices = a.vertices;
  std::memcpy(c.wall_counts, a.wall_counts.data(), kind_count);
  for (std::size_t i = 0; i < a.count && i < a.discards.size(); ++i) {
    const EvDiscard& d = a.discards[i];
    mjk_ev_discard& x = c.discards[i];
    x.has_discard = d.has_discard;
    x.discard = d.has_discard ? static_cast<std::uint8_t>(d.discard.kind()) : 0;
    x.discard_red = d.discard_red;
    x.shanten = d.shanten;
    x.necessary = d.necessary.bits();
    std::memcpy(x.tenpai, d.tenpai.data(), sizeof x.tenpai);
    std::memcpy(x.win, d.win.data(), sizeof x.win);
    std::memcpy(x.score, d.score.data(), sizeof x.score);
  }
  c.stats = {a.stats.draw_vertices, a.stats.discard_vertices, a.stats.edges,
             a.stats.wins,          a.stats.group_rows,       a.stats.peak_bytes};
  constexpr double most = 4294967295.0;  // UINT32_MAX
  c.search_us = a.stats.search_us >= most ? UINT32_MAX : static_cast<std::uint32_t>(a.stats.search_us);
}

void write_info(const HandError& e, mjk_request_info* info) noexcept {
  if (!info) return;
  *info = {};
  info->error = static_cast<std::uint8_t>(e.code);
  info->error_position = e.code == Error::none ? HandError::nowhere : e.position;
  info->message[e.code == Error::none ? 0 : e.write(std::span<char>(info->message, sizeof info->message - 1))] = '\0';
}

}  // namespace
}  // namespace mjk

extern "C" {

void mjk_ev_default_options(mjk_ev_options* options) {
  if (options) *options = mjk::to_c(mjk::EvOptions{});
}

mjk_ev_workspace* mjk_ev_workspace_new(void) {
  return new (std::nothrow) mjk_ev_workspace;  // EvWorkspace's constructor allocates its state
}

void mjk_ev_workspace_free(mjk_ev_workspace* workspace) { delete workspace; }

size_t mjk_ev_workspace_bytes(const mjk_ev_workspace* workspace) { return workspace ? workspace->ws.bytes() : 0; }

void mjk_ev_workspace_trim(mjk_ev_workspace* workspace, size_t keep) {
  if (workspace) workspace->ws.trim(keep);
}

mjk_cancel* mjk_cancel_new(void) { return new (std::nothrow) mjk_cancel; }

void mjk_cancel_request(mjk_cancel* cancel) {
  if (cancel) cancel->requested.store(true, std::memory_order_relaxed);
}

int mjk_cancel_requested(const mjk_cancel* cancel) {
  return cancel && cancel->requested.load(std::memory_order_relaxed) ? 1 : 0;
}

void mjk_cancel_free(mjk_cancel* cancel) { delete cancel; }

int mjk_ev(const mjk_score_request* request, const mjk_ev_options* options, const mjk_ev_visible* visible,
           mjk_ev_workspace* workspace, mjk_ev_answer* out, mjk_request_info* info) {
  return mjk_ev_cancellable(request, options, visible, workspace, nullptr, out, info);
}

int mjk_analyse_json_cancellable(const char* text, size_t length, int players, const uint8_t* visible34,
                                 const mjk_cancel* cancel, char* buf, size_t cap, size_t* needed) {
  return mjk::capi::analyse_json(text, length, players, visible34, cancel ? &cancel->requested : nullptr, buf, cap,
                                 needed);
}

int mjk_analyse_json_info(const char* text, size_t length, int players, const uint8_t* visible34,
                          const mjk_cancel* cancel, char* buf, size_t cap, size_t* needed, mjk_request_info* info) {
  mjk::HandError error;
  const int e = mjk::capi::analyse_json(text, length, players, visible34, cancel ? &cancel->requested : nullptr, buf,
                                        cap, needed, &error);
  mjk::write_info(
      e == MJK_OK ? error : mjk::HandError{static_cast<mjk::Error>(e), mjk::HandError::nowhere, std::nullopt, 0}, info);
  return e;
}

int mjk_ev_cancellable(const mjk_score_request* request, const mjk_ev_options* options, const mjk_ev_visible* visible,
                       mjk_ev_workspace* workspace, const mjk_cancel* cancel, mjk_ev_answer* out,
                       mjk_request_info* info) {
  using namespace mjk;
  if (!request || !out) {
    write_info({Error::invalid_argument, HandError::nowhere, std::nullopt, 0}, info);
    return MJK_ERR_INVALID_ARGUMENT;
  }
  const ScoreRequest r = capi::request_from_c(*request);
  EvProgress progress;
  EvOptions o = options ? from_c(*options, progress) : EvOptions{};
  if (cancel) o.cancel = &cancel->requested;
  EvVisible seen;
  if (visible) {
    std::memcpy(seen.counts.data(), visible->counts, kind_count);
    std::memcpy(seen.red.data(), visible->red, 3);
  }
  HandError error;
  try {
    const EvResult e = expected_value(r, o, seen, workspace ? &workspace->ws : nullptr);
    error = e.error;
    if (e.ok()) to_c(e.value, *out);
  } catch (const std::bad_alloc&) {
    error = {Error::out_of_memory, HandError::nowhere, std::nullopt, 0};
    error.detail = "a lower max_vertices stops the search before memory runs out";
    if (workspace) workspace->ws = EvWorkspace{};  // give back what the failed search held
  }
  if (error) *out = {};
  write_info(error, info);
  return static_cast<int>(error.code);
}

int mjk_parse_ev_request(const char* text, size_t length, mjk_score_request* out, mjk_ev_options* options,
                         mjk_ev_visible* visible, mjk_request_info* info) {
  using namespace mjk;
  if (!out || !options || !visible || !info) return MJK_ERR_INVALID_ARGUMENT;
  if (!text && length) {
    *out = {};
    mjk_default_rules(&out->rules);
    mjk_ev_default_options(options);
    *visible = {};
    return capi::null_text(length, info);
  }
  const auto parsed = parse_request(std::string_view(text ? text : "", length));
  HandError e = parsed.error;
  if (!e) e = check_request(parsed.value);
  if (!e && parsed.value.has_win) {
    e = {Error::bad_request, HandError::nowhere, std::nullopt, 0};
    e.detail = "an expected-value request has no win: the hand holds the tiles as they stand";
  }
  *visible = {};
  if (e) {
    *out = {};
    mjk_default_rules(&out->rules);
    mjk_ev_default_options(options);
    write_info(e, info);
    return info->error;
  }
  const ParsedRequest& p = parsed.value;
  *out = capi::request_to_c(p.request);
  *options = to_c(p.ev);
  std::memcpy(visible->counts, p.visible.data(), kind_count);
  std::memcpy(visible->red, p.red_seen.data(), 3);  // 2: a second red five of a suit, mjk_ev's impossible_wall
  write_info({}, info);
  info->any_visible = p.any_visible;
  return MJK_OK;
}

}  // extern "C"
