// The check of a search's vertices against the public kernel calls (the
// tests' proof that the search's own evaluation from group rows is the
// kernel's answer): every draw vertex's shanten and necessary kinds, every
// discard vertex's shanten and the discards that keep it.
#include <string>

#include "graph.hpp"
#include "mjk/analysis.hpp"
#include "mjk/hand.hpp"
#include "search.hpp"

namespace mjk::ev_detail {

std::string verify_vertices(EvWorkspace& ws, Players players) {
  const EvWorkspace::Impl& w = ws.impl();
  const Options options{players, {}};
  const auto hand_of = [](const Key& k) {
    Hand h;
    for (int kind = 0; kind < kind_count; ++kind) h.add(Tile(kind), count_of(k, kind));
    return h;
  };
  for (const Node& n : w.xs) {
    const Hand h = hand_of(n.key);
    const Result<Necessary> r = necessary_tiles(h, options);
    if (!r.ok() || r.value.shanten != n.shanten || r.value.tiles.bits() != n.mask)
      return "draw vertex " + to_mpsz(h) + ": shanten " + std::to_string(n.shanten) + " mask " +
             std::to_string(n.mask) + ", kernel " + std::to_string(r.value.shanten) + " mask " +
             std::to_string(r.value.tiles.bits());
  }
  for (const Node& n : w.ds) {
    const Hand h = hand_of(n.key);
    const Result<ShantenForms> r = shanten(h, options);
    std::uint64_t keeps = 0;
    for (int kind = 0; kind < kind_count; ++kind) {
      if (h.count(Tile(kind)) == 0) continue;
      Hand less = h;
      less.remove(Tile(kind));
      if (shanten(less, options).value.best == r.value.best) keeps |= std::uint64_t{1} << kind;
    }
    if (!r.ok() || r.value.best != n.shanten || keeps != n.mask)
      return "discard vertex " + to_mpsz(h) + ": shanten " + std::to_string(n.shanten) + " mask " +
             std::to_string(n.mask) + ", kernel " + std::to_string(r.value.best) + " mask " + std::to_string(keeps);
  }
  return {};
}

}  // namespace mjk::ev_detail
