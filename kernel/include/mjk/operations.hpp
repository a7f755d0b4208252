// The one list of kernel operations. Each row generates the registry entry
// (mjk::Implementation), every instruction set's entry point, dispatch, and
// the public single-hand and batch functions in analysis.hpp; the kernel
// provides `template <class Ops> void mjk::simd::NAME(const BatchInput&,
// Result<RESULT>*)`.
//
//   X(NAME, RESULT, QUESTION)   QUESTION: the tile counts it accepts (mjk::Question)
//
//   is_agari         3k+2: complete as standard form, seven pairs or thirteen orphans?
//   agari_forms      3k+2: FormBit flags of every form the hand is complete in (0: not agari)
//   waits            3k+1: every kind that completes the hand, except kinds held four times
//   waits_by_form    3k+1: the waits split by the form they complete
//   tenpai_discards  3k+2: every discard that leaves a tenpai hand, with its waits
//   shanten          3k+1 or 3k+2: exact shanten by form (ShantenForms)
//   necessary_tiles  3k+1: the kinds whose draw lowers the shanten, and their ukeire
//                    (copies outside the hand and Options::visible)
//   advice           3k+2: each distinct held kind's discard: shanten, necessary tiles, ukeire
#pragma once

#define MJK_OPERATIONS(X)                      \
  X(is_agari, bool, complete)                  \
  X(agari_forms, std::uint8_t, complete)       \
  X(waits, TileMask, waits)                    \
  X(waits_by_form, FormWaits, waits)           \
  X(tenpai_discards, TenpaiDiscards, complete) \
  X(shanten, ShantenForms, shanten)            \
  X(necessary_tiles, Necessary, waits)         \
  X(advice, Advice, complete)
