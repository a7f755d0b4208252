// The kernel's scorer (score.hpp; SCORING.md is the specification).
//
// The index method's idea: what a suit contributes to yaku and fu is decided per
// suit by a table (score_tables.hpp: every split of every suit summarised
// once), and a reading combines its suits' summaries with bit operations:
// sanshoku is the AND of three sequence masks, sanshoku doukou the AND of
// three triplet masks, ittsu a mask holding 1, 4 and 7, chanta / junchan an
// AND of per-split flags. Everything a reading cannot change (tanyao,
// honroutou, honitsu, chinitsu, yakuhai, the yakuman of tile sets, dora) is
// decided once per request from one occupancy mask of the whole hand. Han
// are table sums over the bytes of yaku masks. docs/kernel.md ("Scoring") says where the
// time goes.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "mjk/score.hpp"
#include "score_tables.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace mjk {
namespace {

using scoring::SplitInfo;
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
constexpr u64 simples = suit_numbers(2, 8);
constexpr u64 terminals = suit_numbers(1, 1) | suit_numbers(9, 9);
constexpr u64 honours = honour_mask();
constexpr u64 greens = bit(24 + 1) | bit(24 + 2) | bit(24 + 3) | bit(24 + 5) | bit(24 + 7) | bit(36 + honour_slot[5]);
constexpr u64 group_mask = 0x1ff;  // the nine numbers of a suit at its group's offset

// ---- yaku values ----

// Han per yaku, closed and open, as masks: han = Σ k * popcount(yaku & han_k).
// The same values as score_model.cpp's table (list_yaku); a test holds them equal.
struct HanMasks {
  u64 one, two, three, five, six;
};
constexpr HanMasks han_closed = {
    mask_of(Yaku::riichi, Yaku::ippatsu, Yaku::menzen_tsumo, Yaku::pinfu, Yaku::tanyao, Yaku::iipeikou, Yaku::haitei,
            Yaku::houtei, Yaku::rinshan, Yaku::chankan, Yaku::seat_wind, Yaku::round_wind, Yaku::haku, Yaku::hatsu,
            Yaku::chun),
    mask_of(Yaku::double_riichi, Yaku::chiitoitsu, Yaku::chanta, Yaku::ittsu, Yaku::sanshoku, Yaku::sanshoku_doukou,
            Yaku::sankantsu, Yaku::toitoi, Yaku::sanankou, Yaku::shousangen, Yaku::honroutou),
    mask_of(Yaku::ryanpeikou, Yaku::junchan, Yaku::honitsu), mask_of(Yaku::renhou_mangan), mask_of(Yaku::chinitsu)};
constexpr HanMasks han_open = {
    mask_of(Yaku::tanyao, Yaku::haitei, Yaku::houtei, Yaku::rinshan, Yaku::chankan, Yaku::seat_wind, Yaku::round_wind,
            Yaku::haku, Yaku::hatsu, Yaku::chun, Yaku::chanta, Yaku::ittsu, Yaku::sanshoku),
    mask_of(Yaku::sanshoku_doukou, Yaku::sankantsu, Yaku::toitoi, Yaku::sanankou, Yaku::shousangen, Yaku::honroutou,
            Yaku::junchan, Yaku::honitsu),
    0, mask_of(Yaku::chinitsu), 0};

constexpr u64 yakuman_yaku = [] {
  u64 m = 0;
  for (int y = static_cast<int>(Yaku::tenhou); y <= static_cast<int>(Yaku::suukantsu); ++y) m |= bit(y);
  return m;
}();
constexpr u64 double_yakuman = mask_of(Yaku::suuankou_tanki, Yaku::kokushi_13, Yaku::junsei_chuuren, Yaku::daisuushii);
constexpr u64 ordinary_yaku = bit(static_cast<int>(Yaku::renhou_mangan) + 1) - 1;

constexpr int han_by_masks(u64 yaku, const HanMasks& h) noexcept {
  return std::popcount(yaku & h.one) + 2 * std::popcount(yaku & h.two) + 3 * std::popcount(yaku & h.three) +
         5 * std::popcount(yaku & h.five) + 6 * std::popcount(yaku & h.six);
}
// The same sums per byte of the ordinary yaku (bits 0..31), closed and open:
// four lookups, no popcount (the portable build has no POPCNT instruction).
struct HanBytes {
  std::array<std::array<std::uint8_t, 256>, 4> closed, open;
};
constexpr HanBytes han_bytes = [] {
  HanBytes t{};
  for (int b = 0; b < 4; ++b)
    for (int v = 0; v < 256; ++v) {
      const u64 y = static_cast<u64>(v) << (8 * b);
      t.closed[static_cast<std::size_t>(b)][static_cast<std::size_t>(v)] = static_cast<std::uint8_t>(han_by_masks(y, han_closed));
      t.open[static_cast<std::size_t>(b)][static_cast<std::size_t>(v)] = static_cast<std::uint8_t>(han_by_masks(y, han_open));
    }
  return t;
}();
int han_of(u64 yaku, bool closed) noexcept {
  const auto& t = closed ? han_bytes.closed : han_bytes.open;
  return t[0][yaku & 0xff] + t[1][yaku >> 8 & 0xff] + t[2][yaku >> 16 & 0xff] + t[3][yaku >> 24 & 0xff];
}
static_assert(static_cast<int>(Yaku::renhou_mangan) < 32);

// Bits set in a 7-bit mask (honours), by table.
constexpr std::array<std::uint8_t, 128> bits7 = [] {
  std::array<std::uint8_t, 128> t{};
  for (int v = 0; v < 128; ++v) t[static_cast<std::size_t>(v)] = static_cast<std::uint8_t>(std::popcount(static_cast<unsigned>(v)));
  return t;
}();

// Slot words: eight slot counts (0..4) per 64-bit word, little endian.
u64 word(const std::uint8_t* p) noexcept {
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
constexpr std::array<std::uint8_t, 1024> honour_index_bits = [] {
  std::array<std::uint8_t, 1024> t{};
  for (unsigned v = 0; v < 1024; ++v)
    for (std::size_t h = 0; h < 7; ++h)
      if (v >> honour_slot[h] & 1) t[v] = static_cast<std::uint8_t>(t[v] | 1u << h);
  return t;
}();
// The slot of each kind.
constexpr std::array<std::uint8_t, kind_count> slot_of = [] {
  std::array<std::uint8_t, kind_count> t{};
  for (int k = 0; k < kind_count; ++k) t[static_cast<std::size_t>(k)] = static_cast<std::uint8_t>(Tile(k).slot());
  return t;
}();
// Bit s: slot s holds a tile. SSE2 (every x86-64) compares 16 slots at a
// time; elsewhere (WebAssembly, ...) SWAR on words.
u64 occupancy(const Hand& h) noexcept {
#if defined(__SSE2__)
  const __m128i zero = _mm_setzero_si128();
  u64 m = 0;
  for (int i = 0; i < 3; ++i) {
    const __m128i v = _mm_load_si128(reinterpret_cast<const __m128i*>(h.slots.data() + 16 * i));  // Hand is 64-aligned
    m |= static_cast<u64>(static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, zero))) ^ 0xffffu) << (16 * i);
  }
  return m;
