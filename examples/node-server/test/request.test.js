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

test('an error names the bounds of the schema (and the server\'s cap), and a number too large for a double as such', () => {
  const refused = (text) => { const r = parseRequest(text); assert.equal(r.code, 'bad_field', text); return r.error; };
  assert.equal(refused('{"hand":"1m","ev":{"max_vertices":0}}'), 'ev.max_vertices must be an integer from 1 to 200000 on this server, got 0');
  assert.equal(parseRequest('{"hand":"1m","ev":{"max_vertices":0}}', { maxEvVertices: 5000 }).error,
    'ev.max_vertices must be an integer from 1 to 5000 on this server, got 0');
  assert.equal(refused('{"hand":"1m","ev":{"extra":1e400}}'),
    'ev.extra must be an integer from 0 to 3, got a number beyond the range of a double (more than 1.8e308 in size)');
  assert.equal(refused('{"hand":"1m","ev":{"max_vertices":-1e400}}'),
    'ev.max_vertices must be an integer from 1 to 200000 on this server, got a number beyond the range of a double (more than 1.8e308 in size)');
  assert.equal(refused('{"hand":"1m","honba":1e400}'), 'honba must be an integer 0 to 65535, got a number beyond the range of a double (more than 1.8e308 in size)');
  assert.equal(refused(`{"hand":"1m","visible":[${Array(33).fill(0)},1e999]}`),
    'visible[33] must be an integer from 0 to 4, got a number beyond the range of a double (more than 1.8e308 in size)');
  assert.equal(refused('{"hand":"1m","ev":{"turn":18}}'), 'ev.turn must be an integer from 1 to 17, got 18');
  for (const text of ['{"hand":"1m","ev":{"max_vertices":0}}', '{"hand":"1m","ev":{"extra":1e400}}', '{"hand":"1m","nuki":1e400}'])
    assert.doesNotMatch(refused(text), /undefined|got null/, text);
});

test('"id": a string or an integer, taken out of the line the library reads, kept for the reply; a bad one refused', () => {
  // Blanked out, so that a position in the library's error is one in the text as sent.
  assert.deepEqual(parseRequest('{"id":7,"hand":"1m","players":3}'), { line: '{       "hand":"1m","players":3}', hand: '1m', id: 7 });
  assert.deepEqual(parseRequest('{"hand":"1m","id":"game 4, turn 9"}'), { line: `{"hand":"1m"${' '.repeat(22)}}`, hand: '1m', id: 'game 4, turn 9' });
  assert.deepEqual(parseRequest('{ "hand" : "1m", "rules" : {"id": 1} }').code, 'bad_field', 'an "id" of a nested object is not the request\'s');
  assert.equal(parseRequest('{"hand":"1m","rules":{"kiriage":true},"\\u0069d":"x,}\\"" ,"players":4}').line,
    `{"hand":"1m","rules":{"kiriage":true},${' '.repeat(19)}"players":4}`, 'the key as JSON reads it, a value with , } and "');
  assert.deepEqual(parseRequest('{"id":"a","hand":"1m","ev":{}}'), { line: '{"hand":"1m","ev":{"max_vertices":200000}}', hand: '1m', id: 'a', ev: true, maxVertices: 200000 });
  // Refusals echo it too (when it is itself fine).
  assert.deepEqual(parseRequest('{"id":-3,"hand":"1m","dorra":"1m"}').id, -3);
  assert.deepEqual(parseRequest('{"id":"x","hand":"1m","players":5}'), { id: 'x', hand: '1m', error: 'players must be 3 or 4, got 5', code: 'bad_field' });
  assert.equal(parseRequest('{"id":"x","players":3}').id, 'x');
  for (const id of ['1.5', 'null', 'true', '{}', '[1]', '1e400', '9007199254740993', JSON.stringify('x'.repeat(65))]) {
    const r = parseRequest(`{"hand":"1m","id":${id}}`);
    assert.equal(r.code, 'bad_field', id);
    assert.match(r.error, /^id must be/, id);
    assert.equal(r.id, undefined, `${id}: not echoed`);
  }
  assert.equal(parseRequest(`{"hand":"1m","id":${JSON.stringify('x'.repeat(64))}}`).id, 'x'.repeat(64));
});
