// Runs a test body once per kernel implementation this CPU supports, as a
// doctest SUBCASE named after it, and says which ones it could not run.
#pragma once

#include <doctest/doctest.h>

#include <string>

#include "mjk/implementation.hpp"

namespace mjk::test {

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
