'use strict';
// mjk.ev / evAsync / evMany / evManyAsync (EV.md through the C ABI's mjk_ev):
// the same answers as the "ev" object of analyse (`mjk --json`), options over
// the line's own, errors in place, searches off the event loop.
const test = require('node:test');
const assert = require('node:assert/strict');
const mjk = require('..');

const LINES = [
  { hand: '123m456p789s1222z', dora: '9m', ev: {} },
  { hand: '123m456p789s0s1222z', ev: { extra: 2, turn: 3 } },
  { hand: '3368m166789p578s7z', dora: '8s', ev: {} },
  { hand: '3368m166789p578s7z', dora: '0s', visible: '0p11z', ev: { hand_change: true, shanten_back: true } },
  { hand: '4568m3406p78s', melds: [{ type: 'pon', tiles: '777z' }], seat: '2z', ev: { uradora: false } },
];

function sameAsJson(a, obj) {
  assert.deepEqual([a.shanten, a.vertices, a.wall], [obj.shanten, obj.vertices, obj.wall]);
  assert.deepEqual(a.discards, obj.discards.map((d) => d.discard));
  obj.discards.forEach((d, i) => {
    assert.equal(a.discardShanten[i], d.shanten);
    const necessary = [];
    for (let k = 0; k < 34; k++)
      if (a.necessary[i * 34 + k]) necessary.push([mjk.tileName(k), a.necessaryCounts[i * 34 + k]]);
    assert.deepEqual(necessary, d.necessary);
    for (const key of ['tenpai', 'win', 'score'])
      assert.deepEqual(Array.from(a[key].subarray(i * 19, i * 19 + 19)), d[key]);  // JSON numbers round-trip exactly
  });
}

test('ev equals the ev object analyse answers, for lines and objects', () => {
  for (const r of LINES) {
    const line = JSON.stringify(r);
    const a = mjk.ev(line);
    sameAsJson(a, mjk.analyse(line).ev);
    assert.equal(mjk.ev(r).vertices, a.vertices);
    assert.ok(a.tenpai instanceof Float64Array && a.tenpai.length === a.discards.length * 19);
    assert.ok(a.discardShanten instanceof Int8Array && a.wallCounts instanceof Uint8Array);
    assert.equal(a.stats.drawVertices + a.stats.discardVertices, a.vertices);
  }
});

test('a 13-tile hand known answer; options replace the line\'s own', () => {
  const a = mjk.ev({ hand: '123m456p789s1222z', dora: '9m' });
  assert.deepEqual(a.discards, [null]);
  assert.ok(Math.abs(a.win[0] - 0.38320010838639756) < 1e-12);
  const line = JSON.stringify({ hand: '3368m166789p578s7z', ev: { hand_change: true, shanten_back: true } });
  const plain = mjk.ev('3368m166789p578s7z');
  assert.equal(mjk.ev(line, { handChange: false, shantenBack: false }).vertices, plain.vertices);
  assert.ok(mjk.ev('3368m166789p578s7z', { handChange: true, shantenBack: true }).vertices > plain.vertices);
  assert.deepEqual(mjk.ev('123m456p789s0s1222z', { extra: 2 }).discards, ['0s', '1z']);
  assert.deepEqual(mjk.ev('123m456p789s0s1222z', { extra: 2, red: false }).discards, ['5s', '1z']);
  assert.equal(mjk.ev('123m456p789s1222z', { maxVertices: null }).vertices, 2);
});

test('errors: HandError with the library\'s sentence, TypeError / RangeError for arguments', () => {
  const hand = (re, code) => (e) => e instanceof mjk.HandError && re.test(e.message) && (code === undefined || e.code === code);
  assert.throws(() => mjk.ev('123m456p789s1222z', { extra: 4 }), hand(/extra must be 0\.\.3/, 41));
  assert.throws(() => mjk.ev('123m456p789s1222z', { turn: 18 }), hand(/turn must be 1\.\.17/, 42));
  assert.throws(() => mjk.ev('3368m166789p578s7z', { handChange: true, shantenBack: true, maxVertices: 10 }),
    hand(/raise max_vertices/, 43));
  assert.throws(() => mjk.ev('123m456p789s11222z'), hand(/already complete/, 38));
  assert.throws(() => mjk.ev('123m456p789s1222z 1z'), hand(/has no win/, 35));
  assert.throws(() => mjk.ev({ hand: '123m456p789s1222z', win: '1z' }), hand(/no win/));
  assert.throws(() => mjk.ev('123x'), hand(/unknown character at position 3/, 2));
  assert.throws(() => mjk.ev('123m456p789s1222z', { extra: '1' }), TypeError);
  assert.throws(() => mjk.ev('123m456p789s1222z', { handChange: 1 }), TypeError);
  assert.throws(() => mjk.ev('123m456p789s1222z', { maxVertices: 0 }), RangeError);
  assert.throws(() => mjk.ev('123m456p789s1222z', { depth: 3 }), /unknown option "depth"/);
  assert.throws(() => mjk.ev('123m456p789s1222z', { threads: 2 }), /unknown option "threads"/);
  assert.throws(() => mjk.ev({ hand: '123m456p789s1222z', seat: 2.5 }), TypeError);
  assert.throws(() => mjk.ev(5), TypeError);
  assert.throws(() => mjk.evMany(['123m456p789s1222z'], { threads: 0 }), RangeError);
});

