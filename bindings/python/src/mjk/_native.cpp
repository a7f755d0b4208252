// mjk's Python extension: the native half of mjk/__init__.py. __init__.py
// checks and converts the caller's arrays and allocates the batch
// operations' outputs; this file checks their sizes again (so no call can
// make it read or write out of bounds), releases the GIL and calls the C ABI
// (bindings/common/mjk_bind.hpp); and the expected value's searches (mjk/_ev.py).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstring>
#include <future>
#include <string>
#include <string_view>
#include <system_error>
#include <unordered_map>
#include <utility>
#include <vector>

#include "mjk_bind.hpp"
#include "mjk_ev_bind.hpp"
#include "mjk_review.hpp"

namespace py = pybind11;

namespace {

// A new array for n rows of a column the C ABI describes (mjk_review_column:
// the review's, the score lines', the expected value's): (n,), or (n, width).
py::array column_array(const mjk_review_column& c, std::size_t n) {
  std::vector<py::ssize_t> shape{static_cast<py::ssize_t>(n)};
  if (c.width > 1) shape.push_back(static_cast<py::ssize_t>(c.width));
  return py::array(py::dtype(c.dtype), shape);
}

// The bytes of a C-contiguous one-byte array of exactly `bytes` bytes.
std::uint8_t* bytes_of(const py::array& a, std::size_t bytes, const char* what, bool writable) {
  if (a.itemsize() != 1) throw py::type_error(std::string(what) + ": expected a one-byte dtype");
  if (!(a.flags() & py::array::c_style)) throw py::value_error(std::string(what) + ": expected a C-contiguous array");
  if (static_cast<std::size_t>(a.nbytes()) != bytes)
    throw py::value_error(std::string(what) + ": " + std::to_string(a.nbytes()) + " bytes, expected " +
                          std::to_string(bytes));
  if (writable && !a.writeable()) throw py::value_error(std::string(what) + ": read-only");
  return static_cast<std::uint8_t*>(const_cast<void*>(a.data()));
}

// JSON text parsed by Python's json module.
py::object loads(const std::string& text) { return py::module_::import("json").attr("loads")(text); }

// The library's JSON answers (mjk_score_json's objects: ASCII keys, words,
// whole numbers and null, no escape, no space) made Python objects here, as
// fast as the objects were once built key by key (json.loads takes twice as
// long). The short strings, the same few keys and words in every answer, are
// made once and shared (looked up by their bytes, no std::string made per
// string). Objects are built with the C API on new references (no pybind11
// handle per value), lists at their final size. Other text goes to
// json.loads. Knows no answer's shape.
class AnswerReader {
 public:
  py::object read(std::string_view text) {
    s_ = text.data(), end_ = text.data() + text.size(), ok_ = true;
    PyObject* v = value();
    if (PyErr_Occurred()) {
      Py_XDECREF(v);
      throw py::error_already_set();
    }
    if (v && ok_ && s_ == end_) return py::reinterpret_steal<py::object>(v);
    Py_XDECREF(v);
    return loads(std::string(text));
  }

