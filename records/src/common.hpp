// What the readers and writers share: tile codes of each format, the yaku
// tables (Tenhou's ids, the Japanese and English names records use), places.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "mjk/json.hpp"
#include "mjk/records.hpp"

namespace mjk::records::detail {

// Tenhou's 136 ids: id / 4 the kind, 16, 52, 88 the red fives.
inline std::optional<RecordTile> from_tile_id(std::int64_t id, bool red_fives) {
  if (id < 0 || id > 135) return std::nullopt;
  const int kind = static_cast<int>(id / 4);
  return RecordTile{Tile(kind), red_fives && (id == 16 || id == 52 || id == 88)};
}

// tenhou.net/6: 11-19 man, 21-29 pin, 31-39 sou, 41-47 honours, 51-53 red fives.
inline std::optional<RecordTile> from_tenhou6_code(std::int64_t code) {
  if (code >= 51 && code <= 53) return RecordTile{Tile(static_cast<int>(code - 51) * 9 + 4), true};
  const std::int64_t suit = code / 10, number = code % 10;
  if (suit >= 1 && suit <= 3 && number >= 1 && number <= 9)
    return RecordTile{Tile(static_cast<int>((suit - 1) * 9 + number - 1)), false};
  if (suit == 4 && number >= 1 && number <= 7) return RecordTile{Tile(static_cast<int>(27 + number - 1)), false};
  return std::nullopt;
}
inline int to_tenhou6_code(RecordTile t) {
  if (t.red) return 51 + t.tile.kind() / 9;
  return (t.tile.kind() / 9 + 1) * 10 + t.tile.kind() % 9 + 1;
}

// tenhou.net/6's "sc": [score, points, ...] by seat, which exports of whole
// games state: the final scores (the sticks left given to the top); the
// points follow from them and are not kept. nullopt when `sc` is not that.
std::optional<std::array<std::int32_t, 4>> tenhou6_final_scores(const json::Value& sc, int seats);

// A record that names no game length (an mjai start_game without "hanchan";
// a tenhou.net/6 room naming neither 東 nor 南, as Mahjong Soul's exports
// write "三銀の間") is read as east-south; one that states the game's end
// (final_scores) with no round past East was east-only: an east-south game
// ends in East only by a bust, which ends an east-only game the same.
void east_only_if_ended_in_east(Game& g);

// One order for a meld's tiles in every format: the called (or added) tile
// first, the rest by kind, the red five after the others; a closed kan all by kind.
inline void normalise(Event& e) {
  const bool ankan = e.kind == EventKind::ankan;
  const bool meld = ankan || e.kind == EventKind::chi || e.kind == EventKind::pon || e.kind == EventKind::minkan ||
                    e.kind == EventKind::kakan;
  if (!meld || e.tile_count < 2) return;
  auto first = e.tiles.begin() + (ankan ? 0 : 1);
  std::sort(first, e.tiles.begin() + e.tile_count, [](RecordTile a, RecordTile b) {
    return a.tile.kind() != b.tile.kind() ? a.tile.kind() < b.tile.kind() : a.red < b.red;
  });
}

// A limit as a record names it, made exact by the yakuman it states: Tenhou
// says 役満 (and mjlog 5) for a counted yakuman and for every multiple alike.
inline Limit stated_limit(Limit named, int yakuman) {
  if (yakuman > 0) return static_cast<Limit>(static_cast<int>(Limit::yakuman) + std::min(yakuman, 6) - 1);
  return named == Limit::yakuman ? Limit::kazoe_yakuman : named;
}

// mjai: "1m".."9m", "5mr" (red), "E" "S" "W" "N" "P" (white) "F" (green) "C" (red).
std::optional<RecordTile> from_mjai(std::string_view name);
std::string to_mjai(RecordTile t);

// Tenhou's yaku ids (mjlog AGARI yaku= / yakuman=), 0..54; nullopt if unknown.
std::optional<Yaku> yaku_from_tenhou_id(std::int64_t id);
// A yaku name as tenhou.net/6 exports write it ("立直", "役牌 白", "Riichi", "抜きドラ", ...).
std::optional<Yaku> yaku_from_name(std::string_view name);

// Tenhou's mjlog XML of a game (write_mjlog.cpp); false and `error` ("E1-0
// event 12: what") when the model holds something mjlog cannot state.
bool mjlog_text(const Game& game, std::string& text, std::string& error);

// 1-based line and column of a byte offset.
struct Place {
  std::uint32_t line = 1, column = 1;
};
Place place_of(std::string_view text, std::size_t offset);
ReadError make_error(std::string_view text, const std::string& file, std::size_t offset, std::string what);

// What the three readers share: the text, the game read so far and its
// first error. A reader stops at its first error and hands on the game up to
// it (ReadResult), so a later error never replaces the one the user must fix.
class ReaderBase {
 protected:
  ReaderBase(std::string_view text, std::string file, Format format) : text_(text) {
    result_.game.file = std::move(file);
    result_.game.format = format;
  }
  ReadResult fail(std::size_t offset, std::string what) {
    error(offset, std::move(what));
    return std::move(result_);
  }
  bool error(std::size_t offset, std::string what) {
    if (!result_.error) result_.error = make_error(text_, result_.game.file, offset, std::move(what));
    return false;
  }

  std::string_view text_;
  ReadResult result_;
};

}  // namespace mjk::records::detail
