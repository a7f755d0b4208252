// The corpus statistics as an SVG picture (`mjk log --stats --plot FILE`):
// written here, by hand, so that mjk needs no plotting package.
#include "stats_plot.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace mjk::cli {
namespace {

using records::corpus_turns;

std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

std::string text(double x, double y, const std::string& s, const char* anchor = "middle", int size = 12) {
  return "<text x=\"" + num(x) + "\" y=\"" + num(y) + "\" font-size=\"" + std::to_string(size) + "\" text-anchor=\"" +
         anchor + "\">" + s + "</text>\n";
}

std::string line(double x1, double y1, double x2, double y2, const char* colour = "#999") {
  return "<line x1=\"" + num(x1) + "\" y1=\"" + num(y1) + "\" x2=\"" + num(x2) + "\" y2=\"" + num(y2) + "\" stroke=\"" +
         colour + "\"/>\n";
}

}  // namespace

std::string corpus_svg(const records::CorpusStats& s) {
  constexpr double width = 760, height = 340;
  std::string o = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + num(width) + "\" height=\"" + num(height) +
                  "\" viewBox=\"0 0 " + num(width) + " " + num(height) + "\" font-family=\"sans-serif\">\n";
  o += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";

  // Left: the average shanten by turn, a line over the turns that have discards.
  constexpr double left = 50, top = 40, plot_w = 400, plot_h = 240;
  o += text(left + plot_w / 2, 22, "average shanten by turn (" + std::to_string(s.reviewed) + " discards)", "middle",
            14);
  double top_value = 1;
  for (std::size_t t = 0; t < corpus_turns; ++t)
    if (s.turn_discards[t])
      top_value = std::max(top_value, static_cast<double>(s.turn_shanten[t]) / static_cast<double>(s.turn_discards[t]));
  top_value = std::ceil(top_value);
  const auto x_of = [&](std::size_t t) { return left + plot_w * (static_cast<double>(t) + 0.5) / corpus_turns; };
  const auto y_of = [&](double v) { return top + plot_h - plot_h * v / top_value; };
  for (int v = 0; v <= static_cast<int>(top_value); ++v) {
    o += line(left, y_of(v), left + plot_w, y_of(v), v ? "#ddd" : "#333");
    o += text(left - 6, y_of(v) + 4, std::to_string(v), "end");
  }
  o += line(left, top, left, top + plot_h, "#333");
  std::string points;
  for (std::size_t t = 0; t < corpus_turns; ++t) {
    if (t % 2 == 0 || t + 1 == corpus_turns)
      o += text(x_of(t), top + plot_h + 16, std::to_string(t + 1) + (t + 1 == corpus_turns ? "+" : ""));
    if (!s.turn_discards[t]) continue;
    const double v = static_cast<double>(s.turn_shanten[t]) / static_cast<double>(s.turn_discards[t]);
    points += (points.empty() ? "" : " ") + num(x_of(t)) + "," + num(y_of(v));
    o += "<circle cx=\"" + num(x_of(t)) + "\" cy=\"" + num(y_of(v)) + "\" r=\"3\" fill=\"#1f77b4\"><title>turn " +
         std::to_string(t + 1) + ": " + num(v) + "</title></circle>\n";
  }
  if (!points.empty())
    o += "<polyline fill=\"none\" stroke=\"#1f77b4\" stroke-width=\"2\" points=\"" + points + "\"/>\n";
  o += text(left + plot_w / 2, top + plot_h + 34, "turn");

  // Right: the rates per player and round, and the discards to a worse shanten, as bars.
  constexpr double bars_left = 560, bars_w = 170, bar_h = 26;
  o += text(bars_left + bars_w / 2 - 30, 22, "rates", "middle", 14);
  struct Rate {
    const char* name;
    std::uint64_t part, whole;
  };
  const Rate rates[] = {{"win", s.wins, s.seat_rounds},
                        {"deal-in", s.deal_ins, s.seat_rounds},
                        {"riichi", s.riichi, s.seat_rounds},
                        {"worse shanten", s.shanten_given_up, s.reviewed}};
  double y = top + 10;
  for (const Rate& r : rates) {
    const double p = r.whole ? 100.0 * static_cast<double>(r.part) / static_cast<double>(r.whole) : 0;
    o += text(bars_left - 8, y + bar_h * 0.65, r.name, "end");
    o += "<rect x=\"" + num(bars_left) + "\" y=\"" + num(y) + "\" width=\"" + num(bars_w * p / 100) + "\" height=\"" +
         num(bar_h) + "\" fill=\"#ff7f0e\"/>\n";
    o += text(bars_left + bars_w * p / 100 + 4, y + bar_h * 0.65, r.whole ? num(p) + "%" : "-", "start");
    y += bar_h + 18;
  }
  o += line(bars_left, top, bars_left, y - 18, "#333");
  o += "</svg>\n";
  return o;
}

}  // namespace mjk::cli