#else
  u64 m = 0;
  for (std::size_t i = 0; i < 6; ++i) m |= nonzero_bits(word(&h.slots[8 * i])) << (8 * i);
  return m;
#endif
}
// The sum of a word's bytes (at most 8 * 4).
constexpr int byte_sum(u64 w) noexcept { return static_cast<int>((w * 0x0101010101010101u) >> 56); }

int round_up_100(int x) noexcept { return (x + 99) / 100 * 100; }

// Base points of han and fu with the limits (no yakuman).
// Limits by han (index 13: 13 han or more without kazoe), 0 below mangan.
constexpr std::array<int, 15> limit_by_han = {0, 0, 0, 0, 0, 2000, 3000, 3000, 4000, 4000, 4000, 6000, 6000, 6000, 8000};
int base_points(int han, int fu, const ScoreRules& rules) noexcept {
  const int limit = limit_by_han[static_cast<std::size_t>(std::min(han, 13) + ((han >= 13) & rules.kazoe_yakuman))];
  const bool kiriage = rules.kiriage & (((han == 4) & (fu == 30)) | ((han == 3) & (fu == 60)));
  const int counted = kiriage ? 2000 : std::min(fu << std::min(han + 2, 6), 2000);  // han >= 5 takes the limit
  return limit ? limit : counted;
}

// The padding slots of the 48-slot layout, as 0xff bytes.
constexpr std::array<std::uint8_t, slot_count> padding_bytes = [] {
  std::array<std::uint8_t, slot_count> t{};
  for (int s = 0; s < slot_count; ++s) t[static_cast<std::size_t>(s)] = Tile::from_slot(s) ? 0 : 0xff;
  return t;
}();
// No kind seen more than four times in the hand, melds and indicators
// together, nothing in a padding slot. 48 bytes each; a whole-array pass (no
// branch per slot).
bool copies_ok(const Hand& h, const std::uint8_t* meld_tiles, const std::uint8_t* indicated) noexcept {
  // A hand count is checked alone too: one of 200 (a bad request) plus melds could wrap around to a small sum.
#if defined(__SSE2__)
  const __m128i four = _mm_set1_epi8(4);
  __m128i bad = _mm_setzero_si128();
  for (int i = 0; i < 3; ++i) {
    const auto load = [i](const std::uint8_t* p) noexcept { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * i)); };
    const __m128i held = load(h.slots.data()), seen = _mm_add_epi8(_mm_add_epi8(held, load(meld_tiles)), load(indicated));
    bad = _mm_or_si128(bad, _mm_or_si128(_mm_or_si128(_mm_subs_epu8(held, four), _mm_subs_epu8(seen, four)),
                                         _mm_and_si128(held, load(padding_bytes.data()))));
  }
  return _mm_movemask_epi8(_mm_cmpeq_epi8(bad, _mm_setzero_si128())) == 0xffff;
#else
  // Bytes above 4: the low seven bits plus 123 reach bit 7, or bit 7 was set.
  const auto over_four = [](u64 w) noexcept { return (((w & 0x7f7f7f7f7f7f7f7fu) + 0x7b7b7b7b7b7b7b7bu) | w) & 0x8080808080808080u; };
  u64 bad = 0;
  for (std::size_t i = 0; i < 6; ++i) {
    const u64 held = word(&h.slots[8 * i]), seen = held + word(meld_tiles + 8 * i) + word(indicated + 8 * i);
    bad |= over_four(held) | over_four(seen) | (held & word(&padding_bytes[8 * i]));
  }
  return !bad;
#endif
}

// ---- melds ----

// What a meld of one type and first tile contributes, precomputed.
struct MeldRow {
  u64 occupied = 0;         // its kinds' slots
  std::uint32_t seq = 0;    // a chi: bit 7 * suit + number - 1
  std::uint32_t trip = 0;   // a pon or kan of a suit: bit 9 * suit + number - 1
  std::uint8_t honours = 0; // a pon or kan of an honour: bit by honour index
  std::uint8_t slot = 0, first_copies = 0, chi = 0;  // copies at slot (and one each at slot+1, slot+2 for a chi)
  std::uint8_t fu = 0, open = 0, kan = 0, ankan = 0, triplet = 0, outside = 0;
  // For the checks (validate()'s, on the fast path): who it may be called
  // from (bits by Relative) with [0] four, [1] three players (0: no such
  // meld there); red fives it may hold; the suit a red five counts in.
  std::array<std::uint8_t, 2> from_ok{};
  std::uint8_t red_max = 0, suit = 3;
};
constexpr std::array<std::array<MeldRow, kind_count>, 5> meld_rows = [] {
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
      const bool in_three = k < 1 || k > 7;  // three players have no 2m-8m
      constexpr unsigned self = 1, others = 2 | 4 | 8, kamicha = 8;  // bits by Relative
      if (m.type == MeldType::chi) {
        if (k >= 27 || n > 6) continue;  // no such chi (validate() rejects it)
        row.from_ok = {kamicha, 0};  // no chi with three players
        row.red_max = n >= 2 && n <= 4;
        row.seq = 1u << (7 * suit + n);
        row.occupied = u64{7} << row.slot;
        row.first_copies = row.chi = 1;
        row.outside = n == 0 || n == 6;
        continue;
      }
      const unsigned from = row.ankan ? self : others;
      row.from_ok = {static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(in_three ? from & ~4u : 0)};  // no toimen
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
  u64 occupied = 0;       // slots holding a tile, concealed or in a meld
  u64 fixed_yaku = 0;     // yaku no reading changes (yakuman included)
  // Called melds and closed kans.
  std::array<unsigned, 3> meld_seq{}, meld_trip{};  // per suit, bit by number - 1
  unsigned meld_honours = 0;                        // bit by honour index (E S W N Wh G R)
  int meld_triplets = 0, ankans = 0, meld_fu = 0;
  bool meld_outside = true;
  // Concealed honours: triplets and pairs by honour index.
  unsigned honour_trip = 0, honour_pair = 0;
  bool honours_split = true;  // no honour held once or four times
  int honour_pair_fu = 0;     // fu of the head if it is an honour
  int dora_han = 0;           // dora + aka + ura + nuki
  std::array<int, 4> group_tiles{};  // concealed tiles per group (man, pin, sou, honours)
};

