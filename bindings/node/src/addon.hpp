// The addon's parts (addon.cpp, ev.cpp, records.cpp, table.cpp) and the
// argument readers and answer makers they share. index.js checks the
// caller's arguments and names them; these re-check only what keeps a call
// from JavaScript inside its buffers (a wrong type throws Node-API's error).
#pragma once

#include <napi.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

// A typed array's bytes, checked to be exactly `bytes` long (any length when
// SIZE_MAX); a SharedArrayBuffer's too (napi_get_typedarray_info takes it,
// TypedArray::ArrayBuffer().Data() does not).
std::uint8_t* bytes_of(const Napi::Env& env, const Napi::Value& v, std::size_t bytes, const char* what);
// Argument i (a Uint8Array of n bytes, or absent): 1 where index.js wrote the
// line from its caller's object, whose errors then name the field's
// character (mjk_request_error_in_field); empty when absent.
std::vector<std::uint8_t> built_argument(const Napi::CallbackInfo& info, std::size_t i, std::size_t n);
// An Array of strings (else a TypeError naming `what[i]`).
std::vector<std::string> strings_argument(const Napi::Env& env, const Napi::Value& list, const char* what);
// A typed array of n elements of a C ABI column's dtype ("int8", "uint16",
// "uint32", "int32", "uint64", "float64"; else bytes, 0/1 for "bool"), its data in *data.
Napi::TypedArray typed_array(const Napi::Env& env, const char* dtype, std::size_t n, void** data);

// A C ABI name as index.js names things: "discard_shanten" -> "discardShanten".
std::string camel_case(std::string name);
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
