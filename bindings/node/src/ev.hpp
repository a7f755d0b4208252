// The expected value in the Node addon (ev.cpp): evMany and evManyAsync.
#pragma once

#include <napi.h>

#include <cstddef>
#include <cstdint>
#include <vector>

// Argument i (a Uint8Array of n bytes, or absent): 1 where index.js wrote the
// line from its caller's object, whose errors then name the field's
// character (mjk_request_error_in_field); empty when absent.
std::vector<std::uint8_t> built_argument(const Napi::CallbackInfo& info, std::size_t i, std::size_t n);

// Adds evMany, evManyAsync and evThreads to the addon's exports.
void mjk_node_ev_init(Napi::Env env, Napi::Object exports);
