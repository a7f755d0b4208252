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
// are table sums over the bytes of yaku masks. docs/kernel.md ("Scoring") says how;
// docs/benchmarks.md ("The scorer, 2026-11-23") where the time goes.
//
// Files: score_detail.hpp (masks, meld rows, Context), score_prepare.cpp
// (validation and the reading-independent yaku), score_readings.hpp (a
// reading's value and the search), score_pay.hpp (payments), score_fu.cpp
// (fu_breakdown); this file holds the entry points.
#include "score_pay.hpp"

namespace mjk {
namespace {

using namespace scoring;

// Seven pairs: 14 tiles, every count 0 or 2 (no count above 2, none odd; a
// kind held four times is not two pairs).
bool seven_pairs(const Hand& h) noexcept {
  u64 not_pairs = h.tiles != 14;
  for (std::size_t i = 0; i < 6; ++i) {
    const u64 w = word(&h.slots[8 * i]);
    not_pairs |= ((w + 0x7d7d7d7d7d7d7d7du) | w << 7) & 0x8080808080808080u;
  }
  return !not_pairs;
}

// The Score of the best reading (prepare() has counted the dora into s).
// Inlined, settle() too: called, they cost score() 1.7% more instructions
// (callgrind, the bench's score/kernel/play; their Score written through memory).
[[gnu::always_inline]] inline void finish(const ScoreRequest& r, const Reading& best, Score& s) noexcept {
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
  if (seven_pairs(r.hand)) keep_best(best, value(c.fixed_yaku | Y(Yaku::chiitoitsu), 25, c), c);
  // Thirteen orphans: every terminal and honour; the 13-sided wait when the winning tile is the pair.
  if (r.hand.tiles == 14 && c.occupied == (terminals | honours)) {
    const u64 y = (r.hand.count(r.win) == 2 ? Y(Yaku::kokushi_13) : Y(Yaku::kokushi)) |
                  (c.fixed_yaku & mask_of(Yaku::tenhou, Yaku::chiihou, Yaku::renhou));
    keep_best(best, value(y, 0, c), c);
  }
  finish(r, best, s);
}

// Copies of each kind already seen by a waiting hand's request: the hand,
// the melds, the north tiles set aside and the indicators (what prepare()'s
// fifth-copy check adds up). False when a meld or an indicator is out of
// range (then the caller takes the slow path).
bool seen_copies(const ScoreRequest& r, std::array<std::uint8_t, slot_count + 2>& seen) noexcept {
  for (std::size_t s = 0; s < slot_count; ++s) seen[s] = r.hand.slots[s];
  if (r.meld_count > 4 || r.dora_count > max_indicators || r.ura_count > max_indicators || r.nuki > 4) return false;
  for (std::size_t i = 0; i < r.meld_count; ++i) {
    const Meld& m = r.melds[i];
    if (static_cast<std::uint8_t>(m.type) > static_cast<std::uint8_t>(MeldType::kakan) || m.tile.kind() >= kind_count)
      return false;
    const MeldRow& row = meld_rows[static_cast<std::size_t>(m.type)][static_cast<std::size_t>(m.tile.kind())];
    seen[row.slot] = static_cast<std::uint8_t>(seen[row.slot] + row.first_copies);
    seen[row.slot + 1u] = static_cast<std::uint8_t>(seen[row.slot + 1u] + row.chi);
    seen[row.slot + 2u] = static_cast<std::uint8_t>(seen[row.slot + 2u] + row.chi);
  }
  seen[slot_of[30]] = static_cast<std::uint8_t>(seen[slot_of[30]] + r.nuki);
  for (std::size_t i = 0; i < std::size_t{r.dora_count} + r.ura_count; ++i) {
    const int k = (i < r.dora_count ? r.dora[i] : r.ura[i - r.dora_count]).kind();
    if (k >= kind_count) return false;
    ++seen[slot_of[static_cast<std::size_t>(k)]];
  }
  return true;
}

// One bit per byte of w of at least 4 (bytes at most 127 - 124).
constexpr u64 at_least_four(u64 w) noexcept {
  return ((((w + 0x7c7c7c7c7c7c7c7cu) & 0x8080808080808080u) >> 7) * 0x0102040810204080u) >> 56;
}
static_assert(at_least_four(0x0004000300050000u) == 0x44 && at_least_four(0x1e00000000000004u) == 0x81);

// The kind held in each slot (0 for padding slots, which no mask here holds).
constexpr std::array<std::uint8_t, slot_count> kind_of_slot = [] {
  std::array<std::uint8_t, slot_count> t{};
  for (int k = 0; k < kind_count; ++k) t[static_cast<std::size_t>(Tile(k).slot())] = static_cast<std::uint8_t>(k);
  return t;
}();

}  // namespace

Error score_each_win(const ScoreRequest& request, std::span<Result<Score>> out) noexcept {
  if (out.size() < static_cast<std::size_t>(kind_count)) return Error::output_too_small;
  const SuitTable& table = suit_table();
  ScoreRequest r = request;  // the hand with one tile added at a time, won
  r.win_red = false;
  const auto score_with = [&](int k) noexcept {
    r.hand = request.hand;
    r.hand.add(Tile(k));
    r.win = Tile(k);
    score_one(r, table, out[static_cast<std::size_t>(k)]);
  };

  // Whether one request with a terminal or honour added (never a five or
  // 2m-8m) is valid: then every other tile's request is too unless that
  // tile's fifth copy (or, with three players, a 2m-8m) breaks it, as
  // prepare()'s checks go. Otherwise every tile takes score() as it is.
  std::array<std::uint8_t, slot_count + 2> seen{};
  bool fast = seen_copies(request, seen);
  int probe = -1;
  static constexpr std::array<std::uint8_t, 13> orphans = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
  for (const int k : orphans)
    if (probe < 0 && seen[slot_of[static_cast<std::size_t>(k)]] < 4) probe = k;
  if (fast && probe >= 0) {
    r.hand = request.hand;
    r.hand.add(Tile(probe));
    r.win = Tile(probe);
    Score unused;
    Context c;
    fast = prepare(r, unused, c);
  }
  if (!fast || probe < 0) {
    for (int k = 0; k < kind_count; ++k) score_with(k);
    return Error::none;
  }

  // Which tiles can complete the hand (a superset; score_one decides): a
  // standard form needs every suit to split once the tile joins its suit
  // (each suit looked up once, the tile's suit again with the tile); seven
  // pairs a single beside six pairs; thirteen orphans orphans only.
  const Hand& h = request.hand;
  std::array<SuitKey, 3> keys{};
  std::array<bool, 3> splits{};
  for (std::size_t g = 0; g < 3; ++g) {
    keys[g] = suit_key(&h.slots[12 * g]);
    splits[g] = table.find(keys[g]).second != 0;
  }
  // Counts, kinds held, pairs and tiles per group from the slot words.
  std::array<u64, 6> words;
  for (std::size_t i = 0; i < 6; ++i) words[i] = word(&h.slots[8 * i]);
  u64 held = 0, singles = 0;
  int pairs = 0;
  for (std::size_t i = 0; i < 6; ++i) {
    held |= nonzero_bits(words[i]) << (8 * i);
    singles |= bytes_equal(words[i], 1) << (8 * i);
    pairs += std::popcount(bytes_equal(words[i], 2));
  }
  constexpr u64 low = 0x00000000ffffffffu, high = ~low;
  const std::array<int, 4> group_tiles = {
      byte_sum(words[0]) + byte_sum(words[1] & low), byte_sum(words[1] & high) + byte_sum(words[2]),
      byte_sum(words[3]) + byte_sum(words[4] & low), byte_sum(words[4] & high) + byte_sum(words[5])};
  // A standard form needs, with the tile, one group of 3k+2 tiles and the
  // others of 3k, and every suit but the tile's to split as it is: which
  // groups' tiles may complete one.
  std::array<bool, 4> fits{};
  for (std::size_t g = 0; g < 4; ++g) {
    int heads = 0, bad = 0;
    for (std::size_t o = 0; o < 4; ++o) {
      const int rest = (group_tiles[o] + (o == g)) % 3;
      heads += rest == 2;
      bad += rest == 1;
    }
    fits[g] = heads == 1 && bad == 0;
    for (std::size_t o = 0; o < 3; ++o) fits[g] = fits[g] && (o == g || splits[o]);
  }
  // The honours split only as triplets and at most one pair (the head).
  const auto honours_split = [](unsigned ones, unsigned twos, unsigned fours, int tiles) noexcept {
    return !(ones | fours) && std::popcount(twos) == (tiles % 3 == 2);
  };
  unsigned ones = 0, twos = 0, fours = 0;
  for (std::size_t i = 0; i < 7; ++i) {
    const int n = h.slots[36 + honour_slot[i]];
    ones |= unsigned{n == 1} << i;
    twos |= unsigned{n == 2} << i;
    fours |= unsigned{n == 4} << i;
  }
  const bool honours_as_they_are = honours_split(ones, twos, fours, group_tiles[3]);
  const bool closed13 = request.meld_count == 0 && h.tiles == 13;
  const bool all_orphans = (held & ~(terminals | honours)) == 0;
  const bool four = request.players == Players::four;
  // Every tile Score{} (valid, not complete) but those found below: the
  // invalid ones (a fifth copy; 2m-8m with three players) and those that
  // may complete the hand. In a suit a completing tile is held or next to a
  // held tile (every block holding it holds one of those); an honour is held.
  for (std::size_t k = 0; k < static_cast<std::size_t>(kind_count); ++k) out[k] = {};
  u64 invalid = 0, maybe = 0;
  for (std::size_t i = 0; i < 6; ++i) invalid |= at_least_four(word(&seen[8 * i])) << (8 * i);
  if (!four) invalid |= suit_numbers(2, 8) & group_mask;
  const u64 near = held | held << 1 | held >> 1;
  for (std::size_t g = 0; g < 3; ++g)
    if (fits[g] && honours_as_they_are) maybe |= near & (group_mask << (12 * g));
  if (fits[3]) maybe |= held & honours;
  if (closed13 && pairs == 6) maybe |= singles;
  if (closed13 && all_orphans) maybe |= terminals | honours;
  for (u64 m = maybe | invalid; m; m &= m - 1) {
    const auto slot = static_cast<std::size_t>(std::countr_zero(m));
    const int k = kind_of_slot[slot];
    const auto g = static_cast<std::size_t>(k / 9);
    if (invalid >> slot & 1) {  // that tile's request is invalid: its error
      score_with(k);
      continue;
    }
    bool standard = fits[g];
    if (g < 3) {
      standard = standard && honours_as_they_are && table.find(keys[g] + (SuitKey{1} << (3 * (k % 9)))).second != 0;
    } else if (standard) {  // the honour with one more copy
      const unsigned b = 1u << (k - 27);
      const int n = h.slots[slot];
      standard = honours_split((ones & ~b) | (n == 0 ? b : 0), (twos & ~b) | (n == 1 ? b : 0), fours | (n == 3 ? b : 0),
                               group_tiles[3] + 1);
    }
    const bool orphan = k >= 27 || k % 9 == 0 || k % 9 == 8;
    if (standard || (closed13 && ((pairs == 6 && h.slots[slot] == 1) || (all_orphans && orphan)))) score_with(k);
  }
  return Error::none;
}

Error score_each_win(const ScoreRequest& request, std::span<const std::uint8_t> visible,
                     std::span<Result<Score>> out) noexcept {
  if (const Error e = score_each_win(request, out); e != Error::none || visible.empty()) return e;
  for (int k = 0; k < kind_count; ++k) {
    Result<Score>& r = out[static_cast<std::size_t>(k)];
    if (!r.ok()) continue;
    if (const HandError e = validate(won_on(request, Tile(k)), visible)) r = {Score{}, e.code};
  }
  return Error::none;
}

Error score_won_on_each(const ScoreRequest& request, std::uint64_t wins, std::span<Result<Score>> out) noexcept {
  if (out.size() < static_cast<std::size_t>(kind_count)) return Error::output_too_small;
  wins &= (std::uint64_t{1} << kind_count) - 1;
  if (!wins) return Error::none;
  const SuitTable& table = suit_table();
  ScoreRequest r = request;
  r.win_red = false;
  const auto alone = [&](std::uint64_t kinds) noexcept {
    for (; kinds; kinds &= kinds - 1) {
      const int k = std::countr_zero(kinds);
      r.win = Tile(k);
      score_one(r, table, out[static_cast<std::size_t>(k)]);
    }
  };
  if (!(wins & (wins - 1))) {  // one tile: nothing to share
    alone(wins);
    return Error::none;
  }
  // A tile the hand does not hold is an invalid winning tile: score() names that.
  std::uint64_t held = 0;
  for (std::uint64_t m = wins; m; m &= m - 1)
    if (request.hand.count(Tile(std::countr_zero(m))) > 0) held |= m & (0 - m);
  alone(wins & ~held);
  wins &= held;
  if (!wins) return Error::none;
  // The context of the first tile serves every tile: prepare() reads the
  // winning tile only to check that the hand holds it and for chuuren, and
  // the readings but for thirteen orphans' 13-sided wait. So a hand prepare()
  // refuses, a closed one-suit hand (chuuren's) and an all-orphans one take
  // score() tile by tile.
  r.win = Tile(std::countr_zero(wins));
  Score prepared;
  Context c;
  const bool ok = prepare(r, prepared, c);
  const u64 occ = c.occupied;  // a 14-tile hand's own (it has no meld)
  const int suits = ((occ & group_mask) != 0) + ((occ >> 12 & group_mask) != 0) + ((occ >> 24 & group_mask) != 0);
  const bool chuuren_shape = r.hand.tiles == 14 && suits == 1 && !(occ & honours);
  const bool orphans_shape = r.hand.tiles == 14 && occ == (terminals | honours);
  if (!ok || chuuren_shape || orphans_shape) {
    alone(wins);
    return Error::none;
  }
  prepared.closed = c.closed;
  WinningTiles<kind_count> tiles;
  for (std::uint64_t m = wins; m; m &= m - 1)
    tiles.kind[tiles.count++] = static_cast<std::uint8_t>(std::countr_zero(m));
  std::array<Reading, kind_count> best{};
  standard_readings_on(c, table, tiles,
                       [&](std::size_t i, const Reading& v, const Pick&) noexcept { keep_best(best[i], v, c); });
  const bool pairs = seven_pairs(r.hand);
  const Reading chiitoi = pairs ? value(c.fixed_yaku | Y(Yaku::chiitoitsu), 25, c) : Reading{};
  for (std::size_t i = 0; i < tiles.count; ++i) {
    if (pairs) keep_best(best[i], chiitoi, c);
    Result<Score>& o = out[tiles.kind[i]];
    o = {};
    o.value = prepared;
    r.win = Tile(tiles.kind[i]);
    finish(r, best[i], o.value);
  }
  return Error::none;
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
