// The permalink's reader (web/permalink.mjs) under Node, no browser:
//   node --test web/test/permalink.test.mjs      (ctest: web.permalink)
// Every field of ?q= is checked, and a link that cannot be read is one
// message naming the field; the browser test checks the page then starts
// empty and stays usable.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readPermalink} from '../permalink.mjs';

const read = q => readPermalink(typeof q === 'string' ? q : JSON.stringify(q));

test('a link the page made reads back as the same request', () => {
  const request = {
    hand: '123m456p789s1z', melds: [{type: 'pon', tiles: '555z', from: 'toimen'}, {type: 'ankan', tiles: '9999s'}],
    win: '1z', tsumo: true, seat: '3z', round: '2z', riichi: 2, ippatsu: true, haitei: true, rinshan: true, chankan: true,
    tenhou: true, dora: '4z', ura: '0m', honba: 1, sticks: 2, nuki: 1, players: 3, visible: '1155m7z',
    ev: {turn: 3, hand_change: true, shanten_back: true},
  };
  assert.deepEqual(read(request), {request});
  assert.deepEqual(read({}), {request: {}});
});

test('the library\'s other spellings become what the controls show', () => {
  assert.deepEqual(read({hand: '1m', seat: 'South', round: 'W', tsumo: 1, ippatsu: 0, melds: [{type: 'chi', tiles: '234m'}]}),
                   {request: {hand: '1m', seat: '2z', round: '3z', tsumo: true, ippatsu: false,
                              melds: [{type: 'chi', tiles: '234m', from: 'kamicha'}]}});
  const counts = Array(34).fill(0);
  counts[0] = 2; counts[4] = 1; counts[33] = 1;
  assert.deepEqual(read({hand: '1m', visible: counts}), {request: {hand: '1m', visible: '115m7z'}});
  // null is the library's default: left out.
  assert.deepEqual(read({hand: '1m', dora: null, melds: null, ev: {turn: null}}), {request: {hand: '1m', ev: {}}});
});

test('a bad melds is one message naming it (these killed the page)', () => {
  for (const melds of [5, 'chi', {}, [null], [5], [[]], true])
    assert.match(read({hand: '123m', melds}).error ?? '', /^melds(\[0\])? must be /, JSON.stringify(melds));
  assert.match(read({hand: '1m', melds: [{type: 'chii', tiles: '234m'}]}).error, /^melds\[0\]\.type must be "chi", .* or "kakan"$/);
  assert.match(read({hand: '1m', melds: [{type: 'chi', tiles: 234}]}).error, /^melds\[0\]\.tiles must be an mpsz string/);
  assert.match(read({hand: '1m', melds: [{type: 'chi', tiles: '234m', from: 'left'}]}).error, /^melds\[0\]\.from must be/);
  assert.match(read({hand: '1m', melds: [{type: 'ankan', tiles: '1111m', from: 'toimen'}]}).error, /^melds\[0\]: a closed kan/);
  assert.match(read({hand: '1m', melds: [{type: 'chi', tiles: '234m', red: 1}]}).error, /^melds\[0\]: unknown key "red"/);
  const pon = {type: 'pon', tiles: '111z'};
  assert.match(read({hand: '1m', melds: [pon, pon, pon, pon, pon]}).error, /^melds: a hand has at most 4 melds, not 5$/);
});

test('every other field: its type, its range, its choices', () => {
  const bad = {
    hand: [123, '123m 4m', '12x3m', ['1m']],
    win: [5, '5m:'],
    tsumo: ['yes', 2],
    from: ['left', 1],
    seat: ['5z', 1, 'east'],
    round: ['0z', {}],
    riichi: [3, -1, true, '1', 1.5],
    ippatsu: ['true'], haitei: [2], rinshan: [{}], chankan: [[]], tenhou: ['1'],
    dora: [9, '1m 2m'], ura: [[1]],
    honba: [-1, 1.5, '2', 65536], sticks: [-1, 'x', 1e6], nuki: [5, -1, '1'],
    players: [7, 2, '3', 4.5],
    visible: [5, Array(33).fill(0), Array(34).fill(5), 'xyz'],
    ev: [5, 'fast', [], {turn: 0}, {turn: 18}, {turn: '3'}, {hand_change: 'yes'}, {shanten_back: 2}, {extra: 1}, {max_vertices: 10}],
  };
  for (const [field, values] of Object.entries(bad)) {
    for (const value of values) {
      const {error, request} = read({hand: '123m', [field]: value});
      assert.equal(request, undefined, `${field}: ${JSON.stringify(value)} is refused`);
      assert.ok(error.startsWith(`${field}`) || error.startsWith(`"${field}`), `${field}: ${JSON.stringify(value)}: ${error}`);
    }
  }
  assert.equal(read({hand: '123m', players: 7}).error, 'players must be 3 or 4');
  assert.equal(read({hand: '123m', ev: {extra: 1}}).error,
               'ev: "extra" is not an option of the page\'s search (it sets turn, hand_change and shanten_back)');
  // Fields the page does not set: rules, each_win, and anything else.
  for (const field of ['rules', 'each_win', 'foo', '__proto__', 'constructor'])
    assert.match(read(`{"hand": "1m", "${field}": {}}`).error, new RegExp(`^"${field}" is not a field the page sets \\(hand, melds, `));
});

test('not JSON, or not an object', () => {
  assert.match(read('{"hand":').error, /^it is not JSON \(/);
  for (const q of ['5', '"123m"', 'null', '[]', '[{"hand": "1m"}]']) assert.equal(read(q).error, 'it is not a request object, {...}', q);
});
