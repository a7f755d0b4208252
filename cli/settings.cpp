// How the hand analysis, mjk score and mjk ev read their options: the rules,
// the visible tiles, the win context and the search's options (--visible,
// --players, --tsumo, --seat, --dora, --rule, --extra, ...) into Settings,
// each bad value a message naming the option.
#include "settings.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

#include "mjk/hand.hpp"
#include "mjk/mpsz.hpp"
#include "mjk/request.hpp"
#include "mjk/request_schema.hpp"
#include "mjk/whole_number.hpp"

namespace mjk::cli {
namespace {

// mpsz tiles, any number (not a hand: no 14-tile limit), read by the one
// mpsz scanner (for_each_mpsz_tile), each to put(tile, red) (which may
// refuse it with a message); `option` names the option in errors.
template <class Put>
std::optional<std::string> read_tile_list(std::string_view option, std::string_view text, Put put) {
  const std::string name(option);
  std::optional<std::string> refused;
  const mjk::HandError e = mjk::for_each_mpsz_tile(text, 0, [&](mjk::Tile t, bool red, std::uint32_t) {
    refused = put(t, red);
    return refused ? mjk::HandError{mjk::Error::bad_request, 0, std::nullopt, 0} : mjk::HandError{};
  });
  if (refused) return name + ": " + *refused;
  switch (e.code) {
    case mjk::Error::none: return std::nullopt;
    case mjk::Error::invalid_honour: {  // "8z": the digit, then its group's suit letter
      const std::size_t letter = text.find_first_not_of("0123456789", e.position);
      return name + ": no such tile " + std::string{text[e.position], letter < text.size() ? text[letter] : 'z'};
    }
    case mjk::Error::digit_without_suit: return name + ": digits with no suit letter in '" + std::string(text) + "'";
    default: return name + ": expected mpsz tiles such as 1155m7z, not '" + std::string(text) + "'";
  }
}

// A red five known out of the wall: at most one per suit.
std::optional<std::string> see_red(mjk::Tile t, Settings& s) {
  if (++s.red_seen[static_cast<std::size_t>(t.kind() / 9)] > 1) return "a second red five of one suit";
  return std::nullopt;
}

std::optional<std::string> read_visible(std::string_view text, Settings& s) {
  s.any_visible = true;
  return read_tile_list("--visible", text, [&](mjk::Tile t, bool red) -> std::optional<std::string> {
    auto& n = s.visible[static_cast<std::size_t>(t.kind())];
    if (++n > 4) return "more than four copies of " + mjk::tile_name(t);
    return red ? see_red(t, s) : std::nullopt;
  });
}

// --dora / --ura: at most five indicators each.
std::optional<std::string> read_indicators(const Option& option, std::string_view text, Settings& s) {
  const bool dora = option.id == Opt::dora;
  auto& list = dora ? s.context.dora : s.context.ura;
  auto& count = dora ? s.context.dora_count : s.context.ura_count;
  count = 0;
  if (dora) {  // the list given before is replaced, and so are the red fives it showed (a second --dora 0m
               // was "a second red five of one suit")
    for (std::size_t suit = 0; suit < 3; ++suit) s.red_seen[suit] -= s.dora_red[suit];
    s.dora_red = {};
  }
  return read_tile_list(option.name, text, [&](mjk::Tile t, bool red) -> std::optional<std::string> {
    if (count == mjk::max_indicators) return std::string("at most 5 indicators");
    list[count++] = t;
    if (!red || !dora) return std::nullopt;  // ura indicators are not shown during play
    ++s.dora_red[static_cast<std::size_t>(t.kind() / 9)];
    return see_red(t, s);
  });
}

// A number from 0 to max into `into`.
template <class T>
std::optional<std::string> read_number(std::string_view option, std::string_view value, long long max, T& into) {
  long long n = 0;
  if (!mjk::read_whole_number(value, n) || n < 0 || n > max)
    return std::string(option) + " must be a number from 0 to " + std::to_string(max) + ", not '" + std::string(value) +
           "'";
  into = static_cast<T>(n);
  return std::nullopt;
}

std::optional<std::string> read_wind(std::string_view option, std::string_view value, std::uint8_t& into) {
  if (const int w = mjk::parse_wind(value); w >= 0) {
    into = static_cast<std::uint8_t>(w);
    return std::nullopt;
  }
  return std::string(option) + " must be a wind, 1z-4z or east/south/west/north, not '" + std::string(value) + "'";
}

// --max-vertices: a count within its ev_fields row's bounds (1 to 2^64 - 1).
std::optional<std::string> read_count(const Option& option, std::string_view value, std::uint64_t& into) {
  const mjk::NestedField& f = *ev_option_field(option);
  std::uint64_t n = 0;
  if (!mjk::read_whole_number(value, n) || n < f.min || n > f.max)
    return std::string(option.name) + " must be a number from " + std::to_string(f.min) + " to " +
           std::to_string(f.max) + ", not '" + std::string(value) + "'";
  into = n;
  return std::nullopt;
}

// --extra, --turn: numbers; their range is the search's error (EV.md).
std::optional<std::string> read_int(std::string_view option, std::string_view value, int& into) {
  if (!mjk::read_whole_number(value, into))
    return std::string(option) + " must be a number, not '" + std::string(value) + "'";
  return std::nullopt;
}

}  // namespace

std::optional<std::string> read_analysis_option(const Option& o, std::string_view value, Settings& s) {
  mjk::ScoreRequest& c = s.context;
  const auto context = [&](auto set) {  // a win-context option: the line is to be scored
    s.context_given = true;
    return set();
  };
  switch (o.id) {
    case Opt::json: s.json = true; return std::nullopt;
    case Opt::ref: s.use_ref = true; return std::nullopt;
    case Opt::players:
      if (value != "3" && value != "4") return "--players must be 3 or 4, not '" + std::string(value) + "'";
      s.players = value == "3" ? mjk::Players::three : mjk::Players::four;
      c.players = s.players;
      return std::nullopt;
    case Opt::visible: return read_visible(value, s);
    case Opt::format:
      if (const auto n = mjk::notation_of_name(value)) {
        s.notation = *n;
        return std::nullopt;
      }
      return "--format takes mpsz, majiang, unicode, tenhou or suit-first (see mjk --help)";
    case Opt::tsumo: return context([&] { return c.tsumo = true, std::optional<std::string>{}; });
    case Opt::riichi: return context([&] { return c.riichi = 1, std::optional<std::string>{}; });
    case Opt::double_riichi: return context([&] { return c.riichi = 2, std::optional<std::string>{}; });
    case Opt::ippatsu: return context([&] { return c.ippatsu = true, std::optional<std::string>{}; });
    case Opt::rinshan: return context([&] { return c.rinshan = true, std::optional<std::string>{}; });
    case Opt::chankan: return context([&] { return c.chankan = true, std::optional<std::string>{}; });
    case Opt::haitei: return context([&] { return c.haitei = true, std::optional<std::string>{}; });
    case Opt::tenhou: return context([&] { return c.tenhou = true, std::optional<std::string>{}; });
    case Opt::ron:
      return context([&]() -> std::optional<std::string> {
        for (const auto who : {mjk::Relative::kamicha, mjk::Relative::toimen, mjk::Relative::shimocha})
          if (value == mjk::relative_name(who)) {
            c.tsumo = false;
            c.from = who;
            return std::nullopt;
          }
        return "--ron must be kamicha, toimen or shimocha, not '" + std::string(value) + "'";
      });
    case Opt::seat: return context([&] { return read_wind(o.name, value, c.seat); });
    case Opt::round: return context([&] { return read_wind(o.name, value, c.round); });
    case Opt::dora:
    case Opt::ura: return context([&] { return read_indicators(o, value, s); });
    case Opt::nuki: return context([&] { return read_number(o.name, value, mjk::request_field("nuki")->max, c.nuki); });
    case Opt::honba:
      return context([&] { return read_number(o.name, value, mjk::request_field("honba")->max, c.honba); });
    case Opt::sticks:
      return context([&] { return read_number(o.name, value, mjk::request_field("sticks")->max, c.sticks); });
    case Opt::rule:
      return context([&]() -> std::optional<std::string> {
        const std::size_t eq = value.find('=');
        const auto e =
            mjk::set_rule(c.rules, value.substr(0, eq), eq == std::string_view::npos ? "" : value.substr(eq + 1));
        if (e) return "--rule " + std::string(value) + ": " + std::string(e.detail);
        return std::nullopt;
      });
    case Opt::hand_change: s.ev.hand_change = true; return std::nullopt;
    case Opt::shanten_back: s.ev.shanten_back = true; return std::nullopt;
    case Opt::no_uradora: s.ev.uradora = false; return std::nullopt;
    case Opt::no_red: s.ev.red = false; return std::nullopt;
    case Opt::extra: return read_int(o.name, value, s.ev.extra);
    case Opt::turn: s.turn_given = true; return read_int(o.name, value, s.ev.turn);
    case Opt::max_vertices: return read_count(o, value, s.ev.max_vertices);
    case Opt::impl:
    case Opt::version:
    case Opt::help_all:
    case Opt::print_man:
    case Opt::print_completion:
      if (!s.action) s.action = o.id, s.action_value = value;  // the first one given is done
      return std::nullopt;
    default: return not_read(o);
  }
}

}  // namespace mjk::cli
