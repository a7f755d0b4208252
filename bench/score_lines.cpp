// score_lines [N] [SEED]: N (default 100000) scoring request lines, SCORING.md
// §1's JSON objects, of the realistic wins the benchmarks score
// (tests/support/score_requests.hpp's wins_like_play), for measuring the
// doors that read request lines:
//   build/release/bench/mjk_score_lines > /tmp/wins.jsonl
//   time build/release/cli/mjk --json < /tmp/wins.jsonl > /tmp/out
#include <cstdio>
#include <cstdlib>
#include <string>

#include "mjk/request.hpp"
#include "mjk/score.hpp"
#include "support/score_requests.hpp"

namespace {

// Digit of a tile in mpsz: 0 for a red five.
char digit(int kind, bool red) { return red ? '0' : static_cast<char>('1' + kind % 9); }
char suit(int kind) { return "mpsz"[kind / 9]; }

// The concealed tiles without the winning tile, red fives as 0, one suit letter per run.
std::string hand_text(const mjk::ScoreRequest& r) {
  std::string out;
  for (int s = 0; s < 4; ++s) {
    std::string digits;
    for (int k = 9 * s; k < (s == 3 ? 34 : 9 * s + 9); ++k) {
      int n = r.hand.count(mjk::Tile(k)) - (k == r.win.kind() ? 1 : 0);
      int red =
          s < 3 && k % 9 == 4 ? r.hand.red_fives[static_cast<std::size_t>(s)] - (k == r.win.kind() && r.win_red) : 0;
      for (; n > 0; --n, --red) digits += digit(k, red > 0);
    }
    if (!digits.empty()) out += digits + suit(9 * s);
  }
  return out;
}

std::string meld_tiles(const mjk::Meld& m) {
  std::string out;
  const int k = m.tile.kind();
  int red = m.red;
  for (int i = 0; i < m.size(); ++i) {
    const int t = m.type == mjk::MeldType::chi ? k + i : k;
    const bool is_red = red > 0 && t < 27 && t % 9 == 4;
    red -= is_red;
    out += digit(t, is_red);
  }
  return out + suit(k);
}

std::string tile(mjk::Tile t, bool red = false) { return {digit(t.kind(), red), suit(t.kind())}; }

}  // namespace

int main(int argc, char** argv) {
  const std::size_t n = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 100000;
  const std::uint64_t seed = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 180;
  constexpr const char* t[] = {"false", "true"};
  for (const mjk::ScoreRequest& r : mjk::test::wins_like_play(seed, n)) {
    std::string line = "{\"hand\":\"" + hand_text(r) + "\"";
    if (r.meld_count) {
      line += ",\"melds\":[";
      for (std::size_t i = 0; i < r.meld_count; ++i) {
        const mjk::Meld& m = r.melds[i];
        line += std::string(i ? "," : "") + "{\"type\":\"" + std::string(mjk::meld_type_name(m.type)) +
                "\",\"tiles\":\"" + meld_tiles(m) + "\"";
        if (m.type != mjk::MeldType::ankan) line += ",\"from\":\"" + std::string(mjk::relative_name(m.from)) + "\"";
        line += "}";
      }
      line += "]";
    }
    line += ",\"win\":\"" + tile(r.win, r.win_red) + "\",\"tsumo\":" + t[r.tsumo];
    if (!r.tsumo) line += ",\"from\":\"" + std::string(mjk::relative_name(r.from)) + "\"";
    line += ",\"seat\":\"" + std::to_string(r.seat + 1) + "z\",\"round\":\"" + std::to_string(r.round + 1) + "z\"";
    if (r.riichi) line += ",\"riichi\":" + std::to_string(r.riichi);
    if (r.ippatsu) line += ",\"ippatsu\":true";
    if (r.rinshan) line += ",\"rinshan\":true";
    if (r.haitei) line += ",\"haitei\":true";
    const auto indicators = [](const auto& list, int count) {
      std::string s;
      for (int i = 0; i < count; ++i) s += tile(list[static_cast<std::size_t>(i)]);
      return s;
    };
    line += ",\"dora\":\"" + indicators(r.dora, r.dora_count) + "\"";
    if (r.ura_count) line += ",\"ura\":\"" + indicators(r.ura, r.ura_count) + "\"";
    if (r.honba) line += ",\"honba\":" + std::to_string(r.honba);
    if (r.sticks) line += ",\"sticks\":" + std::to_string(r.sticks);
    line += "}\n";
    std::fwrite(line.data(), 1, line.size(), stdout);
  }
  return std::fflush(stdout) == 0 ? 0 : 1;
}
