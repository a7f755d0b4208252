// mjk's Python extension: the native half of mjk/__init__.py. __init__.py
// checks and converts the caller's arrays and allocates the outputs; this
// file checks dtypes, contiguity and lengths again (so no call can make it
// read or write out of bounds), releases the GIL and runs the kernel
// (bindings/common/mjk_bind.hpp).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <array>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "mjk/corpus.hpp"
#include "mjk/records.hpp"
#include "mjk/review.hpp"
#include "mjk/replay.hpp"
#include "mjk_bind.hpp"
#include "mjk_review.hpp"

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
    throw py::value_error(std::string(what) + ": " + std::to_string(a.nbytes()) + " bytes, expected " +
                          std::to_string(bytes));
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


// ---- game records (mjk::records; read_log through the C ABI) ----

py::dict disagreement_dict(const mjk::records::Disagreement& d) {
  py::dict o;
  o["file"] = d.file;
  o["round"] = d.round;
  o["event"] = d.event;
  o["what"] = d.what;
  return o;
}

template <class T>
py::array_t<T> column(std::size_t n, std::size_t width = 0) {
  const auto rows = static_cast<py::ssize_t>(n), cols = static_cast<py::ssize_t>(width);
  if (width) return py::array_t<T>({rows, cols});
  return py::array_t<T>({rows});
}

mjk::records::ReadOptions read_options(std::uint64_t max_bytes) {
  if (max_bytes == 0) throw py::value_error("max_bytes must be a positive number of bytes");
  mjk::records::ReadOptions o;
  o.max_bytes = max_bytes;
  return o;
}

// A path holding a NUL byte would be opened only up to it (the C ABI and
// the readers take C strings): an error naming it in Python's repr, since the
// NUL would also cut the exception's message short there.
void check_path(const std::string& path, const std::string& what) {
  if (path.find('\0') == std::string::npos) return;
  throw py::value_error(what + py::repr(py::str(path)).cast<std::string>() + ": path holds a NUL byte");
}

