// What the Python package and the Node addon share: every batch operation of
// the C ABI (mjk.h) run on rows of 34 counts, its answer spread into flat,
// caller-allocated arrays (one per output, row-major, masks as 0/1 bytes),
// and one error code per row. Every byte of every output row is written, so
// the callers may pass uninitialised arrays. Each binding only allocates the arrays the
// table below describes and shapes them; no analysis happens outside the kernel.
//
//   operation        C ABI                 outputs (name dtype shape-per-row)
//   is_agari         mjk_is_agari          value bool ()
//   agari_forms      mjk_agari_forms       value uint8 ()   MJK_FORM_*_BIT flags
//   waits            mjk_waits_rows        value bool (34)
//   waits_by_form    mjk_waits_by_form     value bool (3, 34)   standard, chiitoi, kokushi
//   tenpai_discards  mjk_tenpai_discards   discards bool (34), waits bool (34, 34) [discarded kind][wait kind]
//   shanten          mjk_shanten           best, standard, chiitoi, kokushi int8 ()  (127: not applicable)
//   necessary_tiles  mjk_necessary_tiles   shanten int8 (), ukeire uint8 (), tiles bool (34)
//   advice           mjk_advice            count uint8 (), discard uint8 (14) (kind; 255 past count),
//                                          shanten int8 (14), ukeire uint8 (14), necessary bool (14, 34)
//   decompositions   mjk_decompositions    count uint8 (), form uint8 (16) (MJK_FORM_*), block_count uint8 (16),
//                                          win int8 (16), wait int8 (16) (MJK_WAIT_*), block_kind uint8 (16, 13)
//                                          (MJK_BLOCK_*), block_first uint8 (16, 13) (the lowest kind);
//                                          readings past count are zero. Reads `winning` (int8 per row, -1: none).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "mjk.h"

