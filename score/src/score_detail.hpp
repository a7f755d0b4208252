// The scorer's shared vocabulary (private to score/): yaku and slot masks,
// the han of a yaku mask, slot-word helpers, the melds' precomputed rows and
// the request's reading-independent part (Context), with the functions the
// scorer's files call across each other. Split out of one file so that each
// part (preparation and validation, readings, fu, payments) has its own file
// and all of them read the same definitions.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "mjk/score.hpp"
#include "score_tables.hpp"

namespace mjk::scoring {

using u64 = std::uint64_t;

constexpr u64 bit(int i) noexcept { return u64{1} << i; }
constexpr u64 Y(Yaku y) noexcept { return bit(static_cast<int>(y)); }
template <class... Ys>
constexpr u64 mask_of(Ys... ys) noexcept {
  return (Y(ys) | ...);
}

// ---- slot masks over the 48-slot layout (tile.hpp) ----

constexpr u64 suit_numbers(int lo, int hi) noexcept {  // numbers lo..hi of the three suits
  u64 m = 0;
  for (int g = 0; g < 3; ++g)
    for (int n = lo; n <= hi; ++n) m |= bit(12 * g + n - 1);
  return m;
}
constexpr u64 honour_mask() noexcept {
  u64 m = 0;
  for (const auto s : honour_slot) m |= bit(36 + s);
  return m;
}
inline constexpr u64 simples = suit_numbers(2, 8);
inline constexpr u64 terminals = suit_numbers(1, 1) | suit_numbers(9, 9);
inline constexpr u64 honours = honour_mask();
inline constexpr u64 greens =
    bit(24 + 1) | bit(24 + 2) | bit(24 + 3) | bit(24 + 5) | bit(24 + 7) | bit(36 + honour_slot[5]);
inline constexpr u64 group_mask = 0x1ff;  // the nine numbers of a suit at its group's offset

// ---- yaku values ----

// Han per yaku, closed and open, as masks: han = Σ k * popcount(yaku & han_k).
// The same values as score_model.cpp's table (list_yaku); a test holds them equal.
struct HanMasks {
  u64 one, two, three, five, six;
};
inline constexpr HanMasks han_closed = {
    mask_of(Yaku::riichi, Yaku::ippatsu, Yaku::menzen_tsumo, Yaku::pinfu, Yaku::tanyao, Yaku::iipeikou, Yaku::haitei,
            Yaku::houtei, Yaku::rinshan, Yaku::chankan, Yaku::seat_wind, Yaku::round_wind, Yaku::haku, Yaku::hatsu,
            Yaku::chun),
    mask_of(Yaku::double_riichi, Yaku::chiitoitsu, Yaku::chanta, Yaku::ittsu, Yaku::sanshoku, Yaku::sanshoku_doukou,
            Yaku::sankantsu, Yaku::toitoi, Yaku::sanankou, Yaku::shousangen, Yaku::honroutou),
    mask_of(Yaku::ryanpeikou, Yaku::junchan, Yaku::honitsu), mask_of(Yaku::renhou_mangan), mask_of(Yaku::chinitsu)};
inline constexpr HanMasks han_open = {
    mask_of(Yaku::tanyao, Yaku::haitei, Yaku::houtei, Yaku::rinshan, Yaku::chankan, Yaku::seat_wind, Yaku::round_wind,
            Yaku::haku, Yaku::hatsu, Yaku::chun, Yaku::chanta, Yaku::ittsu, Yaku::sanshoku),
    mask_of(Yaku::sanshoku_doukou, Yaku::sankantsu, Yaku::toitoi, Yaku::sanankou, Yaku::shousangen, Yaku::honroutou,
            Yaku::junchan, Yaku::honitsu),
    0, mask_of(Yaku::chinitsu), 0};

inline constexpr u64 yakuman_yaku = [] {
  u64 m = 0;
  for (int y = static_cast<int>(Yaku::tenhou); y <= static_cast<int>(Yaku::suukantsu); ++y) m |= bit(y);
  return m;
}();
inline constexpr u64 double_yakuman =
    mask_of(Yaku::suuankou_tanki, Yaku::kokushi_13, Yaku::junsei_chuuren, Yaku::daisuushii);
inline constexpr u64 ordinary_yaku = bit(static_cast<int>(Yaku::renhou_mangan) + 1) - 1;

constexpr int han_by_masks(u64 yaku, const HanMasks& h) noexcept {
  return std::popcount(yaku & h.one) + 2 * std::popcount(yaku & h.two) + 3 * std::popcount(yaku & h.three) +
         5 * std::popcount(yaku & h.five) + 6 * std::popcount(yaku & h.six);
}
// The same sums per byte of the ordinary yaku (bits 0..31), closed and open:
// four lookups, no popcount (the portable build has no POPCNT instruction).
struct HanBytes {
  std::array<std::array<std::uint8_t, 256>, 4> closed, open;
};
inline constexpr HanBytes han_bytes = [] {
  HanBytes t{};
  for (int b = 0; b < 4; ++b)
    for (int v = 0; v < 256; ++v) {
      const u64 y = static_cast<u64>(v) << (8 * b);
      t.closed[static_cast<std::size_t>(b)][static_cast<std::size_t>(v)] =
          static_cast<std::uint8_t>(han_by_masks(y, han_closed));
      t.open[static_cast<std::size_t>(b)][static_cast<std::size_t>(v)] =
          static_cast<std::uint8_t>(han_by_masks(y, han_open));
    }
  return t;
}();
inline int han_of(u64 yaku, bool closed) noexcept {
  const auto& t = closed ? han_bytes.closed : han_bytes.open;
  return t[0][yaku & 0xff] + t[1][yaku >> 8 & 0xff] + t[2][yaku >> 16 & 0xff] + t[3][yaku >> 24 & 0xff];
}
static_assert(static_cast<int>(Yaku::renhou_mangan) < 32);

// Bits set in a 7-bit mask (honours), by table.
inline constexpr std::array<std::uint8_t, 128> bits7 = [] {
  std::array<std::uint8_t, 128> t{};
  for (int v = 0; v < 128; ++v)
    t[static_cast<std::size_t>(v)] = static_cast<std::uint8_t>(std::popcount(static_cast<unsigned>(v)));
  return t;
}();

// Slot words: eight slot counts (0..4) per 64-bit word, little endian.
inline u64 word(const std::uint8_t* p) noexcept {
  u64 w;
  __builtin_memcpy(&w, p, 8);
  return w;
}
// One bit per nonzero byte (bytes 0..7 of w hold 0..7).
constexpr u64 nonzero_bits(u64 w) noexcept {
  return (((w | w >> 1 | w >> 2) & 0x0101010101010101u) * 0x0102040810204080u) >> 56;
}
static_assert(nonzero_bits(0x0400030002000100u) == 0xaa && nonzero_bits(0x0000000000000001u) == 1 &&
              nonzero_bits(0x0100000000000000u) == 0x80 && nonzero_bits(0x0404040404040404u) == 0xff);
// One bit per byte of w equal to v (bytes at most 127).
constexpr u64 bytes_equal(u64 w, unsigned v) noexcept {
  constexpr u64 ones = 0x0101010101010101u, low7 = 0x7f7f7f7f7f7f7f7fu, high = 0x8080808080808080u;
  const u64 t = w ^ (ones * v);
  const u64 nonzero = (((t & low7) + low7) | t) & high;
  return (((~nonzero & high) >> 7) * 0x0102040810204080u) >> 56;
}
static_assert(bytes_equal(0x0102030403020100u, 3) == 0x28 && bytes_equal(0x0102030403020100u, 0) == 0x01);
// Honour slots (0 1 3 4 6 7 9 of the fourth group) to honour indices (E S W N Wh G R).
inline constexpr std::array<std::uint8_t, 1024> honour_index_bits = [] {
  std::array<std::uint8_t, 1024> t{};
  for (unsigned v = 0; v < 1024; ++v)
    for (std::size_t h = 0; h < 7; ++h)
      if (v >> honour_slot[h] & 1) t[v] = static_cast<std::uint8_t>(t[v] | 1u << h);
  return t;
}();
// The slot of each kind.
inline constexpr std::array<std::uint8_t, kind_count> slot_of = [] {
  std::array<std::uint8_t, kind_count> t{};
  for (int k = 0; k < kind_count; ++k) t[static_cast<std::size_t>(k)] = static_cast<std::uint8_t>(Tile(k).slot());
  return t;
}();
// The sum of a word's bytes (at most 8 * 4).
constexpr int byte_sum(u64 w) noexcept { return static_cast<int>((w * 0x0101010101010101u) >> 56); }

// ---- melds ----

// What a meld of one type and first tile contributes, precomputed.
struct MeldRow {
  u64 occupied = 0;                                  // its kinds' slots
  std::uint32_t seq = 0;                             // a chi: bit 7 * suit + number - 1
  std::uint32_t trip = 0;                            // a pon or kan of a suit: bit 9 * suit + number - 1
  std::uint8_t honours = 0;                          // a pon or kan of an honour: bit by honour index
  std::uint8_t slot = 0, first_copies = 0, chi = 0;  // copies at slot (and one each at slot+1, slot+2 for a chi)
  std::uint8_t fu = 0, open = 0, kan = 0, ankan = 0, triplet = 0, outside = 0;
  // For the checks (validate()'s, on the fast path): who it may be called
  // from (bits by Relative) with [0] four, [1] three players (0: no such
  // meld there); red fives it may hold; the suit a red five counts in.
  std::array<std::uint8_t, 2> from_ok{};
  std::uint8_t red_max = 0, suit = 3;
};
inline constexpr std::array<std::array<MeldRow, kind_count>, 5> meld_rows = [] {
  std::array<std::array<MeldRow, kind_count>, 5> t{};
  for (int type = 0; type < 5; ++type)
    for (int k = 0; k < kind_count; ++k) {
      MeldRow& row = t[static_cast<std::size_t>(type)][static_cast<std::size_t>(k)];
      Meld m;
      m.type = static_cast<MeldType>(type);
      m.tile = Tile(k);
      const int n = k % 9, suit = k / 9;
      row.slot = static_cast<std::uint8_t>(m.tile.slot());
      row.open = m.is_open();
      row.kan = m.is_kan();
      row.ankan = m.type == MeldType::ankan;
      row.suit = static_cast<std::uint8_t>(k < 27 ? suit : 3);
      const bool in_three = k < 1 || k > 7;                          // three players have no 2m-8m
      constexpr unsigned self = 1, others = 2 | 4 | 8, kamicha = 8;  // bits by Relative
      if (m.type == MeldType::chi) {
        if (k >= 27 || n > 6) continue;  // no such chi (validate() rejects it)
        row.from_ok = {kamicha, 0};      // no chi with three players
        row.red_max = n >= 2 && n <= 4;
        row.seq = 1u << (7 * suit + n);
        row.occupied = u64{7} << row.slot;
        row.first_copies = row.chi = 1;
        row.outside = n == 0 || n == 6;
        continue;
      }
      const unsigned from = row.ankan ? self : others;
      row.from_ok = {static_cast<std::uint8_t>(from),
                     static_cast<std::uint8_t>(in_three ? from & ~4u : 0)};  // no toimen
      row.red_max = k < 27 && n == 4;
      const bool outside = m.tile.is_terminal_or_honour();
      if (k >= 27) row.honours = static_cast<std::uint8_t>(1u << (k - 27));
      else row.trip = 1u << (9 * suit + n);
      row.occupied = u64{1} << row.slot;
      row.first_copies = static_cast<std::uint8_t>(m.size());
      row.triplet = 1;
      row.outside = outside;
      row.fu = static_cast<std::uint8_t>((outside ? 4 : 2) * (m.is_open() ? 1 : 2) * (m.is_kan() ? 4 : 1));
    }
  return t;
}();

// ---- the request's reading-independent part ----

struct Context {
  const ScoreRequest* r = nullptr;
  bool closed = true, dealer = false;
  u64 occupied = 0;    // slots holding a tile, concealed or in a meld
  u64 fixed_yaku = 0;  // yaku no reading changes (yakuman included)
  // Called melds and closed kans.
  std::array<unsigned, 3> meld_seq{}, meld_trip{};  // per suit, bit by number - 1
  unsigned meld_honours = 0;                        // bit by honour index (E S W N Wh G R)
  int meld_triplets = 0, ankans = 0, meld_fu = 0;
  bool meld_outside = true;
  // Concealed honours: triplets and pairs by honour index.
  unsigned honour_trip = 0, honour_pair = 0;
  bool honours_split = true;         // no honour held once or four times
  int honour_pair_fu = 0;            // fu of the head if it is an honour
  int dora_han = 0;                  // dora + aka + ura + nuki
  std::array<int, 4> group_tiles{};  // concealed tiles per group (man, pin, sou, honours)
};

// Fills the context and the score's dora counts, checking on the way what
// validate() checks (score_prepare.cpp). False: the request may be invalid.
bool prepare(const ScoreRequest& r, Score& s, Context& c) noexcept;

}  // namespace mjk::scoring
