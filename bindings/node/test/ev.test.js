'use strict';
// EV.md's "ev" requests through the Node door: analyse() answers a JSON line
// with an "ev" object as `mjk --json` does; the search's errors throw.
const test = require('node:test');
const assert = require('node:assert/strict');
const mjk = require('..');

test('analyse answers an ev request', () => {
  const a = mjk.analyse(JSON.stringify({ hand: '123m456p789s1222z', dora: '9m', ev: {} }));
  assert.deepEqual(a.waits, ['1z']);
  assert.deepEqual([a.ev.shanten, a.ev.vertices, a.ev.wall], [0, 2, 122]);
  assert.equal(a.ev.discards.length, 1);
  const d = a.ev.discards[0];
  assert.equal(d.discard, null);
  assert.deepEqual(d.necessary, [['1z', 3]]);
  assert.equal(d.score.length, 19);
  assert.ok(Math.abs(d.win[0] - 0.38320010838639756) < 1e-12);
  assert.equal(d.win[18], 0);
});

test('ev options and a red five discard', () => {
  const a = mjk.analyse(JSON.stringify({ hand: '123m456p789s0s1222z', ev: { extra: 2, turn: 3 } }));
  assert.deepEqual(a.ev.discards.map((d) => d.discard).sort(), ['0s', '1z']);
});

test('ev errors throw naming what is wrong', () => {
  assert.throws(() => mjk.analyse(JSON.stringify({ hand: '123m456p789s1222z', ev: { extra: 4 } })),
    (e) => e instanceof mjk.HandError && /extra must be 0\.\.3/.test(e.message));
  assert.throws(() => mjk.analyse(JSON.stringify({ hand: '123m456p789s1222z', ev: { depth: 4 } })),
    (e) => e instanceof mjk.HandError && /unknown ev option/.test(e.message));
});
