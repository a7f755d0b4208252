// mjk_tile_name, mjk_tile_kind, mjk_counts_mpsz (mjk_doors.h): the library's
// own tile naming (mjk/hand.hpp) for the doors, which wrote it out each.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "mjk.h"
#include "mjk/hand.hpp"

extern "C" {

int mjk_tile_name(long long kind, char buf[3], const char** why) {
  if (!buf) return MJK_ERR_INVALID_ARGUMENT;
  if (kind < 0 || kind >= MJK_KINDS) {
    buf[0] = '\0';
    if (why) *why = "must be 0..33";
    return MJK_ERR_INVALID_ARGUMENT;
  }
  const std::string name = mjk::tile_name(mjk::Tile(static_cast<int>(kind)));
  std::copy_n(name.data(), 2, buf);
  buf[2] = '\0';
  return MJK_OK;
}

int mjk_tile_kind(const char* name, size_t length, const char** why) {
  const std::string_view text = name ? std::string_view(name, length) : std::string_view();
  // The names are written in lower case: parse_tile also reads "5M", which a
  // door's caller asking for one tile's kind has not written.
  const bool shaped = text.size() == 2 && text[0] >= '0' && text[0] <= '9' &&
                      std::string_view("mpsz").find(text[1]) != std::string_view::npos;
  const auto tile = shaped ? mjk::parse_tile(text) : std::nullopt;
  if (tile && !(text[0] == '0' && tile->is_honour())) return tile->kind();
  if (why)
    *why = shaped ? "is not a tile (honours are 1z..7z)"
                  : "is not a tile name (a digit and m, p, s or z: \"5m\", \"0p\", \"7z\")";
  return -1;
}

int mjk_counts_mpsz(const uint8_t* counts, char* buf, size_t* bad_kind) {
  if (!counts || !buf) return MJK_ERR_INVALID_ARGUMENT;
  buf[0] = '\0';
  mjk::Hand hand;  // Hand::add keeps no limit of 14: any 34 counts of at most 4 are text
  for (int k = 0; k < MJK_KINDS; ++k) {
    if (counts[k] > 4) {
      if (bad_kind) *bad_kind = static_cast<std::size_t>(k);
      return MJK_ERR_FIFTH_COPY;
    }
    hand.add(mjk::Tile(k), counts[k]);
  }
  const std::string text = mjk::to_mpsz(hand);
  std::copy(text.begin(), text.end(), buf);
  buf[text.size()] = '\0';
  return MJK_OK;
}

}  // extern "C"
