// mjk_batch_*: every batch operation of mjk.h described and run on a door's
// flat arrays (mjk_doors.h): the C structs of a chunk of rows spread into
// one array per output, one error code per row, every byte written, and an
// input that overlaps an output copied first. Written once here for the
// Python package and the Node addon, which only allocate what the table
// says and shape it.
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <new>
#include <string>
#include <string_view>
#include <vector>

#include "c_convert.hpp"
#include "mjk.h"

namespace {

constexpr std::size_t row = MJK_KINDS;

constexpr mjk_batch_output scalar(const char* name, const char* dtype) { return {name, dtype, 0, {0, 0}, 1}; }
constexpr mjk_batch_output vec(const char* name, const char* dtype, std::uint16_t a) {
  return {name, dtype, 1, {a, 0}, a};
}
constexpr mjk_batch_output mat(const char* name, const char* dtype, std::uint16_t a, std::uint16_t b) {
  return {name, dtype, 2, {a, b}, static_cast<std::uint32_t>(a) * b};
}

template <class O>
O* at(const mjk_batch& b, std::size_t k) noexcept {
  return static_cast<O*>(b.outputs[k]);
}
const std::uint8_t* visible_for(const mjk_batch& b, std::size_t base) noexcept {
  return b.visible_rows > 1 ? b.visible + base * row : b.visible;
}
std::size_t visible_stride(const mjk_batch& b) noexcept { return b.visible_rows > 1 ? row : 0; }

// Operations whose C output is already one byte per row: straight into the output.
template <int (*F)(const std::uint8_t*, std::size_t, int, std::uint8_t*, std::uint8_t*)>
int run_bytes(const mjk_batch& b) {
  return F(b.rows, b.n, b.players, at<std::uint8_t>(b, 0), b.errors);
}

// The others: the C ABI's structs for a chunk of rows (so they stay in
// cache), then spread into the outputs.
template <class T, class Call, class Write>
int run_chunked(const mjk_batch& b, Call call, Write write) {
  constexpr std::size_t chunk = 512;
  std::vector<T> tmp(b.n < chunk ? b.n : chunk);
  for (std::size_t base = 0; base < b.n; base += chunk) {
    const std::size_t c = b.n - base < chunk ? b.n - base : chunk;
    if (const int e = call(b, base, c, tmp.data()); e != MJK_OK) return e;
    for (std::size_t i = 0; i < c; ++i) write(b, base + i, tmp[i]);
  }
  return MJK_OK;
}

int waits(const mjk_batch& b) {  // the C ABI writes the 0/1 rows itself
  return mjk_waits_rows(b.rows, b.n, b.players, at<std::uint8_t>(b, 0), b.errors);
}

int waits_by_form(const mjk_batch& b) {
  return run_chunked<mjk_form_waits>(
      b,
      [](const mjk_batch& x, std::size_t base, std::size_t c, mjk_form_waits* t) {
        return mjk_waits_by_form(x.rows + base * row, c, x.players, t, x.errors + base);
      },
      [](const mjk_batch& x, std::size_t i, const mjk_form_waits& w) {
        std::uint8_t* o = at<std::uint8_t>(x, 0) + i * 3 * row;
        mjk::capi::spread_mask(o, w.standard);
        mjk::capi::spread_mask(o + row, w.chiitoi);
        mjk::capi::spread_mask(o + 2 * row, w.kokushi);
      });
}

int tenpai_discards(const mjk_batch& b) {
  return run_chunked<mjk_tenpai_result>(
      b,
      [](const mjk_batch& x, std::size_t base, std::size_t c, mjk_tenpai_result* t) {
        return mjk_tenpai_discards(x.rows + base * row, c, x.players, t, x.errors + base);
      },
      [](const mjk_batch& x, std::size_t i, const mjk_tenpai_result& d) {
        mjk::capi::spread_mask(at<std::uint8_t>(x, 0) + i * row, d.discards);
        std::uint8_t* w = at<std::uint8_t>(x, 1) + i * row * row;
        for (std::size_t k = 0; k < row; ++k) mjk::capi::spread_mask(w + k * row, d.waits[k]);
      });
}

int shanten(const mjk_batch& b) {
  return run_chunked<mjk_shanten_forms>(
      b,
      [](const mjk_batch& x, std::size_t base, std::size_t c, mjk_shanten_forms* t) {
        return mjk_shanten(x.rows + base * row, c, x.players, t, x.errors + base);
      },
      [](const mjk_batch& x, std::size_t i, const mjk_shanten_forms& s) {
        at<std::int8_t>(x, 0)[i] = s.best;
        at<std::int8_t>(x, 1)[i] = s.standard;
        at<std::int8_t>(x, 2)[i] = s.chiitoi;
        at<std::int8_t>(x, 3)[i] = s.kokushi;
      });
}

int necessary_tiles(const mjk_batch& b) {
  return run_chunked<mjk_necessary>(
      b,
      [](const mjk_batch& x, std::size_t base, std::size_t c, mjk_necessary* t) {
        return mjk_necessary_tiles(x.rows + base * row, c, x.players, visible_for(x, base), visible_stride(x), t,
                                   x.errors + base);
      },
      [](const mjk_batch& x, std::size_t i, const mjk_necessary& s) {
        at<std::int8_t>(x, 0)[i] = s.shanten;
        at<std::uint8_t>(x, 1)[i] = s.ukeire;
        mjk::capi::spread_mask(at<std::uint8_t>(x, 2) + i * row, s.tiles);
      });
}

int advice(const mjk_batch& b) {
  return run_chunked<mjk_advice_result>(
      b,
      [](const mjk_batch& x, std::size_t base, std::size_t c, mjk_advice_result* t) {
        return mjk_advice(x.rows + base * row, c, x.players, visible_for(x, base), visible_stride(x), t,
                          x.errors + base);
      },
      [](const mjk_batch& x, std::size_t i, const mjk_advice_result& a) {
        constexpr std::size_t m = 14;
        at<std::uint8_t>(x, 0)[i] = a.count;
        for (std::size_t k = 0; k < m; ++k) {
          const bool used = k < a.count;
          const mjk_discard_option& o = a.options[k];
          at<std::uint8_t>(x, 1)[i * m + k] = used ? o.discard : 255;
          at<std::int8_t>(x, 2)[i * m + k] = used ? o.shanten : 0;
          at<std::uint8_t>(x, 3)[i * m + k] = used ? o.ukeire : 0;
          mjk::capi::spread_mask(at<std::uint8_t>(x, 4) + (i * m + k) * row, used ? o.necessary : 0);
        }
      });
}

int decompositions(const mjk_batch& b) {
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

constexpr const char *boolean = "bool", *uint8 = "uint8", *int8 = "int8";
constexpr mjk_batch_op ops[] = {
    {"is_agari", "complete", 0, 0, 1, {scalar("value", boolean)}},
    {"agari_forms", "complete", 0, 0, 1, {scalar("value", uint8)}},
    {"waits", "waits", 0, 0, 1, {vec("value", boolean, 34)}},
    {"waits_by_form", "waits", 0, 0, 1, {mat("value", boolean, 3, 34)}},
    {"tenpai_discards", "complete", 0, 0, 2, {vec("discards", boolean, 34), mat("waits", boolean, 34, 34)}},
    {"shanten",
     "shanten",
     0,
     0,
     4,
     {scalar("best", int8), scalar("standard", int8), scalar("chiitoi", int8), scalar("kokushi", int8)}},
    {"necessary_tiles",
     "waits",
     1,
     0,
     3,
     {scalar("shanten", int8), scalar("ukeire", uint8), vec("tiles", boolean, 34)}},
    {"advice",
     "complete",
     1,
     0,
     5,
     {scalar("count", uint8), vec("discard", uint8, 14), vec("shanten", int8, 14), vec("ukeire", uint8, 14),
      mat("necessary", boolean, 14, 34)}},
    {"decompositions",
     "complete",
     0,
     1,
     7,
     {scalar("count", uint8), vec("form", uint8, 16), vec("block_count", uint8, 16), vec("win", int8, 16),
      vec("wait", int8, 16), mat("block_kind", uint8, 16, 13), mat("block_first", uint8, 16, 13)}},
};
// Each operation's runner, in the order of ops.
constexpr int (*runners[])(const mjk_batch&) = {&run_bytes<mjk_is_agari>,
                                                &run_bytes<mjk_agari_forms>,
                                                &waits,
                                                &waits_by_form,
                                                &tenpai_discards,
                                                &shanten,
                                                &necessary_tiles,
                                                &advice,
                                                &decompositions};
static_assert(std::size(ops) == std::size(runners));

int refuse(int code, const std::string& why, char* buf, std::size_t cap) {
  if (buf && cap) std::snprintf(buf, cap, "%s", why.c_str());
  return code;
}

// mjk.h: no output may overlap an input or another output. A door's callers
// may pass views of one buffer anywhere, so an input that overlaps an
// output is copied into `copies`, and outputs that overlap each other are
// refused (why says which).
std::string unalias(const mjk_batch_op& op, mjk_batch& b, std::vector<std::uint8_t>& copies) {
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
  std::array<Extent, MJK_BATCH_MAX_OUTPUTS + 1> outs{};
  std::size_t m = 0;
  outs[m++] = {b.errors, b.n, "errors"};
  for (std::size_t k = 0; k < op.output_count; ++k)
    outs[m++] = {b.outputs[k], b.n * op.outputs[k].per_row, op.outputs[k].name};
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

}  // namespace

extern "C" {

const mjk_batch_op* mjk_batch_op_at(size_t i) { return i < std::size(ops) ? &ops[i] : nullptr; }

const mjk_batch_op* mjk_batch_op_named(const char* name, size_t length) {
  if (!name && length) return nullptr;
  for (const mjk_batch_op& op : ops)
    if (std::string_view(op.name) == std::string_view(name ? name : "", length)) return &op;
  return nullptr;
}

int mjk_batch_run(const mjk_batch_op* op, const mjk_batch* batch, char* why, size_t why_cap) {
  const std::size_t i = op ? static_cast<std::size_t>(op - ops) : std::size(ops);
  if (i >= std::size(ops) || !batch)
    return refuse(MJK_ERR_INVALID_ARGUMENT, "not an operation of mjk_batch_op_at", why, why_cap);
  mjk_batch b = *batch;
  if (b.players != 3 && b.players != 4) return refuse(MJK_ERR_INVALID_ARGUMENT, "players must be 3 or 4", why, why_cap);
  if (b.visible_rows != 0 && b.visible_rows != 1 && b.visible_rows != b.n)
    return refuse(MJK_ERR_INVALID_ARGUMENT, "visible must hold 34 counts or 34 per row", why, why_cap);
  if (b.winning && !op->reads_winning)
    return refuse(MJK_ERR_INVALID_ARGUMENT, std::string(op->name) + " takes no winning tiles", why, why_cap);
  if (b.n == 0) return refuse(MJK_OK, "", why, why_cap);
  bool null = !b.rows || !b.errors || (b.visible_rows && !b.visible);
  for (std::size_t k = 0; k < op->output_count; ++k) null = null || !b.outputs[k];
  if (null) return refuse(MJK_ERR_INVALID_ARGUMENT, "a NULL array", why, why_cap);
  try {
    std::vector<std::uint8_t> copies;
    if (const std::string refused = unalias(*op, b, copies); !refused.empty())
      return refuse(MJK_ERR_INVALID_ARGUMENT, refused, why, why_cap);
    const int e = runners[i](b);
    return refuse(e, e == MJK_OK ? "" : mjk_error_message(e), why, why_cap);
  } catch (const std::bad_alloc&) {
    return refuse(MJK_ERR_OUT_OF_MEMORY, mjk_error_message(MJK_ERR_OUT_OF_MEMORY), why, why_cap);
  }
}

}  // extern "C"
