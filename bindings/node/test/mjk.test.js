'use strict';
// The Node addon: known answers written by hand, the CLI's JSON, argument
// checks and per-row errors. Run by ctest (node.addon): node --test.
const test = require('node:test');
const assert = require('node:assert/strict');
const { execFileSync } = require('node:child_process');
const mjk = require('..');

const NINE_GATES = '1112345678999m';
const AGARI = '123m456p789s11z23s 1s';
const KOKUSHI13 = '19m19p19s1234567z';
const kind = (name) => ({ m: 0, p: 9, s: 18, z: 27 })[name[1]] + Number(name[0]) - 1;
const ones = (arr, from = 0, len = arr.length) => {
  const r = [];
  for (let i = 0; i < len; i++) if (arr[from + i]) r.push(i);
  return r;
};
const rowsOf = (...hands) => {
  const rows = new Uint8Array(34 * hands.length);
  hands.forEach((h, i) => rows.set(mjk.parse(h), 34 * i));
  return rows;
};

test('parse', () => {
  const r = mjk.parse(NINE_GATES);
  assert.ok(r instanceof Uint8Array);
  assert.deepEqual([...r], [3, 1, 1, 1, 1, 1, 1, 1, 3, ...new Array(25).fill(0)]);
  assert.equal(mjk.parse('1230m 5m')[4], 2);
  assert.throws(() => mjk.parse('123x'), (e) => e instanceof mjk.HandError && e.code === 2 && /position 3/.test(e.message));
  assert.throws(() => mjk.parse(42), TypeError);
});

test('waits', () => {
  const w = mjk.waits(rowsOf(NINE_GATES, KOKUSHI13));
  assert.ok(w instanceof Uint8Array);
  assert.equal(w.length, 68);
  assert.deepEqual(ones(w, 0, 34), [0, 1, 2, 3, 4, 5, 6, 7, 8]);
  assert.deepEqual(ones(w, 34, 34), ['1m', '9m', '1p', '9p', '1s', '9s', '1z', '2z', '3z', '4z', '5z', '6z', '7z'].map(kind));
});

test('isAgari and agariForms', () => {
  const rows = rowsOf(AGARI, '1122m3344p5566s77z', KOKUSHI13 + ' 1m', '123m456p789s12z23s 4z');
  assert.deepEqual([...mjk.isAgari(rows)], [1, 1, 1, 0]);
  assert.deepEqual([...mjk.agariForms(rows)], [1, 2, 4, 0]);
});

test('waitsByForm', () => {
  const w = mjk.waitsByForm(rowsOf('1122m3344p5566s7z'));
  assert.equal(w.length, 3 * 34);
  assert.deepEqual(ones(w, 0, 34), []);
  assert.deepEqual(ones(w, 34, 34), [kind('7z')]);
  assert.deepEqual(ones(w, 68, 34), []);
});

test('tenpaiDiscards', () => {
  const r = mjk.tenpaiDiscards(rowsOf(AGARI));
  assert.deepEqual(Object.keys(r).sort(), ['discards', 'waits']);
  assert.deepEqual(ones(r.discards), ['1m', '2m', '3m', '4p', '5p', '6p', '1s', '2s', '3s', '7s', '8s', '9s', '1z'].map(kind));
  assert.equal(r.waits.length, 34 * 34);
  assert.deepEqual(ones(r.waits, 34 * kind('1m'), 34), [kind('1m'), kind('4m')]);
});

test('shanten (when the kernel has it)', { skip: !mjk.shanten }, () => {
  const s = mjk.shanten(rowsOf(NINE_GATES, '123m456p789s11z23s', KOKUSHI13));
  assert.ok(s instanceof Int8Array);
  assert.deepEqual([...s], [0, 0, 0]);
});

