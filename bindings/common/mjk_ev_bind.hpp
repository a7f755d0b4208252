// What the Python package and the Node addon share for the expected value
// (EV.md): request lines read by mjk_parse_ev_request, options given as
// arguments laid over each line's own "ev" object, and the searches (mjk_ev)
// spread over threads, one workspace each, every row answered or given its
// own error. No search happens here: this is the C ABI's door.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <new>
#include <string_view>
#include <system_error>
#include <thread>
#include <vector>

#include "mjk.h"

namespace mjk::bind {

// Options given as arguments: bit i of `given` set for each one, which then
// replaces the line's own value (bits in mjk_ev_options' field order).
struct EvOverrides {
  enum : std::uint8_t {
    hand_change = 1,
    shanten_back = 2,
    extra = 4,
    uradora = 8,
    red = 16,
    turn = 32,
    max_vertices = 64
  };
  std::uint8_t given = 0;
  mjk_ev_options values{};

  void apply(mjk_ev_options& o) const noexcept {
    if (given & hand_change) o.hand_change = values.hand_change;
    if (given & shanten_back) o.shanten_back = values.shanten_back;
    if (given & extra) o.extra = values.extra;
    if (given & uradora) o.uradora = values.uradora;
    if (given & red) o.red = values.red;
    if (given & turn) o.turn = values.turn;
    if (given & max_vertices) o.max_vertices = values.max_vertices;
  }
};

// One line's answer: info.error MJK_OK, or why (info.message the sentence; answer zero).
struct EvRow {
  mjk_ev_answer answer;
  mjk_request_info info;
};

// Workspaces kept between calls (a searching thread takes one and gives it
// back), so a loop of small batches does not build its tables again each
// time; one that grew past `kept_bytes` (a large search) is freed instead.
class EvWorkspaces {
 public:
  static constexpr std::size_t kept_bytes = std::size_t{64} << 20;
  static EvWorkspaces& shared() {
    static EvWorkspaces& pool = *new EvWorkspaces;  // never destroyed: threads may outlive static destruction
    return pool;
  }
  mjk_ev_workspace* take() {
    {
      std::lock_guard<std::mutex> lock(m_);
      if (!free_.empty()) {
        mjk_ev_workspace* w = free_.back();
        free_.pop_back();
        return w;
      }
    }
    return mjk_ev_workspace_new();  // NULL when out of memory: mjk_ev then allocates its own
  }
  void give_back(mjk_ev_workspace* w) {
    if (!w) return;
    if (mjk_ev_workspace_bytes(w) > kept_bytes) {
      mjk_ev_workspace_free(w);
      return;
    }
    std::lock_guard<std::mutex> lock(m_);
    if (free_.size() < 64) free_.push_back(w);
    else mjk_ev_workspace_free(w);
  }

 private:
  std::mutex m_;
  std::vector<mjk_ev_workspace*> free_;
};

// A cancel flag (mjk.h's mjk_cancel) owned by whoever made it: a search
// that may be stopped from another thread (Python's Ctrl-C, Node's
// AbortSignal, a Node worker's end) reads it.
class Cancel {
 public:
  Cancel() : c_(mjk_cancel_new()) {
    if (!c_) throw std::bad_alloc();
  }
  ~Cancel() { mjk_cancel_free(c_); }
  Cancel(const Cancel&) = delete;
  Cancel& operator=(const Cancel&) = delete;
  void request() noexcept { mjk_cancel_request(c_); }
  [[nodiscard]] bool requested() const noexcept { return mjk_cancel_requested(c_) != 0; }
  [[nodiscard]] const mjk_cancel* get() const noexcept { return c_; }

 private:
  mjk_cancel* c_;
};

// The row of a line not searched because the batch was cancelled.
inline void cancelled_row(EvRow& out) {
  out.answer = mjk_ev_answer{};
  out.info = mjk_request_info{};
  out.info.error = MJK_ERR_CANCELLED;
  std::strncpy(out.info.message, mjk_error_message(MJK_ERR_CANCELLED), sizeof out.info.message - 1);
}

// One line parsed and searched into row (stopped with MJK_ERR_CANCELLED once
// `cancel` is requested; NULL: never).
// built: the binding wrote the line from its caller's fields (score_lines).
inline void ev_line(std::string_view line, const EvOverrides& overrides, mjk_ev_workspace* ws, const mjk_cancel* cancel,
                    EvRow& out, bool built = false) {
  mjk_score_request request;
  mjk_ev_options options;
  mjk_ev_visible visible;
  if (mjk_parse_ev_request(line.data(), line.size(), &request, &options, &visible, &out.info) != MJK_OK) {
    if (built) mjk_request_error_in_field(line.data(), line.size(), &out.info);
    out.answer = mjk_ev_answer{};
    return;
  }
  overrides.apply(options);
  mjk_ev_cancellable(&request, &options, &visible, ws, cancel, &out.answer, &out.info);
}

// How many threads a batch of n rows gets: `threads` (0: one per core the
// process may run on), never more than n.
inline unsigned ev_threads(std::size_t n, unsigned threads) {
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  return static_cast<unsigned>(std::min<std::size_t>(threads, std::max<std::size_t>(n, 1)));
}

// Rows [0, n) (line(i) -> std::string_view) into out[0..n), on `threads`
// threads (ev_threads) taking rows one at a time (searches differ in cost a
// thousandfold), each with a workspace of its own. line(i) is called from
// the searching threads: it must only read. Once `cancel` (NULL: never) is
// requested, the searches under way stop and the rows left are not
// searched: each of those rows gets MJK_ERR_CANCELLED. built: as for score_lines.
template <class Line>
void ev_lines(std::size_t n, Line line, const EvOverrides& overrides, unsigned threads, EvRow* out,
              const mjk_cancel* cancel = nullptr, const std::uint8_t* built = nullptr) {
  threads = ev_threads(n, threads);
  std::atomic<std::size_t> next{0};
  const auto work = [&] {
    mjk_ev_workspace* ws = EvWorkspaces::shared().take();
    for (std::size_t i; (i = next.fetch_add(1, std::memory_order_relaxed)) < n;) {
      if (mjk_cancel_requested(cancel)) cancelled_row(out[i]);
      else ev_line(line(i), overrides, ws, cancel, out[i], built && built[i]);
    }
    EvWorkspaces::shared().give_back(ws);
  };
  if (threads <= 1) {
    work();
    return;
  }
  std::vector<std::thread> pool;
  pool.reserve(threads - 1);
  try {
    for (unsigned t = 1; t < threads; ++t) pool.emplace_back(work);
  } catch (const std::system_error&) {  // no more threads to be had: those started share the rows
  }
  work();
  for (auto& t : pool) t.join();
}

// A discard's name as `mjk --json` writes it ("6s", "0s" for the red five).
inline std::string_view ev_discard_name(const mjk_ev_discard& d, char (&buf)[3]) {
  buf[0] = d.discard_red ? '0' : static_cast<char>('1' + d.discard % 9);
  buf[1] = "mpsz"[d.discard / 9 % 4];
  buf[2] = '\0';
  return {buf, 2};
}

}  // namespace mjk::bind
