'use strict';
// mjk.scoreEachWin: every winning tile of a waiting hand at once, each answer
// the same as score() of the request won on that tile; the request's own
// error thrown, a tile's own error left out or returned.
const test = require('node:test');
const assert = require('node:assert/strict');
const mjk = require('..');

const TILES = Array.from({ length: 34 }, (_, k) => mjk.tileName(k));
const chi = (tiles) => ({ type: 'chi', tiles });
const pon = (tiles) => ({ type: 'pon', tiles, from: 'toimen' });

// score() of the request won on each tile: the tiles that complete the hand, and those score() refuses.
function oneByOne(request) {
  const wins = {};
  const refused = [];
  for (const tile of TILES) {
    let s;
    try {
      s = mjk.score({ ...request, win: tile });
    } catch (e) {
      if (!(e instanceof mjk.HandError)) throw e;
      refused.push(tile);
      continue;
    }
    if (s !== null) wins[tile] = s;
  }
  return { wins, refused };
}

const WAITING = [
  { hand: '123678m345p67s55s', tsumo: true, seat: '2z', riichi: true, dora: '9p' },
  { hand: '678m345p67s55s', melds: [chi('234m')], from: 'toimen', honba: 2, sticks: 1 },
  { hand: '1199m3377p2288s5z', riichi: 2, ippatsu: true, tsumo: true, dora: '4z1m' },
  { hand: '19m19p19s1234567z', seat: '1z' },
  { hand: '1112345678999m', seat: '3z', tsumo: true },
  { hand: '45m99p', melds: [pon('222p'), chi('567s'), chi('345s')], seat: '2z' },  // no yaku on 3m/6m
  { hand: '11m99m234p567s789s', players: 3, seat: '2z', nuki: 2, tsumo: true },
  { hand: '111123m567p789s5z', riichi: true, ura: '4z', dora: '2m' },  // a fifth 1m cannot be added
  { hand: '2m', melds: [pon('555z'), pon('666z'), { type: 'minkan', tiles: '7777z', from: 'shimocha' }, pon('111m')],
    tsumo: true, rinshan: true },
];

for (const [i, request] of WAITING.entries()) {
  test(`scoreEachWin: every tile as score(), waiting hand ${i}`, () => {
    const { wins, refused } = oneByOne(request);
    const table = mjk.scoreEachWin(request);
    assert.deepEqual(table, wins);
    assert.ok(Object.keys(table).length > 0);
    assert.deepEqual(Object.keys(table), TILES.filter((t) => t in table));  // tile order
    assert.deepEqual(mjk.scoreEachWin(JSON.stringify(request)), table);
    const returned = mjk.scoreEachWin(request, { errors: 'return' });
    assert.deepEqual(Object.keys(returned).filter((t) => returned[t] instanceof mjk.HandError), refused);
    for (const t of Object.keys(table)) assert.deepEqual(returned[t], table[t]);
  });
}

test('scoreEachWin: the waits and what they pay', () => {
  const table = mjk.scoreEachWin({ hand: '123678m345p67s55s', tsumo: true, seat: '2z', riichi: true });
  assert.deepEqual(Object.fromEntries(Object.entries(table).map(([t, s]) => [t, s.points])), { '5s': 2700, '8s': 2700 });
  const open = mjk.scoreEachWin(WAITING[5]);
  assert.deepEqual(Object.keys(open), ['3m', '6m']);
  assert.deepEqual(open['3m'].yaku, []);  // complete without a yaku: a winning tile that pays nothing
  assert.deepEqual(mjk.scoreEachWin({ hand: '1357m2468p1357s1z' }), {});  // not tenpai
});

test("scoreEachWin: the request's own error throws HandError", () => {
  const throwsCode = (request, code, pattern) => assert.throws(() => mjk.scoreEachWin(request), (e) => {
    assert.ok(e instanceof mjk.HandError, String(e));
    assert.equal(e.code, code);
    if (pattern) assert.match(e.message, pattern);
    return true;
  });
  throwsCode({ hand: '123678m345p67s558s' }, 8, /13 tiles less 3 per meld.*this one 14 with 0 melds/);  // a complete hand
  throwsCode({ hand: '123678m345p67s55s', win: '8s' }, 9, /"win"/);
  throwsCode({ hand: '678m345p67s55s', melds: [chi('234m')], riichi: true }, 25, /^scoreEachWin: /);
  throwsCode({ hand: '123678m345p67s55s', ippatsu: true }, 26);
  throwsCode({ hand: '111123m567p789s5z', dora: '1m' }, 6, /fifth copy/);
  throwsCode('{not json', 35);
  throwsCode({ hand: '123678m345p67s55s', tsumoo: true }, 35, /unknown field/);
});

test('score points an "each_win" request to scoreEachWin', () => {
  assert.throws(() => mjk.score({ hand: '123678m345p67s55s', each_win: true }), /scoreEachWin/);
});

test('scoreEachWin: a wait whose every copy is visible is not won, as score() rejects it', () => {
  const request = { hand: '123678m345p67s55s', dora: '8s', visible: '888s' };
  assert.throws(() => mjk.score({ ...request, win: '8s' }), /more than four copies of 8s/);
  assert.deepEqual(Object.keys(mjk.scoreEachWin(request)), ['5s']);
  assert.equal(mjk.scoreEachWin(request, { errors: 'return' })['8s'].code, 17);
});

test("scoreEachWin: a tile's own error, omitted or returned", () => {
  assert.ok(!('1m' in mjk.scoreEachWin({ hand: '111123m567p789s5z' })));
  const table = mjk.scoreEachWin({ hand: '111123m567p789s5z' }, { errors: 'return' });
  assert.ok(table['1m'] instanceof mjk.HandError);
  assert.equal(table['1m'].code, 6);  // a fifth copy, as a line's parser names it
  assert.match(table['1m'].message, /^1m: /);
  assert.deepEqual(table['5z'].yaku, []);
  const sanma = mjk.scoreEachWin({ hand: '11m99m234p567s789s', players: 3, seat: '2z' }, { errors: 'return' });
  assert.deepEqual(Object.keys(sanma), ['1m', '2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m']);
  for (const t of ['2m', '3m', '4m', '5m', '6m', '7m', '8m']) assert.equal(sanma[t].code, 15);
});

test('scoreEachWin: bad arguments', () => {
  assert.throws(() => mjk.scoreEachWin(42), TypeError);
  assert.throws(() => mjk.scoreEachWin({ hand: '123678m345p67s55s', tsumo: 'yes' }), TypeError);
  assert.throws(() => mjk.scoreEachWin({ hand: '123678m345p67s55s' }, { errors: 'throw' }), RangeError);
  assert.throws(() => mjk.scoreEachWin({ hand: '123678m345p67s55s' }, { errors: 1 }), TypeError);
  assert.throws(() => mjk.scoreEachWin({ hand: '123678m345p67s55s' }, { error: 'return' }), /unknown option "error"/);
  assert.throws(() => mjk.scoreEachWin({ hand: '123678m345p67s55s' }, 'return'), TypeError);
});

test('analyse answers a JSON line with "each_win": true with the same table', () => {
  const request = { hand: '123678m345p67s55s', tsumo: true, seat: '2z', riichi: true, dora: '9p' };
  const table = mjk.scoreEachWin(request);
  assert.deepEqual(mjk.analyse(JSON.stringify({ ...request, each_win: true })).each_win, table);
  assert.deepEqual(mjk.scoreEachWin({ ...request, each_win: true }), table);
  assert.equal(mjk.analyse(JSON.stringify(request)).each_win, undefined);
});