// The dora an indicator points at (three players: 1m indicates 9m), by table: [three players][indicator].
constexpr std::array<std::array<std::uint8_t, kind_count>, 2> dora_of_table = [] {
  std::array<std::array<std::uint8_t, kind_count>, 2> t{};
  for (int three = 0; three < 2; ++three)
    for (int k = 0; k < kind_count; ++k)
      t[static_cast<std::size_t>(three)][static_cast<std::size_t>(k)] = static_cast<std::uint8_t>(
          k < 27 ? (three && k == 0 ? 8 : k / 9 * 9 + (k % 9 + 1) % 9) : k < 31 ? 27 + (k - 27 + 1) % 4 : 31 + (k - 31 + 1) % 3);
  return t;
}();

// The yaku of the win's context alone, by riichi (0..2) | ippatsu << 2 |
// tsumo << 3 | closed << 4 | haitei << 5 | rinshan << 6 | chankan << 7.
constexpr std::array<u64, 256> context_yaku = [] {
  std::array<u64, 256> t{};
  for (unsigned i = 0; i < 256; ++i) {
    const unsigned riichi = i & 3;
    const bool ippatsu = i >> 2 & 1, tsumo = i >> 3 & 1, closed = i >> 4 & 1, haitei = i >> 5 & 1, rinshan = i >> 6 & 1,
               chankan = i >> 7 & 1;
    t[i] = (riichi == 1 ? Y(Yaku::riichi) : 0) | (riichi == 2 ? Y(Yaku::double_riichi) : 0) | (ippatsu ? Y(Yaku::ippatsu) : 0) |
           (closed && tsumo ? Y(Yaku::menzen_tsumo) : 0) | (haitei && tsumo ? Y(Yaku::haitei) : 0) |
           (haitei && !tsumo ? Y(Yaku::houtei) : 0) | (rinshan ? Y(Yaku::rinshan) : 0) | (chankan ? Y(Yaku::chankan) : 0);
  }
  return t;
}();

