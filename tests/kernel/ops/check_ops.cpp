// Every operation of one instruction set's Ops (docs/kernel.md, "The Ops
// contract") against its definition, lane by lane: the batch Ops, the
// single-hand register SingleOps and the slot-to-kind map. Compiled once per
// instruction set with that set's flags (tests/CMakeLists.txt), so it runs
// the very code the kernel's object for that set runs; check_ops_main.cpp
// calls it only on a CPU that has the set. No test framework here: its
// inline functions, compiled with these flags, would be shared with code
// that runs before the CPU is checked.
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>

#if defined(MJK_OPS_avx512)
#include "avx512_ops.hpp"
using BatchOps = mjk::simd::Avx512Ops;
#elif defined(MJK_OPS_portable)
#include "portable_lanes.hpp"
using BatchOps = mjk::simd::PortableOps<16>;
#else
#include "xsimd_ops.hpp"
#if defined(MJK_OPS_avx2)
using BatchOps = mjk::simd::XsimdOps<xsimd::avx2>;
#elif defined(MJK_OPS_sse4_2)
using BatchOps = mjk::simd::XsimdOps<xsimd::sse4_2>;
#elif defined(MJK_OPS_sse2)
using BatchOps = mjk::simd::XsimdOps<xsimd::sse2>;
#else
#error "define MJK_OPS_<isa> (avx512, avx2, sse4_2, sse2, portable)"
#endif
#endif
#include "mjk/tile.hpp"
#include "single_ops.hpp"
#include "slots.hpp"

int run_ops_checks();

namespace {

constexpr int rounds = 2000;

long checks = 0, failures = 0;

// xorshift64*: fixed seed, no library state.
std::uint64_t state = 0x9e3779b97f4a7c15ull;
std::uint64_t next() noexcept {
  state ^= state >> 12;
  state ^= state << 25;
  state ^= state >> 27;
  return state * 0x2545f4914f6cdd1dull;
}
std::int8_t any_byte() noexcept { return static_cast<std::int8_t>(next() >> 56); }
// Mostly random, sometimes an edge value.
std::int8_t byte_with_edges() noexcept {
  static constexpr std::int8_t edges[] = {0, 1, -1, 2, 3, 4, 5, 127, -128, 126, -127};
  const std::uint64_t r = next();
  return (r & 3) == 0 ? edges[(r >> 8) % sizeof edges] : static_cast<std::int8_t>(r >> 56);
}

void expect(const char* op, std::size_t lane, int got, int want) noexcept {
  ++checks;
  if (got == want) return;
  if (++failures <= 20) std::printf("%s: lane %zu gave %d, want %d\n", op, lane, got, want);
}

// ---- the batch Ops ----

template <class O>
struct Checks {
  using V = typename O::V;
  static constexpr std::size_t lanes = O::lanes;

  struct Block {
    alignas(64) V col[64];
  };

  // A register with the given lanes (through transpose_in's column 0, which
  // the transpose check below checks first).
  static V from_lanes(const std::int8_t* a) noexcept {
    alignas(64) static std::uint8_t row_bytes[64][64];
    const std::uint8_t* rows[lanes];
    for (std::size_t l = 0; l < lanes; ++l) {
      row_bytes[l][0] = static_cast<std::uint8_t>(a[l]);
      rows[l] = row_bytes[l];
    }
    Block b;
    O::transpose_in(rows, b.col);
    return b.col[0];
  }
  static void lanes_of(const V& x, std::int8_t* out) noexcept { O::store(out, x); }

  static void check_transposes() noexcept {
    // transpose_in: col[s] holds byte s of every row for s <= 48; store reads it.
    alignas(64) static std::uint8_t rows_data[64][64];
    const std::uint8_t* rows[lanes];
    for (int round = 0; round < rounds / 10; ++round) {
      for (std::size_t l = 0; l < lanes; ++l) {
        for (int s = 0; s < 64; ++s) rows_data[l][s] = static_cast<std::uint8_t>(any_byte());
        rows[l] = rows_data[l];
      }
      Block b;
      O::transpose_in(rows, b.col);
      for (int s = 0; s <= 48; ++s) {
        std::int8_t got[lanes];
        lanes_of(b.col[s], got);
        for (std::size_t l = 0; l < lanes; ++l)
          expect("transpose_in", l, got[l], static_cast<std::int8_t>(rows_data[l][s]));
      }
      // transpose_out: every one of the 64 columns back into its rows.
      for (int s = 49; s < 64; ++s) b.col[s] = b.col[s - 49];
      alignas(64) static std::uint8_t out[64][64];
      O::transpose_out(b.col, out);
      for (std::size_t l = 0; l < lanes; ++l)
        for (int s = 0; s < 64; ++s) expect("transpose_out", l, out[l][s], rows_data[l][s < 49 ? s : s - 49]);
      if constexpr (requires(const std::uint8_t* p, V* c) { O::transpose_in_contiguous(p, c); }) {
        alignas(64) static std::uint8_t contiguous[64 * 64];
        for (std::size_t l = 0; l < lanes; ++l) std::memcpy(contiguous + 64 * l, rows_data[l], 64);
        Block c;
        O::transpose_in_contiguous(contiguous, c.col);
        for (int s = 0; s <= 48; ++s) {
          std::int8_t got[lanes];
          lanes_of(c.col[s], got);
          for (std::size_t l = 0; l < lanes; ++l)
            expect("transpose_in_contiguous", l, got[l], static_cast<std::int8_t>(rows_data[l][s]));
        }
      }
    }
  }

