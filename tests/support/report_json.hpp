// An analysis report as the JSON line mjk --json writes, for the tests of
// the report's sections.
#pragma once

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "mjk/report.hpp"

namespace mjk::test {

inline std::string json_of(const Report& r) {
  std::vector<char> buffer(1 << 16);
  JsonWriter json(buffer);
  write_json(r, json);
  REQUIRE(json.size() <= buffer.size());
  return std::string(buffer.data(), json.size());
}

}  // namespace mjk::test
