// --pre-js of the wasm doctest suite: emscripten gives a program an
// environment of its own; this one reads Node's, as the native tests read
// theirs (MJK_RANDOM_HANDS, MJK_RANDOM_WINS, MJK_FORCE_IMPL).
Module['preRun'] = [].concat(Module['preRun'] || [], function () { Object.assign(ENV, process.env); });
