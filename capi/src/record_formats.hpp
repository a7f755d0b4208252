// The C ABI's record format ids (MJK_RECORD_*, mjk_table.h) and the records
// layer's formats, mapped here once for mjk_table_record, mjk_selfplay_new
// and mjk_selfplay_make_plan (each words its own refusal). Private to capi.
#pragma once

#include <optional>

#include "mjk_table.h"

#include "mjk/play_plan.hpp"
#include "mjk/records.hpp"

namespace mjk::capi {

// MJK_RECORD_MJAI, _TENHOU6, _MJLOG as a record format; nullopt for any other
// value, MJK_RECORD_NONE included.
[[nodiscard]] inline std::optional<records::Format> record_format_of(int id) noexcept {
  switch (id) {
    case MJK_RECORD_MJAI: return records::Format::mjai;
    case MJK_RECORD_TENHOU6: return records::Format::tenhou6;
    case MJK_RECORD_MJLOG: return records::Format::mjlog;
    default: return std::nullopt;
  }
}

// The id of a play plan's format (MJK_RECORD_NONE for none).
[[nodiscard]] inline int record_format_id(records::PlayFormat f) noexcept {
  switch (f) {
    case records::PlayFormat::mjai: return MJK_RECORD_MJAI;
    case records::PlayFormat::tenhou6: return MJK_RECORD_TENHOU6;
    case records::PlayFormat::mjlog: return MJK_RECORD_MJLOG;
    case records::PlayFormat::none: break;
  }
  return MJK_RECORD_NONE;
}

}  // namespace mjk::capi
