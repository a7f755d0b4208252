// The addon's parts (addon.cpp, ev.cpp, records.cpp, table.cpp) and the
// argument readers and answer makers they share. index.js checks the
// caller's arguments and names them; these re-check only what keeps a call
// from JavaScript inside its buffers (a wrong type throws Node-API's error).
#pragma once

#include <napi.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

// A typed array's bytes, checked to be exactly `bytes` long (any length when
// SIZE_MAX); a SharedArrayBuffer's too (napi_get_typedarray_info takes it,
// TypedArray::ArrayBuffer().Data() does not).
inline std::uint8_t* bytes_of(const Napi::Env& env, const Napi::Value& v, std::size_t bytes, const char* what) {
  if (!v.IsTypedArray()) throw Napi::TypeError::New(env, std::string(what) + " must be a typed array");
  void* data = nullptr;
  NAPI_THROW_IF_FAILED(env, napi_get_typedarray_info(env, v, nullptr, nullptr, &data, nullptr, nullptr), nullptr);
  const std::size_t size = v.As<Napi::TypedArray>().ByteLength();
  if (bytes != SIZE_MAX && size != bytes)
    throw Napi::RangeError::New(
        env, std::string(what) + " has " + std::to_string(size) + " bytes, expected " + std::to_string(bytes));
  return static_cast<std::uint8_t*>(data);
}

// An Array of strings (else a TypeError naming `what[i]`).
inline std::vector<std::string> strings_argument(const Napi::Env& env, const Napi::Value& value, const char* what) {
  const Napi::Array list = value.As<Napi::Array>();
  std::vector<std::string> out(list.Length());
  for (std::uint32_t i = 0; i < list.Length(); ++i) {
    const Napi::Value v = list.Get(i);
    if (!v.IsString())
      throw Napi::TypeError::New(env, std::string(what) + "[" + std::to_string(i) + "] must be a string");
    out[i] = v.As<Napi::String>().Utf8Value();
  }
  return out;
}

// Request lines (argument 0, an Array of strings) and their built flags
// (argument 1, a Uint8Array of one per line: 1 where index.js wrote the line
// from its caller's object, whose errors then name the field's character,
// mjk_request_error_in_field), copied; line() reads line i for the C ABI.
struct RequestLines {
  std::vector<std::string> texts;
  std::vector<std::uint8_t> built;

  explicit RequestLines(const Napi::CallbackInfo& info) : texts(strings_argument(info.Env(), info[0], "requests")) {
    const std::uint8_t* b = bytes_of(info.Env(), info[1], texts.size(), "built");
    built.assign(b, b + texts.size());
  }
  [[nodiscard]] auto line() const {
    return [this](std::size_t i) { return std::string_view(texts[i]); };
  }
};

// A new Uint8Array holding a copy of n bytes.
inline Napi::Uint8Array copied(const Napi::Env& env, const std::uint8_t* data, std::size_t n) {
  Napi::Uint8Array a = Napi::Uint8Array::New(env, n);
  std::copy_n(data, n, a.Data());
  return a;
}

// A typed array of n elements of a C ABI column's dtype ("int8", "uint16",
// "uint32", "int32", "uint64", "float64"; else bytes, 0/1 for "bool"), its data in *data.
inline Napi::TypedArray typed_array(const Napi::Env& env, const char* dtype, std::size_t n, void** data) {
  const auto made = [&](auto a) -> Napi::TypedArray {
    *data = a.Data();
    return a;
  };
  const std::string_view t = dtype;
  if (t == "int8") return made(Napi::Int8Array::New(env, n));
  if (t == "uint16") return made(Napi::Uint16Array::New(env, n));
  if (t == "uint32") return made(Napi::Uint32Array::New(env, n));
  if (t == "int32") return made(Napi::Int32Array::New(env, n));
  if (t == "uint64") return made(Napi::BigUint64Array::New(env, n));
  if (t == "float64") return made(Napi::Float64Array::New(env, n));
  return made(Napi::Uint8Array::New(env, n));
}

// One typed array per column of a C ABI table (column_at: mjk_score_column_at,
// mjk_review_column_at, mjk_ev_column_at) of n rows each, set into o under
// names[i] (or the column's own name past names' end); returns their data, column i's at i.
template <class ColumnAt>
std::vector<void*> set_columns(const Napi::Env& env, Napi::Object& o, ColumnAt column_at, std::size_t n,
                               const std::vector<std::string>& names = {}) {
  std::vector<void*> arrays;
  for (std::size_t i = 0; const auto* c = column_at(i); ++i)
    o.Set(i < names.size() ? names[i] : std::string(c->name),
          typed_array(env, c->dtype, n * c->width, &arrays.emplace_back()));
  return arrays;
}

// An Array of the values (numbers, strings, Node-API values).
template <class T>
Napi::Array array_of(const Napi::Env& env, const T* values, std::size_t n) {
  Napi::Array a = Napi::Array::New(env, n);
  for (std::size_t i = 0; i < n; ++i) a.Set(static_cast<std::uint32_t>(i), values[i]);
  return a;
}

// An Array of the arguments (numbers, strings, Node-API values), as index.js
// destructures an answer of several parts: [lines, codes], [row, code, message].
template <class... T>
Napi::Array tuple_of(const Napi::Env& env, const T&... values) {
  Napi::Array a = Napi::Array::New(env, sizeof...(T));
  std::uint32_t i = 0;
  (a.Set(i++, values), ...);
  return a;
}

// Each adds its functions to the addon's exports: evMany, evManyAsync,
// evThreads (ev.cpp); readLog, corpusJson (records.cpp); NativeTable,
// actionName, rulesPreset (table.cpp).
void mjk_node_ev_init(Napi::Env env, Napi::Object exports);
void mjk_node_records_init(Napi::Env env, Napi::Object exports);
void mjk_node_table_init(Napi::Env env, Napi::Object exports);
