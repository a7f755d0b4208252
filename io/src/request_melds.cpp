// The meld notation's words (request.hpp): "pon:555z@toimen" and back.
#include <algorithm>

#include "mjk/request.hpp"
#include "request_parts.hpp"

namespace mjk {
using namespace request_parts;


std::string_view meld_type_name(MeldType type) noexcept {
  const auto i = static_cast<std::size_t>(type);
  return i < meld_type_names.size() ? meld_type_names[i] : "unknown";
}
std::string_view relative_name(Relative who) noexcept {
  const auto i = static_cast<std::size_t>(who);
  return i < relative_names.size() ? relative_names[i] : "unknown";
}


HandError parse_meld_tiles(MeldType type, std::string_view text, std::uint32_t offset, Meld& out) noexcept {
  std::array<int, 4> kinds{};
  int n = 0, red = 0;
  std::uint32_t red_at = offset;
  const bool chi = type == MeldType::chi;
  const int size = chi || type == MeldType::pon ? 3 : 4;
  const std::string_view shape = chi         ? "a chi is three tiles in a row of one suit, such as 234m"
                                 : size == 3 ? "a pon is three equal tiles, such as 555z"
                                             : "a kan is four equal tiles, such as 5555p";
  HandError e = for_each_mpsz_tile(text, offset, [&](Tile t, bool is_red, std::uint32_t pos) -> HandError {
    if (n == size) return bad(pos, shape, Error::bad_meld);
    kinds[static_cast<std::size_t>(n++)] = t.kind();
    if (is_red && red++ == 1) red_at = pos;  // the second red five
    return {};
  });
  if (e) return e;
  if (red > 1) return {Error::too_many_red_fives, red_at, Tile(kinds[0]), 0};
  for (int i = 1; i < n; ++i)  // at most four: an insertion sort
    for (int j = i; j > 0 && kinds[static_cast<std::size_t>(j - 1)] > kinds[static_cast<std::size_t>(j)]; --j)
      std::swap(kinds[static_cast<std::size_t>(j - 1)], kinds[static_cast<std::size_t>(j)]);
  bool ok = n == size;
  for (int i = 1; ok && i < n; ++i) {
    const int k = kinds[static_cast<std::size_t>(i)];
    const int prev = kinds[static_cast<std::size_t>(i - 1)];
    ok = chi ? k == prev + 1 && k / 9 == prev / 9 && k < 27 : k == prev;
  }
  if (!ok) return bad(offset, shape, Error::bad_meld);
  out.type = type;
  out.tile = Tile(kinds[0]);
  out.red = static_cast<std::uint8_t>(red);
  return {};
}

HandError parse_meld(std::string_view word, std::uint32_t offset, Meld& out) noexcept {
  const std::size_t colon = word.find(':');
  const auto type_it = std::find(meld_type_names.begin(), meld_type_names.end(), word.substr(0, colon));
  if (colon == std::string_view::npos || type_it == meld_type_names.end())
    return bad(offset, "a meld is TYPE:TILES[@FROM] with TYPE chi, pon, minkan, ankan or kakan", Error::bad_meld);
  const auto type = static_cast<MeldType>(type_it - meld_type_names.begin());
  const std::size_t at = word.find('@', colon);
  const std::string_view tiles =
      word.substr(colon + 1, at == std::string_view::npos ? std::string_view::npos : at - colon - 1);
  Meld m;
  if (HandError e = parse_meld_tiles(type, tiles, static_cast<std::uint32_t>(offset + colon + 1), m)) return e;
  m.from = type == MeldType::ankan ? Relative::self : Relative::kamicha;
  if (at != std::string_view::npos) {
    const auto from_pos = static_cast<std::uint32_t>(offset + at + 1);
    const std::string_view from = word.substr(at + 1);
    const auto it = std::find(relative_names.begin() + 1, relative_names.end(), from);
    if (it == relative_names.end()) return bad(from_pos, "FROM is kamicha, toimen or shimocha", Error::bad_meld_source);
    if (type == MeldType::ankan) return bad(from_pos, "an ankan is not called from anyone", Error::bad_meld_source);
    m.from = static_cast<Relative>(it - relative_names.begin());
    if (type == MeldType::chi && m.from != Relative::kamicha)
      return bad(from_pos, "a chi is called from kamicha only", Error::bad_meld_source);
  }
  out = m;
  return {};
}

std::size_t write_meld(const Meld& m, std::span<char> out) noexcept {
  std::size_t n = 0;
  const auto put = [&](char c) {
    if (n < out.size()) out[n] = c;
    ++n;
  };
  for (const char c : meld_type_name(m.type)) put(c);
  put(':');
  const bool chi = m.type == MeldType::chi;
  bool red_left = m.red > 0;
  for (int i = 0; i < m.size(); ++i) {
    const Tile t(m.tile.kind() + (chi ? i : 0));
    const bool red = red_left && !t.is_honour() && t.number() == 5;
    red_left = red_left && !red;
    put(red ? '0' : static_cast<char>('0' + t.number()));
  }
  put(suit_letters[m.tile.kind() / 9]);
  if (m.type != MeldType::ankan && m.from != Relative::kamicha) {
    put('@');
    for (const char c : relative_name(m.from)) put(c);
  }
  return n;
}

}  // namespace mjk
