// The score of a request the test expects to be valid: the test stops,
// naming the error, when it is not.
#pragma once

#include <doctest/doctest.h>

#include "mjk/score.hpp"

namespace mjk::test {

inline Score scored(const ScoreRequest& r) {
  const auto s = score(r);
  REQUIRE_MESSAGE(s.ok(), "error ", static_cast<int>(s.error));
  return s.value;
}

}  // namespace mjk::test
