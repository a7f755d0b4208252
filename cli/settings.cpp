// How the hand analysis reads its options: the rules, the visible tiles and
// the win context (--visible, --players' switches, --tsumo, --seat, --dora,
// --rule, ...) into Settings, each bad value a message naming the option.
#include "settings.hpp"

#include <charconv>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

#include "mjk/hand.hpp"
#include "mjk/request.hpp"
#include "mjk/request_schema.hpp"

namespace mjk::cli {
namespace {

// mpsz tiles, any number (not a hand: no 14-tile limit), each to put(tile)
// (which may refuse it with a message); `option` names the option in errors.
template <class Put>
std::optional<std::string> parse_tile_list(std::string_view option, std::string_view text, Put put) {
  const std::string name(option);
  std::string digits;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char ch = text[i];
    if (ch >= '0' && ch <= '9') {
      digits += ch;
      continue;
    }
    const auto suit = std::string_view("mpsz").find(ch);
    if (suit == std::string_view::npos || digits.empty())
      return name + ": expected mpsz tiles such as 1155m7z, not '" + std::string(text) + "'";
    for (const char d : digits) {
      const auto tile = mjk::parse_tile(std::string{d, ch});
      if (!tile) return name + ": no such tile " + std::string{d, ch};
      if (auto problem = put(*tile)) return name + ": " + *problem;
    }
    digits.clear();
  }
  if (!digits.empty()) return name + ": digits with no suit letter in '" + std::string(text) + "'";
  return std::nullopt;
}

}  // namespace

std::optional<std::string> parse_visible(std::string_view text, Settings& s) {
  s.any_visible = true;
  return parse_tile_list("--visible", text, [&](mjk::Tile t) -> std::optional<std::string> {
    auto& n = s.visible[static_cast<std::size_t>(t.kind())];
    if (++n > 4) return "more than four copies of " + mjk::tile_name(t);
    return std::nullopt;
  });
}

namespace {

// --dora / --ura: at most five indicators each.
std::optional<std::string> parse_indicators(std::string_view option, std::string_view text, Settings& s) {
  const bool dora = option == "--dora";
  auto& list = dora ? s.context.dora : s.context.ura;
  auto& count = dora ? s.context.dora_count : s.context.ura_count;
  count = 0;
  return parse_tile_list(option, text, [&](mjk::Tile t) -> std::optional<std::string> {
    if (count == mjk::max_indicators) return std::string("at most 5 indicators");
    list[count++] = t;
    return std::nullopt;
  });
}

}  // namespace

// The win-context options that take a value (main() knows their names).
std::optional<std::string> parse_context_option(std::string_view arg, std::string_view value, Settings& s) {
  mjk::ScoreRequest& c = s.context;
  const auto number = [&](int max, auto& into) -> std::optional<std::string> {
    int n = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
    if (ec != std::errc() || end != value.data() + value.size() || n < 0 || n > max)
      return std::string(arg) + " must be a number from 0 to " + std::to_string(max) + ", not '" + std::string(value) +
             "'";
    into = static_cast<std::remove_reference_t<decltype(into)>>(n);
    return std::nullopt;
  };
  const auto wind = [&](std::uint8_t& into) -> std::optional<std::string> {
    if (const int w = mjk::parse_wind(value); w >= 0) {
      into = static_cast<std::uint8_t>(w);
      return std::nullopt;
    }
    return std::string(arg) + " must be a wind, 1z-4z or east/south/west/north, not '" + std::string(value) + "'";
  };
  if (arg == "--ron") {
    for (const auto who : {mjk::Relative::kamicha, mjk::Relative::toimen, mjk::Relative::shimocha})
      if (value == mjk::relative_name(who)) {
        c.tsumo = false;
        c.from = who;
        return std::nullopt;
      }
    return "--ron must be kamicha, toimen or shimocha, not '" + std::string(value) + "'";
  }
  if (arg == "--seat") return wind(c.seat);
  if (arg == "--round") return wind(c.round);
  if (arg == "--dora" || arg == "--ura") return parse_indicators(arg, value, s);
  if (arg == "--nuki") return number(mjk::request_field("nuki")->max, c.nuki);
  if (arg == "--honba") return number(mjk::request_field("honba")->max, c.honba);
  if (arg == "--sticks") return number(mjk::request_field("sticks")->max, c.sticks);
  if (arg == "--rule") {
    const std::size_t eq = value.find('=');
    const auto e =
        mjk::set_rule(c.rules, value.substr(0, eq), eq == std::string_view::npos ? "" : value.substr(eq + 1));
    if (e) return "--rule " + std::string(value) + ": " + std::string(e.detail);
    return std::nullopt;
  }
  return "unknown option " + std::string(arg);
}

// The win-context flags; false when `arg` is not one.
bool parse_context_flag(std::string_view arg, Settings& s) {
  mjk::ScoreRequest& c = s.context;
  if (arg == "--tsumo") c.tsumo = true;
  else if (arg == "--riichi") c.riichi = 1;
  else if (arg == "--double-riichi") c.riichi = 2;
  else if (arg == "--ippatsu") c.ippatsu = true;
  else if (arg == "--rinshan") c.rinshan = true;
  else if (arg == "--chankan") c.chankan = true;
  else if (arg == "--haitei") c.haitei = true;
  else if (arg == "--tenhou") c.tenhou = true;
  else return false;
  return true;
}

}  // namespace mjk::cli
