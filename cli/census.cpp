#include "census.hpp"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstring>
#include <span>
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
  hands += o.hands, total += o.total, standard += o.standard, chiitoi += o.chiitoi, both += o.both,
      kokushi += o.kokushi;
  for (std::size_t i = 0; i < by_waits.size(); ++i) by_waits[i] += o.by_waits[i];
  return *this;
}

namespace {

constexpr std::size_t batch_size = 512;  // 32 KiB of hands: stays in L1/L2 between enumeration and kernel
constexpr int prefix_kinds = 4;          // a work item fixes the counts of the first kinds
constexpr int max_tail_kinds = 9;        // the last kinds come from a table of tails (all: 8s 9s and the honours)

// Every way the last kinds of the set can hold r tiles, for each r, as the
// 16 bytes of a Hand from the first tail kind's slot on (as many kinds, up to
// max_tail_kinds, as fit in 16 bytes: 6.5 MB of tails for all 34 kinds). A hand is a prefix
// (the counts of the earlier kinds, enumerated) with each tail ORed into its
// window: one 64-byte copy and one 16-byte OR per hand, instead of walking the
// recursion down to the last kind for every hand (that walk cost twice the
// kernel's time per hand).
class Tails {
 public:
  using Window = std::array<std::uint8_t, 16>;

  Tails(int kinds, int most) {
    count_ = most;
    while (Tile(kinds - 1).slot() - Tile(kinds - count_).slot() >= 16) --count_;
    first_ = kinds - count_;
    window_ = Tile(first_).slot();
    by_tiles_.resize(static_cast<std::size_t>(4 * count_ + 1));
    Window w{};
    fill(0, 0, w);
  }

  [[nodiscard]] int first_kind() const noexcept { return first_; }
  [[nodiscard]] int kinds() const noexcept { return count_; }
  [[nodiscard]] int window() const noexcept { return window_; }  // Hand byte where a Window starts
  [[nodiscard]] std::span<const Window> with(int tiles) const noexcept {
    return by_tiles_[static_cast<std::size_t>(tiles)];
  }

 private:
  void fill(int i, int tiles, Window& w) {
    if (i == count_) {
      by_tiles_[static_cast<std::size_t>(tiles)].push_back(w);
      return;
    }
    const auto at = static_cast<std::size_t>(Tile(first_ + i).slot() - window_);
    for (int c = 0; c <= 4; ++c) {
      w[at] = static_cast<std::uint8_t>(c);
      fill(i + 1, tiles + c, w);
    }
    w[at] = 0;
  }

  int first_ = 0, count_ = 0, window_ = 0;
  std::vector<std::vector<Window>> by_tiles_;
};

// One thread's share: prefixes are enumerated in place, each combined with
// every tail that completes its tile count, into a batch that goes through
// the public API.
class Worker {
 public:
  Worker(int tiles, int kinds, const Tails& tails, const std::atomic<bool>* stop, std::atomic<std::uint64_t>& done)
      : tiles_(tiles), kinds_(kinds), tails_(tails), stop_(stop), done_(done), batch_(batch_size) {
    if (tiles == 14) forms_.resize(batch_size);
    else waits_.resize(batch_size);
    static_assert(sizeof(Hand) == 64);
    for (int k = 0; k < kinds; ++k)
      unit_[static_cast<std::size_t>(k)] = one_at(static_cast<std::size_t>(Tile(k).slot()));
  }

  // Every hand whose first kinds hold `prefix`; false if stopped.
  bool run_item(const std::array<int, prefix_kinds>& prefix, int prefix_len) {
    Prefix p = Prefix{}.with(one_at(offsetof(Hand, tiles)), tiles_);
    int rest = tiles_;
    for (int k = 0; k < prefix_len; ++k) {
      p = p.with(unit_[static_cast<std::size_t>(k)], prefix[static_cast<std::size_t>(k)]);
      rest -= prefix[static_cast<std::size_t>(k)];
    }
    stopped_ = false;
    enumerate(prefix_len, rest, p);
    return !stopped_;
  }

 private:
  // A hand under construction, held in registers (as values, not a Hand in
  // memory: writing one slot byte and reading the hand back whole stalls on
  // store-to-load forwarding, which cost a quarter of the census). `window`
  // repeats the bytes a tail is ORed into.
  using V16 = std::uint8_t __attribute__((vector_size(16)));
  struct Prefix {
    V16 chunk[4];
    V16 window;
    [[nodiscard]] Prefix with(const Prefix& unit, int count) const noexcept {
      Prefix r;
      const auto c = static_cast<std::uint8_t>(count);
      for (int i = 0; i < 4; ++i) r.chunk[i] = chunk[i] + unit.chunk[i] * c;
      r.window = window + unit.window * c;
      return r;
    }
  };

  // A hand with a 1 at byte `at` (one tile of the kind at slot `at`).
  [[nodiscard]] Prefix one_at(std::size_t at) const noexcept {
    const auto w = static_cast<std::size_t>(tails_.window());
    Prefix unit{};
    unit.chunk[at / 16][at % 16] = 1;
    if (at >= w && at < w + 16) unit.window[at - w] = 1;
    return unit;
  }