test('argument errors', () => {
  assert.throws(() => mjk.waits([1, 2, 3]), (e) => e instanceof TypeError && /Uint8Array/.test(e.message));
  assert.throws(() => mjk.waits(new Int8Array(34)), TypeError);
  assert.throws(() => mjk.waits(new Uint8Array(35)), (e) => e instanceof RangeError && /35/.test(e.message));
  assert.throws(() => mjk.waits(rowsOf(NINE_GATES), { players: 2 }), RangeError);
  assert.throws(() => mjk.waits(rowsOf(NINE_GATES), { visible: new Uint8Array(35) }), RangeError);
  assert.throws(() => mjk.waits(rowsOf(NINE_GATES), { visible: [0] }), TypeError);
  assert.throws(() => mjk.waits(rowsOf(NINE_GATES), { colour: 1 }), TypeError);
  assert.throws(() => mjk.waits(rowsOf(NINE_GATES), { errors: 'ignore' }), RangeError);
  assert.equal(mjk.waits(new Uint8Array(0)).length, 0);
  assert.equal(mjk.waits(Buffer.from(mjk.parse(NINE_GATES))).length, 34);  // a Buffer is a Uint8Array
});

test('per-row errors: throw names the row, return gives codes', () => {
  const rows = rowsOf(NINE_GATES, NINE_GATES, NINE_GATES);
  rows[34 * 2] = 5;  // a count above 4
  assert.throws(() => mjk.waits(rows), (e) => e instanceof mjk.HandError && e.row === 2 && /row 2/.test(e.message));
  const r = mjk.waits(rows, { errors: 'return' });
  assert.deepEqual(Object.keys(r).sort(), ['errors', 'value']);
  assert.equal(r.errors[0], 0);
  assert.notEqual(r.errors[2], 0);
  assert.equal(typeof mjk.errorMessage(r.errors[2]), 'string');
  for (const code of [1.5, NaN, 2 ** 70, -1, 256]) assert.throws(() => mjk.errorMessage(code), RangeError);  // 1.5 read as 1
  for (const code of ['3', null, undefined]) assert.throws(() => mjk.errorMessage(code), TypeError);
  assert.deepEqual(ones(r.value, 68, 34), []);
  const three = mjk.waits(rowsOf(KOKUSHI13, '234m456p789s11z23s'), { players: 3, errors: 'return' });
  assert.deepEqual([...three.errors], [0, 15]);  // not_in_rules: 2m-8m with three players
});

test('three players: a 2m-8m visible is refused by the batch, as by analyse', () => {
  const seen = new Uint8Array(34);
  seen[4] = 1;  // 5m
  const r = mjk.necessaryTiles(mjk.parse('1119m123p456s777z'), { players: 3, visible: seen, errors: 'return' });
  assert.deepEqual([...r.errors], [15]);
  assert.throws(() => mjk.necessaryTiles(mjk.parse('1119m123p456s777z'), { players: 3, visible: seen }),
    (e) => e instanceof mjk.HandError && e.code === 15);
  assert.ok(mjk.necessaryTiles(mjk.parse('1119m123p456s777z'), { players: 4, visible: seen }).ukeire[0] > 0);
});

test('visible: shared or per row', () => {
  const rows = rowsOf(NINE_GATES, NINE_GATES);
  assert.equal(mjk.waits(rows, { visible: new Uint8Array(34) }).length, 68);
  assert.equal(mjk.waits(rows, { visible: new Uint8Array(68) }).length, 68);
});

test('out: reuse arrays', () => {
  const rows = rowsOf(NINE_GATES, NINE_GATES);
  const out = new Uint8Array(68).fill(7);
  assert.equal(mjk.waits(rows, { out }), out);
  assert.deepEqual(ones(out, 34, 34), [0, 1, 2, 3, 4, 5, 6, 7, 8]);
  assert.throws(() => mjk.waits(rows, { out: new Uint8Array(67) }), RangeError);
  assert.throws(() => mjk.waits(rows, { out: new Int8Array(68) }), TypeError);
});

