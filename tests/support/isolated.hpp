// A test's work run in a child process, so that what would end a process
// (running out of memory, a crash, a hang) is an answer the test can check.
#pragma once

#include <doctest/doctest.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <string>

namespace mjk::test {

// AddressSanitizer (the sanitize and fuzz presets) ends the process when an
// allocation fails instead of throwing std::bad_alloc.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool address_sanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool address_sanitizer = true;
#else
constexpr bool address_sanitizer = false;
#endif
#else
constexpr bool address_sanitizer = false;
#endif

// fn's text from a child process, which gets `seconds` to finish and, when
// address_space is set, that many bytes more address space than it has now.
// A child that crashes, is killed or hangs gives a text saying so.
inline std::string isolated(const std::function<std::string()>& fn, int seconds, std::uint64_t address_space = 0) {
  int out[2];
  REQUIRE(::pipe(out) == 0);
  const pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    ::close(out[0]);
    if (address_space) {
      std::uint64_t now_kb = 0;
      std::ifstream status("/proc/self/status");
      for (std::string line; std::getline(status, line);)
        if (line.rfind("VmSize:", 0) == 0) now_kb = std::strtoull(line.c_str() + 7, nullptr, 10);
      const rlimit limit{now_kb * 1024 + address_space, now_kb * 1024 + address_space};
      if (now_kb == 0 || ::setrlimit(RLIMIT_AS, &limit) != 0) ::_exit(3);
    }
    // Nothing may leave the child but its text: an exception here would
    // run the rest of the tests a second time, in the child.
    std::string text;
    try {
      text = fn();
    } catch (const std::exception& e) {
      text = std::string("threw: ") + e.what();
    } catch (...) {
      text = "threw";
    }
    for (std::size_t done = 0; done < text.size();) {
      const ssize_t n = ::write(out[1], text.data() + done, text.size() - done);
      if (n <= 0) ::_exit(4);
      done += static_cast<std::size_t>(n);
    }
    ::_exit(0);
  }
  ::close(out[1]);
  std::string text;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
  bool timed_out = false;
  while (true) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
    if (left <= 0) {
      timed_out = true;
      break;
    }
    pollfd p{out[0], POLLIN, 0};
    if (::poll(&p, 1, static_cast<int>(left)) <= 0) continue;
    char buffer[4096];
    const ssize_t n = ::read(out[0], buffer, sizeof buffer);
    if (n <= 0) break;
    text.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(out[0]);
  if (timed_out) ::kill(child, SIGKILL);
  int status = 0;
  ::waitpid(child, &status, 0);
  if (timed_out) return "timed out after " + std::to_string(seconds) + " s";
  if (WIFSIGNALED(status)) return "killed by signal " + std::to_string(WTERMSIG(status)) + " after: " + text;
  if (WEXITSTATUS(status) != 0) return "exit status " + std::to_string(WEXITSTATUS(status)) + " after: " + text;
  return text;
}

}  // namespace mjk::test