// Fills the context and the score's dora counts, checking on the way what
// validate() checks. False: the request may be invalid (validate() then
// names the error). It returns early only on what validate() surely
// rejects, before reading a table with it; otherwise the context is whole.
// Out of line: that is the code the scoring benchmarks measure; inlined
// into score_one (its only caller), the scoring rows ran slower.
[[gnu::noinline]] bool prepare(const ScoreRequest& r, Score& s, Context& c) noexcept {
  // What indexes a table or bounds a loop, first.
  const bool four = r.players == Players::four;
  if ((!four && r.players != Players::three) || r.riichi > 2 || r.rules.renhou > RenhouRule::yakuman ||
      (r.rules.double_wind_pair_fu != 2 && r.rules.double_wind_pair_fu != 4) || static_cast<std::uint8_t>(r.from) > 3 ||
      r.win.kind() >= kind_count || r.meld_count > 4 || r.dora_count > max_indicators || r.ura_count > max_indicators ||
      r.nuki > 4 || (four && r.nuki > 0) || r.hand.tiles + 3 * r.meld_count != 14 || r.seat >= static_cast<int>(r.players) ||
      r.round > 3)
    return false;
  bool ok = true;
  c.r = &r;
  c.dealer = r.seat == 0;
  // The melds, each summarised by one table row (meld_rows).
  std::array<std::uint8_t, slot_count + 2> meld_tiles{};  // copies per slot in melds (for dora)
  std::uint32_t seq = 0, trip = 0;
  int kans = 0, aka = r.hand.red_fives[0] + r.hand.red_fives[1] + r.hand.red_fives[2];
  std::array<int, 4> red{r.hand.red_fives[0], r.hand.red_fives[1], r.hand.red_fives[2], 0};  // by suit; [3] none
  for (std::size_t i = 0; i < r.meld_count; ++i) {
    const Meld& m = r.melds[i];
    const auto type = static_cast<std::uint8_t>(m.type), from = static_cast<std::uint8_t>(m.from);
    if (type > static_cast<std::uint8_t>(MeldType::kakan) || m.tile.kind() >= kind_count || from > 3) return false;
    const MeldRow& row = meld_rows[type][static_cast<std::size_t>(m.tile.kind())];
    ok &= (row.from_ok[!four] >> from & 1) && m.red <= row.red_max;
    red[row.suit] += m.red;
    seq |= row.seq;
    trip |= row.trip;
    c.meld_honours |= row.honours;
    c.occupied |= row.occupied;
    c.closed &= !row.open;
    c.meld_outside &= row.outside;
    c.meld_triplets += row.triplet;
    c.ankans += row.ankan;
    c.meld_fu += row.fu;
    kans += row.kan;
    aka += m.red;
    meld_tiles[row.slot] = static_cast<std::uint8_t>(meld_tiles[row.slot] + row.first_copies);
    meld_tiles[row.slot + 1u] = static_cast<std::uint8_t>(meld_tiles[row.slot + 1u] + row.chi);
    meld_tiles[row.slot + 2u] = static_cast<std::uint8_t>(meld_tiles[row.slot + 2u] + row.chi);
  }
  c.meld_seq = {seq & 0x7fu, seq >> 7 & 0x7fu, seq >> 14 & 0x7fu};
  c.meld_trip = {trip & 0x1ffu, trip >> 9 & 0x1ffu, trip >> 18 & 0x1ffu};
  meld_tiles[slot_of[30]] = static_cast<std::uint8_t>(meld_tiles[slot_of[30]] + r.nuki);  // north tiles set aside
  // The indicators: kinds in range, and their copies for the fifth-copy check.
  std::array<std::uint8_t, slot_count> indicated{};
  for (std::size_t i = 0; i < std::size_t{r.dora_count} + r.ura_count; ++i) {
    const int k = (i < r.dora_count ? r.dora[i] : r.ura[i - r.dora_count]).kind();
    if (k >= kind_count) return false;
    ok &= four || k < 1 || k > 7;
    ++indicated[slot_of[static_cast<std::size_t>(k)]];
  }
  // Dora kinds: counted always (the score reports them), han only with a
  // yaku; ura only with riichi.
  const auto& dora_table = dora_of_table[r.players == Players::three];
  int dora = 0, ura = 0;
  for (std::size_t i = 0; i < r.dora_count; ++i) {
    const std::size_t d = slot_of[dora_table[r.dora[i].kind()]];
    dora += r.hand.slots[d] + meld_tiles[d];
  }
  for (std::size_t i = 0; r.riichi && i < r.ura_count; ++i) {
    const std::size_t u = slot_of[dora_table[r.ura[i].kind()]];
    ura += r.hand.slots[u] + meld_tiles[u];
  }
  s.dora = static_cast<std::uint8_t>(dora);
  s.ura = static_cast<std::uint8_t>(ura);
  s.aka = static_cast<std::uint8_t>(aka);
  s.nuki = r.nuki;
  c.dora_han = dora + ura + aka + r.nuki;
  std::array<u64, 6> words;
  for (std::size_t i = 0; i < 6; ++i) words[i] = word(&r.hand.slots[8 * i]);
  c.occupied |= occupancy(r.hand);
  ok &= copies_ok(r.hand, meld_tiles.data(), indicated.data()) && (four || !(words[0] & 0xffffffffffffff00u));  // 2m-8m
  // Red fives: one per suit, and not more in the hand than its fives.
  for (std::size_t g = 0; g < 3; ++g) ok &= red[g] <= 1 && r.hand.red_fives[g] <= r.hand.slots[12 * g + 4];
  // The winning tile held (a red one if so said).
  const int win = r.win.kind();
  ok &= r.hand.slots[slot_of[static_cast<std::size_t>(win)]] > 0 &&
        (!r.win_red || (win < 27 && win % 9 == 4 && r.hand.red_fives[static_cast<std::size_t>(win / 9)] > 0));
  // The context's contradictions, combined without branching (each is rare).
  const bool ron = !r.tsumo, riichi = r.riichi != 0, open = !c.closed, kan = kans > 0;
  const bool bad_from = ron & ((r.from == Relative::self) | (!four & (r.from == Relative::toimen)));
  ok &= !(bad_from | (riichi & open) | (r.ippatsu & !riichi) | (r.rinshan & (!kan | ron)) | (r.chankan & r.tsumo) |
          (r.haitei & r.rinshan) | (r.tenhou & (r.meld_count > 0)) | (r.tenhou & ron & (r.seat == 0)));
  // Tiles per group (12 slots: a word and a half); `tiles` their sum.
  constexpr u64 low = 0x00000000ffffffffu, high = ~low;
  c.group_tiles = {byte_sum(words[0]) + byte_sum(words[1] & low), byte_sum(words[1] & high) + byte_sum(words[2]),
                   byte_sum(words[3]) + byte_sum(words[4] & low), byte_sum(words[4] & high) + byte_sum(words[5])};
  ok &= c.group_tiles[0] + c.group_tiles[1] + c.group_tiles[2] + c.group_tiles[3] == r.hand.tiles;
  // Concealed honours: triplets, pairs, and kinds held once or four times
  // (then the honours do not split), as bits by honour slot (36 + 0..9).
#if defined(__SSE2__)
  // Slots 32..47 in one register, four compares (no branch on whether the
  // hand holds honours at all: about half the wins do).
  const __m128i upper = _mm_load_si128(reinterpret_cast<const __m128i*>(r.hand.slots.data() + 32));  // Hand is 64-aligned
  const auto honour_bits = [upper](char n) noexcept {
    return static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(upper, _mm_set1_epi8(n)))) >> 4 & 0x3ffu;
  };
  c.honour_trip = honour_index_bits[honour_bits(3)];
  c.honour_pair = honour_index_bits[honour_bits(2)];
  c.honours_split = !(honour_bits(1) | honour_bits(4));
#else
  // Slots 36..43 and 44..47, one byte each.
  if (c.group_tiles[3]) {
    const u64 h0 = words[4] >> 32 | words[5] << 32, h1 = words[5] >> 32;
    const auto honour_bits = [h0, h1](unsigned n) noexcept {
      return static_cast<unsigned>(bytes_equal(h0, n) | (bytes_equal(h1, n) & 3) << 8);
    };
    c.honour_trip = honour_index_bits[honour_bits(3)];
    c.honour_pair = honour_index_bits[honour_bits(2)];
    c.honours_split = !(honour_bits(1) | honour_bits(4));
  }
