// The process behind `--bots cmd:COMMAND`: posix_spawn of /bin/sh -c, two
// pipes, and one poll() loop that writes the events and reads the answers
// together, so neither side blocks on a full pipe.
#include "mjai_process.hpp"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include "mjk/json.hpp"
#include "mjk/mjai.hpp"

extern char** environ;

namespace mjk::cli {
namespace {

using Clock = std::chrono::steady_clock;

std::string shown(std::string_view line) {
  std::string out;
  for (char c : line.substr(0, 120)) out += static_cast<unsigned char>(c) < 0x20 ? '?' : c;
  if (line.size() > 120) out += "...";
  return out;
}

// mjai's reach of `seat`, told back to the bot before its riichi discard.
std::string reach_line(int seat) {
  return json_string([&](JsonWriter& j) {
    j.begin_object().key("type").string("reach").key("actor").number(seat).end_object().raw("\n");
  });
}

Action fallback_of(const ActionSet& legal) {
  return legal.contains(act::pass) ? act::pass : legal.contains(act::tsumogiri) ? act::tsumogiri : legal.nth(0);
}

}  // namespace

MjaiProcess::MjaiProcess(std::string command, int seat, std::uint32_t game, Players players, int timeout_ms)
    : command_(std::move(command)), seat_(seat), game_(game), players_(players), timeout_ms_(timeout_ms) {
  int in[2] = {-1, -1}, out[2] = {-1, -1};  // in: to the bot's stdin; out: from its stdout
  // O_CLOEXEC: a bot started by another thread does not inherit these ends.
  if (pipe2(in, O_CLOEXEC) != 0 || pipe2(out, O_CLOEXEC) != 0) {
    for (int fd : {in[0], in[1], out[0], out[1]})
      if (fd >= 0) close(fd);
    died(nullptr, std::string("could not be started: pipe: ") + std::strerror(errno));
    return;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in[0], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  // mjk ignores SIGPIPE; the bot gets the default back.
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  posix_spawnattr_setsigdefault(&attributes, &defaults);
  // A process group of its own: what the command starts is killed with it at the end.
  posix_spawnattr_setpgroup(&attributes, 0);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP);
  std::string shell = "/bin/sh", dash_c = "-c";
  char* argv[] = {shell.data(), dash_c.data(), command_.data(), nullptr};
  const int failed = posix_spawn(&pid_, "/bin/sh", &actions, &attributes, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  close(in[0]);
  close(out[1]);
  to_bot_ = in[1];
  from_bot_ = out[0];
  fcntl(to_bot_, F_SETFL, fcntl(to_bot_, F_GETFL) | O_NONBLOCK);
  fcntl(from_bot_, F_SETFL, fcntl(from_bot_, F_GETFL) | O_NONBLOCK);
  if (failed) {
    pid_ = -1;
    died(nullptr, std::string("could not be started: ") + std::strerror(failed));
  }
}

MjaiProcess::~MjaiProcess() { reap(true); }

void MjaiProcess::report(const Table* table, const std::string& what) {
  std::string round;
  if (table) {
    round = std::string(", round ") + "ESWN"[table->round_wind() & 3] + std::to_string(table->kyoku() + 1) + "-" +
            std::to_string(table->honba());
  }
  // One fprintf a report: lines of games played on other threads do not mix.
  std::fprintf(stderr, "mjk play: game %u%s, seat %d (cmd:%s): %s\n", game_, round.c_str(), seat_, command_.c_str(),
               what.c_str());
}

void MjaiProcess::died(const Table* table, const std::string& how) {
  if (dead_) return;
  dead_ = true;
  ++replaced_;
  reap(false);
  report(table, "the bot " + how + "; its seat plays the fallback (pass, else tsumogiri) for the rest of the game");
}

std::string MjaiProcess::end_status(int wait_ms) {
  if (pid_ <= 0) return {};
  const auto until = Clock::now() + std::chrono::milliseconds(wait_ms);
  siginfo_t info{};
  for (;;) {
    info.si_pid = 0;
    // WNOWAIT: the bot is not reaped yet, so its pid, its process group's id, stays its own until reap().
    if (waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) != 0) return {};
    if (info.si_pid == pid_) break;
    if (Clock::now() >= until) return {};
    usleep(2000);
  }
  if (info.si_code == CLD_EXITED) return "exited with status " + std::to_string(info.si_status);
  return "was killed by signal " + std::to_string(info.si_status);
}

void MjaiProcess::reap(bool kill_now) {
  if (to_bot_ >= 0) close(to_bot_), to_bot_ = -1;
  if (from_bot_ >= 0) close(from_bot_), from_bot_ = -1;
  if (pid_ <= 0) return;
  // Its input closed, a bot ends; one that has not within the timeout is killed, and
  // so is whatever it left running in its process group.
  if (!kill_now) (void)end_status(timeout_ms_);
  kill(-pid_, SIGKILL);
  int status = 0;
  while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  pid_ = -1;
}

void MjaiProcess::send(const GameLog& log) {
  if (sent_ >= log.events.size()) return;
  std::string lines;
  write_mjai(log, players_, lines, {}, seat_, sent_);
  sent_ = log.events.size();
  if (skip_reach_) {
    const std::string reach = reach_line(seat_);
    if (const std::size_t at = lines.find(reach); at != std::string::npos) {
      lines.erase(at, reach.size());
      skip_reach_ = false;
    }
  }
  for (char c : lines) owed_ += c == '\n';
  out_ += lines;
}

bool MjaiProcess::wait_answer(std::string& line) {
  const auto until = Clock::now() + std::chrono::milliseconds(timeout_ms_);
  bool answered = false;
  for (;;) {
    // The lines read: each answers one event sent, in order; the last is the one asked.
    for (std::size_t end; owed_ > 0 && (end = in_.find('\n')) != std::string::npos;) {
      std::string one = in_.substr(0, end);
      in_.erase(0, end + 1);
      if (one.find_first_not_of(" \t\r") == std::string::npos) continue;  // blank lines answer nothing
      --owed_;
      if (owed_ == 0) line = std::move(one), answered = true;
    }
    if (answered && out_.empty()) return true;
    if (owed_ == 0 && out_.empty()) in_.clear();  // unasked lines
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - Clock::now()).count();
    if (left <= 0) return false;
    pollfd fds[2] = {{from_bot_, POLLIN, 0}, {to_bot_, static_cast<short>(out_.empty() ? 0 : POLLOUT), 0}};
    const int ready = poll(fds, out_.empty() ? 1 : 2, static_cast<int>(left));
    if (ready < 0 && errno != EINTR) return false;
    if (ready <= 0) continue;
    if (!out_.empty() && (fds[1].revents & (POLLOUT | POLLERR | POLLHUP))) {
      const ssize_t n = write(to_bot_, out_.data(), out_.size());
      if (n < 0 && errno != EAGAIN && errno != EINTR) {
        const std::string why = std::strerror(errno), status = end_status(100);
        died(table_, status.empty() ? "stopped reading its input (" + why + ")" : status);
        return false;
      }
      if (n > 0) out_.erase(0, static_cast<std::size_t>(n));
    }
    if (fds[0].revents & (POLLIN | POLLERR | POLLHUP)) {
      char buffer[65536];
      const ssize_t n = read(from_bot_, buffer, sizeof buffer);
      if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) {
        // Its output closed: most likely it is ending; its status, when it has one, says how.
        const std::string status = end_status(100);
        died(table_, status.empty() ? "closed its output" : status);
        return false;
      }
      if (n > 0) in_.append(buffer, static_cast<std::size_t>(n));
      // An mjai answer is a line of some tens of bytes: a bot writing on
      // without a newline grew in_ for the whole timeout (GBs at pipe speed,
      // unbounded with --bot-timeout 3600000); past max_line it is done with.
      const std::size_t last = in_.rfind('\n');
      if (in_.size() - (last == std::string::npos ? 0 : last + 1) > max_line) {
        in_.clear();
        died(table_, "sent a line of more than " + std::to_string(max_line) + " bytes");
        return false;
      }
    }
  }
}

