// mjk in JavaScript: the library's C ABI (mjk.h) compiled to WebAssembly,
// wrapped for the browser and Node.
//
//   import * as mjk from './mjk.mjs';
//   await mjk.init();
//   mjk.analyse('123m456p789s11z23s 1s');                 // what `mjk --json` prints, as an object
//   mjk.analyse({hand: '123678m345p67s55s', win: '8s', tsumo: true, seat: '2z'});
//   mjk.shanten(rows);                                      // rows: Uint8Array of n * 34 counts
//   await mjk.ev({hand: '...', ev: {}}, {onProgress, signal});  // in a Web Worker
//
// The wasm is fetched beside this file (mjk-wasm.wasm) in a browser and read
// from disk in Node. The page opened from disk (file://) runs this same code
// from mjk-page.js (web/bundle.mjs), where the module comes with the wasm
// inside it (createMjkSingle).
//
// Every function but init() and ev() is synchronous and needs init() done.

export const KINDS = 34;
const SCRATCH_BYTES = 328;  // see scratch below

let mod = null;         // the emscripten module instance
let factory = null;     // the function that makes one (for workers too)
let wasmBytes = null;   // the wasm, when it is a separate file (for workers)
// 328 bytes: size_t needed (0..3), visible34 (8..41), an mjk_request_info (64..327)
let scratch = 0;
let inPtr = 0, inCap = 0, outPtr = 0, outCap = 0;

// ---- loading ----

function moduleUrl() {
  return import.meta.url;  // bundle.mjs replaces this with the page's address
}

// Loads the module once; later calls return the same promise's value.
// options.factory / options.wasmBinary: bring your own (tests, other hosts).
let loading = null;
export function init(options = {}) {
  if (!loading) loading = load(options);
  return loading;
}

async function load(options) {
  factory = options.factory ?? globalThis.createMjkSingle ?? null;
  wasmBytes = options.wasmBinary ?? null;
  if (!factory) {
    factory = (await import('./mjk-wasm.mjs')).default;
    if (!wasmBytes) wasmBytes = await readWasm(new URL('mjk-wasm.wasm', moduleUrl()));
  }
  // The module is built for browsers (no Node code in it); given its bytes it
  // never fetches, so it runs in Node as well.
  mod = await factory(wasmBytes ? {wasmBinary: wasmBytes} : {});
  scratch = mod._malloc(SCRATCH_BYTES);
  return {version: version(), implementation: implementation()};
}

