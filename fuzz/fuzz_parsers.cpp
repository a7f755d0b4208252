// Parser fuzzer: every text and array parser (every hand notation too) gets arbitrary bytes (the
// first byte picks one: 0x80 and above the request parser, else byte % 3). None may
// crash; every success must pass validate() and survive a round trip through
// every printer; every error must point inside its input. A failure prints
// what went wrong and aborts.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "mjk/hand.hpp"
#include "mjk/notation.hpp"
#include "mjk/request.hpp"

namespace {

using namespace mjk;

[[noreturn]] void fail(const char* what, std::string_view input, const std::string& detail) {
  std::string shown;
  for (const unsigned char c : input)
    shown += c >= 0x20 && c < 0x7f ? std::string(1, static_cast<char>(c)) : "\\x" + std::to_string(c);
  std::fprintf(stderr, "FAILURE %s on input \"%s\": %s\n", what, shown.c_str(), detail.c_str());
  std::abort();
}

bool same(const Hand& a, const Hand& b) { return a == b && a.red_fives == b.red_fives; }

// The 136-id form has one red five per suit among its four fives: a hand with
// all four fives of a suit comes back from ids with that suit's red one.
bool same_as_ids(const Hand& from_ids, const Hand& h) {
  if (!(from_ids == h)) return false;
  for (int suit = 0; suit < 3; ++suit) {
    const auto i = static_cast<std::size_t>(suit);
    const int want = h.count(Tile(suit * 9 + 4)) == 4 ? 1 : h.red_fives[i];
    if (from_ids.red_fives[i] != want) return false;
  }
  return true;
}

// A parsed hand must be valid and come back unchanged from every printer.
void check_hand(const char* what, std::string_view input, const Hand& h) {
  if (const auto e = validate(h)) fail(what, input, "parsed hand fails validate(): " + e.message());
  const std::string mpsz = to_mpsz(h), seed = to_suit_first(h);
  const auto m = parse_mpsz(mpsz);
  if (!m.ok() || !same(m.value.hand, h)) fail(what, input, "to_mpsz round trip: " + mpsz);
  const auto s = parse_suit_first(seed);
  if (!s.ok() || !same(s.value.hand, h)) fail(what, input, "to_suit_first round trip: " + seed);
  const auto counts = to_counts34(h);
  const auto c = from_counts34(counts);
  if (!c.ok() || !(c.value == h)) fail(what, input, "to_counts34 round trip");
  const auto ids = to_tile_ids(h);
  const auto i = from_tile_ids(ids);
  if (!i.ok() || !same_as_ids(i.value, h)) fail(what, input, "to_tile_ids round trip");
}

void check_error(const char* what, std::string_view input, const HandError& e, std::size_t size) {
  if (e.code == Error::empty_input) return;
  if (e.position >= size)
    fail(what, input,
         "error position " + std::to_string(e.position) + " outside an input of " + std::to_string(size) + ": " +
             e.message());
  if (e.message().empty()) fail(what, input, "empty error message");
}

constexpr std::array<Notation, 5> notations = {Notation::mpsz, Notation::suit_first, Notation::majiang,
                                               Notation::unicode, Notation::tenhou};

// Every notation's reader, forced and detected: a hand read (with its calls)
// prints in every notation and reads back the same (Unicode has no red tile).
void notation_parsers(std::string_view text) {
  for (std::size_t k = 0; k <= notations.size(); ++k) {
    const auto r = k < notations.size() ? parse_notation(text, notations[k]) : parse_notation(text);
    const std::string name =
        k < notations.size() ? "parse_notation " + std::string(notation_name(notations[k])) : "parse_notation";
    if (!r.ok()) {
      check_error(name.c_str(), text, r.error, text.size());
      continue;
    }
    const ParsedMelds& p = r.value;
    if (const auto e = validate(p.parsed.hand))
      fail(name.c_str(), text, "parsed hand fails validate(): " + e.message());
    if (p.meld_count > 4 || p.parsed.hand.tiles + 3 * p.meld_count > 14) fail(name.c_str(), text, "too many calls");
    const std::span<const Meld> melds(p.melds.data(), p.meld_count);
    for (const Notation n : notations) {
      const std::string printed = to_string(p.parsed.hand, melds, n);
      const auto back = parse_notation(printed);
      const bool calls_kept =
          n != Notation::majiang ||
          (back.value.meld_count == p.meld_count && std::equal(melds.begin(), melds.end(), back.value.melds.begin()));
      const bool hand_kept = n == Notation::unicode ? back.value.parsed.hand == p.parsed.hand
                                                    : same(back.value.parsed.hand, p.parsed.hand);
      if (!back.ok() || !hand_kept || !calls_kept)
        fail(name.c_str(), text, "to_string " + std::string(notation_name(n)) + " round trip: " + printed);
    }
  }
}

void text_parsers(std::string_view text) {
  using Parser = Parsed<ParsedHand> (*)(std::string_view);
  const std::pair<const char*, Parser> parsers[] = {
      {"parse_mpsz", parse_mpsz}, {"parse_suit_first", parse_suit_first}, {"parse_hand", parse_hand}};
  for (const auto& [name, parse] : parsers) {
    const auto r = parse(text);
    if (!r.ok()) {
      check_error(name, text, r.error, text.size());
      continue;
    }
    check_hand(name, text, r.value.hand);
    if (r.value.winning) {
      if (r.value.hand.count(*r.value.winning) == 0) fail(name, text, "winning tile not in the hand");
      if (r.value.hand.tiles % 3 != 2) fail(name, text, "winning tile after a hand that is not 3k+1");
    }
  }
  notation_parsers(text);
  if (const auto t = parse_tile(text)) {
    const auto back = parse_tile(tile_name(*t));
    if (!back || *back != *t) fail("parse_tile", text, "tile_name round trip: " + tile_name(*t));
  }
}

// A request line (the meld notation or a JSON object): no crash; an error
// points inside the line (or nowhere) and says something; a request that
// parses and passes its checks prints in the meld notation, which parses
// back to the same hand, melds and winning tile, and passes the checks
// again. Every meld word printed parses back to its meld.
void request_parser(std::string_view text) {
  const auto r = parse_request(text);
  HandError e = r.error;
  if (!e) e = check_request(r.value);
  if (e) {
    // A request can end too early ("{" and nothing after): its error then
    // stands at the end of the input, one past the last byte.
    if (e.position != HandError::nowhere) check_error("parse_request", text, e, text.size() + 1);
    else if (e.message().empty()) fail("parse_request", text, "empty error message");
    return;
  }
  const ScoreRequest& q = r.value.request;
  if (q.meld_count > 4) fail("parse_request", text, "more than four melds");
  for (std::size_t i = 0; i < q.meld_count; ++i) {
    char word[32];
    const std::size_t n = write_meld(q.melds[i], word);
    Meld back;
    if (n > sizeof word || parse_meld(std::string_view(word, n), 0, back) || !(back == q.melds[i]))
      fail("write_meld", text, "meld word does not parse back: " + std::string(word, std::min(n, sizeof word)));
  }
  char line[max_request_text];
  const std::size_t n = write_request_text(r.value, line);
  if (n > sizeof line) fail("write_request_text", text, "longer than max_request_text");
  const std::string printed(line, n);
  const auto back = parse_request(printed, q);
  if (!back.ok()) fail("write_request_text", text, "printed \"" + printed + "\" fails: " + back.error.message());
  if (const HandError again = check_request(back.value))
    fail("write_request_text", text, "printed \"" + printed + "\" fails its checks: " + again.message());
  const ScoreRequest& b = back.value.request;
  if (!same(b.hand, q.hand) || b.meld_count != q.meld_count || b.melds != q.melds ||
      back.value.has_win != r.value.has_win || (r.value.has_win && (b.win != q.win || b.win_red != q.win_red)))
    fail("write_request_text", text, "printed \"" + printed + "\" parses to another request");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);
  if (data[0] >= 0x80) {  // a request line: the meld notation or a JSON object
    request_parser(rest);
    return 0;
  }
  switch (data[0] % 3) {
    case 0:  // text forms
      text_parsers(rest);
      break;
    case 1: {  // 34 counts, one signed byte each
      std::array<int, kind_count> counts{};
      for (std::size_t k = 0; k < counts.size() && k < rest.size(); ++k) counts[k] = static_cast<std::int8_t>(rest[k]);
      const auto r = from_counts34(counts);
      if (r.ok()) check_hand("from_counts34", rest, r.value);
      else check_error("from_counts34", rest, r.error, counts.size());
      break;
    }
    default: {  // 136-tile ids, one byte each (0..255: many out of range)
      std::vector<int> ids;
      for (const char c : rest) ids.push_back(static_cast<unsigned char>(c));
      const auto r = from_tile_ids(ids);
      if (r.ok()) check_hand("from_tile_ids", rest, r.value);
      else check_error("from_tile_ids", rest, r.error, ids.size());
    }
  }
  return 0;
}