#endif
  // The head's fu if it is an honour (the honours' split is unique).
  if (c.honour_pair) {
    const int h = std::countr_zero(c.honour_pair);
    const int winds = (h == r.seat) + (h == r.round);
    c.honour_pair_fu = h >= 4 ? 2 : winds == 2 ? r.rules.double_wind_pair_fu : 2 * winds;
  }


  // Yaku of the tiles and the context, the same for every reading.
  const u64 occ = c.occupied;
  const unsigned htrip = c.honour_trip | c.meld_honours;
  const int suits = (occ & group_mask ? 1 : 0) + (occ & group_mask << 12 ? 1 : 0) + (occ & group_mask << 24 ? 1 : 0);
  const bool has_honours = occ & honours;
  u64 y = 0;
  const auto set = [&y](Yaku yaku, bool on) noexcept { y |= u64{on} << static_cast<int>(yaku); };
  // The context's yaku: one lookup (context_yaku).
  y |= context_yaku[static_cast<std::size_t>(r.riichi | r.ippatsu << 2 | r.tsumo << 3 | c.closed << 4 | r.haitei << 5 |
                                             r.rinshan << 6 | r.chankan << 7)];
  set(Yaku::tanyao, !(occ & ~simples) && (c.closed || r.rules.open_tanyao));
  set(Yaku::seat_wind, htrip >> r.seat & 1);
  set(Yaku::round_wind, htrip >> r.round & 1);
  static_assert(static_cast<int>(Yaku::hatsu) == static_cast<int>(Yaku::haku) + 1 &&
                static_cast<int>(Yaku::chun) == static_cast<int>(Yaku::haku) + 2);
  y |= u64{htrip >> 4} << static_cast<int>(Yaku::haku);  // haku, hatsu, chun: the dragon triplets' bits in order
  set(Yaku::shousangen, bits7[htrip & 0x70u] == 2 && (c.honour_pair & 0x70u));
  set(Yaku::honroutou, !(occ & simples) && has_honours && (occ & terminals));
  set(Yaku::honitsu, suits == 1 && has_honours);
  set(Yaku::chinitsu, suits == 1 && !has_honours);
  set(Yaku::sankantsu, kans == 3);
  // The yakuman of tile sets, of the first turn, of four kans, and chuuren
  // (below): each needs one of these, which few wins have, so one
  // predictable branch skips them all.
  const bool maybe_yakuman = !(occ & ~greens) || !(occ & ~(terminals | honours)) || bits7[htrip & 0x70u] == 3 ||
                             bits7[htrip & 0xfu] >= 3 || r.tenhou || kans == 4 || (r.hand.tiles == 14 && suits == 1 && !has_honours);
  if (!maybe_yakuman) [[likely]] {
    c.fixed_yaku = y;
    return ok;
  }
  set(Yaku::renhou_mangan, r.tenhou && !r.tsumo && r.rules.renhou == RenhouRule::mangan);
  set(Yaku::tenhou, r.tenhou && r.tsumo && r.seat == 0);
  set(Yaku::chiihou, r.tenhou && r.tsumo && r.seat != 0);
  set(Yaku::renhou, r.tenhou && !r.tsumo && r.rules.renhou == RenhouRule::yakuman);
  set(Yaku::daisangen, bits7[htrip & 0x70u] == 3);
  set(Yaku::shousuushii, bits7[htrip & 0xfu] == 3 && (c.honour_pair & 0xfu));
  set(Yaku::daisuushii, bits7[htrip & 0xfu] == 4);
  set(Yaku::tsuuiisou, !(occ & ~honours));
  set(Yaku::ryuuiisou, !(occ & ~greens));
  set(Yaku::chinroutou, !(occ & ~terminals));
  set(Yaku::suukantsu, kans == 4);
  // Chuuren poutou: closed, one suit, 1112345678999 plus one; junsei when
  // the hand without the winning tile is that exactly (a nine-sided wait).
  if (r.hand.tiles == 14 && suits == 1 && !has_honours) {
    const int g = std::countr_zero(occ) / 12;
    const std::uint8_t* n = &r.hand.slots[static_cast<std::size_t>(12 * g)];
    bool chuuren = n[0] >= 3 && n[8] >= 3;
    for (int i = 1; i < 8; ++i) chuuren &= n[i] >= 1;
    const int w = r.win.kind() % 9;
    set(Yaku::chuuren, chuuren && n[w] != (w == 0 || w == 8 ? 4 : 2));
    set(Yaku::junsei_chuuren, chuuren && n[w] == (w == 0 || w == 8 ? 4 : 2));
  }
  c.fixed_yaku = y;
  return ok;
}

// ---- readings ----

// One reading's value. SCORING.md §2 orders readings by points, then a
// yakuman reading, then han, then fu: `key` holds the last three (0: no
// yaku), points come from the base only when two readings' bases differ.
struct Reading {
  u64 yaku = 0;
  int han = 0, fu = 0, yakuman = 0, base = 0;
  std::int64_t key = -1;  // -1: no reading yet
};

// What a base pays the winner in all: a ron 4x (dealer 6x), a tsumo the
// shares (the dealer's doubled; three players: the North share lost, or
// with no tsumo loss split between the two payers).
int points_of(int base, const Context& c) noexcept {
  const ScoreRequest& r = *c.r;
  // Every case computed, one selected (no branch on the request).
  const int ron = round_up_100(base * (c.dealer ? 6 : 4));
  const int one = round_up_100(base), two = round_up_100(2 * base);
  const int four = c.dealer ? 3 * two : two + 2 * one;
  const int three_loss = c.dealer ? 2 * two : two + one;
  const int three_split = c.dealer ? 2 * round_up_100(3 * base) : round_up_100(2 * base + base / 2) + round_up_100(base + base / 2);
  const int three = r.rules.sanma_tsumo_loss ? three_loss : three_split;
  const int tsumo = r.players == Players::four ? four : three;
  return r.tsumo ? tsumo : ron;
}

// Values a reading from its yaku (fixed and its own), han and fu. Inlined
// in the scorer's loop (fu_breakdown's second use would otherwise make the
// compiler call it there).
[[gnu::always_inline]] inline Reading value(u64 yaku, int fu, const Context& c) noexcept {
  const ScoreRules& rules = c.r->rules;
  Reading v;
  const u64 yakuman = yaku & yakuman_yaku;
  if (yakuman) {
    const int multiple = std::popcount(yakuman) + (rules.double_yakuman ? std::popcount(yakuman & double_yakuman) : 0);
    v.yaku = yakuman;
    v.yakuman = rules.yakuman_stacking ? multiple : 1;
    v.base = 8000 * v.yakuman;
  } else {
    v.yaku = yaku & ordinary_yaku;
    const int han = han_of(v.yaku, c.closed);
    if (han == 0) {  // no yaku: complete, worth nothing
      v.yaku = 0;
      v.key = 0;
      return v;
    }
    v.han = han + c.dora_han;
    v.fu = fu;
    v.base = base_points(v.han, fu, rules);
  }
  v.key = std::int64_t{v.yakuman > 0} << 23 | v.han << 8 | v.fu;
  return v;
}