 private:
  // The shared strings by their bytes (a lookup by string_view makes no std::string).
  struct Hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view v) const noexcept { return std::hash<std::string_view>{}(v); }
  };
  static constexpr std::size_t max_words = 4096, max_word = 32;

  bool eat(char c) { return s_ < end_ && *s_ == c ? (++s_, true) : false; }
  PyObject* fail() { return ok_ = false, nullptr; }

  // A new reference, or nullptr (ok_ false: not the subset read here; or a Python error set).
  PyObject* value() {
    if (s_ == end_) return fail();
    const char c = *s_;
    if (c == '{') return object();
    if (c == '[') return array();
    if (c == '"') return string();
    if (c == 'n') {
      if (end_ - s_ < 4 || std::memcmp(s_, "null", 4) != 0) return fail();
      s_ += 4;
      Py_RETURN_NONE;
    }
    return number();
  }
  PyObject* object() {
    ++s_;
    PyObject* out = PyDict_New();
    if (!out) return nullptr;
    if (eat('}')) return out;
    do {
      PyObject* key = string();  // a new reference: the shared str's, or a new str's
      if (!key || !eat(':')) return Py_XDECREF(key), Py_DECREF(out), fail();
      PyObject* v = value();
      const int e = v ? PyDict_SetItem(out, key, v) : -1;
      Py_DECREF(key);
      Py_XDECREF(v);
      if (e != 0) return Py_DECREF(out), nullptr;
    } while (eat(','));
    if (!eat('}')) return Py_DECREF(out), fail();
    return out;
  }
  PyObject* array() {
    ++s_;
    const std::size_t base = stack_.size();  // this array's items are stack_[base..]: nested arrays push after them
    const auto drop = [&] {
      for (std::size_t k = base; k < stack_.size(); ++k) Py_DECREF(stack_[k]);
      stack_.resize(base);
      return nullptr;
    };
    if (!eat(']')) {
      do {
        PyObject* v = value();
        if (!v) return drop();
        stack_.push_back(v);
      } while (eat(','));
      if (!eat(']')) return drop(), fail();
    }
    PyObject* out = PyList_New(static_cast<Py_ssize_t>(stack_.size() - base));
    if (!out) return drop();
    for (std::size_t k = base; k < stack_.size(); ++k)
      PyList_SET_ITEM(out, static_cast<Py_ssize_t>(k - base), stack_[k]);
    stack_.resize(base);
    return out;
  }
  PyObject* number() {
    const bool minus = eat('-');
    long long n = 0;
    const char* start = s_;
    for (; s_ < end_ && *s_ >= '0' && *s_ <= '9' && s_ - start < 18; ++s_) n = n * 10 + (*s_ - '0');
    if (s_ == start || (s_ < end_ && *s_ != ',' && *s_ != '}' && *s_ != ']')) return fail();
    return PyLong_FromLongLong(minus ? -n : n);  // -5..256 are Python's own shared ints
  }
  PyObject* string() {
    if (!eat('"')) return fail();
    const char* start = s_;
    while (s_ < end_ && *s_ != '"' && *s_ != '\\') ++s_;
    if (s_ == end_ || *s_ != '"') return fail();
    const std::string_view text(start, static_cast<std::size_t>(s_ - start));
    ++s_;
    if (const auto found = words_.find(text); found != words_.end()) {
      Py_INCREF(found->second);
      return found->second;
    }
    PyObject* str = PyUnicode_DecodeUTF8(text.data(), static_cast<Py_ssize_t>(text.size()), nullptr);
    if (str && text.size() <= max_word && words_.size() < max_words) {
      Py_INCREF(str);
      words_.emplace(text, str);
    }
    return str;
  }

  const char* s_ = nullptr;
  const char* end_ = nullptr;
  bool ok_ = true;
  std::vector<PyObject*> stack_;                                             // the items of the arrays being read
  std::unordered_map<std::string, PyObject*, Hash, std::equal_to<>> words_;  // each holds a reference
};

// Never destroyed: its strs would be released after the interpreter has finalised.
py::object read_answers(const std::string& text) {
  static AnswerReader& reader = *new AnswerReader;
  return reader.read(text);
}