  // Rows of 34 counts spread into the slot layout: col[slot of kind k] = row[k],
  // col[48] = the row's sum (mod 256), every other column zero.
  static void expect_rows34(const char* op, const Block& b, const std::uint8_t (*counts)[mjk::kind_count]) noexcept {
    for (int s = 0; s < 64; ++s) {
      std::int8_t got[lanes];
      lanes_of(b.col[s], got);
      for (std::size_t l = 0; l < lanes; ++l) {
        int want = 0;
        if (s == 48) {
          for (int k = 0; k < mjk::kind_count; ++k) want += counts[l][k];
        } else if (const auto t = mjk::Tile::from_slot(s)) {
          want = counts[l][t->kind()];
        }
        expect(op, l, got[l], static_cast<std::int8_t>(want));
      }
    }
  }

  static void check_rows34() noexcept {
    if constexpr (requires(const std::uint8_t* const* r, V* c) { O::transpose_in_rows34(r, c); }) {
      // Each row in its own 34 bytes, so that a sanitizer build sees a load past them.
      static std::uint8_t counts[64][mjk::kind_count];
      for (int round = 0; round < rounds / 10; ++round) {
        std::uint8_t* own[lanes];
        const std::uint8_t* rows[lanes];
        for (std::size_t l = 0; l < lanes; ++l) {
          own[l] = new std::uint8_t[mjk::kind_count];
          for (int k = 0; k < mjk::kind_count; ++k)
            counts[l][k] = own[l][k] = static_cast<std::uint8_t>(round % 2 ? next() % 5 : next() >> 56);
          rows[l] = own[l];
        }
        Block b;
        O::transpose_in_rows34(rows, b.col);
        expect_rows34("transpose_in_rows34", b, counts);
        for (std::size_t l = 0; l < lanes; ++l) delete[] own[l];
        if constexpr (requires(const std::uint8_t* p, V* c) { O::transpose_in_rows34_contiguous(p, c); }) {
          std::uint8_t* all = new std::uint8_t[lanes * mjk::kind_count];
          for (std::size_t l = 0; l < lanes; ++l) std::memcpy(all + l * mjk::kind_count, counts[l], mjk::kind_count);
          Block c;
          O::transpose_in_rows34_contiguous(all, c.col);
          expect_rows34("transpose_in_rows34_contiguous", c, counts);
          delete[] all;
        }
      }
    }
  }

