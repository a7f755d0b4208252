// A parsed request checked as a whole, and the tiles it shows (request.hpp).
#include <algorithm>

#include "mjk/request.hpp"
#include "request_parts.hpp"

namespace mjk {
using namespace request_parts;

HandError check_request(const ParsedRequest& pr) noexcept {
  const ScoreRequest& q = pr.request;
  const std::span<const std::uint8_t> visible = pr.visible_tiles();
  HandError e;
  if (pr.scored()) {
    e = validate(q, visible);
  } else if (pr.each_win) {
    e = validate_waiting(q);
    if (e.code == Error::wrong_tile_count || e.code == Error::wrong_meld_count) {
      e.position = HandError::nowhere;
      e.detail = "each_win scores a waiting hand: 13 tiles less 3 per meld, without the winning tile";
    }
  } else if (pr.melds_known || q.meld_count > 0 || q.dora_count || q.ura_count || q.nuki) {
    // No winning tile: what validate() checks of the tiles, without the win.
    if ((e = validate(q.hand, Question::shanten, q.players))) return e;
    // The checks that do not need the winning tile, in validate()'s order.
    const bool four = q.players == Players::four;
    std::array<int, kind_count> seen{};
    for (int k = 0; k < kind_count; ++k) seen[static_cast<std::size_t>(k)] = q.hand.count(Tile(k));
    std::array<int, 3> red{q.hand.red_fives[0], q.hand.red_fives[1], q.hand.red_fives[2]};
    for (std::uint32_t i = 0; i < q.meld_count && !e; ++i) {
      const Meld& m = q.melds[i];
      if (m.type == MeldType::chi && !four) e = {Error::chi_with_three_players, i, std::nullopt, 0};
      else if (!four && m.from == Relative::toimen) e = {Error::bad_meld_source, i, std::nullopt, 0};
      else if (!four && m.tile.kind() >= 1 && m.tile.kind() <= 7) e = {Error::not_in_rules, i, m.tile, 0};
      for (int t = 0; t < m.size(); ++t)
        ++seen[static_cast<std::size_t>(m.tile.kind() + (m.type == MeldType::chi ? t : 0))];
      if (m.red) ++red[static_cast<std::size_t>(m.tile.kind() / 9)];
    }
    for (int i = 0; i < q.dora_count + q.ura_count && !e; ++i) {
      const Tile t =
          i < q.dora_count ? q.dora[static_cast<std::size_t>(i)] : q.ura[static_cast<std::size_t>(i - q.dora_count)];
      if (!four && t.kind() >= 1 && t.kind() <= 7) e = {Error::not_in_rules, 0, t, 0};
      ++seen[static_cast<std::size_t>(t.kind())];
    }
    if (!e && (q.nuki > 4 || (four && q.nuki > 0))) e = {Error::bad_nuki, 0, std::nullopt, 0};
    seen[30] += q.nuki;
    for (int k = 0; k < kind_count && !e; ++k)
      if (seen[static_cast<std::size_t>(k)] > 4) e = {Error::fifth_copy, 0, Tile(k), 0};
    for (int s = 0; s < 3 && !e; ++s)
      if (red[static_cast<std::size_t>(s)] > 1) e = {Error::too_many_red_fives, 0, Tile(s * 9 + 4), 0};
    for (int k = 0; k < kind_count && !e && !visible.empty(); ++k)
      if (seen[static_cast<std::size_t>(k)] + visible[static_cast<std::size_t>(k)] > 4)
        e = {Error::visible_over_four, 0, Tile(k), 0};
  }
  // A tile the rules do not have is no tile seen either (2m-8m with three
  // players), as the expected-value search says of its visible tiles; after
  // the hand's own checks, which name a hand's 2m first.
  for (int k = 1; k <= 7 && !e && q.players == Players::three && !visible.empty(); ++k)
    if (visible[static_cast<std::size_t>(k)] > 0) e = {Error::not_in_rules, 0, Tile(k), 0};
  if (!e) return e;
  // Point at what is wrong in the line.
  switch (e.code) {
    case Error::bad_meld:
    case Error::bad_meld_source:
    case Error::chi_with_three_players:
      if (e.position < q.meld_count) {
        e.detail = meld_detail[e.position];
        e.position = pr.meld_position[e.position];
      }
      break;
    case Error::not_in_rules: e.position = HandError::nowhere; break;
    case Error::fifth_copy:
      e.position = HandError::nowhere;
      e.detail = "counting the hand, the melds, the winning tile, the indicators and the north tiles";
      break;
    case Error::bad_slot:
    case Error::count_mismatch:
    case Error::too_many_tiles:
    case Error::wrong_tile_count: break;
    default: e.position = HandError::nowhere;
  }
  return e;
}

std::array<std::uint8_t, kind_count> seen_elsewhere(const ParsedRequest& pr) noexcept {
  std::array<std::uint8_t, kind_count> seen{};
  if (pr.any_visible) seen = pr.visible;
  const ScoreRequest& q = pr.request;
  const auto add = [&](int kind, int n) {
    auto& c = seen[static_cast<std::size_t>(kind)];
    c = static_cast<std::uint8_t>(std::min(c + n, 255));
  };
  for (std::size_t i = 0; i < q.meld_count && i < q.melds.size(); ++i) {
    const Meld& m = q.melds[i];
    if (m.type == MeldType::chi)
      for (int t = 0; t < 3; ++t) add(m.tile.kind() + t, 1);
    else add(m.tile.kind(), m.size());
  }
  for (std::size_t i = 0; i < q.dora_count && i < q.dora.size(); ++i) add(q.dora[i].kind(), 1);
  add(30, q.nuki);  // north tiles set aside, face up
  return seen;
}

}  // namespace mjk
