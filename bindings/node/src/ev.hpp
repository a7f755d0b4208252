// The expected value in the Node addon (ev.cpp): evMany and evManyAsync.
#pragma once

#include <napi.h>

// Adds evMany, evManyAsync and evThreads to the addon's exports.
void mjk_node_ev_init(Napi::Env env, Napi::Object exports);