namespace mjk::bind {

enum class DType : std::uint8_t { boolean, uint8, int8 };

struct Output {
  std::string_view name;
  DType dtype = DType::boolean;
  std::uint8_t dims = 0;  // per row: 0, 1 or 2
  std::array<std::uint16_t, 2> shape{};
  [[nodiscard]] constexpr std::size_t per_row() const noexcept {
    return dims == 0 ? 1 : dims == 1 ? shape[0] : std::size_t{shape[0]} * shape[1];
  }
};

inline constexpr std::size_t max_outputs = 7;
inline constexpr std::size_t row = MJK_KINDS;  // 34 counts per hand

// Where a batch reads and writes. visible_rows: 0 (none), 1 (shared) or n.
struct Batch {
  const std::uint8_t* rows = nullptr;
  std::size_t n = 0;
  int players = 4;
  const std::uint8_t* visible = nullptr;
  std::size_t visible_rows = 0;
  const std::int8_t* winning = nullptr;      // decompositions: n kinds (-1: none), or null
  std::uint8_t* errors = nullptr;            // n codes (MJK_OK or MJK_ERR_*)
  std::array<void*, max_outputs> outputs{};  // as many as the operation has
};

struct Operation {
  std::string_view name;
  std::string_view question;  // "complete" (3k+2), "waits" (3k+1), "shanten" (either)
  bool reads_visible = false;
  bool reads_winning = false;
  std::uint8_t output_count = 0;
  std::array<Output, max_outputs> outputs{};
  int (*run)(const Batch&) = nullptr;  // MJK_OK, or the error that stopped the whole call
};

namespace detail {

constexpr Output scalar(std::string_view name, DType t) { return {name, t, 0, {}}; }
constexpr Output vec(std::string_view name, DType t, std::uint16_t a) { return {name, t, 1, {a, 0}}; }
constexpr Output mat(std::string_view name, DType t, std::uint16_t a, std::uint16_t b) { return {name, t, 2, {a, b}}; }

// Eight bits -> eight bytes of 0/1.
constexpr std::array<std::uint64_t, 256> spread = [] {
  std::array<std::uint64_t, 256> t{};
  for (unsigned b = 0; b < 256; ++b)
    for (unsigned i = 0; i < 8; ++i) t[b] |= std::uint64_t{(b >> i) & 1u} << (8 * i);
  return t;
}();

// 34 bytes of 0/1 from a kind mask.
inline void put_mask(std::uint8_t* out, std::uint64_t bits) noexcept {
  // Four 8-byte stores and one 2-byte store, straight into the row.
  for (int i = 0; i < 4; ++i, bits >>= 8) std::memcpy(out + 8 * i, &spread[bits & 0xff], 8);
  std::memcpy(out + 32, &spread[bits & 0x3], 2);
}

template <class O>
O* at(const Batch& b, std::size_t k) noexcept {
  return static_cast<O*>(b.outputs[k]);
}

inline const std::uint8_t* visible_for(const Batch& b, std::size_t base) noexcept {
  return b.visible_rows > 1 ? b.visible + base * row : b.visible;
}
inline std::size_t visible_stride(const Batch& b) noexcept { return b.visible_rows > 1 ? row : 0; }

// Operations whose C output is already one byte per row: straight into the output.
template <int (*F)(const std::uint8_t*, std::size_t, int, std::uint8_t*, std::uint8_t*)>
int run_bytes(const Batch& b) {
  return F(b.rows, b.n, b.players, at<std::uint8_t>(b, 0), b.errors);
}

// The others: the C ABI's structs for a chunk of rows (so they stay in
// cache), then spread into the outputs.
template <class T, class Call, class Write>
int run_chunked(const Batch& b, Call call, Write write) {
  constexpr std::size_t chunk = 512;
  std::vector<T> tmp(b.n < chunk ? b.n : chunk);
  for (std::size_t base = 0; base < b.n; base += chunk) {
    const std::size_t c = b.n - base < chunk ? b.n - base : chunk;
    if (const int e = call(b, base, c, tmp.data()); e != MJK_OK) return e;
    for (std::size_t i = 0; i < c; ++i) write(b, base + i, tmp[i]);
  }
  return MJK_OK;
}

inline int waits(const Batch& b) {  // the C ABI writes the 0/1 rows itself
  return mjk_waits_rows(b.rows, b.n, b.players, at<std::uint8_t>(b, 0), b.errors);
}

inline int waits_by_form(const Batch& b) {
  return run_chunked<mjk_form_waits>(
      b,
      [](const Batch& x, std::size_t base, std::size_t c, mjk_form_waits* t) {
        return mjk_waits_by_form(x.rows + base * row, c, x.players, t, x.errors + base);
      },
      [](const Batch& x, std::size_t i, const mjk_form_waits& w) {
        std::uint8_t* o = at<std::uint8_t>(x, 0) + i * 3 * row;
        put_mask(o, w.standard);
        put_mask(o + row, w.chiitoi);
        put_mask(o + 2 * row, w.kokushi);
      });
}

inline int tenpai_discards(const Batch& b) {
  return run_chunked<mjk_tenpai_result>(
      b,
      [](const Batch& x, std::size_t base, std::size_t c, mjk_tenpai_result* t) {
        return mjk_tenpai_discards(x.rows + base * row, c, x.players, t, x.errors + base);
      },
      [](const Batch& x, std::size_t i, const mjk_tenpai_result& d) {
        put_mask(at<std::uint8_t>(x, 0) + i * row, d.discards);
        std::uint8_t* w = at<std::uint8_t>(x, 1) + i * row * row;
        for (std::size_t k = 0; k < row; ++k) put_mask(w + k * row, d.waits[k]);
      });
}

inline int shanten(const Batch& b) {
  return run_chunked<mjk_shanten_forms>(
      b,
      [](const Batch& x, std::size_t base, std::size_t c, mjk_shanten_forms* t) {
        return mjk_shanten(x.rows + base * row, c, x.players, t, x.errors + base);
      },
      [](const Batch& x, std::size_t i, const mjk_shanten_forms& s) {
        at<std::int8_t>(x, 0)[i] = s.best;
        at<std::int8_t>(x, 1)[i] = s.standard;
        at<std::int8_t>(x, 2)[i] = s.chiitoi;
        at<std::int8_t>(x, 3)[i] = s.kokushi;
      });
}

inline int necessary_tiles(const Batch& b) {
  return run_chunked<mjk_necessary>(
      b,
      [](const Batch& x, std::size_t base, std::size_t c, mjk_necessary* t) {
        return mjk_necessary_tiles(x.rows + base * row, c, x.players, visible_for(x, base), visible_stride(x), t,
                                   x.errors + base);
      },
      [](const Batch& x, std::size_t i, const mjk_necessary& s) {
        at<std::int8_t>(x, 0)[i] = s.shanten;
        at<std::uint8_t>(x, 1)[i] = s.ukeire;
        put_mask(at<std::uint8_t>(x, 2) + i * row, s.tiles);
      });
}

inline int advice(const Batch& b) {
  return run_chunked<mjk_advice_result>(
      b,
      [](const Batch& x, std::size_t base, std::size_t c, mjk_advice_result* t) {
        return mjk_advice(x.rows + base * row, c, x.players, visible_for(x, base), visible_stride(x), t,
                          x.errors + base);
      },
      [](const Batch& x, std::size_t i, const mjk_advice_result& a) {
        constexpr std::size_t m = 14;
        at<std::uint8_t>(x, 0)[i] = a.count;
        for (std::size_t k = 0; k < m; ++k) {
          const bool used = k < a.count;
          const mjk_discard_option& o = a.options[k];
          at<std::uint8_t>(x, 1)[i * m + k] = used ? o.discard : 255;
          at<std::int8_t>(x, 2)[i * m + k] = used ? o.shanten : 0;
          at<std::uint8_t>(x, 3)[i * m + k] = used ? o.ukeire : 0;
          put_mask(at<std::uint8_t>(x, 4) + (i * m + k) * row, used ? o.necessary : 0);
        }
      });
}

inline int decompositions(const Batch& b) {
  constexpr std::size_t chunk = 256, most = MJK_MAX_DECOMPOSITIONS, blocks = 13;
  std::vector<mjk_decomposition> storage(chunk * most);
  std::vector<mjk_slice> slices(chunk);
  for (std::size_t base = 0; base < b.n; base += chunk) {
    const std::size_t c = b.n - base < chunk ? b.n - base : chunk;
    const int e = mjk_decompositions(b.rows + base * row, c, b.winning ? b.winning + base : nullptr, b.players,
                                     storage.data(), storage.size(), slices.data(), b.errors + base);
    if (e != MJK_OK) return e;
    for (std::size_t i = 0; i < c; ++i) {
      const std::size_t r = base + i;
      const mjk_slice s = slices[i];
      const std::size_t count = s.count < most ? s.count : most;
      at<std::uint8_t>(b, 0)[r] = static_cast<std::uint8_t>(count);
      for (std::size_t k = 1; k < 7; ++k) {  // readings past count are zero
        const std::size_t per = k < 5 ? most : most * blocks;
        std::memset(at<std::uint8_t>(b, k) + r * per, 0, per);
      }
      for (std::size_t k = 0; k < count; ++k) {
        const mjk_decomposition& d = storage[s.offset + k];
        at<std::uint8_t>(b, 1)[r * most + k] = d.form;
        at<std::uint8_t>(b, 2)[r * most + k] = d.block_count;
        at<std::int8_t>(b, 3)[r * most + k] = d.win;
        at<std::int8_t>(b, 4)[r * most + k] = d.wait;
        for (std::size_t j = 0; j < blocks && j < d.block_count; ++j) {
          at<std::uint8_t>(b, 5)[(r * most + k) * blocks + j] = d.blocks[j].kind;
          at<std::uint8_t>(b, 6)[(r * most + k) * blocks + j] = d.blocks[j].first;
        }
      }
    }
  }
  return MJK_OK;
}

}  // namespace detail

// Every batch operation of the C ABI.
inline std::span<const Operation> operations() {
  using enum DType;
  using namespace detail;
  static const Operation table[] = {
      {"is_agari", "complete", false, false, 1, {scalar("value", boolean)}, &run_bytes<mjk_is_agari>},
      {"agari_forms", "complete", false, false, 1, {scalar("value", uint8)}, &run_bytes<mjk_agari_forms>},
      {"waits", "waits", false, false, 1, {vec("value", boolean, 34)}, &detail::waits},
      {"waits_by_form", "waits", false, false, 1, {mat("value", boolean, 3, 34)}, &detail::waits_by_form},
      {"tenpai_discards",
       "complete",
       false,
       false,
       2,
       {vec("discards", boolean, 34), mat("waits", boolean, 34, 34)},
       &detail::tenpai_discards},
      {"shanten",
       "shanten",
       false,
       false,
       4,
       {scalar("best", int8), scalar("standard", int8), scalar("chiitoi", int8), scalar("kokushi", int8)},
       &detail::shanten},
      {"necessary_tiles",
       "waits",
       true,
       false,
       3,
       {scalar("shanten", int8), scalar("ukeire", uint8), vec("tiles", boolean, 34)},
       &detail::necessary_tiles},
      {"advice",
       "complete",
       true,
       false,
       5,
       {scalar("count", uint8), vec("discard", uint8, 14), vec("shanten", int8, 14), vec("ukeire", uint8, 14),
        mat("necessary", boolean, 14, 34)},
       &detail::advice},
      {"decompositions",
       "complete",
       false,
       true,
       7,
       {scalar("count", uint8), vec("form", uint8, 16), vec("block_count", uint8, 16), vec("win", int8, 16),
        vec("wait", int8, 16), mat("block_kind", uint8, 16, 13), mat("block_first", uint8, 16, 13)},
       &detail::decompositions},
  };
  return table;
}

// mjk.h: no output may overlap an input or another output. The bindings'
// callers may pass views of one buffer anywhere, so before a batch runs an
// input that overlaps an output is copied (as numpy's ufuncs do), and outputs
// that overlap each other are refused (no order of writes answers both).
// Returns "" when b may run, else why not; the copies live in `copies`
// until the batch has run.
inline std::string unalias(const Operation& op, Batch& b, std::vector<std::uint8_t>& copies) {
  struct Extent {
    const void* p;
    std::size_t bytes;
    std::string_view name;
  };
  // Addresses as integers: comparing pointers into different objects is undefined.
  const auto overlap = [](const Extent& x, const Extent& y) {
    const auto a = reinterpret_cast<std::uintptr_t>(x.p), c = reinterpret_cast<std::uintptr_t>(y.p);
    return x.bytes && y.bytes && a < c + y.bytes && c < a + x.bytes;
  };
  std::array<Extent, max_outputs + 1> outs{};
  std::size_t m = 0;
  outs[m++] = {b.errors, b.n, "errors"};
  for (std::size_t k = 0; k < op.output_count; ++k)
    outs[m++] = {b.outputs[k], b.n * op.outputs[k].per_row(), op.outputs[k].name};
  for (std::size_t i = 0; i < m; ++i)
    for (std::size_t j = i + 1; j < m; ++j)
      if (overlap(outs[i], outs[j]))
        return "outputs " + std::string(outs[i].name) + " and " + std::string(outs[j].name) + " overlap";
  const Extent ins[] = {{b.rows, b.n * row, "rows"},
                        {b.visible, b.visible_rows * row, "visible"},
                        {b.winning, b.winning ? b.n : 0, "winning"}};
  bool aliased[std::size(ins)] = {};
  std::size_t total = 0;
  for (std::size_t i = 0; i < std::size(ins); ++i)
    for (std::size_t k = 0; k < m && !aliased[i]; ++k)
      if (overlap(ins[i], outs[k])) aliased[i] = true, total += ins[i].bytes;
  if (total == 0) return {};
  copies.clear();
  copies.reserve(total);  // no reallocation below: the copies stay where they are
  const auto copy = [&](std::size_t i) {
    const auto* p = static_cast<const std::uint8_t*>(ins[i].p);
    copies.insert(copies.end(), p, p + ins[i].bytes);
    return copies.data() + copies.size() - ins[i].bytes;
  };
  if (aliased[0]) b.rows = copy(0);
  if (aliased[1]) b.visible = copy(1);
  if (aliased[2]) b.winning = reinterpret_cast<const std::int8_t*>(copy(2));
  return {};
}

inline const Operation* find_operation(std::string_view name) {
  for (const Operation& op : operations())
    if (op.name == name) return &op;
  return nullptr;
}

// Why text does not parse, as the CLI says it ("" if it parses).
inline std::string parse_message(const std::string& text) {
  char buf[MJK_MAX_MESSAGE];
  mjk_parse_message(text.data(), text.size(), buf, sizeof buf);
  return buf;
}

// The line `mjk --json TEXT` prints (without the newline) and, in `info`,
// the line's own error (MJK_OK when the hand was answered); any bytes (a NUL
// is an unknown character, as for the CLI and parse). Returns MJK_OK, or the
// error of the call (players, cancelled...).
inline int analyse_json(std::string_view text, int players, const std::uint8_t* visible34, std::string& out,
                        mjk_request_info& info, const mjk_cancel* cancel = nullptr) {
  std::size_t needed = 0;
  // Room for nearly every answer at once (a 14-tile hand's advice, discards
  // and score take 1-3 KiB): a second call analyses the hand again.
  if (out.size() < 8192) out.resize(8192);
  int e = mjk_analyse_json_info(text.data(), text.size(), players, visible34, cancel, out.data(), out.size(), &needed,
                                &info);
  if (e == MJK_ERR_OUTPUT_TOO_SMALL && !mjk_cancel_requested(cancel)) {
    out.resize(needed);
    e = mjk_analyse_json_info(text.data(), text.size(), players, visible34, cancel, out.data(), out.size(), &needed,
                              &info);
  }
  if (mjk_cancel_requested(cancel)) e = MJK_ERR_CANCELLED;
  out.resize(e == MJK_OK && needed > 0 ? needed - 1 : 0);
  return e;
}

}  // namespace mjk::bind

