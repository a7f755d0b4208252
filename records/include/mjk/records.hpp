// Game records: one model of a whole game (the rules, every round's deal,
// every event in order, the results as the record states them), readers for
// the formats players and AIs use (Tenhou mjlog XML, plain or gzip;
// tenhou.net/6 JSON; mjai JSONL), writers to all three, and a replay that
// tracks every player's tiles and checks every fact the record states
// against the kernel (replay.hpp).
//
// Lives above the engine (mjk::records links mjk::engine; from_engine.hpp
// turns the engine's games into records); the layers below know no file format.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "mjk/rules.hpp"
#include "mjk/score.hpp"
#include "mjk/tile.hpp"

namespace mjk::records {

// One physical tile as a record names it: its kind, and whether it is the red five.
struct RecordTile {
  Tile tile;
  bool red = false;
  friend constexpr bool operator==(const RecordTile&, const RecordTile&) noexcept = default;
};
std::string tile_text(RecordTile t);  // "5m", "0m" for the red one

enum class Format : std::uint8_t { mjlog, tenhou6, mjai };
std::string_view format_name(Format f) noexcept;  // "mjlog", "tenhou6", "mjai"

// Which server's scoring the record follows (SCORING.md §4): Tenhou (no
// double yakuman) or Mahjong Soul (double yakuman); unknown scores as Tenhou.
enum class Server : std::uint8_t { tenhou, mahjong_soul };

struct GameRules {
  Players players = Players::four;
  bool red_fives = true;
  bool open_tanyao = true;
  bool hanchan = true;
  Server server = Server::tenhou;
  // false: the record names no game length (an mjai start_game without
  // "hanchan", as the engine's own mjai; a tenhou.net/6 room naming neither
  // 東 nor 南) and `hanchan` is a guess, so the replay does not require the
  // table to end the game where the record says it ended.
  bool length_stated = true;
  [[nodiscard]] ScoreRules score_rules() const noexcept;
  [[nodiscard]] int seats() const noexcept { return static_cast<int>(players); }
};

enum class EventKind : std::uint8_t {
  draw,     // seat draws tiles[0] (after a kan or a north set aside: from the dead wall)
  discard,  // seat discards tiles[0]; tsumogiri: the tile just drawn
  chi,
  pon,
  minkan,           // seat calls the discard of `from`: tiles[0] the called tile, then the tiles from the hand
  ankan,            // seat declares a closed kan: tiles[0..3]
  kakan,            // seat adds tiles[0] to its pon of that kind
  riichi,           // seat declares riichi (the next discard is the riichi discard)
  riichi_accepted,  // the riichi discard passed: the stick is on the table
  dora,             // a new dora indicator, tiles[0]
  nuki,             // seat sets a north tile aside (three players): tiles[0]
  win,              // Round::wins[result] (several wins in a row: a double ron)
  exhaustive,       // the round ends without a win: Round::draw
};
std::string_view event_name(EventKind k) noexcept;

struct Event {
  EventKind kind = EventKind::draw;
  std::uint8_t seat = 0;
  std::uint8_t from = 0;  // calls: the seat whose discard was called
  bool tsumogiri = false;
  std::uint8_t tile_count = 0;
  std::array<RecordTile, 4> tiles{};
  std::uint16_t result = 0;  // win: index in Round::wins
  std::uint32_t where = 0;   // byte offset of the event in the file (mjai: line number)
};

// A yaku as the record states it (han for a yaku or dora kind, a yakuman's multiple).
struct StatedYaku {
  Yaku yaku = Yaku::riichi;
  std::uint8_t han = 0;
  std::uint8_t yakuman = 0;
  friend constexpr bool operator==(const StatedYaku&, const StatedYaku&) noexcept = default;
};

struct Win {
  std::uint8_t seat = 0;
  std::uint8_t from = 0;           // == seat: tsumo
  std::int8_t pao = -1;            // the liable seat, -1 none
  std::optional<RecordTile> tile;  // the winning tile, when stated
  std::vector<RecordTile> hand;    // the concealed tiles with the winning tile, when stated (mjlog)
  bool detailed = false;           // fu, han, points and yaku are stated (mjai states only deltas)
  std::uint8_t fu = 0, han = 0, yakuman = 0;
  std::int32_t points = 0;  // the hand's value as stated (Tenhou's "ten")
  // The limit the record names (tenhou.net/6 "満貫8000点", mjlog ten's third
  // figure, mjk's mjai "limit"): none below mangan or when it names none.
  Limit limit = Limit::none;
  std::vector<StatedYaku> yaku;
  std::array<std::int32_t, 4> deltas{};  // each seat's change, by absolute seat
  std::vector<RecordTile> ura;           // ura indicators shown
  [[nodiscard]] bool tsumo() const noexcept { return seat == from; }
};

enum class DrawKind : std::uint8_t {
  exhaustive,
  nine_terminals,
  four_riichi,
  four_winds,
  four_kans,
  triple_ron,
  nagashi_mangan
};
std::string_view draw_kind_name(DrawKind k) noexcept;

struct Draw {
  DrawKind kind = DrawKind::exhaustive;
  // Per seat: 1 shown tenpai, 0 noten, -1 not stated (tenhou.net/6 states only the deltas).
  std::array<std::int8_t, 4> tenpai{-1, -1, -1, -1};
  std::array<std::int32_t, 4> deltas{};
};

struct Round {
  std::uint8_t wind = 0;    // round wind 0 East .. 3 North
  std::uint8_t dealer = 0;  // the dealer's seat (0-based); the round's number is dealer + 1
  std::uint8_t honba = 0;
  std::uint8_t sticks = 0;
  std::array<std::int32_t, 4> scores{};  // at the start of the round
  RecordTile dora;                       // the first dora indicator (later ones: dora events)
  std::array<std::vector<RecordTile>, 4> deal;
  std::vector<Event> events;
  std::vector<Win> wins;
  std::optional<Draw> draw;
  std::uint32_t where = 0;
  [[nodiscard]] bool ended() const noexcept { return !wins.empty() || draw.has_value(); }
};
// "E1-0": round wind, round number (the dealer's seat + 1), honba.
std::string round_label(const Round& r);

// Appends s as a JSON string, written by io's JsonWriter (mjk/json.hpp: quotes,
// backslashes and control characters escaped, invalid UTF-8 as U+FFFD), so
// every JSON mjk prints escapes text one way.
void append_json_string(std::string& out, std::string_view s);

struct Game {
  std::string file;  // as given to the reader
  Format format = Format::mjlog;
  GameRules rules;
  std::vector<Round> rounds;
  std::array<std::string, 4> names{};  // the players by seat, as the record names them ("" when it does not)
  // The game's end as the record states it: each seat's final score (the
  // sticks left on the table given to the top), set when the record says the
  // game ended (mjlog's owari, tenhou.net/6's "sc", mjai's end_game with
  // "scores"); unset for a record that does not (an excerpt that stops
  // between rounds or within one), whose end the replay does not check.
  std::optional<std::array<std::int32_t, 4>> final_scores;
};

// Why a record could not be read: the file, the place (byte offset, and
// line and column where the format has lines) and what is wrong.
struct ReadError {
  std::string file;
  std::uint64_t offset = 0;
  std::uint32_t line = 0, column = 0;  // 1-based; 0: unknown (or the file as a whole)
  std::string what;
  // "FILE:LINE:COLUMN (byte N): WHAT"; "FILE: WHAT" for the file as a whole
  // (it cannot be opened or read, it is too large, its gzip is corrupt).
  [[nodiscard]] std::string message() const;
};

// A place in a game (the round, the event) and what happened there: a fact
// the record states that differs from the replay (replay.hpp), or a rule of
// the game broken.
struct Disagreement {
  std::string file;
  std::string round;        // "E1-0"
  std::uint32_t event = 0;  // index in the round's events
  std::string what;
  [[nodiscard]] std::string message() const;  // "FILE E1-0 event 12: WHAT"
};

struct ReadResult {
  Game game;
  std::optional<ReadError> error;
  // Set with `error` when what is wrong is a rule of the game broken at an
  // event, which the reader sees itself where it follows the tiles (mjlog's
  // tile ids: a discard of a tile not held, a tile drawn twice; tenhou.net/6
  // playing its columns): `game` then holds the record up to that event (the
  // last round's events before it, without the round's result), which the
  // review replays, the place being the replay's error as where the replay
  // finds a rule broken. Errors in a deal stay read errors alone.
  std::optional<Disagreement> rule_broken;
  [[nodiscard]] bool ok() const noexcept { return !error.has_value(); }
};

// Real records are 5-90 KB; a file (a FIFO, /dev/zero) or a gzip bomb
// without end must not take the memory of the process, so reading stops at
// this many bytes, read or inflated.
inline constexpr std::uint64_t default_max_record_bytes = std::uint64_t{16} << 20;  // 16 MiB

struct ReadOptions {
  // The most bytes a record may have, as read from its file and again once
  // inflated; past it the record is an error naming the limit.
  std::uint64_t max_bytes = default_max_record_bytes;
};

// Reads a record from its bytes; the format is told apart by its content
// (gzip magic, '<' for mjlog, a JSON object with "log" for tenhou.net/6,
// JSON lines with "type" for mjai). `file` names it in errors. gzip is
// inflated once: a gzip inside the gzip is an error. Never throws: running
// out of memory is that record's error.
ReadResult read_record(std::string_view bytes, std::string file, const ReadOptions& options = {});
// The same from a file, read with checked POSIX calls: a directory, a file
// that cannot be opened or read, one past options.max_bytes (regular or not:
// a FIFO, a character device) are errors naming the file; a FIFO without a
// writer is an error, not a wait.
ReadResult read_record_file(const std::string& path, const ReadOptions& options = {});
ReadResult read_mjlog(std::string_view text, std::string file);
ReadResult read_tenhou6(std::string_view text, std::string file);
ReadResult read_mjai(std::string_view text, std::string file);
// gzip (or zlib) data inflated; nullopt and `error` set when it is not valid
// or would inflate past max_bytes (inflating stops there).
std::optional<std::string> gunzip(std::string_view bytes, std::string& error,
                                  std::uint64_t max_bytes = default_max_record_bytes);

// Writers: the game in another format, so that reading it back replays
// identically. Each writer reads its text back and replays both games; when
// the format cannot carry something the replay depends on (tenhou.net/6
// does not write the order of events between seats, nor the fu of a limit
// hand, nor the hand an mjlog AGARI shows), `error` names the round and
// what, and `text` is empty: a writer never hands out a record that reads
// back differently.
struct WriteResult {
  std::string text;
  std::optional<std::string> error;
  [[nodiscard]] bool ok() const noexcept { return !error.has_value(); }
};
WriteResult write_mjai(const Game& game);     // mjai JSON lines, one event a line
WriteResult write_tenhou6(const Game& game);  // tenhou.net/6 JSON, one object
// Tenhou's mjlog XML as Tenhou writes it (docs/formats.md): every tile of a
// round given an id 0-135 as it comes into the round (the red five copy 0
// of its five) and named by it after; the server is not stated (Tenhou's
// rules are read back: a game they score differently is refused); a win
// stated by its deltas alone (mjai) gets the kernel's fu, han and yaku.
WriteResult write_mjlog(const Game& game);
WriteResult write_record(const Game& game, Format format);

}  // namespace mjk::records
