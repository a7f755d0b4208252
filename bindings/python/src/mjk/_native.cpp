// mjk's Python extension: the native half of mjk/__init__.py. __init__.py
// checks and converts the caller's arrays and allocates the outputs; this
// file checks dtypes, contiguity and lengths again (so no call can make it
// read or write out of bounds), releases the GIL and runs the kernel
// (bindings/common/mjk_bind.hpp).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <string>

#include "mjk_bind.hpp"
#include "mjk/analysis.hpp"
#include "mjk/hand.hpp"
#include "mjk/implementation.hpp"

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
    list.append(py::make_tuple(std::string(op.name), std::string(op.question), outs));
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
         const py::array& errors, const py::list& outs) {
  const mjk::bind::Operation* op = mjk::bind::find_operation(name);
  if (!op) throw py::value_error("unknown operation " + name);
  if (!rows.dtype().is(py::dtype::of<std::uint8_t>())) throw py::type_error("rows must be uint8");
  if (rows.nbytes() % mjk::bind::row) throw py::value_error("rows: not a whole number of rows of 34 counts");
  if (players != 3 && players != 4) throw py::value_error("players must be 3 or 4");
  mjk::bind::Batch b;
  b.n = static_cast<std::size_t>(rows.nbytes()) / mjk::bind::row;
  b.rows = bytes_of(rows, b.n * mjk::bind::row, "rows", false);
  b.players = players == 3 ? mjk::Players::three : mjk::Players::four;
  if (!visible.is_none()) {
    const auto vis = visible.cast<py::array>();
    if (!vis.dtype().is(py::dtype::of<std::uint8_t>())) throw py::type_error("visible must be uint8");
    const auto len = static_cast<std::size_t>(vis.nbytes());
    if (len != mjk::bind::row && len != b.n * mjk::bind::row)
      throw py::value_error("visible must hold 34 counts or 34 per row");
    b.visible = bytes_of(vis, len, "visible", false);
    b.visible_rows = len / mjk::bind::row;
  }
  b.errors = bytes_of(errors, b.n, "errors", true);
  if (outs.size() != op->output_count) throw py::value_error("wrong number of output arrays");
  for (std::size_t k = 0; k < op->output_count; ++k)
    b.outputs[k] = bytes_of(outs[k].cast<py::array>(), b.n * op->outputs[k].per_row(), "output", true);
  mjk::Error e = mjk::Error::none;
  {
    py::gil_scoped_release release;
    e = op->run(b);
  }
  if (e != mjk::Error::none) throw py::value_error(std::string(mjk::describe(e)));
}

// parse(text) -> (code, message, bytes of 34 counts)
py::tuple parse(const std::string& text) {
  const auto parsed = mjk::parse_hand(text);
  if (!parsed.ok()) return py::make_tuple(static_cast<int>(parsed.error.code), parsed.error.message(), py::none());
  const auto counts = mjk::to_counts34(parsed.value.hand);
  std::string bytes(mjk::bind::row, '\0');
  for (std::size_t k = 0; k < mjk::bind::row; ++k) bytes[k] = static_cast<char>(counts[k]);
  return py::make_tuple(0, "", py::bytes(bytes));
}

// analyse(text, players, visible) -> (code, message, JSON line)
py::tuple analyse(const std::string&, int, const py::object&) {
  throw py::value_error("analyse: waiting for the C ABI");
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
    return std::string(mjk::describe(static_cast<mjk::Error>(code)));
  });
  m.def("implementation", [] { return std::string(mjk::active_implementation().name); });
}
