// Checks on the readable side of a score (fu_breakdown, payment_text) that
// hold for every win: the tests run them on every request the scoring
// equivalence sets make.
#pragma once

#include <array>
#include <string>

#include "mjk/score.hpp"

namespace mjk::test {

// The fu parts in one line: "base 20, closed_ron 10, closed_triplet 555z 8, wait kanchan 2, rounding 8".
inline std::string describe(const FuBreakdown& fu) {
  std::string out;
  for (int i = 0; i < fu.count; ++i) {
    const FuPart& p = fu.parts[static_cast<std::size_t>(i)];
    out += (i ? ", " : "") + std::string(fu_reason_name(p.reason));
    if (p.tiles)
      out += " " + std::string(static_cast<std::size_t>(p.tiles), static_cast<char>('0' + p.tile.number())) +
             "mpsz"[p.tile.kind() / 9];
    if (p.reason == FuReason::wait) out += " " + std::string(wait_name(p.wait));
    out += " " + std::to_string(p.fu);
  }
  return out;
}

// What is wrong with fu_breakdown(r, s) ("" if nothing): the parts sum to
// the score's fu, and each part is one a reading of this request can have.
inline std::string fu_problem(const ScoreRequest& r, const Score& s) {
  const FuBreakdown fu = fu_breakdown(r, s);
  if (!s.complete || s.fu == 0 || s.yakuman) return fu.count ? "parts for a score without fu" : "";
  if (fu.total() != s.fu) return "parts sum to " + std::to_string(fu.total()) + ", not " + std::to_string(s.fu);
  if (s.has(Yaku::chiitoitsu))
    return fu.count == 1 && fu.parts[0].reason == FuReason::chiitoitsu && fu.parts[0].fu == 25
               ? ""
               : "seven pairs are 25 fu alone";
  if (fu.count == 0 || fu.parts[0].reason != FuReason::base || fu.parts[0].fu != 20) return "no base 20 first";
  std::array<int, static_cast<std::size_t>(FuReason::count)> seen{};
  int blocks = 0;
  std::array<int, 4> meld_parts{};  // the parts matched to each non-chi meld
  for (int i = 1; i < fu.count; ++i) {
    const FuPart& p = fu.parts[static_cast<std::size_t>(i)];
    ++seen[static_cast<std::size_t>(p.reason)];
    const int outside = p.tile.is_terminal_or_honour() ? 2 : 1;
    switch (p.reason) {
      case FuReason::base:
      case FuReason::chiitoitsu:
      case FuReason::count: return "a second base or a seven-pairs part";
      case FuReason::closed_ron:
        if (p.fu != 10 || !s.closed || r.tsumo) return "closed_ron on an open hand or a tsumo";
        break;
      case FuReason::tsumo:
        if (p.fu != 2 || !r.tsumo || s.has(Yaku::pinfu)) return "tsumo fu on a ron or with pinfu";
        break;
      case FuReason::wait:
        if (p.fu != 2 || !(p.wait == WaitKind::kanchan || p.wait == WaitKind::penchan || p.wait == WaitKind::tanki) ||
            p.tile != r.win)
          return "a wait part that is not kanchan, penchan or tanki on the winning tile";
        break;
      case FuReason::pair:
        if (p.tiles != 2 || !p.tile.is_honour() || (p.fu != 2 && p.fu != 4) || r.hand.count(p.tile) < 2)
          return "a pair part that is not an honour pair held";
        break;
      case FuReason::closed_triplet:
      case FuReason::open_triplet:
      case FuReason::closed_kan:
      case FuReason::open_kan: {
        const bool kan = p.reason == FuReason::closed_kan || p.reason == FuReason::open_kan;
        const bool closed = p.reason == FuReason::closed_triplet || p.reason == FuReason::closed_kan;
        if (p.tiles != (kan ? 4 : 3) || p.fu != 2 * outside * (closed ? 2 : 1) * (kan ? 4 : 1))
          return "block " + describe(fu) + " has the wrong fu for its kind";
        ++blocks;
        if (kan || p.reason == FuReason::open_triplet) {
          // A kan is always a meld; an open triplet a pon, or the triplet a ron completed.
          bool matched = false;
          for (std::size_t m = 0; m < r.meld_count && !matched; ++m) {
            const Meld& meld = r.melds[m];
            const FuReason want = !meld.is_kan()   ? FuReason::open_triplet
                                  : meld.is_open() ? FuReason::open_kan
                                                   : FuReason::closed_kan;
            if (meld.type != MeldType::chi && meld.tile == p.tile && want == p.reason && !meld_parts[m])
              matched = ++meld_parts[m] > 0;
          }
          if (!matched &&
              !(p.reason == FuReason::open_triplet && !r.tsumo && p.tile == r.win && r.hand.count(p.tile) >= 3))
            return "block " + std::string(fu_reason_name(p.reason)) + " matches no meld";
        } else if (r.hand.count(p.tile) < 3) {
          return "a closed triplet not held";
        }
        break;
      }
      case FuReason::open_pinfu:
        if (p.fu != 10 || s.closed || fu.count != 2) return "open_pinfu but on the bare base of an open hand";
        break;
      case FuReason::rounding:
        if (p.fu < 1 || p.fu > 9 || i != fu.count - 1) return "rounding not last or not 1-9";
        break;
    }
  }
  for (std::size_t m = 0; m < r.meld_count; ++m)
    if (r.melds[m].type != MeldType::chi && !meld_parts[m]) return "a pon or kan without its part";
  if (blocks > 4) return "more than four blocks";
  for (const FuReason once : {FuReason::closed_ron, FuReason::tsumo, FuReason::wait, FuReason::pair,
                              FuReason::open_pinfu, FuReason::rounding})
    if (seen[static_cast<std::size_t>(once)] > 1) return std::string(fu_reason_name(once)) + " twice";
  if (s.closed && !r.tsumo && !seen[static_cast<std::size_t>(FuReason::closed_ron)])
    return "a closed ron without its 10 fu";
  if (r.tsumo && !s.has(Yaku::pinfu) && !seen[static_cast<std::size_t>(FuReason::tsumo)])
    return "a tsumo without its 2 fu";
  return "";
}

// What is wrong with payment_text(r, s) beside the score's payments ("" if
// nothing): a ron's text is the points; a tsumo's shares are what each
// payer pays less honba (unless pao moved them).
inline std::string payment_problem(const ScoreRequest& r, const Score& s) {
  std::array<char, max_payment_text> buf;
  const std::size_t n = payment_text(r, s, buf);
  if (n > buf.size()) return "text longer than max_payment_text";
  const std::string text(buf.data(), n);
  if (!s.complete || s.points == 0) return text.empty() ? "" : "a text for a hand that wins nothing";
  if (!r.tsumo)
    return text == std::to_string(s.points) ? ""
                                            : "ron text " + text + " is not the points " + std::to_string(s.points);
  const bool pao = r.rules.pao && (s.has(Yaku::daisangen) || s.has(Yaku::daisuushii));
  const int players = static_cast<int>(r.players);
  std::string want;
  if (r.seat == 0) {
    want = std::to_string(-s.payments[1] - 100 * r.honba) + " all";
  } else {
    const int other = r.seat == 1 ? 2 : 1;  // a non-dealer who pays
    want = std::to_string(-s.payments[static_cast<std::size_t>(other)] - 100 * r.honba) + "/" +
           std::to_string(-s.payments[0] - 100 * r.honba);
  }
  int total = 0;  // the shares of the text add up to the points
  const auto slash = text.find('/');
  if (text.size() > 4 && text.substr(text.size() - 4) == " all") total = (players - 1) * std::stoi(text);
  else if (slash != std::string::npos) total = std::stoi(text.substr(slash + 1)) + (players - 2) * std::stoi(text);
  if (total != s.points) return "tsumo text " + text + " does not add up to " + std::to_string(s.points);
  return pao || text == want ? "" : "tsumo text " + text + " is not the payments' " + want;
}

}  // namespace mjk::test
