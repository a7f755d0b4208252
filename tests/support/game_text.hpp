// Every event and result of a game, in order, as text: what the records'
// round-trip tests compare (a replay walks through the same). One helper
// for the writers' tests (mjai, tenhou.net/6, mjlog).
#pragma once

#include <algorithm>
#include <string>

#include "mjk/records.hpp"

namespace mjk::test {

// How a win's dora yaku are compared: each as stated, or summed into one
// figure with the norths set aside (mjlog's yaku ids name no north, so its
// writer counts them with the dora, as some exports do).
enum class DoraYaku { as_stated, summed };

// One event: its name, seat, the seat called from, * for a tsumogiri, its tiles.
inline std::string event_text(const records::Event& e) {
  using namespace mjk::records;
  std::string s = std::string(event_name(e.kind)) + ":" + std::to_string(e.seat);
  if (e.kind == EventKind::chi || e.kind == EventKind::pon || e.kind == EventKind::minkan)
    s += "<" + std::to_string(e.from);
  if (e.tsumogiri) s += "*";
  for (int k = 0; k < e.tile_count; ++k) s += tile_text(e.tiles[static_cast<std::size_t>(k)]);
  return s;
}

inline std::string game_text(const records::Game& g, DoraYaku dora_yaku = DoraYaku::as_stated) {
  using namespace mjk::records;
  std::string s = std::to_string(g.rules.seats()) + " players\n";
  for (const Round& r : g.rounds) {
    s += round_label(r) + " sticks " + std::to_string(r.sticks) + " dora " + tile_text(r.dora) + " scores";
    for (const int x : r.scores) s += " " + std::to_string(x);
    s += "\n";
    for (const auto& deal : r.deal) {
      for (const RecordTile t : deal) s += tile_text(t);
      s += "|";
    }
    for (const Event& e : r.events) {
      s += event_text(e) + " ";
    }
    for (const Win& w : r.wins) {
      s += "\nwin " + std::to_string(w.seat) + "<" + std::to_string(w.from) + " pao " + std::to_string(w.pao) + " " +
           std::to_string(w.points) + " " + std::to_string(w.han) + "han " + std::to_string(w.yakuman) + "x " +
           std::string(mjk::display_name(w.limit).id);
      int dora = -1;
      for (const StatedYaku& y : w.yaku) {
        if (dora_yaku == DoraYaku::summed && (y.yaku == mjk::Yaku::dora || y.yaku == mjk::Yaku::nuki)) {
          dora = std::max(dora, 0) + y.han;
          continue;
        }
        s += " " + std::string(mjk::yaku_name(y.yaku)) + std::to_string(y.han) + "/" + std::to_string(y.yakuman);
      }
      if (dora >= 0) s += " dora" + std::to_string(dora);
      for (const int d : w.deltas) s += " " + std::to_string(d);
      s += " ura";
      for (const RecordTile t : w.ura) s += tile_text(t);
    }
    if (r.draw) {
      s += "\ndraw " + std::string(draw_kind_name(r.draw->kind));
      for (const int d : r.draw->deltas) s += " " + std::to_string(d);
    }
    s += "\n";
  }
  return s;
}

}  // namespace mjk::test