// analyse: the object `mjk --json` prints.
const HANDS = [AGARI, NINE_GATES, KOKUSHI13 + ' 1m', '123m456p23s11z', '1122m3344p5566s77z', '11m', '123m456p789s11z22z'];
const BAD = ['123x', '5m0m5m 1p', '11111m', '123m456p789s11z2'];
const cli = process.env.MJK_CLI;
const cliJson = (hand) => {
  try {
    return JSON.parse(execFileSync(cli, ['--json', hand], { encoding: 'utf8' }));
  } catch (e) {
    return JSON.parse(e.stdout);
  }
};

test('analyse is the CLI JSON', { skip: !cli && 'MJK_CLI not given' }, () => {
  for (const hand of HANDS) assert.deepEqual(mjk.analyse(hand), cliJson(hand), hand);
  for (const hand of BAD)
    assert.throws(() => mjk.analyse(hand), (e) => e instanceof mjk.HandError && e.message === cliJson(hand).error, hand);
});

test('analyse known answers and options', () => {
  const a = mjk.analyse(NINE_GATES);
  assert.equal(a.shanten, 0);
  assert.deepEqual(a.waits, ['1m', '2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m']);
  assert.equal(mjk.analyse(AGARI).agari, true);
  assert.throws(() => mjk.analyse(NINE_GATES, { players: 5 }), RangeError);
  assert.throws(() => mjk.analyse(7), TypeError);
});

test('decompositions', () => {
  const r = mjk.decompositions(rowsOf('1112345678999m 9m'), { winning: Int8Array.from([kind('9m')]) });
  assert.equal(r.count[0], 2);
  assert.deepEqual([r.form[0], r.blockCount[0], r.win[0], r.wait[0]], [0, 5, 3, 0]);
  assert.deepEqual([...r.blockKind.slice(0, 5)], [0, 2, 2, 2, 1]);
  assert.deepEqual([...r.blockFirst.slice(0, 5)], ['1m', '1m', '4m', '7m', '9m'].map(kind));
  assert.throws(() => mjk.waits(rowsOf(NINE_GATES), { winning: Int8Array.from([1]) }), TypeError);
  assert.throws(() => mjk.decompositions(rowsOf(AGARI), { winning: Int8Array.from([34]) }), RangeError);
});

// Typed arrays on a SharedArrayBuffer (how worker threads share hands) are
// typed arrays like any other: rows, out and visible alike.
const shared = (arr) => {
  const s = new Uint8Array(new SharedArrayBuffer(arr.length));
  s.set(arr);
  return s;
};

test('SharedArrayBuffer: rows, out, visible and analyse', () => {
  const rows = shared(rowsOf(NINE_GATES, KOKUSHI13));
  assert.deepEqual(ones(mjk.waits(rows), 0, 34), [0, 1, 2, 3, 4, 5, 6, 7, 8]);
  const out = shared(new Uint8Array(68));
  assert.equal(mjk.waits(rows, { out }), out);
  assert.deepEqual(ones(out, 34, 34).length, 13);
  const visible = shared(new Uint8Array(34));
  visible[0] = 1;
  assert.equal(mjk.necessaryTiles(rows, { visible }).ukeire[0], mjk.necessaryTiles(rows).ukeire[0] - 1);
  assert.equal(mjk.analyse(NINE_GATES, { visible }).ukeire, mjk.analyse(NINE_GATES).ukeire - 1);
  assert.equal(typeof mjk.analyseLine(NINE_GATES, { visible }), 'string');
});

