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
// passed on, and strings may not hold NUL.
const requestSchema = require('../../bindings/node/schema');

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const string = (limit) => (v) => (typeof v !== 'string' ? `must be a string, not ${kind(v)}`
  : v.length > limit ? `must be at most ${limit} characters, not ${v.length}`
  : v.includes('\0') ? `holds a NUL character at position ${v.indexOf('\0')}` : null);
const nul = (v) => typeof v === 'string' ? v.includes('\0') : Array.isArray(v) ? v.some(nul)
  : isObject(v) ? Object.values(v).some(nul) : false;

// field -> check(value) returning null when fine, else what is wrong (after the field's name).
const FIELDS = Object.fromEntries(requestSchema.fields.map((name) => [name, (v) => {
  if (name === 'hand') {
    const problem = string(HAND_CHARS)(v);
    if (problem) return problem;
  }
  const schema = requestSchema.schema.properties[name];
  const e = v === null ? { message: `${name} must be ${schema['x-must'].replace(/^\S+ must be /, '')}, got null` }
    : requestSchema.check(v, schema, name, true);
  if (e) return e.message.slice(name.length + 1);
  return nul(v) ? 'holds a NUL character' : null;
}]));

function kind(v) {
  return v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v;
}

function show(v) {
  const s = JSON.stringify(v);
  return s === undefined ? kind(v) : s.length > 20 ? `${s.slice(0, 20)}...` : s;
}

function rejected(hand, error, code) {
  return { hand: typeof hand === 'string' && hand.length <= HAND_CHARS ? hand : null, error, code };
}

// text -> {line, hand, ev?}: the line for the analysis (the text itself;
//         ev: true for an "ev" request, whose search may take ~0.1 s)
//       | {hand: string|null, error, code}  (code: bad_json, bad_request,
//         unknown_field, bad_field)
// An "ev" request's max_vertices is at most maxEvVertices: one that asks for
// more is refused, one that names none gets it (in its line), so that no
// client can make the search take the process's memory or its time.
function parseRequest(text, { maxEvVertices = MAX_EV_VERTICES } = {}) {
  if (!/^\s*\{/.test(text)) {
    const problem = FIELDS.hand(text);
    return problem ? rejected(text, `hand ${problem}`, 'bad_field') : { line: text, hand: text };
  }
  let req;
  try {
    req = JSON.parse(text);
  } catch (e) {
    return rejected(null, `not JSON: ${e.message}`, 'bad_json');
  }
  if (!isObject(req)) return rejected(null, `a request is an object, not ${kind(req)}`, 'bad_request');
  const hand = req.hand;
  for (const key of Object.keys(req)) {
    if (!Object.hasOwn(FIELDS, key))
      return rejected(hand, `unknown field "${key.slice(0, 40)}" (known: ${Object.keys(FIELDS).join(', ')})`, 'unknown_field');
    const problem = FIELDS[key](req[key]);
    if (problem) return rejected(hand, `${key} ${problem}`, 'bad_field');
  }
  if (hand === undefined) return rejected(null, 'hand is missing', 'bad_field');
  if (req.ev !== undefined) {
    const asked = req.ev.max_vertices;
    if (asked !== undefined && asked > maxEvVertices)
      return rejected(hand, `ev.max_vertices must be at most ${maxEvVertices} on this server, not ${show(asked)}`, 'bad_field');
    if (asked === undefined) return { line: JSON.stringify({ ...req, ev: { ...req.ev, max_vertices: maxEvVertices } }), hand, ev: true };
    return { line: text, hand, ev: true };
  }
  return { line: text, hand };
}

module.exports = { parseRequest, FIELDS, HAND_CHARS, VISIBLE_CHARS, MAX_EV_VERTICES };
