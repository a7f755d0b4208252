'use strict';
// request.js alone: what is refused before any work, and what is passed on.
const test = require('node:test');
const assert = require('node:assert/strict');
const { parseRequest, visibleCounts } = require('../request');

test('plain text is a hand, passed on as it is (the library parses it)', () => {
  assert.deepEqual(parseRequest('123x'), { hand: '123x', players: 4, visible: null });
  assert.equal(parseRequest('1m\u00002m').code, 'bad_field');
  const long = parseRequest('1m'.repeat(100));
  assert.equal(long.code, 'bad_field');
  assert.equal(long.hand, null, 'a hand too long is not echoed');
});

test('JSON requests: every field checked by type, length and range, nothing coerced', () => {
  const ok = parseRequest('{"hand":"1m","players":3,"visible":"0m1z"}');
  assert.equal(ok.players, 3);
  assert.equal(ok.visible[4], 1);
  assert.equal(ok.visible[27], 1);
  const zeros = Array(33).fill(0);
  for (const v of ['{"length":1e8}', '256', JSON.stringify('1m'.repeat(300)), `[${zeros},256]`, `[${zeros},-1]`, `[${zeros},null]`,
                   `[${zeros},true]`, `[${zeros},"1"]`, `[${zeros},0.5]`, `[${zeros}]`, `[${zeros},0,0]`, '"9z"', '"m"', 'null']) {
    const r = parseRequest(`{"hand":"1m","visible":${v}}`);
    assert.equal(r.code, 'bad_field', v);
    assert.match(r.error, /visible/, v);
  }
  for (const p of ['"3"', '[3]', '3.5', '2', 'null', 'true'])
    assert.match(parseRequest(`{"hand":"1m","players":${p}}`).error, /^players must be 3 or 4/, p);
  assert.equal(parseRequest('{"hand":"1m","players":3.0}').players, 3, 'JSON 3.0 is the number 3');
  assert.equal(parseRequest('{"hand":"1m","melds":[]}').code, 'unknown_field');
  assert.match(parseRequest('{"hand":"1m","constructor":1}').error, /unknown field "constructor"/);
  assert.equal(parseRequest('{"players":3}').error, 'hand is missing');
  assert.equal(parseRequest('{"hand":').code, 'bad_json');
  assert.equal(parseRequest('  {"hand":1}').code, 'bad_field');
});

test('visible text is read as mjk --visible reads it', () => {
  assert.equal(visibleCounts('1155m7z').join(''), '2000200000000000000000000000000001');
  assert.match(visibleCounts('11111m'), /more than four copies of 1m/);
  assert.match(visibleCounts('1'), /digits with no suit letter/);
  assert.equal(visibleCounts('').join(''), '0'.repeat(34));
});
