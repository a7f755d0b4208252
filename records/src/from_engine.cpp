// The engine's event list as the records' Game model (from_engine.hpp).
#include "mjk/from_engine.hpp"

#include <array>
#include <utility>

#include "common.hpp"
#include "mjk/mjai.hpp"

namespace mjk::records {
namespace {

RecordTile record_tile(Pai p) { return RecordTile{Tile(pai_kind(p)), pai_red(p)}; }

DrawKind draw_kind(mjk::DrawKind k) {
  switch (k) {
    case mjk::DrawKind::exhaustive: return DrawKind::exhaustive;
    case mjk::DrawKind::nagashi_mangan: return DrawKind::nagashi_mangan;
    case mjk::DrawKind::nine_terminals: return DrawKind::nine_terminals;
    case mjk::DrawKind::four_winds: return DrawKind::four_winds;
    case mjk::DrawKind::four_riichi: return DrawKind::four_riichi;
    case mjk::DrawKind::four_kans: return DrawKind::four_kans;
    case mjk::DrawKind::three_rons: return DrawKind::triple_ron;
  }
  return DrawKind::exhaustive;
}

// The liable seat of a pao win, from who paid: on a ron a third seat that
// pays; on a tsumo the only payer. -1 when nobody is liable.
std::int8_t liable_seat(const WinRecord& w, int seats) {
  int payers = 0, payer = -1;
  for (int s = 0; s < seats; ++s) {
    if (s == w.seat || w.deltas[static_cast<std::size_t>(s)] >= 0) continue;
    ++payers;
    if (w.seat == w.from || s != w.from) payer = s;
  }
  if (w.seat == w.from) return payers == 1 ? static_cast<std::int8_t>(payer) : -1;
  return static_cast<std::int8_t>(payer);
}

Win win_of(const WinRecord& w, const ScoreRules& score_rules, int seats) {
  Win out;
  out.seat = w.seat;
  out.from = w.from;
  out.pao = liable_seat(w, seats);
  out.tile = record_tile(w.pai);
  out.detailed = true;
  out.fu = w.score.fu;
  out.han = w.score.han;
  out.yakuman = w.score.yakuman;
  out.points = w.score.points;
  out.limit = limit_of(w.score, score_rules);
  std::array<YakuValue, yaku_count> listed{};
  const std::size_t n = list_yaku(w.score, score_rules, listed);
  for (std::size_t k = 0; k < n; ++k) out.yaku.push_back({listed[k].yaku, listed[k].han, listed[k].yakuman});
  out.deltas = w.deltas;
  for (int k = 0; k < w.ura_count; ++k) out.ura.push_back(record_tile(w.ura[static_cast<std::size_t>(k)]));
  return out;
}

}  // namespace

std::optional<GameRules> record_rules(const EngineRules& rules, std::string& why) {
  GameRules g;
  g.players = rules.players;
  g.red_fives = rules.red_fives;
  g.open_tanyao = rules.score.open_tanyao;
  g.hanchan = rules.length == GameLength::south;
  g.server = rules.score.double_yakuman ? Server::mahjong_soul : Server::tenhou;
  if (!(g.score_rules() == rules.score)) {
    why = "the scoring rules differ from Tenhou's and Mahjong Soul's, the only ones a record states";
    return std::nullopt;
  }
  return g;
}

std::string record_format_problem(const EngineRules& rules, std::string_view rules_name, Format format) {
  if (format != Format::tenhou6 && format != Format::mjlog) return {};
  std::string why;
  const auto stated = record_rules(rules, why);
  if (!stated) return "--rules " + std::string(rules_name) + ": " + why;
  // mjlog states no server: its reader scores by Tenhou's rules.
  if (format == Format::mjlog && stated->server != Server::tenhou)
    return "--format mjlog states Tenhou's rules, and --rules " + std::string(rules_name) +
           " scores otherwise (double yakuman): use mjai or tenhou6";
  return {};
}

Game game_of(const GameLog& log, const EngineRules& rules, std::string file, std::span<const std::string_view> names) {
  Game g;
  g.file = std::move(file);
  g.format = Format::mjai;
  std::string why;
  g.rules = record_rules(rules, why)
                .value_or(GameRules{rules.players, rules.red_fives, rules.score.open_tanyao,
                                    rules.length == GameLength::south, Server::tenhou});
  const int seats = rules.player_count();
  for (int s = 0; s < seats; ++s)
    g.names[static_cast<std::size_t>(s)] = static_cast<std::size_t>(s) < names.size()
                                               ? std::string(names[static_cast<std::size_t>(s)])
                                               : "player" + std::to_string(s);
  Round* r = nullptr;
  std::vector<Event> held_dora;  // indicators waiting for the event they follow
  for (const mjk::Event& e : log.events) {
    if (e.type == EventType::start_kyoku) {
      if (r) r->events.insert(r->events.end(), held_dora.begin(), held_dora.end());
      held_dora.clear();
      const RoundHeader& h = log.rounds[e.data];
      Round& next = g.rounds.emplace_back();
      next.wind = h.wind;
      next.dealer = h.dealer;
      next.honba = h.honba;
      next.sticks = h.sticks;
      next.scores = h.scores;
      next.dora = record_tile(h.dora_marker);
      for (int s = 0; s < seats; ++s)
        for (const Pai p : h.hands[static_cast<std::size_t>(s)])
          if (p != no_pai) next.deal[static_cast<std::size_t>(s)].push_back(record_tile(p));
      r = &next;
      continue;
    }
    if (!r) continue;  // start_game
    Event out;
    out.seat = e.actor;
    out.from = e.actor;
    auto tiles = [&](std::span<const Pai> pais) {
      for (const Pai p : pais)
        if (p != no_pai && out.tile_count < out.tiles.size()) out.tiles[out.tile_count++] = record_tile(p);
    };
    switch (e.type) {
      case EventType::start_game:
      case EventType::start_kyoku:
      case EventType::end_kyoku: continue;
      case EventType::end_game:
        // The table ended the game: its final scores (the sticks given to the
        // top), stated where a record can state the length it ended by (not
        // a one-round game, which a replay would play on as east-only).
        if (rules.length == GameLength::east || rules.length == GameLength::south) g.final_scores = log.final_scores;
        continue;
      case EventType::tsumo:
        out.kind = EventKind::draw;
        tiles(std::span(&e.pai, 1));
        break;
      case EventType::dahai:
        out.kind = EventKind::discard;
        out.tsumogiri = (e.flags & 1) != 0;
        tiles(std::span(&e.pai, 1));
        break;
      case EventType::chi:
      case EventType::pon:
      case EventType::daiminkan:
        out.kind = e.type == EventType::chi   ? EventKind::chi
                   : e.type == EventType::pon ? EventKind::pon
                                              : EventKind::minkan;
        out.from = e.target;
        tiles(std::span(&e.pai, 1));
        tiles(e.consumed);
        break;
      case EventType::ankan:
        out.kind = EventKind::ankan;
        tiles(e.consumed);
        break;
      case EventType::kakan:
        out.kind = EventKind::kakan;
        tiles(std::span(&e.pai, 1));
        tiles(std::span(e.consumed).first(3));
        break;
      case EventType::dora:
        out.kind = EventKind::dora;
        tiles(std::span(&e.pai, 1));
        break;
      case EventType::reach: out.kind = EventKind::riichi; break;
      case EventType::reach_accepted: out.kind = EventKind::riichi_accepted; break;
      case EventType::nukidora:
        out.kind = EventKind::nuki;
        tiles(std::span(&e.pai, 1));
        break;
      case EventType::hora: {
        const WinRecord& w = log.wins[e.data];
        out.kind = EventKind::win;
        out.seat = w.seat;
        out.from = w.from;
        out.result = static_cast<std::uint16_t>(r->wins.size());
        r->wins.push_back(win_of(w, rules.score, seats));
        break;
      }
      case EventType::ryukyoku: {
        const DrawRecord& d = log.draws[e.data];
        Draw draw;
        draw.kind = draw_kind(d.kind);
        draw.deltas = d.deltas;
        if (d.kind == mjk::DrawKind::exhaustive || d.kind == mjk::DrawKind::nagashi_mangan)
          for (int s = 0; s < seats; ++s) draw.tenpai[static_cast<std::size_t>(s)] = (d.tenpai >> s) & 1;
        r->draw = draw;
        out.kind = EventKind::exhaustive;
        break;
      }
    }
    detail::normalise(out);
    // An open kan's indicator the table turned when the same player's next
    // kan or north began goes after that kan's or north's event, where
    // Tenhou's mjlog puts it (and the tenhou.net/6 reader, which cannot be told).
    if (out.kind == EventKind::dora) {
      held_dora.push_back(out);
      continue;
    }
    const bool after = out.kind == EventKind::ankan || out.kind == EventKind::kakan || out.kind == EventKind::nuki;
    if (!after) r->events.insert(r->events.end(), held_dora.begin(), held_dora.end());
    r->events.push_back(out);
    if (after) r->events.insert(r->events.end(), held_dora.begin(), held_dora.end());
    held_dora.clear();
  }
  return g;
}

std::uint64_t play_bots_seed(std::uint64_t seed, std::uint32_t game) noexcept {
  return Rng::mix(seed ^ Rng::mix(0x9a3e0000ull + game));
}

PlayedRecord played_record(const Table& table, const GameLog& log, const EngineRules& rules, std::uint64_t seed,
                           std::uint32_t game, std::optional<Format> format, std::span<const std::string_view> names) {
  PlayedRecord out;
  out.rounds = static_cast<std::uint32_t>(log.rounds.size());
  out.wins = static_cast<std::uint32_t>(log.wins.size());
  out.draws = static_cast<std::uint32_t>(log.draws.size());
  out.scores = table.scores();
  out.placements = table.placements();
  if (!format) return out;
  if (*format == Format::mjai) {
    // The engine's writer, not the records' one: it writes the log as the table kept it.
    mjk::write_mjai(log, rules.players, out.text, names);
    return out;
  }
  const std::string file = std::to_string(seed) + "-" + std::to_string(game);
  WriteResult w = write_record(game_of(log, rules, file, names), *format);
  if (w.ok()) out.text = std::move(w.text);
  else out.error = w.error->starts_with(file) ? *w.error : file + ": " + *w.error;
  return out;
}

PlayedRecord play_recorded(const EngineRules& rules, std::uint64_t seed, std::uint32_t game, std::span<const Bot> bots,
                           std::optional<Format> format, std::span<const std::string_view> names, Table& table,
                           GameLog& log) {
  log.clear();
  table.start(rules, seed, game, &log);
  const long decisions = play_game(table, bots, play_bots_seed(seed, game), &log);
  PlayedRecord out = played_record(table, log, rules, seed, game, format, names);
  out.decisions = decisions;
  return out;
}

}  // namespace mjk::records
