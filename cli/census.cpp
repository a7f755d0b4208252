#include "census.hpp"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

#include "mjk/analysis.hpp"

namespace mjk::census {

std::optional<Kinds> parse_kinds(std::string_view text) noexcept {
  if (text == "m") return Kinds::m;
  if (text == "mp") return Kinds::mp;
  if (text == "mps") return Kinds::mps;
  if (text == "all") return Kinds::all;
  return std::nullopt;
}

std::string_view name(Kinds k) noexcept {
  switch (k) {
    case Kinds::m: return "m";
    case Kinds::mp: return "mp";
    case Kinds::mps: return "mps";
    case Kinds::all: return "all";
  }
  return "?";
}

int kind_count(Kinds k) noexcept {
  switch (k) {
    case Kinds::m: return 9;
    case Kinds::mp: return 18;
    case Kinds::mps: return 27;
    case Kinds::all: return 34;
  }
  return 0;
}

std::uint64_t space_size(int tiles, Kinds kinds) noexcept {
  std::vector<std::uint64_t> ways(static_cast<std::size_t>(tiles) + 1, 0);
  ways[0] = 1;
  for (int k = 0; k < kind_count(kinds); ++k)
    for (int s = tiles; s >= 0; --s)  // add this kind's 1..4 copies, in place from the top
      for (int c = 1; c <= 4 && c <= s; ++c) ways[static_cast<std::size_t>(s)] += ways[static_cast<std::size_t>(s - c)];
  return ways[static_cast<std::size_t>(tiles)];
}

Counts& Counts::operator+=(const Counts& o) noexcept {
  hands += o.hands, total += o.total, standard += o.standard, chiitoi += o.chiitoi, both += o.both, kokushi += o.kokushi;
  for (std::size_t i = 0; i < by_waits.size(); ++i) by_waits[i] += o.by_waits[i];
  return *this;
}

namespace {

constexpr std::size_t batch_size = 256;  // 16 KiB of hands: stays in L1 between enumeration and kernel
constexpr int prefix_kinds = 4;  // a work item fixes the counts of the first kinds

// One thread's share: hands are built in place, one count vector after the
// next, copied into a batch, and the batch goes through the public API.
class Worker {
 public:
  Worker(int tiles, int kinds, const std::atomic<bool>* stop, std::atomic<std::uint64_t>& done)
      : tiles_(tiles), kinds_(kinds), stop_(stop), done_(done), batch_(batch_size) {
    if (tiles == 14) forms_.resize(batch_size);
    else waits_.resize(batch_size);
    for (int k = 0; k < kinds; ++k) slot_[static_cast<std::size_t>(k)] = static_cast<std::uint8_t>(Tile(k).slot());
  }

  // Every hand whose first kinds hold `prefix`; false if stopped.
  bool run_item(const std::array<int, prefix_kinds>& prefix, int prefix_len) {
    hand_ = Hand{};
    hand_.tiles = static_cast<std::uint8_t>(tiles_);
    int rest = tiles_;
    for (int k = 0; k < prefix_len; ++k) {
      hand_.slots[slot_[static_cast<std::size_t>(k)]] = static_cast<std::uint8_t>(prefix[static_cast<std::size_t>(k)]);
      rest -= prefix[static_cast<std::size_t>(k)];
    }
    stopped_ = false;
    if (prefix_len == kinds_) {
      if (rest == 0) emit();
    } else {
      enumerate(prefix_len, rest);
    }
    return !stopped_;
  }

 private:
  // Kinds k.. share `rest` tiles: each count from high to low, so hands come
  // in decreasing lexicographic order. The hand is updated in place: only
  // the slots of kinds from k on change below this call.
  void enumerate(int k, int rest) {
    const int after = 4 * (kinds_ - 1 - k);  // what the later kinds can still hold
    const int lo = std::max(0, rest - after), hi = std::min(4, rest);
    auto& slot = hand_.slots[slot_[static_cast<std::size_t>(k)]];
    if (k + 2 == kinds_) {  // the last two kinds: the second takes what is left
      // Written straight into the batch copy: writing bytes of hand_ and then
      // copying it whole would stall on store-to-load forwarding every hand.
      const std::size_t a = slot_[static_cast<std::size_t>(k)], b = slot_[static_cast<std::size_t>(k + 1)];
      for (int c = hi; c >= lo && !stopped_; --c) {
        Hand& dst = batch_[used_];
        dst = hand_;
        dst.slots[a] = static_cast<std::uint8_t>(c);
        dst.slots[b] = static_cast<std::uint8_t>(rest - c);
        advance();
      }
      return;
    }
    if (k + 1 == kinds_) {
      slot = static_cast<std::uint8_t>(rest);
      emit();
      return;
    }
    for (int c = hi; c >= lo && !stopped_; --c) {
      slot = static_cast<std::uint8_t>(c);
      enumerate(k + 1, rest - c);
    }
  }

