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
