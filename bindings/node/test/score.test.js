'use strict';
// mjk.score / mjk.scoreMany: SCORING.md §5's answers through the Node door,
// the same answer as analyse()'s "score", and hostile input.
const test = require('node:test');
const assert = require('node:assert/strict');
const mjk = require('..');

const S5 = { seat: '2z', dora: '9p' };  // non-dealer South seat, East round, dora indicator 9p
const chi = (tiles) => ({ type: 'chi', tiles });
const pon = (tiles) => ({ type: 'pon', tiles, from: 'kamicha' });

// [name, fields, [han, fu, yakuman, points, payments, [[yaku, han or yakuman], ...]] or null]
const CASES = [
  ['pinfu tsumo 20 fu', { hand: '123678m345p67s55s', win: '8s', tsumo: true },
    [2, 20, 0, 1500, [-700, 1500, -400, -400], [['menzen_tsumo', 1], ['pinfu', 1]]]],
  ['open pinfu shape', { hand: '678m345p67s55s', melds: [chi('234m')], win: '8s' },
    [1, 30, 0, 1000, [-1000, 1000, 0, 0], [['tanyao', 1]]]],
  ['chiitoitsu', { hand: '1199m3377p2288s5z', win: '5z' }, [2, 25, 0, 1600, [-1600, 1600, 0, 0], [['chiitoitsu', 2]]]],
  ['seven pairs with a quad', { hand: '1111m2233p4455s6z', win: '6z' }, null],
  ['closed kan fu', { hand: '234m567p34s22p', melds: [{ type: 'ankan', tiles: '9999s' }], win: '5s', riichi: 1 },
    [1, 70, 0, 2300, [-2300, 2300, 0, 0], [['riichi', 1]]]],
  ['shanpon ron opens the triplet', { hand: '111m222p789s33z55z', win: '5z' }, [1, 50, 0, 1600, [-1600, 1600, 0, 0], [['haku', 1]]]],
  ['suuankou tanki', { hand: '111m222p333s444z5z', win: '5z' },
    [null, null, 2, 64000, [-64000, 64000, 0, 0], [['suuankou_tanki', 2]]]],
  ['double-wind pair, 2-fu rule', { hand: '123m123p1z', melds: [chi('123s'), pon('555z')], win: '1z', tsumo: true, seat: '1z',
    rules: { double_wind_pair_fu: 2 } },
  [4, 30, 0, 11700, [11700, -3900, -3900, -3900], [['haku', 1], ['chanta', 1], ['sanshoku', 1], ['dora', 1]]]],
  ['kiriage', { hand: '234234m567p6788s', win: '8s', riichi: 1, rules: { kiriage: true } },
    [4, 30, 0, 8000, [-8000, 8000, 0, 0], [['riichi', 1], ['pinfu', 1], ['tanyao', 1], ['iipeikou', 1]]]],
  ['dora alone', { hand: '789p456s78s11z', melds: [chi('123m')], win: '9s' }, [0, null, 0, 0, [0, 0, 0, 0], []]],
  ['stacking: triple yakuman', { hand: '111z222z555z666z7z', win: '7z', tsumo: true },
    [null, null, 3, 96000, [-48000, 96000, -24000, -24000], [['suuankou_tanki', 2], ['tsuuiisou', 1]]]],
  ['honba and sticks', { hand: '123678m345p67s55s', win: '8s', seat: '1z', honba: 2, sticks: 1 },
    [1, 30, 0, 1500, [3100, 0, 0, -2100], [['pinfu', 1]]]],
  ['three players: honba 200, dora wraps', { hand: '999m123p456p789s1z', win: '1z', riichi: 1, players: 3, dora: '1m', honba: 1 },
    [4, 50, 0, 8000, [-8200, 8200, 0, 0], [['riichi', 1], ['dora', 3]]]],
];

const summary = (s) => s === null ? null :
  [s.han, s.fu, s.yakuman, s.points, s.payments, s.yaku.map((y) => [y.name, 'han' in y ? y.han : y.yakuman])];

for (const [name, fields, want] of CASES) {
  test(`SCORING.md §5: ${name}`, () => {
    const request = { ...S5, ...fields };
    assert.deepEqual(summary(mjk.score(request)), want);
    const line = JSON.stringify(request);
    assert.deepEqual(mjk.score(line), mjk.score(request));
    assert.deepEqual(mjk.score(line), mjk.analyse(line).score);
  });
}

test('score: text lines, undefined fields are absent', () => {
  assert.deepEqual(summary(mjk.score('678m345p67s55s chi:234m 8s')).slice(0, 4), [1, 30, 0, 1500]);
  assert.equal(mjk.score({ hand: '123678m345p67s55s', win: '8s', tsumo: undefined }).points, 1500);
  assert.ok(mjk.yakuNames.includes('kokushi_13') && mjk.yakuNames[0] === 'riichi');
});

