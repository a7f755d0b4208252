// The request's schema written out (request_schema.hpp): JSON Schema for the
// doors' checks and a Markdown reference page, both from the one table.
#include <string>

#include "mjk/request_schema.hpp"
#include "request_parts.hpp"

namespace mjk {

int parse_wind(std::string_view text) noexcept {
  static constexpr std::array<std::string_view, 4> tiles = {"1z", "2z", "3z", "4z"};
  static constexpr std::array<std::string_view, 4> capitals = {"East", "South", "West", "North"};
  static constexpr std::array<std::string_view, 4> letters = {"E", "S", "W", "N"};
  for (int i = 0; i < 4; ++i) {
    const auto k = static_cast<std::size_t>(i);
    if (text == tiles[k] || text == wind_names[k] || text == capitals[k] || text == letters[k]) return i;
  }
  return -1;
}

namespace {

std::string quoted(std::string_view s) {
  std::string out = "\"";
  for (const char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + '"';
}

std::string enum_of(std::initializer_list<std::string_view> names, bool null) {
  std::string out = "\"enum\": [";
  bool first = true;
  for (const auto n : names) {
    out += (first ? "" : ", ") + quoted(n);
    first = false;
  }
  return out + (null ? ", null]" : "]");
}

const std::initializer_list<std::string_view> wind_spellings = {
    "1z", "2z", "3z", "4z", "east", "south", "west", "north", "East", "South", "West", "North", "E", "S", "W", "N"};

// The JSON Schema of a nested object's field (without the braces). No null
// and no x-must: the bindings and the server check these values with the
// schema's own words ("an integer from 0 to 3"), their messages' wording.
std::string nested_schema(const NestedField& f) {
  const std::string bounds = ", \"minimum\": " + std::to_string(f.min) + ", \"maximum\": " + std::to_string(f.max);
  switch (f.type) {
    case FieldType::boolean: return "\"type\": \"boolean\"";
    case FieldType::integer:
    case FieldType::count: return "\"type\": \"integer\"" + bounds;
    case FieldType::meld_type: {
      std::string types;
      for (const auto t : request_parts::meld_type_names) types += (types.empty() ? "" : ", ") + quoted(t);
      return "\"enum\": [" + types + "]";
    }
    case FieldType::meld_tiles: return "\"type\": \"string\", \"maxLength\": " + std::to_string(f.max);
    case FieldType::relative: return enum_of({"kamicha", "toimen", "shimocha"}, false);
    default: break;  // no other type is nested
  }
  return {};
}

// A nested object's "properties" members, one line each.
template <std::size_t N>
std::string nested_properties(const std::array<NestedField, N>& fields) {
  std::string out;
  for (const NestedField& f : fields) {
    out += std::string(out.empty() ? "" : ",") + "\n        " + quoted(f.name) + ": {" + nested_schema(f);
    if (!f.fallback.empty()) out += ", \"default\": " + std::string(f.fallback);
    out += ", \"description\": " + quoted(f.doc) + "}";
  }
  return out;
}

// The JSON Schema of one field's value (without the braces).
std::string field_schema(const RequestField& f) {
  const std::string lo = std::to_string(f.min), hi = std::to_string(f.max);
  switch (f.type) {
    case FieldType::tiles: return "\"type\": [\"string\", \"null\"], \"maxLength\": 512";
    case FieldType::tile: return "\"type\": [\"string\", \"null\"], \"maxLength\": 2";
    case FieldType::flag: return "\"type\": [\"boolean\", \"integer\", \"null\"], \"minimum\": 0, \"maximum\": 1";
    case FieldType::integer: return "\"type\": [\"integer\", \"null\"], \"minimum\": " + lo + ", \"maximum\": " + hi;
    case FieldType::wind: return enum_of(wind_spellings, true);
    case FieldType::relative: return enum_of({"kamicha", "toimen", "shimocha"}, true);
    case FieldType::riichi:
      return "\"anyOf\": [{\"type\": [\"boolean\", \"null\"]}, {\"type\": \"integer\", \"minimum\": " + lo +
             ", \"maximum\": " + hi + "}, {\"const\": \"double\"}]";
    case FieldType::melds: {
      std::string required;
      for (const NestedField& m : meld_fields)
        if (m.fallback.empty()) required += (required.empty() ? "" : ", ") + quoted(m.name);
      return "\"type\": [\"array\", \"null\"], \"maxItems\": " + hi +
             ",\n      \"items\": {\"type\": \"object\", \"required\": [" + required +
             "], \"additionalProperties\": false, \"properties\": {" + nested_properties(meld_fields) + "}}";
    }
    case FieldType::visible:
      return "\"anyOf\": [{\"type\": [\"string\", \"null\"], \"maxLength\": 512}, "
             "{\"type\": \"array\", \"minItems\": 34, \"maxItems\": 34, \"items\": {\"type\": \"integer\", "
             "\"minimum\": 0, \"maximum\": 4}}]";
    case FieldType::rules: {
      std::string out = "\"type\": [\"object\", \"null\"], \"additionalProperties\": false, \"properties\": {";
      bool first = true;
      for (const RuleField& r : rule_fields) {
        out += std::string(first ? "" : ",") + "\n        " + quoted(r.name) + ": {";
        first = false;
        switch (r.type) {
          case RuleType::flag: out += "\"type\": \"boolean\""; break;
          case RuleType::fu: out += "\"enum\": [2, 4]"; break;
          case RuleType::renhou: out += enum_of({"none", "mangan", "yakuman"}, false); break;
        }
        out += ", \"default\": " + std::string(r.fallback) + ", \"description\": " + quoted(r.doc) +
               ", \"x-must\": " + quoted(r.must) + "}";
      }
      return out + "}";
    }
    case FieldType::ev:
      return "\"type\": \"object\", \"additionalProperties\": false, \"properties\": {" + nested_properties(ev_fields) +
             "}";
    case FieldType::boolean:
    case FieldType::count:
    case FieldType::meld_type:
    case FieldType::meld_tiles: break;  // inside the nested objects only
  }
  return {};
}

// What a field accepts, in words, for the reference page.
std::string_view accepted(FieldType t) {
  switch (t) {
    case FieldType::tiles: return "mpsz string";
    case FieldType::tile: return "one tile, `5m`, `0p` (red five)";
    case FieldType::flag: return "`true`/`false` (or `1`/`0`)";
    case FieldType::integer: return "integer";
    case FieldType::wind: return "`1z`-`4z`, `east`/`south`/`west`/`north`, `East`..., `E`/`S`/`W`/`N`";
    case FieldType::relative: return "`kamicha`, `toimen`, `shimocha`";
    case FieldType::riichi: return "`0`, `1`, `2`; `true` = 1, `false` = 0, `\"double\"` = 2";
    case FieldType::melds: return "array of meld objects (below)";
    case FieldType::visible: return "mpsz string, or an array of 34 counts 0-4";
    case FieldType::rules: return "object";
    case FieldType::ev: return "object of search options (below)";
    case FieldType::boolean: return "`true`/`false`";
    case FieldType::count: return "integer";
    case FieldType::meld_type: return "`chi`, `pon`, `minkan`, `ankan`, `kakan`";
    case FieldType::meld_tiles: return "mpsz string";
  }
  return {};
}

}  // namespace

std::string request_json_schema() {
  std::string out =
      "{\n  \"$schema\": \"https://json-schema.org/draft/2020-12/schema\",\n"
      "  \"$id\": \"https://github.com/mjk/mjk/io/request.schema.json\",\n"
      "  \"title\": \"mjk scoring request\",\n"
      "  \"description\": \"One request of `mjk --json` (SCORING.md section 1). Generated by mjk_schema from "
      "io/include/mjk/request_schema.hpp; do not edit. x-must is the error's words for a wrong value; null keeps "
      "a field's default.\",\n"
      "  \"type\": \"object\",\n  \"required\": [\"hand\"],\n  \"additionalProperties\": false,\n"
      "  \"properties\": {";
  bool first = true;
  for (const RequestField& f : request_fields) {
    out += std::string(first ? "" : ",") + "\n    " + quoted(f.name) + ": {" + field_schema(f);
    first = false;
    if (!f.fallback.empty()) out += ",\n      \"default\": " + std::string(f.fallback);
    out += ", \"description\": " + quoted(f.doc) + ",\n      \"x-must\": " + quoted(f.must) + "}";
  }
  out += "\n  }\n}\n";
  return out;
}

std::string request_markdown() {
  std::string out =
      "# The scoring request\n\n"
      "<!-- Generated by mjk_schema --markdown from io/include/mjk/request_schema.hpp; do not edit. -->\n\n"
      "One JSON object per line of `mjk --json` (and `score()` in the bindings). Only `hand` is\n"
      "required; a field set to `null` keeps its default, which the command line's options\n"
      "set (`--seat east`, `--riichi`, ...). Unknown fields and rule keys, duplicates, wrong\n"
      "types and values are errors. The machine-readable form is `io/request.schema.json`\n"
      "(JSON Schema draft 2020-12), which the bindings check arguments against.\n\n"
      "| field | accepts | bounds | default | what |\n|---|---|---|---|---|\n";
  for (const RequestField& f : request_fields) {
    std::string bounds = "";
    if (f.type == FieldType::integer || f.type == FieldType::riichi)
      bounds = std::to_string(f.min) + "-" + std::to_string(f.max);
    else if (f.type == FieldType::melds) bounds = "at most 4";
    else if (f.max) bounds = "at most " + std::to_string(f.max);
    out += "| `" + std::string(f.name) + "` | " + std::string(accepted(f.type)) + " | " + bounds + " | " +
           (f.fallback.empty() ? std::string(f.name == "hand" ? "(required)" : "(none)")
                               : "`" + std::string(f.fallback) + "`") +
           " | " + std::string(f.doc) + " |\n";
  }
  const auto nested_table = [&](std::string_view heading, const auto& fields) {
    out += std::string(heading) + "\n\n| key | accepts | bounds | default | what |\n|---|---|---|---|---|\n";
    for (const NestedField& f : fields) {
      std::string bounds;
      if (f.type == FieldType::integer || f.type == FieldType::count)
        bounds = std::to_string(f.min) + "-" + (f.max == UINT64_MAX ? std::string("2^64-1") : std::to_string(f.max));
      else if (f.max) bounds = "at most " + std::to_string(f.max) + " characters";
      out += "| `" + std::string(f.name) + "` | " + std::string(accepted(f.type)) + " | " + bounds + " | " +
             (f.fallback.empty() ? std::string("(required)") : "`" + std::string(f.fallback) + "`") + " | " +
             std::string(f.doc) + " |\n";
    }
  };
  nested_table("\n## A meld (`melds`)", meld_fields);
  nested_table(
      "\n## Search options (`ev`, EV.md)\n\nA `null` or absent option keeps its default; the search refuses an "
      "`extra` or `turn`\nout of bounds with its own error code (extra_out_of_range, turn_out_of_range).",
      ev_fields);
  out +=
      "\n## Rule switches (`rules`, or `--rule KEY=VALUE`)\n\n| key | values | default | what |\n|---|---|---|---|\n";
  for (const RuleField& r : rule_fields) {
    const std::string_view values = r.type == RuleType::flag ? "`true`/`false`"
                                    : r.type == RuleType::fu ? "`2`/`4`"
                                                             : "`none`/`mangan`/`yakuman`";
    out += "| `" + std::string(r.name) + "` | " + std::string(values) + " | `" + std::string(r.fallback) + "` | " +
           std::string(r.doc) + " |\n";
  }
  return out;
}

}  // namespace mjk
