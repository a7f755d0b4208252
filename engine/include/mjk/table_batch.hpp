// n games stepped together, for self-play and reinforcement learning
// (docs/engine.md, "Batches of tables"): one action a table for its acting
// seat (observation::acting_seat), every action checked before any is
// applied, round ends dealt past within the step, a finished game replaced
// at once by the table's next (table i plays games i, i + n, i + 2n, ... of
// the seed). No event list is kept. The C ABI's mjk_tables_* and Python's
// mjk.Tables are this class.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "mjk/export.h"
#include "mjk/table.hpp"

namespace mjk {

// Deals past the round ends of t (the next round, or the game's end),
// adding each ended round's payments into deltas. True when the game is over.
MJK_API bool play_on(Table& t, GameLog* log, std::array<std::int32_t, 4>& deltas) noexcept;

// An action a batch refused: nothing was applied.
struct BatchRefusal {
  std::size_t table = 0;
  int seat = -1;
  std::int64_t action = 0;
  Refusal why = Refusal::none;
  [[nodiscard]] bool ok() const noexcept { return why == Refusal::none; }
  // "table 2: seat 0 may not play ron: not a winning tile (nothing was applied)"
  [[nodiscard]] MJK_API std::string message() const;
};

class TableBatch {
 public:
  // The caller's buffers a step or a reset writes, n rows each; a null one is not written.
  struct Out {
    std::uint8_t* mask = nullptr;          // n x act::count: 1 where the acting seat may play the action
    std::int8_t* seat = nullptr;           // n: the acting seat
    std::int32_t* deltas = nullptr;        // n x 4: the payments of the rounds the step ended
    std::int32_t* final_scores = nullptr;  // n x 4: a game that ended: its final scores (else kept)
    float* rewards = nullptr;              // n: the acting seat's share of deltas
    std::uint8_t* done = nullptr;          // n: 1 where the game ended (the table plays its next)
  };

  MJK_API TableBatch(const EngineRules& rules, std::size_t n, std::uint64_t seed);  // n >= 1; may throw bad_alloc
  // Every table back to its first game of seed: mask and seat written, the rest zeroed.
  MJK_API void reset(std::uint64_t seed, const Out& out) noexcept;
  // actions[i] for table i's acting seat. A refusal (the first, in table
  // order) applies nothing; else every table moves and out is written.
  MJK_API BatchRefusal step(const std::int64_t* actions, const Out& out) noexcept;
  // The acting seats' observations (mjk/observation.hpp), n x observation::size floats.
  MJK_API void encode(float* out) const noexcept;
  // The acting seats found again (kept for the next step), and out's mask and seat written.
  MJK_API void write_mask(const Out& out) noexcept;

  [[nodiscard]] std::size_t size() const noexcept { return tables_.size(); }
  [[nodiscard]] const Table& table(std::size_t i) const noexcept { return tables_[i]; }
  [[nodiscard]] std::uint32_t game(std::size_t i) const noexcept { return games_[i]; }
  [[nodiscard]] const EngineRules& rules() const noexcept { return rules_; }

 private:
  EngineRules rules_;
  std::vector<Table> tables_;
  std::vector<std::uint32_t> games_;
  std::vector<std::int8_t> seats_;  // each table's acting seat, as write_mask found it
  std::uint64_t seed_ = 0;
};

}  // namespace mjk