// Runs the operation on the caller's arrays, their sizes checked here (the C
// ABI cannot see them); players, visible's rows and winning are mjk_batch_run's to refuse.
void run(const std::string& name, const py::array& rows, int players, const py::object& visible,
         const py::object& winning, const py::array& errors, const py::list& outs) {
  const mjk_batch_op* op = mjk_batch_op_named(name.data(), name.size());
  if (!op) throw py::value_error("unknown operation " + name);
  if (!rows.dtype().is(py::dtype::of<std::uint8_t>())) throw py::type_error("rows must be uint8");
  if (rows.nbytes() % mjk::bind::row) throw py::value_error("rows: not a whole number of rows of 34 counts");
  mjk_batch b{};
  b.n = static_cast<std::size_t>(rows.nbytes()) / mjk::bind::row;
  b.rows = bytes_of(rows, b.n * mjk::bind::row, "rows", false);
  b.players = players;
  if (!visible.is_none()) {
    const auto vis = visible.cast<py::array>();
    if (!vis.dtype().is(py::dtype::of<std::uint8_t>())) throw py::type_error("visible must be uint8");
    const auto len = static_cast<std::size_t>(vis.nbytes());
    if (len % mjk::bind::row) throw py::value_error("visible must hold 34 counts or 34 per row");
    b.visible = bytes_of(vis, len, "visible", false);
    b.visible_rows = len / mjk::bind::row;
  }
  if (!winning.is_none()) {
    const auto w = winning.cast<py::array>();
    if (!w.dtype().is(py::dtype::of<std::int8_t>())) throw py::type_error("winning must be int8");
    b.winning = reinterpret_cast<const std::int8_t*>(bytes_of(w, b.n, "winning", false));
  }
  b.errors = bytes_of(errors, b.n, "errors", true);
  if (outs.size() != op->output_count) throw py::value_error("wrong number of output arrays");
  for (std::size_t k = 0; k < op->output_count; ++k)
    b.outputs[k] = bytes_of(outs[k].cast<py::array>(), b.n * op->outputs[k].per_row, "output", true);
  char why[MJK_MAX_MESSAGE];
  int e = MJK_OK;
  {
    py::gil_scoped_release release;
    e = mjk_batch_run(op, &b, why, sizeof why);
  }
  if (e != MJK_OK)
    throw py::value_error(name + ": " + why +
                          (std::strstr(why, "overlap") ? " (out= arrays must not share memory)" : ""));
}

// parse(text bytes) -> (code, message, bytes of 34 counts)
py::tuple parse(const py::bytes& bytes) {
  const std::string text = bytes;
  mjk_parsed p;
  if (const int e = mjk_parse_n(text.data(), text.size(), &p); e != MJK_OK)
    return py::make_tuple(e, mjk::bind::parse_message(text), py::none());
  return py::make_tuple(0, "", py::bytes(reinterpret_cast<const char*>(p.counts), mjk::bind::row));
}

// analyse(text bytes, players, visible) -> (code, JSON line): the line `mjk
// --json` prints, which for a malformed hand is the CLI's {"hand", "error"}
// object, and the line's own error code (0: answered).
py::tuple analyse(const py::bytes& bytes, int players, const py::object& visible) {
  const std::string text = bytes;
  const std::uint8_t* vis = nullptr;
  if (!visible.is_none()) {
    const auto v = visible.cast<py::array>();
    if (!v.dtype().is(py::dtype::of<std::uint8_t>())) throw py::type_error("visible must be uint8");
    vis = bytes_of(v, mjk::bind::row, "visible (analyse takes 34 counts)", false);
  }
  std::string line;
  mjk_request_info info;
  if (const int e = mjk::bind::analyse_json(text, players, vis, line, info); e != MJK_OK)
    throw py::value_error(std::string("analyse: ") + mjk_error_message(e));
  return py::make_tuple(info.error, line);
}

// ---- game records (read_log through the C ABI) ----

// A path holding a NUL byte would be opened only up to it (the C ABI and
// the readers take C strings): an error naming it in Python's repr, since the
// NUL would also cut the exception's message short there.
void check_path(const std::string& path, const std::string& what) {
  if (path.find('\0') == std::string::npos) return;
  throw py::value_error(what + py::repr(py::str(path)).cast<std::string>() + ": path holds a NUL byte");
}