// Whether v is a better reading than best (SCORING.md §2's order). Most
// hands have one reading: points are computed only to compare two.
bool better(const Reading& v, const Reading& best, const Context& c) noexcept {
  if (best.key < 0) return true;
  const int points = points_of(v.base, c), best_points = points_of(best.base, c);
  return points > best_points || (points == best_points && v.key > best.key);
}
void keep_best(Reading& best, const Reading& v, const Context& c) noexcept {
  if (better(v, best, c)) best = v;
}

// Which standard reading a value came from: the split of each suit (an
// index into its table entry) and the wait (a scoring::WaitBit). Only
// fu_breakdown() reads it; the scorer's own `keep` ignores it.
struct Pick {
  unsigned split[3];
  unsigned wait;
};

// Every standard-form reading: each combination of the suits' splits, and
// each wait the winning tile can have in it, each valued and handed to
// keep(reading, pick).
template <class Keep>
void standard_readings(const Context& c, const scoring::SuitTable& table, Keep&& keep) noexcept {
  const ScoreRequest& r = *c.r;
  const Hand& h = r.hand;
  // The concealed part splits only if one group holds 3k+2 tiles and the others 3k.
  // Residue 1 anywhere, or 2 in more than one group, leaves 8 or 2+: no split.
  static constexpr std::array<std::uint8_t, 15> residue_weight = {0, 8, 1, 0, 8, 1, 0, 8, 1, 0, 8, 1, 0, 8, 1};
  const int residues = residue_weight[static_cast<std::size_t>(c.group_tiles[0])] + residue_weight[static_cast<std::size_t>(c.group_tiles[1])] +
                       residue_weight[static_cast<std::size_t>(c.group_tiles[2])] + residue_weight[static_cast<std::size_t>(c.group_tiles[3])];
  if (residues != 1 || !c.honours_split) return;
  if (bits7[c.honour_pair] != (c.group_tiles[3] % 3 == 2)) return;
  std::array<std::pair<const SplitInfo*, unsigned>, 3> splits;
  for (std::size_t g = 0; g < 3; ++g) {
    splits[g] = table.find(scoring::suit_key(&h.slots[12 * g]));  // key 0 (no tile): one empty split
    if (splits[g].second == 0) return;
  }

  const int win = r.win.kind(), wg = win / 9, wn = win % 9;
  const bool ron = !r.tsumo;
  const unsigned honour_waits =
      wg == 3 ? (c.honour_pair >> (win - 27) & 1) * scoring::wait_tanki | (c.honour_trip >> (win - 27) & 1) * scoring::wait_shanpon : 0;
  const int honour_trips = bits7[c.honour_trip];
  const int kans_and_fixed_fu = c.meld_fu + 8 * honour_trips + c.honour_pair_fu;

  for (unsigned a = 0; a < splits[0].second; ++a)
    for (unsigned b = 0; b < splits[1].second; ++b)
      for (unsigned d = 0; d < splits[2].second; ++d) {
        const SplitInfo& m = splits[0].first[a];
        const SplitInfo& p = splits[1].first[b];
        const SplitInfo& s = splits[2].first[d];
        const unsigned seq0 = m.seq | c.meld_seq[0], seq1 = p.seq | c.meld_seq[1], seq2 = s.seq | c.meld_seq[2];
        const unsigned trip0 = m.trip | c.meld_trip[0], trip1 = p.trip | c.meld_trip[1], trip2 = s.trip | c.meld_trip[2];
        const int closed_trips = m.triplets + p.triplets + s.triplets + honour_trips;
        const int triplets = closed_trips + c.meld_triplets;
        const int sequences = 4 - triplets;
        const int peikou = m.peikou + p.peikou + s.peikou;
        const bool outside = m.outside & p.outside & s.outside & c.meld_outside;
        u64 y = c.fixed_yaku;
        const auto set = [&y](Yaku yaku, bool on) noexcept { y |= u64{on} << static_cast<int>(yaku); };
        set(Yaku::sanshoku, seq0 & seq1 & seq2);
        set(Yaku::sanshoku_doukou, trip0 & trip1 & trip2);
        set(Yaku::ittsu, ((seq0 & 0x49u) == 0x49u) | ((seq1 & 0x49u) == 0x49u) | ((seq2 & 0x49u) == 0x49u));
        const bool outside_runs = outside & (sequences > 0), has_honours = (c.occupied & honours) != 0;
        set(Yaku::iipeikou, c.closed & (peikou == 1));
        set(Yaku::ryanpeikou, c.closed & (peikou >= 2));
        set(Yaku::chanta, outside_runs & has_honours);
        set(Yaku::junchan, outside_runs & !has_honours);
        set(Yaku::toitoi, triplets == 4);
        const int head_fu = c.honour_pair_fu;  // suit heads are worth nothing
        const int trip_fu = m.trip_fu + p.trip_fu + s.trip_fu + kans_and_fixed_fu;
        const std::array<const SplitInfo*, 4> parts = {&m, &p, &s, &s};
        const unsigned suit_waits = static_cast<unsigned>(parts[static_cast<std::size_t>(wg)]->waits >> (4 * wn)) & 15u;
        const unsigned waits = wg == 3 ? honour_waits : suit_waits;
        const bool outside_win = wg == 3 || wn == 0 || wn == 8;
        for (unsigned w = waits; w; w &= w - 1) {
          const unsigned kind = w & (0u - w);
          const bool shanpon_ron = (kind == scoring::wait_shanpon) & ron;
          const int anko = closed_trips + c.ankans - shanpon_ron;
          u64 yr = y;
          const auto setr = [&yr](Yaku yaku, bool on) noexcept { yr |= u64{on} << static_cast<int>(yaku); };
          const bool pinfu = c.closed & (triplets == 0) & (head_fu == 0) & (kind == scoring::wait_ryanmen);
          const bool tanki = kind == scoring::wait_tanki;
          setr(Yaku::pinfu, pinfu);
          setr(Yaku::sanankou, anko == 3);
          setr(Yaku::suuankou, (anko == 4) & !tanki);
          setr(Yaku::suuankou_tanki, (anko == 4) & tanki);
          const int fu = 20 + trip_fu - static_cast<int>(shanpon_ron) * (outside_win ? 4 : 2) +
                         2 * static_cast<int>((kind & (scoring::wait_closed | scoring::wait_tanki)) != 0) +
                         10 * static_cast<int>(c.closed & ron) + 2 * static_cast<int>(r.tsumo & !pinfu);
          // Round up to 10; an open hand's 20 fu is 30.
          const int rounded = (fu + 9) / 10 * 10;
          const int final_fu = rounded + 10 * static_cast<int>(!c.closed & (rounded == 20));
          keep(value(yr, final_fu, c), Pick{{a, b, d}, kind});
        }
      }
}

