// mjk_ev_lines: many expected-value request lines searched over threads, the
// caller's options laid over each line's own, with workspaces kept between
// calls; written once for the Python package and the Node addon (which stop
// it with a cancel flag: Ctrl-C, an AbortSignal, a worker's end).
#include <algorithm>
#include <array>
#include <atomic>
#include <cstring>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

#if defined(__linux__)
#include <sched.h>
#endif

#include "mjk.h"
#include "mjk/request_schema.hpp"

namespace {

// The cores this thread may run on (its affinity, as taskset and cgroup
// cpusets narrow it), else the machine's: more threads than that only take
// turns.
unsigned cores_to_run_on() {
#if defined(__linux__)
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0) return static_cast<unsigned>(CPU_COUNT(&set));
#endif
  return std::max(1u, std::thread::hardware_concurrency());
}

// Workspaces kept between calls (a searching thread takes one and gives it
// back), so a loop of small batches does not build its tables again each
// time; one that grew past MJK_EV_KEPT_WORKSPACE_BYTES (a large search) is
// trimmed to its group rows.
class Workspaces {
 public:
  static Workspaces& shared() {
    static Workspaces& pool = *new Workspaces;  // never destroyed: threads may outlive static destruction
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
    mjk_ev_workspace_trim(w, MJK_EV_KEPT_WORKSPACE_BYTES);
    std::lock_guard<std::mutex> lock(m_);
    if (free_.size() >= 64) return mjk_ev_workspace_free(w);
    free_.push_back(w);
  }

 private:
  std::mutex m_;
  std::vector<mjk_ev_workspace*> free_;
};

void apply(const mjk_ev_overrides& given, mjk_ev_options& o) noexcept {
  const mjk_ev_options& v = given.values;
  if (given.given & MJK_EV_GIVEN_HAND_CHANGE) o.hand_change = v.hand_change;
  if (given.given & MJK_EV_GIVEN_SHANTEN_BACK) o.shanten_back = v.shanten_back;
  if (given.given & MJK_EV_GIVEN_EXTRA) o.extra = v.extra;
  if (given.given & MJK_EV_GIVEN_URADORA) o.uradora = v.uradora;
  if (given.given & MJK_EV_GIVEN_RED) o.red = v.red;
  if (given.given & MJK_EV_GIVEN_TURN) o.turn = v.turn;
  if (given.given & MJK_EV_GIVEN_MAX_VERTICES) o.max_vertices = v.max_vertices;
}

// One line parsed and searched into out (MJK_ERR_CANCELLED once cancel is requested).
void ev_line(const char* text, std::size_t length, bool built, const mjk_ev_overrides* overrides, mjk_ev_workspace* ws,
             const mjk_cancel* cancel, mjk_ev_row& out) {
  mjk_score_request request;
  mjk_ev_options options;
  mjk_ev_visible visible;
  if (mjk_parse_ev_request(text, length, &request, &options, &visible, &out.info) != MJK_OK) {
    if (built) mjk_request_error_in_field(text, length, &out.info);
    out.answer = mjk_ev_answer{};
    return;
  }
  if (overrides) apply(*overrides, options);
  mjk_ev_cancellable(&request, &options, &visible, ws, cancel, &out.answer, &out.info);
}

void cancelled(mjk_ev_row& out) {
  out.answer = mjk_ev_answer{};
  out.info = mjk_request_info{};
  out.info.error = MJK_ERR_CANCELLED;
  std::strncpy(out.info.message, mjk_error_message(MJK_ERR_CANCELLED), sizeof out.info.message - 1);
}

// io's ev_fields as C structs (their string literals end in NUL).
const auto options = [] {
  std::array<mjk_ev_option, mjk::ev_fields.size()> t{};
  for (std::size_t i = 0; i < t.size(); ++i) {
    const mjk::NestedField& f = mjk::ev_fields[i];
    const char* type = f.type == mjk::FieldType::boolean ? "boolean"
                       : f.type == mjk::FieldType::count ? "count"
                                                         : "integer";
    t[i] = {f.name.data(), type, f.min, f.max, f.fallback.data()};
  }
  return t;
}();

}  // namespace

extern "C" {

const mjk_ev_option* mjk_ev_option_at(size_t i) { return i < options.size() ? &options[i] : nullptr; }

int mjk_ev_overrides_set(mjk_ev_overrides* overrides, size_t i, uint64_t value) {
  static_assert(mjk::ev_fields.size() == 7, "mjk_ev_overrides_set names every field of mjk_ev_options");
  if (!overrides || i >= options.size()) return MJK_ERR_INVALID_ARGUMENT;
  mjk_ev_options& v = overrides->values;
  uint8_t* const bytes[] = {&v.hand_change, &v.shanten_back, &v.extra, &v.uradora, &v.red, &v.turn};
  if (i < std::size(bytes)) *bytes[i] = static_cast<uint8_t>(std::min<uint64_t>(value, UINT8_MAX));
  else v.max_vertices = value;
  overrides->given |= 1u << i;
  return MJK_OK;
}

unsigned mjk_ev_threads(size_t n, unsigned threads) {
  if (threads == 0) threads = cores_to_run_on();
  return static_cast<unsigned>(std::min<std::size_t>(threads, std::max<std::size_t>(n, 1)));
}

int mjk_ev_lines(const char* const* texts, const size_t* lengths, size_t n, const uint8_t* built,
                 const mjk_ev_overrides* overrides, unsigned threads, const mjk_cancel* cancel, mjk_ev_row* out) {
  if (n && (!texts || !lengths || !out)) return MJK_ERR_INVALID_ARGUMENT;
  threads = mjk_ev_threads(n, threads);
  std::atomic<std::size_t> next{0};
  // Searches differ in cost a thousandfold: each thread takes the next line when done.
  const auto work = [&] {
    mjk_ev_workspace* ws = Workspaces::shared().take();
    for (std::size_t i; (i = next.fetch_add(1, std::memory_order_relaxed)) < n;) {
      if (mjk_cancel_requested(cancel)) cancelled(out[i]);
      else ev_line(texts[i], lengths[i], built && built[i], overrides, ws, cancel, out[i]);
    }
    Workspaces::shared().give_back(ws);
  };
  std::vector<std::thread> pool;
  try {
    pool.reserve(threads - 1);
    for (unsigned t = 1; t < threads; ++t) pool.emplace_back(work);
  } catch (const std::exception&) {  // no more threads to be had: those started share the lines
  }
  work();
  for (auto& t : pool) t.join();
  return MJK_OK;
}


void mjk_ev_discard_name(const mjk_ev_discard* d, char buf[3]) {
  if (!buf) return;
  buf[0] = '\0';
  // No such tile: a kind past 7z, a red flag on a kind that is not a five.
  if (!d || d->discard >= MJK_KINDS || (d->discard_red && (d->discard >= 27 || d->discard % 9 != 4))) return;
  buf[0] = d->discard_red ? '0' : static_cast<char>('1' + d->discard % 9);
  buf[1] = "mpsz"[d->discard / 9];
  buf[2] = '\0';
}

}  // extern "C"