// Overlap between inputs and outputs: answered as if every input had been
// copied first; outputs that overlap each other are refused.
test('out over rows and visible in one ArrayBuffer', () => {
  const buffer = new ArrayBuffer(900 * 34);
  const all = new Uint8Array(buffer);
  for (let i = 0; i < 600; i++) all.set(mjk.parse(NINE_GATES), 34 * i);
  const rows = new Uint8Array(buffer, 0, 600 * 34);
  const want = mjk.waits(rows.slice());
  assert.deepEqual(mjk.waits(rows, { out: new Uint8Array(buffer, 300 * 34, 600 * 34) }), want);

  // out.tiles 300 rows past visible: the glue's first chunk (512 rows) of
  // answers lands on visible rows still to be read.
  const visBuffer = new ArrayBuffer(900 * 34);
  const visible = new Uint8Array(visBuffer, 0, 600 * 34);
  for (let i = 0; i < 600; i++) visible.fill(1, 34 * i + 9, 34 * i + 18);  // the pins: none in the hand
  const hands = rowsOf(...new Array(600).fill(NINE_GATES));
  const expected = mjk.necessaryTiles(hands, { visible: visible.slice() });
  const out = { shanten: new Int8Array(600), ukeire: new Uint8Array(600), tiles: new Uint8Array(visBuffer, 300 * 34, 600 * 34) };
  const got = mjk.necessaryTiles(hands, { visible, out });
  assert.deepEqual([...got.ukeire], [...expected.ukeire]);
  assert.deepEqual([...got.tiles], [...expected.tiles]);
});

test('outputs overlapping each other are refused', () => {
  const buffer = new ArrayBuffer(35 * 34);
  const out = { discards: new Uint8Array(buffer, 0, 34), waits: new Uint8Array(buffer, 0, 34 * 34) };
  assert.throws(() => mjk.tenpaiDiscards(rowsOf(AGARI), { out }), (e) => e instanceof RangeError && /overlap/.test(e.message));
});

test('a NUL character is a HandError like any unknown character', () => {
  assert.throws(() => mjk.analyse(NINE_GATES + '\0'),
                (e) => e instanceof mjk.HandError && e.code === 2 && e.message === 'unknown character at position 14');
  assert.equal(JSON.parse(mjk.analyseLine(NINE_GATES + '\0')).error, 'unknown character at position 14');
  assert.throws(() => mjk.parse(NINE_GATES + '\0'), (e) => e instanceof mjk.HandError && e.code === 2);
});

test('parse says what analyse and the CLI say', () => {
  for (const hand of [...BAD, '', '8z', '1234567890123456m', '123m 1', '5m0m0m']) {
    let parsed, analysed;
    assert.throws(() => mjk.parse(hand), (e) => (parsed = e) instanceof mjk.HandError);
    assert.throws(() => mjk.analyse(hand), (e) => (analysed = e) instanceof mjk.HandError);
    assert.deepEqual([parsed.message, parsed.code], [analysed.message, analysed.code], hand);
  }
});

test('options are checked by type, then by value', () => {
  const rows = rowsOf(NINE_GATES);
  for (const players of ['3', [3], true, null, 3n])
    for (const call of [() => mjk.waits(rows, { players }), () => mjk.analyse(NINE_GATES, { players })])
      assert.throws(call, (e) => e instanceof TypeError && /players/.test(e.message), String(players));
  assert.throws(() => mjk.waits(rows, { players: 5 }), (e) => e instanceof RangeError && /players/.test(e.message));
  assert.throws(() => mjk.waits(rows, { errors: 1 }), (e) => e instanceof TypeError && /errors/.test(e.message));
  assert.throws(() => mjk.waits(rows, { errors: 'ignore' }), (e) => e instanceof RangeError && /errors/.test(e.message));
  assert.throws(() => mjk.waits(rows, { visible: 'x' }), (e) => e instanceof TypeError && /visible/.test(e.message));
  assert.throws(() => mjk.waits(rows, { out: 5 }), (e) => e instanceof TypeError && /out/.test(e.message));
  assert.throws(() => mjk.tenpaiDiscards(rowsOf(AGARI), { out: 5 }), (e) => e instanceof TypeError && /out/.test(e.message));
});