// read_log(path, max_bytes) -> (columns, review): a dict of one array a
// column (mjk_review_column_at: one row per discard), and the review's JSON
// without the discards, which mjk.read_log shapes. A record that cannot be
// read (larger than max_bytes, read or inflated; out of memory) raises
// ValueError with its place. max_bytes as mjk.read_log checked it (0: the library's default).
py::tuple read_log(const std::string& path, std::uint64_t max_bytes) {
  check_path(path, "");
  mjk::bind::Review rv;
  {
    // The library's one review pipeline, through the C ABI (mjk_review_record_rows).
    py::gil_scoped_release release;
    rv = mjk::bind::review_rows(path, max_bytes);
  }
  if (rv.status == MJK_ERR_RECORD_UNREADABLE) throw py::value_error(loads(rv.json)["error"].cast<std::string>());
  if (rv.status != MJK_OK) throw py::value_error(path + ": " + mjk_error_message(rv.status));
  py::dict columns;
  mjk::bind::write_columns(rv, [&](const mjk_review_column& c) {
    py::array a = column_array(c, rv.rows.size());
    columns[c.name] = a;
    return a.mutable_data();
  });
  return py::make_tuple(columns, rv.json);
}

// ---- corpus statistics (mjk_corpus_json, mjk_corpus_merge_json) ----

// The paths as C strings, each checked for a NUL.
std::vector<const char*> c_paths_of(const std::vector<std::string>& paths) {
  std::vector<const char*> c_paths;
  for (std::size_t i = 0; i < paths.size(); ++i) {
    check_path(paths[i], "paths[" + std::to_string(i) + "] ");
    c_paths.push_back(paths[i].c_str());
  }
  return c_paths;
}

// A corpus call of the C ABI (mjk::bind::corpus_call, without the GIL) and
// what it wrote: the partial statistics parsed (as = MJK_CORPUS_PARTIAL: a
// dict of plain numbers and lists, picklable for Dask), the text (other
// flags), or the bytes (as < 0: mjk_corpus_files' list); ValueError for its
// error (the library's sentence where it has one).
template <class Call>
py::object corpus_answer(int as, Call call) {
  std::string out;
  int e = MJK_OK;
  {
    py::gil_scoped_release release;
    e = mjk::bind::corpus_call(call, out);
  }
  if (e == MJK_ERR_BAD_REQUEST) throw py::value_error(out);
  if (e != MJK_OK) throw py::value_error(std::string("corpus statistics: ") + mjk_error_message(e));
  if (as < 0) return py::bytes(out);
  return as == MJK_CORPUS_PARTIAL ? loads(out) : py::str(out);
}

// record_files(paths) -> the files named, directories walked as `mjk log`
// walks them (mjk_corpus_files), each followed by a NUL; ValueError "cannot
// list DIR: why" for a directory that cannot be listed.
py::object record_files(const std::vector<std::string>& paths) {
  const std::vector<const char*> c_paths = c_paths_of(paths);
  return corpus_answer(-1, [&](char* buf, std::size_t cap, std::size_t* needed) {
    return mjk_corpus_files(c_paths.data(), c_paths.size(), buf, cap, needed);
  });
}

py::object corpus_stats(const std::vector<std::string>& paths, std::uint64_t max_bytes) {
  const std::vector<const char*> c_paths = c_paths_of(paths);
  return corpus_answer(MJK_CORPUS_PARTIAL, [&](char* buf, std::size_t cap, std::size_t* needed) {
    return mjk_corpus_json(c_paths.data(), c_paths.size(), static_cast<std::size_t>(max_bytes), MJK_CORPUS_PARTIAL, buf,
                           cap, needed);
  });
}

// Partial statistics (dicts) merged exactly and written as flags says.
py::object corpus_merge_as(const py::iterable& parts, int flags) {
  const py::object dumps = py::module_::import("json").attr("dumps");
  std::vector<std::string> texts;
  for (const auto p : parts) texts.push_back(dumps(p).cast<std::string>());
  std::vector<const char*> data;
  std::vector<std::size_t> lengths;
  for (const auto& t : texts) data.push_back(t.data()), lengths.push_back(t.size());
  return corpus_answer(flags, [&](char* buf, std::size_t cap, std::size_t* needed) {
    return mjk_corpus_merge_json(data.data(), lengths.data(), data.size(), flags, buf, cap, needed);
  });
}