// read_log(path, max_bytes) -> dict: one row per discard (see mjk.read_log), the
// disagreements, and the replay's error (None when the record replays to its
// end). A record that cannot be read (larger than max_bytes, read or
// inflated; out of memory) raises ValueError with its place.
py::dict read_log(const std::string& path, std::uint64_t max_bytes) {
  read_options(max_bytes);  // the same check as corpus_stats
  check_path(path, "");
  mjk::bind::Review rv;
  {
    // The library's one review pipeline, through the C ABI (mjk_review_record_rows).
    py::gil_scoped_release release;
    rv = mjk::bind::review_rows(path, max_bytes);
  }
  const py::object loads = py::module_::import("json").attr("loads");
  if (rv.status == MJK_ERR_RECORD_UNREADABLE) throw py::value_error(loads(rv.json)["error"].cast<std::string>());
  if (rv.status != MJK_OK) throw py::value_error(path + ": " + mjk_error_message(rv.status));
  const py::dict summary = loads(rv.json);
  const std::size_t n = rv.rows.size();
  constexpr std::size_t k34 = mjk::kind_count;
  auto hand = column<std::uint8_t>(n, k34), visible = column<std::uint8_t>(n, k34),
       melds = column<std::uint8_t>(n, k34), dora = column<std::uint8_t>(n, k34);
  auto best = column<bool>(n, k34);
  auto discard = column<std::uint8_t>(n), seat = column<std::uint8_t>(n), seat_wind = column<std::uint8_t>(n),
       ukeire = column<std::uint8_t>(n), best_ukeire = column<std::uint8_t>(n);
  auto red = column<bool>(n), riichi = column<bool>(n), reviewed = column<bool>(n);
  auto round = column<std::uint16_t>(n), turn = column<std::uint16_t>(n);
  auto event = column<std::uint32_t>(n);
  auto shanten = column<std::int8_t>(n), shanten_after = column<std::int8_t>(n), best_shanten = column<std::int8_t>(n);
  auto H = hand.mutable_unchecked<2>(), V = visible.mutable_unchecked<2>(), M = melds.mutable_unchecked<2>(),
       D = dora.mutable_unchecked<2>();
  auto B = best.mutable_unchecked<2>();
  auto hand_red = column<std::uint8_t>(n, 3), visible_red = column<std::uint8_t>(n, 3);
  auto HR = hand_red.mutable_unchecked<2>(), VR = visible_red.mutable_unchecked<2>();
  for (std::size_t i = 0; i < n; ++i) {
    const mjk_review_row& d = rv.rows[i];
    const auto row = static_cast<py::ssize_t>(i);
    for (std::size_t k = 0; k < k34; ++k) {
      const auto col = static_cast<py::ssize_t>(k);
      H(row, col) = d.hand[k];
      V(row, col) = d.visible[k];
      M(row, col) = d.melds[k];
      D(row, col) = d.dora[k];
      B(row, col) = d.best[k] != 0;
    }
    for (py::ssize_t suit = 0; suit < 3; ++suit) {
      HR(row, suit) = d.hand_red[suit];
      VR(row, suit) = d.visible_red[suit];
    }
    discard.mutable_at(i) = d.discard;
    red.mutable_at(i) = d.discard_red != 0;
    seat.mutable_at(i) = d.seat;
    seat_wind.mutable_at(i) = d.seat_wind;
    round.mutable_at(i) = d.round;
    turn.mutable_at(i) = d.turn;
    event.mutable_at(i) = d.event;
    riichi.mutable_at(i) = d.riichi != 0;
    reviewed.mutable_at(i) = d.reviewed != 0;
    shanten.mutable_at(i) = d.shanten;
    shanten_after.mutable_at(i) = d.shanten_after;
    best_shanten.mutable_at(i) = d.best_shanten;
    ukeire.mutable_at(i) = d.ukeire;
    best_ukeire.mutable_at(i) = d.best_ukeire;
  }
  py::dict o;
  o["file"] = summary["file"];
  o["format"] = summary["format"];
  o["players"] = summary["players"];
  py::list rounds;
  for (const py::handle rd : summary["rounds"]) rounds.append(rd["label"]);
  o["rounds"] = rounds;
  o["hand"] = hand, o["visible"] = visible, o["melds"] = melds, o["dora"] = dora;
  o["hand_red"] = hand_red, o["visible_red"] = visible_red;
  o["discard"] = discard, o["discard_red"] = red, o["seat"] = seat, o["seat_wind"] = seat_wind;
  o["round"] = round, o["turn"] = turn, o["event"] = event, o["riichi"] = riichi;
  o["reviewed"] = reviewed, o["shanten"] = shanten, o["shanten_after"] = shanten_after;
  o["ukeire"] = ukeire, o["best_shanten"] = best_shanten, o["best_ukeire"] = best_ukeire, o["best"] = best;
  o["disagreements"] = summary["disagreements"];  // each {file, round, event, what}
  // The replay's error, {file, round, event, error} in the JSON, keyed as a disagreement.
  const py::object error = summary["error"];
  if (error.is_none()) {
    o["error"] = py::none();
  } else {
    py::dict e;
    e["file"] = error["file"], e["round"] = error["round"], e["event"] = error["event"], e["what"] = error["error"];
    o["error"] = e;
  }
  o["summary_json"] = rv.json;  // rounds, wins, draws, scores, names: mjk.read_log parses it
  return o;
}

// The partial statistics as a dict of plain numbers and lists (picklable, for Dask) and back.
py::dict stats_dict(const mjk::records::CorpusStats& s) {
  py::dict o;
  mjk::records::CorpusStats::each_count([&](const char* name, const auto& v) { o[name] = v; }, s);
  mjk::records::CorpusStats::each_array(
      [&](const char* name, const auto& a) {
        py::list l;
        for (const auto v : a) l.append(v);
        o[name] = l;
      },
      s);
  py::list dis;
  for (const auto& d : s.disagreements) dis.append(disagreement_dict(d));
  o["disagreement_list"] = dis;
  py::list errs;
  for (const auto& e : s.errors) errs.append(e);
  o["error_list"] = errs;
  return o;
}

mjk::records::CorpusStats stats_of(const py::dict& o) {
  mjk::records::CorpusStats s;
  const auto need = [&](const char* name) {
    if (!o.contains(name)) throw py::key_error(std::string("partial statistics without ") + name);
    return o[name];
  };
  mjk::records::CorpusStats::each_count(
      [&](const char* name, auto& v) { v = need(name).cast<std::remove_reference_t<decltype(v)>>(); }, s);
  mjk::records::CorpusStats::each_array(
      [&](const char* name, auto& a) {
        const auto l = need(name).cast<py::list>();
        if (l.size() != a.size())
          throw py::value_error(std::string(name) + ": " + std::to_string(a.size()) + " values expected");
        for (std::size_t t = 0; t < a.size(); ++t) a[t] = l[t].cast<std::remove_reference_t<decltype(a[t])>>();
      },
      s);
  for (const auto d : need("disagreement_list").cast<py::list>()) {
    const auto x = d.cast<py::dict>();
    s.disagreements.push_back({x["file"].cast<std::string>(), x["round"].cast<std::string>(),
                               x["event"].cast<std::uint32_t>(), x["what"].cast<std::string>()});
  }
  for (const auto e : need("error_list").cast<py::list>()) s.errors.push_back(e.cast<std::string>());
  return s;
}