// ---- payments ----

// Pao: the meld completing the third dragon set (fourth wind set), in the
// order of the melds, when all of them are melds and it was called.
int liable_seat(const ScoreRequest& r, bool dragons) noexcept {
  int sets = 0, liable = -1;
  for (std::size_t i = 0; i < r.meld_count; ++i) {
    const Meld& m = r.melds[i];
    const int k = m.tile.kind();
    if (m.type == MeldType::chi || (dragons ? k < 31 : (k < 27 || k > 30))) continue;
    if (++sets == (dragons ? 3 : 4)) liable = m.is_open() ? seat_of(r.seat, m.from, r.players) : -1;
  }
  return liable;
}

// What each seat pays for a base, plus `honba` per payer: the discarder on
// a ron; on a tsumo every other seat its share (the dealer's doubled;
// three players: no North share, or with no tsumo loss North's split in two).
// Four seats always, the payers chosen by masks.
void pay(const ScoreRequest& r, int base, int honba, std::array<std::int32_t, 4>& p, int discarder) noexcept {
  const bool dealer = r.seat == 0;
  const int n = static_cast<int>(r.players);
  const int ron = round_up_100(base * (dealer ? 6 : 4));
  const bool split_north = (r.players == Players::three) & !r.rules.sanma_tsumo_loss;
  const int north = split_north ? (dealer ? base : base / 2) : 0;
  const int dealer_share = round_up_100(2 * base + north), other_share = round_up_100((dealer ? 2 * base : base) + north);
  for (int seat = 0; seat < 4; ++seat) {
    const bool payer = (seat != r.seat) & (seat < n);
    const int share = seat == 0 ? dealer_share : other_share;
    const int owed = r.tsumo ? static_cast<int>(payer) * (share + honba) : static_cast<int>(seat == discarder) * (ron + honba);
    p[static_cast<std::size_t>(seat)] -= owed;
  }
}

void settle(const ScoreRequest& r, const Reading& v, Score& s) noexcept {
  const int n = static_cast<int>(r.players);
  // The discarder (-1 on a tsumo): kamicha is the previous seat, shimocha the next, toimen across.
  const std::array<int, 4> offset = {0, 1, 2, n - 1};
  const int discarder = r.tsumo ? -1 : (r.seat + offset[static_cast<std::size_t>(r.from) & 3]) % n;
  const int honba_each = r.tsumo ? 100 * r.honba : (n == 4 ? 300 : 200) * r.honba;
  std::array<std::int32_t, 4> p{};
  int liable = -1, liable_base = 0;
  if (r.rules.pao && v.yakuman) {
    if (v.yaku & Y(Yaku::daisangen)) liable = liable_seat(r, true), liable_base = 8000;
    if (v.yaku & Y(Yaku::daisuushii))
      liable = liable_seat(r, false), liable_base = r.rules.double_yakuman ? 16000 : 8000;
    liable_base = std::min(liable_base, v.base);
  }
  if (liable >= 0) {
    // The liable yakuman's share as a ron's value; the rest as usual.
    const int share = round_up_100(liable_base * (r.seat == 0 ? 6 : 4));
    if (r.tsumo) {
      // Every honba on the liable player only when the liable yakuman are
      // all the hand pays; else the rest, honba included, is paid as usual
      // (the reference's reading of SCORING.md, and majiang-core's).
      // The liable player pays what the tsumo of that yakuman would take from
      // every payer (with three players' tsumo loss, less than a ron's value).
      const bool all_liable = v.base == liable_base;
      std::array<std::int32_t, 4> tsumo{};
      pay(r, liable_base, 0, tsumo, discarder);
      const int tsumo_total = -(tsumo[0] + tsumo[1] + tsumo[2] + tsumo[3]);
      p[static_cast<std::size_t>(liable)] -= tsumo_total + (all_liable ? honba_each * (n - 1) : 0);
      pay(r, v.base - liable_base, all_liable ? 0 : honba_each, p, discarder);
    } else {
      p[static_cast<std::size_t>(liable)] -= share / 2;
      p[static_cast<std::size_t>(discarder)] -= share / 2 + honba_each;
      pay(r, v.base - liable_base, 0, p, discarder);
    }
  } else {
    pay(r, v.base, honba_each, p, discarder);
  }
  const int paid = -(p[0] + p[1] + p[2] + p[3]);
  s.points = paid - (r.tsumo ? honba_each * (n - 1) : honba_each);
  p[r.seat] = paid + 1000 * r.sticks;
  s.payments = p;
}

