// The expected value (EV.md) in mjk's Python extension: request lines
// searched by the C ABI (mjk_parse_ev_request + mjk_ev) without the GIL,
// spread over threads with a workspace each (bindings/common/mjk_ev_bind.hpp),
// each answer made into the dict mjk.ev returns; Ctrl-C stops the searches.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <array>
#include <chrono>
#include <cstring>
#include <future>
#include <string>
#include <system_error>
#include <tuple>
#include <vector>

#include "mjk_ev_bind.hpp"

namespace py = pybind11;

py::array column_array(const mjk_review_column& c, std::size_t n);  // _native.cpp

namespace {

// Strs made once and kept (never freed: a static Python object's destructor
// would run after the interpreter has finalised): made per answer, the keys
// and names took a fifth of a fast search's call.
const std::vector<py::object>& strs(const std::vector<const char*>& texts) {
  auto& out = *new std::vector<py::object>;
  for (const char* t : texts) out.emplace_back(py::str(t));
  return out;
}

// Each discard's name by kind (mjk_ev_discard_name), then the red fives 0m 0p 0s.
const std::vector<py::object>& discard_names() {
  auto& out = *new std::vector<py::object>;
  for (int k = 0; k < 37; ++k) {
    const mjk_ev_discard x{.discard = static_cast<std::uint8_t>(k < 34 ? k : 4 + 9 * (k - 34)),
                           .discard_red = static_cast<std::uint8_t>(k >= 34)};
    char name[3];
    mjk_ev_discard_name(&x, name);
    out.emplace_back(py::str(name));
  }
  return out;
}

py::dict dict_of(const std::vector<py::object>& keys, const std::vector<py::object>& values) {
  py::dict d;
  for (std::size_t i = 0; i < keys.size(); ++i) d[keys[i]] = values[i];
  return d;
}

// The answer's dict: its figures, the discards' names and columns
// (mjk_ev_column_at, in their order), the search's stats.
py::dict answer_dict(const mjk_ev_answer& a) {
  static const auto& keys = [] {
    std::vector<const char*> k = {"shanten", "vertices", "wall", "wall_counts", "discards"};
    for (std::size_t i = 0; const mjk_review_column* c = mjk_ev_column_at(i); ++i) k.push_back(c->name);
    k.push_back("stats");
    return strs(k);
  }();
  static const auto& stats_keys =
      strs({"draw_vertices", "discard_vertices", "edges", "wins", "group_rows", "peak_bytes", "search_us"});
  static const auto& names = discard_names();
  const auto d = static_cast<py::ssize_t>(a.count);
  py::list discards;
  for (py::ssize_t i = 0; i < d; ++i) {
    const mjk_ev_discard& x = a.discards[i];
    discards.append(x.has_discard ? names[x.discard_red ? 34u + x.discard / 9u : x.discard] : py::none());
  }
  const auto i = [](auto v) -> py::object { return py::int_(v); };
  std::vector<py::object> values{i(a.shanten), i(a.vertices), i(a.wall), py::array_t<std::uint8_t>(34, a.wall_counts),
                                 discards};
  std::vector<void*> arrays;
  for (std::size_t k = 0; const mjk_review_column* c = mjk_ev_column_at(k); ++k) {
    py::array column = column_array(*c, a.count);
    arrays.push_back(column.mutable_data());
    values.push_back(column);
  }
  mjk_ev_answer_write_arrays(&a, arrays.data());
  const mjk_ev_stats& s = a.stats;
  values.push_back(dict_of(stats_keys, {i(s.draw_vertices), i(s.discard_vertices), i(s.edges), i(s.wins),
                                        i(s.group_rows), i(s.peak_bytes), i(a.search_us)}));
  return dict_of(keys, values);
}

// overrides: (given, hand_change, shanten_back, extra, uradora, red, turn, max_vertices), checked by mjk/_ev.py.
mjk::bind::EvOverrides overrides_of(const py::tuple& t) {
  if (t.size() != 8) throw py::value_error("ev: overrides must be 8 values");
  mjk::bind::EvOverrides o;
  o.given = t[0].cast<std::uint8_t>();
  o.values.hand_change = t[1].cast<std::uint8_t>();
  o.values.shanten_back = t[2].cast<std::uint8_t>();
  o.values.extra = t[3].cast<std::uint8_t>();
  o.values.uradora = t[4].cast<std::uint8_t>();
  o.values.red = t[5].cast<std::uint8_t>();
  o.values.turn = t[6].cast<std::uint8_t>();
  o.values.max_vertices = t[7].cast<std::uint64_t>();
  return o;
}

// Runs `work` on a thread of its own while this thread waits without the
// GIL, looking at the interpreter's signals every 50 ms: a signal handler's
// exception (Ctrl-C's KeyboardInterrupt) requests `cancel`, waits for the
// searches to stop (within a fraction of a second: the library reads the flag as it
// searches), and propagates. Off the main thread PyErr_CheckSignals is a
// no-op, and the call simply waits.
template <class Work>
void run_interruptibly(Work work, mjk::bind::Cancel& cancel) {
  std::future<void> done;
  try {
    done = std::async(std::launch::async, work);
  } catch (const std::system_error&) {  // no thread to be had: search here, not interruptible
    py::gil_scoped_release release;
    work();
    return;
  }
  for (;;) {
    {
      py::gil_scoped_release release;
      if (done.wait_for(std::chrono::milliseconds(50)) == std::future_status::ready) break;
    }
    if (PyErr_CheckSignals() != 0) {
      cancel.request();
      {
        py::gil_scoped_release release;
        done.wait();
      }
      throw py::error_already_set();  // the signal handler's exception, with the GIL held
    }
  }
  done.get();  // the work's exception, if it threw
}

// ev_many(lines: list[bytes], overrides, threads) -> (answers, errors): answers[i]
// the answer's dict (None for a bad line), errors a list of (row, code,
// message). The searches run without the GIL, in chunks so that memory for
// the C answers stays bounded whatever the batch; a signal's exception
// (KeyboardInterrupt) stops them and propagates.
py::tuple ev_many(const std::vector<std::string>& lines, const py::tuple& overrides, unsigned threads,
                  const std::string& built) {
  if (!built.empty() && built.size() != lines.size()) throw py::value_error("built: one byte per line");
  const mjk::bind::EvOverrides o = overrides_of(overrides);
  mjk::bind::Cancel cancel;
  const std::size_t n = lines.size();
  constexpr std::size_t chunk = 4096;  // 28 MB of C answers at most
  std::vector<mjk::bind::EvRow> rows(std::min(n, chunk));
  py::list answers(n);
  py::list errors;
  for (std::size_t base = 0; base < n; base += chunk) {
    const std::size_t c = std::min(chunk, n - base);
    run_interruptibly(
        [&] {
          mjk::bind::ev_lines(
              c, [&](std::size_t i) { return std::string_view(lines[base + i]); }, o, threads, rows.data(),
              cancel.get(), built.empty() ? nullptr : reinterpret_cast<const std::uint8_t*>(built.data()) + base);
        },
        cancel);
    for (std::size_t i = 0; i < c; ++i) {
      const mjk::bind::EvRow& r = rows[i];
      if (r.info.error != MJK_OK) {
        answers[base + i] = py::none();
        errors.append(py::make_tuple(base + i, int{r.info.error}, std::string(r.info.message)));
      } else {
        answers[base + i] = answer_dict(r.answer);
      }
    }
  }
  return py::make_tuple(answers, errors);
}

}  // namespace

void add_ev(py::module_& m) {
  m.def("ev_many", &ev_many, py::arg("lines"), py::arg("overrides"), py::arg("threads"), py::arg("built") = "");
}
