// The expected value (EV.md) in mjk's Python extension: request lines
// searched by the C ABI (mjk_parse_ev_request + mjk_ev) without the GIL,
// spread over threads with a workspace each (bindings/common/mjk_ev_bind.hpp),
// each answer made into the dict mjk.ev returns; Ctrl-C stops the searches.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <array>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <exception>
#include <mutex>
#include <string>
#include <system_error>
#include <thread>
#include <tuple>
#include <vector>

#include "mjk_ev_bind.hpp"

namespace py = pybind11;

namespace {

// The keys of an answer, made once (never freed: a static Python object's
// destructor would run after the interpreter has finalised).
struct EvKeys {
  py::str shanten{"shanten"}, vertices{"vertices"}, wall{"wall"}, wall_counts{"wall_counts"}, discards{"discards"},
      discard_shanten{"discard_shanten"}, necessary{"necessary"}, necessary_counts{"necessary_counts"},
      tenpai{"tenpai"}, win{"win"}, score{"score"}, stats{"stats"}, draw_vertices{"draw_vertices"},
      discard_vertices{"discard_vertices"}, edges{"edges"}, wins{"wins"}, group_rows{"group_rows"},
      peak_bytes{"peak_bytes"}, search_us{"search_us"};
  std::array<py::object, 37> names;  // 34 kinds, then 0m 0p 0s
  EvKeys() {
    for (int k = 0; k < 34; ++k)
      names[static_cast<std::size_t>(k)] = py::str(std::string{static_cast<char>('1' + k % 9), "mpsz"[k / 9]});
    for (int s = 0; s < 3; ++s) names[static_cast<std::size_t>(34 + s)] = py::str(std::string{'0', "mps"[s]});
  }
};

py::dict answer_dict(const mjk_ev_answer& a) {
  static const EvKeys& k = *new EvKeys;
  const auto d = static_cast<py::ssize_t>(a.count);
  py::dict o;
  o[k.shanten] = py::int_(a.shanten);
  o[k.vertices] = py::int_(a.vertices);
  o[k.wall] = py::int_(a.wall);
  py::array_t<std::uint8_t> wall_counts(34);
  std::memcpy(wall_counts.mutable_data(), a.wall_counts, 34);
  o[k.wall_counts] = wall_counts;
  py::list names(static_cast<std::size_t>(d));
  py::array_t<std::int8_t> shanten(d);
  py::array_t<bool> necessary({d, py::ssize_t{34}});
  py::array_t<std::uint8_t> counts({d, py::ssize_t{34}});
  py::array_t<double> tenpai({d, py::ssize_t{MJK_EV_TURNS}}), win({d, py::ssize_t{MJK_EV_TURNS}}),
      score({d, py::ssize_t{MJK_EV_TURNS}});
  auto* sh = shanten.mutable_data();
  auto* nec = necessary.mutable_data();
  auto* cnt = counts.mutable_data();
  for (py::ssize_t i = 0; i < d; ++i) {
    const mjk_ev_discard& x = a.discards[i];
    names[static_cast<std::size_t>(i)] =
        x.has_discard ? k.names[x.discard_red ? 34u + x.discard / 9u : x.discard] : py::object(py::none());
    sh[i] = x.shanten;
    for (int t = 0; t < 34; ++t) {
      const bool n = x.necessary >> t & 1;
      nec[i * 34 + t] = n;
      cnt[i * 34 + t] = n ? a.wall_counts[t] : 0;
    }
    std::memcpy(tenpai.mutable_data() + i * MJK_EV_TURNS, x.tenpai, sizeof x.tenpai);
    std::memcpy(win.mutable_data() + i * MJK_EV_TURNS, x.win, sizeof x.win);
    std::memcpy(score.mutable_data() + i * MJK_EV_TURNS, x.score, sizeof x.score);
  }
  o[k.discards] = names;
  o[k.discard_shanten] = shanten;
  o[k.necessary] = necessary;
  o[k.necessary_counts] = counts;
  o[k.tenpai] = tenpai;
  o[k.win] = win;
  o[k.score] = score;
  py::dict s;
  s[k.draw_vertices] = py::int_(a.stats.draw_vertices);
  s[k.discard_vertices] = py::int_(a.stats.discard_vertices);
  s[k.edges] = py::int_(a.stats.edges);
  s[k.wins] = py::int_(a.stats.wins);
  s[k.group_rows] = py::int_(a.stats.group_rows);
  s[k.peak_bytes] = py::int_(a.stats.peak_bytes);
  s[k.search_us] = py::int_(a.search_us);
  o[k.stats] = s;
  return o;
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
  std::mutex m;
  std::condition_variable cv;
  bool done = false;
  std::exception_ptr failure;
  std::thread searcher;
  const auto body = [&] {
    try {
      work();
    } catch (...) {
      failure = std::current_exception();
    }
    std::lock_guard<std::mutex> lock(m);
    done = true;
    cv.notify_one();
  };
  try {
    searcher = std::thread(body);
  } catch (const std::system_error&) {  // no thread to be had: search here, not interruptible
    py::gil_scoped_release release;
    body();
  }
  bool interrupted = false;
  while (searcher.joinable()) {
    {
      py::gil_scoped_release release;
      std::unique_lock<std::mutex> lock(m);
      if (cv.wait_for(lock, std::chrono::milliseconds(50), [&] { return done; })) break;
    }
    if (PyErr_CheckSignals() != 0) {
      interrupted = true;
      cancel.request();
      break;
    }
  }
  if (searcher.joinable()) {
    py::gil_scoped_release release;
    searcher.join();
  }
  if (interrupted) throw py::error_already_set();
  if (failure) std::rethrow_exception(failure);
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
  m.attr("EV_DEFAULT_MAX_VERTICES") = py::int_(static_cast<unsigned long long>(MJK_EV_DEFAULT_MAX_VERTICES));
  m.def("ev_threads", [](std::size_t n, unsigned threads) { return mjk::bind::ev_threads(n, threads); });
}