async function readWasm(url) {
  if (url.protocol === 'file:' && typeof process === 'object' && process.versions?.node) {
    const {readFile} = await import('node:fs/promises');
    return new Uint8Array(await readFile(url));
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`mjk: cannot load ${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

function ready() {
  if (!mod) throw new Error('mjk: call (and await) init() first');
  return mod;
}

function cString(ptr) {
  const heap = mod.HEAPU8;
  let end = ptr;
  while (heap[end]) ++end;
  return new TextDecoder().decode(heap.subarray(ptr, end));
}

export function version() { return cString(ready()._mjk_version()); }
export function implementation() { return cString(ready()._mjk_implementation()); }
// errorMessage(code): an integer 0..255 (wasm reads a number as a C int: 1.5 was code 1, NaN code 0).
export function errorMessage(code) {
  if (!Number.isInteger(code) || code < 0 || code > 255) throw new RangeError(`mjk: error codes are 0..255, not ${String(code)}`);
  return cString(ready()._mjk_error_message(code));
}

// players: 4 or 3 exactly (wasm would read 3.5 or '3' as 3).
function playersOf(players) {
  if (players !== 3 && players !== 4) throw new RangeError(`mjk: players must be 3 or 4, not ${String(players)}`);
  return players;
}

// ---- one line, as `mjk --json` answers it ----

// request: any line `mjk --json` reads (mpsz with meld words, the suit-first
// form, a JSON request object as text) or a request object (SCORING.md's
// fields), which is sent as its JSON. options.players: 4 or 3 for text (a
// request object says "players" itself); options.visible: 34 counts or null.
// Returns the answer object; a bad hand's answer is {"hand", "error"}, as
// the CLI prints it, not an exception. For a request object the error names
// the character of the field's own string ("unknown character at position
// 6: in the field hand" for {hand: '123m45x'}), not a byte of the JSON text
// made from it; for text it names the byte of that text.
export function analyse(request, options = {}) {
  return JSON.parse(analyseJson(request, options));
}

// The same, as the JSON text itself.
// (options.capacity: the first answer buffer's size; the tests make it small.)
export function analyseJson(request, {players = 4, visible = null, capacity = 8192} = {}) {
  ready();
  const built = typeof request !== 'string';
  const text = built ? JSON.stringify(request) : request;
  return analyseWith(mod, text, playersOf(players), visible, buffers, capacity, built);
}

const buffers = {
  input(bytes) {
    if (bytes > inCap) {
      if (inPtr) mod._free(inPtr);
      inCap = Math.max(bytes, 1024);
      inPtr = mod._malloc(inCap);
    }
    return inPtr;
  },
  output(bytes) {
    if (bytes > outCap) {
      if (outPtr) mod._free(outPtr);
      outCap = bytes;
      outPtr = mod._malloc(outCap);
    }
    return outPtr;
  },
  scratch() { return scratch; },
};

// One call of mjk_analyse_json_info, the answer buffer grown when it is too
// small. built: this module wrote text from its caller's object, so the
// line's error is placed in the field the caller wrote
// (mjk_request_error_in_field) and the answer's "error" says that instead.
// Self-contained (the EV worker runs it from its source text).
function analyseWith(m, text, players, visible, buf, capacity = 8192, built = false) {
  const encoder = new TextEncoder();
  const maxBytes = text.length * 3;
  const input = buf.input(maxBytes + 1);
  const length = encoder.encodeInto(text, m.HEAPU8.subarray(input, input + maxBytes)).written;
  const scratchPtr = buf.scratch();
  let visiblePtr = 0;
  if (visible) {
    if (visible.length !== 34) throw new RangeError('mjk: visible must hold 34 counts');
    visiblePtr = scratchPtr + 8;
    m.HEAPU8.set(visible, visiblePtr);
  }
  // mjk_request_info (mjk.h; wasm32 layout): error u8 at 0, error_position
  // u32 at 4, message char[256] at 8; 264 bytes.
  const infoPtr = scratchPtr + 64;
  let cap = capacity;
  for (;;) {
    const out = buf.output(cap);
    const code = m._mjk_analyse_json_info(input, length, players, visiblePtr, 0, out, cap, scratchPtr, infoPtr);
    const needed = m.HEAPU32[scratchPtr >> 2];
    if (code === 14 && needed > cap) { cap = needed; continue; }  // MJK_ERR_OUTPUT_TOO_SMALL
    if (code !== 0) throw new Error(`mjk: ${readCString(m, m._mjk_error_message(code))}`);
    const line = new TextDecoder().decode(m.HEAPU8.subarray(out, out + needed - 1));
    if (!built || m.HEAPU8[infoPtr] === 0 || m._mjk_request_error_in_field(input, length, infoPtr) !== 1) return line;
    // The error answer is a small object ({"hand", "error"}): written again
    // with the sentence placed in the field, its other members as they were.
    const answer = JSON.parse(line);
    answer.error = readCString(m, infoPtr + 8);
    return JSON.stringify(answer);
  }
}

function readCString(m, ptr) {
  let end = ptr;
  while (m.HEAPU8[end]) ++end;
  return new TextDecoder().decode(m.HEAPU8.subarray(ptr, end));
}

// ---- batch calls on rows of 34 counts (mjk.h) ----
// rows: a Uint8Array of n * 34 counts (kinds 1-9m, 1-9p, 1-9s, 1-7z).
// Every result holds n answers and errors[i] (0, or the row's mjk error
// code; errorMessage(code) names it). A whole-call error throws.

function withRows(rows, players, outBytes, call, read) {
  const m = ready();
  playersOf(players);
  if (!(rows instanceof Uint8Array) || rows.length % KINDS !== 0)
    throw new TypeError('mjk: rows must be a Uint8Array of n * 34 counts');
  const n = rows.length / KINDS;
  const base = m._malloc(rows.length + outBytes(n) + n + 16);
  try {
    const outPtr = (base + rows.length + 15) & ~15;  // the results hold uint64s
    const errorsPtr = outPtr + outBytes(n);
    m.HEAPU8.set(rows, base);
    const code = call(m, base, n, players, outPtr, errorsPtr);
    if (code !== 0) throw new Error(`mjk: ${errorMessage(code)}`);
    return {...read(m.HEAPU8.slice(outPtr, outPtr + outBytes(n)), n), errors: m.HEAPU8.slice(errorsPtr, errorsPtr + n)};
  } finally {
    m._free(base);
  }
}

// Shanten by form (mjk_shanten): best, standard, chiitoi, kokushi as
// Int8Arrays (-1 complete; 127 where a form does not apply).
export function shanten(rows, {players = 4} = {}) {
  return withRows(rows, players, n => n * 4, (m, p, n, pl, out, err) => m._mjk_shanten(p, n, pl, out, err),
                  (bytes, n) => {
                    const forms = new Int8Array(bytes.buffer);
                    const pick = k => Int8Array.from({length: n}, (_, i) => forms[i * 4 + k]);
                    return {best: pick(0), standard: pick(1), chiitoi: pick(2), kokushi: pick(3)};
                  });
}

// Winning kinds of 3k+1 rows (mjk_waits_rows): n * 34 bytes, 1 where a kind completes.
export function waits(rows, {players = 4} = {}) {
  return withRows(rows, players, n => n * KINDS, (m, p, n, pl, out, err) => m._mjk_waits_rows(p, n, pl, out, err),
                  bytes => ({waits: bytes}));
}

// Complete 3k+2 rows (mjk_is_agari): 1 or 0 each.
export function isAgari(rows, {players = 4} = {}) {
  return withRows(rows, players, n => n, (m, p, n, pl, out, err) => m._mjk_is_agari(p, n, pl, out, err),
                  bytes => ({agari: bytes}));
}

// Necessary tiles of 3k+1 rows (mjk_necessary_tiles; no visible tiles):
// shanten, ukeire, and the kinds as a 34-bit BigInt mask each.
export function necessary(rows, {players = 4} = {}) {
  return withRows(rows, players, n => n * 16,
                  (m, p, n, pl, out, err) => m._mjk_necessary_tiles(p, n, pl, 0, 0, out, err),
                  (bytes, n) => {
                    const view = new DataView(bytes.buffer);
                    return {
                      shanten: Int8Array.from({length: n}, (_, i) => view.getInt8(i * 16)),
                      ukeire: Uint8Array.from({length: n}, (_, i) => view.getUint8(i * 16 + 1)),
                      tiles: BigUint64Array.from({length: n}, (_, i) => view.getBigUint64(i * 16 + 8, true)),
                    };
                  });
}

// ---- expected value, in a Web Worker ----

// request: EV.md's request (SCORING.md's fields without `win`, and `ev`),
// as an object (an `ev` object is added when it has none) or JSON text; or
// an array of them, answered in order. Runs in a worker of its own, so the
// page stays live; options.signal (an AbortSignal) ends it at once (the
// worker is terminated; the promise rejects with an AbortError);
// options.onProgress({phase: 'loading'|'searching'|'done', done, total,
// elapsed}) hears each step (one search is one wasm call: no steps inside
// it). Resolves with the answer object (an array for an array): the
// analysis object with its "ev", or the library's {"hand", "error"}.
export async function ev(request, {onProgress = () => {}, signal = null, players = 4} = {}) {
  await init();
  playersOf(players);
  const many = Array.isArray(request);
  const requests = many ? request : [request];
  const built = requests.map(r => typeof r !== 'string');
  const texts = requests.map(r => {
    if (typeof r === 'string') return r;
    return JSON.stringify(r.ev === undefined ? {...r, ev: {}} : r);
  });
  if (signal?.aborted) throw abortError();
  const worker = makeWorker();
  const start = performance.now();
  try {
    return await new Promise((resolve, reject) => {
      const abort = () => { worker.terminate(); reject(abortError()); };
      signal?.addEventListener('abort', abort, {once: true});
      worker.onmessage = ({data}) => {
        if (data.type === 'progress') {
          onProgress({phase: data.phase, done: data.done, total: data.total, elapsed: performance.now() - start});
        } else if (data.type === 'result') {
          signal?.removeEventListener('abort', abort);
          onProgress({phase: 'done', done: texts.length, total: texts.length, elapsed: performance.now() - start});
          resolve(many ? data.answers.map(a => JSON.parse(a)) : JSON.parse(data.answers[0]));
        } else {
          signal?.removeEventListener('abort', abort);
          reject(new Error(`mjk: ${data.message}`));
        }
      };
      worker.onerror = e => { e.preventDefault?.(); reject(new Error(`mjk: the EV worker failed: ${e.message}`)); };
      worker.postMessage({texts, built, players, wasmBinary: wasmBytes, scratchBytes: SCRATCH_BYTES});
    });
  } finally {
    worker.terminate();
  }
}

function abortError() {
  return typeof DOMException === 'function' ? new DOMException('the EV search was cancelled', 'AbortError')
                                            : Object.assign(new Error('the EV search was cancelled'), {name: 'AbortError'});
}

// The worker is made from source text (a blob), not a file: that works from
// any host and from file://, where Chromium refuses a worker script file.
// Its code is the module factory's and the two functions below.
let workerUrl = null;
function makeWorker() {
  if (!workerUrl) {
    // The factory's text is that of a classic function, but the ES module
    // build names its own address (import.meta), which a classic worker
    // cannot say; it is given the wasm's bytes, so any address will do.
    const factorySource = factory.toString().replaceAll('import.meta.url', '"file:///"');
    const source = `"use strict";\nvar _scriptDir;\nconst factory = ${factorySource};\n` +
                   `${readCString.toString()}\n${analyseWith.toString()}\n(${workerMain.toString()})(factory);\n`;
    workerUrl = URL.createObjectURL(new Blob([source], {type: 'text/javascript'}));
  }
  return new Worker(workerUrl);
}

// Runs in the worker: one message, its requests answered in order.
function workerMain(makeModule) {
  self.onmessage = async ({data}) => {
    const total = data.texts.length;
    try {
      self.postMessage({type: 'progress', phase: 'loading', done: 0, total});
      const m = await makeModule(data.wasmBinary ? {wasmBinary: data.wasmBinary} : {});
      const scratch = m._malloc(data.scratchBytes);
      let inPtr = 0, outPtr = 0;
      const buf = {
        input(bytes) { if (inPtr) m._free(inPtr); return inPtr = m._malloc(bytes); },
        output(bytes) { if (outPtr) m._free(outPtr); return outPtr = m._malloc(bytes); },
        scratch() { return scratch; },
      };
      const answers = [];
      for (let i = 0; i < total; ++i) {
        self.postMessage({type: 'progress', phase: 'searching', done: i, total});
        answers.push(analyseWith(m, data.texts[i], data.players, null, buf, 8192, data.built[i]));
      }
      self.postMessage({type: 'result', answers});
    } catch (e) {
      self.postMessage({type: 'error', message: String(e && e.message || e)});
    }
  };
}
