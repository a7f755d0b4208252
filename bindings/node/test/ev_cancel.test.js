'use strict';
// The search's budget and its cancel in the Node door: maxVertices' default
// and range, an AbortSignal stopping evAsync / evManyAsync /
// analyseLinesAsync (the library stops the search, the Promise rejects with
// an AbortError once it has), and a worker thread ended with a search
// pending (its work dropped with its environment, the process going on).
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const mjk = require('..');

// Grows past 6 GB with every widening and no budget; here a budget it
// reaches in seconds (about 1 GB): the abort must come first, or the test fails.
const WIDE = '147m258p369s12345z';
const UNBOUNDED = { handChange: true, shantenBack: true, extra: 3, maxVertices: 3000000 };
const isAbort = (e) => e instanceof Error && e.name === 'AbortError';

test('maxVertices: the library\'s default unless given, a count 1..MAX_SAFE_INTEGER, null unset', () => {
  assert.equal(mjk.EV_DEFAULT_MAX_VERTICES, 1000000);
  const line = JSON.stringify({ hand: '3368m166789p578s7z', ev: { hand_change: true, shanten_back: true, max_vertices: 10 } });
  const over = (e) => e instanceof mjk.HandError && e.code === 43 && /raise max_vertices/.test(e.message);
  assert.throws(() => mjk.ev(line, { maxVertices: null }), over, 'null leaves the line\'s own budget');
  assert.ok(mjk.ev(line, { maxVertices: Number.MAX_SAFE_INTEGER }).vertices > 10);
  for (const bad of [0, -1, 2 ** 53, 2 ** 64])
    assert.throws(() => mjk.ev('123m456p789s1222z', { maxVertices: bad }), /maxVertices must be a count of vertices, 1 to/);
  // An object's ev.max_vertices: the schema's range, as far as JavaScript holds integers exactly.
  for (const bad of [0, 2 ** 53, 2 ** 64])
    assert.throws(() => mjk.ev({ hand: '123m456p789s1222z', ev: { max_vertices: bad } }),
      /ev\.max_vertices must be an integer from 1 to 9007199254740991/);
  assert.equal(mjk.ev({ hand: '123m456p789s1222z', ev: { max_vertices: Number.MAX_SAFE_INTEGER } }).vertices, 2);
  // A line's own 0 or 2^64 is the library's error naming the field (0 meant "no limit" once).
  for (const bad of ['0', '18446744073709551616'])
    assert.throws(() => mjk.ev(`{"hand":"123m456p789s1222z","ev":{"max_vertices":${bad}}}`),
      (e) => e instanceof mjk.HandError && e.code === 35 && /max_vertices must be a count of vertices/.test(e.message));
});

test('evAsync: aborting the signal stops the search and rejects with an AbortError', async () => {
  const ac = new AbortController();
  const p = mjk.evAsync(WIDE, { ...UNBOUNDED, signal: ac.signal });
  setTimeout(() => ac.abort(), 200);
  await assert.rejects(p, isAbort);
  // Aborted before the call: rejected, nothing queued.
  await assert.rejects(mjk.evAsync(WIDE, { ...UNBOUNDED, signal: AbortSignal.abort() }), isAbort);
  // A signal never aborted changes nothing.
  assert.deepEqual((await mjk.evAsync('3368m166789p578s7z', { signal: new AbortController().signal })).discards,
    mjk.ev('3368m166789p578s7z').discards);
  await assert.rejects(mjk.evAsync('3368m166789p578s7z', { signal: 'stop' }), TypeError);
});

test('evManyAsync: aborting the signal stops every search and rejects with an AbortError', async () => {
  const ac = new AbortController();
  const p = mjk.evManyAsync([WIDE, WIDE, '3368m166789p578s7z'], { ...UNBOUNDED, threads: 2, signal: ac.signal });
  setTimeout(() => ac.abort(new Error('enough')), 200);
  await assert.rejects(p, (e) => isAbort(e) && e.cause.message === 'enough');
  const after = await mjk.evManyAsync(['3368m166789p578s7z'], { signal: ac.signal }).catch((e) => e);
  assert.ok(isAbort(after), 'an aborted signal stays aborted');
  assert.equal((await mjk.evManyAsync(['3368m166789p578s7z'], { threads: 1 }))[0].vertices, mjk.ev('3368m166789p578s7z').vertices);
});

test('analyseLinesAsync: aborting the signal stops an "ev" line\'s search and rejects with an AbortError', async () => {
  const ac = new AbortController();
  const wide = JSON.stringify({ hand: WIDE, ev: { hand_change: true, shanten_back: true, extra: 3, max_vertices: 3000000 } });
  const p = mjk.analyseLinesAsync(['1112345678999m', wide], { signal: ac.signal });
  setTimeout(() => ac.abort(), 200);
  await assert.rejects(p, isAbort);
  assert.deepEqual(await mjk.analyseLinesAsync(['1112345678999m'], { signal: new AbortController().signal }),
    mjk.analyseLines(['1112345678999m']));
  await assert.rejects(mjk.analyseLinesAsync(['1112345678999m'], { signal: 5 }), TypeError);
});

// A child node running `body` in a worker thread that ends (terminate() or
// its own process.exit()) while a search is pending.
function workerEnding(call, ending) {
  const addon = path.resolve(__dirname, '..');
  const inner = `const mjk = require(${JSON.stringify(addon)}); ${call}; ` +
    `require('worker_threads').parentPort.postMessage(0); ${ending === 'exit' ? 'setTimeout(() => process.exit(0), 50);' : ''}`;
  const outer = `const { Worker } = require('worker_threads');
    const w = new Worker(${JSON.stringify(inner)}, { eval: true });
    w.on('message', () => { ${ending === 'terminate' ? 'setTimeout(() => w.terminate(), 50);' : ''} });
    w.on('exit', () => { setTimeout(() => console.log('main thread carried on'), 10); });`;
  return spawnSync(process.execPath, ['-e', outer], { encoding: 'utf8', timeout: 120000 });
}

for (const ending of ['terminate', 'exit']) {
  test(`a worker's ${ending} with a search pending: dropped with it, the process carries on`, () => {
    const wide = JSON.stringify({ hand: WIDE, ev: { hand_change: true, shanten_back: true, extra: 3 } });
    for (const call of [`mjk.evAsync('3368m166789p578s7z')`, `mjk.evAsync(${JSON.stringify(WIDE)}, ${JSON.stringify(UNBOUNDED)})`,
      `mjk.evManyAsync([${JSON.stringify(WIDE)}], ${JSON.stringify(UNBOUNDED)})`, `mjk.analyseLinesAsync([${JSON.stringify(wide)}])`]) {
      const r = workerEnding(call, ending);
      assert.equal(r.signal, null, `${call}: ${r.stderr}`);
      assert.equal(r.status, 0, `${call}: ${r.stderr}`);
      assert.doesNotMatch(r.stderr, /terminate called/);
      assert.equal(r.stdout, 'main thread carried on\n');
    }
  });
}