// ---- scoring ----

// The request lines of a Python list as UTF-8 bytes: a str's own UTF-8 (a
// lone surrogate, which UTF-8 cannot encode, as its three surrogatepass
// bytes: not UTF-8 either, so an unknown character like any other), or
// bytes as they are. `keep` holds the encoded copies while the views live.
struct Lines {
  std::vector<std::string_view> views;
  std::vector<py::object> keep;
};

Lines lines_of(const py::list& list) {
  Lines out;
  out.views.reserve(list.size());
  for (std::size_t i = 0; i < list.size(); ++i) {
    PyObject* o = list[i].ptr();
    Py_ssize_t size = 0;
    if (PyUnicode_Check(o)) {
      if (const char* utf8 = PyUnicode_AsUTF8AndSize(o, &size)) {
        out.views.emplace_back(utf8, static_cast<std::size_t>(size));
        continue;
      }
      PyErr_Clear();
      py::object bytes = py::reinterpret_steal<py::object>(PyUnicode_AsEncodedString(o, "utf-8", "surrogatepass"));
      if (!bytes) throw py::error_already_set();
      o = bytes.ptr();
      out.keep.push_back(std::move(bytes));
    }
    char* data = nullptr;
    if (!PyBytes_Check(o) || PyBytes_AsStringAndSize(o, &data, &size) != 0)
      throw py::type_error("requests[" + std::to_string(i) + "] must be a str (a request line) or a dict, not " +
                           std::string(Py_TYPE(o)->tp_name));
    out.views.emplace_back(data, static_cast<std::size_t>(size));
  }
  return out;
}

// score_many(lines) -> (answers, errors): answers[i] the "score" object `mjk
// --json` prints (mjk_score_json), or None; errors a list of (row, code,
// message) of the rejected lines (their answers are None). Parsing and
// scoring run without the GIL.
// built: one byte per line, 1 where the package wrote it from a dict (its
// errors then name the field's character), or None.
const std::uint8_t* built_of(const py::object& built, std::size_t n, std::string& keep) {
  if (built.is_none()) return nullptr;
  keep = built.cast<std::string>();
  if (keep.size() != n) throw py::value_error("built: one byte per line");
  return reinterpret_cast<const std::uint8_t*>(keep.data());
}

py::tuple score_many(const py::list& list, const py::object& built_flags) {
  const Lines lines = lines_of(list);
  const std::size_t n = lines.views.size();
  std::string keep;
  const std::uint8_t* built = built_of(built_flags, n, keep);
  // A chunk at a time: its text is read while still in the cache, and the
  // one buffer is written again (a text of every answer at once is fresh
  // memory, ~640 bytes a line, each page faulted in).
  constexpr std::size_t chunk = 1024;
  py::list answers(n);
  std::string text;
  std::vector<mjk::bind::BadLine> bad;
  for (std::size_t base = 0; base < n; base += chunk) {
    const std::size_t c = n - base < chunk ? n - base : chunk, first_bad = bad.size();
    int e = MJK_OK;
    {
      py::gil_scoped_release release;
      e = mjk::bind::score_many_json(
          c, [&](std::size_t i) { return lines.views[base + i]; }, text, bad, built ? built + base : nullptr);
    }
    if (e != MJK_OK) throw py::value_error(std::string("score_many: ") + mjk_error_message(e));
    for (std::size_t k = first_bad; k < bad.size(); ++k) bad[k].row += base;
    const py::object part = read_answers(text);
    if (!PyList_Check(part.ptr()) || static_cast<std::size_t>(PyList_GET_SIZE(part.ptr())) != c)
      throw py::value_error("score_many: the library's answers are not one per line");
    const auto at = static_cast<Py_ssize_t>(base);
    if (PyList_SetSlice(answers.ptr(), at, at + static_cast<Py_ssize_t>(c), part.ptr()) != 0)
      throw py::error_already_set();
  }
  py::list errors;
  for (const auto& b : bad) errors.append(py::make_tuple(b.row, b.code, b.message));
  return py::make_tuple(answers, errors);
}

