// What the Python package and the Node addon share: every kernel operation of
// MJK_OPERATIONS run on rows of 34 counts, its answer written into flat,
// caller-allocated arrays (one per output, row-major), and one error code per
// row. Each binding only allocates the arrays the table below describes and
// shapes them; no analysis happens outside the kernel.
//
//   result type      outputs (name dtype shape-per-row)
//   bool             value bool ()
//   uint8_t          value uint8 ()               (agari_forms: FormBit flags)
//   TileMask         value bool (34)
//   FormWaits        value bool (3, 34)            standard, chiitoi, kokushi
//   TenpaiDiscards   discards bool (34), waits bool (34, 34)   [discarded kind][wait kind]
//   ShantenForms     best, standard, chiitoi, kokushi int8 ()  (127: not applicable)
//   Necessary        shanten int8 (), ukeire uint8 (), tiles bool (34)
//   Advice           count uint8 (), discard uint8 (14) (kind; 255 past count),
//                    shanten int8 (14), ukeire uint8 (14), necessary bool (14, 34)
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>
#include <type_traits>
#include <vector>

#include "mjk/analysis.hpp"

namespace mjk::bind {

enum class DType : std::uint8_t { boolean, uint8, int8 };

struct Output {
  std::string_view name;
  DType dtype = DType::boolean;
  std::uint8_t dims = 0;            // per row: 0, 1 or 2
  std::array<std::uint16_t, 2> shape{};
  [[nodiscard]] constexpr std::size_t per_row() const noexcept {
    return dims == 0 ? 1 : dims == 1 ? shape[0] : std::size_t{shape[0]} * shape[1];
  }
};

inline constexpr std::size_t max_outputs = 5;
inline constexpr std::size_t row = kind_count;  // 34 counts per hand

// Where a batch reads and writes. visible_rows: 0 (none), 1 (shared) or n.
struct Batch {
  const std::uint8_t* rows = nullptr;
  std::size_t n = 0;
  Players players = Players::four;
  const std::uint8_t* visible = nullptr;
  std::size_t visible_rows = 0;
  std::uint8_t* errors = nullptr;                  // n codes (mjk::Error values)
  std::array<void*, max_outputs> outputs{};        // as many as the operation has
};

struct Operation {
  std::string_view name;
  std::string_view question;  // "complete" (3k+2), "waits" (3k+1), "shanten" (both)
  std::uint8_t output_count = 0;
  std::array<Output, max_outputs> outputs{};
  Error (*run)(const Batch&) = nullptr;  // only a batch-level error (never per row)
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

// 34 bools from a kind mask.
inline void put_mask(std::uint8_t* out, TileMask m) noexcept {
  std::uint64_t bits = m.bits();
  std::uint8_t buf[40];
  for (int i = 0; i < 5; ++i, bits >>= 8) std::memcpy(buf + 8 * i, &spread[bits & 0xff], 8);
  std::memcpy(out, buf, row);
}

template <class T>
concept ShantenFormsLike = requires(const T& v) { T::not_applicable; v.best; v.standard; v.chiitoi; v.kokushi; };
template <class T>
concept NecessaryLike = requires(const T& v) { v.shanten; v.ukeire; v.tiles; };
template <class T>
concept AdviceLike = requires(const T& v) { v.count; v.options[0].discard; v.options[0].necessary; };

template <class T>
constexpr auto outputs_of() {
  using enum DType;
  if constexpr (std::is_same_v<T, bool>) return std::array{scalar("value", boolean)};
  else if constexpr (std::is_same_v<T, std::uint8_t>) return std::array{scalar("value", uint8)};
  else if constexpr (std::is_same_v<T, TileMask>) return std::array{vec("value", boolean, 34)};
  else if constexpr (std::is_same_v<T, FormWaits>) return std::array{mat("value", boolean, 3, 34)};
  else if constexpr (std::is_same_v<T, TenpaiDiscards>)
    return std::array{vec("discards", boolean, 34), mat("waits", boolean, 34, 34)};
  else if constexpr (ShantenFormsLike<T>)
    return std::array{scalar("best", int8), scalar("standard", int8), scalar("chiitoi", int8), scalar("kokushi", int8)};
  else if constexpr (NecessaryLike<T>)
    return std::array{scalar("shanten", int8), scalar("ukeire", uint8), vec("tiles", boolean, 34)};
  else if constexpr (AdviceLike<T>)
    return std::array{scalar("count", uint8), vec("discard", uint8, 14), vec("shanten", int8, 14),
                      vec("ukeire", uint8, 14), mat("necessary", boolean, 14, 34)};
  else static_assert(sizeof(T) == 0, "mjk_bind.hpp: add this result type to outputs_of and write");
}

template <class O>
O* at(const Batch& b, std::size_t k) noexcept { return static_cast<O*>(b.outputs[k]); }

template <class T>
void write(const T& v, const Batch& b, std::size_t i) noexcept {
  if constexpr (std::is_same_v<T, bool> || std::is_same_v<T, std::uint8_t>) {
    at<std::uint8_t>(b, 0)[i] = static_cast<std::uint8_t>(v);
  } else if constexpr (std::is_same_v<T, TileMask>) {
    put_mask(at<std::uint8_t>(b, 0) + i * row, v);
  } else if constexpr (std::is_same_v<T, FormWaits>) {
    std::uint8_t* o = at<std::uint8_t>(b, 0) + i * 3 * row;
    put_mask(o, v.standard);
    put_mask(o + row, v.chiitoi);
    put_mask(o + 2 * row, v.kokushi);
  } else if constexpr (std::is_same_v<T, TenpaiDiscards>) {
    put_mask(at<std::uint8_t>(b, 0) + i * row, v.discards);
    std::uint8_t* w = at<std::uint8_t>(b, 1) + i * row * row;
    for (std::size_t k = 0; k < row; ++k) put_mask(w + k * row, v.waits[k]);
  } else if constexpr (ShantenFormsLike<T>) {
    at<std::int8_t>(b, 0)[i] = v.best;
    at<std::int8_t>(b, 1)[i] = v.standard;
    at<std::int8_t>(b, 2)[i] = v.chiitoi;
    at<std::int8_t>(b, 3)[i] = v.kokushi;
  } else if constexpr (NecessaryLike<T>) {
    at<std::int8_t>(b, 0)[i] = v.shanten;
    at<std::uint8_t>(b, 1)[i] = v.ukeire;
    put_mask(at<std::uint8_t>(b, 2) + i * row, v.tiles);
  } else if constexpr (AdviceLike<T>) {
    constexpr std::size_t m = 14;
    at<std::uint8_t>(b, 0)[i] = v.count;
    for (std::size_t k = 0; k < m; ++k) {
      const bool used = k < v.count;
      at<std::uint8_t>(b, 1)[i * m + k] = used ? static_cast<std::uint8_t>(v.options[k].discard.kind()) : 255;
      at<std::int8_t>(b, 2)[i * m + k] = used ? v.options[k].shanten : 0;
      at<std::uint8_t>(b, 3)[i * m + k] = used ? v.options[k].ukeire : 0;
      put_mask(at<std::uint8_t>(b, 4) + (i * m + k) * row, used ? v.options[k].necessary : TileMask{});
    }
  }
}

// Runs F on chunks of rows (so the kernel's results stay in cache), then
// spreads each chunk into the output arrays.
template <class T, Error (*F)(std::span<const std::uint8_t>, std::span<Result<T>>, const Options&) noexcept>
Error run(const Batch& b) {
  constexpr std::size_t chunk = 1024;
  std::vector<Result<T>> tmp(b.n < chunk ? b.n : chunk);
  for (std::size_t base = 0; base < b.n; base += chunk) {
    const std::size_t c = b.n - base < chunk ? b.n - base : chunk;
    Options o;
    o.players = b.players;
    if (b.visible_rows == 1) o.visible = {b.visible, row};
    if (b.visible_rows > 1) o.visible = {b.visible + base * row, c * row};
    if (const Error e = F({b.rows + base * row, c * row}, {tmp.data(), c}, o); e != Error::none) return e;
    for (std::size_t i = 0; i < c; ++i) {
      b.errors[base + i] = static_cast<std::uint8_t>(tmp[i].error);
      write(tmp[i].value, b, base + i);
    }
  }
  return Error::none;
}

template <class T>
constexpr Operation make(std::string_view name, std::string_view question, Error (*f)(const Batch&)) {
  constexpr auto outs = outputs_of<T>();
  Operation op{name, question, static_cast<std::uint8_t>(outs.size()), {}, f};
  for (std::size_t k = 0; k < outs.size(); ++k) op.outputs[k] = outs[k];
  return op;
}

}  // namespace detail

// Every operation of the op table, in its order.
inline std::span<const Operation> operations() {
#define MJK_BIND_OP(name, T, question)                                                                      \
  detail::make<T>(#name, #question,                                                                         \
                  &detail::run<T, static_cast<Error (*)(std::span<const std::uint8_t>, std::span<Result<T>>, \
                                                        const Options&) noexcept>(&mjk::name)>),
  static const Operation table[] = {MJK_OPERATIONS(MJK_BIND_OP)};
#undef MJK_BIND_OP
  return table;
}

inline const Operation* find_operation(std::string_view name) {
  for (const Operation& op : operations())
    if (op.name == name) return &op;
  return nullptr;
}

}  // namespace mjk::bind
