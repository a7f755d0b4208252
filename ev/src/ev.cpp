// The request checked and made ready, the search run, the answer finished.
#include <algorithm>
#include <chrono>
#include <new>
#include <optional>

#include "mjk/analysis.hpp"
#include "search.hpp"

namespace mjk {

namespace {

using ev_detail::Setup;

HandError error_of(Error code, std::string_view detail = {}, std::optional<Tile> tile = std::nullopt,
                   std::uint8_t tiles = 0) {
  HandError e;
  e.code = code;
  e.position = HandError::nowhere;
  e.detail = detail;
  e.tile = tile;
  e.tiles = tiles;
  return e;
}

bool exists(int kind, Players players) { return players == Players::four || kind < 1 || kind > 7; }

// The dora each indicator kind points at (three players: 1m points at 9m).
int indicated(int kind, Players players) {
  if (kind < 27) {
    if (players == Players::three && kind == 0) return 8;
    return kind % 9 == 8 ? kind - 8 : kind + 1;
  }
  if (kind < 31) return kind == 30 ? 27 : kind + 1;  // winds
  return kind == 33 ? 31 : kind + 1;                 // dragons
}

// Checks what the search needs beyond a scoring request's own checks, and
// fills the setup. The order: options, fields a search sets itself, the tile
// count, the request as validate() checks it (with a stand-in winning tile),
// red fives and visible tiles, the wall, a complete hand.
HandError prepare(const ScoreRequest& r, const EvOptions& o, const EvVisible& v, Setup& s) {
  if (o.extra < 0 || o.extra > ev_max_extra) return error_of(Error::extra_out_of_range);
  if (o.turn < ev_first_turn || o.turn > ev_max_turn) return error_of(Error::turn_out_of_range);
  if (o.max_vertices == 0)
    return error_of(Error::bad_request,
                    "max_vertices must be a positive count of vertices (default 1000000; UINT64_MAX: no limit)");
  if (r.players != Players::four && r.players != Players::three)
    return error_of(Error::bad_request, "players must be 3 or 4");
  if (r.tsumo || r.win_red || r.riichi || r.ippatsu || r.rinshan || r.chankan || r.haitei || r.tenhou || r.ura_count)
    return error_of(Error::bad_request,
                    "an expected-value request has no win of its own: tsumo, riichi, ippatsu, rinshan, chankan, "
                    "haitei, tenhou and ura are the search's to set");
  if (r.meld_count > 4) return error_of(Error::wrong_meld_count);
  const int tiles = r.hand.tiles + 3 * r.meld_count;
  if (tiles > 14) return error_of(Error::too_many_tiles, {}, std::nullopt, static_cast<std::uint8_t>(tiles));
  if (tiles < 13) return error_of(Error::too_few_tiles, {}, std::nullopt, static_cast<std::uint8_t>(tiles));
  if (HandError e = validate(r.hand, Question::any, r.players)) return e;

  // The scoring request's checks (melds, indicators, north tiles, red fives,
  // copies, context) on a complete-sized stand-in: a 13-tile hand gets one
  // more tile of a kind with a copy to spare, which no check can blame.
  ScoreRequest q = r;
  if (tiles == 13) {
    std::array<int, kind_count> seen{};
    for (int k = 0; k < kind_count; ++k)
      seen[static_cast<std::size_t>(k)] = r.hand.count(Tile(k)) + v.counts[static_cast<std::size_t>(k)];
    for (std::size_t i = 0; i < r.meld_count; ++i)
      for (int t = 0; t < r.melds[i].size(); ++t)
        ++seen[static_cast<std::size_t>(r.melds[i].tile.kind() + (r.melds[i].type == MeldType::chi ? t : 0)) %
               kind_count];
    for (std::size_t i = 0; i < r.dora_count && i < max_indicators; ++i)
      ++seen[static_cast<std::size_t>(r.dora[i].kind()) % kind_count];
    seen[30] += r.nuki;
    int spare = -1;
    for (int k = kind_count - 1; k >= 0; --k)
      if (exists(k, r.players) &&
          (spare < 0 || seen[static_cast<std::size_t>(k)] < seen[static_cast<std::size_t>(spare)]))
        spare = k;
    q.hand.add(Tile(spare));
    q.win = Tile(spare);
  } else {
    for (int k = 0; k < kind_count; ++k)
      if (r.hand.count(Tile(k)) > 0) {
        q.win = Tile(k);
        break;
      }
  }
  q.tsumo = true;
  if (HandError e = validate(q, v.counts)) return e;

  // Red fives: at most one of each suit between the hand, its melds and
  // what is seen; one named seen must be among the seen fives.
  std::array<int, 3> red_held{r.hand.red_fives[0], r.hand.red_fives[1], r.hand.red_fives[2]};
  for (std::size_t i = 0; i < r.meld_count; ++i)
    if (r.melds[i].red) ++red_held[static_cast<std::size_t>(r.melds[i].tile.kind() / 9)];
  for (int suit = 0; suit < 3; ++suit) {
    const Tile five(suit * 9 + 4);
    const int red_seen = v.red[static_cast<std::size_t>(suit)];
    if (red_seen == 0) continue;
    if (!exists(five.kind(), r.players)) return error_of(Error::not_in_rules, {}, five);
    int fives_seen = v.counts[static_cast<std::size_t>(five.kind())];
    for (std::size_t i = 0; i < r.dora_count; ++i) fives_seen += r.dora[i] == five;
    if (red_seen > 1 || red_held[static_cast<std::size_t>(suit)] + red_seen > 1)
      return error_of(Error::impossible_wall, "more than one red five of a suit", five);
    if (fives_seen == 0)
      return error_of(Error::bad_request,
                      "a red five named seen, but no five of its suit among the visible tiles or indicators", five);
  }
  for (int k = 1; k <= 7; ++k)
    if (r.players == Players::three && v.counts[static_cast<std::size_t>(k)] > 0)
      return error_of(Error::not_in_rules, {}, Tile(k));

  // The wall by the 37 kinds (a red five apart, when red fives count).
  s.options = o;
  s.players = r.players;
  s.tiles = r.hand.tiles;
  s.closed = std::all_of(r.melds.begin(), r.melds.begin() + r.meld_count, [](const Meld& m) { return !m.is_open(); });
  std::array<int, kind_count> outside{};  // melds, indicators, north tiles, visible
  for (std::size_t i = 0; i < r.meld_count; ++i)
    for (int t = 0; t < r.melds[i].size(); ++t)
      ++outside[static_cast<std::size_t>(r.melds[i].tile.kind() + (r.melds[i].type == MeldType::chi ? t : 0))];
  s.fixed = outside;
  s.fixed[30] += r.nuki;
  for (std::size_t i = 0; i < r.dora_count; ++i) ++outside[static_cast<std::size_t>(r.dora[i].kind())];
  outside[30] += r.nuki;
  s.wall = 0;
  for (int k = 0; k < kind_count; ++k) {
    const int held = r.hand.count(Tile(k));
    const int in_wall = (exists(k, r.players) ? 4 : 0) - held - outside[static_cast<std::size_t>(k)] -
                        v.counts[static_cast<std::size_t>(k)];
    s.start_merged[static_cast<std::size_t>(k)] = held;
    s.wall_merged[static_cast<std::size_t>(k)] = in_wall;
    s.org[static_cast<std::size_t>(k)] = held;
    s.wall0[static_cast<std::size_t>(k)] = in_wall;
    s.wall += in_wall;
    if (exists(k, r.players)) s.indicator_of[static_cast<std::size_t>(indicated(k, r.players))] = k;
    if (s.fixed[static_cast<std::size_t>(k)] > 0) s.fixed_kinds |= std::uint64_t{1} << k;
  }

  if (s.wall < ev_last_turn)
    return error_of(Error::wall_too_small, {}, std::nullopt, static_cast<std::uint8_t>(s.wall));
  // The start key from each group's counts (3 bits a kind), not a unit per tile.
  std::array<ev_detail::GroupVec, 4> groups{};
  for (std::size_t g = 0; g < 3; ++g)  // a suit's nine counts at slots 12g..12g+8
    for (std::size_t j = 0; j < 9; ++j) groups[g] |= ev_detail::GroupVec{r.hand.slots[12 * g + j]} << (3 * j);
  for (std::size_t j = 0; j < 7; ++j) groups[3] |= ev_detail::GroupVec{r.hand.slots[36 + honour_slot[j]]} << (3 * j);
  s.start = ev_detail::key_of(groups);
  if (o.red) {
    for (int suit = 0; suit < 3; ++suit) {
      const int five = suit * 9 + 4;
      if (!exists(five, r.players)) continue;
      const int held = r.hand.red_fives[static_cast<std::size_t>(suit)];
      // If every five of the suit is out of the wall, the red one is too.
      const int in_wall = std::min(1 - red_held[static_cast<std::size_t>(suit)] - v.red[static_cast<std::size_t>(suit)],
                                   s.wall0[static_cast<std::size_t>(five)]);
      const int red = ev_detail::red_kind(suit);
      s.org[static_cast<std::size_t>(red)] = held;
      s.org[static_cast<std::size_t>(five)] -= held;
      s.wall0[static_cast<std::size_t>(red)] = in_wall;
      s.wall0[static_cast<std::size_t>(five)] -= in_wall;
      if (held) s.start = ev_detail::plus(s.start, ev_detail::minus(ev_detail::unit_of(red), ev_detail::unit_of(five)));
    }
  }

  const Result<ShantenForms> sh = shanten(r.hand, Options{r.players, {}});
  if (!sh.ok()) return error_of(sh.error);
  s.shanten = sh.value.best;
  if (s.shanten < 0) return error_of(Error::complete_hand);

  s.base = r;
  s.base.win_red = false;
  if (!o.red) {
    s.base.hand.red_fives = {};
    for (std::size_t i = 0; i < r.meld_count; ++i) s.base.melds[i].red = 0;
  }
  return {};
}

}  // namespace

EvResult expected_value(const ScoreRequest& request, const EvOptions& options, const EvVisible& visible,
                        EvWorkspace* workspace) {
  const auto started = std::chrono::steady_clock::now();
  EvResult out;
  Setup s;
  if (HandError e = prepare(request, options, visible, s)) {
    out.error = e;
    return out;
  }
  std::optional<EvWorkspace> local;  // made only without the caller's (a workspace allocates)
  EvWorkspace& w = workspace ? *workspace : local.emplace();
  EvAnswer& a = out.value;
  a.shanten = static_cast<std::int8_t>(s.shanten);
  a.wall = s.wall;
  for (int k = 0; k < kind_count; ++k)
    a.wall_counts[static_cast<std::size_t>(k)] = static_cast<std::uint8_t>(s.wall_merged[static_cast<std::size_t>(k)]);
  Error e = Error::none;
  try {
    e = ev_detail::search(s, w.impl(), a);
  } catch (const std::bad_alloc&) {  // the graph, its layout or the workspace could not grow
    w = EvWorkspace();               // what was held is given back
    e = Error::out_of_memory;
  }
  if (e != Error::none) {
    out.error = error_of(e);
    if (e == Error::too_many_vertices) out.error.detail = "raise max_vertices, or search with fewer options";
    if (e == Error::out_of_memory) out.error.detail = "a lower max_vertices stops the search first";
  }
  a.stats.search_us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - started).count();
  return out;
}

}  // namespace mjk
