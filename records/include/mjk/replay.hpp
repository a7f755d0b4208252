// Replaying a game record: every player's concealed tiles, melds, discards,
// riichi, furiten, the dora, the wall and the scores, event by event, and
// every fact the record states checked against the kernel. A fact that
// differs is a Disagreement (the record goes on); a record that breaks the
// rules of the game (a discard of a tile not held, a fifth copy, a call
// without the tiles) stops its replay with an error naming the place.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "mjk/analysis.hpp"
#include "mjk/records.hpp"
#include "mjk/score.hpp"

namespace mjk::records {

// One discard, as the player saw it: the review input and, after review(),
// its answer.
struct Decision {
  std::uint16_t round_index = 0;
  std::string round;           // "E1-0"
  std::uint8_t seat = 0;       // absolute seat
  std::uint8_t seat_wind = 0;  // 0 East .. 3 North
  std::uint16_t turn = 0;      // the player's discards so far, this one included
  std::uint32_t event = 0;
  Hand hand;  // concealed tiles, the drawn one included (3k+2)
  std::array<Meld, 4> melds{};
  std::uint8_t meld_count = 0;
  std::vector<RecordTile> dora;  // indicators shown
  std::uint8_t nuki = 0;         // norths this player has set aside (three players)
  // Discards, the other players' melds and the norths they set aside (not
  // this hand's melds nor its norths, not the indicators).
  std::array<std::uint8_t, kind_count> visible{};
  std::array<std::uint8_t, 3> visible_red{};  // the red fives among visible's fives, by suit (written 0)
  RecordTile discard;
  bool riichi = false;  // this discard declares riichi
  // review()
  bool reviewed = false;
  std::int8_t shanten = 0, shanten_after = 0;
  std::uint8_t ukeire = 0, best_ukeire = 0;
  std::int8_t best_shanten = 0;  // shanten after the best discards
  TileMask best;
};

struct ReplayStats {
  std::uint64_t rounds = 0, wins = 0, draws = 0, riichi = 0, discards = 0;
  std::uint64_t tsumo = 0;
  std::uint64_t actions = 0;    // recorded actions (and the passes between them) applied to the engine's table
  std::uint64_t deal_ins = 0;   // ron wins by discarder and round (a double ron deals in once)
  std::int64_t win_points = 0;  // the hands' values: each winner's gain in the record without honba and sticks
};

struct ReplayOptions {
  bool decisions = false;  // collect every discard (Replay::decisions) for review
  bool scores = false;     // keep the score of every win the engine's table made (Replay::scores)
};

// The score of one win, as the engine's table scored it from its state (by the kernel).
struct WinScore {
  std::uint16_t round_index = 0;
  std::uint16_t win = 0;  // index in Round::wins
  Score score;
};

struct Replay {
  std::vector<Disagreement> disagreements;
  std::optional<Disagreement> error;  // the record breaks the rules here; the replay stopped
  ReplayStats stats;
  std::vector<Decision> decisions;
  std::vector<WinScore> scores;  // ReplayOptions::scores: in the order of the wins
};

Replay replay(const Game& game, const ReplayOptions& options = {});

// A replay as text: its figures, every disagreement (round, event index,
// what) and the error, so that two replays compare as one string (the
// writers' read-back check, the tests, the fuzzer).
std::string replay_text(const Replay& r);

// Shanten before and after, the chosen discard's ukeire and the best
// discards, for every decision: one batch shanten call and one batch advice
// call (tiles visible to the player: the discards, every meld and the dora
// indicators). Decisions the kernel cannot analyse stay unreviewed.
void review(std::span<Decision> decisions, Players players);

}  // namespace mjk::records
