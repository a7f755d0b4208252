'use strict';
// mjk for Node.js: riichi mahjong hand analysis by mjk's SIMD kernel, a door
// onto the C ABI (mjk_doors.h): each function checks its arguments and names
// what is wrong (TypeError for a type, RangeError for a length or value,
// HandError with .code and .row for a bad hand), calls the library and
// shapes its answer. The reference is docs/node.md; the types index.d.ts.
// Typed arrays may be views of one (Shared)ArrayBuffer: an input overlapping
// an output is copied first (the library's mjk_batch_run); no other thread
// may write a SharedArrayBuffer a call uses (a data race, as in C).
const fs = require('node:fs');
const path = require('node:path');

function loadNative() {
  const env = process.env.MJK_NODE_ADDON;
  if (env) return require(path.resolve(env));
  const candidates = [
    path.join(__dirname, 'build', 'Release', 'mjk.node'),                       // npm ci / npm run build (cmake-js)
    path.join(__dirname, '..', '..', 'build', 'release', 'bindings', 'node', 'mjk.node'),  // cmake --preset release
  ];
  for (const c of candidates) if (fs.existsSync(c)) return require(c);
  throw new Error(`mjk: the native addon is not built (looked for ${candidates.join(', ')}); ` +
                  'run `npm ci` in bindings/node, or build the repository with `cmake --preset release && ' +
                  'cmake --build --preset release`, or set MJK_NODE_ADDON');
}

const native = loadNative();
// The library's tables (mjk_doors_json): the batch operations, the ev options, the yaku, the defaults.
const doors = JSON.parse(native.doors);

class HandError extends Error {
  constructor(message, code, row) {
    super(message);
    this.name = 'HandError';
    this.code = code;
    if (row !== undefined) this.row = row;
  }
}

// errorMessage(code): an integer 0..255 (1.5 was read as 1, 2**70 and NaN as 0).
function errorMessage(code) {
  if (typeof code !== 'number') throw new TypeError(`errorMessage: a code is a number, not ${describe(code)}`);
  if (!Number.isInteger(code) || code < 0 || code > 255) throw new RangeError('error codes are 0..255');
  return native.errorMessage(code);
}
const camel = (s) => s.replace(/_([a-z])/g, (_, c) => c.toUpperCase());

function describe(v) {
  if (v === null) return 'null';
  if (ArrayBuffer.isView(v)) return v.constructor.name;
  if (Array.isArray(v)) return 'an Array';
  return typeof v;
}

// ---- the arguments, checked once for every function that takes them ----

function checkRows(rows) {
  if (!(rows instanceof Uint8Array))
    throw new TypeError(`rows must be a Uint8Array of n*34 tile counts, not ${describe(rows)}` +
                        (Array.isArray(rows) ? ' (use Uint8Array.from)' : ''));
  if (rows.length % 34 !== 0)
    throw new RangeError(`rows must hold n*34 counts: length ${rows.length} is not a multiple of 34`);
  return rows.length / 34;
}

// An options argument: {} when left out, else an object holding only the
// keys `allowed`; `name` prefixes the message where the function names itself.
function optionsObject(options, allowed, name) {
  const at = name ? `${name}: ` : '';
  if (options === undefined || options === null) return {};
  if (typeof options !== 'object') throw new TypeError(`${at}options must be an object, not ${describe(options)}`);
  for (const k of Object.keys(options)) if (!allowed.includes(k)) throw new TypeError(`${at}unknown option "${k}"`);
  return options;
}

// The errors option: one of `choices`, the first unless given; `quote` spells a wrong value.
function errorsOption(errors, name, choices = ['throw', 'return'], quote = '') {
  if (errors === undefined) return choices[0];
  const must = `${name ? `${name}: ` : ''}errors must be ${choices.map((c) => `'${c}'`).join(' or ')}, not `;
  if (typeof errors !== 'string') throw new TypeError(must + describe(errors));
  if (!choices.includes(errors)) throw new RangeError(must + quote + errors + quote);
  return errors;
}

function playersOption(players) {
  if (typeof players !== 'number') throw new TypeError(`players must be a number (3 or 4), not ${describe(players)}`);
  if (players !== 3 && players !== 4) throw new RangeError(`players must be 3 or 4, not ${players}`);
  return players;
}

// visible: null, or 34 counts (every hand) or 34 per one of n (`each`: 'hand' / 'row', 'text' / 'text').
function visibleOption(visible, n, [every, per] = ['hand', 'row']) {
  if (visible === undefined || visible === null) return null;
  if (!(visible instanceof Uint8Array)) throw new TypeError(`visible must be a Uint8Array, not ${describe(visible)}`);
  if (visible.length !== 34 && (n === undefined || visible.length !== 34 * n))
    throw new RangeError(`visible must hold 34 counts (every ${every}) or 34 per ${per}, not ${visible.length}`);
  return visible;
}