// Writes its answer into `out` (the batch's own slot: no copy of the Score).
void score_one(const ScoreRequest& r, const scoring::SuitTable& table, Result<Score>& out) noexcept {
  out = {};
  Score& s = out.value;
  Context c;
  if (!prepare(r, s, c)) [[unlikely]] {
    // Maybe invalid: validate() names the first error. (prepare() returns
    // early only on what it rejects, so a request it accepts has a whole context.)
    if (const HandError e = validate(r)) {
      out = {};
      out.error = e.code;
      return;
    }
  }
  s.closed = c.closed;
  Reading best;
  standard_readings(c, table, [&](const Reading& v, const Pick&) noexcept { keep_best(best, v, c); });
  {
    // Seven pairs: 14 tiles, every count 0 or 2 (no count above 2, none
    // odd; a kind held four times is not two pairs).
    u64 not_pairs = r.hand.tiles != 14;
    for (std::size_t i = 0; i < 6; ++i) {
      const u64 w = word(&r.hand.slots[8 * i]);
      not_pairs |= ((w + 0x7d7d7d7d7d7d7d7du) | w << 7) & 0x8080808080808080u;
    }
    if (!not_pairs) keep_best(best, value(c.fixed_yaku | Y(Yaku::chiitoitsu), 25, c), c);
    // Thirteen orphans: every terminal and honour; the 13-sided wait when the winning tile is the pair.
    if (r.hand.tiles == 14 && c.occupied == (terminals | honours)) {
      const u64 y = (r.hand.count(r.win) == 2 ? Y(Yaku::kokushi_13) : Y(Yaku::kokushi)) |
                    (c.fixed_yaku & mask_of(Yaku::tenhou, Yaku::chiihou, Yaku::renhou));
      keep_best(best, value(y, 0, c), c);
    }
  }
  if (best.key < 0) {  // not complete ("score": null): nothing counted
    s = Score{};
    return;
  }
  s.complete = true;
  if (best.key == 0) return;  // complete without a yaku: nothing is paid
  s.yaku = best.yaku;
  s.han = static_cast<std::uint8_t>(best.han);
  s.fu = static_cast<std::uint8_t>(best.fu);
  s.yakuman = static_cast<std::uint8_t>(best.yakuman);
  if (!best.yakuman) {
    s.yaku |= (s.dora ? Y(Yaku::dora) : 0) | (s.aka ? Y(Yaku::aka) : 0) | (s.ura ? Y(Yaku::ura) : 0) |
              (s.nuki ? Y(Yaku::nuki) : 0);
  }
  settle(r, best, s);
}

}  // namespace

FuBreakdown fu_breakdown(const ScoreRequest& r, const Score& score) noexcept {
  FuBreakdown out;
  const auto add = [&out](FuReason reason, int fu, Tile tile = Tile(), int tiles = 0, WaitKind wait = WaitKind::ryanmen) noexcept {
    if (fu <= 0 || out.count == out.parts.size()) return;
    out.parts[out.count++] = {reason, static_cast<std::uint8_t>(fu), static_cast<std::uint8_t>(tiles), tile, wait};
  };
  if (!score.complete || score.fu == 0 || score.yakuman) return out;
  if (score.has(Yaku::chiitoitsu)) {
    add(FuReason::chiitoitsu, 25);
    return out;
  }
  // The scorer's search again, as score_one runs it, keeping which reading won.
  Score counted;
  Context c;
  if (!prepare(r, counted, c) && validate(r)) return out;
  const scoring::SuitTable& table = scoring::suit_table();
  Reading best;
  Pick pick{};
  standard_readings(c, table, [&](const Reading& v, const Pick& p) noexcept {
    if (better(v, best, c)) best = v, pick = p;
  });
  if (best.key <= 0 || best.fu != score.fu) return out;  // not this request's score

  const Hand& h = r.hand;
  const int win = r.win.kind(), wg = win / 9, wn = win % 9;
  const bool ron = !r.tsumo, shanpon_ron = ron && pick.wait == scoring::wait_shanpon;
  std::array<const SplitInfo*, 3> split{};
  for (std::size_t g = 0; g < 3; ++g) split[g] = table.find(scoring::suit_key(&h.slots[12 * g])).first + pick.split[g];
  add(FuReason::base, 20);
  if (c.closed && ron) add(FuReason::closed_ron, 10);
  // Concealed triplets (the one a ron completes on a shanpon wait counts as open), then the melds in order.
  int triplets = c.meld_triplets;
  const auto concealed_triplet = [&](int kind) noexcept {
    const Tile t(kind);
    const bool opened = shanpon_ron && kind == win;
    ++triplets;
    add(opened ? FuReason::open_triplet : FuReason::closed_triplet,
        (t.is_terminal_or_honour() ? 4 : 2) * (opened ? 1 : 2), t, 3);
  };
  for (int g = 0; g < 3; ++g)
    for (int n = 0; n < 9; ++n)
      if (split[static_cast<std::size_t>(g)]->trip >> n & 1) concealed_triplet(9 * g + n);
  for (int i = 0; i < 7; ++i)
    if (c.honour_trip >> i & 1) concealed_triplet(27 + i);
  for (std::size_t i = 0; i < r.meld_count; ++i) {
    const Meld& m = r.melds[i];
    if (m.type == MeldType::chi) continue;
    const MeldRow& row = meld_rows[static_cast<std::size_t>(m.type)][static_cast<std::size_t>(m.tile.kind())];
    const FuReason reason = !m.is_kan() ? FuReason::open_triplet : m.is_open() ? FuReason::open_kan : FuReason::closed_kan;
    add(reason, row.fu, m.tile, m.size());
  }
  if (pick.wait == scoring::wait_closed) {
    // Kanchan: the winning tile in the middle of a sequence; else penchan (3 of 123, 7 of 789).
    const bool kanchan = wg < 3 && wn >= 1 && wn <= 7 && (split[static_cast<std::size_t>(wg)]->seq >> (wn - 1) & 1);
    add(FuReason::wait, 2, r.win, 0, kanchan ? WaitKind::kanchan : WaitKind::penchan);
  } else if (pick.wait == scoring::wait_tanki) {
    add(FuReason::wait, 2, r.win, 0, WaitKind::tanki);
  }
  if (c.honour_pair_fu) add(FuReason::pair, c.honour_pair_fu, Tile(27 + std::countr_zero(c.honour_pair)), 2);
  const bool pinfu = c.closed && triplets == 0 && c.honour_pair_fu == 0 && pick.wait == scoring::wait_ryanmen;
  if (r.tsumo && !pinfu) add(FuReason::tsumo, 2);
  const int raw = out.total(), rounded = (raw + 9) / 10 * 10;
  if (!c.closed && rounded == 20) add(FuReason::open_pinfu, 10);
  else add(FuReason::rounding, rounded - raw);
  return out;
}

Result<Score> score(const ScoreRequest& request) noexcept {
  Result<Score> out;
  score_one(request, scoring::suit_table(), out);
  return out;
}

Error score(std::span<const ScoreRequest> requests, std::span<Result<Score>> out) noexcept {
  if (out.size() < requests.size()) return Error::output_too_small;
  const scoring::SuitTable& table = scoring::suit_table();
  for (std::size_t i = 0; i < requests.size(); ++i) score_one(requests[i], table, out[i]);
  return Error::none;
}

}  // namespace mjk
