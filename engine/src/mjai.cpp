// mjai lines from the compact event list (libriichi's field names and order).
#include "mjk/mjai.hpp"

#include <array>

#include "mjk/report.hpp"

namespace mjk {
namespace {

void pai_array(JsonWriter& j, std::span<const Pai> pais) {
  j.begin_array();
  for (Pai p : pais)
    if (p != no_pai) j.string(pai_name(p));
  j.end_array();
}

void numbers(JsonWriter& j, const std::array<std::int32_t, 4>& v, int n) {
  j.begin_array();
  for (int i = 0; i < n; ++i) j.number(v[static_cast<std::size_t>(i)]);
  j.end_array();
}

constexpr std::array<std::string_view, 4> winds = {"E", "S", "W", "N"};

}  // namespace

void write_mjai(const GameLog& log, Players players, std::string& out, std::span<const std::string_view> names,
                int viewer, std::size_t first_event) {
  const int n = static_cast<int>(players);
  std::array<char, 4096> buffer{};
  for (std::size_t at = first_event; at < log.events.size(); ++at) {
    const Event& e = log.events[at];
    JsonWriter j(buffer);
    j.begin_object();
    switch (e.type) {
      case EventType::start_game: {
        j.key("type").string("start_game");
        if (viewer >= 0) j.key("id").number(viewer);
        j.key("names").begin_array();
        for (int i = 0; i < n; ++i) {
          if (static_cast<std::size_t>(i) < names.size()) j.string(names[static_cast<std::size_t>(i)]);
          else j.string(std::string("player") + static_cast<char>('0' + i));
        }
        j.end_array();
        break;
      }
      case EventType::start_kyoku: {
        const RoundHeader& h = log.rounds[e.data];
        j.key("type").string("start_kyoku").key("bakaze").string(winds[h.wind & 3]);
        j.key("dora_marker").string(pai_name(h.dora_marker)).key("kyoku").number(h.kyoku + 1);
        j.key("honba").number(h.honba).key("kyotaku").number(h.sticks).key("oya").number(h.dealer);
        j.key("scores");
        numbers(j, h.scores, n);
        j.key("tehais").begin_array();
        for (int s = 0; s < n; ++s) {
          if (viewer >= 0 && s != viewer) {
            j.begin_array();
            for (int k = 0; k < 13; ++k) j.string("?");
            j.end_array();
          } else {
            pai_array(j, h.hands[static_cast<std::size_t>(s)]);
          }
        }
        j.end_array();
        break;
      }
      case EventType::tsumo:
        j.key("type").string("tsumo").key("actor").number(e.actor).key("pai");
        j.string(viewer >= 0 && viewer != e.actor ? std::string_view("?") : pai_name(e.pai));
        break;
      case EventType::dahai:
        j.key("type").string("dahai").key("actor").number(e.actor).key("pai").string(pai_name(e.pai));
        j.key("tsumogiri").boolean(e.flags & 1);
        break;
      case EventType::chi:
      case EventType::pon:
      case EventType::daiminkan:
        j.key("type").string(e.type == EventType::chi ? "chi" : e.type == EventType::pon ? "pon" : "daiminkan");
        j.key("actor").number(e.actor).key("target").number(e.target).key("pai").string(pai_name(e.pai));
        j.key("consumed");
        pai_array(j, e.consumed);
        break;
      case EventType::ankan:
        j.key("type").string("ankan").key("actor").number(e.actor).key("consumed");
        pai_array(j, e.consumed);
        break;
      case EventType::kakan:
        j.key("type").string("kakan").key("actor").number(e.actor).key("pai").string(pai_name(e.pai));
        j.key("consumed");
        pai_array(j, std::span<const Pai>(e.consumed).first(3));
        break;
      case EventType::dora: j.key("type").string("dora").key("dora_marker").string(pai_name(e.pai)); break;
      case EventType::reach: j.key("type").string("reach").key("actor").number(e.actor); break;
      case EventType::reach_accepted: j.key("type").string("reach_accepted").key("actor").number(e.actor); break;
      case EventType::hora: {
        const WinRecord& w = log.wins[e.data];
        j.key("type").string("hora").key("actor").number(w.seat).key("target").number(w.from);
        j.key("pai").string(pai_name(w.pai)).key("deltas");
        numbers(j, w.deltas, n);
        if (w.ura_count) {
          j.key("ura_markers");
          pai_array(j, std::span<const Pai>(w.ura).first(w.ura_count));
        }
        break;
      }
      case EventType::ryukyoku: {
        const DrawRecord& d = log.draws[e.data];
        j.key("type").string("ryukyoku").key("reason").string(draw_name(d.kind)).key("deltas");
        numbers(j, d.deltas, n);
        break;
      }
      case EventType::end_kyoku: j.key("type").string("end_kyoku"); break;
      case EventType::end_game:
        j.key("type").string("end_game").key("scores");
        numbers(j, log.final_scores, n);
        break;
      case EventType::nukidora:
        j.key("type").string("nukidora").key("actor").number(e.actor).key("pai").string(pai_name(e.pai));
        break;
    }
    j.end_object();
    out.append(buffer.data(), std::min(j.size(), buffer.size()));
    out += '\n';
  }
}

}  // namespace mjk
