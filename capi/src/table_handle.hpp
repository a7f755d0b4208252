// The C ABI's table handle (mjk_table): an engine table and its event
// list. Private to capi (table.cpp, table_record.cpp).
#pragma once

#include <cstdint>

#include "mjk/table.hpp"

struct mjk_table {
  mjk::Table table;
  mjk::GameLog log;
  std::uint64_t seed = 0;
  std::uint32_t game = 0;
};