  void emit() {
    batch_[used_] = hand_;
    advance();
  }

  void advance() {
    if (++used_ == batch_size) {
      flush();
      stopped_ = stop_ && stop_->load(std::memory_order_relaxed);
    }
  }

 public:
  void flush() {
    if (used_ == 0) return;
    const std::span<const Hand> hands(batch_.data(), used_);
    counts_.hands += used_;
    if (tiles_ == 14) {
      (void)agari_forms(hands, std::span<Result<std::uint8_t>>(forms_.data(), used_));
      for (std::size_t i = 0; i < used_; ++i) {
        const unsigned f = forms_[i].value;
        counts_.total += f != 0;
        counts_.standard += f & standard_form;
        counts_.chiitoi += (f & chiitoi_form) >> 1;
        counts_.both += (f & (standard_form | chiitoi_form)) == (standard_form | chiitoi_form);
        counts_.kokushi += (f & kokushi_form) >> 2;
      }
    } else {
      (void)waits_by_form(hands, std::span<Result<FormWaits>>(waits_.data(), used_));
      for (std::size_t i = 0; i < used_; ++i) {
        const FormWaits& w = waits_[i].value;
        const bool s = !w.standard.empty(), c = !w.chiitoi.empty();
        const int n = w.all().size();
        counts_.total += n > 0;
        counts_.standard += s;
        counts_.chiitoi += c;
        counts_.both += s && c;
        counts_.kokushi += !w.kokushi.empty();
        ++counts_.by_waits[static_cast<std::size_t>(n)];
      }
    }
    done_.fetch_add(used_, std::memory_order_relaxed);
    used_ = 0;
  }

  [[nodiscard]] const Counts& counts() const noexcept { return counts_; }

 private:
  int tiles_, kinds_;
  const std::atomic<bool>* stop_;     // ask to end early (may be null)
  std::atomic<std::uint64_t>& done_;  // hands classified, for progress
  std::array<std::uint8_t, 34> slot_{};
  Hand hand_;
  bool stopped_ = false;
  std::vector<Hand> batch_;
  std::vector<Result<std::uint8_t>> forms_;
  std::vector<Result<FormWaits>> waits_;
  std::size_t used_ = 0;
  Counts counts_;
};

}  // namespace

Outcome run(const Options& options) {
  const auto start = std::chrono::steady_clock::now();
  const int kinds = kind_count(options.kinds);
  const int prefix_len = std::min(prefix_kinds, kinds);

  // Work items: every count vector of the first kinds that leaves a feasible rest.
  std::vector<std::array<int, prefix_kinds>> items;
  std::array<int, prefix_kinds> p{};
  std::function<void(int, int)> gen = [&](int k, int sum) {
    if (k == prefix_len) {
      const int rest = options.tiles - sum;
      if (rest <= 4 * (kinds - prefix_len)) items.push_back(p);
      return;
    }
    for (int c = 0; c <= 4 && sum + c <= options.tiles; ++c) {
      p[static_cast<std::size_t>(k)] = c;
      gen(k + 1, sum + c);
    }
    p[static_cast<std::size_t>(k)] = 0;
  };
  gen(0, 0);

  const unsigned hw = std::max(1u, std::thread::hardware_concurrency());
  const unsigned threads = options.threads > 0 ? static_cast<unsigned>(options.threads) : hw;
  std::atomic<std::size_t> next{0};
  std::atomic<std::uint64_t> done{0};
  std::atomic<bool> stopped{false};
  std::vector<Counts> results(threads);
  std::mutex m;
  std::condition_variable cv;
  unsigned running = threads;

  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; ++t) {
    pool.emplace_back([&, t] {
      Worker w(options.tiles, kinds, options.stop, done);
      for (std::size_t i; (i = next.fetch_add(1)) < items.size();) {
        if (!w.run_item(items[i], prefix_len)) {
          stopped = true;
          break;
        }
        if (options.stop && options.stop->load(std::memory_order_relaxed)) {
          stopped = true;
          break;
        }
      }
      w.flush();
      results[t] = w.counts();
      std::lock_guard lock(m);
      --running;
      cv.notify_all();
    });
  }
  {
    std::unique_lock lock(m);
    const auto every = std::chrono::duration<double>(options.progress_every);
    while (!cv.wait_for(lock, every, [&] { return running == 0; }))
      if (options.progress) options.progress(done.load());
  }
  for (auto& th : pool) th.join();

  Outcome out;
  for (const auto& r : results) out.counts += r;
  out.partial = stopped.load();
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

}  // namespace mjk::census