py::dict corpus_stats(const std::vector<std::string>& paths, std::uint64_t max_bytes) {
  const auto options = read_options(max_bytes);
  for (std::size_t i = 0; i < paths.size(); ++i) check_path(paths[i], "paths[" + std::to_string(i) + "] ");
  mjk::records::CorpusStats s;
  {
    py::gil_scoped_release release;
    s = mjk::records::corpus_stats(paths, options);
  }
  return stats_dict(s);
}

py::dict corpus_merge(const py::iterable& parts) {
  mjk::records::CorpusStats total;
  for (const auto p : parts) total.merge(stats_of(p.cast<py::dict>()));
  total.sort();
  return stats_dict(total);
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

// The strs a score object is made of, made once and shared by every answer
// (not new ones per answer). Never freed: a static Python object's
// destructor would run after the interpreter has finalised.
struct ScoreStrings {
  py::str yaku{"yaku"}, name{"name"}, han{"han"}, fu{"fu"}, yakuman{"yakuman"}, points{"points"}, payments{"payments"},
      en{"en"}, ja{"ja"}, limit{"limit"}, limit_en{"limit_en"}, limit_ja{"limit_ja"}, payment_text{"payment_text"},
      fu_details{"fu_details"}, reason{"reason"}, tiles{"tiles"}, wait{"wait"};
  // [language][index]: MJK_NAME_ID, _EN, _JA; index MJK_YAKU_COUNT ("unknown" rows) / limit 0 are None.
  std::array<std::vector<py::object>, 3> yaku_names, limit_names;
  std::vector<py::object> reasons, waits;
  ScoreStrings() {
    const auto str_or_none = [](const char* s) { return *s ? py::object(py::str(s)) : py::object(py::none()); };
    for (int lang = 0; lang < 3; ++lang) {
      for (int y = 0; y <= MJK_YAKU_COUNT; ++y)
        yaku_names[static_cast<std::size_t>(lang)].push_back(str_or_none(mjk_yaku_label(y, lang)));
      for (int l = 0; l < MJK_LIMIT_COUNT; ++l)
        limit_names[static_cast<std::size_t>(lang)].push_back(str_or_none(mjk_limit_label(l, lang)));
    }
    for (int r = 0; r <= MJK_FU_REASON_COUNT; ++r) reasons.emplace_back(py::str(mjk_fu_reason_name(r)));
    for (int w = 0; w <= MJK_WAIT_KOKUSHI13 + 1; ++w) waits.emplace_back(py::str(mjk_wait_name(w)));
  }
};

// The "score" object of `mjk --json` (SCORING.md §2, then the readable
// fields) for a scored line: None when the hand is not complete with its
// winning tile. Built here from the library's pieces (mjk_score_yaku,
// mjk_score_readable, the label tables): the tests hold it equal to
// analyse()'s, key for key.
py::object score_object(const mjk::bind::LineScore& s) {
  const mjk_score_result& r = *s.result;
  if (!r.complete) return py::none();
  static const ScoreStrings& k = *new ScoreStrings;
  const auto at = [](const std::vector<py::object>& v, int i) -> const py::object& {
    return v[static_cast<std::size_t>(
        i >= 0 && static_cast<std::size_t>(i) < v.size() ? i : static_cast<int>(v.size()) - 1)];
  };
  std::array<mjk_yaku_value, MJK_YAKU_COUNT> values;
  const std::size_t n = mjk::bind::score_yaku(s, values);
  py::list yaku(n);
  for (std::size_t i = 0; i < n; ++i) {
    py::dict y;
    const int id = values[i].yaku;
    y[k.name] = at(k.yaku_names[MJK_NAME_ID], id);
    if (values[i].yakuman) y[k.yakuman] = py::int_(values[i].yakuman);
    else y[k.han] = py::int_(values[i].han);
    y[k.en] = at(k.yaku_names[MJK_NAME_EN], id);
    y[k.ja] = at(k.yaku_names[MJK_NAME_JA], id);
    yaku[i] = std::move(y);
  }
  py::dict d;
  d[k.yaku] = std::move(yaku);
  const bool yakuman_hand = r.yakuman > 0;
  d[k.han] = yakuman_hand ? py::object(py::none()) : py::object(py::int_(r.han));
  d[k.fu] = yakuman_hand || r.fu == 0 ? py::object(py::none()) : py::object(py::int_(r.fu));
  d[k.yakuman] = py::int_(r.yakuman);
  d[k.points] = py::int_(r.points);
  py::list pay(4);
  for (std::size_t i = 0; i < 4; ++i) pay[i] = py::int_(r.payments[i]);
  d[k.payments] = std::move(pay);
  const mjk_readable words = mjk::bind::readable(s);
  d[k.limit] = at(k.limit_names[MJK_NAME_ID], words.limit);
  d[k.limit_en] = at(k.limit_names[MJK_NAME_EN], words.limit);
  d[k.limit_ja] = at(k.limit_names[MJK_NAME_JA], words.limit);
  d[k.payment_text] = words.payment_text[0] ? py::object(py::str(words.payment_text)) : py::object(py::none());
  py::list fu(words.fu_count);
  for (std::size_t i = 0; i < words.fu_count; ++i) {
    const mjk_fu_part& p = words.fu[i];
    py::dict part;
    part[k.reason] = at(k.reasons, p.reason);
    std::array<char, 6> buf;
    if (const std::string_view tiles = mjk::bind::part_tiles(p, buf); !tiles.empty())
      part[k.tiles] = py::str(tiles.data(), tiles.size());
    if (p.reason == MJK_FU_WAIT) part[k.wait] = at(k.waits, p.wait);
    part[k.fu] = py::int_(p.fu);
    fu[i] = std::move(part);
  }
  d[k.fu_details] = std::move(fu);
  return d;
}

// score_many(lines) -> (answers, errors): answers[i] the score object (or
// None); errors a list of (row, code, message) of the rejected lines (their
// answers are None). Parsing and scoring run without the GIL.
py::tuple score_many(const py::list& list) {
  const Lines lines = lines_of(list);
  const std::size_t n = lines.views.size();
  struct Kept {
    mjk_score_request request;
    mjk_score_result result;
  };
  std::vector<Kept> kept(n);
  std::vector<std::tuple<std::size_t, int, std::string>> bad;
  {
    py::gil_scoped_release release;
    mjk::bind::score_lines(
        n, [&](std::size_t i) { return lines.views[i]; },
        [&](std::size_t i, const mjk::bind::LineScore& s) {
          kept[i] = {*s.request, *s.result};
          if (s.code != MJK_OK) bad.emplace_back(i, s.code, s.message);
        });
  }
  py::list answers(n);
  for (std::size_t i = 0; i < n; ++i) {
    mjk::bind::LineScore s;
    s.rules = &kept[i].request.rules;
    s.result = &kept[i].result;
    s.request = &kept[i].request;
    answers[i] = score_object(s);
  }
  py::list errors;
  for (const auto& [row, code, message] : bad) errors.append(py::make_tuple(row, code, message));
  return py::make_tuple(answers, errors);
}

// score_each_win(line) -> (code, message, answers): answers a list of
// (tile name, score object or None, code) for the 34 kinds (a tile's own
// error: its code, its object None); code and message the request's own
// error (then answers is empty). Parsing and scoring run without the GIL.
py::tuple score_each_win(const py::bytes& line) {
  const std::string text = line;
  mjk::bind::EachWin each;
  {
    py::gil_scoped_release release;
    mjk::bind::score_each_win_line(text, each);
  }
  py::list answers;
  if (each.code == MJK_OK) {
    for (std::size_t k = 0; k < MJK_KINDS; ++k) {
      const mjk_score_request won = each.won_on(k);
      mjk::bind::LineScore s;
      s.rules = &won.rules;
      s.result = &each.results[k];
      s.request = &won;
      answers.append(py::make_tuple(mjk::bind::kind_name(k), score_object(s), each.codes[k]));
    }
  }
  return py::make_tuple(each.code, each.message, answers);
}

// score_batch(lines, complete, han, fu, yakuman, points, payments, yaku, codes):
// the answers into the caller's arrays (n each; payments n*4), without the GIL.
void score_batch(const py::list& list, const py::array& complete, const py::array& han, const py::array& fu,
                 const py::array& yakuman, const py::array& points, const py::array& payments, const py::array& yaku,
                 const py::array& codes) {
  const Lines lines = lines_of(list);
  const std::size_t n = lines.views.size();
  auto* o_complete = bytes_of(complete, n, "complete", true);
  auto* o_han = reinterpret_cast<std::int8_t*>(bytes_of(han, n, "han", true));
  auto* o_fu = bytes_of(fu, n, "fu", true);
  auto* o_yakuman = bytes_of(yakuman, n, "yakuman", true);
  auto* o_codes = bytes_of(codes, n, "codes", true);
  const auto wide = [&](const py::array& a, std::size_t items, std::size_t size, const char* what) {
    if (a.itemsize() != static_cast<py::ssize_t>(size) || !(a.flags() & py::array::c_style) || !a.writeable() ||
        static_cast<std::size_t>(a.size()) != items)
      throw py::value_error(std::string(what) + ": expected a writeable C-contiguous array of " +
                            std::to_string(items) + " items of " + std::to_string(size) + " bytes");
    return static_cast<void*>(const_cast<void*>(a.data()));
  };
  auto* o_points = static_cast<std::int32_t*>(wide(points, n, 4, "points"));
  auto* o_payments = static_cast<std::int32_t*>(wide(payments, 4 * n, 4, "payments"));
  auto* o_yaku = static_cast<std::uint64_t*>(wide(yaku, n, 8, "yaku"));
  py::gil_scoped_release release;
  mjk::bind::score_lines(
      n, [&](std::size_t i) { return lines.views[i]; },
      [&](std::size_t i, const mjk::bind::LineScore& s) {
        const mjk_score_result& r = *s.result;
        o_complete[i] = r.complete;
        o_han[i] = static_cast<std::int8_t>(r.han);
        o_fu[i] = r.fu;
        o_yakuman[i] = r.yakuman;
        o_points[i] = r.points;
        for (std::size_t k = 0; k < 4; ++k) o_payments[4 * i + k] = r.payments[k];
        o_yaku[i] = r.yaku;
        o_codes[i] = s.code;
      });
}

py::list yaku_names() {
  py::list names;
  for (int y = 0; y < MJK_YAKU_COUNT; ++y) names.append(py::str(mjk_yaku_name(y)));
  return names;
}

}  // namespace

