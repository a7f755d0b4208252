// The observation encoding of a table: what the acting seat may see, as
// floats, for a learning caller (docs/engine.md, "Observations"; the
// table of fields in docs/python.md). Written once here for every door:
// the C ABI's mjk_table_observe and mjk_tables_encode, Python's
// Table.observation and Tables.encode.
#pragma once

#include <array>
#include <cstdint>

#include "mjk/export.h"
#include "mjk/table.hpp"

namespace mjk::observation {

// A field of the encoding: its name, first float and length.
struct Field {
  const char* name;
  int offset, size;
};

inline constexpr int river_slots = 32;   // discards kept per seat
inline constexpr float not_held = 9.0f;  // shanten_after of a kind the hand does not hold

// Seats relative to the acting seat (0 itself, 1 the next to play, 2
// across, 3 the previous). Values are raw: counts, pai + 1 (0 none; 35..37
// the red fives), points.
inline constexpr std::array<Field, 13> fields = [] {
  std::array<Field, 13> f = {{{"hand", 0, 34},
                              {"hand_red", 0, 3},
                              {"drawn", 0, 34},
                              {"melds", 0, 4 * 34},
                              {"discards", 0, 4 * river_slots},
                              {"discard_flags", 0, 4 * river_slots},
                              {"dora", 0, 5},
                              {"scores", 0, 4},
                              {"round", 0, 8},
                              {"riichi", 0, 4},
                              {"nuki", 0, 4},
                              {"shanten_after", 0, 34},
                              {"ukeire_after", 0, 34}}};
  for (std::size_t i = 1; i < f.size(); ++i) f[i].offset = f[i - 1].offset + f[i - 1].size;
  return f;
}();
inline constexpr int size = fields.back().offset + fields.back().size;  // 556 floats

// The seat that acts now: the lowest seat the table asks (on a discard
// several are; they answer one at a time in seat order), -1 when none is.
[[nodiscard]] inline int acting_seat(const Table& t) noexcept {
  const unsigned actors = t.actors();
  if (!actors) return -1;
  int s = 0;
  while (!((actors >> s) & 1)) ++s;
  return s;
}

// The acting seat's observation into out[0..size); zeros when nobody acts
// (the game is over). On the seat's own turn with 3k+2 tiles, each
// discard's shanten and ukeire come from the kernel's advice.
MJK_API void encode(const Table& t, float* out) noexcept;

}  // namespace mjk::observation
