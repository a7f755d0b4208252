// The text answers of the hand analysis (mjk HAND) and of mjk score: the
// readable report (shanten, waits, decompositions, advice, the score) and the
// score-first lines, in the notation --format chose. JSON answers are written
// by the io layer, not here.
#include "report_text.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <span>
#include <string>
#include <string_view>

#include "mjk/decomposition.hpp"
#include "mjk/hand.hpp"
#include "mjk/request.hpp"
#include "mjk/score.hpp"

namespace mjk::cli {
namespace {

std::string tile_text(mjk::Tile t, mjk::Notation notation) { return mjk::to_string(t, false, notation); }

// The hand line's text: the request as written back (mpsz, meld words), or
// in another notation hand_text()'s.
std::string hand_text(const mjk::ParsedRequest& pr, mjk::Notation notation);
std::string request_text(const mjk::ParsedRequest& pr, mjk::Notation notation) {
  if (notation != mjk::Notation::mpsz) return hand_text(pr, notation);
  char hand[mjk::max_request_text];
  const std::size_t n = std::min(mjk::write_request_text(pr, hand), sizeof hand);
  return std::string(hand, n);
}

}  // namespace

std::string padded(std::string_view text, int width) {
  int columns = 0;
  for (std::size_t i = 0; i < text.size(); ++i)
    if ((static_cast<unsigned char>(text[i]) & 0xc0) != 0x80) ++columns;  // a character starts here
  // U+1F004 MAHJONG TILE RED DRAGON is East Asian Wide (an emoji): two columns.
  for (std::size_t at = text.find("\U0001F004"); at != std::string_view::npos; at = text.find("\U0001F004", at + 1))
    ++columns;
  std::string out(text);
  if (columns < width) out.append(static_cast<std::size_t>(width - columns), ' ');
  return out;
}

namespace {

// The hand line's text in a --format other than mpsz: the concealed tiles
// (with majiang's calls after commas; other notations keep the meld words),
// then the winning tile.
std::string hand_text(const mjk::ParsedRequest& pr, mjk::Notation notation) {
  const mjk::ScoreRequest& q = pr.request;
  mjk::Hand concealed = q.hand;
  if (pr.has_win) {
    concealed.remove(q.win);
    if (q.win_red) --concealed.red_fives[static_cast<std::size_t>(q.win.kind() / 9)];
  }
  const std::span<const mjk::Meld> melds(q.melds.data(), std::min<std::size_t>(q.meld_count, q.melds.size()));
  const bool majiang = notation == mjk::Notation::majiang;
  std::string out = mjk::to_string(concealed, majiang ? melds : std::span<const mjk::Meld>{}, notation);
  if (!majiang)
    for (const mjk::Meld& m : melds) {
      char word[32];
      out += ' ' + std::string(word, std::min(mjk::write_meld(m, word), sizeof word));
    }
  if (pr.has_win) out += ' ' + mjk::to_string(q.win, q.win_red, notation);
  return out;
}

std::string tile_list(mjk::TileMask m, mjk::Notation notation) {
  std::string out;
  for (const mjk::Tile t : m) out += (out.empty() ? "" : " ") + tile_text(t, notation);
  return out.empty() ? "none" : out;
}

// A listed yaku's value as the text output writes it: "2", "yakuman", "yakuman x2".
std::string yaku_value_text(const mjk::YakuValue& y) {
  if (!y.yakuman) return std::to_string(y.han);
  return "yakuman" + std::string(y.yakuman > 1 ? " x" + std::to_string(y.yakuman) : "");
}

// What the win is worth as players say it: "haneman 3000/6000", "1000",
// "yakuman 16000 all"; with `total`, a tsumo's total after its shares
// ("haneman 3000/6000 (12000)").
std::string value_text(const mjk::ScoreRequest& q, const mjk::Score& sc, bool total) {
  std::string out(mjk::display_name(mjk::limit_of(sc, q.rules)).id);
  std::array<char, mjk::max_payment_text> pay;
  const std::size_t n = std::min(mjk::payment_text(q, sc, pay), pay.size());
  if (n) out += (out.empty() ? "" : " ") + std::string(pay.data(), n);
  if (n && q.tsumo && total) out += " (" + std::to_string(sc.points) + ")";
  return out;
}

// A score's yaku with their values: "riichi 1, menzen_tsumo 1, dora 2" ("" for none).
std::string yaku_list(const mjk::Score& sc, const mjk::ScoreRules& rules) {
  std::array<mjk::YakuValue, mjk::yaku_count> yaku;
  const std::size_t n = mjk::list_yaku(sc, rules, yaku);
  std::string list;
  for (std::size_t i = 0; i < n; ++i)
    list += (i ? ", " : "") + std::string(mjk::yaku_name(yaku[i].yaku)) + " " + yaku_value_text(yaku[i]);
  return list;
}

// A complete hand's score in one line, the value first: "mangan 2000/4000
// (8000): riichi 1, menzen_tsumo 1, ... | 4 han 20 fu", "no yaku | 0 points ...".
std::string headline(const mjk::ScoreRequest& q, const mjk::Score& sc) {
  const std::string list = yaku_list(sc, q.rules);
  const std::string honba = q.honba ? " + " + std::to_string(q.honba) + " honba" : "";
  if (sc.fu == 0 && !sc.yakuman)
    return "no yaku" + (list.empty() ? std::string() : " (" + list + ")") +
           " | 0 points (a hand without a yaku may not be declared; dora is no yaku)";
  if (sc.yakuman) return value_text(q, sc, true) + honba + ": " + list;
  return value_text(q, sc, true) + honba + ": " + list + " | " + std::to_string(sc.han) + " han " +
         std::to_string(sc.fu) + " fu";
}

// The score lines of a scored hand: yaku with their han, then the value.
void print_score(const mjk::Report& a, mjk::Notation notation) {
  const mjk::Score& sc = a.score;
  if (!sc.complete) {
    std::printf("score     none: not complete with %s\n", tile_text(a.request.request.win, notation).c_str());
    return;
  }
  const std::string list = yaku_list(sc, a.request.request.rules);
  std::printf("yaku      %s\n",
              list.empty() ? "none (a hand without a yaku may not be declared; dora is no yaku)" : list.c_str());
  // The value as players say it, less a ron's payment when it is the points
  // themselves ("1500, 1500 points" says it twice).
  std::string value = value_text(a.request.request, sc, false);
  const std::string points = std::to_string(sc.points);
  if (value == points) value.clear();
  else if (value.size() > points.size() && value.ends_with(" " + points))
    value.resize(value.size() - points.size() - 1);
  if (!value.empty()) value += ", ";
  if (sc.yakuman) std::printf("score     yakuman x%d, %s%d points", sc.yakuman, value.c_str(), sc.points);
  else if (sc.fu == 0) std::printf("score     %d han, no yaku, %d points", sc.han, sc.points);
  else std::printf("score     %d han %d fu, %s%d points", sc.han, sc.fu, value.c_str(), sc.points);
  const int seats = static_cast<int>(a.request.request.players);
  constexpr const char* wind[] = {"East", "South", "West", "North"};
  std::printf("  (payments:");
  for (int i = 0; i < seats; ++i) {
    const int p = sc.payments[static_cast<std::size_t>(i)];
    std::printf(p ? " %s %+d" : " %s %d", wind[i], p);
  }
  std::printf(")\n");
}

// Each seat's change: "East -6000  South +12000 ...".
std::string payments_text(const mjk::Report& a) {
  constexpr const char* wind[] = {"East", "South", "West", "North"};
  std::string out;
  for (int i = 0; i < static_cast<int>(a.request.request.players); ++i) {
    const int p = a.score.payments[static_cast<std::size_t>(i)];
    out += std::string(i ? "  " : "") + wind[i] + " " + (p > 0 ? "+" : "") + std::to_string(p);
  }
  return out;
}

}  // namespace

// `mjk score`: the score first, as a player reads it out, then its parts.
void print_score_first(const mjk::Report& a, std::string_view note, mjk::Notation notation) {
  const mjk::Score& sc = a.score;
  const mjk::ScoreRequest& q = a.request.request;
  const std::string hand = request_text(a.request, notation);
  if (!sc.complete) {
    std::printf("not complete with %s: no score\nhand      %s\n", tile_text(q.win, notation).c_str(), hand.c_str());
    if (!note.empty()) std::printf("          %s\n", std::string(note).c_str());
    return;
  }
  std::printf("%s\n", headline(q, sc).c_str());
  std::array<mjk::YakuValue, mjk::yaku_count> yaku;
  const std::size_t n = mjk::list_yaku(sc, q.rules, yaku);
  std::printf("hand      %s\n", hand.c_str());
  if (!note.empty()) std::printf("          %s\n", std::string(note).c_str());
  for (std::size_t i = 0; i < n; ++i)
    std::printf("%s%-16s %-11s %s\n", i ? "          " : "yaku      ",
                std::string(mjk::yaku_name(yaku[i].yaku)).c_str(), yaku_value_text(yaku[i]).c_str(),
                std::string(mjk::display_name(yaku[i].yaku).en).c_str());
  const mjk::FuBreakdown fu = mjk::fu_breakdown(q, sc);
  for (int i = 0; i < fu.count; ++i) {
    const mjk::FuPart& p = fu.parts[static_cast<std::size_t>(i)];
    std::string what;
    if (p.tiles) {
      mjk::Hand block;
      for (int k = 0; k < p.tiles; ++k) block.add(p.tile);
      what = mjk::to_string(block, notation);
    }
    if (p.reason == mjk::FuReason::wait) what = std::string(mjk::wait_name(p.wait));
    std::printf("%s%-16s %2d%s%s\n", i ? "          " : "fu        ",
                std::string(mjk::fu_reason_name(p.reason)).c_str(), p.fu, what.empty() ? "" : "  ", what.c_str());
  }
  if (fu.count) std::printf("          %-16s %2d\n", "total", fu.total());
  std::printf("payments  %s\n", payments_text(a).c_str());
}

namespace {
// What each winning tile pays, as print_each_win and print_wins write it:
// (tile, text) for every tile that completes the hand or is a wait that
// cannot be drawn.
template <class Line>
void each_win_lines(const mjk::Report& a, std::span<const mjk::Result<mjk::Score>> each, mjk::Notation notation,
                    Line line) {
  const mjk::ScoreRequest& q = a.request.request;
  for (int k = 0; k < mjk::kind_count && k < static_cast<int>(each.size()); ++k) {
    const mjk::Result<mjk::Score>& r = each[static_cast<std::size_t>(k)];
    const mjk::Tile t(k);
    if (r.ok() && r.value.complete) {
      line(t, headline(mjk::won_on(q, t), r.value));
    } else if (!r.ok() && a.waits.contains(t)) {  // a wait that cannot be drawn
      const bool seen = r.error == mjk::Error::fifth_copy || r.error == mjk::Error::visible_over_four;
      line(t, seen ? "no win: every copy of " + tile_text(t, notation) + " is seen"
                   : "no win: " + std::string(mjk::describe(r.error)));
    }
  }
}
}  // namespace

// `mjk score` of a waiting hand: the hand, then what each tile that completes
// it pays, one line each (score_each_win's answers, `each`).
void print_each_win(const mjk::Report& a, std::span<const mjk::Result<mjk::Score>> each, mjk::Notation notation) {
  std::printf("hand      %s  (waiting: the score of each winning tile)\n", request_text(a.request, notation).c_str());
  each_win_lines(a, each, notation, [&](mjk::Tile t, const std::string& text) {
    std::printf("%s %s\n", padded(tile_text(t, notation), 9).c_str(), text.c_str());
  });
}

void print_wins(const mjk::Report& a, std::span<const mjk::Result<mjk::Score>> each, const mjk::HandError& error,
                mjk::Notation notation) {
  if (error) {
    std::printf("wins      not scored: %s\n", error.message().c_str());
    return;
  }
  bool first = true;
  each_win_lines(a, each, notation, [&](mjk::Tile t, const std::string& text) {
    std::printf("%s%s  %s\n", first ? "wins      " : "          ", tile_text(t, notation).c_str(), text.c_str());
    first = false;
  });
}

void print_readable(const mjk::Report& a, std::string_view note, mjk::Notation notation) {
  const auto& s = a.shanten;
  const int melds = a.request.melds_known ? a.request.request.meld_count : a.input.hand.called_melds();
  std::printf("hand      %s  (%d tiles, %d called meld%s)\n", request_text(a.request, notation).c_str(),
              a.input.hand.tiles, melds, melds == 1 ? "" : "s");
  if (!note.empty()) std::printf("          %s\n", std::string(note).c_str());
  std::printf("shanten   %d  (standard %d", s.best, s.standard);
  if (s.chiitoi != mjk::ShantenForms::not_applicable)
    std::printf(", seven pairs %d, thirteen orphans %d", s.chiitoi, s.kokushi);
  std::printf(")%s\n", s.best == 0 ? "  tenpai" : s.best < 0 ? "  complete" : "");
  if (!a.complete) {
    std::printf("waits     %s\n", tile_list(a.waits, notation).c_str());
    std::printf("necessary %s  (ukeire %d)\n", tile_list(a.necessary.tiles, notation).c_str(), a.necessary.ukeire);
    return;
  }
  std::printf("agari     %s\n", a.agari ? "yes" : "no");
  for (int i = 0; i < a.decomposition_count; ++i) {
    const auto& d = a.decompositions[static_cast<std::size_t>(i)];
    std::string blocks;
    for (int b = 0; b < d.block_count; ++b) {
      const auto name = mjk::block_name(d.blocks[static_cast<std::size_t>(b)]);
      blocks += (b ? " " : "") + (b == d.win ? "[" + name + "]" : name);
    }
    std::printf("  %-9s %s", std::string(mjk::form_name(d.form)).c_str(), blocks.c_str());
    if (d.wait) std::printf("  (%s)", std::string(mjk::wait_name(*d.wait)).c_str());
    std::printf("\n");
  }
  if (a.discards.discards.empty()) {
    std::printf("discards  none leaves the hand tenpai\n");
  } else {
    std::printf("discards  (each leaves the hand tenpai)\n");
    for (const mjk::Tile d : a.discards.discards)
      std::printf("  %s -> %s\n", tile_text(d, notation).c_str(),
                  tile_list(a.discards.waits[static_cast<std::size_t>(d.kind())], notation).c_str());
  }
  std::printf("advice    discard  shanten  ukeire  necessary\n");
  for (int i = 0; i < a.advice.count; ++i) {
    const auto& d = a.advice.options[static_cast<std::size_t>(i)];
    std::printf("          %s  %7d  %6d  %s\n", padded(tile_text(d.discard, notation), 7).c_str(), d.shanten, d.ukeire,
                tile_list(d.necessary, notation).c_str());
  }
  if (a.request.scored()) print_score(a, notation);
}

}  // namespace mjk::cli
