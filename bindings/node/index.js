'use strict';
// mjk for Node.js: riichi mahjong hand analysis by mjk's SIMD kernel.
//
//   const mjk = require('mjk');
//   mjk.analyse('123m456p789s11z23s 1s')         // the object `mjk --json` prints
//   const rows = mjk.parse('1112345678999m')      // Uint8Array(34) of counts
//   mjk.waits(rows)                               // Uint8Array(n*34) of 0/1
//   mjk.shanten(rows, { players: 3 })             // Int8Array(n)
//
// Batch functions take a Uint8Array (or Buffer) of n*34 tile counts in kind
// order (1-9m, 1-9p, 1-9s, 1-7z), one row per hand, and return typed arrays,
// row-major: see README.md. Options: {players: 4|3, visible: Uint8Array of 34
// counts (shared) or n*34 (per row), errors: 'throw' (default) | 'return',
// out: typed arrays to reuse for the result (a {name: array} object when the
// result has several parts)}.
// Wrong argument types throw TypeError, wrong lengths or values RangeError, a
// malformed hand HandError (with .code, and .row for batches).
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

class HandError extends Error {
  constructor(message, code, row) {
    super(message);
    this.name = 'HandError';
    this.code = code;
    if (row !== undefined) this.row = row;
  }
}

function errorMessage(code) {
  return native.errorMessage(code);
}

function checkRows(rows) {
  if (!(rows instanceof Uint8Array))
    throw new TypeError(`rows must be a Uint8Array of n*34 tile counts, not ${describe(rows)}`);
  if (rows.length % 34 !== 0)
    throw new RangeError(`rows must hold n*34 counts: length ${rows.length} is not a multiple of 34`);
  return rows.length / 34;
}

function describe(v) {
  if (v === null) return 'null';
  if (ArrayBuffer.isView(v)) return v.constructor.name;
  if (Array.isArray(v)) return 'an Array (use Uint8Array.from)';
  return typeof v;
}

function checkOptions(options, n) {
  if (options === undefined || options === null) options = {};
  if (typeof options !== 'object') throw new TypeError(`options must be an object, not ${describe(options)}`);
  const known = ['players', 'visible', 'errors', 'out', 'winning'];
  for (const k of Object.keys(options)) if (!known.includes(k)) throw new TypeError(`unknown option "${k}"`);
  const players = options.players === undefined ? 4 : options.players;
  if (players !== 3 && players !== 4) throw new RangeError(`players must be 3 or 4, not ${players}`);
  let visible = options.visible === undefined ? null : options.visible;
  if (visible !== null) {
    if (!(visible instanceof Uint8Array)) throw new TypeError(`visible must be a Uint8Array, not ${describe(visible)}`);
    if (visible.length !== 34 && (n === undefined || visible.length !== 34 * n))
      throw new RangeError(`visible must hold 34 counts (every hand) or 34 per row, not ${visible.length}`);
  }
  const errors = options.errors === undefined ? 'throw' : options.errors;
  if (errors !== 'throw' && errors !== 'return') throw new RangeError(`errors must be 'throw' or 'return', not ${errors}`);
  let winning = options.winning === undefined ? null : options.winning;
  if (winning !== null) {
    if (!(winning instanceof Int8Array)) throw new TypeError(`winning must be an Int8Array of kinds (-1: none), not ${describe(winning)}`);
    if (winning.length !== n) throw new RangeError(`winning must hold one kind per row (${n}), not ${winning.length}`);
    if (winning.some((k) => k < -1 || k > 33)) throw new RangeError('winning: kinds are 0..33, or -1 for none');
  }
  return { players, visible, errors, out: options.out, winning };
}

const camel = (s) => s.replace(/_([a-z])/g, (_, c) => c.toUpperCase());

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
      if (!(given instanceof Type) || given.constructor !== Type)
        throw new TypeError(`out${op.outputs.length === 1 ? '' : '.' + d.name} must be a ${Type.name}`);
      if (given.length !== len) throw new RangeError(`out${op.outputs.length === 1 ? '' : '.' + d.name} must have length ${len}, not ${given.length}`);
      return given;
    });
    if (o.winning !== null && !op.readsWinning) throw new TypeError(`${camel(op.name)} takes no winning tiles`);
    const bad = native.run(op.name, rows, o.players, o.visible, o.winning, errors, outs);
    const result = {};
    op.outputs.forEach((d, k) => { result[camel(d.name)] = outs[k]; });
    if (o.errors === 'return') return Object.assign(result, { errors });
    if (bad >= 0) throw new HandError(`row ${bad}: ${native.errorMessage(errors[bad])}`, errors[bad], bad);
    return op.outputs.length === 1 ? outs[0] : result;
  };
  Object.defineProperty(fn, 'name', { value: camel(op.name) });
  return fn;
}

