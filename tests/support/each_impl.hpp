// Runs a test body once per kernel implementation this CPU supports, as a
// doctest SUBCASE named after it, and says which ones it could not run.
#pragma once

#include <doctest/doctest.h>

#include <set>
#include <string>
#include <string_view>

#include "mjk/implementation.hpp"

namespace mjk::test {

// Whether `impl` can run on this CPU; the first time it can't, says so (once
// per test process: ctest runs each test case in its own).
inline bool runs_here(const Implementation& impl) {
  if (impl.supported()) return true;
  static std::set<std::string_view> told;
  if (told.insert(impl.name).second)
    MESSAGE("implementation ", std::string(impl.name), " not available on this CPU: not tested");
  return false;
}

template <class F>
void for_each_impl(F&& body) {
  for (const Implementation& impl : implementations()) {
    if (!impl.supported()) {
      MESSAGE("implementation ", std::string(impl.name), " not available on this CPU: not tested");
      continue;
    }
    SUBCASE(std::string(impl.name).c_str()) { body(impl); }
  }
}

}  // namespace mjk::test
