// The addon's parts (addon.cpp, ev.cpp, records.cpp, table.cpp) and the
// argument readers they share.
#pragma once

#include <napi.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

// Argument i (a Uint8Array of n bytes, or absent): 1 where index.js wrote the
// line from its caller's object, whose errors then name the field's
// character (mjk_request_error_in_field); empty when absent.
std::vector<std::uint8_t> built_argument(const Napi::CallbackInfo& info, std::size_t i, std::size_t n);
// An Array of strings (else a TypeError naming `what[i]`).
std::vector<std::string> strings_argument(const Napi::Env& env, const Napi::Value& list, const char* what);

// Each adds its functions to the addon's exports: evMany, evManyAsync,
// cancelToken, cancel, evThreads (ev.cpp); readLog, corpusJson
// (records.cpp); NativeTable, actionName (table.cpp).
void mjk_node_ev_init(Napi::Env env, Napi::Object exports);
void mjk_node_records_init(Napi::Env env, Napi::Object exports);
void mjk_node_table_init(Napi::Env env, Napi::Object exports);
