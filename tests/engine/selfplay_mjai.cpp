// Self-played games for an independent checker (check_majiang.js): writes
// game_NNN.mjai (the full view, every tile shown) and game_NNN.wins.json (each
// win's fu, han, yakuman multiple, points and yaku as the engine scored them,
// in the order of the game's hora lines) for GAMES four-player tenhou
// hanchan from SEED, the seats' bots alternating between advice (wins,
// riichi, calls that help) and random (every kind of call and kan).
//   tests_engine_selfplay OUT_DIR GAMES SEED
#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "mjk/bots.hpp"
#include "mjk/mjai.hpp"
#include "mjk/table.hpp"

using namespace mjk;

namespace {

std::string wins_json(const GameLog& log, const EngineRules& rules) {
  std::string out = "[";
  for (std::size_t i = 0; i < log.wins.size(); ++i) {
    const WinRecord& w = log.wins[i];
    const Score& s = w.score;
    out += i ? ",\n" : "\n";
    out += "{\"seat\":" + std::to_string(w.seat) + ",\"from\":" + std::to_string(w.from) +
           ",\"fu\":" + std::to_string(s.fu) + ",\"han\":" + std::to_string(s.han) +
           ",\"yakuman\":" + std::to_string(s.yakuman) + ",\"points\":" + std::to_string(s.points) + ",\"yaku\":{";
    std::array<YakuValue, yaku_count> listed{};
    const std::size_t n = list_yaku(s, rules.score, listed);
    for (std::size_t k = 0; k < n; ++k) {
      const YakuValue& v = listed[k];
      out += (k ? "," : "") + std::string("\"") + std::string(yaku_name(v.yaku)) + "\":";
      out += std::to_string(v.yakuman ? -static_cast<int>(v.yakuman) : v.han);  // negative: a yakuman's multiple
    }
    out += "}}";
  }
  out += "\n]\n";
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: %s OUT_DIR GAMES SEED\n", argv[0]);
    return 2;
  }
  const std::filesystem::path dir = argv[1];
  const int games = std::atoi(argv[2]);
  const std::uint64_t seed = std::strtoull(argv[3], nullptr, 10);
  std::filesystem::create_directories(dir);
  const EngineRules rules = tenhou_rules(Players::four);
  for (int g = 0; g < games; ++g) {
    // Two advice seats and two random ones, placed differently each game.
    std::array<Bot, 4> bots{};
    for (int s = 0; s < 4; ++s) bots[static_cast<std::size_t>(s)] = ((s + g) & 1) ? bot_random : bot_advice;
    Table t;
    GameLog log;
    t.start(rules, seed, static_cast<std::uint32_t>(g), &log);
    play_game(t, bots, seed * 1000 + static_cast<std::uint64_t>(g), &log);
    const std::string check = t.check();
    if (!t.done() || !check.empty()) {
      std::fprintf(stderr, "game %d did not end cleanly: %s\n", g, check.c_str());
      return 1;
    }
    std::string lines;
    write_mjai(log, rules.players, lines);
    char name[32];
    std::snprintf(name, sizeof name, "game_%03d", g);
    std::ofstream(dir / (std::string(name) + ".mjai"), std::ios::binary) << lines;
    std::ofstream(dir / (std::string(name) + ".wins.json"), std::ios::binary) << wins_json(log, rules);
  }
  std::printf("%d games written to %s\n", games, dir.string().c_str());
  return 0;
}
