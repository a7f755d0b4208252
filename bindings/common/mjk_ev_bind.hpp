// What the Python package and the Node addon share for the expected value
// (EV.md): the library's many-line search (mjk_ev_lines, mjk_doors.h: each
// line read by mjk_parse_ev_request, the caller's options laid over its own
// "ev" object, the searches spread over threads with workspaces kept between
// calls), and a cancel flag owned by the binding. No search happens here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <new>
#include <string_view>

#include "mjk.h"
#include "mjk_bind.hpp"

namespace mjk::bind {

// Options given as arguments: bit i of `given` (MJK_EV_GIVEN_*) for each
// one, which then replaces the line's own value.
using EvOverrides = mjk_ev_overrides;
// One line's answer: info.error MJK_OK, or why (info.message the sentence; answer zero).
using EvRow = mjk_ev_row;

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

// Rows [0, n) (line(i) -> std::string_view) into out[0..n) by mjk_ev_lines
// on `threads` threads; once `cancel` (NULL: never) is requested the rows
// not answered get MJK_ERR_CANCELLED. built: one byte per line (NULL: none),
// 1 where the binding wrote the line from its caller's fields.
template <class Line>
void ev_lines(std::size_t n, Line line, const EvOverrides& overrides, unsigned threads, EvRow* out,
              const mjk_cancel* cancel = nullptr, const std::uint8_t* built = nullptr) {
  const LinePointers p = line_pointers(n, line);
  mjk_ev_lines(p.texts.data(), p.lengths.data(), n, built, &overrides, threads, cancel, out);
}

}  // namespace mjk::bind