void add_ev(py::module_& m);  // _native_ev.cpp: the expected value

void add_table(py::module_& m);  // _native_table.cpp: whole games (mjk.Table, mjk.Tables)

PYBIND11_MODULE(_native, m) {
  m.doc() = "mjk's native half; use the mjk package";
  m.def("operations", &operations);
  m.def("run", &run);
  m.def("parse", &parse);
  m.def("analyse", &analyse);
  m.def("score_many", &score_many);
  m.def("score_batch", &score_batch);
  m.def("score_each_win", &score_each_win);
  m.def("yaku_names", &yaku_names);
  m.def("error_message", [](int code) {
    if (code < 0 || code > 255) throw py::value_error("error codes are 0..255");
    return std::string(mjk_error_message(code));
  });
  m.def("implementation", [] { return std::string(mjk_implementation()); });
  add_ev(m);
  add_table(m);
  m.attr("library_version") = mjk_version();
  m.attr("default_max_record_bytes") = mjk::records::default_max_record_bytes;
  m.def("read_log", &read_log, py::arg("path"), py::arg("max_bytes") = mjk::records::default_max_record_bytes);
  m.def("corpus_stats", &corpus_stats, py::arg("paths"), py::arg("max_bytes") = mjk::records::default_max_record_bytes,
        "The partial statistics of these records (one thread): a dict of sums and counts");
  m.def("corpus_merge", &corpus_merge, py::arg("parts"), "Partial statistics merged (exactly) into one");
  m.def(
      "corpus_json",
      [](const py::dict& s) {
        auto stats = stats_of(s);
        stats.sort();
        return mjk::records::corpus_json(stats);
      },
      py::arg("stats"), "The object `mjk log --stats --json` prints, as its text");
  m.def(
      "corpus_text",
      [](const py::dict& s) {
        auto stats = stats_of(s);
        stats.sort();
        return mjk::records::corpus_text(stats);
      },
      py::arg("stats"));
}
