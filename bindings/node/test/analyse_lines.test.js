'use strict';
// analyseLines: the batch door the example server uses, one addon call for
// many hands; each line must be exactly analyseLine's.
const test = require('node:test');
const assert = require('node:assert/strict');
const mjk = require('..');

const HANDS = ['123m456p789s11z23s 1s', '1112345678999m', '19m19p19s1234567z 1m', '123x', '', '1m'];

test('analyseLines gives analyseLine\'s line for every text, in order', () => {
  assert.deepEqual(mjk.analyseLines(HANDS), HANDS.map((h) => mjk.analyseLine(h)));
  assert.deepEqual(mjk.analyseLines([]), []);
});

test('analyseLines: players and visible per text or shared', () => {
  const visible = mjk.parse('1m');
  const players = new Uint8Array(HANDS.map((_, i) => (i % 2 ? 3 : 4)));
  const rows = new Uint8Array(34 * HANDS.length);
  rows.set(visible, 34); // only the second text sees a 1m
  assert.deepEqual(mjk.analyseLines(HANDS, { players, visible: rows }),
                   HANDS.map((h, i) => mjk.analyseLine(h, { players: players[i], visible: i === 1 ? visible : undefined })));
  assert.deepEqual(mjk.analyseLines(HANDS, { players: 3, visible }), HANDS.map((h) => mjk.analyseLine(h, { players: 3, visible })));
});

test('analyseLines rejects wrong arguments before analysing', () => {
  assert.throws(() => mjk.analyseLines('1m'), TypeError);
  assert.throws(() => mjk.analyseLines([1]), TypeError);
  assert.throws(() => mjk.analyseLines(['1m'], { players: 5 }), RangeError);
  assert.throws(() => mjk.analyseLines(['1m', '2m'], { players: new Uint8Array(1) }), TypeError);
  assert.throws(() => mjk.analyseLines(['1m'], { players: new Uint8Array([2]) }), /players\[0\]/);
  assert.throws(() => mjk.analyseLines(['1m', '2m'], { visible: new Uint8Array(35) }), RangeError);
  assert.throws(() => mjk.analyseLines(['1m', '1m\0'], {}), /texts\[1\] holds a NUL/);
  assert.throws(() => mjk.analyseLines(['1m'], { errors: 'return' }), TypeError);
});

// analyseLinesAsync: the same lines, analysed on libuv's thread pool.
const EV_WIDE = JSON.stringify({ hand: '3368m16679p2578s7z', ev: { hand_change: true, shanten_back: true, max_vertices: 200000 } });
const MIXED = [...HANDS, JSON.stringify({ hand: '3368m166789p578s7z', dora: '8s', ev: {} }),
  JSON.stringify({ hand: '3368m166789p578s7z', ev: { hand_change: true, max_vertices: 10 } }),
  '{"hand":"1m","players":3}', '{"hand":', EV_WIDE];

test('analyseLinesAsync resolves to analyseLines\' lines: plain hands, requests with and without ev, bad lines', async () => {
  assert.deepEqual(await mjk.analyseLinesAsync(MIXED), mjk.analyseLines(MIXED));
  assert.deepEqual(await mjk.analyseLinesAsync([]), []);
  const players = new Uint8Array([3, 4, 3, 4, 3, 4]);
  const visible = mjk.parse('1m2p3s');
  assert.deepEqual(await mjk.analyseLinesAsync(HANDS, { players, visible }), mjk.analyseLines(HANDS, { players, visible }));
});

test('analyseLinesAsync rejects a bad argument with analyseLines\' error, before queuing', async () => {
  const cases = [['1m'], [[1]], [['1m'], { players: 5 }], [['1m'], { players: new Uint8Array([2]) }],
    [['1m', '1m\0'], {}], [['1m'], { errors: 'return' }], [['1m', '2m'], { visible: new Uint8Array(35) }]];
  for (const args of cases) {
    let sync;
    try { mjk.analyseLines(...args); } catch (e) { sync = e; }
    assert.ok(sync, `analyseLines(${JSON.stringify(args)}) throws`);
    const p = mjk.analyseLinesAsync(...args);
    assert.ok(p instanceof Promise, 'a Promise, not a throw');
    await assert.rejects(p, (e) => e.constructor === sync.constructor && e.message === sync.message);
  }
});

test('analyseLinesAsync copies the texts: changing the array after the call changes nothing', async () => {
  const texts = ['1112345678999m', EV_WIDE];
  const want = mjk.analyseLines(texts);
  const p = mjk.analyseLinesAsync(texts);
  texts[0] = '123x';
  texts.length = 0;
  assert.deepEqual(await p, want);
});

test('the event loop keeps running timers while analyseLinesAsync searches', async () => {
  const t0 = performance.now();
  mjk.analyseLines([EV_WIDE]);
  const searchMs = performance.now() - t0;
  const ticks = [];
  let last = performance.now();
  const timer = setInterval(() => { const now = performance.now(); ticks.push(now - last); last = now; }, 1);
  const started = performance.now();
  await mjk.analyseLinesAsync(Array(4).fill(EV_WIDE));
  const took = performance.now() - started;
  clearInterval(timer);
  // Four searches in a row on one pool thread: the loop must have ticked
  // all along, never held for anything like one search.
  assert.ok(ticks.length >= 5, `${ticks.length} timer ticks in ${took.toFixed(0)} ms`);
  assert.ok(Math.max(...ticks) < Math.max(3 * searchMs, took / 2),
    `longest gap between ticks ${Math.max(...ticks).toFixed(1)} ms, one search ${searchMs.toFixed(1)} ms, all ${took.toFixed(1)} ms`);
});
