// Parsers and printers for the hand model. Not on any hot path: clarity first.
#include <array>
#include <charconv>
#include <cstdio>
#include <span>

#include "mjk/hand.hpp"
#include "mjk/mpsz.hpp"
#include "hand_text.hpp"

namespace mjk {
using hand_text::parse_text;
using hand_text::space_chars;

namespace {
constexpr char suit_letter[] = "mpsz";
// A tile's two characters, "5m", "7z".
constexpr std::array<char, 2> name_of(Tile t) noexcept {
  return {static_cast<char>('0' + t.number()), suit_letter[t.kind() / 9]};
}
}  // namespace

std::string_view describe(Error code) noexcept {
  switch (code) {
    case Error::none: return "no error";
    case Error::empty_input: return "no tiles";
    case Error::unknown_character: return "unknown character";
    case Error::digit_without_suit: return "digits with no suit letter";
    case Error::suit_without_digit: return "suit letter with no digit";
    case Error::invalid_honour: return "no such honour (honours are 1z-7z)";
    case Error::fifth_copy: return "fifth copy of a tile";
    case Error::too_many_tiles: return "more than 14 tiles";
    case Error::wrong_tile_count: return "tile count does not fit the question";
    case Error::bad_winning_tile: return "the part after the space must be one tile";
    case Error::wrong_count_before_winning_tile: return "a winning tile must follow 3k+1 tiles";
    case Error::bad_tile_id: return "bad 136-tile id";
    case Error::bad_slot: return "count above 4 or a tile in a padding slot";
    case Error::count_mismatch: return "tile count differs from the sum of the counts";
    case Error::output_too_small: return "output is shorter than the input";
    case Error::not_in_rules: return "tile not used by the rules (2m-8m with three players)";
    case Error::partial_row: return "input is not a whole number of 34-count rows";
    case Error::visible_over_four: return "more than four copies of a tile held and visible";
    case Error::too_many_red_fives: return "more than one red five of a suit";
    case Error::invalid_argument: return "invalid argument (null pointer, players not 3 or 4, or bad stride)";
    case Error::bad_meld: return "a meld's tiles do not make its type";
    case Error::bad_meld_source: return "a meld called from a seat it cannot come from";
    case Error::chi_with_three_players: return "no chi with three players";
    case Error::wrong_meld_count: return "the concealed tiles do not fit the melds (3k+2 tiles with 4-k melds)";
    case Error::winning_tile_not_held: return "the winning tile is not in the hand";
    case Error::riichi_on_open_hand: return "riichi on an open hand";
    case Error::ippatsu_without_riichi: return "ippatsu without riichi";
    case Error::rinshan_without_kan: return "rinshan without a kan";
    case Error::rinshan_on_ron: return "rinshan on a ron";
    case Error::chankan_on_tsumo: return "chankan on a tsumo";
    case Error::haitei_with_rinshan: return "haitei with rinshan";
    case Error::tenhou_with_call: return "tenhou, chiihou or renhou with a call made";
    case Error::bad_seat: return "seat or round wind out of range, or a ron from oneself";
    case Error::bad_nuki: return "nuki with four players, or more than four";
    case Error::too_many_indicators: return "more than five dora or ura indicators";
    case Error::bad_request: return "malformed request";
    case Error::dealer_ron_with_tenhou:
      return "renhou (tenhou on a ron) for the dealer, who cannot ron before the first discard";
    case Error::too_few_tiles: return "fewer than 13 tiles counting 3 per meld";
    case Error::complete_hand: return "the hand is already complete";
    case Error::impossible_wall: return "more copies of a tile seen than the game has";
    case Error::wall_too_small: return "fewer tiles in the wall than the 18 draws searched";
    case Error::extra_out_of_range: return "extra must be 0..3";
    case Error::turn_out_of_range: return "turn must be 1..17";
    case Error::too_many_vertices: return "the search passed max_vertices";
    case Error::out_of_memory: return "the search ran out of memory";
    case Error::cancelled: return "the search was cancelled";
  }
  return "unknown error";
}

std::string tile_name(Tile t) {
  const auto name = name_of(t);
  return std::string(name.data(), name.size());
}

namespace {

// Appends to caller storage, dropping what does not fit: the sentence of a
// HandError is written without allocating (the C ABI promises that).
class Sentence {
 public:
  explicit Sentence(std::span<char> out) noexcept : out_(out) {}
  Sentence& operator<<(std::string_view text) noexcept {
    for (char c : text)
      if (n_ < out_.size()) out_[n_++] = c;
    return *this;
  }
  Sentence& operator<<(std::uint32_t v) noexcept {
    char digits[10];
    const auto end = std::to_chars(digits, digits + sizeof digits, v).ptr;
    return *this << std::string_view(digits, static_cast<std::size_t>(end - digits));
  }
  [[nodiscard]] std::size_t size() const noexcept { return n_; }

