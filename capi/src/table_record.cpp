// mjk_table_record: a table's game as a record (mjai, tenhou.net/6, mjlog).
// The table's game becomes a record by records::game_of (as mjk play
// writes its games) and is written by the records layer's writers, which
// read their text back and replay it before handing it out. Not in WebAssembly (no game records there): table.cpp's
// mjk_table_record_mjai_only stands in.
#include <algorithm>
#include <cstring>
#include <new>
#include <optional>
#include <string>

#include "mjk.h"
#include "mjk/mjai.hpp"
#include "mjk/from_engine.hpp"
#include "mjk/records.hpp"
#include "c_convert.hpp"
#include "record_formats.hpp"
#include "table_handle.hpp"

namespace {

int fail(mjk_table_error* error, int code, const std::string& message) noexcept {
  if (error) {
    *error = {};
    error->code = code;
    const std::size_t n = std::min(message.size(), std::size_t{MJK_MAX_MESSAGE - 1});
    std::memcpy(error->message, message.data(), n);
  }
  return code;
}

}  // namespace

extern "C" int mjk_table_record(const mjk_table* table, int format, char* buf, size_t cap, size_t* needed,
                                mjk_table_error* error) {
  if (!table || (!buf && cap)) return fail(error, MJK_ERR_INVALID_ARGUMENT, "the table is NULL, or buf with cap > 0");
  const std::optional<mjk::records::Format> as = mjk::capi::record_format_of(format);
  if (!as)
    return fail(
        error, MJK_ERR_INVALID_ARGUMENT,
        "unknown record format " + std::to_string(format) + " (MJK_RECORD_MJAI, MJK_RECORD_TENHOU6, MJK_RECORD_MJLOG)");
  try {
    std::string text;
    mjk::write_mjai(table->log, table->table.rules().players, text);
    if (*as != mjk::records::Format::mjai) {
      // The game as mjk play makes it (game_of: the table's rules, its length
      // and its end), not the mjai lines read back, which state no length.
      const mjk::records::Game game = mjk::records::game_of(table->log, table->table.rules(), "table");
      mjk::records::WriteResult out =
          *as == mjk::records::Format::tenhou6 ? mjk::records::write_tenhou6(game) : mjk::records::write_mjlog(game);
      if (!out.ok()) return fail(error, MJK_ERR_RECORD_UNWRITABLE, *out.error);
      text = std::move(out.text);
    }
    if (mjk::capi::put_text(text, buf, cap, needed) != MJK_OK)
      return fail(error, MJK_ERR_OUTPUT_TOO_SMALL, "buf is too small: *needed bytes");
    if (error) *error = {};
    return MJK_OK;
  } catch (const std::bad_alloc&) {
    return fail(error, MJK_ERR_OUT_OF_MEMORY, "out of memory");
  }
}
