'use strict';
// One request message -> what to analyse, or why not: every check is on
// types, lengths and ranges, made before anything is allocated for the
// request or sent to the analysis, and never coerces (256, "x", null, true,
// -1 are rejected, not read as counts).
//
// A request is plain mpsz text ("123m456p789s11z23s 1s") or a JSON object
// {"hand": mpsz, "players": 3|4, "visible": mpsz or [34 counts 0..4]}.
// The message itself is at most the server's maxPayload bytes (ws closes a
// connection sending more before its bytes reach here), so JSON.parse works
// on a bounded text.
//
// The hand itself is parsed by the library, not here: the server only checks
// that it is a short string without NUL (the C ABI reads NUL-terminated
// text) and passes it on; the library's error object is the answer for a
// malformed hand. Scoring fields (melds, win, tsumo, dora, ...:
// /work/shared/SCORING.md §1) will join FIELDS with a cheap shape check each
// and go to the library as the JSON line itself, which parses them; the
// server does not interpret them.

const HAND_CHARS = 128;     // a hand of 14 tiles plus a winning tile is ~32 characters
const VISIBLE_CHARS = 512;  // 136 tiles in mpsz are at most ~170 characters

// field -> check(value) returning null when fine, else what is wrong.
const FIELDS = {
  hand: (v) => (typeof v !== 'string' ? `must be a string, not ${kind(v)}`
    : v.length > HAND_CHARS ? `must be at most ${HAND_CHARS} characters, not ${v.length}`
    : v.includes('\0') ? `holds a NUL character at position ${v.indexOf('\0')}` : null),
  players: (v) => (v === 3 || v === 4 ? null : `must be 3 or 4, not ${show(v)}`),
  visible: (v) => {
    if (typeof v === 'string') return v.length > VISIBLE_CHARS ? `must be at most ${VISIBLE_CHARS} characters, not ${v.length}` : null;
    if (!Array.isArray(v)) return `must be mpsz text or an array of 34 counts, not ${kind(v)}`;
    if (v.length !== 34) return `must hold exactly 34 counts, not ${v.length}`;
    const bad = v.findIndex((c) => !Number.isInteger(c) || c < 0 || c > 4);
    return bad < 0 ? null : `[${bad}] must be an integer 0..4, not ${show(v[bad])}`;
  },
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

// mpsz tiles seen elsewhere ("1155m7z", any number, red fives as 0) -> 34
// counts, as the CLI's --visible reads them; or an error sentence.
function visibleCounts(text) {
  const counts = new Uint8Array(34);
  let digits = '';
  for (const ch of text) {
    if (ch >= '0' && ch <= '9') { digits += ch; continue; }
    const suit = 'mpsz'.indexOf(ch);
    if (suit < 0 || !digits) return `visible: expected mpsz tiles such as 1155m7z, not '${text}'`;
    for (const d of digits) {
      const n = d === '0' && suit < 3 ? 5 : Number(d);
      if (n === 0 || (suit === 3 && n > 7)) return `visible: no such tile ${d}${ch}`;
      if (++counts[suit * 9 + n - 1] > 4) return `visible: more than four copies of ${n}${ch}`;
    }
    digits = '';
  }
  return digits ? `visible: digits with no suit letter in '${text}'` : counts;
}

// text -> {hand, players, visible: Uint8Array(34) | null}
//       | {hand: string|null, error, code}  (code: bad_json, bad_request,
//         unknown_field, bad_field)
function parseRequest(text) {
  if (!/^\s*\{/.test(text)) {
    const problem = FIELDS.hand(text);
    return problem ? rejected(text, `hand ${problem}`, 'bad_field') : { hand: text, players: 4, visible: null };
  }
  let req;
  try {
    req = JSON.parse(text);
  } catch (e) {
    return rejected(null, `not JSON: ${e.message}`, 'bad_json');
  }
  if (req === null || typeof req !== 'object' || Array.isArray(req))
    return rejected(null, `a request is an object, not ${kind(req)}`, 'bad_request');
  const hand = req.hand;
  for (const key of Object.keys(req)) {
    if (!Object.hasOwn(FIELDS, key))
      return rejected(hand, `unknown field "${key.slice(0, 40)}" (known: ${Object.keys(FIELDS).join(', ')})`, 'unknown_field');
    const problem = FIELDS[key](req[key]);
    if (problem) return rejected(hand, `${key} ${problem}`, 'bad_field');
  }
  if (hand === undefined) return rejected(null, 'hand is missing', 'bad_field');
  let visible = null;
  if (typeof req.visible === 'string') {
    visible = visibleCounts(req.visible);
    if (typeof visible === 'string') return rejected(hand, visible, 'bad_field');
  } else if (req.visible !== undefined) {
    visible = Uint8Array.from(req.visible); // exactly 34 integers 0..4, checked above
  }
  return { hand, players: req.players === undefined ? 4 : req.players, visible };
}

module.exports = { parseRequest, visibleCounts, FIELDS, HAND_CHARS, VISIBLE_CHARS };