// score_each_win(line) -> (code, message, answers, tile_errors): answers a
// dict {tile: score object} of the tiles that complete the waiting hand, in
// tile order; tile_errors [(tile, code)] of those that cannot be added;
// code and message the request's own error (then both are empty). Parsing
// and scoring run without the GIL.
py::tuple score_each_win(const py::bytes& line, bool built) {
  const std::string text = line;
  mjk::bind::EachWin each;
  std::string answers = "{}";
  std::vector<std::pair<std::string, int>> tile_errors;
  int e = MJK_OK;
  {
    py::gil_scoped_release release;
    mjk::bind::score_each_win_line(text, each, built);
    if (each.code == MJK_OK) e = mjk::bind::each_win_json(each, answers, tile_errors);
  }
  if (e != MJK_OK) throw py::value_error(std::string("score_each_win: ") + mjk_error_message(e));
  return py::make_tuple(each.code, each.message, read_answers(answers), tile_errors);
}

// score_batch(lines, built) -> (arrays, codes, first_bad): the answers into
// new arrays (a dict of mjk_score_column_at's columns by name; codes apart),
// without the GIL; first_bad (row, message) of the first rejected line, or None.
py::tuple score_batch(const py::list& list, const py::object& built_flags) {
  const Lines lines = lines_of(list);
  const std::size_t n = lines.views.size();
  std::string keep;
  const std::uint8_t* built = built_of(built_flags, n, keep);
  py::dict arrays;
  std::vector<void*> data;
  for (std::size_t i = 0; const mjk_review_column* c = mjk_score_column_at(i); ++i) {
    py::array a = column_array(*c, n);
    data.push_back(a.mutable_data());
    arrays[c->name] = a;
  }
  mjk_request_info bad;
  std::size_t bad_row = 0;
  {
    py::gil_scoped_release release;
    const auto p = mjk::bind::line_pointers(n, [&](std::size_t i) { return lines.views[i]; });
    mjk_score_lines_arrays(p.texts.data(), p.lengths.data(), n, built, data.data(), &bad, &bad_row);
  }
  const py::object codes = arrays.attr("pop")("codes");
  const py::object first_bad =
      bad.error == MJK_OK ? py::object(py::none()) : py::make_tuple(bad_row, std::string(bad.message));
  return py::make_tuple(arrays, codes, first_bad);
}

// ---- the expected value (EV.md) ----
//
// Request lines searched by the C ABI (mjk_parse_ev_request + mjk_ev)
// without the GIL, spread over threads with a workspace each
// (bindings/common/mjk_ev_bind.hpp), each answer made into the dict mjk.ev
// returns; Ctrl-C stops the searches.

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

