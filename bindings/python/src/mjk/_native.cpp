// mjk's Python extension: the native half of mjk/__init__.py. __init__.py
// checks and converts the caller's arrays and allocates the outputs; this
// file checks dtypes, contiguity and lengths again (so no call can make it
// read or write out of bounds), releases the GIL and runs the kernel
// (bindings/common/mjk_bind.hpp).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <string>

#include "mjk_bind.hpp"

namespace py = pybind11;

namespace {

const char* dtype_name(mjk::bind::DType t) {
  switch (t) {
    case mjk::bind::DType::boolean: return "bool";
    case mjk::bind::DType::uint8: return "uint8";
    case mjk::bind::DType::int8: return "int8";
  }
  return "?";
}

py::list operations() {
  py::list list;
  for (const auto& op : mjk::bind::operations()) {
    py::list outs;
    for (std::size_t k = 0; k < op.output_count; ++k) {
      const auto& o = op.outputs[k];
      py::tuple shape(o.dims);
      for (std::size_t j = 0; j < o.dims; ++j) shape[j] = o.shape[j];
      outs.append(py::make_tuple(std::string(o.name), dtype_name(o.dtype), shape));
    }
    list.append(py::make_tuple(std::string(op.name), std::string(op.question), op.reads_winning, outs));
  }
  return list;
}

// The bytes of a C-contiguous one-byte array of exactly `bytes` bytes.
std::uint8_t* bytes_of(const py::array& a, std::size_t bytes, const char* what, bool writable) {
  if (a.itemsize() != 1) throw py::type_error(std::string(what) + ": expected a one-byte dtype");
  if (!(a.flags() & py::array::c_style)) throw py::value_error(std::string(what) + ": expected a C-contiguous array");
  if (static_cast<std::size_t>(a.nbytes()) != bytes)
    throw py::value_error(std::string(what) + ": " + std::to_string(a.nbytes()) + " bytes, expected " + std::to_string(bytes));
  if (writable && !a.writeable()) throw py::value_error(std::string(what) + ": read-only");
  return static_cast<std::uint8_t*>(const_cast<void*>(a.data()));
}

void run(const std::string& name, const py::array& rows, int players, const py::object& visible,
         const py::object& winning, const py::array& errors, const py::list& outs) {
  const mjk::bind::Operation* op = mjk::bind::find_operation(name);
  if (!op) throw py::value_error("unknown operation " + name);
  if (!rows.dtype().is(py::dtype::of<std::uint8_t>())) throw py::type_error("rows must be uint8");
  if (rows.nbytes() % mjk::bind::row) throw py::value_error("rows: not a whole number of rows of 34 counts");
  if (players != 3 && players != 4) throw py::value_error("players must be 3 or 4");
  mjk::bind::Batch b;
  b.n = static_cast<std::size_t>(rows.nbytes()) / mjk::bind::row;
  b.rows = bytes_of(rows, b.n * mjk::bind::row, "rows", false);
  b.players = players;
  if (!visible.is_none()) {
    const auto vis = visible.cast<py::array>();
    if (!vis.dtype().is(py::dtype::of<std::uint8_t>())) throw py::type_error("visible must be uint8");
    const auto len = static_cast<std::size_t>(vis.nbytes());
    if (len != mjk::bind::row && len != b.n * mjk::bind::row)
      throw py::value_error("visible must hold 34 counts or 34 per row");
    b.visible = bytes_of(vis, len, "visible", false);
    b.visible_rows = len / mjk::bind::row;
  }
  if (!winning.is_none()) {
    if (!op->reads_winning) throw py::type_error(name + " takes no winning tiles");
    const auto w = winning.cast<py::array>();
    if (!w.dtype().is(py::dtype::of<std::int8_t>())) throw py::type_error("winning must be int8");
    b.winning = reinterpret_cast<const std::int8_t*>(bytes_of(w, b.n, "winning", false));
  }
  b.errors = bytes_of(errors, b.n, "errors", true);
  if (outs.size() != op->output_count) throw py::value_error("wrong number of output arrays");
  for (std::size_t k = 0; k < op->output_count; ++k)
    b.outputs[k] = bytes_of(outs[k].cast<py::array>(), b.n * op->outputs[k].per_row(), "output", true);
  std::vector<std::uint8_t> copies;
  if (const std::string why = mjk::bind::unalias(*op, b, copies); !why.empty())
    throw py::value_error(name + ": " + why + " (out= arrays must not share memory)");
  int e = MJK_OK;
  {
    py::gil_scoped_release release;
    e = op->run(b);
  }
  if (e != MJK_OK) throw py::value_error(name + ": " + mjk_error_message(e));
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
// object (code then says why).
py::tuple analyse(const py::bytes& bytes, int players, const py::object& visible) {
  if (!mjk::bind::has_analyse()) throw py::type_error("analyse: this libmjk has no mjk_analyse_json_n yet");
  if (players != 3 && players != 4) throw py::value_error("players must be 3 or 4");
  const std::string text = bytes;
  const std::uint8_t* vis = nullptr;
  if (!visible.is_none()) {
    const auto v = visible.cast<py::array>();
    if (!v.dtype().is(py::dtype::of<std::uint8_t>())) throw py::type_error("visible must be uint8");
    vis = bytes_of(v, mjk::bind::row, "visible (analyse takes 34 counts)", false);
  }
  std::string line;
  if (const int e = mjk::bind::analyse_json(text, players, vis, line); e != MJK_OK)
    throw py::value_error(std::string("analyse: ") + mjk_error_message(e));
  const bool failed = line.find("\"tiles\":") == std::string::npos;
  return py::make_tuple(failed ? mjk::bind::analyse_error_code(text, players, vis) : 0, line);
}

}  // namespace

PYBIND11_MODULE(_native, m) {
  m.doc() = "mjk's native half; use the mjk package";
  m.def("operations", &operations);
  m.def("run", &run);
  m.def("parse", &parse);
  m.def("analyse", &analyse);
  m.def("error_message", [](int code) {
    if (code < 0 || code > 255) throw py::value_error("error codes are 0..255");
    return std::string(mjk_error_message(code));
  });
  m.def("implementation", [] { return std::string(mjk_implementation()); });
  m.attr("library_version") = mjk_version();
}
