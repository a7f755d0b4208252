// The first call of every operation, raced from 8 threads: the dispatch
// choice, the decompositions' tables and every other lazily initialised
// state must be safe to build concurrently (ctest runs this case alone, so
// these really are the process's first calls, and under the tsan preset
// ThreadSanitizer watches them).
#include <doctest/doctest.h>

#include <array>
#include <atomic>
#include <thread>
#include <vector>

#include "helpers.hpp"
#include "mjk/decomposition.hpp"
#include "mjk/implementation.hpp"

using namespace mjk;

namespace {

// Hands for each question: complete, tenpai, not, called melds, three players' kinds.
std::vector<Hand> hands_for(Question q) {
  std::vector<const char*> texts;
  if (q == Question::waits)
    texts = {"1112345678999m", "123m456p789s1122z", "19m19p19s1234567z", "1234m", "1m", "2468m13579p246s"};
  else texts = {"111222333m78999p", "1133m5577p99s1122z", "19m19p19s1234567z1m", "12345m", "55z", "2468m13579p2468s"};
  std::vector<Hand> out;
  for (const char* t : texts) {
    const auto r = parse_hand(t);
    if (r.ok() && !validate(r.value.hand, q)) out.push_back(r.value.hand);
  }
  return out;
}

template <class T>
bool same(const std::vector<Result<T>>& a, const std::vector<Result<T>>& b) {
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i].error != b[i].error || !(a[i].value == b[i].value)) return false;
  return true;
}

// Every operation on every supported implementation and through the public
// single-hand API, plus decompositions; returns false on any disagreement
// between the implementations.
bool run_everything() {
  bool ok = true;
#define MJK_RUN_OPERATION(name, T, question)                                       \
  {                                                                                \
    const std::vector<Hand> hands = hands_for(Question::question);                 \
    std::vector<Result<T>> first;                                                  \
    for (const Implementation& impl : implementations()) {                         \
      if (!impl.supported()) continue;                                             \
      std::vector<Result<T>> out(hands.size());                                    \
      impl.name(BatchInput::of(hands), out.data());                                \
      if (first.empty()) first = out;                                              \
      ok = ok && same(first, out);                                                 \
    }                                                                              \
    for (std::size_t i = 0; i < hands.size(); ++i) {                               \
      const Result<T> single = name(hands[i]);                                     \
      ok = ok && single.error == first[i].error && single.value == first[i].value; \
    }                                                                              \
  }
  MJK_OPERATIONS(MJK_RUN_OPERATION)
#undef MJK_RUN_OPERATION
  for (const Hand& h : hands_for(Question::complete)) {
    std::array<Decomposition, max_decompositions> out;
    ok = ok && decompositions(h, std::nullopt, out).ok();
  }
  return ok;
}

}  // namespace

TEST_CASE("first calls race from 8 threads") {
  std::atomic<int> failures{0};
  std::atomic<bool> go{false};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([&] {
      while (!go.load()) std::this_thread::yield();
      if (!run_everything()) ++failures;
    });
  go = true;
  for (auto& th : threads) th.join();
  CHECK(failures.load() == 0);
  CHECK(run_everything());
}
