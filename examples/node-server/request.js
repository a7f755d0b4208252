'use strict';
// One request message -> the line to analyse, or why not: cheap checks of
// types, lengths and ranges, made before anything is sent to the analysis,
// never coercing (256, "x", null, true, -1 are rejected, not read as counts).
//
// A request is plain mpsz text ("123m456p789s11z23s 1s", meld words allowed:
// "678m345p67s55s chi:234m 8s") or a JSON object: SCORING.md §1's request
// ({"hand", "melds", "win", "tsumo", "seat", "dora", ...}, the old
// {"hand", "players", "visible"} included). The message itself is at most the
// server's maxPayload bytes (ws closes a connection sending more before its
// bytes reach here), so JSON.parse works on a bounded text.
//
// The request is parsed by the library, not here: an object that passes
// these shape checks goes to the library as the JSON line itself, and the
// library's strict reader answers a malformed hand, meld, tile or rule with
// its own error object. The server only keeps out what it should never pass
// on: non-objects, unknown fields, values of the wrong JSON type, strings
// too long, NUL characters (the C ABI reads NUL-terminated text).

const HAND_CHARS = 128;     // a hand of 14 tiles plus a winning tile is ~32 characters
// An "ev" request's search (EV.md) grows a graph of hands: 300-360 bytes a
// vertex, ~0.3 us each (a 3-shanten hand with hand changes and shanten back
// is ~140,000 vertices, 44 ms; a 4-shanten one ~1.8 million, 1.2 s and 1 GB).
// The server caps every search at this many vertices unless told otherwise
// (--max-ev-vertices): ~70 MB and ~0.1 s at most per request.
const MAX_EV_VERTICES = 200000;
const VISIBLE_CHARS = 512;  // 136 tiles in mpsz are at most ~170 characters

// Every field's type, bounds and spellings: request.schema.json, generated
// from the library's own field table (the same file the Node addon checks
// its arguments against). The server is stricter than the schema in three
// ways: unknown fields (at any depth) and null values are refused, not
// passed on, and strings may not hold NUL. It also bounds what the schema
// leaves open: ev.max_vertices is at most the server's cap (the schema gives
// only its minimum).
const requestSchema = require('../../bindings/node/schema');

// "id": the client's own name for a request, not the library's: checked
// here, taken out of the line the library reads, and echoed in the reply.
const ID_CHARS = 64;

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const string = (limit) => (v) => (typeof v !== 'string' ? `must be a string, not ${kind(v)}`
  : v.length > limit ? `must be at most ${limit} characters, not ${v.length}`
  : v.includes('\0') ? `holds a NUL character at position ${v.indexOf('\0')}` : null);
const nul = (v) => typeof v === 'string' ? v.includes('\0') : Array.isArray(v) ? v.some(nul)
  : isObject(v) ? Object.values(v).some(nul) : false;

// The schema of every field, with the server's cap as ev.max_vertices's
// maximum (one copy a cap; a process has one).
const schemas = new Map();
function schemaFor(maxEvVertices) {
  let properties = schemas.get(maxEvVertices);
  if (!properties) {
    properties = structuredClone(requestSchema.schema.properties);
    Object.assign(properties.ev.properties.max_vertices, {
      maximum: maxEvVertices,
      'x-must': `ev.max_vertices must be an integer from ${properties.ev.properties.max_vertices.minimum} to ${maxEvVertices} on this server`,
    });
    schemas.set(maxEvVertices, properties);
  }
  return properties;
}

// What a schema asks for, in words (as bindings/node/schema.js says it).
function describe(s) {
  if (s['x-must']) return s['x-must'].replace(/^\S+ must be /, '');
  if (s.enum) return `one of ${s.enum.map((x) => JSON.stringify(x)).join(', ')}`;
  const range = 'minimum' in s && 'maximum' in s ? ` from ${s.minimum} to ${s.maximum}`
    : 'minimum' in s ? ` of at least ${s.minimum}` : 'maximum' in s ? ` of at most ${s.maximum}` : '';
  const types = s.anyOf ? s.anyOf.flatMap((x) => [].concat(x.type || [])) : [].concat(s.type || []);
  return types.map((t) => ({ boolean: 'true or false', integer: `an integer${range}`, number: `a number${range}`, string: 'a string',
    array: 'an array', object: 'an object', null: 'null' }[t] || t)).join(' or ');
}

const BEYOND_DOUBLE = 'a number beyond the range of a double (more than 1.8e308 in size)';

// The first number in v that JSON.parse could not hold (1e400 is Infinity):
// {path, schema} of it, or null. JSON.stringify writes such a number as
// null, so the schema's own message would say "got null".
function unrepresentable(v, s, path) {
  if (typeof v === 'number') return Number.isFinite(v) ? null : { path, schema: s };
  if (v === null || typeof v !== 'object') return null;
  const alternatives = s ? (s.anyOf || [s]) : [];
  for (const [key, x] of Object.entries(v)) {
    const inner = alternatives.map((a) => (Array.isArray(v) ? a.items : a.properties?.[key])).find(Boolean);
    const found = unrepresentable(x, inner, Array.isArray(v) ? `${path}[${key}]` : `${path}.${key}`);
    if (found) return found;
  }
  return null;
}