test('score: the readable fields: display names, limit, payment text, fu part by part', () => {
  const s = mjk.score({ hand: '111m222p789s33z55z', win: '5z', tsumo: true, seat: '2z' });
  assert.deepEqual(Object.keys(s), ['yaku', 'han', 'fu', 'yakuman', 'points', 'payments',
    'limit', 'limit_en', 'limit_ja', 'payment_text', 'fu_details']);
  assert.deepEqual([s.limit, s.limit_en, s.limit_ja, s.payment_text], ['mangan', 'Mangan', '満貫', '2000/4000']);
  assert.deepEqual(s.yaku[0], { name: 'menzen_tsumo', han: 1, en: 'Fully concealed hand', ja: '門前清自摸和' });
  assert.deepEqual(s.fu_details, [{ reason: 'base', fu: 20 }, { reason: 'closed_triplet', tiles: '111m', fu: 8 },
    { reason: 'closed_triplet', tiles: '222p', fu: 4 }, { reason: 'closed_triplet', tiles: '555z', fu: 8 },
    { reason: 'tsumo', fu: 2 }, { reason: 'rounding', fu: 8 }]);
  assert.equal(s.fu_details.reduce((t, p) => t + p.fu, 0), s.fu);
  assert.deepEqual(mjk.score({ hand: '123m456p789p13s55s', win: '2s', riichi: 1, seat: '2z' }).fu_details[2],
    { reason: 'wait', wait: 'kanchan', fu: 2 });
  assert.equal(mjk.score({ hand: '111m222p789s33z55z', win: '5z', tsumo: true }).payment_text, '4000 all');
  assert.equal(mjk.score({ hand: '1199m3377p2288s5z', win: '5z', seat: '2z' }).payment_text, '1600');
  const y = mjk.score({ hand: '111z222z555z666z7z', win: '7z', tsumo: true, seat: '2z' });
  assert.deepEqual([y.limit, y.limit_ja, y.payment_text, y.fu_details], ['triple_yakuman', 'トリプル役満', '24000/48000', []]);
  const n = mjk.score({ hand: '789p456s78s11z', melds: [chi('123m')], win: '9s', seat: '2z' });
  assert.deepEqual([n.limit, n.payment_text, n.fu_details], [null, null, []]);
  assert.deepEqual(mjk.scoreMany(['111m222p789s33z55z 5z'])[0], mjk.score('111m222p789s33z55z 5z'));
  assert.deepEqual(mjk.score('111m222p789s33z55z 5z'), mjk.analyse('111m222p789s33z55z 5z').score);
});

test('score: bad requests throw HandError with the code', () => {
  const is = (code, re) => (e) => e instanceof mjk.HandError && e.code === code && (!re || re.test(e.message));
  assert.throws(() => mjk.score({ hand: '678m345p67s55s', melds: [chi('234m')], win: '8s', riichi: 1 }), is(25, /riichi on an open hand/));
  assert.throws(() => mjk.score({ hand: '123678m345p67s55s', win: '8s', tsumoo: true }), is(35, /unknown field/));
  assert.throws(() => mjk.score({ hand: '123678m345p67s55s', win: '8s', rules: { kiryage: true } }), is(35));
  assert.throws(() => mjk.score({ hand: '123678m345p67s55s' }), is(9, /win/));
  assert.throws(() => mjk.score({ hand: '123678m345p5555s', win: '5s' }), is(6));
  assert.throws(() => mjk.score('{not json'), mjk.HandError);
});

test('score: every spelling the CLI takes; a value out of bounds is a RangeError naming the argument', () => {
  const base = { hand: '123678m345p67s55s', win: '8s', tsumo: true };
  assert.deepEqual(mjk.score({ ...base, seat: 'south', riichi: true }), mjk.score({ ...base, seat: '2z', riichi: 1 }));
  assert.deepEqual(mjk.score({ ...base, seat: 'S', round: 'East', riichi: 'double' }), mjk.score({ ...base, seat: '2z', riichi: 2 }));
  assert.deepEqual(mjk.score({ ...base, tsumo: 1 }), mjk.score(base));
  assert.throws(() => mjk.score({ ...base, seat: 'up' }),
    (e) => e instanceof RangeError && /^seat must be a wind.*, got "up"$/.test(e.message) && !/position/.test(e.message));
  assert.throws(() => mjk.score({ ...base, riichi: 3 }), (e) => e instanceof RangeError && /^riichi .*got 3$/.test(e.message));
  assert.throws(() => mjk.score({ ...base, rules: { renhou: 'big' } }), (e) => e instanceof RangeError && /^rules\.renhou/.test(e.message));
  assert.throws(() => mjk.scoreMany([base, { ...base, nuki: 9 }]), (e) => e instanceof RangeError && /^requests\[1\]: nuki/.test(e.message));
  assert.ok(require('../package.json').files.includes('request.schema.json'));
});

