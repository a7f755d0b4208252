// Shanten, necessary tiles and advice of one hand on the single-hand path;
// written once over each ISA's Ops (included by shanten-inl.hpp).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "mjk/analysis.hpp"
#include "shanten_advice-inl.hpp"
#include "shanten_batch-inl.hpp"

namespace mjk::single {

// What shanten, necessary tiles and advice of one hand start from, on the
// single path: its SIMD validation, the group keys straight from the slot
// bytes, and from the slot bit masks (count >= 1, 2, 3, == 4) the seven
// pairs / thirteen orphans tally and the copies left, so that no 34-count
// loop runs without visible tiles.
template <class Ops>
struct ShantenHand {
  using P = Path<Ops>;
  using S = simd::ShantenKernel<Ops>;
  typename P::Prepared masks;  // slot bits: count >= 1, 2, 3, == 4
  typename S::Groups groups;
  typename S::Singles singles;  // the tally and the kinds held zero / one times
  typename S::Left left;        // 4 - held - visible, as bit planes
  int tiles = 0;

  // Validated for q; `for_draws` (necessary tiles, advice): also the kinds
  // held zero / one times and the copies left (checks the visible tiles).
  // The group keys and cost rows first: their table reads overlap the rest.
  Error prepare(const Hand& hand, const Options& options, Question q, bool for_draws) noexcept {
    const bool row = options.visible.size() >= static_cast<std::size_t>(kind_count);
    return prepare(hand, options.players, row ? options.visible.data() : nullptr, q, for_draws);
  }
  // The same with the visible row (34 counts) or none.
  // With `parts`, also the keys' parts (see keys_of_row).
  Error prepare(const Hand& hand, Players players, const std::uint8_t* visible, Question q, bool for_draws,
                typename simd::ShantenLanes<Ops>::KeyParts* parts = nullptr) noexcept {
    std::array<int, 4> sum{};
    const Error e = P::validate(hand, q, players, sum);
    if (e != Error::none) return e;
    tiles = sum[0] + sum[1] + sum[2] + sum[3];
    simd::ShantenLanes<Ops>::keys_of_row(hand.slots.data(), players, groups.key, parts);
    for (int g = 0; g < 4; ++g) {
      groups.shape[g] = S::shape_of(g, players);
      groups.cost[g] = S::cost_of(groups.shape[g], groups.key[g]);
    }
    if (tiles < 13 && !for_draws) return Error::none;  // only the standard form
    P::prepare_bits(masks, hand.slots.data());
    const std::uint64_t one = masks.occ & ~masks.ge2;
    singles.t.pairs = std::popcount(masks.ge2);
    singles.t.singles = std::popcount(one);
    singles.t.orphan_kinds = std::popcount(masks.occ & bits::orphans);
    singles.t.orphan_pairs = std::popcount(masks.ge2 & bits::orphans);
    if (!for_draws) return Error::none;
    singles.zero = slots::to_kinds(~masks.occ);
    singles.one = slots::to_kinds(one);
    if (visible) {
      const typename S::Counts c = S::counts_of(hand);
      if (const Error seen = S::visible_error(c, visible, players); seen != Error::none) return seen;
      left = S::left_of(c, visible);
    } else {  // 4 (0b100) where none is held, 3 (0b011) one, 2 (0b010) two, 1 three
      left.plane[0] = slots::to_kinds(one | (masks.ge3 & ~masks.four));
      left.plane[1] = slots::to_kinds(one | (masks.ge2 & ~masks.ge3));
      left.plane[2] = singles.zero;
    }
    return Error::none;
  }
};

// Shanten needs only the keys, the four cost rows and, for 13 or 14 tiles,
// the slots held once or more and twice or more: no ShantenHand. The forms
// of a valid hand of `tiles` tiles:
template <class Ops>
[[gnu::always_inline]] inline ShantenForms shanten_forms(const std::uint8_t* s, Players players, int tiles) noexcept {
  using P = Path<Ops>;
  using S = simd::ShantenKernel<Ops>;
  using V = typename P::V;
  std::uint32_t key[4];
  simd::ShantenLanes<Ops>::keys_of_row(s, players, key);
  const int man = players == Players::three ? shanten_tables::sanma_man : shanten_tables::suit;
  // tiles / 3 for tiles <= 14 by a multiply and a shift (the signed division
  // was eight instructions)
  const int melds = static_cast<int>((static_cast<unsigned>(tiles) * 11) >> 5);
  if (melds > 4) __builtin_unreachable();
  ShantenForms f;
  f.standard = static_cast<std::int8_t>(
      S::replacements(S::cost_of(man, key[0]), S::cost_of(shanten_tables::suit, key[1]),
                      S::cost_of(shanten_tables::suit, key[2]), S::cost_of(shanten_tables::honour, key[3]), melds) -
      1);
  f.best = f.standard;
  if (tiles >= 13) {
    // Each slot weighs 1 if held, 17 if held twice or more: the weights'
    // sum over all slots is (kinds held) + 16 (pairs), over the orphans'
    // slots (orphan kinds) + 16 (orphan pairs); kinds <= 14, so no field
    // carries into the next, and a byte adds up at most 6 weights (102).
    alignas(16) static constexpr auto orphan_bytes = [] {
      std::array<std::uint8_t, 48> m{};
      for (const auto slot : slots::orphans) m[slot] = 0xff;
      return m;
    }();
    V all = P::k(0), orphan = P::k(0);
    for (int i = 0; i < 3; ++i) {  // loaded again: cheaper than keeping them across the keys
      const V c = P::S::load(s + 16 * i);
      const V w = P::S::min_u8(c, P::k(1)) + (P::S::gt(c, P::k(1)) & P::k(16));
      all = all + w;
      orphan = orphan + (w & P::S::load(orphan_bytes.data() + 16 * i));
    }
    int sum_all = 0, sum_orphan = 0;
    P::S::sum_bytes_of_two(all, orphan, sum_all, sum_orphan);
    const int pairs = sum_all >> 4, singles = (sum_all & 15) - pairs;
    f.chiitoi = static_cast<std::int8_t>(S::chiitoi_replacements(pairs, singles) - 1);
    f.kokushi = static_cast<std::int8_t>(S::kokushi_replacements(sum_orphan & 15, sum_orphan >> 4) - 1);
    f.best = std::min({f.standard, f.chiitoi, f.kokushi});
  }
  return f;
}

// Hands that fail the fast checks below: the full validation, out of line
// so that the fast path needs no stack frame.
template <class Ops>
[[gnu::noinline, gnu::cold]] Result<ShantenForms> shanten_checked(const Hand& hand, Players players) noexcept {
  const Error e = mjk::validate(hand, Question::shanten, players).code;
  if (e != Error::none) return {{}, e};
  return {shanten_forms<Ops>(hand.slots.data(), players, hand.tiles), Error::none};
}

// The slot validation's fast path is Path::validate's with only the total
// (no group sums).
template <class Ops>
Result<ShantenForms> shanten(const Hand& hand, const Options& options) noexcept {
  using P = Path<Ops>;
  using V = typename P::V;
  const Players players = options.players;
  const std::uint8_t* s = hand.slots.data();
  const V a[3] = {P::S::load(s), P::S::load(s + 16), P::S::load(s + 32)};
  const int tiles = P::S::sum_bytes(a[0] + a[1] + a[2]);  // bytes <= 4 when valid: no byte carries
  if (!P::in_range(a, players) || tiles != hand.tiles || tiles > 14 || tiles % 3 == 0)
    return shanten_checked<Ops>(hand, players);
  return {shanten_forms<Ops>(s, players, tiles), Error::none};
}

template <class Ops>
Result<Necessary> necessary_tiles(const Hand& hand, const Options& options) noexcept {
  using S = simd::ShantenKernel<Ops>;
  ShantenHand<Ops> h;
  const Error e = h.prepare(hand, options, Question::waits, true);
  if (e != Error::none) return {{}, e};
  alignas(16) std::uint8_t rest[4][16];
  S::rests_of(h.groups, rest);
  return {S::necessary(h.singles, h.groups, rest, h.tiles, options.players, h.left), Error::none};
}

// Advice in two steps, so that a batch starts the next hand (validation,
// keys, every discard's table rows fetched) before it finishes this one.
// Each discard's key from the group's key parts less that copy (three-player
// man: from the slot bytes).
template <class Ops>
struct AdviceStart {
  ShantenHand<Ops> h;
  Error error;
  std::uint64_t held;
  std::uint32_t key_after[kind_count];
  std::uint8_t count[kind_count];
};
template <class Ops>
void start_advice(const Hand& hand, Players players, const std::uint8_t* visible, AdviceStart<Ops>& a) noexcept {
  using S = simd::ShantenKernel<Ops>;
  using SL = simd::ShantenLanes<Ops>;
  typename SL::KeyParts parts;
  a.error = a.h.prepare(hand, players, visible, Question::complete, true, &parts);
  if (a.error != Error::none) return;
  a.held = slots::to_kinds(a.h.masks.occ);
  for (std::uint64_t m = a.held; m; m &= m - 1) {
    const int d = std::countr_zero(m);
    const int g = S::group_of(d, players);
    a.count[d] = hand.slots[Tile(d).slot()];
    if (g == 0 && players == Players::three) {
      alignas(64) std::uint8_t after[64];
      std::memcpy(after, hand.slots.data(), 64);
      --after[Tile(d).slot()];
      a.key_after[d] = SL::key_of_group(after, 0, players);
    } else {
      a.key_after[d] = SL::key_without(parts, g, g == 3 ? d - 27 : d - 9 * g);
    }
    const int shape = a.h.groups.shape[g];
    __builtin_prefetch(S::cost_of(shape, a.key_after[d]));
    __builtin_prefetch(&S::mask_row(shape, a.key_after[d]));
  }
}
template <class Ops>
void finish_advice(const AdviceStart<Ops>& a, Players players, Result<Advice>& out) noexcept {
  out.error = a.error;
  if (a.error != Error::none) {
    out.value = {};
    return;
  }
  simd::advise<Ops>(
      a.h.groups, a.h.tiles, players, a.h.singles, a.h.left, a.held,
      [&a](int d) { return static_cast<int>(a.count[d]); }, a.key_after, out.value);
}
template <class Ops>
void advice_into(const Hand& hand, Players players, const std::uint8_t* visible, Result<Advice>& out) noexcept {
  AdviceStart<Ops> a;
  start_advice<Ops>(hand, players, visible, a);
  finish_advice<Ops>(a, players, out);
}

template <class Ops>
Result<Advice> advice(const Hand& hand, const Options& options) noexcept {
  const bool row = options.visible.size() >= static_cast<std::size_t>(kind_count);
  Result<Advice> r;
  advice_into<Ops>(hand, options.players, row ? options.visible.data() : nullptr, r);
  return r;
}

}  // namespace mjk::single
