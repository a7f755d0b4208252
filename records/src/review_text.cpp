// The review of a record for people (`mjk log FILE`): the rounds, each
// player's discards against the best, the mistakes, the standings, the
// disagreements.
#include <cstdio>
#include <set>
#include <utility>

#include "mjk/hand.hpp"
#include "mjk/review.hpp"

namespace mjk::records {
namespace {

template <class T>
std::string n(T v) {
  return std::to_string(v);
}

std::string percent(std::uint64_t part, std::uint64_t whole) {
  if (!whole) return "-";
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.1f%%", 100.0 * static_cast<double>(part) / static_cast<double>(whole));
  return buf;
}

std::string player(const Game& g, int seat) {
  const std::string& name = g.names[static_cast<std::size_t>(seat)];
  return "seat " + n(seat) + (name.empty() ? "" : " (" + name + ")");
}

std::string tiles_text(TileMask m) {
  std::string out;
  for (const Tile t : m) out += (out.empty() ? "" : " ") + tile_name(t);
  return out;
}

std::string shanten_text(int s) { return s > 0 ? n(s) + "-shanten" : s < 0 ? "complete" : "tenpai"; }

std::string round_line(const Game& g, const Round& round) {
  std::string o = "    " + round_label(round) + "  scores";
  for (int s = 0; s < g.rules.seats(); ++s) o += " " + n(round.scores[static_cast<std::size_t>(s)]);
  for (const Win& w : round.wins) {
    o += "  | seat " + n(w.seat) + (w.tsumo() ? " tsumo" : " ron from seat " + n(w.from));
    if (w.detailed) {
      // A limit hand as players say it ("5 han 30 fu mangan 8000"); a record
      // may state only the limit, without fu ("8 han baiman 12000").
      if (w.yakuman) o += " yakuman x" + n(w.yakuman);
      else o += " " + n(w.han) + " han" + (w.fu ? " " + n(w.fu) + " fu" : "");
      if (!w.yakuman && w.limit != Limit::none) o += " " + std::string(display_name(w.limit).id);
      o += " " + n(w.points);
      std::string yaku;
      for (const StatedYaku& y : w.yaku)
        yaku += (yaku.empty() ? "" : ", ") + std::string(yaku_name(y.yaku)) + (y.yakuman ? "" : " " + n(y.han));
      if (!yaku.empty()) o += " (" + yaku + ")";
    }
  }
  if (round.draw) {
    o += "  | draw (" + std::string(draw_kind_name(round.draw->kind)) + ")";
    std::string tenpai;
    for (int s = 0; s < g.rules.seats(); ++s)
      if (round.draw->tenpai[static_cast<std::size_t>(s)] == 1) tenpai += (tenpai.empty() ? "" : ", ") + n(s);
    if (!tenpai.empty()) o += " tenpai: seat " + tenpai;
  }
  if (!round.ended()) o += "  | no result (the record stops)";
  return o + "\n";
}

// Whether the discard is a choice: after its player's riichi the hand is fixed.
std::vector<bool> choices(const std::vector<Decision>& decisions) {
  std::set<std::pair<int, int>> in_riichi;  // (round, seat)
  std::vector<bool> out(decisions.size());
  for (std::size_t i = 0; i < decisions.size(); ++i) {
    const Decision& d = decisions[i];
    const auto key = std::make_pair(int{d.round_index}, int{d.seat});
    out[i] = d.reviewed && !in_riichi.count(key);
    if (d.riichi) in_riichi.insert(key);
  }
  return out;
}

bool matches_best(const Decision& d) { return d.best.contains(d.discard.tile); }

}  // namespace

std::string review_text(const GameReview& rv) {
  if (rv.read_error) return "error: " + rv.read_error->message() + "\n";
  const Game& g = rv.game;
  const Replay& r = rv.replay;
  const int seats = g.rules.seats();
  std::string o = g.file + "  (" + std::string(format_name(g.format)) + ", " + n(seats) + " players, " +
                  n(g.rounds.size()) + " rounds)\n";
  o += "  rounds:\n";
  for (const Round& round : g.rounds) o += round_line(g, round);

  const std::vector<bool> choice = choices(r.decisions);
  std::array<std::uint64_t, 4> total{}, best{}, given_up{}, worse{};
  for (std::size_t i = 0; i < r.decisions.size(); ++i) {
    if (!choice[i]) continue;
    const Decision& d = r.decisions[i];
    ++total[d.seat];
    if (matches_best(d)) ++best[d.seat];
    if (d.shanten_after == d.best_shanten) given_up[d.seat] += static_cast<std::uint64_t>(d.best_ukeire - d.ukeire);
    else ++worse[d.seat];
  }
  o +=
      "  review (each discard before the player's riichi, against the discards with the most ukeire at the lowest shanten):\n";
  for (int s = 0; s < seats; ++s) {
    const auto i = static_cast<std::size_t>(s);
    o += "    " + player(g, s) + ": " + n(best[i]) + " of " + n(total[i]) + " discards match the best (" +
         percent(best[i], total[i]) + "), ukeire given up " + n(given_up[i]) + ", " + n(worse[i]) +
         " to a worse shanten, " + n(total[i] - best[i]) + " mistakes\n";
  }
  o += "  mistakes:\n";
  for (int s = 0; s < seats; ++s) {
    std::string lines;
    for (std::size_t i = 0; i < r.decisions.size(); ++i) {
      const Decision& d = r.decisions[i];
      if (!choice[i] || d.seat != s || matches_best(d)) continue;
      lines += "      " + d.round + " turn " + n(d.turn) + "  " + to_mpsz(d.hand) + "  discarded " +
               tile_text(d.discard) + " (" + shanten_text(d.shanten_after) + ", ukeire " + n(d.ukeire) + ")  better " +
               tiles_text(d.best) + " (" + shanten_text(d.best_shanten) + ", ukeire " + n(d.best_ukeire) + ")\n";
    }
    o += "    " + player(g, s) + (lines.empty() ? ": none\n" : "\n" + lines);
  }
  const auto final_scores = rv.final_scores();
  const auto place = places(final_scores, seats);
  o += "  standings:\n";
  for (int p = 1; p <= seats; ++p)
    for (int s = 0; s < seats; ++s)
      if (place[static_cast<std::size_t>(s)] == p)
        o += "    " + n(p) + ". " + player(g, s) + "  " + n(final_scores[static_cast<std::size_t>(s)]) + "\n";
  const std::size_t k = r.disagreements.size();
  o += "  " + n(k) + (k == 1 ? " disagreement" : " disagreements") + (k ? ":\n" : "\n");
  for (const auto& d : r.disagreements) o += "    disagreement: " + d.message() + "\n";
  if (r.error) o += "  error: " + r.error->message() + "\n";
  return o;
}

}  // namespace mjk::records
