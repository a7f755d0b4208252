'use strict';
// Tile names, scoreBatch, and index.d.ts declaring every export.
const test = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const path = require('node:path');
const mjk = require(process.env.MJK_NODE_PACKAGE || '..');

test('index.d.ts declares every export of index.js', () => {
  const dts = fs.readFileSync(path.join(path.dirname(require.resolve(process.env.MJK_NODE_PACKAGE || '..')), 'index.d.ts'), 'utf8');
  const declared = new Set([...dts.matchAll(/^export (?:function|const|class) (\w+)/gm)].map((m) => m[1]));
  const missing = Object.keys(mjk).filter((k) => !declared.has(k));
  assert.deepStrictEqual(missing, []);
});

test('tileName and tileKind', () => {
  assert.strictEqual(mjk.tileName(30), '4z');
  assert.strictEqual(mjk.tileKind('4z'), 30);
  for (let k = 0; k < 34; ++k) assert.strictEqual(mjk.tileKind(mjk.tileName(k)), k);
  assert.strictEqual(mjk.tileKind('0p'), 13);
  assert.throws(() => mjk.tileName(34), RangeError);
  assert.throws(() => mjk.tileName(1.5), TypeError);
  assert.throws(() => mjk.tileName('1'), TypeError);
  for (const bad of ['8z', '0z', '1x', '11m', '']) assert.throws(() => mjk.tileKind(bad), RangeError);
  assert.throws(() => mjk.tileKind(3), TypeError);
});

test('toMpsz and fromMpsz round trip', () => {
  for (const text of ['119m19p19s1234567z', '1112345678999m', '123m456p789s11z', '77z'])
    assert.strictEqual(mjk.toMpsz(mjk.fromMpsz(text)), text);
  assert.strictEqual(mjk.toMpsz(mjk.parse('19m19p19s1234567z1m')), '119m19p19s1234567z');
  assert.strictEqual(mjk.toMpsz(new Array(34).fill(0)), '');
  assert.throws(() => mjk.toMpsz([5, ...new Array(33).fill(0)]), /5 copies of 1m/);
  assert.throws(() => mjk.toMpsz(new Uint8Array(33)), RangeError);
  assert.throws(() => mjk.toMpsz('1m'), TypeError);
});

test('scoreBatch agrees with scoreMany', () => {
  const requests = [
    { hand: '123678m345p67s55s', win: '8s', tsumo: true, seat: '2z', dora: '9p' },
    '678m345p67s55s chi:234m 8s',
    '123m456p789s11z24s 5s',  // not complete: a zero row
  ];
  const many = mjk.scoreMany(requests);
  const b = mjk.scoreBatch(requests);
  assert.deepStrictEqual(Array.from(b.complete), [1, 1, 0]);
  for (let i = 0; i < 2; ++i) {
    assert.strictEqual(b.points[i], many[i].points);
    assert.strictEqual(b.han[i], many[i].han);
    assert.deepStrictEqual(Array.from(b.payments.subarray(4 * i, 4 * i + 4)), many[i].payments);
    const names = mjk.yakuNames.filter((_, y) => (b.yaku[i] >> BigInt(y)) & 1n);
    assert.deepStrictEqual(names, many[i].yaku.map((y) => y.name).filter((n) => names.includes(n)));
    assert.ok(names.length > 0);
  }
  assert.strictEqual(many[2], null);
  assert.throws(() => mjk.scoreBatch(['1m', requests[1]]), (e) => e instanceof mjk.HandError && e.row === 0);
  const r = mjk.scoreBatch(['1m', requests[1]], { errors: 'return' });
  assert.ok(r.errors[0] !== 0 && r.errors[1] === 0 && r.points[1] === many[1].points && r.points[0] === 0);
  assert.throws(() => mjk.scoreBatch(requests, { errors: 'x' }), RangeError);
  assert.throws(() => mjk.scoreBatch('x'), TypeError);
  // No requests: empty arrays (it once threw a HandError made of unwritten memory).
  const none = mjk.scoreBatch([]);
  assert.strictEqual(none.complete.length, 0);
  assert.strictEqual(none.payments.length, 0);
  assert.strictEqual(mjk.scoreBatch([], { errors: 'return' }).errors.length, 0);
});
