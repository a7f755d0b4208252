// The observation encoding (mjk/observation.hpp): the acting seat's view of
// a table, with the kernel's discard advice on its own turn.
#include "mjk/observation.hpp"

#include <algorithm>
#include <cstring>
#include <string_view>

#include "mjk/analysis.hpp"

namespace mjk::observation {
namespace {

constexpr int offset_of(std::string_view name) {
  for (const Field& f : fields)
    if (name == f.name) return f.offset;
  return -1;
}
constexpr int off_hand = offset_of("hand"), off_hand_red = offset_of("hand_red"), off_drawn = offset_of("drawn"),
              off_melds = offset_of("melds"), off_discards = offset_of("discards"),
              off_flags = offset_of("discard_flags"), off_dora = offset_of("dora"), off_scores = offset_of("scores"),
              off_round = offset_of("round"), off_riichi = offset_of("riichi"), off_nuki = offset_of("nuki"),
              off_shanten = offset_of("shanten_after"), off_ukeire = offset_of("ukeire_after");

void add_meld_tiles(const Meld& m, float* counts) noexcept {
  const int k = m.tile.kind();
  if (m.type == MeldType::chi) {
    for (int i = 0; i < 3; ++i) counts[k + i] += 1;
  } else {
    counts[k] += static_cast<float>(m.size());
  }
}

}  // namespace

void encode(const Table& t, float* out) noexcept {
  std::memset(out, 0, sizeof(float) * size);
  const int me = acting_seat(t);
  if (me < 0) return;  // nobody acts (the game is over): zeros
  const int n = t.players();
  auto rel = [&](int seat) { return (seat - me + n) % n; };
  const SeatState& own = t.seat(me);
  const auto counts = to_counts34(own.hand);
  for (int k = 0; k < 34; ++k) out[off_hand + k] = static_cast<float>(counts[static_cast<std::size_t>(k)]);
  for (int r = 0; r < 3; ++r) out[off_hand_red + r] = own.hand.red_fives[static_cast<std::size_t>(r)];
  const bool my_turn = t.phase() == Phase::turn && t.turn() == me;
  if (my_turn && t.drawn() != no_pai) out[off_drawn + pai_kind(t.drawn())] = 1;
  std::array<std::uint8_t, 34> visible{};
  for (int s = 0; s < n; ++s) {
    const SeatState& st = t.seat(s);
    float* melds = out + off_melds + 34 * rel(s);
    for (int i = 0; i < st.meld_count; ++i) add_meld_tiles(st.melds[static_cast<std::size_t>(i)], melds);
    out[off_riichi + rel(s)] = st.riichi;
    out[off_nuki + rel(s)] = st.nuki;
    out[off_scores + rel(s)] = static_cast<float>(t.scores()[static_cast<std::size_t>(s)]);
    if (s != me)
      for (int k = 0; k < 34; ++k) visible[static_cast<std::size_t>(k)] += static_cast<std::uint8_t>(melds[k]);
    if (st.nuki && s != me) visible[30] += st.nuki;
  }
  std::array<int, 4> slot{};
  for (int i = 0; i < t.river_size(); ++i) {
    const RiverTile& r = t.river(i);
    const int who = rel(r.seat);
    int& k = slot[static_cast<std::size_t>(who)];
    if (k < river_slots) {
      out[off_discards + river_slots * who + k] = static_cast<float>(r.pai + 1);
      out[off_flags + river_slots * who + k] = r.flags;
      ++k;
    }
    if (!(r.flags & 4)) ++visible[static_cast<std::size_t>(pai_kind(r.pai))];  // a called tile is in a meld
  }
  for (int i = 0; i < t.dora_indicator_count() && i < 5; ++i) {
    out[off_dora + i] = static_cast<float>(t.dora_indicator(i) + 1);
    ++visible[static_cast<std::size_t>(pai_kind(t.dora_indicator(i)))];
  }
  float* round = out + off_round;
  round[0] = static_cast<float>(t.round_wind());
  round[1] = static_cast<float>(t.kyoku());
  round[2] = static_cast<float>(t.honba());
  round[3] = static_cast<float>(t.sticks());
  round[4] = static_cast<float>(t.tiles_left());
  round[5] = static_cast<float>((me - t.dealer() + n) % n);  // the seat's wind: 0 East (the dealer)
  round[6] = static_cast<float>(t.phase());
  const bool claiming = t.phase() == Phase::reaction || t.phase() == Phase::chankan;
  round[7] = claiming ? static_cast<float>(t.claim() + 1) : 0.0f;
  // The kernel's discard advice on the seat's own turn (3k+2 tiles).
  if (!my_turn || own.hand.tiles % 3 != 2) return;
  for (int k = 0; k < 34; ++k) {
    const int held = counts[static_cast<std::size_t>(k)];
    visible[static_cast<std::size_t>(k)] =
        static_cast<std::uint8_t>(std::min<int>(visible[static_cast<std::size_t>(k)], 4 - held));
    out[off_shanten + k] = not_held;
  }
  Options options;
  options.players = t.rules().players;
  options.visible = visible;
  const auto advice = mjk::advice(own.hand, options);
  if (!advice.ok()) return;
  for (int i = 0; i < advice.value.count; ++i) {
    const DiscardOption& o = advice.value.options[static_cast<std::size_t>(i)];
    out[off_shanten + o.discard.kind()] = o.shanten;
    out[off_ukeire + o.discard.kind()] = o.ukeire;
  }
}

}  // namespace mjk::observation
