// The request's reading-independent part (score_detail.hpp's prepare):
// validation in the same pass as preparation, the melds by table row, dora,
// the honours by compares, and every yaku no reading can change (the
// context's, tanyao, yakuhai, honitsu / chinitsu, the yakuman of tile sets,
// chuuren). Its own file: it is most of a request's instructions and the
// part whose checks must match validate()'s.
#include "score_detail.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace mjk::scoring {
namespace {

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

// The padding slots of the 48-slot layout, as 0xff bytes.
constexpr std::array<std::uint8_t, slot_count> padding_bytes = [] {
  std::array<std::uint8_t, slot_count> t{};
  for (int s = 0; s < slot_count; ++s) t[static_cast<std::size_t>(s)] = Tile::from_slot(s) ? 0 : 0xff;
  return t;
}();
// No kind seen more than four times in the hand and `elsewhere` (the melds'
// and indicators' copies per slot) together, nothing in a padding slot. 48
// bytes each; a whole-array pass (no
// branch per slot).
bool copies_ok(const Hand& h, const std::uint8_t* elsewhere) noexcept {
  // A hand count is checked alone too: one of 200 (a bad request) plus melds could wrap around to a small sum.
#if defined(__SSE2__)
  const __m128i four = _mm_set1_epi8(4);
  __m128i bad = _mm_setzero_si128();
  for (int i = 0; i < 3; ++i) {
    const auto load = [i](const std::uint8_t* p) noexcept {
      return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * i));
    };
    const __m128i held = load(h.slots.data()), seen = _mm_add_epi8(held, load(elsewhere));
    bad = _mm_or_si128(bad, _mm_or_si128(_mm_or_si128(_mm_subs_epu8(held, four), _mm_subs_epu8(seen, four)),
                                         _mm_and_si128(held, load(padding_bytes.data()))));
  }
  return _mm_movemask_epi8(_mm_cmpeq_epi8(bad, _mm_setzero_si128())) == 0xffff;
#else
  // Bytes above 4: the low seven bits plus 123 reach bit 7, or bit 7 was set.
  const auto over_four = [](u64 w) noexcept {
    return (((w & 0x7f7f7f7f7f7f7f7fu) + 0x7b7b7b7b7b7b7b7bu) | w) & 0x8080808080808080u;
  };
  u64 bad = 0;
  for (std::size_t i = 0; i < 6; ++i) {
    const u64 held = word(&h.slots[8 * i]), seen = held + word(elsewhere + 8 * i);
    bad |= over_four(held) | over_four(seen) | (held & word(&padding_bytes[8 * i]));
  }
  return !bad;
#endif
}

// The dora an indicator points at (three players: 1m indicates 9m), by table: [three players][indicator].
constexpr std::array<std::array<std::uint8_t, kind_count>, 2> dora_of_table = [] {
  std::array<std::array<std::uint8_t, kind_count>, 2> t{};
  for (int three = 0; three < 2; ++three)
    for (int k = 0; k < kind_count; ++k)
      t[static_cast<std::size_t>(three)][static_cast<std::size_t>(k)] =
          static_cast<std::uint8_t>(k < 27   ? (three && k == 0 ? 8 : k / 9 * 9 + (k % 9 + 1) % 9)
                                    : k < 31 ? 27 + (k - 27 + 1) % 4
                                             : 31 + (k - 31 + 1) % 3);
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
    t[i] = (riichi == 1 ? Y(Yaku::riichi) : 0) | (riichi == 2 ? Y(Yaku::double_riichi) : 0) |
           (ippatsu ? Y(Yaku::ippatsu) : 0) | (closed && tsumo ? Y(Yaku::menzen_tsumo) : 0) |
           (haitei && tsumo ? Y(Yaku::haitei) : 0) | (haitei && !tsumo ? Y(Yaku::houtei) : 0) |
           (rinshan ? Y(Yaku::rinshan) : 0) | (chankan ? Y(Yaku::chankan) : 0);
  }
  return t;
}();

}  // namespace

