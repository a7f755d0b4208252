// The page's WebAssembly module is mjk's C ABI (mjk.h) and nothing else:
// the functions it exports are listed in web/CMakeLists.txt, and web/mjk.mjs
// wraps them for JavaScript. Emscripten links an executable from at least
// one source, hence this file.