test('score: wrong types throw TypeError naming the field', () => {
  const cases = [
    [{ tsumo: 'yes' }, /^tsumo/], [{ tsumo: [1] }, /^tsumo/], [{ riichi: [1] }, /^riichi/], [{ honba: 1.5 }, /^honba/],
    [{ honba: NaN }, /^honba/], [{ seat: 2 }, /^seat/], [{ melds: 'chi:234m' }, /^melds/], [{ melds: [1] }, /^melds\[0\]/],
    [{ melds: [{ type: 3, tiles: '234m' }] }, /^melds\[0\]\.type/], [{ rules: { kiriage: 1 } }, /^rules\.kiriage/],
    [{ rules: [] }, /^rules/], [{ players: '4' }, /^players/], [{ hand: 123 }, /^hand/], [{ win: 5 }, /^win/],
    [{ bogus: () => 1 }, /^bogus/], [{ bogus: 10n }, /^bogus/],
  ];
  for (const [fields, re] of cases) {
    const request = { hand: '123678m345p67s55s', win: '8s', ...fields };
    assert.throws(() => mjk.score(request), (e) => e instanceof TypeError && re.test(e.message), JSON.stringify(Object.keys(fields)));
    assert.throws(() => mjk.scoreMany(['123678m345p67s55s 8s', request]), (e) => e instanceof TypeError && /^requests\[1\]/.test(e.message));
  }
  for (const bad of [undefined, null, 5, ['123m'], new Uint8Array(3)]) assert.throws(() => mjk.score(bad), TypeError);
  assert.throws(() => mjk.scoreMany('123m 1m'), TypeError);
  assert.throws(() => mjk.scoreMany([], { errors: 1 }), TypeError);
  assert.throws(() => mjk.scoreMany([], { errors: 'ignore' }), RangeError);
  assert.throws(() => mjk.scoreMany([], { players: 3 }), TypeError);
  const cycle = { hand: '1m' };
  cycle.bogus = cycle;
  assert.throws(() => mjk.score(cycle), TypeError);
});

test('scoreMany: a bad request among good ones; garbage never crashes', () => {
  const lines = [
    JSON.stringify({ hand: '123678m345p67s55s', win: '8s', tsumo: true, ...S5 }),
    { hand: '678m345p67s55s', melds: [chi('234m')], win: '8s', riichi: 1, ...S5 },
    '1111m2233p4455s6z 6z',
    { hand: '111z222z555z666z7z', win: '7z', tsumo: true, ...S5 },
    '123m',
  ];
  const a = mjk.scoreMany(lines, { errors: 'return' });
  assert.deepEqual(a[0].payments, [-700, 1500, -400, -400]);
  assert.ok(a[1] instanceof mjk.HandError && a[1].code === 25 && a[1].row === 1);
  assert.equal(a[2], null);
  assert.equal(a[3].yakuman, 3);
  assert.ok(a[4] instanceof mjk.HandError && a[4].row === 4);
  assert.throws(() => mjk.scoreMany(lines), (e) => e instanceof mjk.HandError && e.row === 1 && /riichi on an open hand/.test(e.message));
  assert.deepEqual(mjk.scoreMany([]), []);
  const garbage = ['', ' ', '\0', '{', '[]', 'null', '{}', '{"hand": null}', '\udc80', '12\udc80m 1m', '123m\0 1m',
    '{"hand":"123678m345p67s55s","win":"8s","honba":1e999}', '{"hand":"1m","melds":[[]]}', '{'.repeat(10000),
    { hand: '12\0m', win: '1m' }, { hand: '12\ud800m', win: '1m' }, '🀄'.repeat(50)];
  const g = mjk.scoreMany(garbage, { errors: 'return' });
  assert.equal(g.length, garbage.length);
  g.forEach((x, i) => assert.ok(x instanceof mjk.HandError && x.code > 0 && x.row === i, String(i)));
  assert.throws(() => mjk.score({ hand: '12\0m', win: '1m' }), (e) => e instanceof mjk.HandError && e.code === 2);
});

test('an error in a field of an object names the character the caller wrote, not a byte of the line', async () => {
  const inHand = /(^|: )unknown character at position 6: in the field hand$/;
  assert.throws(() => mjk.score({ hand: '123m45x', win: '1m' }), inHand);
  assert.throws(() => mjk.score({ hand: '123m456p789s11z2s', win: '2s', dora: '9x' }), /at position 1: in the field dora$/);
  const [fromObject, fromLine] = mjk.scoreMany([{ hand: '123m45x', win: '1m' }, '{"hand": "123m45x", "win": "1m"}'],
                                               { errors: 'return' });
  assert.match(fromObject.message, inHand);
  assert.equal(fromLine.message, 'unknown character at position 16: in the field hand');  // the line the caller wrote
  assert.throws(() => mjk.scoreBatch([{ hand: '123m45x', win: '1m' }]), /: requests\[0\]: unknown character at position 6:/);
  assert.throws(() => mjk.scoreEachWin({ hand: '123m45x' }), /at position 6: in the field hand$/);
  assert.throws(() => mjk.ev({ hand: '123m45x' }), inHand);
  assert.throws(() => mjk.ev('123m45x'), /: unknown character at position 6$/);
  assert.throws(() => mjk.ev('123m45x', { dora: '1m' }), inHand);
  assert.match(mjk.evMany([{ hand: '123m45x' }], { errors: 'return' })[0].message, inHand);
  await assert.rejects(mjk.evAsync({ hand: '123m45x' }), inHand);
});