// Fills the context and the score's dora counts, checking on the way what
// validate() checks. False: the request may be invalid (validate() then
// names the error). It returns early only on what validate() surely
// rejects, before reading a table with it; otherwise the context is whole.
// Out of line (its own file): inlined into score_one, its only caller,
// the scoring rows ran slower.
bool prepare(const ScoreRequest& r, Score& s, Context& c) noexcept {
  // What indexes a table or bounds a loop, first.
  const bool four = r.players == Players::four;
  if ((!four && r.players != Players::three) || r.riichi > 2 || r.rules.renhou > RenhouRule::yakuman ||
      (r.rules.double_wind_pair_fu != 2 && r.rules.double_wind_pair_fu != 4) || static_cast<std::uint8_t>(r.from) > 3 ||
      r.win.kind() >= kind_count || r.meld_count > 4 || r.dora_count > max_indicators || r.ura_count > max_indicators ||
      r.nuki > 4 || (four && r.nuki > 0) || r.hand.tiles + 3 * r.meld_count != 14 ||
      r.seat >= static_cast<int>(r.players) || r.round > 3)
    return false;
  bool ok = true;
  c.r = &r;
  c.dealer = r.seat == 0;
  // The melds, each summarised by one table row (meld_rows).
  std::array<std::uint8_t, slot_count + 2> meld_tiles{};  // copies per slot in melds (for dora), then indicators too
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
  // The indicators: kinds in range, and the dora they point at counted in
  // the hand and the melds (always: the score reports them; han only with a
  // yaku; ura only with riichi). Then their copies join the melds' in
  // `meld_tiles` for the fifth-copy check: no second array to clear, whose
  // byte increments right after clearing it stalled on store forwarding.
  const auto& dora_table = dora_of_table[r.players == Players::three];
  const std::size_t indicators = std::size_t{r.dora_count} + r.ura_count;
  std::array<int, 2> pointed{};  // dora, ura
  for (std::size_t i = 0; i < indicators; ++i) {
    const bool is_ura = i >= r.dora_count;
    const int k = (is_ura ? r.ura[i - r.dora_count] : r.dora[i]).kind();
    if (k >= kind_count) return false;
    ok &= four || k < 1 || k > 7;
    const std::size_t d = slot_of[dora_table[static_cast<std::size_t>(k)]];
    pointed[is_ura] += r.hand.slots[d] + meld_tiles[d];
  }
  for (std::size_t i = 0; i < indicators; ++i) {
    const std::size_t k = static_cast<std::size_t>((i < r.dora_count ? r.dora[i] : r.ura[i - r.dora_count]).kind());
    ++meld_tiles[slot_of[k]];
  }
  const int dora = pointed[0], ura = r.riichi ? pointed[1] : 0;
  s.dora = static_cast<std::uint8_t>(dora);
  s.ura = static_cast<std::uint8_t>(ura);
  s.aka = static_cast<std::uint8_t>(aka);
  s.nuki = r.nuki;
  c.dora_han = dora + ura + aka + r.nuki;
  std::array<u64, 6> words;
  for (std::size_t i = 0; i < 6; ++i) words[i] = word(&r.hand.slots[8 * i]);
  c.occupied |= occupancy(r.hand);
  ok &= copies_ok(r.hand, meld_tiles.data()) && (four || !(words[0] & 0xffffffffffffff00u));  // 2m-8m
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
  const __m128i upper =
      _mm_load_si128(reinterpret_cast<const __m128i*>(r.hand.slots.data() + 32));  // Hand is 64-aligned
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
                             bits7[htrip & 0xfu] >= 3 || r.tenhou || kans == 4 ||
                             (r.hand.tiles == 14 && suits == 1 && !has_honours);
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

}  // namespace mjk::scoring
