// `mjk forms`: the readings puzzle, every tenpai reading of a 3k+1 hand.
#include <algorithm>
#include <array>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "commands.hpp"
#include "mjk/analysis.hpp"
#include "mjk/decomposition.hpp"
#include "mjk/hand.hpp"

namespace mjk::cli {
namespace {

// One block as printed by `mjk forms`: its tiles, with the suit letter unless digits only.
std::string block_text(const std::vector<mjk::Tile>& tiles, bool digits_only) {
  std::string out;
  for (const mjk::Tile t : tiles) out += static_cast<char>('0' + t.number());
  if (!digits_only && !tiles.empty()) out += "mpsz"[tiles.front().kind() / 9];
  return out;
}

std::vector<mjk::Tile> tiles_of(mjk::Block b) {
  std::vector<mjk::Tile> out;
  for (int i = 0; i < b.size(); ++i) out.emplace_back(b.first.kind() + (b.kind == mjk::BlockKind::sequence ? i : 0));
  return out;
}

}  // namespace

int forms(const std::string& text) {
  const auto start = text.find_first_not_of(" \t");
  const auto end = text.find_last_not_of(" \t");
  const std::string trimmed = start == std::string::npos ? "" : text.substr(start, end - start + 1);
  const bool digits_only = !trimmed.empty() && trimmed.find_first_not_of("0123456789") == std::string::npos;
  const auto parsed = mjk::parse_hand(digits_only ? trimmed + "m" : trimmed);
  if (!parsed.ok() || parsed.value.winning || parsed.value.hand.tiles % 3 != 1) {
    const std::string why =
        !parsed.ok() ? parsed.error.message()
        : parsed.value.winning
            ? "forms takes a hand without a winning tile"
            : mjk::HandError{mjk::Error::wrong_tile_count, 0, std::nullopt, parsed.value.hand.tiles}.message();
    std::fprintf(stderr, "mjk forms: %s: %s\n", excerpt(text).c_str(), why.c_str());
    return 1;
  }
  const mjk::Hand& hand = parsed.value.hand;
  const auto waits = mjk::waits(hand);
  std::vector<std::string> lines;
  for (const mjk::Tile t : waits.value) {
    mjk::Hand complete = hand;
    complete.add(t);
    std::array<mjk::Decomposition, mjk::max_decompositions> out;
    const auto r = mjk::decompositions(complete, t, out);
    for (std::size_t i = 0; i < r.value; ++i) {
      const auto& d = out[i];
      std::string line;
      if (d.form == mjk::Form::kokushi) {
        std::vector<mjk::Tile> all;
        for (int k = 0; k < mjk::kind_count; ++k)
          for (int c = 0; c < hand.count(mjk::Tile(k)); ++c) all.emplace_back(k);
        std::string bracket;  // orphans span suits: each tile with its letter unless digits only
        for (const mjk::Tile x : all) bracket += block_text({x}, digits_only);
        line = "[" + bracket + "]";
      } else {
        std::vector<std::pair<std::pair<int, std::string>, std::string>> done;  // ((suit, digits), text)
        std::string open;
        for (int b = 0; b < d.block_count; ++b) {
          auto tiles = tiles_of(d.blocks[static_cast<std::size_t>(b)]);
          if (b == d.win) {
            tiles.erase(std::find(tiles.begin(), tiles.end(), t));
            open = block_text(tiles, digits_only);
          } else {
            done.push_back({{tiles.front().kind() / 9, block_text(tiles, true)}, block_text(tiles, digits_only)});
          }
        }
        std::sort(done.begin(), done.end());
        for (const auto& [key, block] : done) line += "(" + block + ")";
        line += "[" + open + "]";
      }
      if (std::find(lines.begin(), lines.end(), line) == lines.end()) lines.push_back(line);
    }
  }
  for (const auto& line : lines) std::puts(line.c_str());
  return 0;
}

}  // namespace mjk::cli
