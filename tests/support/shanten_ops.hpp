// The shanten operations of a kernel implementation, called only if the
// kernel has them, and printers for their answers, for the shanten tests.
#pragma once

#include <string>

#include "../helpers.hpp"
#include "mjk/implementation.hpp"

namespace mjk::test {

// Each returns false (running nothing) if the registry has no such entry.
template <class Impl>
bool run_shanten(const Impl& impl, const BatchInput& in, Result<ShantenForms>* out) {
  if constexpr (requires { impl.shanten(in, out); }) {
    impl.shanten(in, out);
    return true;
  } else {
    return false;
  }
}
template <class Impl>
bool run_necessary(const Impl& impl, const BatchInput& in, Result<Necessary>* out) {
  if constexpr (requires { impl.necessary_tiles(in, out); }) {
    impl.necessary_tiles(in, out);
    return true;
  } else {
    return false;
  }
}
template <class Impl>
bool run_advice(const Impl& impl, const BatchInput& in, Result<Advice>* out) {
  if constexpr (requires { impl.advice(in, out); }) {
    impl.advice(in, out);
    return true;
  } else {
    return false;
  }
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
