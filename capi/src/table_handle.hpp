// The C ABI's table handle (mjk_table): an engine table and its event
// list. Private to capi (table.cpp, table_record.cpp).
#pragma once

#include <cstdint>
#include <string_view>

#include "mjk_table.h"

#include "mjk/table.hpp"

struct mjk_table {
  mjk::Table table;
  mjk::GameLog log;
  std::uint64_t seed = 0;
  std::uint32_t game = 0;
};

namespace mjk::capi {
// error filled with code and message (cut to fit); returns code.
int fail(mjk_table_error* error, int code, std::string_view message) noexcept;
int ok(mjk_table_error* error) noexcept;
// The preset's rules with the length asked (MJK_LENGTH_*), or the error's code.
int rules_of(const char* name, int length, EngineRules& rules, mjk_table_error* error) noexcept;
}  // namespace mjk::capi