// overrides: one value per option in mjk_ev_option_at's order (None: not
// given), set by mjk_ev_overrides_set; checked by mjk/_ev.py.
mjk::bind::EvOverrides overrides_of(const py::tuple& t) {
  mjk::bind::EvOverrides o{};
  for (std::size_t i = 0; i < t.size(); ++i)
    if (!t[i].is_none() && mjk_ev_overrides_set(&o, i, t[i].cast<std::uint64_t>()) != MJK_OK)
      throw py::value_error("ev: more overrides than options");
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

// ev_many(lines, overrides, threads, built) -> (answers, errors): answers[i]
// the answer's dict (None for a bad line), errors a list of (row, code,
// message); lines and built as score_many takes them. The searches run
// without the GIL, in chunks so that memory for the C answers stays bounded
// whatever the batch; a signal's exception (KeyboardInterrupt) stops them
// and propagates.
py::tuple ev_many(const py::list& list, const py::tuple& overrides, unsigned threads, const py::object& built_flags) {
  const Lines lines = lines_of(list);
  const std::size_t n = lines.views.size();
  std::string keep;
  const std::uint8_t* built = built_of(built_flags, n, keep);
  const mjk::bind::EvOverrides o = overrides_of(overrides);
  mjk::bind::Cancel cancel;
  constexpr std::size_t chunk = 4096;  // 28 MB of C answers at most
  std::vector<mjk::bind::EvRow> rows(std::min(n, chunk));
  py::list answers(n);
  py::list errors;
  for (std::size_t base = 0; base < n; base += chunk) {
    const std::size_t c = std::min(chunk, n - base);
    run_interruptibly(
        [&] {
          mjk::bind::ev_lines(
              c, [&](std::size_t i) { return lines.views[base + i]; }, o, threads, rows.data(), cancel.get(),
              built ? built + base : nullptr);
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

// _native_table.cpp: whole games (mjk.Table, mjk.Tables) and self-play games
// as `mjk play` plays them (mjk.selfplay).
void add_table(py::module_& m);

PYBIND11_MODULE(_native, m) {
  m.doc() = "mjk's native half; use the mjk package";
  m.attr("doors") = mjk_doors_json();  // the operations, the yaku, the defaults (mjk_doors.h), for __init__.py
  m.attr("ERR_BAD_REQUEST") = int{MJK_ERR_BAD_REQUEST};  // the code of a request the schema refuses (mjk/_ev.py)
  m.def("run", &run);
  m.def("parse", &parse);
  m.def("analyse", &analyse);
  m.def("score_many", &score_many);
  m.def("score_batch", &score_batch);
  m.def("score_each_win", &score_each_win);
  m.def("error_message", [](int code) {
    if (code < 0 || code > 255) throw py::value_error("error codes are 0..255");
    return std::string(mjk_error_message(code));
  });
  m.def("implementation", [] { return std::string(mjk_implementation()); });
  // Tile names (mjk_doors.h): (name, "") / (kind, ""), or ("", why) / (-1, why).
  m.def("tile_name", [](long long kind) {
    char buf[3];
    const char* why = "";
    mjk_tile_name(kind, buf, &why);
    return py::make_tuple(std::string(buf), std::string(why));
  });
  m.def("tile_kind", [](const py::bytes& name) {
    const std::string text = name;
    const char* why = "";
    const int kind = mjk_tile_kind(text.data(), text.size(), &why);
    return py::make_tuple(kind, std::string(why));
  });
  m.def("to_mpsz", [](const py::array& counts) -> py::object {  // the text, or the first kind past 4 copies
    char buf[MJK_MPSZ_CAP];
    std::size_t bad = 0;
    if (mjk_counts_mpsz(bytes_of(counts, MJK_KINDS, "counts", false), buf, &bad) != MJK_OK) return py::int_(bad);
    return py::str(buf);
  });
  m.def("ev_many", &ev_many, py::arg("lines"), py::arg("overrides"), py::arg("threads"), py::arg("built") = py::none());
  add_table(m);
  m.attr("library_version") = mjk_version();
  m.def("read_log", &read_log, py::arg("path"), py::arg("max_bytes") = std::uint64_t{MJK_DEFAULT_MAX_RECORD_BYTES});
  m.def("record_files", &record_files, py::arg("paths"));
  m.def("corpus_stats", &corpus_stats, py::arg("paths"),
        py::arg("max_bytes") = std::uint64_t{MJK_DEFAULT_MAX_RECORD_BYTES},
        "The partial statistics of these records (one thread): a dict of sums and counts");
  m.def(
      "corpus_merge", [](const py::iterable& parts) { return corpus_merge_as(parts, MJK_CORPUS_PARTIAL); },
      py::arg("parts"), "Partial statistics merged (exactly) into one");
  m.def(
      "corpus_json", [](const py::dict& s) { return corpus_merge_as(py::make_tuple(s), 0); }, py::arg("stats"),
      "The object `mjk log --stats --json` prints, as its text");
  m.def(
      "corpus_text", [](const py::dict& s) { return corpus_merge_as(py::make_tuple(s), MJK_CORPUS_TEXT); },
      py::arg("stats"));
}
