// A batch of tables (mjk/table_batch.hpp): the stepping loop every
// learning caller shares, and play_on, which single tables' doors share.
#include "mjk/table_batch.hpp"

#include <cstring>

#include "mjk/observation.hpp"

namespace mjk {

bool play_on(Table& t, GameLog* log, std::array<std::int32_t, 4>& deltas) noexcept {
  while (t.phase() == Phase::round_over) {
    for (std::size_t s = 0; s < 4; ++s) deltas[s] += t.result().deltas[s];
    t.next_round(log);
  }
  return t.done();
}

std::string BatchRefusal::message() const {
  const bool id = action >= 0 && action < act::count && why != Refusal::bad_action;
  return "table " + std::to_string(table) + ": seat " + std::to_string(seat) + " may not play " +
         (id ? action_name(static_cast<Action>(action)) : "action " + std::to_string(action)) + ": " +
         std::string(describe(why)) + " (nothing was applied)";
}

TableBatch::TableBatch(const EngineRules& rules, std::size_t n, std::uint64_t seed)
    : rules_(rules), tables_(n), games_(n), seats_(n) {
  reset(seed, {});
}

void TableBatch::reset(std::uint64_t seed, const Out& out) noexcept {
  seed_ = seed;
  const std::size_t n = tables_.size();
  for (std::size_t i = 0; i < n; ++i) {
    games_[i] = static_cast<std::uint32_t>(i);
    tables_[i].start(rules_, seed, games_[i]);
  }
  if (out.deltas) std::memset(out.deltas, 0, sizeof(std::int32_t) * 4 * n);
  if (out.final_scores) std::memset(out.final_scores, 0, sizeof(std::int32_t) * 4 * n);
  if (out.rewards) std::memset(out.rewards, 0, sizeof(float) * n);
  if (out.done) std::memset(out.done, 0, n);
  write_mask(out);
}

BatchRefusal TableBatch::step(const std::int64_t* actions, const Out& out) noexcept {
  const std::size_t n = tables_.size();
  for (std::size_t i = 0; i < n; ++i) {
    const int s = seats_[i];
    const std::int64_t a = actions[i];
    const Refusal why = a < 0 || a >= act::count ? Refusal::bad_action : tables_[i].why_not(s, static_cast<Action>(a));
    if (why != Refusal::none) return {i, s, a, why};
  }
  for (std::size_t i = 0; i < n; ++i) {
    Table& t = tables_[i];
    const int s = seats_[i];
    (void)t.apply(s, static_cast<Action>(actions[i]));
    std::array<std::int32_t, 4> d{};
    const bool over = play_on(t, nullptr, d);
    if (out.deltas) std::memcpy(out.deltas + 4 * i, d.data(), sizeof d);
    if (out.rewards) out.rewards[i] = static_cast<float>(d[static_cast<std::size_t>(s)]);
    if (out.done) out.done[i] = over;
    if (over) {
      if (out.final_scores) std::memcpy(out.final_scores + 4 * i, t.scores().data(), sizeof(std::int32_t) * 4);
      games_[i] += static_cast<std::uint32_t>(n);  // table i plays games i, i + n, i + 2n, ... of the seed
      t.start(rules_, seed_, games_[i]);
    }
  }
  write_mask(out);
  return {};
}

void TableBatch::write_mask(const Out& out) noexcept {
  for (std::size_t i = 0; i < tables_.size(); ++i) {
    const int s = observation::acting_seat(tables_[i]);
    seats_[i] = static_cast<std::int8_t>(s);
    if (out.seat) out.seat[i] = seats_[i];
    if (!out.mask) continue;
    std::uint8_t* row = out.mask + act::count * i;
    const ActionSet& set = tables_[i].legal(s < 0 ? 0 : s);
    for (int a = 0; a < act::count; ++a)
      row[a] = static_cast<std::uint8_t>(s >= 0 && ((set.bits[static_cast<unsigned>(a) >> 6] >> (a & 63)) & 1));
  }
}

void TableBatch::encode(float* out) const noexcept {
  for (std::size_t i = 0; i < tables_.size(); ++i) observation::encode(tables_[i], out + observation::size * i);
}

}  // namespace mjk