function checkOptions(options, n) {
  options = optionsObject(options, ['players', 'visible', 'errors', 'out', 'winning']);
  const players = playersOption(options.players === undefined ? 4 : options.players);
  const visible = visibleOption(options.visible, n);
  const errors = errorsOption(options.errors);
  const winning = options.winning === undefined ? null : options.winning;
  if (winning !== null) {
    if (!(winning instanceof Int8Array)) throw new TypeError(`winning must be an Int8Array of kinds (-1: none), not ${describe(winning)}`);
    if (winning.length !== n) throw new RangeError(`winning must hold one kind per row (${n}), not ${winning.length}`);
    if (winning.some((k) => k < -1 || k > 33)) throw new RangeError('winning: kinds are 0..33, or -1 for none');
  }
  return { players, visible, errors, out: options.out, winning };
}

// ---- the batch operations, one function each from the C ABI's table (mjk_batch_op_at) ----

function makeBatch(op) {
  const fn = function (rows, options) {
    const n = checkRows(rows);
    const o = checkOptions(options, n);
    const errors = new Uint8Array(Buffer.allocUnsafeSlow(n).buffer, 0, n);
    const outs = op.outputs.map((d) => {
      const len = n * d.shape.reduce((a, b) => a * b, 1);
      const Type = d.dtype === 'int8' ? Int8Array : Uint8Array;
      // Uninitialised memory (the addon writes every byte): zero-filled arrays
      // cost page faults on every call.
      if (o.out === undefined) return new Type(Buffer.allocUnsafeSlow(len).buffer, 0, len);
      const given = op.outputs.length === 1 ? o.out : (o.out || {})[camel(d.name)];
      const what = `out${op.outputs.length === 1 ? '' : '.' + d.name}`;
      if (!(given instanceof Type) || given.constructor !== Type) throw new TypeError(`${what} must be a ${Type.name}`);
      if (given.length !== len) throw new RangeError(`${what} must have length ${len}, not ${given.length}`);
      return given;
    });
    if (o.winning !== null && !op.reads_winning) throw new TypeError(`${camel(op.name)} takes no winning tiles`);
    const bad = native.run(op.name, rows, o.players, o.visible, o.winning, errors, outs);
    const result = {};
    op.outputs.forEach((d, k) => { result[camel(d.name)] = outs[k]; });
    if (o.errors === 'return') return Object.assign(result, { errors });
    if (bad >= 0) throw new HandError(`row ${bad}: ${errorMessage(errors[bad])}`, errors[bad], bad);
    return op.outputs.length === 1 ? outs[0] : result;
  };
  Object.defineProperty(fn, 'name', { value: camel(op.name) });
  return fn;
}

const batch = {};
for (const op of doors.operations) batch[camel(op.name)] = makeBatch(op);
// shanten: the best shanten only (Int8Array n); shantenForms: every form.
batch.shantenForms = batch.shanten;
batch.shanten = function shanten(rows, options) {
  const r = batch.shantenForms(rows, options);
  return options && options.errors === 'return' ? { value: r.best, errors: r.errors } : r.best;
};

function parse(text) {
  if (typeof text !== 'string') throw new TypeError(`text must be a string, not ${describe(text)}`);
  const counts = native.parse(text);  // or [code, why]
  if (Array.isArray(counts)) throw new HandError(counts[1], counts[0]);
  return counts;
}

// ---- one hand's analysis: the `mjk --json` line ----

// [line, code] of one text; strict: the batch-only options refused.
function oneLine(name, text, options, strict) {
  if (typeof text !== 'string') throw new TypeError(`text must be a string, not ${describe(text)}`);
  const o = checkOptions(options);
  if (strict)
    for (const k of ['errors', 'out', 'winning']) if (options && options[k] !== undefined) throw new TypeError(`${name} has no ${k} option`);
  const [[line], [code]] = native.analyseLines([text], Uint8Array.of(o.players), o.visible);
  return [line, code];
}

function analyse(text, options) {
  const [line, code] = oneLine('analyse', text, options, true);
  const obj = JSON.parse(line);
  if (code) throw new HandError(obj.error, code);
  return obj;
}

// The `mjk --json` line itself (a string; for a malformed hand the CLI's
// {"hand", "error"} object): what a server sends on without parsing it.
const analyseLine = (text, options) => oneLine('analyseLine', text, options, false)[0];

// ---- scoring a win (SCORING.md) ----
// A request is an object of the request's fields or a request line as `mjk
// --json` reads it. An object's fields are checked against request.schema.json
// (schema.js, generated from the library's own table) so that an error names
// the field, then sent as its JSON line; reading and scoring are the library's.
const requestSchema = require('./schema');

const isPlainObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v) && !ArrayBuffer.isView(v);

function requestLine(request) {
  if (typeof request === 'string') return request;
  if (!isPlainObject(request))
    throw new TypeError(`request must be an object (SCORING.md §1) or a string (a request line), not ${describe(request)}`);
  for (const [key, value] of Object.entries(request))  // unknown keys go on for the library to name
    if (!requestSchema.schema.properties[key] &&
        (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint' || value === undefined))
      throw new TypeError(`${key} must be a JSON value, not ${typeof value}`);
  const problem = requestSchema.checkRequest(request);
  if (problem) throw new (problem.type ? TypeError : RangeError)(problem.message);
  try {
    return JSON.stringify(request);
  } catch (e) {  // a cycle, a BigInt deep in an unknown field
    throw new TypeError(`request: ${e.message}`);
  }
}

// One byte per request, 1 for an object: its line was written here, and its
// errors name the character of the field the caller wrote.
const builtFlags = (requests) => Uint8Array.from(requests, (r) => (typeof r === 'string' ? 0 : 1));

// Each request's line. A request refused here throws, its message naming the
// row; with `refused` (a Map) its message goes there instead and its line is empty.
function requestLines(requests, refused) {
  if (!Array.isArray(requests)) throw new TypeError(`requests must be an array of objects or strings, not ${describe(requests)}`);
  return requests.map((r, i) => {
    try {
      return requestLine(r);
    } catch (e) {
      if (!(e instanceof TypeError || e instanceof RangeError)) throw e;
      if (!refused) throw new e.constructor(`requests[${i}]: ${e.message}`);
      refused.set(i, e.message);
      return '';
    }
  });
}

// The one answer of [answers, bad rows [[row, code, message]]], or the HandError of its request.
function onlyAnswer([answers, bad]) {
  if (bad.length) throw new HandError(bad[0][2], bad[0][1]);
  return answers[0];
}

// The answers with each bad row's HandError in its place (a request refused
// here: code 35, MJK_ERR_BAD_REQUEST); 'throw': the first bad row throws it,
// its message naming the row.
function manyAnswers([answers, bad], errors, refused = new Map()) {
  if (bad.length && errors === 'throw') throw new HandError(`requests[${bad[0][0]}]: ${bad[0][2]}`, bad[0][1], bad[0][0]);
  for (const [row, code, message] of bad)
    answers[row] = refused.has(row) ? new HandError(refused.get(row), 35, row) : new HandError(message, code, row);
  return answers;
}

// score(request) -> the "score" object `mjk --json` prints, or null (not complete).
function score(request) {
  const [text, bad] = native.scoreMany([requestLine(request)], builtFlags([request]));
  return onlyAnswer([JSON.parse(text), bad]);
}

// scoreMany(requests, {errors: 'throw' | 'return'}) -> score()'s answers, 'return': a HandError in a bad request's place.
function scoreMany(requests, options) {
  const errors = errorsOption(optionsObject(options, ['errors']).errors);
  const [text, bad] = native.scoreMany(requestLines(requests), builtFlags(requests));  // the score objects as one JSON array
  return manyAnswers([JSON.parse(text), bad], errors);
}

// scoreEachWin(request, {errors: 'omit' | 'return'}) -> {tile: score object}
// of a waiting hand (no win), one library call (mjk_score_each_win_json); a
// tile that cannot be added left out, or 'return': its HandError in its place.
function scoreEachWin(request, options) {
  const errors = errorsOption(optionsObject(options, ['errors'], 'scoreEachWin').errors, '', ['omit', 'return'], "'");
  const [code, message, answers, codes] = native.scoreEachWin(requestLine(request), typeof request !== 'string');
  if (code) throw new HandError(`scoreEachWin: ${message}`, code);
  const table = JSON.parse(answers);
  if (errors === 'omit' || codes.every((c) => c === 0)) return table;
  const out = {};
  for (let kind = 0; kind < 34; ++kind) {  // tile order, the errors in their places
    const tile = tileName(kind);
    if (codes[kind]) out[tile] = new HandError(`${tile}: ${errorMessage(codes[kind])}`, codes[kind]);
    else if (table[tile] !== undefined) out[tile] = table[tile];
  }
  return out;
}

// scoreBatch(requests, {errors}) -> scoreMany's answers as the library's typed
// arrays (mjk_score_column_at: complete, han, fu, yakuman, points, payments
// n*4, yaku bit masks); 'return': also errors (the codes, 0: scored).
function scoreBatch(requests, options) {
  const errors = errorsOption(optionsObject(options, ['errors']).errors);
  const { codes, firstBad, ...arrays } = native.scoreBatch(requestLines(requests), builtFlags(requests));
  if (firstBad !== null && errors === 'throw') manyAnswers([[], [firstBad]], errors);
  return errors === 'return' ? { ...arrays, errors: codes } : arrays;
}

// ---- game records (the C ABI's review, the addon's records.cpp) ----

// A game record that cannot be read (.file, .offset, .line, .column: the
// place; .what), or that breaks the rules of the game (.file, .round,
// .event; .what). The message names the file and the place.
class RecordError extends Error {
  constructor(error) {
    super(error.message);
    this.name = 'RecordError';
    for (const k of ['file', 'round', 'event', 'offset', 'line', 'column', 'what'])
      if (error[k] !== undefined) this[k] = error[k];
  }
}

// The most bytes a record may have, read and again inflated, unless maxBytes
// says otherwise (16 MiB; real records are 5-90 KB).
const defaultMaxBytes = doors.max_record_bytes;

// {errors, maxBytes} checked; `allowed` the keys this function takes.
function checkRecordOptions(options, name, allowed = ['errors', 'maxBytes']) {
  options = optionsObject(options, allowed, name);
  const errors = errorsOption(options.errors);
  const maxBytes = options.maxBytes === undefined ? defaultMaxBytes : options.maxBytes;
  if (typeof maxBytes !== 'number') throw new TypeError(`maxBytes must be a number of bytes, not ${describe(maxBytes)}`);
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 1) throw new RangeError(`maxBytes must be a positive integer, not ${maxBytes}`);
  return { errors, maxBytes };
}

// readLog(path, {errors, maxBytes}): a game record (mjlog, tenhou.net/6,
// mjai; told by the content) replayed and every discard reviewed by the
// library (mjk_review_record_rows): one object per discard made from its
// columns, and the game's summary (docs/node.md, "Game records in Node").
function readLog(file, options) {
  if (typeof file !== 'string') throw new TypeError(`path must be a string, not ${describe(file)}`);
  const { errors, maxBytes } = checkRecordOptions(options, 'readLog');
  const [text, columns] = native.readLog(file, maxBytes);
  const summary = JSON.parse(text);  // the library's review without its discards (mjk_review_record_rows)
  if (columns === null) {  // a record that cannot be read: its place
    const { file: f, offset, line, column, what, error: message } = summary;
    const readError = { file: f, offset, line, column, what, message };
    if (errors === 'throw') throw new RecordError(readError);
    return { file, format: null, players: null, rounds: [], decisions: [], columns: null, disagreements: [], error: readError,
             names: [], roundInfo: [], finalScores: [], places: [] };
  }
  // A disagreement {file, round, event, what} and its message as the library writes it.
  const placed = (d) => ({ ...d, message: `${d.file} ${d.round} event ${d.event}: ${d.what}` });
  const e = summary.error;  // the replay's error, keyed as a disagreement
  const error = e === null ? null : placed({ file: e.file, round: e.round, event: e.event, what: e.error });
  if (error !== null && errors === 'throw') throw new RecordError(error);
  const rounds = summary.rounds.map((x) => x.label);
  const c = {};  // the C ABI's columns, camelCased; the round's index roundIndex
  for (const [k, v] of Object.entries(columns)) c[k === 'round' ? 'roundIndex' : camel(k)] = v;
  const decisions = new Array(c.discard.length);
  for (let i = 0; i < decisions.length; i++) {
    const row = (a) => a.subarray(34 * i, 34 * i + 34);
    const reviewed = c.reviewed[i] === 1;
    const best = [];
    if (reviewed) for (let k = 0; k < 34; k++) if (c.best[34 * i + k]) best.push(k);
    decisions[i] = {
      round: rounds[c.roundIndex[i]], roundIndex: c.roundIndex[i], seat: c.seat[i], seatWind: c.seatWind[i],
      turn: c.turn[i], event: c.event[i],
      hand: row(c.hand), visible: row(c.visible), melds: row(c.melds), dora: row(c.dora),
      handRed: c.handRed.subarray(3 * i, 3 * i + 3), visibleRed: c.visibleRed.subarray(3 * i, 3 * i + 3),
      discard: c.discard[i], discardRed: c.discardRed[i] === 1, riichi: c.riichi[i] === 1, reviewed,
      // Not reviewed (the kernel could not analyse the hand): null, as `mjk log --json` prints.
      shanten: reviewed ? c.shanten[i] : null, shantenAfter: reviewed ? c.shantenAfter[i] : null,
      bestShanten: reviewed ? c.bestShanten[i] : null, ukeire: reviewed ? c.ukeire[i] : null,
      bestUkeire: reviewed ? c.bestUkeire[i] : null, best: reviewed ? best : null,
    };
  }
  return { file: summary.file, format: summary.format, players: summary.players, rounds, decisions, columns: c,
           disagreements: summary.disagreements.map(placed), error, names: summary.names, roundInfo: summary.rounds,
           finalScores: summary.final_scores, places: summary.places };
}

// corpusStats(paths, {maxBytes}): the object `mjk log --stats --json` prints (unreadable records in .errors).
function corpusStats(paths, options) {
  if (typeof paths === 'string') paths = [paths];
  if (!Array.isArray(paths)) throw new TypeError(`paths must be an Array of file or directory names, not ${describe(paths)}`);
  paths.forEach((p, i) => {
    if (typeof p !== 'string') throw new TypeError(`paths[${i}] must be a string, not ${describe(p)}`);
    // The library reads NUL-terminated names: "a\0b" was read as the file a.
    if (p.includes('\0')) throw new TypeError(`corpusStats(paths): paths[${i}] holds a NUL byte`);
  });
  const { maxBytes } = checkRecordOptions(options, 'corpusStats', ['maxBytes']);
  return JSON.parse(native.corpusJson(paths, maxBytes));  // directories walked as `mjk log` walks them
}

// ---- many hands' lines, and the calls off the event loop ----

// The `mjk --json` lines of many hands in one call (a server's batch: one
// crossing into the addon for all the hands that arrived in one turn).
const analyseLines = (texts, options) => native.analyseLines(...linesArguments(texts, options))[0];

// analyseLinesAsync(texts, {players, visible, signal}) -> Promise of
// analyseLines' answer, analysed on a thread of the addon's; aborting signal
// stops it (an "ev" line's search too). The arguments are checked and the
// texts copied first: a bad one rejects with analyseLines' error.
function analyseLinesAsync(texts, options) {
  return later(() => {
    const { signal, ...rest } = options || {};
    const args = linesArguments(texts, rest);
    return abortable(signal, 'analyseLinesAsync', () => native.analyseLinesAsync(...args)).then((r) => r[0]);
  });
}

// analyseLines' arguments, checked -> [texts, players per text, visible|null].
function linesArguments(texts, options) {
  if (!Array.isArray(texts)) throw new TypeError(`texts must be an Array of strings, not ${describe(texts)}`);
  texts.forEach((t, i) => {  // before any hand is analysed
    if (typeof t === 'string' && t.includes('\0')) throw new RangeError(`texts[${i}] holds a NUL character`);
  });
  const n = texts.length;
  const { players = 4, visible = null, ...rest } = options || {};
  for (const k of Object.keys(rest)) throw new TypeError(`analyseLines has no ${k} option`);
  if (typeof players === 'number') return [texts, new Uint8Array(n).fill(playersOption(players)), visibleOption(visible, n, ['text', 'text'])];
  if (!(players instanceof Uint8Array) || players.length !== n)
    throw new TypeError(`players must be 3, 4 or a Uint8Array of one per text (${n}), not ${describe(players)}`);
  return [texts, players, visibleOption(visible, n, ['text', 'text'])];
}

// start()'s Promise; an exception start throws rejects it instead (the executor's throw).
const later = (start) => new Promise((resolve) => resolve(start()));

// The AbortError an aborted call rejects with (as Node's own calls do: a
// DOMException named AbortError, the signal's reason as its cause).
function abortError(signal, name) {
  const e = new DOMException(`${name}: the operation was aborted`, 'AbortError');
  if (signal.reason !== undefined) Object.defineProperty(e, 'cause', { value: signal.reason, configurable: true, writable: true });
  return e;
}

// Runs start() (an addon call returning a Promise with cancel()) so that
// aborting `signal` cancels it: the library stops the work, and the Promise
// rejects with an AbortError. No signal: as is.
function abortable(signal, name, start) {
  if (signal === undefined || signal === null) return start();
  if (typeof signal !== 'object' || typeof signal.aborted !== 'boolean' || typeof signal.addEventListener !== 'function')
    throw new TypeError(`${name}: signal must be an AbortSignal, not ${describe(signal)}`);
  if (signal.aborted) return Promise.reject(abortError(signal, name));
  const pending = start();
  const onAbort = () => pending.cancel();
  signal.addEventListener('abort', onAbort, { once: true });
  const settled = (resolved) => (value) => {
    signal.removeEventListener('abort', onAbort);
    if (signal.aborted) throw abortError(signal, name);
    if (resolved) return value;
    throw value;
  };
  return pending.then(settled(true), settled(false));
}

// ---- tile names: kinds 0..33 (1-9m, 1-9p, 1-9s, 1-7z) and mpsz text, named by the library ----

// tileName(30) === '4z'
function tileName(kind) {
  if (typeof kind !== 'number' || !Number.isInteger(kind)) throw new TypeError(`kind must be an integer, not ${describe(kind)}`);
  const [name, why] = native.tileName(kind);
  if (why) throw new RangeError(`kind ${why}, not ${kind}`);
  return name;
}

// tileKind('4z') === 30; tileKind('0m') === 4 (red five)
function tileKind(name) {
  if (typeof name !== 'string') throw new TypeError(`name must be a string, not ${describe(name)}`);
  const [kind, why] = native.tileKind(name);
  if (kind < 0) throw new RangeError(`${JSON.stringify(name)} ${why}`);
  return kind;
}

// 34 counts (a Uint8Array or an array of integers, kind order) -> mpsz text,
// suits in the order m p s z: toMpsz(parse('19m19p19s1234567z1m')) === '119m19p19s1234567z'
function toMpsz(counts) {
  if (!(counts instanceof Uint8Array) && !Array.isArray(counts))
    throw new TypeError(`counts must be a Uint8Array or an array of 34 counts, not ${describe(counts)}`);
  if (counts.length !== 34) throw new RangeError(`counts must hold 34 counts, not ${counts.length}`);
  for (let k = 0; k < 34; ++k) {
    const c = counts[k];
    if (typeof c !== 'number' || !Number.isInteger(c)) throw new TypeError(`counts[${k}] must be an integer, not ${describe(c)}`);
    if (c < 0 || c > 4) throw new RangeError(`counts[${k}]: ${c} copies of ${tileName(k)} (0..4)`);
  }
  return native.toMpsz(Uint8Array.from(counts));
}

// mpsz text -> Uint8Array(34) counts (the same as parse)
const fromMpsz = (text) => parse(text);

// ---- the expected value of a hand (EV.md) ----
// A request (mpsz text, a request line, or an object of the request's
// fields, no win) is sent as its line and searched by the library
// (mjk_ev_lines); options given here replace the line's own "ev" options.
// The answer's fields: docs/node.md, "The expected value in Node".

// The options, their types and bounds: the library's field table of the
// request's "ev" object (mjk_ev_option_at, in mjk_ev_options' order),
// camelCased: the overrides' value i is option i's.
const EV_OPTIONS = doors.ev_options.map((o) => camel(o.name));
// The keys of an answer's per-discard arrays (mjk_ev_column_at), which the addon makes.
const EV_COLUMNS = doors.ev_columns.map((c) => camel(c.name));
// maxVertices unless given (MJK_EV_DEFAULT_MAX_VERTICES): past it HandError 43.
const EV_DEFAULT_MAX_VERTICES = doors.ev_max_vertices;

// The values in EV_OPTIONS' order for the addon (null: not given); TypeError
// / RangeError naming a bad option. A range that fits a byte (extra 0..3, turn 1..17) is
// the library's to refuse (HandError with its sentence; the addon makes a
// value past a byte 255); a count's (maxVertices) is checked here, up to
// what a Number holds exactly.
function evOverrides(options, name, allowed) {
  if (Array.isArray(options)) throw new TypeError(`${name}: options must be an object, not an Array`);
  options = optionsObject(options, [...EV_OPTIONS, ...allowed], name);
  return EV_OPTIONS.map((k, i) => {
    const v = options[k];
    const s = doors.ev_options[i];
    if (v === undefined || (v === null && s.type === 'count')) return null;  // a count's null: unset, as JSON's
    if (s.type === 'boolean') {
      if (typeof v !== 'boolean') throw new TypeError(`${name}: ${k} must be a boolean, not ${describe(v)}`);
      return v ? 1 : 0;
    }
    if (typeof v !== 'number' || !Number.isInteger(v)) throw new TypeError(`${name}: ${k} must be an integer, not ${describe(v)}`);
    if (s.type === 'count' && (v < s.minimum || v > Math.min(s.maximum, Number.MAX_SAFE_INTEGER)))
      throw new RangeError(`${name}: ${k} must be a count of vertices, ${s.minimum} to Number.MAX_SAFE_INTEGER (default ${EV_DEFAULT_MAX_VERTICES}), not ${v}`);
    return v;
  });
}

// The request's fields ev and evAsync also take among their options (as
// Python's ev takes them as keywords: ev(hand, {dora: '9m', seat: '2z'})).
const EV_FIELDS = Object.keys(requestSchema.schema.properties).filter((k) => k !== 'hand' && k !== 'ev');

// [line, built flag] of ev's first argument with the request fields of its
// options laid over it: mpsz text is the hand field (meld words go in melds).
function evRequest(handOrRequest, options, name) {
  const fields = {};
  for (const k of EV_FIELDS) if (options && options[k] !== undefined) fields[k] = options[k];
  if (!Object.keys(fields).length) return [requestLine(handOrRequest), typeof handOrRequest === 'string' ? '' : {}];
  let request = handOrRequest;
  if (typeof request === 'string') {
    if (request.trimStart().startsWith('{')) throw new TypeError(`${name}: request fields go with an object request or a hand, not a JSON line`);
    request = { hand: request };
  } else if (!isPlainObject(request)) {
    throw new TypeError(`${name}: the request must be an object or a string, not ${describe(request)}`);
  }
  if (ArrayBuffer.isView(fields.visible)) fields.visible = Array.from(fields.visible);
  try {
    return [requestLine({ ...request, ...fields }), {}];
  } catch (e) {  // a value the schema refuses: name the function
    if (e instanceof TypeError || e instanceof RangeError) throw new e.constructor(`${name}: ${e.message}`);
    throw e;
  }
}

function evThreads(threads, name) {
  if (threads === undefined || threads === null) return native.evThreads;
  if (typeof threads !== 'number' || !Number.isInteger(threads)) throw new TypeError(`${name}: threads must be an integer, not ${describe(threads)}`);
  if (threads < 1 || threads > 1024) throw new RangeError(`${name}: threads must be 1..1024, not ${threads}`);
  return threads;
}

// The four calls' arguments checked: the addon's (lines, built flags,
// overrides, threads, the answers' column keys), and the shaping of its answer. `allowed`: the options the
// call takes besides ev's; many: a list of requests (evMany).
function evArguments(name, requests, options, allowed, many) {
  const overrides = evOverrides(options, name, allowed);
  if (!many) {
    const [line, built] = evRequest(requests, options, name);
    return { args: [[line], builtFlags([built]), overrides, 1, EV_COLUMNS], shape: onlyAnswer };
  }
  const errors = errorsOption(options ? options.errors : undefined, name);
  const threads = evThreads(options && options.threads, name);
  const refused = errors === 'return' ? new Map() : undefined;  // 'return': a request the schema refuses is its row's error
  const lines = requestLines(requests, refused);
  return { args: [lines, builtFlags(requests), overrides, threads, EV_COLUMNS], shape: (r) => manyAnswers(r, errors, refused) };
}

// The four calls (docs/node.md): ev and evMany search on this thread, evAsync
// and evManyAsync on one of the addon's (aborting options.signal stops them:
// an AbortError). `allowed`: the options each takes besides ev's; many: a
// list of requests.
function evCall(name, allowed, many, async) {
  const fn = (requests, options) => {
    const a = evArguments(name, requests, options, allowed, many);
    if (!async) return a.shape(native.evMany(...a.args));
    return abortable(options ? options.signal : undefined, name, () => native.evManyAsync(...a.args)).then(a.shape);
  };
  const call = async ? (requests, options) => later(() => fn(requests, options)) : fn;
  return Object.defineProperty(call, 'name', { value: name });
}
const ev = evCall('ev', EV_FIELDS, false, false);
const evAsync = evCall('evAsync', ['signal', ...EV_FIELDS], false, true);
const evMany = evCall('evMany', ['threads', 'errors'], true, false);
const evManyAsync = evCall('evManyAsync', ['threads', 'errors', 'signal'], true, true);

// ---- Whole games (docs/node.md, "Whole games in Node") ----
// new Table({players = 4, length = 'south', rules, seed = 0, game = 0}): one
// game on the engine through the C ABI's tables; the acting seat is the
// lowest seat the engine asks, and a round's end deals the next within the
// same step (as Python's mjk.Table).
const TABLE_LENGTHS = { one: 0, east: 1, south: 2 };

function tableSeed(seed, where) {
  if (typeof seed === 'bigint' && seed >= 0n && seed < 2n ** 64n) return seed;
  if (Number.isSafeInteger(seed) && seed >= 0) return BigInt(seed);
  throw new RangeError(`${where}: seed must be an integer 0..2**64-1 (a number or a BigInt), not ${String(seed)}`);
}

class Table {
  constructor(options = {}) {
    if (options === null || typeof options !== 'object') throw new TypeError('new Table(options): options must be an object');
    const known = ['players', 'length', 'rules', 'seed', 'game'];
    for (const k of Object.keys(options))
      if (!known.includes(k)) throw new TypeError(`new Table: unknown option '${k}' (the options: ${known.join(', ')})`);
    const { players = 4, length = 'south', seed = 0, game = 0 } = options;
    if (players !== 4 && players !== 3) throw new RangeError(`new Table: players must be 4 or 3, not ${String(players)}`);
    const { rules = players === 4 ? 'tenhou' : 'tenhou-sanma' } = options;
    if (typeof rules !== 'string') throw new TypeError('new Table: rules must be a preset name (a string)');
    // The library reads a NUL-terminated name: 'tenhou\0x' was played as tenhou.
    if (rules.includes('\0')) throw new RangeError(`new Table: rules ${JSON.stringify(rules)} holds a NUL character: no preset's name does`);
    const presetPlayers = native.rulesPreset(rules);  // RangeError: unknown rules preset 'x' (the presets: ...)
    if (presetPlayers !== players) throw new RangeError(`new Table: rules '${rules}' are for ${presetPlayers} players, not ${players}`);
    if (!Object.hasOwn(TABLE_LENGTHS, length)) throw new RangeError(`new Table: length must be 'one', 'east' or 'south', not ${String(length)}`);
    if (!Number.isInteger(game) || game < 0 || game >= 2 ** 32) throw new RangeError('new Table: game must be an integer 0..2**32-1');
    Object.assign(this, { players, rules, length, seed: tableSeed(seed, 'new Table'), game, deltas: new Array(players).fill(0) });
    this._native = new native.NativeTable(rules, TABLE_LENGTHS[length], this.seed, game);
  }

  // A new game: game 0 of `seed`, or the current seed's next game when seed is undefined.
  reset(seed) {
    if (seed === undefined) {
      // The game number is 32 bits (mjk_table_new): past the last, reset(seed) starts another seed.
      if (this.game === 2 ** 32 - 1) throw new RangeError('reset: game 2**32-1 is the seed\'s last; reset(seed) starts another seed');
      this.game += 1;
    } else { this.seed = tableSeed(seed, 'reset'); this.game = 0; }
    this._native.reset(this.seed, this.game);
    this.deltas = new Array(this.players).fill(0);
    return this;
  }

  get seat() { return this._native.seat(); }           // the acting seat, -1 once the game is over
  // Its legal action ids, ascending, and the same as 124 bytes, 1 for a legal action (mjk_table_legal_mask).
  legal() {
    const mask = this._native.mask();
    return [...mask.keys()].filter((a) => mask[a]);
  }
  actionMask() { return this._native.mask(); }

  // The acting seat's action -> {reward, done}: reward its share of the
  // payments of the rounds this action ended (0 when none; this.deltas has
  // every seat's). An illegal action throws an Error (code
  // 'MJK_ILLEGAL_ACTION', refusal, "seat 0 may not ron: ...") and changes nothing.
  step(action) {
    if (typeof action !== 'number') throw new TypeError('step(action): an action id');
    const seat = this._native.seat();
    this.deltas = this._native.step(action);
    return { reward: seat >= 0 ? this.deltas[seat] : 0, done: this.done };
  }

  get done() { return this._native.state().done; }
  get scores() { return this._native.state().scores; }
  state() { return this._native.state(); }
  // The mjai lines so far (strings without the newline); viewer a seat: what it may see.
  events(viewer = -1) {
    // A seat's view hides the others' tiles: a viewer that is no seat ('0', 1.5, NaN, null) is refused,
    // where it was read as every tile or as another seat.
    // (the words of the addon's refusal of a seat out of range, as it was)
    const must = 'viewer must be -1 (every tile) or a seat of the table';
    if (typeof viewer !== 'number') throw new TypeError(`${must}, not ${describe(viewer)}`);
    if (!Number.isInteger(viewer) || viewer < -1 || viewer >= this.players) throw new RangeError(must);
    const text = this._native.events(viewer);
    return text === '' ? [] : text.slice(0, -1).split('\n');
  }
  // The game so far as 'mjai' (the event lines), 'tenhou6' (tenhou.net/6
  // JSON) or 'mjlog' (Tenhou's mjlog XML), by the game-record writers; an
  // Error naming what when the format cannot carry the game.
  record(format = 'mjai') {
    const id = ['mjai', 'tenhou6', 'mjlog'].indexOf(format);
    if (id < 0) throw new RangeError(`record: format must be 'mjai', 'tenhou6' or 'mjlog', not ${String(format)}`);
    return this._native.record(id);
  }
}

module.exports = {
  analyse, analyseLine, analyseLines, analyseLinesAsync, parse, ...batch, errorMessage, HandError,
  implementation: () => native.implementation,
  operations: doors.operations.map((o) => ({ name: camel(o.name), outputs: o.outputs })),
  score, scoreMany, scoreEachWin, scoreBatch, yakuNames: doors.yaku,
  readLog, corpusStats, defaultMaxBytes, RecordError,
  tileName, tileKind, toMpsz, fromMpsz,
  ev, evAsync, evMany, evManyAsync, EV_DEFAULT_MAX_VERTICES,
  Table, actionName: (id) => native.actionName(id),
};
