// The shanten operations of a kernel implementation, and printers for their
// answers, for the shanten tests.
#pragma once

#include <string>

#include "../helpers.hpp"
#include "mjk/implementation.hpp"

namespace mjk::test {

// The single-hand entry over a batch of Hands: hand i with the visible row
// the batch gives it (one row for all, or a row per hand).
template <class T, class F>
void each_single(const BatchInput& in, Result<T>* out, F f) {
  const Hand* hands = static_cast<const Hand*>(in.data);
  const auto v = in.options.visible;
  const auto k = static_cast<std::size_t>(kind_count);
  for (std::size_t i = 0; i < in.size; ++i) {
    Options o{in.options.players, {}};
    if (v.size() >= in.size * k) o.visible = v.subspan(i * k, k);
    else if (v.size() >= k) o.visible = v.first(k);
    out[i] = f(hands[i], o);
  }
}

// Each runs the registry's batch entry (or, with `single`, its single-hand
// entry hand by hand) and returns true (the callers keep the "ran" flag so
// a test can still say what it compared).
inline bool run_shanten(const Implementation& impl, const BatchInput& in, Result<ShantenForms>* out,
                        bool single = false) {
  if (single) each_single(in, out, [&](const Hand& h, const Options& o) { return impl.single_shanten(h, o); });
  else impl.shanten(in, out);
  return true;
}
inline bool run_necessary(const Implementation& impl, const BatchInput& in, Result<Necessary>* out,
                          bool single = false) {
  if (single) each_single(in, out, [&](const Hand& h, const Options& o) { return impl.single_necessary_tiles(h, o); });
  else impl.necessary_tiles(in, out);
  return true;
}
inline bool run_advice(const Implementation& impl, const BatchInput& in, Result<Advice>* out, bool single = false) {
  if (single) each_single(in, out, [&](const Hand& h, const Options& o) { return impl.single_advice(h, o); });
  else impl.advice(in, out);
  return true;
}

inline std::string text(const ShantenForms& s) {
  auto n = [](int v) { return v == ShantenForms::not_applicable ? std::string("-") : std::to_string(v); };
  return "best " + n(s.best) + " standard " + n(s.standard) + " chiitoi " + n(s.chiitoi) + " kokushi " + n(s.kokushi);
}
inline std::string text(const Necessary& n) {
  return "shanten " + std::to_string(n.shanten) + " ukeire " + std::to_string(n.ukeire) + " [" + tiles(n.tiles) + "]";
}
inline std::string text(const DiscardOption& o) {
  return tile_name(o.discard) + ": " + std::to_string(o.shanten) + " " + std::to_string(o.ukeire) + " [" +
         tiles(o.necessary) + "]";
}
inline std::string text(const Advice& a) {
  std::string out;
  for (int i = 0; i < a.count; ++i) out += (i ? "; " : "") + text(a.options[static_cast<std::size_t>(i)]);
  return out;
}
template <class T>
std::string text(const Result<T>& r) {
  return r.ok() ? text(r.value) : "error: " + std::string(describe(r.error));
}

}  // namespace mjk::test