const operations = native.operations();
const batch = {};
for (const op of operations) batch[camel(op.name)] = makeBatch(op);
// shanten: the best shanten only (Int8Array n); shantenForms: every form.
if (batch.shanten && operations.find((o) => o.name === 'shanten').outputs.length > 1) {
  batch.shantenForms = batch.shanten;
  const forms = batch.shantenForms;
  batch.shanten = function shanten(rows, options) {
    const r = forms(rows, options);
    if (options && options.errors === 'return') return { value: r.best, errors: r.errors };
    return r.best;
  };
}

function parse(text) {
  if (typeof text !== 'string') throw new TypeError(`text must be a string, not ${describe(text)}`);
  try {
    return native.parse(text);
  } catch (e) {
    if (e.code !== undefined) throw new HandError(e.message, e.code);
    throw e;
  }
}

function analyse(text, options) {
  if (typeof text !== 'string') throw new TypeError(`text must be a string, not ${describe(text)}`);
  const o = checkOptions(options);
  for (const k of ['errors', 'out', 'winning'])
    if (options && options[k] !== undefined) throw new TypeError(`analyse has no ${k} option`);
  if (o.visible !== null && o.visible.length !== 34) throw new RangeError('analyse: visible must hold 34 counts');
  const obj = JSON.parse(native.analyse(text, o.players, o.visible));
  if (obj.error !== undefined) throw new HandError(obj.error, native.analyse(text, o.players, o.visible, true));
  return obj;
}

// The `mjk --json` line itself (a string; for a malformed hand the CLI's
// {"hand", "error"} object): what a server sends on without parsing it.
function analyseLine(text, options) {
  if (typeof text !== 'string') throw new TypeError(`text must be a string, not ${describe(text)}`);
  const o = checkOptions(options);
  if (o.visible !== null && o.visible.length !== 34) throw new RangeError('analyseLine: visible must hold 34 counts');
  return native.analyse(text, o.players, o.visible);
}

// The `mjk --json` lines of many hands in one call (a server's batch: one
// crossing into the addon for all the hands that arrived in one turn).
// options: {players: 3|4, or a Uint8Array of one 3|4 per text; visible: a
// Uint8Array of 34 counts (every text) or 34 per text (zeros: none seen)}.
function analyseLines(texts, options) {
  if (!Array.isArray(texts)) throw new TypeError(`texts must be an Array of strings, not ${describe(texts)}`);
  const n = texts.length;
  const { players = 4, visible = null, ...rest } = options || {};
  for (const k of Object.keys(rest)) throw new TypeError(`analyseLines has no ${k} option`);
  let perText = players;
  if (typeof players === 'number') {
    if (players !== 3 && players !== 4) throw new RangeError(`players must be 3 or 4, not ${players}`);
    perText = new Uint8Array(n).fill(players);
  } else if (!(players instanceof Uint8Array) || players.length !== n) {
    throw new TypeError(`players must be 3, 4 or a Uint8Array of one per text (${n}), not ${describe(players)}`);
  }
  let rows = visible;
  if (visible !== null) {
    if (!(visible instanceof Uint8Array)) throw new TypeError(`visible must be a Uint8Array, not ${describe(visible)}`);
    if (visible.length === 34 && n !== 1) {
      rows = new Uint8Array(34 * n);
      for (let i = 0; i < n; i++) rows.set(visible, 34 * i);
    } else if (visible.length !== 34 * n) {
      throw new RangeError(`visible must hold 34 counts (every text) or 34 per text, not ${visible.length}`);
    }
  }
  return native.analyseLines(texts, perText, rows);
}

module.exports = {
  analyse,
  analyseLine,
  analyseLines,
  parse,
  ...batch,
  errorMessage,
  implementation: () => native.implementation(),
  operations: operations.map((o) => ({ name: camel(o.name), outputs: o.outputs })),
  HandError,
};
