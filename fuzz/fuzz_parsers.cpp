// Parser fuzzer: every text and array parser gets arbitrary bytes. None may
// crash; every success must pass validate() and survive a round trip through
// every printer; every error must point inside its input. A failure prints
// what went wrong and aborts.
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "mjk/hand.hpp"

namespace {

using namespace mjk;

[[noreturn]] void fail(const char* what, std::string_view input, const std::string& detail) {
  std::string shown;
  for (const unsigned char c : input) shown += c >= 0x20 && c < 0x7f ? std::string(1, static_cast<char>(c)) : "\\x" + std::to_string(c);
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
  const std::string mpsz = to_mpsz(h), seed = to_seed000(h);
  const auto m = parse_mpsz(mpsz);
  if (!m.ok() || !same(m.value.hand, h)) fail(what, input, "to_mpsz round trip: " + mpsz);
  const auto s = parse_seed000(seed);
  if (!s.ok() || !same(s.value.hand, h)) fail(what, input, "to_seed000 round trip: " + seed);
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
    fail(what, input, "error position " + std::to_string(e.position) + " outside an input of " +
                          std::to_string(size) + ": " + e.message());
  if (e.message().empty()) fail(what, input, "empty error message");
}

void text_parsers(std::string_view text) {
  using Parser = Parsed<ParsedHand> (*)(std::string_view);
  const std::pair<const char*, Parser> parsers[] = {
      {"parse_mpsz", parse_mpsz}, {"parse_seed000", parse_seed000}, {"parse_hand", parse_hand}};
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
  if (const auto t = parse_tile(text)) {
    const auto back = parse_tile(tile_name(*t));
    if (!back || *back != *t) fail("parse_tile", text, "tile_name round trip: " + tile_name(*t));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);
  switch (data[0] % 3) {
    case 0:  // text forms
      text_parsers(rest);
      break;
    case 1: {  // 34 counts, one signed byte each
      std::array<int, kind_count> counts{};
      for (std::size_t k = 0; k < counts.size() && k < rest.size(); ++k)
        counts[k] = static_cast<std::int8_t>(rest[k]);
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
