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
const VISIBLE_CHARS = 512;  // 136 tiles in mpsz are at most ~170 characters

const STRING_CHARS = 64;    // every other string field (a tile, a seat, a rule value)
const MELDS = 4;

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const string = (limit) => (v) => (typeof v !== 'string' ? `must be a string, not ${kind(v)}`
  : v.length > limit ? `must be at most ${limit} characters, not ${v.length}`
  : v.includes('\0') ? `holds a NUL character at position ${v.indexOf('\0')}` : null);
const boolean = (v) => (typeof v === 'boolean' ? null : `must be true or false, not ${show(v)}`);
const integer = (lo, hi) => (v) => (Number.isInteger(v) && v >= lo && v <= hi ? null : `must be an integer ${lo}..${hi}, not ${show(v)}`);
const object = (fields) => (v) => {
  if (!isObject(v)) return `must be an object, not ${kind(v)}`;
  for (const key of Object.keys(v)) {
    if (!Object.hasOwn(fields, key)) return `has an unknown field "${key.slice(0, 40)}"`;
    const problem = fields[key](v[key]);
    if (problem) return `.${key} ${problem}`;
  }
  return null;
};

// field -> check(value) returning null when fine, else what is wrong.
const MELD_FIELDS = { type: string(STRING_CHARS), tiles: string(STRING_CHARS), from: string(STRING_CHARS) };
const RULE_FIELDS = {
  open_tanyao: boolean, kiriage: boolean, kazoe_yakuman: boolean, double_yakuman: boolean, yakuman_stacking: boolean,
  double_wind_pair_fu: integer(2, 4), pao: boolean, renhou: string(STRING_CHARS), sanma_tsumo_loss: boolean,
};
const FIELDS = {
  hand: string(HAND_CHARS),
  players: (v) => (v === 3 || v === 4 ? null : `must be 3 or 4, not ${show(v)}`),
  visible: (v) => {
    if (typeof v === 'string') return string(VISIBLE_CHARS)(v);
    if (!Array.isArray(v)) return `must be mpsz text or an array of 34 counts, not ${kind(v)}`;
    if (v.length !== 34) return `must hold exactly 34 counts, not ${v.length}`;
    const bad = v.findIndex((c) => !Number.isInteger(c) || c < 0 || c > 4);
    return bad < 0 ? null : `[${bad}] must be an integer 0..4, not ${show(v[bad])}`;
  },
  melds: (v) => {
    if (!Array.isArray(v)) return `must be an array of melds, not ${kind(v)}`;
    if (v.length > MELDS) return `must hold at most ${MELDS} melds, not ${v.length}`;
    for (let i = 0; i < v.length; i++) {
      const problem = object(MELD_FIELDS)(v[i]);
      if (problem) return `[${i}] ${problem}`;
    }
    return null;
  },
  win: string(STRING_CHARS), from: string(STRING_CHARS), seat: string(STRING_CHARS), round: string(STRING_CHARS),
  dora: string(STRING_CHARS), ura: string(STRING_CHARS),
  tsumo: boolean, ippatsu: boolean, rinshan: boolean, chankan: boolean, haitei: boolean, tenhou: boolean,
  riichi: integer(0, 2), nuki: integer(0, 4), honba: integer(0, 1000), sticks: integer(0, 1000),
  rules: object(RULE_FIELDS),
};

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

// text -> {line, hand}: the line for the analysis (the text itself)
//       | {hand: string|null, error, code}  (code: bad_json, bad_request,
//         unknown_field, bad_field)
function parseRequest(text) {
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
  return { line: text, hand };
}

module.exports = { parseRequest, FIELDS, HAND_CHARS, VISIBLE_CHARS };