  // The lane-wise operations on random registers.
  static void check_lanewise() noexcept {
    for (int round = 0; round < rounds; ++round) {
      std::int8_t a[lanes], b[lanes], r[lanes];
      const bool small = round % 2;  // lanes 0..127, where min is defined
      for (std::size_t l = 0; l < lanes; ++l) {
        a[l] = small ? static_cast<std::int8_t>(next() >> 57) : byte_with_edges();
        b[l] = small ? static_cast<std::int8_t>(next() >> 57) : byte_with_edges();
        if (next() % 8 == 0) b[l] = a[l];  // equal lanes, for eq and the ties
      }
      const V x = from_lanes(a), y = from_lanes(b);
      const std::int8_t c = byte_with_edges();
      lanes_of(V(c), r);
      for (std::size_t l = 0; l < lanes; ++l) expect("V(int8_t) broadcast", l, r[l], c);
      lanes_of(x + y, r);
      for (std::size_t l = 0; l < lanes; ++l) expect("+", l, r[l], static_cast<std::int8_t>(a[l] + b[l]));
      lanes_of(x - y, r);
      for (std::size_t l = 0; l < lanes; ++l) expect("-", l, r[l], static_cast<std::int8_t>(a[l] - b[l]));
      lanes_of(x & y, r);
      for (std::size_t l = 0; l < lanes; ++l) expect("&", l, r[l], static_cast<std::int8_t>(a[l] & b[l]));
      lanes_of(x | y, r);
      for (std::size_t l = 0; l < lanes; ++l) expect("|", l, r[l], static_cast<std::int8_t>(a[l] | b[l]));
      lanes_of(x ^ y, r);
      for (std::size_t l = 0; l < lanes; ++l) expect("^", l, r[l], static_cast<std::int8_t>(a[l] ^ b[l]));
      lanes_of(O::gt(x, y), r);
      for (std::size_t l = 0; l < lanes; ++l) expect("gt", l, r[l], a[l] > b[l] ? -1 : 0);
      lanes_of(O::eq(x, y), r);
      for (std::size_t l = 0; l < lanes; ++l) expect("eq", l, r[l], a[l] == b[l] ? -1 : 0);
      if (small) {
        lanes_of(O::min(x, y), r);
        for (std::size_t l = 0; l < lanes; ++l) expect("min", l, r[l], a[l] < b[l] ? a[l] : b[l]);
      }
      if constexpr (requires { O::max_u(x, y); }) {
        lanes_of(O::max_u(x, y), r);
        for (std::size_t l = 0; l < lanes; ++l) {
          const auto ua = static_cast<std::uint8_t>(a[l]), ub = static_cast<std::uint8_t>(b[l]);
          expect("max_u", l, static_cast<std::uint8_t>(r[l]), ua > ub ? ua : ub);
        }
      }
      if constexpr (requires(const std::array<std::int8_t, 64>& t) { O::lookup64(t, x); }) {
        std::array<std::int8_t, 64> table;
        for (auto& e : table) e = any_byte();
        lanes_of(O::lookup64(table, x), r);
        for (std::size_t l = 0; l < lanes; ++l) expect("lookup64", l, r[l], table[static_cast<std::size_t>(a[l] & 63)]);
      }
      if constexpr (requires(std::uint8_t * p) { O::store_pairs(p, x, y); }) {
        std::uint8_t pairs[2 * lanes];
        O::store_pairs(pairs, x, y);
        for (std::size_t l = 0; l < lanes; ++l) {
          expect("store_pairs (first)", l, static_cast<std::int8_t>(pairs[2 * l]), a[l]);
          expect("store_pairs (second)", l, static_cast<std::int8_t>(pairs[2 * l + 1]), b[l]);
        }
      }
    }
  }

  // ---- the single-hand register: 16 lanes, whatever the set ----

  using S = mjk::simd::SingleOps<O>;
  using W = typename S::V;

  static W from16(const std::int8_t* a) noexcept { return S::load(a); }
  static void lanes16(const W& x, std::int8_t* out) noexcept { S::store(out, x); }

