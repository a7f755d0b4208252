#include <cstdio>

#include "mjk/records.hpp"

// mjk::records from the installed package: a record that is not one is an error, named.
int main() {
  const auto result = mjk::records::read_record("not a record", "in-memory");
  std::printf("%s\n", result.ok() ? "read" : "rejected");
  return result.ok() ? 1 : 0;
}