 private:
  std::span<char> out_;
  std::size_t n_ = 0;
};

}  // namespace

std::size_t HandError::write(std::span<char> out) const noexcept {
  Sentence s(out);
  const auto name_chars = tile ? name_of(*tile) : std::array<char, 2>{};
  const std::string_view name(name_chars.data(), tile ? 2 : 0);
  const auto at = [&] {
    if (position != nowhere) s << " at position " << position;
  };
  if (!detail.empty()) {  // a request's error: the code's words, then what exactly
    s << describe(code);
    if (tile) s << " (" << name << ")";
    at();
    s << ": " << detail;
    return s.size();
  }
  switch (code) {
    case Error::none: s << "no error"; break;
    case Error::empty_input: s << "no tiles"; break;
    case Error::unknown_character: s << "unknown character", at(); break;
    case Error::digit_without_suit: s << "digits with no suit letter (m, p, s or z) after them", at(); break;
    case Error::suit_without_digit: s << "suit letter with no digit", at(); break;
    case Error::invalid_honour: s << "no such honour", at(), s << " (honours are 1z-7z)"; break;
    case Error::fifth_copy: s << "fifth copy of " << name, at(); break;
    case Error::too_many_tiles:
      if (tile) s << "more than 14 tiles (tile " << name, at(), s << ")";
      else s << "more than 14 tiles (" << std::uint32_t{tiles} << ")";
      break;
    case Error::wrong_tile_count:
      s << std::uint32_t{tiles} << " tiles do not fit the question"
        << " (waits need 1, 4, 7, 10 or 13 tiles; agari, discards and decompositions need 2, 5, 8, 11 or 14)";
      break;
    case Error::bad_winning_tile: s << "expected exactly one winning tile after the space", at(); break;
    case Error::wrong_count_before_winning_tile:
      s << "a winning tile must follow 1, 4, 7, 10 or 13 tiles, not " << std::uint32_t{tiles}, at();
      break;
    case Error::bad_tile_id: s << "tile id out of range 0..135 or given twice", at(); break;
    case Error::bad_slot: s << "count above 4 or a tile in a padding slot (slot " << position << ")"; break;
    case Error::count_mismatch:
      s << "tiles field says " << std::uint32_t{tiles} << " but the counts sum to " << position;
      break;
    case Error::output_too_small: s << "output span is shorter than the input"; break;
    case Error::not_in_rules: s << name << " does not exist with three players (2m-8m are removed)"; break;
    case Error::partial_row: s << "input length is not a multiple of 34 (one row of 34 counts per hand)"; break;
    case Error::visible_over_four:
      s << "more than four copies of " << name << " in the hand and the visible tiles";
      break;
    case Error::too_many_red_fives:
      s << "a second red five (0" << name.substr(name.empty() ? 0 : 1) << ")", at(), s << ": each suit has one";
      break;
    case Error::invalid_argument: s << "invalid argument (null pointer, players not 3 or 4, or bad stride)"; break;
    case Error::bad_meld:
    case Error::bad_meld_source:
    case Error::chi_with_three_players: s << describe(code) << " (meld " << position << ")"; break;
    case Error::too_few_tiles:
      s << "an expected-value search needs 13 or 14 tiles counting 3 per meld, not " << std::uint32_t{tiles};
      break;
    case Error::impossible_wall:  // a red five's case says so in its detail
      s << name << " seen " << std::uint32_t{tiles}
        << " times in the hand, melds, dora indicators, north tiles and visible tiles together (the game has 4)";
      break;
    case Error::wall_too_small:
      s << "the wall holds " << std::uint32_t{tiles}
        << " tiles, fewer than the 18 draws an expected-value search makes";
      break;
    default: s << describe(code);
  }
  return s.size();
}

std::string HandError::message() const {
  char buf[max_message];
  return std::string(buf, write(buf));
}

HandError add_parsed_tile(Hand& hand, Tile t, bool red, std::uint32_t position) noexcept {
  if (hand.count(t) == 4) return {Error::fifth_copy, position, t, hand.tiles};
  if (hand.tiles == 14) return {Error::too_many_tiles, position, t, hand.tiles};
  if (red && hand.red_fives[static_cast<std::size_t>(t.kind() / 9)] > 0)
    return {Error::too_many_red_fives, position, t, hand.tiles};
  hand.add(t);
  if (red) ++hand.red_fives[t.kind() / 9];
  return {};
}

namespace {

bool tile_count_fits(int tiles, Question q) {
  switch (q) {
    case Question::any: return tiles >= 1;
    case Question::waits: return tiles % 3 == 1;
    case Question::complete: return tiles % 3 == 2;
    case Question::shanten: return tiles % 3 != 0;
  }
  return false;
}

// Parses one token of mpsz text starting at byte `offset` of the whole input.
HandError parse_mpsz_token(std::string_view token, std::uint32_t offset, Hand& hand) {
  HandError e = for_each_mpsz_tile(token, offset, [&hand](Tile t, bool red, std::uint32_t position) noexcept {
    return add_parsed_tile(hand, t, red, position);
  });
  if (e) e.tiles = hand.tiles;  // a hand's errors carry its count so far
  return e;
}

// Parses one token of suit-first text ("m1m2p3"), starting at `offset`.
HandError parse_suit_first_token(std::string_view token, std::uint32_t offset, Hand& hand) {
  for (std::size_t i = 0; i < token.size(); i += 2) {
    const auto pos = static_cast<std::uint32_t>(offset + i);
    const auto suit = suit_of_letter(token[i]);
    if (!suit) {
      const bool digit = token[i] >= '0' && token[i] <= '9';
      return {digit ? Error::digit_without_suit : Error::unknown_character, pos, std::nullopt, hand.tiles};
    }
    if (i + 1 == token.size()) return {Error::suit_without_digit, pos, std::nullopt, hand.tiles};
    const char c = token[i + 1];
    if (c < '0' || c > '9') {
      const bool letter = suit_of_letter(c).has_value();
      return {letter ? Error::suit_without_digit : Error::unknown_character, letter ? pos : pos + 1, std::nullopt,
              hand.tiles};
    }
    const bool red = c == '0' && *suit != Suit::honour;
    const auto tile = Tile::from(*suit, red ? 5 : c - '0');
    if (!tile) return {Error::invalid_honour, pos + 1, std::nullopt, hand.tiles};
    if (auto e = add_parsed_tile(hand, *tile, red, pos)) return e;
  }
  return {};
}

}  // namespace

namespace {
// Most a slot may hold: 4 where a tile lives, 0 in the padding.
constexpr std::array<std::uint8_t, slot_count> slot_limit = [] {
  std::array<std::uint8_t, slot_count> limit{};
  for (int s = 0; s < slot_count; ++s) limit[static_cast<std::size_t>(s)] = Tile::from_slot(s) ? 4 : 0;
  return limit;
}();
}  // namespace

HandError validate(const Hand& hand, Question q, Players players) noexcept {
  int sum = 0;
  for (int s = 0; s < slot_count; ++s) {
    const int n = hand.slots[s];
    if (n > slot_limit[static_cast<std::size_t>(s)])
      return {Error::bad_slot, static_cast<std::uint32_t>(s), Tile::from_slot(s), hand.tiles};
    sum += n;
  }
  if (sum != hand.tiles) return {Error::count_mismatch, static_cast<std::uint32_t>(sum), std::nullopt, hand.tiles};
  if (sum > 14) return {Error::too_many_tiles, 0, std::nullopt, hand.tiles};
  if (!tile_count_fits(sum, q)) return {Error::wrong_tile_count, 0, std::nullopt, hand.tiles};
  if (players == Players::three)
    for (int k = 1; k <= 7; ++k)  // 2m-8m
      if (hand.count(Tile(k)) > 0)
        return {Error::not_in_rules, static_cast<std::uint32_t>(Tile(k).slot()), Tile(k), hand.tiles};
  return {};
}

Parsed<ParsedHand> parse_mpsz(std::string_view text) { return parse_text(text, parse_mpsz_token); }
Parsed<ParsedHand> parse_suit_first(std::string_view text) { return parse_text(text, parse_suit_first_token); }

std::optional<Tile> parse_tile(std::string_view text) noexcept {
  if (text.size() != 2) return std::nullopt;
  const auto suit = suit_of_letter(text[1]);
  if (!suit || text[0] < '0' || text[0] > '9') return std::nullopt;
  const int digit = text[0] - '0';
  return Tile::from(*suit, digit == 0 && *suit != Suit::honour ? 5 : digit);
}

Parsed<Hand> from_counts34(std::span<const int, kind_count> counts) {
  Parsed<Hand> out;
  for (int k = 0; k < kind_count; ++k) {
    const int n = counts[static_cast<std::size_t>(k)];
    if (n < 0 || n > 4) {
      out.error = {n < 0 ? Error::bad_slot : Error::fifth_copy, static_cast<std::uint32_t>(k), Tile(k),
                   out.value.tiles};
      return out;
    }
    if (out.value.tiles + n > 14) {
      out.error = {Error::too_many_tiles, static_cast<std::uint32_t>(k), Tile(k), out.value.tiles};
      return out;
    }
    out.value.add(Tile(k), n);
  }
  if (out.value.tiles == 0) out.error = {Error::empty_input, 0, std::nullopt, 0};
  return out;
}

Parsed<Hand> from_tile_ids(std::span<const int> ids) {
  Parsed<Hand> out;
  std::array<bool, 136> seen{};
  for (std::size_t i = 0; i < ids.size(); ++i) {
    const int id = ids[i];
    const auto pos = static_cast<std::uint32_t>(i);
    if (id < 0 || id >= 136 || seen[static_cast<std::size_t>(id)]) {
      out.error = {Error::bad_tile_id, pos, std::nullopt, out.value.tiles};
      return out;
    }
    seen[static_cast<std::size_t>(id)] = true;
    const bool red = id == 16 || id == 52 || id == 88;
    if (auto e = add_parsed_tile(out.value, Tile(id / 4), red, pos)) {
      out.error = e;
      return out;
    }
  }
  if (out.value.tiles == 0) out.error = {Error::empty_input, 0, std::nullopt, 0};
  return out;
}

std::array<int, kind_count> to_counts34(const Hand& hand) noexcept {
  std::array<int, kind_count> counts{};
  for (int k = 0; k < kind_count; ++k) counts[static_cast<std::size_t>(k)] = hand.count(Tile(k));
  return counts;
}

std::vector<int> to_tile_ids(const Hand& hand) {
  std::vector<int> ids;
  for (int k = 0; k < kind_count; ++k) {
    const Tile t(k);
    const int n = hand.count(t);
    const bool five = !t.is_honour() && t.number() == 5;
    // Copy 0 of a five is the red one: use it only if a red five is held or all four are.
    const int first = five && hand.red_fives[static_cast<std::size_t>(k / 9)] == 0 && n < 4 ? 1 : 0;
    for (int c = 0; c < n; ++c) ids.push_back(4 * k + first + c);
  }
  return ids;
}

namespace hand_text {
std::string digits_of_suit(const Hand& hand, int suit) {
  std::string out;
  const int kinds = suit == 3 ? 7 : 9;
  for (int n = 1; n <= kinds; ++n) {
    const Tile t(suit * 9 + n - 1);
    int count = hand.count(t);
    if (n == 5 && suit < 3) {
      const int red = std::min<int>(hand.red_fives[static_cast<std::size_t>(suit)], count);
      out.append(static_cast<std::size_t>(red), '0');
      count -= red;
    }
    out.append(static_cast<std::size_t>(count), static_cast<char>('0' + n));
  }
  return out;
}
}  // namespace hand_text

std::string to_mpsz(const Hand& hand) {
  std::string out;
  for (int suit = 0; suit < 4; ++suit)
    if (const std::string d = hand_text::digits_of_suit(hand, suit); !d.empty()) out += d + suit_letter[suit];
  return out;
}

std::string to_suit_first(const Hand& hand) {
  std::string out;
  for (int k = 0; k < kind_count; ++k) {
    const Tile t(k);
    const std::string name = tile_name(t);
    const int red = t.is_honour() || t.number() != 5
                        ? 0
                        : std::min<int>(hand.red_fives[static_cast<std::size_t>(k / 9)], hand.count(t));
    for (int c = 0; c < hand.count(t); ++c) out += {name[1], c < red ? '0' : name[0]};
  }
  return out;
}

}  // namespace mjk
