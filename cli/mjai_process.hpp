// An external bot of mjk play: a process speaking mjai on its standard
// input and output (`--bots cmd:COMMAND`). It is sent the events its seat
// may see, one a line, and answers each with one line: an action when the
// table asks its seat, anything (Mortal's {"type":"none"}) otherwise. The
// state (the process, what it has been sent, the answers it owes) is the
// player's, one a seat a game: the engine's Bot is a plain function.
#pragma once

#include <string>
#include <sys/types.h>

#include "mjk/table.hpp"

namespace mjk::cli {

class MjaiProcess {
 public:
  // Starts `command` (by /bin/sh -c) for `seat`; `game` names it in what
  // is reported on standard error; `timeout_ms`: how long an answer may take.
  MjaiProcess(std::string command, int seat, std::uint32_t game, Players players, int timeout_ms);
  ~MjaiProcess();
  MjaiProcess(const MjaiProcess&) = delete;
  MjaiProcess& operator=(const MjaiProcess&) = delete;

  // The seat's action now: the events of `log` not yet sent are sent, the
  // answer read and checked. An answer that is illegal, not JSON or late is
  // reported and replaced by the fallback (pass, else tsumogiri); a process
  // that has died plays the fallback, reported once.
  Action act(const Table& table, const GameLog& log);
  // After the game: the last events sent, their answers read, the input
  // closed and the process waited for (killed when it does not end).
  void finish(const GameLog& log);
  // Answers replaced by the fallback this game (the process's death counts one).
  [[nodiscard]] int replaced() const noexcept { return replaced_; }

 private:
  void send(const GameLog& log);
  bool wait_answer(std::string& line);  // false: late or dead
  void report(const Table* table, const std::string& what);
  void died(const Table* table, const std::string& how);
  void reap(bool kill_now);
  // "exited with status N" or "was killed by signal N" once it has ended
  // (waiting up to wait_ms), else "".
  std::string end_status(int wait_ms);

  std::string command_;
  int seat_;
  std::uint32_t game_;
  Players players_;
  int timeout_ms_;
  pid_t pid_ = -1;
  int to_bot_ = -1, from_bot_ = -1;
  bool dead_ = false;
  bool skip_reach_ = false;  // the bot was told its reach already: the log's reach line is not sent again
  std::size_t sent_ = 0;     // events of the log sent
  long owed_ = 0;            // lines sent and not yet answered
  std::string out_, in_;     // bytes to write, bytes read and not yet split into lines
  // The longest line a bot may write (an mjai answer is some tens of bytes).
  static constexpr std::size_t max_line = std::size_t{1} << 20;
  int replaced_ = 0;
  const Table* table_ = nullptr;  // the table asking now, to name the round in a report
};

}  // namespace mjk::cli
