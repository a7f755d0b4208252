// mjk.Table in the Node addon (table.cpp): one game over the C ABI's tables.
#pragma once

#include <napi.h>

// Adds NativeTable and actionName to the addon's exports.
void mjk_node_table_init(Napi::Env env, Napi::Object exports);
