// The rules of a replay: each round of a record played through the engine's
// table (mjk::Table) on a wall rebuilt from the record. Every recorded action
// must be in the legal set of its moment; every outcome (each win's payments
// and score, each draw's kind, tenpai and payments, the next round's header,
// the game's end) must be the table's. The records layer keeps no rule code
// of its own: replay.cpp tracks tiles for the review and calls this.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "mjk/records.hpp"
#include "mjk/replay.hpp"
#include "mjk/table.hpp"

namespace mjk::records::detail {

struct Finding {
  std::uint32_t event = 0;
  std::string what;
};

class EngineReplay {
 public:
  // `scores`: each win's score as the table made it, kept (in the order of the wins) when not null.
  EngineReplay(const Game& game, std::vector<WinScore>* scores);
  // Round k of the game, its events before `stop` (all of them when the
  // record is whole there). Findings in event order; after an illegal action
  // the table cannot follow the record, so that round's check ends there.
  void round(std::size_t k, std::size_t stop, std::vector<Finding>& out);
  [[nodiscard]] std::uint64_t actions() const noexcept { return actions_; }

 private:
  bool play(const Round& r, std::size_t stop, std::vector<Finding>& out);
  bool answer(const Round& r, std::size_t& i, int from, std::vector<Finding>& out);
  bool act(int seat, Action a, std::uint32_t event, std::vector<Finding>& out);
  void outcome(const Round& r, std::vector<Finding>& out);
  void end(const Round& r, const std::array<std::int32_t, 4>& stated, std::vector<Finding>& out);

  const Game& game_;
  std::vector<WinScore>* scores_;
  std::uint16_t round_index_ = 0;
  EngineRules rules_{};
  Table table_{};
  GameLog log_{};
  bool followed_ = false;  // the previous round was played to its end and agreed in its actions
  std::uint64_t actions_ = 0;
};

}  // namespace mjk::records::detail