  static void check_single() noexcept {
    for (int round = 0; round < rounds; ++round) {
      std::int8_t a[16], b[16], r[16];
      for (int i = 0; i < 16; ++i) {
        a[i] = byte_with_edges();
        b[i] = next() % 8 == 0 ? a[i] : byte_with_edges();
      }
      const W x = from16(a), y = from16(b);
      lanes16(x, r);
      for (std::size_t i = 0; i < 16; ++i) expect("single load/store", i, r[i], a[i]);
      const int c = byte_with_edges();
      lanes16(S::k(c), r);
      for (std::size_t i = 0; i < 16; ++i) expect("single k", i, r[i], static_cast<std::int8_t>(c));
      lanes16(S::template load_low<8>(a), r);
      for (std::size_t i = 0; i < 16; ++i) expect("single load_low<8>", i, r[i], i < 8 ? a[i] : 0);
      lanes16(S::template load_low<4>(a), r);
      for (std::size_t i = 0; i < 16; ++i) expect("single load_low<4>", i, r[i], i < 4 ? a[i] : 0);
      lanes16(S::gt(x, y), r);
      for (std::size_t i = 0; i < 16; ++i) expect("single gt", i, r[i], a[i] > b[i] ? -1 : 0);
      lanes16(S::eq(x, y), r);
      for (std::size_t i = 0; i < 16; ++i) expect("single eq", i, r[i], a[i] == b[i] ? -1 : 0);
      lanes16(S::min_u8(x, y), r);
      for (std::size_t i = 0; i < 16; ++i) {
        const auto ua = static_cast<std::uint8_t>(a[i]), ub = static_cast<std::uint8_t>(b[i]);
        expect("single min_u8", i, static_cast<std::uint8_t>(r[i]), ua < ub ? ua : ub);
      }
      lanes16(S::shuffle(x, y), r);
      for (std::size_t i = 0; i < 16; ++i) expect("single shuffle", i, r[i], b[i] < 0 ? 0 : a[b[i] & 15]);
      unsigned want_bits = 0;
      int sum_a = 0;
      for (int i = 0; i < 16; ++i) {
        want_bits |= static_cast<unsigned>(a[i] < 0) << i;
        sum_a += static_cast<std::uint8_t>(a[i]);
      }
      expect("single sign_bits", 0, static_cast<int>(S::sign_bits(x)), static_cast<int>(want_bits));
      expect("single sum_bytes", 0, S::sum_bytes(x), sum_a);
      // sum_bytes_of_two: a byte and its partner 8 lanes on sum to at most 255.
      std::int8_t h[16], g[16];
      int want_h = 0, want_g = 0;
      for (int i = 0; i < 16; ++i) {
        h[i] = static_cast<std::int8_t>(next() >> 57);
        g[i] = static_cast<std::int8_t>(next() >> 57);
        want_h += h[i];
        want_g += g[i];
      }
      int got_h = -1, got_g = -1;
      S::sum_bytes_of_two(from16(h), from16(g), got_h, got_g);
      expect("single sum_bytes_of_two (a)", 0, got_h, want_h);
      expect("single sum_bytes_of_two (b)", 0, got_g, want_g);
      lanes16(S::zip8(x, y), r);
      for (std::size_t i = 0; i < 16; ++i) expect("single zip8", i, r[i], i % 2 ? b[i / 2] : a[i / 2]);
      lanes16(S::zip16_lo(x, y), r);
      for (std::size_t i = 0; i < 16; ++i)
        expect("single zip16_lo", i, r[i], (i / 2) % 2 ? b[(i / 4) * 2 + i % 2] : a[(i / 4) * 2 + i % 2]);
      lanes16(S::zip16_hi(x, y), r);
      for (std::size_t i = 0; i < 16; ++i)
        expect("single zip16_hi", i, r[i], (i / 2) % 2 ? b[8 + (i / 4) * 2 + i % 2] : a[8 + (i / 4) * 2 + i % 2]);
    }
  }

  // slots::to_kinds at run time (pext where BMI2 is on): the constant-time
  // static_assert in slots.hpp checks only the shifts.
  static void check_to_kinds() noexcept {
    for (int round = 0; round < rounds; ++round) {
      const std::uint64_t slots = next() & ((std::uint64_t{1} << mjk::slot_count) - 1);
      std::uint64_t want = 0;
      for (int s = 0; s < mjk::slot_count; ++s)
        if (slots >> s & 1)
          if (const auto t = mjk::Tile::from_slot(s)) want |= std::uint64_t{1} << t->kind();
      const std::uint64_t got = mjk::slots::to_kinds(slots);
      ++checks;
      if (got != want && ++failures <= 20)
        std::printf("slots::to_kinds(%#llx) gave %#llx, want %#llx\n", static_cast<unsigned long long>(slots),
                    static_cast<unsigned long long>(got), static_cast<unsigned long long>(want));
    }
  }


  static void run() noexcept {
    check_transposes();
    check_rows34();
    check_lanewise();
    check_single();
    check_to_kinds();
  }
};

template <class O>
constexpr bool has_lookup64 = requires(const std::array<std::int8_t, 64>& t, const typename O::V& x) {
  O::lookup64(t, x);
};
template <class O>
constexpr bool has_max_u = requires(const typename O::V& x) {
  O::max_u(x, x);
};
template <class O>
constexpr bool has_store_pairs = requires(std::uint8_t* p, const typename O::V& x) {
  O::store_pairs(p, x, x);
};
template <class O>
constexpr bool has_contiguous = requires(const std::uint8_t* p, typename O::V* c) {
  O::transpose_in_contiguous(p, c);
};
template <class O>
constexpr bool has_rows34 = requires(const std::uint8_t* const* r, typename O::V* c) {
  O::transpose_in_rows34(r, c);
};

}  // namespace

int run_ops_checks() {
  using O = BatchOps;
  Checks<O>::run();
  std::printf(
      "%zu lanes; optional: lookup64 %s, max_u %s, store_pairs %s, transpose_in_contiguous %s, "
      "transpose_in_rows34 %s; %ld checks, %ld failed\n",
      O::lanes, has_lookup64<O> ? "yes" : "no", has_max_u<O> ? "yes" : "no", has_store_pairs<O> ? "yes" : "no",
      has_contiguous<O> ? "yes" : "no", has_rows34<O> ? "yes" : "no", checks, failures);
  return failures == 0 ? 0 : 1;
}
