// Scoring requests for tests and benchmarks: a small builder from mpsz text,
// and a fixed-seed generator of realistic wins (wins_like_play below).
#pragma once

#include <array>
#include <cstdint>
#include <random>
#include <string_view>
#include <vector>

#include "mjk/hand.hpp"
#include "mjk/score.hpp"

namespace mjk::score_test {

// The tiles of an mpsz text as a Hand (red fives counted), or an empty hand if it does not parse.
inline Hand tiles(std::string_view text) {
  const auto p = parse_mpsz(text);
  return p.ok() ? p.value.hand : Hand{};
}

// A request: the concealed tiles without the winning tile, and the winning
// tile ("0p": a red five). Defaults as SCORING.md §5: South seat, East round,
// dora indicator 9p, ron from kamicha.
inline ScoreRequest request(std::string_view hand, std::string_view win, bool tsumo = false) {
  ScoreRequest r;
  r.hand = tiles(hand);
  const auto w = parse_tile(win);
  if (w) {
    r.win = *w;
    r.win_red = win.size() == 2 && win[0] == '0';
    r.hand.add(*w);
    if (r.win_red) ++r.hand.red_fives[static_cast<std::size_t>(w->kind() / 9)];
  }
  r.tsumo = tsumo;
  r.seat = 1;
  r.dora_count = 1;
  r.dora[0] = *parse_tile("9p");
  return r;
}

// Appends a meld: "234m" (chi), "555z" (pon), "5555p" / "5550p" (kan).
inline void meld(ScoreRequest& r, MeldType type, std::string_view text, Relative from = Relative::kamicha) {
  const Hand h = tiles(text);
  Meld m;
  m.type = type;
  for (int k = 0; k < kind_count; ++k)
    if (h.count(Tile(k))) {
      m.tile = Tile(k);
      break;
    }
  m.red = static_cast<std::uint8_t>(h.red_fives[0] + h.red_fives[1] + h.red_fives[2]);
  m.from = type == MeldType::ankan ? Relative::self : from;
  r.melds[r.meld_count++] = m;
}

inline void indicators(ScoreRequest& r, std::string_view dora, std::string_view ura = "") {
  const Hand d = tiles(dora), u = tiles(ura);
  r.dora_count = r.ura_count = 0;
  // In kind order: enough for tests (the order of indicators does not matter).
  for (int k = 0; k < kind_count; ++k) {
    for (int i = 0; i < d.count(Tile(k)); ++i) r.dora[r.dora_count++] = Tile(k);
    for (int i = 0; i < u.count(Tile(k)); ++i) r.ura[r.ura_count++] = Tile(k);
  }
}


// ---- realistic wins (benchmarks, random tests) ----
//
// The proportions are this generator's choice, meant to resemble real play:
// 40% riichi (3% of them double riichi, 15% ippatsu), 20% closed without
// riichi, 40% open with 1, 2, 3 or 4 calls (45/35/15/5%); open hands take a
// theme so that most have a yaku as real open wins do: a called yakuhai
// triplet (50%), all simples (30%) or one suit with honours (20%). Blocks
// are sequences 70% of the time; 5% of triplets are kans (called: minkan or
// kakan; closed: ankan). 35% tsumo, 65% ron from a random seat; 25% dealer
// wins; East round 70%, South 30%; red fives as they come from a wall with
// one red five per suit; one dora indicator plus one per kan, and as many
// ura indicators with riichi; honba 0/1/2/3 at 65/20/10/5%, riichi sticks
// 0/1/2 at 55/30/15%; haitei 2%, rinshan on 30% of tsumo wins with a kan.
// Every request validates and is complete.
inline std::vector<ScoreRequest> wins_like_play(std::uint64_t seed, std::size_t n) {
  std::mt19937_64 rng(seed);
  const auto pct = [&rng](int p) { return static_cast<int>(rng() % 100) < p; };
  const auto below = [&rng](int bound) { return static_cast<int>(rng() % static_cast<std::uint64_t>(bound)); };
  std::vector<ScoreRequest> out;
  out.reserve(n);
  while (out.size() < n) {
    std::array<int, kind_count> left;
    left.fill(4);
    std::array<bool, 3> red_left{true, true, true};
    ScoreRequest r;
    r.seat = static_cast<std::uint8_t>(pct(25) ? 0 : 1 + below(3));
    r.round = static_cast<std::uint8_t>(pct(70) ? 0 : 1);
    const int style = below(100);  // < 40 riichi, < 60 closed, else open
    const bool open = style >= 60;
    const int theme = open ? below(100) : 100;  // < 50 yakuhai, < 80 tanyao, < 100 honitsu; 100: any
    const int suit = below(3);
    // Kinds the theme allows, for a triplet or pair (any) or a sequence's first tile.
    const auto allowed = [&](int k, bool sequence) {
      if (sequence && (k >= 27 || k % 9 > 6)) return false;
      if (theme < 80 && theme >= 50) return k < 27 && k % 9 >= 1 && k % 9 <= (sequence ? 5 : 7);
      if (theme >= 80 && theme < 100) return k >= 27 || k / 9 == suit;
      return true;
    };
    struct Block {
      bool sequence;
      int kind;
      int size;
    };
    std::array<Block, 5> blocks{};  // [0] the head
    bool ok = true;
    for (int b = 0; b < 5 && ok; ++b) {
      const bool head = b == 0;
      const bool yakuhai = theme < 50 && b == 1;
      const bool sequence = !head && !yakuhai && pct(70);
      int k = -1;
      for (int attempt = 0; attempt < 64 && k < 0; ++attempt) {
        const int c = yakuhai ? (pct(60) ? 31 + below(3) : 27 + (pct(50) ? r.seat : r.round)) : below(kind_count);
        const int need = head ? 2 : 3;
        if (!allowed(c, sequence)) continue;
        if (sequence ? left[static_cast<std::size_t>(c)] && left[static_cast<std::size_t>(c + 1)] && left[static_cast<std::size_t>(c + 2)]
                     : left[static_cast<std::size_t>(c)] >= need)
          k = c;
      }
      if (k < 0) {
        ok = false;
        break;
      }
      const bool kan = !head && !sequence && left[static_cast<std::size_t>(k)] == 4 && pct(5);
      blocks[static_cast<std::size_t>(b)] = {sequence, k, head ? 2 : kan ? 4 : 3};
      if (sequence) {
        for (int i = 0; i < 3; ++i) left[static_cast<std::size_t>(k + i)] -= 1;
      } else {
        left[static_cast<std::size_t>(k)] -= blocks[static_cast<std::size_t>(b)].size;
      }
    }
    if (!ok) continue;
    const int calls = open ? (pct(45) ? 1 : pct(64) ? 2 : pct(75) ? 3 : 4) : 0;
    // Called blocks first (blocks 1..calls); kans outside them are closed kans.
    Hand concealed;
    std::array<int, 3> red{};
    for (std::size_t b = 0; b < 5; ++b) {
      const Block& bl = blocks[b];
      const bool called = b >= 1 && static_cast<int>(b) <= calls;
      const bool ankan = !called && bl.size == 4;
      int meld_red = 0;
      for (int i = 0; i < (bl.sequence ? 3 : bl.size); ++i) {
        const int k = bl.sequence ? bl.kind + i : bl.kind;
        const int is_red = k < 27 && k % 9 == 4 && red_left[static_cast<std::size_t>(k / 9)] && pct(25);
        if (is_red) red_left[static_cast<std::size_t>(k / 9)] = false;
        if (called || ankan) meld_red += is_red;
        else {
          concealed.add(Tile(k));
          red[static_cast<std::size_t>(k / 9 % 3)] += is_red;
        }
      }
      if (!called && !ankan) continue;
      Meld m;
      m.tile = Tile(bl.kind);
      m.red = static_cast<std::uint8_t>(meld_red);
      if (ankan) {
        m.type = MeldType::ankan;
        m.from = Relative::self;
      } else if (bl.sequence) {
        m.type = MeldType::chi;
        m.from = Relative::kamicha;
      } else {
        m.type = bl.size == 4 ? (pct(33) ? MeldType::kakan : MeldType::minkan) : MeldType::pon;
        m.from = static_cast<Relative>(1 + below(3));
      }
      r.melds[r.meld_count++] = m;
    }
    for (std::size_t s = 0; s < 3; ++s) concealed.red_fives[s] = static_cast<std::uint8_t>(red[s]);
    r.hand = concealed;
    // The winning tile: one of the concealed tiles, uniformly.
    int pick = below(concealed.tiles);
    for (int k = 0; k < kind_count; ++k) {
      pick -= concealed.count(Tile(k));
      if (pick < 0) {
        r.win = Tile(k);
        break;
      }
    }
    r.win_red = r.win.kind() < 27 && r.win.number() == 5 && concealed.red_fives[static_cast<std::size_t>(r.win.kind() / 9)] &&
                below(concealed.count(r.win)) == 0;
    r.tsumo = pct(35);
    r.from = static_cast<Relative>(1 + below(3));
    bool kan = false;
    for (std::size_t i = 0; i < r.meld_count; ++i) kan |= r.melds[i].is_kan();
    r.riichi = static_cast<std::uint8_t>(style < 40 ? (pct(3) ? 2 : 1) : 0);
    r.ippatsu = r.riichi && pct(15);
    r.rinshan = kan && r.tsumo && pct(30);
    r.haitei = !r.rinshan && pct(2);
    int kans = 0;
    for (std::size_t i = 0; i < r.meld_count; ++i) kans += r.melds[i].is_kan();
    const auto indicator = [&]() {
      for (;;) {
        const int k = below(kind_count);
        if (left[static_cast<std::size_t>(k)] > 0) {
          --left[static_cast<std::size_t>(k)];
          return Tile(k);
        }
      }
    };
    r.dora_count = static_cast<std::uint8_t>(1 + kans);
    for (std::size_t i = 0; i < r.dora_count; ++i) r.dora[i] = indicator();
    if (r.riichi) {
      r.ura_count = r.dora_count;
      for (std::size_t i = 0; i < r.ura_count; ++i) r.ura[i] = indicator();
    }
    r.honba = static_cast<std::uint16_t>(pct(65) ? 0 : pct(57) ? 1 : pct(67) ? 2 : 3);
    r.sticks = static_cast<std::uint16_t>(pct(55) ? 0 : pct(67) ? 1 : 2);
    if (validate(r)) continue;
    out.push_back(r);
  }
  return out;
}

// Closed one-suit wins (chinitsu: the most readings per hand), ron and tsumo in turn.
inline std::vector<ScoreRequest> one_suit_wins(std::uint64_t seed, std::size_t n) {
  std::mt19937_64 rng(seed);
  std::vector<ScoreRequest> out;
  while (out.size() < n) {
    std::array<int, 9> c{};
    int head = static_cast<int>(rng() % 9);
    c[static_cast<std::size_t>(head)] += 2;
    for (int b = 0; b < 4; ++b) {
      const int k = static_cast<int>(rng() % 16);
      if (k < 9) c[static_cast<std::size_t>(k)] += 3;
      else for (int i = 0; i < 3; ++i) ++c[static_cast<std::size_t>(k - 9 + i)];
    }
    bool legal = true;
    for (const int x : c) legal &= x <= 4;
    if (!legal) continue;
    ScoreRequest r;
    r.seat = 1;
    for (int k = 0; k < 9; ++k) r.hand.add(Tile(9 + k), c[static_cast<std::size_t>(k)]);
    int pick = static_cast<int>(rng() % 14);
    for (int k = 0; k < 9; ++k) {
      pick -= c[static_cast<std::size_t>(k)];
      if (pick < 0) {
        r.win = Tile(9 + k);
        break;
      }
    }
    r.tsumo = out.size() % 2;
    r.dora_count = 1;
    r.dora[0] = Tile(27);
    if (validate(r)) continue;
    out.push_back(r);
  }
  return out;
}

}  // namespace mjk::score_test
