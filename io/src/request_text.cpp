// A request line in the meld notation (request.hpp): "HAND [MELD ...] [WIN]"
// read into a ScoreRequest, and written back; the last-tile rule of a line
// without its winning tile.
#include <algorithm>

#include "mjk/notation.hpp"
#include "mjk/report.hpp"
#include "mjk/request.hpp"
#include "request_parts.hpp"

namespace mjk {
using namespace request_parts;

Parsed<ParsedRequest> parse_request_text(std::string_view line, const ScoreRequest& context) noexcept {
  Parsed<ParsedRequest> out;
  ParsedRequest& r = out.value;
  r.request = context;
  r.request.hand = {};
  r.request.meld_count = 0;
  r.request.melds = {};
  r.request.win = {};
  r.request.win_red = false;

  // Words, with their offsets.
  struct Word {
    std::string_view text;
    std::uint32_t at;
  };
  std::array<Word, 7> words{};  // hand, four melds, the winning tile, one more (an error)
  std::size_t count = 0;
  bool any_meld = false;
  for (std::size_t i = line.find_first_not_of(space_chars); i != std::string_view::npos && count < words.size();
       i = line.find_first_not_of(space_chars, i)) {
    const std::size_t end = std::min(line.find_first_of(space_chars, i), line.size());
    words[count++] = {line.substr(i, end - i), static_cast<std::uint32_t>(i)};
    any_meld = any_meld || line.substr(i, end - i).find(':') != std::string_view::npos;
    i = end;
  }

  if (!any_meld) {  // plain text in any notation: parse_hand's grammar and errors, unchanged
    const auto p = parse_notation(line);
    if (!p.ok()) {
      out.error = p.error;
      return out;
    }
    const ParsedHand& h = p.value.parsed;
    r.request.hand = h.hand;
    r.has_win = h.winning.has_value();
    if (r.has_win) r.request.win = *h.winning;
    r.request.win_red = h.winning_red;
    r.melds_known = r.request.hand.tiles == 14 || (!r.has_win && r.request.hand.tiles == 13);
    if (p.value.meld_count > 0) {  // majiang-core's string writes its calls after commas
      r.request.meld_count = p.value.meld_count;
      r.request.melds = p.value.melds;
      r.meld_position = p.value.meld_position;
      r.melds_known = true;
      out.error = check_fit(r, r.request.hand.tiles - (r.has_win ? 1 : 0), words[0].at);
    }
    return out;
  }

  r.melds_known = true;
  if (words[0].text.find(':') != std::string_view::npos) {
    out.error =
        bad(words[0].at, "the concealed tiles come first, then the melds, then the winning tile", Error::bad_meld);
    return out;
  }
  if (const auto c = words[0].text.find(','); c != std::string_view::npos) {
    out.error = bad(static_cast<std::uint32_t>(words[0].at + c), "calls written after commas and meld words do not mix",
                    Error::bad_meld);
    return out;
  }
  const auto hand = parse_hand(words[0].text);
  if (!hand.ok()) {  // positions within the first word are positions in the line
    out.error = hand.error;
    out.error.position += words[0].at;
    return out;
  }
  r.request.hand = hand.value.hand;
  std::size_t w = 1;
  for (; w < count && words[w].text.find(':') != std::string_view::npos; ++w) {
    if (r.request.meld_count == 4) {
      out.error = bad(words[w].at, "a hand has at most four melds", Error::wrong_meld_count);
      return out;
    }
    if (HandError e = parse_meld(words[w].text, words[w].at, r.request.melds[r.request.meld_count])) {
      out.error = e;
      return out;
    }
    r.meld_position[r.request.meld_count++] = words[w].at;
  }
  const int before_win = r.request.hand.tiles;
  std::uint32_t win_at = 0;
  if (w < count) {  // the winning tile, last
    const Word win = words[w];
    const auto tile = parse_tile(win.text);
    if (!tile) {
      out.error = bad(win.at, "after the melds comes one winning tile, such as 5m or 0p", Error::bad_winning_tile);
      return out;
    }
    if (w + 1 < count) {
      const bool meld = words[w + 1].text.find(':') != std::string_view::npos;
      out.error = bad(words[w + 1].at, meld ? "melds go before the winning tile" : "nothing follows the winning tile",
                      Error::bad_winning_tile);
      return out;
    }
    r.request.win = *tile;
    r.request.win_red = win.text[0] == '0';
    r.has_win = true;
    win_at = win.at;
  }
  if (HandError e = check_fit(r, before_win, words[0].at)) {
    out.error = e;
    return out;
  }
  if (r.has_win)
    if (HandError e = add_win(r, win_at)) out.error = e;
  return out;
}

std::size_t write_request_text(const ParsedRequest& pr, std::span<char> out) noexcept {
  const ScoreRequest& q = pr.request;
  ParsedHand concealed;
  concealed.hand = q.hand;
  if (pr.has_win) {
    concealed.hand.remove(q.win);
    if (q.win_red) --concealed.hand.red_fives[static_cast<std::size_t>(q.win.kind() / 9)];
  }
  std::size_t n = write_hand(concealed, out);
  const auto rest = [&] { return n < out.size() ? out.subspan(n) : std::span<char>{}; };
  const auto put = [&](char c) {
    if (n < out.size()) out[n] = c;
    ++n;
  };
  for (std::size_t i = 0; i < q.meld_count && i < q.melds.size(); ++i) {
    put(' ');
    n += write_meld(q.melds[i], rest());
  }
  if (pr.has_win) {
    put(' ');
    put(q.win_red ? '0' : static_cast<char>('0' + q.win.number()));
    put(suit_letters[q.win.kind() / 9]);
  }
  return n;
}

std::size_t last_tile_as_win(std::string_view line, std::span<char> out) noexcept {
  const std::size_t start = line.find_first_not_of(space_chars);
  if (start == std::string_view::npos || line[start] == '{') return 0;
  const auto parsed = parse_request_text(line);
  const ScoreRequest& q = parsed.value.request;
  if (!parsed.ok() || parsed.value.has_win || !parsed.value.melds_known || q.hand.tiles != 14 - 3 * q.meld_count)
    return 0;
  // The concealed tiles are the first word (in majiang-core's form, the
  // word up to its first comma: the calls follow); its last tile is "...Ds"
  // (mpsz), "...sD" (the suit-first form) or "...sDD" (majiang-core's: the
  // digits after their suit letter).
  const std::size_t end = std::min(line.find_first_of(space_chars, start), line.size());
  const std::string_view whole = line.substr(start, end - start);
  const std::string_view word = whole.substr(0, std::min(whole.find(','), whole.size()));
  if (word.size() < 2) return 0;
  const auto is_digit = [](char c) { return c >= '0' && c <= '9'; };
  const char a = word[word.size() - 2], b = word[word.size() - 1];
  const bool mpsz = is_digit(a) && suit_of_letter(b).has_value();
  std::size_t letter = word.size() - 1;  // majiang-core's: the suit letter before the last digits
  while (letter > 0 && is_digit(word[letter])) --letter;
  const bool majiang = !mpsz && is_digit(a) && is_digit(b) && suit_of_letter(word[letter]).has_value();
  if (!mpsz && !majiang && !(suit_of_letter(a).has_value() && is_digit(b))) return 0;
  const char digit = mpsz ? a : b, suit = mpsz ? b : majiang ? word[letter] : a;
  // What stays of the word: mpsz drops the digit (and the suit letter with
  // it when the digit was its group's only one); majiang-core's drops the
  // digit; the suit-first form drops the pair.
  std::size_t keep = word.size() - (majiang ? 1 : 2);
  const bool group_left = mpsz && keep > 0 && word[keep - 1] >= '0' && word[keep - 1] <= '9';
  std::size_t n = 0;
  const auto put = [&](std::string_view text) noexcept {
    for (const char c : text) {
      if (n < out.size()) out[n] = c;
      ++n;
    }
  };
  put(line.substr(0, start + keep));
  if (group_left) put(std::string_view(&suit, 1));
  put(line.substr(start + word.size()));
  while (n > 0 && n <= out.size() &&
         (out[n - 1] == ' ' || out[n - 1] == '\t' || out[n - 1] == '\r' || out[n - 1] == '\n'))
    --n;
  const char win[] = {' ', mpsz ? digit : suit, mpsz ? suit : digit};  // in the hand's own form
  put(std::string_view(win, sizeof win));
  return n;
}

}  // namespace mjk
