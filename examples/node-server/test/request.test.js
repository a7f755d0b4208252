'use strict';
// request.js alone: what is refused before any work, and what is passed on.
const test = require('node:test');
const assert = require('node:assert/strict');
const { parseRequest } = require('../request');

test('plain text is a hand, passed on as it is (the library parses it)', () => {
  assert.deepEqual(parseRequest('123x'), { line: '123x', hand: '123x' });
  assert.equal(parseRequest('1m\u00002m').code, 'bad_field');
  const long = parseRequest('1m'.repeat(100));
  assert.equal(long.code, 'bad_field');
  assert.equal(long.hand, null, 'a hand too long is not echoed');
});

test('JSON requests: every field checked by type, length and range, nothing coerced', () => {
  const text = '{"hand":"1m","players":3,"visible":"0m1z"}';
  assert.deepEqual(parseRequest(text), { line: text, hand: '1m' }, 'passed on as the JSON line itself');
  const zeros = Array(33).fill(0);
  for (const v of ['{"length":1e8}', '256', JSON.stringify('1m'.repeat(300)), `[${zeros},256]`, `[${zeros},-1]`, `[${zeros},null]`,
                   `[${zeros},true]`, `[${zeros},"1"]`, `[${zeros},0.5]`, `[${zeros}]`, `[${zeros},0,0]`, 'null']) {
    const r = parseRequest(`{"hand":"1m","visible":${v}}`);
    assert.equal(r.code, 'bad_field', v);
    assert.match(r.error, /visible/, v);
  }
  for (const p of ['"3"', '[3]', '3.5', '2', 'null', 'true'])
    assert.match(parseRequest(`{"hand":"1m","players":${p}}`).error, /^players must be 3 or 4/, p);
  assert.equal(parseRequest('{"hand":"1m","players":3.0}').line, '{"hand":"1m","players":3.0}', 'JSON 3.0 is the number 3');
  assert.equal(parseRequest('{"hand":"1m","meld":[]}').code, 'unknown_field');
  assert.match(parseRequest('{"hand":"1m","constructor":1}').error, /unknown field "constructor"/);
  assert.equal(parseRequest('{"players":3}').error, 'hand is missing');
  assert.equal(parseRequest('{"hand":').code, 'bad_json');
  assert.equal(parseRequest('  {"hand":1}').code, 'bad_field');
});

test('scoring requests (SCORING.md §1) pass on; fields of the wrong shape do not', () => {
  const text = JSON.stringify({ hand: '678m345p67s55s', melds: [{ type: 'chi', tiles: '234m', from: 'kamicha' }], win: '8s',
    tsumo: false, seat: '2z', round: '1z', riichi: 0, dora: '9p', honba: 1, sticks: 0, rules: { kiriage: true } });
  assert.deepEqual(parseRequest(text), { line: text, hand: '678m345p67s55s' });
  const spelled = '{"hand":"1m","seat":"east","round":"S","riichi":true,"tsumo":1,"honba":60000}';
  assert.deepEqual(parseRequest(spelled), { line: spelled, hand: '1m' }, 'every spelling the CLI and the schema take');
  assert.match(parseRequest('{"hand":"1m","seat":"up"}').error, /^seat must be a wind.*got "up"/);
  const bad = {
    melds: ['{}', '[1]', '[{"type":1}]', '[{"type":"chi","tiles":"234m","who":"x"}]', '[{},{},{},{},{}]'],
    win: ['5', 'null', '"' + 'x'.repeat(100) + '"'], tsumo: ['2', '"true"'], seat: ['"up"', '5'], riichi: ['3', '-1', '1.5', '"1"'],
    honba: ['-1', '1e9'], rules: ['[]', '{"kiriage":1}', '{"nope":true}', '{"double_wind_pair_fu":5}'],
  };
  for (const [field, values] of Object.entries(bad))
    for (const v of values) {
      const r = parseRequest(`{"hand":"1m","${field}":${v}}`);
      assert.equal(r.code, 'bad_field', `${field}: ${v}`);
      assert.match(r.error, new RegExp(`^${field}`), `${field}: ${v}`);
    }
});