function dealt(n, seed) {
  // a small LCG: fixed hands without a dependency
  let x = seed;
  const rand = () => { x = (x * 1103515245 + 12345) % 2147483648; return x / 2147483648; };
  const out = [];
  while (out.length < n) {
    const wall = Array.from({ length: 136 }, (_, i) => i >> 2);
    for (let i = wall.length - 1; i > 0; i--) { const j = Math.floor(rand() * (i + 1)); [wall[i], wall[j]] = [wall[j], wall[i]]; }
    const counts = new Uint8Array(34);
    for (const k of wall.slice(0, 14)) counts[k]++;
    const s = mjk.shanten(counts)[0];
    if (s >= 0 && s <= 2) out.push({ hand: mjk.toMpsz(counts), dora: mjk.tileName(wall[14]) });
  }
  return out;
}

const strip = (a) => JSON.stringify({ ...a, stats: undefined }, (k, v) => (ArrayBuffer.isView(v) ? Array.from(v) : v));

test('evMany over threads gives ev\'s answers; a bad row\'s error in place', () => {
  const hands = dealt(40, 7);
  const one = hands.map((h) => strip(mjk.ev(h)));
  for (const threads of [1, 2, 4]) assert.deepEqual(mjk.evMany(hands, { threads }).map(strip), one);
  assert.deepEqual(mjk.evMany([]), []);
  const rows = [hands[0], '123m456p789s11222z', hands[1], { hand: '123m456p789s1222z', seat: 2.5 }, hands[2]];
  const got = mjk.evMany(rows, { errors: 'return', threads: 2 });
  assert.deepEqual([got[1].row, got[1].code], [1, 38]);
  assert.ok(got[1] instanceof mjk.HandError && /already complete/.test(got[1].message));
  assert.deepEqual([got[3].row, got[3].code], [3, 35]);
  assert.deepEqual([got[0], got[2], got[4]].map(strip), [one[0], one[1], one[2]]);
  assert.throws(() => mjk.evMany(rows.slice(0, 3)), (e) => e instanceof mjk.HandError && e.row === 1 && /requests\[1\]/.test(e.message));
  const wide = mjk.evMany(hands.slice(0, 6), { handChange: true, shantenBack: true });
  assert.deepEqual(wide.map((a) => a.vertices), hands.slice(0, 6).map((h) => mjk.ev(h, { handChange: true, shantenBack: true }).vertices));
});

test('evAsync and evManyAsync answer off the event loop, the same as the sync forms', async () => {
  const hands = dealt(20, 11);
  // Searches with options take milliseconds each: timers fire meanwhile only
  // if they run off the event loop (a blocking call would resolve first).
  const wide = { handChange: true, shantenBack: true };
  const p = mjk.evManyAsync(hands, { ...wide, threads: 1 });
  let ticks = 0;
  const timer = setInterval(() => ticks++, 0);
  const wideGot = await p;
  clearInterval(timer);
  assert.ok(ticks > 0, 'the event loop ran during the search');
  assert.deepEqual(wideGot.map(strip), hands.map((h) => strip(mjk.ev(h, wide))));
  const got = await mjk.evManyAsync(hands, { threads: 2 });
  assert.deepEqual(got.map(strip), hands.map((h) => strip(mjk.ev(h))));
  assert.equal(strip(await mjk.evAsync(hands[0])), strip(mjk.ev(hands[0])));
  await assert.rejects(mjk.evAsync('123m456p789s1222z', { extra: 4 }), (e) => e instanceof mjk.HandError && e.code === 41);
  await assert.rejects(mjk.evAsync('123m456p789s1222z', { extra: 'x' }), TypeError);
  const ret = await mjk.evManyAsync([hands[0], 'garbage'], { errors: 'return' });
  assert.ok(ret[1] instanceof mjk.HandError && ret[1].row === 1);
  await assert.rejects(mjk.evManyAsync([hands[0], 'garbage']), (e) => e instanceof mjk.HandError && e.row === 1);
  // two at once on the pool
  const [x, y] = await Promise.all([mjk.evManyAsync(hands.slice(0, 10)), mjk.evManyAsync(hands.slice(10))]);
  assert.deepEqual([...x, ...y].map(strip), hands.map((h) => strip(mjk.ev(h))));
});

test('ev and evAsync take the request fields as options, as Python\'s ev takes them as keywords', async () => {
  const r = LINES[3];
  // stats.searchUs is the search's time: it differs from call to call.
  const untimed = (a) => ({ ...a, stats: { ...a.stats, searchUs: 0 } });
  const whole = untimed(mjk.ev(r));
  const fields = { dora: r.dora, visible: r.visible, handChange: true, shantenBack: true };
  assert.deepEqual(untimed(mjk.ev(r.hand, fields)), whole);
  assert.deepEqual(untimed(await mjk.evAsync(r.hand, fields)), whole);
  assert.deepEqual(untimed(mjk.ev({ hand: r.hand }, fields)), whole);
  assert.deepEqual(mjk.ev(r.hand, { ...fields, visible: Uint8Array.from(mjk.parse('5p11z')) }).wall,
                   mjk.ev({ ...r, visible: '5p11z' }).wall);
  assert.throws(() => mjk.ev(JSON.stringify({ hand: r.hand }), { dora: '8s' }), /ev: request fields go with an object/);
  assert.throws(() => mjk.ev(r.hand, { seat: 'up' }), (e) => e instanceof RangeError && /^ev: seat/.test(e.message));
  assert.throws(() => mjk.ev(r.hand, { dorra: '8s' }), /ev: unknown option "dorra"/);
});
