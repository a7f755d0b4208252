// mjk play's summary (mjk/play_summary.hpp).
#include "mjk/play_summary.hpp"

#include <cstdio>

#include "mjk/json.hpp"

namespace mjk::records {

void PlayTotals::add(const PlayedRecord& g, int seats, int replaced) noexcept {
  ++games;
  rounds += g.rounds;
  wins += g.wins;
  draws += g.draws;
  decisions += static_cast<std::uint64_t>(g.decisions);
  fallbacks += static_cast<std::uint64_t>(replaced);
  for (int s = 0; s < seats; ++s) {
    ++placements[static_cast<std::size_t>(s)][g.placements[static_cast<std::size_t>(s)] & 3];
    score_sum[static_cast<std::size_t>(s)] += g.scores[static_cast<std::size_t>(s)];
  }
}

void PlayTotals::add(const PlayTotals& t) noexcept {
  games += t.games;
  rounds += t.rounds;
  wins += t.wins;
  draws += t.draws;
  decisions += t.decisions;
  fallbacks += t.fallbacks;
  for (std::size_t s = 0; s < 4; ++s) {
    for (std::size_t p = 0; p < 4; ++p) placements[s][p] += t.placements[s][p];
    score_sum[s] += t.score_sum[s];
  }
}

double PlayTotals::average(int seat) const noexcept {
  return games ? static_cast<double>(score_sum[static_cast<std::size_t>(seat)]) / static_cast<double>(games) : 0;
}

namespace {

constexpr std::array<std::string_view, 3> length_words = {"one round", "east", "east-south"};
constexpr std::array<std::string_view, 3> length_keys = {"one", "east", "south"};

// printf appended to out, however long (a bot's name is an external command).
template <class... Args>
void say(std::string& out, const char* format, Args... args) {
  const int n = std::snprintf(nullptr, 0, format, args...);
  if (n <= 0) return;
  const std::size_t at = out.size();
  out.resize(at + static_cast<std::size_t>(n) + 1);
  std::snprintf(out.data() + at, static_cast<std::size_t>(n) + 1, format, args...);
  out.resize(at + static_cast<std::size_t>(n));
}

}  // namespace

std::string play_summary(const PlaySummary& about, const PlayTotals& t, double seconds, bool json) {
  const int seats = about.players;
  const double rate = seconds > 0 ? static_cast<double>(t.games) / seconds : 0;
  const auto length = static_cast<std::size_t>(about.length);
  const auto bot = [&](int s) -> const std::string& { return about.bot_names[static_cast<std::size_t>(s)]; };
  const auto placed = [&](int s, int p) {
    return t.placements[static_cast<std::size_t>(s)][static_cast<std::size_t>(p)];
  };
  if (json) {
    return json_string([&](JsonWriter& j) {
      j.begin_object();
      j.key("games").number(static_cast<long long>(t.games));
      if (about.partial) j.key("partial").boolean(true);
      j.key("players").number(seats);
      j.key("length").string(length_keys[length]);
      j.key("rules").string(about.rules_name);
      // A JSON number when a reader's 64-bit integer holds it, else its digits as a string.
      if (about.seed <= 0x7fffffffffffffffull) j.key("seed").number(static_cast<long long>(about.seed));
      else j.key("seed").string(std::to_string(about.seed));
      j.key("rounds").number(static_cast<long long>(t.rounds));
      j.key("wins").number(static_cast<long long>(t.wins));
      j.key("draws").number(static_cast<long long>(t.draws));
      j.key("decisions").number(static_cast<long long>(t.decisions));
      if (about.fallbacks) j.key("fallbacks").number(static_cast<long long>(t.fallbacks));
      j.key("seats").begin_array();
      for (int s = 0; s < seats; ++s) {
        j.begin_object().key("bot").string(bot(s));
        j.key("placements").begin_array();
        for (int p = 0; p < seats; ++p) j.number(static_cast<long long>(placed(s, p)));
        j.end_array();
        j.key("average_score").number(t.average(s), 1);
        j.end_object();
      }
      j.end_array();
      j.key("seconds").number(seconds, 3);
      j.key("hanchan_per_s").number(rate, 1);
      j.end_object();
    });
  }
  std::string out;
  using ull = unsigned long long;
  if (about.partial) say(out, "PARTIAL: interrupted; the summary covers the %llu games finished\n", ull{t.games});
  say(out, "games      %llu (%d players, %s, rules %.*s, seed %llu)\n", ull{t.games}, seats,
      std::string(length_words[length]).c_str(), static_cast<int>(about.rules_name.size()), about.rules_name.data(),
      ull{about.seed});
  say(out, "rounds     %llu\nwins       %llu\ndraws      %llu\ndecisions  %llu\n", ull{t.rounds}, ull{t.wins},
      ull{t.draws}, ull{t.decisions});
  if (about.fallbacks)
    say(out, "fallbacks  %llu (external bots' answers replaced, deaths included)\n", ull{t.fallbacks});
  out += "seat  bot        ";
  for (int p = 0; p < seats; ++p) say(out, "%6s", std::array{"1st", "2nd", "3rd", "4th"}[static_cast<std::size_t>(p)]);
  out += "  average score\n";
  for (int s = 0; s < seats; ++s) {
    say(out, "%-5d %-10s ", s, bot(s).c_str());
    for (int p = 0; p < seats; ++p) say(out, "%6llu", ull{placed(s, p)});
    say(out, "  %13.1f\n", t.average(s));
  }
  say(out, "%.2f s, %.1f hanchan/s\n", seconds, rate);
  return out;
}

}  // namespace mjk::records
