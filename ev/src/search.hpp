// The expected-value search's inside: the request made ready (ev.cpp), the
// graph and the per-turn sweep (search.cpp), the pricing of a win (win.cpp).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "mjk/ev.hpp"
#include "mjk/score.hpp"
#include "rows.hpp"

namespace mjk::ev_detail {

// Tile kinds as the search moves them: the 34 kinds, then the red 5m, 5p,
// 5s apart (a five's kind counts only its plain copies then).
inline constexpr int kinds37 = 37;
inline constexpr int red_kind(int suit) noexcept { return 34 + suit; }
inline constexpr int base_kind(int k) noexcept { return k < 34 ? k : (k - 34) * 9 + 4; }
inline constexpr bool is_five(int k) noexcept { return k < 27 && k % 9 == 4; }

// A hand as the key of a vertex: four 32-bit lanes, one per group (man,
// pin, sou, honours), each kind's count in 3 bits (kind j of the group at
// bit 3j); bit 27 of lanes 0-2 holds the red five of that suit, bit 27 of
// lane 3 the riichi flag. A draw or a discard adds or subtracts one unit.
struct Key {
  std::uint64_t lo = 0, hi = 0;  // lanes 0|1, 2|3
  friend bool operator==(const Key&, const Key&) noexcept = default;
};
inline constexpr int group_of(int kind) noexcept { return kind < 27 ? kind / 9 : 3; }
inline std::uint32_t lane(const Key& k, int g) noexcept {
  return static_cast<std::uint32_t>((g < 2 ? k.lo : k.hi) >> (32 * (g & 1)));
}
inline GroupVec group_vec(const Key& k, int g) noexcept { return lane(k, g) & 0x7ffffffu; }
// The key of four groups' count vectors (no red five, no riichi): lane() read back.
inline Key key_of(const std::array<GroupVec, 4>& groups) noexcept {
  return {groups[0] | std::uint64_t{groups[1]} << 32, groups[2] | std::uint64_t{groups[3]} << 32};
}
inline int count_of(const Key& k, int kind) noexcept {  // a kind's copies, red five included
  const int g = group_of(kind);
  return static_cast<int>((lane(k, g) >> (3 * (kind - 9 * g))) & 7u);
}
inline int red_of(const Key& k, int suit) noexcept { return static_cast<int>((lane(k, suit) >> 27) & 1u); }
inline bool riichi_of(const Key& k) noexcept { return (k.hi >> 59) & 1u; }
inline Key with_riichi(Key k, bool r) noexcept {
  k.hi = (k.hi & ~(std::uint64_t{1} << 59)) | (std::uint64_t{r} << 59);
  return k;
}
// Copies held of a kind of the 37 (a five's kind: its plain copies).
inline int held_of(const Key& k, int k37) noexcept {
  if (k37 >= 34) return red_of(k, k37 - 34);
  const int n = count_of(k, k37);
  return is_five(k37) ? n - red_of(k, k37 / 9) : n;
}
constexpr Key unit_of(int k37) noexcept {
  const int kind = base_kind(k37), g = group_of(kind);
  std::uint64_t bits = std::uint64_t{1} << (3 * (kind - 9 * g));
  if (k37 >= 34) bits |= std::uint64_t{1} << 27;
  bits <<= 32 * (g & 1);
  return g < 2 ? Key{bits, 0} : Key{0, bits};
}
inline Key plus(Key a, const Key& u) noexcept { return {a.lo + u.lo, a.hi + u.hi}; }
inline Key minus(Key a, const Key& u) noexcept { return {a.lo - u.lo, a.hi - u.hi}; }

// The request, validated and made ready for the search (ev.cpp).
struct Setup {
  EvOptions options;
  Players players = Players::four;
  bool closed = true;  // no open meld: a discard to tenpai declares riichi
  int tiles = 0;       // concealed tiles of the start hand: 3k+1 (a draw vertex) or 3k+2
  Key start;
  std::array<int, kinds37> org{};                             // the start hand by the 37 kinds
  std::array<int, kinds37> wall0{};                           // the start wall by the 37 kinds
  int wall = 0;                                               // S
  std::array<int, kind_count> start_merged{}, wall_merged{};  // by the 34 kinds, red fives counted in
  int shanten = 0;                                            // of the start hand
  // Pricing a win: the request with the melds and the context; the search
  // fills hand, win, win_red, tsumo and riichi.
  ScoreRequest base;
  std::array<int, kind_count> fixed{};         // copies of each kind in the melds (north: + nuki): ura beyond the hand
  std::uint64_t fixed_kinds = 0;               // the kinds with fixed copies
  std::array<int, kind_count> indicator_of{};  // the kind whose indicator makes each kind dora
};

// Prices the winning draws of one search: the winner's tsumo income (0
// without a yaku), with ura-dora as an exact expectation under riichi.
class Pricer {
 public:
  // `scored`: room for the scorer's answers (the workspace's, so that a
  // search does not construct 34 of them).
  Pricer(const Setup& s, std::array<Result<Score>, kind_count>& scored) : s_(s), q_(s.base), scored_(scored) {
    tiles_ = s.tiles % 3 == 2 ? s.tiles : s.tiles + 1;
  }
  // `hand`: a complete hand of 3k+2 tiles, won on each of `kinds` (bits of
  // the 34 kinds, each one it holds): out[k] for each, the rest untouched.
  // The hand is scored once for all its winning tiles (score_won_on_each).
  // Riichi or not is the hand's (its key's flag).
  void price_each(const Key& hand, std::uint64_t kinds, std::array<double, kind_count>& out) noexcept;

 private:
  // The hand's ura-dora odds into terms_ (win.cpp), then a win's price from its score.
  void ura_odds(const Key& hand) noexcept;
  [[nodiscard]] double value_of(const Result<Score>& scored, bool ura) noexcept;
  // tsumo_income of han 0..13 (13: 13 and more) at this fu, filled on the fu's first win.
  const double* incomes(int fu) noexcept;
  const Setup& s_;
  ScoreRequest q_;                                 // the wins' request: its hand and win rewritten per win
  int tiles_ = 0;                                  // concealed tiles of a winning hand
  std::array<Result<Score>, kind_count>& scored_;  // the hand's scores by winning tile
  // The ura-dora odds of the hand: one indicator, the indicators worth u
  // (p) for each u; more, the probability p of each outcome worth u.
  struct Term {
    double p;
    int u;
  };
  std::array<Term, (max_indicators + 1) * (4 * max_indicators + 1)> terms_;  // (written before read)
  int term_count_ = 0;
  std::array<std::array<double, 14>, 27> incomes_;  // by fu / 5, then han: the rows of incomes_filled_'s bits
  std::uint32_t incomes_filled_ = 0;
};

// Income of a non-yakuman tsumo of `han` and `fu` for the request's seat
// (honba and sticks included), as mjk::score pays it.
[[nodiscard]] double tsumo_income(const ScoreRequest& context, int han, int fu) noexcept;

// Builds the graph from s.start and computes every turn's values into
// `answer` (its discards, vertices and stats); the request parts of the
// answer (shanten, wall) are the caller's. Errors: too_many_vertices,
// cancelled (options.cancel set: read during the growth and at each turn).
[[nodiscard]] Error search(const Setup& s, EvWorkspace::Impl& w, EvAnswer& answer);

// For the tests: every vertex of the last search checked against the public
// kernel (necessary_tiles of a draw vertex; shanten and the shanten after
// each discard of a discard vertex). Empty, or the first disagreement.
[[nodiscard]] std::string verify_vertices(EvWorkspace& w, Players players);

}  // namespace mjk::ev_detail