// name, value, schema properties -> null when fine, else what is wrong (the message names the field).
function checkField(name, v, properties) {
  if (name === 'hand') {
    const problem = string(HAND_CHARS)(v);
    if (problem) return `hand ${problem}`;
  }
  const schema = properties[name];
  if (v === null) return `${name} must be ${describe(schema)}, got null`;
  const big = unrepresentable(v, schema, name);
  if (big) {
    const what = big.schema ? `must be ${describe(big.schema)}, got` : 'is';
    return `${big.path} ${what} ${BEYOND_DOUBLE}`;
  }
  const e = requestSchema.check(v, schema, name, true);
  if (e) return e.message;
  return nul(v) ? `${name} holds a NUL character` : null;
}

function checkId(v) {
  if (typeof v === 'string') return v.length > ID_CHARS ? `id must be at most ${ID_CHARS} characters, not ${v.length}` : null;
  return Number.isSafeInteger(v) ? null
    : `id must be a string of at most ${ID_CHARS} characters or an integer of at most 2^53 - 1 in size, got ${show(v)}`;
}

// The JSON object text (well formed: JSON.parse has read it) with every
// top-level member named `name` blanked out, its comma with it: spaces in
// its place, so that a position in the library's error is one in the text
// the client sent.
function blankMember(text, name) {
  const spans = [];
  let depth = 0;
  let inString = false;
  let escaped = false;
  let memberStart = -1;  // where the current top-level member starts (after '{' or ',')
  let keyStart = -1;
  let key;               // the current member's key, once read
  let before = -1;       // the comma before the current member, if any
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (c === '\\') escaped = true;
      else if (c === '"') {
        inString = false;
        if (depth === 1 && key === undefined) key = JSON.parse(text.slice(keyStart, i + 1));
      }
    } else if (c === '"') {
      inString = true;
      if (depth === 1 && key === undefined) keyStart = i;
    } else if (c === '{' || c === '[') {
      if (++depth === 1) { memberStart = i + 1; key = undefined; }
    } else if ((c === ',' || c === '}' || c === ']') && depth === 1) {
      // The member ends here: blank it with the comma after it, or the last
      // one with the comma before it.
      if (key === name) spans.push(c === ',' ? [memberStart, i + 1] : [before >= 0 ? before : memberStart, i]);
      if (c === ',') { before = i; memberStart = i + 1; key = undefined; } else depth--;
    } else if (c === '}' || c === ']') {
      depth--;
    }
  }
  let out = text;
  for (const [from, to] of spans) out = out.slice(0, from) + ' '.repeat(to - from) + out.slice(to);
  return out;
}

function kind(v) {
  return v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v;
}

function show(v) {
  if (typeof v === 'number' && !Number.isFinite(v)) return BEYOND_DOUBLE;
  const s = JSON.stringify(v);
  return s === undefined ? kind(v) : s.length > 20 ? `${s.slice(0, 20)}...` : s;
}

// A refusal; id (already checked) echoed first, as in every reply.
function rejected(hand, error, code, id) {
  const reply = { hand: typeof hand === 'string' && hand.length <= HAND_CHARS ? hand : null, error, code };
  return id === undefined ? reply : { id, ...reply };
}

// text -> {line, hand, id?, ev?, maxVertices?}: the line for the analysis
//         (the text itself, less any "id"; ev: true for an "ev" request,
//         whose search may take ~0.1 s, maxVertices its bound; id: the
//         request's own, for the reply)
//       | {id?, hand: string|null, error, code}  (code: bad_json, bad_request,
//         unknown_field, bad_field)
// An "ev" request's max_vertices is at most maxEvVertices: one that asks for
// more is refused, one that names none gets it (in its line), so that no
// client can make the search take the process's memory or its time.
function parseRequest(text, { maxEvVertices = MAX_EV_VERTICES } = {}) {
  if (!/^\s*\{/.test(text)) {
    const problem = checkField('hand', text, schemaFor(maxEvVertices));
    return problem ? rejected(text, problem, 'bad_field') : { line: text, hand: text };
  }
  let req;
  try {
    req = JSON.parse(text);
  } catch (e) {
    return rejected(null, `not JSON: ${e.message}`, 'bad_json');
  }
  if (!isObject(req)) return rejected(null, `a request is an object, not ${kind(req)}`, 'bad_request');
  const { hand, id, ...fields } = req;
  const hasId = Object.hasOwn(req, 'id');
  if (hasId) {
    const problem = checkId(id);
    if (problem) return rejected(hand, problem, 'bad_field');
  }
  const echo = hasId ? id : undefined;
  const properties = schemaFor(maxEvVertices);
  for (const key of Object.keys(req)) {
    if (key === 'id') continue;
    if (!Object.hasOwn(properties, key))
      return rejected(hand, `unknown field "${key.slice(0, 40)}" (known: id, ${Object.keys(properties).join(', ')})`, 'unknown_field', echo);
    const problem = checkField(key, req[key], properties);
    if (problem) return rejected(hand, problem, 'bad_field', echo);
  }
  if (hand === undefined) return rejected(null, 'hand is missing', 'bad_field', echo);
  const passed = { line: text, hand };
  if (req.ev !== undefined && req.ev.max_vertices === undefined)
    passed.line = JSON.stringify({ hand, ...fields, ev: { ...req.ev, max_vertices: maxEvVertices } });
  else if (hasId) passed.line = blankMember(text, 'id');
  if (hasId) passed.id = id;
  if (req.ev !== undefined) Object.assign(passed, { ev: true, maxVertices: req.ev.max_vertices ?? maxEvVertices });
  return passed;
}

module.exports = { parseRequest, HAND_CHARS, VISIBLE_CHARS, ID_CHARS, MAX_EV_VERTICES };