  // Kinds k.. share `rest` tiles, the earlier ones are in p.
  void enumerate(int k, int rest, const Prefix& p) {
    if (k == tails_.first_kind()) {
      emit_tails(rest, p);
      return;
    }
    const int after = 4 * (kinds_ - 1 - k);  // what the later kinds can still hold
    const int lo = std::max(0, rest - after), hi = std::min(4, rest);
    const Prefix& unit = unit_[static_cast<std::size_t>(k)];
    if (k + 1 == tails_.first_kind()) {  // the last level, unrolled from the recursion
      for (int c = hi; c >= lo && !stopped_; --c) emit_tails(rest - c, p.with(unit, c));
    } else {
      for (int c = hi; c >= lo && !stopped_; --c) enumerate(k + 1, rest - c, p.with(unit, c));
    }
  }

  // The prefix p with every tail of `rest` tiles.
  void emit_tails(int rest, const Prefix& p) {
    if (rest > 4 * tails_.kinds()) return;  // the work items and enumerate() never ask this
    const auto tails = tails_.with(rest);
    const auto w = static_cast<std::size_t>(tails_.window());
    const V16 c0 = p.chunk[0], c1 = p.chunk[1], c2 = p.chunk[2], c3 = p.chunk[3], pw = p.window;  // registers
    for (std::size_t t = 0; t < tails.size() && !stopped_;) {
      const std::size_t n = std::min(tails.size() - t, batch_size - used_);
      auto* dst = reinterpret_cast<std::uint8_t*>(batch_.data() + used_);
      const auto* tail = tails[t].data();
      for (std::size_t i = 0; i < n; ++i, dst += sizeof(Hand), tail += sizeof(Tails::Window)) {
        std::memcpy(dst, &c0, 16);
        std::memcpy(dst + 16, &c1, 16);
        std::memcpy(dst + 32, &c2, 16);
        std::memcpy(dst + 48, &c3, 16);
        V16 window;
        std::memcpy(&window, tail, sizeof window);
        window |= pw;
        std::memcpy(dst + w, &window, sizeof window);
      }
      t += n;
      used_ += n;
      if (used_ == batch_size) {
        flush();
        stopped_ = stop_ && stop_->load(std::memory_order_relaxed);
      }
    }
  }

 public:
  void flush() {
    if (used_ == 0) return;
    const std::span<const Hand> hands(batch_.data(), used_);
    counts_.hands += used_;
    // Almost every hand is neither complete nor tenpai: those are skipped
    // with one predictable branch, the few others counted one by one.
    if (tiles_ == 14) {
      (void)agari_forms(hands, std::span<Result<std::uint8_t>>(forms_.data(), used_));
      static_assert(sizeof(Result<std::uint8_t>) == 2 && offsetof(Result<std::uint8_t>, value) == 0);
      const auto* bytes = reinterpret_cast<const std::uint8_t*>(forms_.data());
      for (std::size_t i = 0; i < used_; ++i) {
        if (i % 16 == 0 && i + 16 <= used_) {  // sixteen results at once: their value bytes
          std::uint64_t any = 0;
          for (std::size_t j = 0; j < 4; ++j) {
            std::uint64_t word;
            std::memcpy(&word, bytes + 2 * i + 8 * j, 8);
            any |= word;
          }
          if ((any & 0x00ff00ff00ff00ffull) == 0) {
            i += 15;
            continue;
          }
        }
        const unsigned f = forms_[i].value;
        if (f == 0) continue;
        counts_.total += 1;
        counts_.standard += f & standard_form;
        counts_.chiitoi += (f & chiitoi_form) >> 1;
        counts_.both += (f & (standard_form | chiitoi_form)) == (standard_form | chiitoi_form);
        counts_.kokushi += (f & kokushi_form) >> 2;
      }
    } else {
      (void)waits_by_form(hands, std::span<Result<FormWaits>>(waits_.data(), used_));
      std::uint64_t tenpai = 0;
      for (std::size_t i = 0; i < used_; ++i) {
        const FormWaits& w = waits_[i].value;
        const TileMask all = w.all();
        if (all.empty()) continue;
        const bool s = !w.standard.empty(), c = !w.chiitoi.empty();
        ++tenpai;
        counts_.standard += s;
        counts_.chiitoi += c;
        counts_.both += s && c;
        counts_.kokushi += !w.kokushi.empty();
        ++counts_.by_waits[static_cast<std::size_t>(all.size())];
      }
      counts_.total += tenpai;
      counts_.by_waits[0] += used_ - tenpai;
    }
    done_.fetch_add(used_, std::memory_order_relaxed);
    used_ = 0;
  }

  [[nodiscard]] const Counts& counts() const noexcept { return counts_; }

 private:
  int tiles_, kinds_;
  const Tails& tails_;
  const std::atomic<bool>* stop_;     // ask to end early (may be null)
  std::atomic<std::uint64_t>& done_;  // hands classified, for progress
  std::array<Prefix, 34> unit_{};
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

  const Tails tails(kinds, std::min(max_tail_kinds, kinds - prefix_len));
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
      Worker w(options.tiles, kinds, tails, options.stop, done);
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
