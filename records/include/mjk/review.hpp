// The review of one game record, the one pipeline every door uses (the CLI's
// `mjk log`, the C ABI's mjk_review_*_json, the Python and Node packages):
// read the record (a file or bytes, with ReadOptions' limits), replay it with
// every check, review every discard, and write it as JSON.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "mjk/records.hpp"
#include "mjk/replay.hpp"

namespace mjk::records {

struct GameReview {
  Game game;                            // as read (empty when read_error)
  std::optional<ReadError> read_error;  // the record could not be read (or ran out of memory)
  Replay replay;                        // every discard reviewed, the disagreements, the error
  // Each seat's score after the last round's result (the scores at the start
  // of the last round plus its payments, less its riichi sticks); zeros
  // without rounds.
  [[nodiscard]] std::array<std::int32_t, 4> final_scores() const;
  // True when the record was read and replayed without disagreement or error.
  [[nodiscard]] bool clean() const noexcept { return !read_error && replay.disagreements.empty() && !replay.error; }
};

// Read, replay and review; never throws (running out of memory is the
// record's read_error, as a record that cannot be read). A rule the reader
// finds broken at an event (ReadResult::rule_broken: an mjlog tile id or a
// tenhou.net/6 tile not held) is no read_error: the game up to there is
// replayed and reviewed, and the place is replay.error, as for one the
// replay finds.
GameReview review_record_file(const std::string& path, const ReadOptions& options = {});
GameReview review_record_bytes(std::string_view bytes, std::string name, const ReadOptions& options = {});

// What `mjk log --json` prints for the record, one object a line, each line
// ending in a newline: one per discard (file, round, player, turn, hand,
// melds, dora, visible, discard, riichi, shanten, shanten_after, ukeire,
// best, best_ukeire), one per disagreement (file, round, event, what), the
// replay's error (file, round, event, error), or for a record that cannot be
// read the one object {file, error}.
std::string review_lines(const GameReview& review);

// The whole review as one JSON object (no newline): file, format, players,
// names, rounds (label, wind, number, dealer, honba, sticks, scores, wins with
// winner, from, tsumo, han, fu, yakuman, points, yaku with their han, and
// payments; draws with kind, tenpai seats and payments), final_scores,
// places, decisions (the objects review_lines() prints), disagreements,
// error; or {file, error} for a record that cannot be read. Without
// decisions: the same object with "decisions" left out (the bindings, which
// hand the discards over as columns).
std::string review_json(const GameReview& review, bool decisions = true);

// The review for people (`mjk log FILE`): the header line "FILE  (FORMAT,
// N players, R rounds)", the rounds and their results, per player the
// discards matching the best (before the player's riichi: after it the
// hand is fixed) with the ukeire given up, the mistakes (round, turn, hand,
// the discard and the better ones with their shanten and ukeire), the
// standings, and the disagreements (a count, then each); "error: ..." for a
// record that cannot be read.
std::string review_text(const GameReview& review);

// Each seat's place (1 = first) by final score; ties go to the earlier seat
// (the seat nearer the first dealer), as Tenhou ranks them.
std::array<std::uint8_t, 4> places(const std::array<std::int32_t, 4>& scores, int seats);

}  // namespace mjk::records
