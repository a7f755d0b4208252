// Tile kinds, the padded 12-per-suit slot layout, and sets of kinds.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <optional>

namespace mjk {

enum class Suit : std::uint8_t { man, pin, sou, honour };

inline constexpr int kind_count = 34;   // 1-9m, 1-9p, 1-9s, 1-7z
inline constexpr int group_slots = 12;  // one suit (or the honours) per 12 slots
inline constexpr int slot_count = 48;

// Honours sit at slots E S . W N . Wh G . R of the fourth group, so that no
// three consecutive honour slots are occupied and no sequence can form.
inline constexpr std::array<std::uint8_t, 7> honour_slot = {0, 1, 3, 4, 6, 7, 9};

// One of the 34 kinds of tile. Red fives are the same kind as fives.
class Tile {
 public:
  constexpr Tile() noexcept = default;
  // Precondition: 0 <= kind < 34 (use from_kind to check).
  constexpr explicit Tile(int kind) noexcept : kind_(static_cast<std::uint8_t>(kind)) {}
  static constexpr std::optional<Tile> from_kind(int kind) noexcept {
    if (kind < 0 || kind >= kind_count) return std::nullopt;
    return Tile(kind);
  }
  // number 1-9 (1-7 for honours)
  static constexpr std::optional<Tile> from(Suit suit, int number) noexcept {
    const int limit = suit == Suit::honour ? 7 : 9;
    if (number < 1 || number > limit) return std::nullopt;
    return Tile(static_cast<int>(suit) * 9 + number - 1);
  }

  [[nodiscard]] constexpr int kind() const noexcept { return kind_; }
  [[nodiscard]] constexpr Suit suit() const noexcept { return static_cast<Suit>(kind_ / 9); }
  [[nodiscard]] constexpr int number() const noexcept { return kind_ % 9 + 1; }
  [[nodiscard]] constexpr bool is_honour() const noexcept { return kind_ >= 27; }
  [[nodiscard]] constexpr bool is_terminal_or_honour() const noexcept {
    return is_honour() || number() == 1 || number() == 9;
  }
  // Index in the padded 48-slot layout.
  [[nodiscard]] constexpr int slot() const noexcept {
    return is_honour() ? 36 + honour_slot[kind_ - 27] : (kind_ / 9) * group_slots + kind_ % 9;
  }
  // The kind held at a slot, or nothing for an always-empty padding slot.
  static constexpr std::optional<Tile> from_slot(int slot) noexcept {
    if (slot < 0 || slot >= slot_count) return std::nullopt;
    const int group = slot / group_slots, pos = slot % group_slots;
    if (group < 3) return pos < 9 ? std::optional<Tile>(Tile(group * 9 + pos)) : std::nullopt;
    for (int h = 0; h < 7; ++h)
      if (honour_slot[h] == pos) return Tile(27 + h);
    return std::nullopt;
  }

  friend constexpr bool operator==(Tile, Tile) noexcept = default;
  friend constexpr auto operator<=>(Tile, Tile) noexcept = default;

 private:
  std::uint8_t kind_ = 0;
};

// A set of kinds, bit k for kind k.
class TileMask {
 public:
  constexpr TileMask() noexcept = default;
  constexpr explicit TileMask(std::uint64_t bits) noexcept : bits_(bits & all_bits) {}

  [[nodiscard]] constexpr std::uint64_t bits() const noexcept { return bits_; }
  [[nodiscard]] constexpr bool contains(Tile t) const noexcept { return (bits_ >> t.kind()) & 1; }
  [[nodiscard]] constexpr bool empty() const noexcept { return bits_ == 0; }
  [[nodiscard]] constexpr int size() const noexcept { return std::popcount(bits_); }
  constexpr void insert(Tile t) noexcept { bits_ |= std::uint64_t{1} << t.kind(); }

  friend constexpr bool operator==(TileMask, TileMask) noexcept = default;

  // Iterates kinds in ascending order.
  class iterator {
   public:
    constexpr explicit iterator(std::uint64_t rest) noexcept : rest_(rest) {}
    constexpr Tile operator*() const noexcept { return Tile(std::countr_zero(rest_)); }
    constexpr iterator& operator++() noexcept {
      rest_ &= rest_ - 1;
      return *this;
    }
    friend constexpr bool operator==(iterator, iterator) noexcept = default;

   private:
    std::uint64_t rest_;
  };
  [[nodiscard]] constexpr iterator begin() const noexcept { return iterator(bits_); }
  [[nodiscard]] constexpr iterator end() const noexcept { return iterator(0); }

 private:
  static constexpr std::uint64_t all_bits = (std::uint64_t{1} << kind_count) - 1;
  std::uint64_t bits_ = 0;
};

}  // namespace mjk
