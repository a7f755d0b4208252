// Game records in the Node addon (records.cpp): readLog and corpusJson.
#pragma once

#include <napi.h>

// Adds readLog and corpusJson to the addon's exports.
void mjk_node_records_init(Napi::Env env, Napi::Object exports);
