// The partial statistics of a corpus as JSON and back (corpus.hpp): what the
// C ABI's mjk_corpus_merge_json adds up, so a door that spreads a corpus
// over processes sends plain JSON and never reimplements the sums.
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>

#include "mjk/corpus.hpp"
#include "mjk/json.hpp"
#include "mjk/records.hpp"

namespace mjk::records {

std::string corpus_partial_json(const CorpusStats& s) {
  // Spaced as the corpus statistics are (json::spaced).
  return json::spaced(json_string([&](JsonWriter& j) {
    j.begin_object();
    CorpusStats::each_count([&](const char* name, const auto& v) { j.key(name).number(static_cast<long long>(v)); }, s);
    CorpusStats::each_array(
        [&](const char* name, const auto& a) {
          j.key(name).begin_array();
          for (const auto& x : a) j.number(static_cast<long long>(x));
          j.end_array();
        },
        s);
    j.key("disagreement_list").begin_array();
    for (const Disagreement& d : s.disagreements) {
      j.begin_object().key("file").string(d.file).key("round").string(d.round).key("event").number(d.event);
      j.key("what").string(d.what).end_object();
    }
    j.end_array().key("error_list").begin_array();
    for (const std::string& e : s.errors) j.string(e);
    j.end_array().end_object();
  }));
}

namespace {

using json::Value;

// A whole number that fits T, or false.
template <class T>
bool whole(const Value* v, T& out) {
  if (!v || !v->is_int()) return false;
  const std::int64_t n = v->as_int();
  if (std::is_unsigned_v<T> && n < 0) return false;
  if constexpr (sizeof(T) < sizeof(std::int64_t))
    if (n < static_cast<std::int64_t>(std::numeric_limits<T>::min()) ||
        n > static_cast<std::int64_t>(std::numeric_limits<T>::max()))
      return false;
  out = static_cast<T>(n);
  return true;
}

const Value* typed(const Value& o, const char* key, Value::Type type) {
  const Value* v = o.find(key);
  return v && v->type == type ? v : nullptr;
}

}  // namespace

bool corpus_from_partial_json(std::string_view text, CorpusStats& out, std::string& error) {
  Value root;
  json::ParseError parse_error;
  if (!json::parse(text, root, parse_error)) {
    error = "partial statistics: " + parse_error.what + " at byte " + std::to_string(parse_error.offset);
    return false;
  }
  if (root.type != Value::Type::object) {
    error = "partial statistics: not a JSON object";
    return false;
  }
  out = CorpusStats{};
  std::string bad;
  CorpusStats::each_count(
      [&](const char* name, auto& v) {
        if (bad.empty() && !whole(root.find(name), v)) bad = name;
      },
      out);
  CorpusStats::each_array(
      [&](const char* name, auto& a) {
        const Value* list = typed(root, name, Value::Type::array);
        if (!bad.empty()) return;
        if (!list || list->items.size() != a.size()) {
          bad = std::string(name) + " (" + std::to_string(a.size()) + " whole numbers)";
          return;
        }
        for (std::size_t t = 0; t < a.size() && bad.empty(); ++t)
          if (!whole(&list->items[t], a[t])) bad = name;
      },
      out);
  const Value* dis = typed(root, "disagreement_list", Value::Type::array);
  const Value* errs = typed(root, "error_list", Value::Type::array);
  if (bad.empty() && !dis) bad = "disagreement_list";
  if (bad.empty() && !errs) bad = "error_list";
  for (std::size_t i = 0; bad.empty() && i < dis->items.size(); ++i) {
    const Value& d = dis->items[i];
    const Value *file = typed(d, "file", Value::Type::string), *round = typed(d, "round", Value::Type::string),
                *what = typed(d, "what", Value::Type::string);
    std::uint32_t event = 0;
    if (!file || !round || !what || !whole(d.find("event"), event)) {
      bad = "disagreement_list[" + std::to_string(i) + "] ({file, round, event, what})";
      break;
    }
    out.disagreements.push_back({file->string, round->string, event, what->string});
  }
  for (std::size_t i = 0; bad.empty() && i < errs->items.size(); ++i) {
    if (errs->items[i].type != Value::Type::string) bad = "error_list[" + std::to_string(i) + "] (a string)";
    else out.errors.push_back(errs->items[i].string);
  }
  if (bad.empty()) return true;
  error = "partial statistics without a valid " + bad;
  return false;
}

}  // namespace mjk::records