// ---- scoring request lines (SCORING.md) ----
// What Python's score/score_many/score_batch and Node's score/scoreMany
// share: each line (a JSON request object, or mpsz text with meld words and
// the winning tile) parsed by mjk_parse_request and scored by mjk_score, a
// chunk at a time. No scoring happens here.
namespace mjk::bind {

// The sentence for a line that names no winning tile (nothing to score).
inline constexpr const char* no_win_message = "nothing to score: the request names no winning tile (\"win\")";
inline constexpr const char* each_win_message =
    "nothing to score: the request asks \"each_win\" (every winning tile of its hand): score_each_win (Node: scoreEachWin) answers it";

// One line's answer. code: MJK_OK or why the line was rejected (then result
// is zero and message holds the sentence, NUL-terminated).
struct LineScore {
  std::uint8_t code = MJK_OK;
  const char* message = "";
  const mjk_score_result* result = nullptr;
  const mjk_score_request* request = nullptr;  // what was scored (score_json reads it)
};

// A score batch's columns, one row a line (the bindings' arrays): put()
// writes line i's answer, so both bindings shape a batch the same way.
struct ScoreColumns {
  std::uint8_t* complete;
  std::int8_t* han;
  std::uint8_t* fu;
  std::uint8_t* yakuman;
  std::int32_t* points;
  std::int32_t* payments;  // 4 a line
  std::uint64_t* yaku;
  std::uint8_t* codes;
  void put(std::size_t i, const LineScore& s) const noexcept {
    const mjk_score_result& r = *s.result;
    complete[i] = r.complete;
    han[i] = static_cast<std::int8_t>(r.han);
    fu[i] = r.fu;
    yakuman[i] = r.yakuman;
    points[i] = r.points;
    for (std::size_t k = 0; k < 4; ++k) payments[4 * i + k] = r.payments[k];
    yaku[i] = r.yaku;
    codes[i] = s.code;
  }
};

// Scores n lines (line(i) -> std::string_view), calling each(i, const LineScore&) in order.
// built (NULL: none): one byte per line, 1 where the binding wrote the line
// from its caller's fields, whose errors then name the field's character
// (mjk_request_error_in_field).
template <class Line, class Each>
void score_lines(std::size_t n, Line line, Each each, const std::uint8_t* built = nullptr) {
  constexpr std::size_t chunk = 256;
  std::vector<mjk_score_request> requests(n < chunk ? n : chunk);
  std::vector<mjk_score_result> results(requests.size());
  std::vector<mjk_request_info> infos(requests.size());
  std::vector<std::uint8_t> codes(requests.size());
  for (std::size_t base = 0; base < n; base += chunk) {
    const std::size_t c = n - base < chunk ? n - base : chunk;
    for (std::size_t i = 0; i < c; ++i) {
      const std::string_view text = line(base + i);
      if (mjk_parse_request(text.data(), text.size(), &requests[i], nullptr, &infos[i]) != MJK_OK && built &&
          built[base + i])
        mjk_request_error_in_field(text.data(), text.size(), &infos[i]);
    }
    mjk_score(requests.data(), c, results.data(), codes.data());  // only NULL pointers fail, and none is
    for (std::size_t i = 0; i < c; ++i) {
      LineScore s;
      s.result = &results[i];
      s.request = &requests[i];
      if (infos[i].error != MJK_OK) {
        s.code = infos[i].error;
        s.message = infos[i].message;
      } else if (!infos[i].has_win) {
        s.code = MJK_ERR_BAD_WINNING_TILE;
        s.message = infos[i].each_win ? each_win_message : no_win_message;
      } else if (codes[i] != MJK_OK) {  // e.g. a short hand written without its melds
        s.code = codes[i];
        s.message = mjk_error_message(codes[i]);
      }
      if (s.code != MJK_OK) results[i] = mjk_score_result{};
      each(base + i, s);
    }
  }
}

// The "score" object of a scored request after what `out` holds, exactly as
// `mjk --json` writes it (mjk_score_json; "null": not complete). MJK_OK or
// the library's error.
inline int append_score_json(const mjk_score_request& request, const mjk_score_result& result, std::string& out) {
  // Written straight after what is there; grown and written again if it did not fit.
  const std::size_t at = out.size();
  for (std::size_t room = 1024;;) {
    out.resize(at + room);
    std::size_t needed = 0;
    const int e = mjk_score_json(&request, &result, out.data() + at, room, &needed);
    out.resize(e == MJK_OK ? at + needed - 1 : at);
    if (e != MJK_ERR_OUTPUT_TOO_SMALL) return e;
    room = needed;
  }
}

// A rejected line: its row, code and sentence.
struct BadLine {
  std::size_t row;
  int code;
  std::string message;
};

// Scores n lines into the JSON text of one array holding each line's "score"
// object (null for a rejected line, listed in `bad`, or a hand not complete):
// the binding parses the whole array at once, which its JSON reader does
// faster than a native loop builds the objects. MJK_OK or the library's error.
template <class Line>
int score_many_json(std::size_t n, Line line, std::string& answers, std::vector<BadLine>& bad,
                    const std::uint8_t* built = nullptr) {
  answers = "[";
  answers.reserve(n * 640 + 2);
  int status = MJK_OK;
  score_lines(
      n, line,
      [&](std::size_t i, const LineScore& s) {
        if (i) answers += ',';
        if (s.code != MJK_OK) {
          bad.push_back({i, s.code, s.message});
          answers += "null";
        } else if (const int e = append_score_json(*s.request, *s.result, answers); e != MJK_OK) {
          status = e;
        }
      },
      built);
  answers += ']';
  return status;
}

// ---- every winning tile of a waiting hand (the wait table) ----
// What Python's score_each_win and Node's scoreEachWin share: a line naming
// no winning tile parsed by mjk_parse_request and scored by
// mjk_score_each_win, one answer per tile kind.
struct EachWin {
  std::uint8_t code = MJK_OK;  // the request's own error (then message says it and nothing else is set)
  std::string message;
  mjk_score_request request{};  // the waiting hand's
  std::array<mjk_score_result, MJK_KINDS> results{};
  std::array<std::uint8_t, MJK_KINDS> codes{};  // a tile's own error (a fifth copy, 2m-8m with three players)
  // The request results[k] answers: the hand with a tile of kind k added and won.
  [[nodiscard]] mjk_score_request won_on(std::size_t k) const {
    mjk_score_request r = request;
    ++r.counts[k];
    r.win = static_cast<std::uint8_t>(k);
    r.win_red = 0;
    return r;
  }
};

// A kind's mpsz name ("5s"), for the answers' keys.
inline std::string kind_name(std::size_t k) { return {"123456789"[k % 9], "mpsz"[k / 9]}; }

// built: the binding wrote the line from its caller's fields (score_lines).
inline void score_each_win_line(std::string_view text, EachWin& out, bool built = false) {
  mjk_request_info info;
  std::array<std::uint8_t, MJK_KINDS> visible{};
  if (mjk_parse_request(text.data(), text.size(), &out.request, visible.data(), &info) != MJK_OK) {
    if (built) mjk_request_error_in_field(text.data(), text.size(), &info);
    out.code = info.error;
    out.message = info.message;
    return;
  }
  if (info.has_win) {
    out.code = MJK_ERR_BAD_WINNING_TILE;
    out.message = "the request names a winning tile (\"win\"): every winning tile is scored on the hand without it";
    return;
  }
  out.code = static_cast<std::uint8_t>(mjk_score_each_win_visible(
      &out.request, info.any_visible ? visible.data() : nullptr, out.results.data(), out.codes.data()));
  if (out.code == MJK_OK) return;
  out.message = mjk_error_message(out.code);
  if (out.code == MJK_ERR_WRONG_TILE_COUNT || out.code == MJK_ERR_WRONG_MELD_COUNT) {
    int tiles = 0;
    for (const std::uint8_t n : out.request.counts) tiles += n;
    out.message += ": a waiting hand holds 13 tiles less 3 per meld, without the winning tile (this one " +
                   std::to_string(tiles) + " with " + std::to_string(out.request.meld_count) + " melds)";
  }
}

// The answers of score_each_win_line (code MJK_OK) as the JSON text of one
// object {tile: "score" object} for the tiles that complete the hand, in tile
// order, and the tiles that cannot be added with their codes. MJK_OK or the
// library's error.
inline int each_win_json(const EachWin& each, std::string& answers,
                         std::vector<std::pair<std::string, int>>& tile_errors) {
  answers = "{";
  for (std::size_t k = 0; k < MJK_KINDS; ++k) {
    const std::string tile = kind_name(k);
    if (each.codes[k] != MJK_OK) tile_errors.emplace_back(tile, each.codes[k]);
    if (each.codes[k] != MJK_OK || !each.results[k].complete) continue;
    answers += (answers.size() > 1 ? ",\"" : "\"") + tile + "\":";
    if (const int e = append_score_json(each.won_on(k), each.results[k], answers); e != MJK_OK) return e;
  }
  answers += '}';
  return MJK_OK;
}

}  // namespace mjk::bind