Action MjaiProcess::act(const Table& table, const GameLog& log) {
  const ActionSet& legal = table.legal(seat_);
  const Action fallback = fallback_of(legal);
  if (dead_) return fallback;
  table_ = &table;
  send(log);
  std::string line;
  auto refuse = [&](const std::string& why) {
    ++replaced_;
    report(&table, why + "; played " + action_name(fallback) + " instead");
    return fallback;
  };
  if (owed_ == 0) return refuse("no event to answer");
  if (!wait_answer(line)) {
    if (dead_) return fallback;  // its death reported, once
    return refuse("no answer within " + std::to_string(timeout_ms_) + " ms (--bot-timeout)");
  }
  MjaiReaction r = read_mjai_reaction(table, seat_, line);
  if (r.ok() && r.reach) {
    // mjai's riichi: the reach told back, then the discard that declares it.
    out_ += reach_line(seat_);
    ++owed_;
    skip_reach_ = true;
    if (!wait_answer(line)) {
      skip_reach_ = false;
      if (dead_) return fallback;
      return refuse("no discard within " + std::to_string(timeout_ms_) + " ms after its reach (--bot-timeout)");
    }
    r = read_mjai_reaction(table, seat_, line, true);
    if (!r.ok()) skip_reach_ = false;
  }
  if (!r.ok()) return refuse("sent '" + shown(line) + "': " + r.error);
  return r.action;
}

void MjaiProcess::finish(const GameLog& log) {
  table_ = nullptr;
  if (!dead_) {
    send(log);
    std::string line;
    if (owed_ > 0) (void)wait_answer(line);  // the answers to the game's last events, whatever they say
  }
  reap(dead_);
}

}  // namespace mjk::cli
