'use strict';
// "ev" requests (EV.md) through the server: answered as `mjk --json`
// answers them, the server's cap on max_vertices applied (a search past it
// is an error reply and the connection goes on), a request asking for more
// than the cap refused before any work.
const test = require('node:test');
const assert = require('node:assert/strict');
const { parseRequest, MAX_EV_VERTICES } = require('../request');
const { startServer, stopServer, rssOf, ask } = require('./helpers');

const WIDE = { hand_change: true, shanten_back: true };

test('parseRequest caps an ev request\'s max_vertices', () => {
  const r = parseRequest(JSON.stringify({ hand: '3368m166789p578s7z', ev: {} }));
  assert.deepEqual(JSON.parse(r.line).ev, { max_vertices: MAX_EV_VERTICES });
  const own = JSON.stringify({ hand: '3368m166789p578s7z', ev: { max_vertices: 10 } });
  assert.equal(parseRequest(own).line, own, 'a max_vertices within the cap: the line as sent');
  const over = parseRequest(JSON.stringify({ hand: '3368m166789p578s7z', ev: { max_vertices: 1e9 } }));
  assert.equal(over.code, 'bad_field');
  assert.equal(over.error, 'ev.max_vertices must be an integer from 1 to 200000 on this server, got 1000000000');
  assert.equal(parseRequest(JSON.stringify({ hand: '3368m166789p578s7z', ev: {} }), { maxEvVertices: 7 }).line,
    JSON.stringify({ hand: '3368m166789p578s7z', ev: { max_vertices: 7 } }));
  assert.equal(parseRequest(JSON.stringify({ hand: '3368m166789p578s7z', ev: { depth: 1 } })).code, 'bad_field');
  assert.equal(parseRequest(JSON.stringify({ hand: '3368m166789p578s7z', ev: 5 })).code, 'bad_field');
});

test('an ev request is answered; past the server\'s cap it is an error, and the connection goes on', async () => {
  const mjk = require('../../../bindings/node');
  const server = await startServer(['--max-ev-vertices', '5000']);
  try {
    const plain = { hand: '3368m166789p578s7z', dora: '8s', ev: {} };
    const wide = { hand: '3368m166789p578s7z', ev: WIDE };  // 8,552 vertices
    const [a, capped, over, own, after] = await ask(server, [
      JSON.stringify(plain), JSON.stringify(wide), JSON.stringify({ ...wide, ev: { ...WIDE, max_vertices: 6000 } }),
      JSON.stringify({ ...wide, ev: { ...WIDE, max_vertices: 100 } }), '123m456p789s11z23s 1s',
    ]);
    const want = mjk.analyse(JSON.stringify({ ...plain, ev: { max_vertices: 5000 } }));
    assert.deepEqual(a.ev, want.ev);
    assert.deepEqual(a.discards, want.discards);
    assert.equal(a.ev.vertices, mjk.ev(plain).vertices);
    assert.match(capped.error, /the search passed max_vertices/);
    assert.equal(capped.code, undefined, 'the library\'s error object');
    assert.equal(over.code, 'bad_field');
    assert.match(over.error, /^ev\.max_vertices must be an integer from 1 to 5000 on this server, got 6000$/);
    assert.match(own.error, /the search passed max_vertices/);
    assert.equal(after.agari, true);
  } finally {
    await stopServer(server);
  }
});

test('a search that would take gigabytes stops at the default cap: answered with the error, in bounded memory', async () => {
  const server = await startServer();
  try {
    const before = rssOf(server.pid);
    // 5-shanten with hand changes and shanten back: millions of vertices uncapped
    const replies = await ask(server, Array(3).fill(JSON.stringify({ hand: '147m258p369s12345z', ev: WIDE })), 30000);
    for (const r of replies) assert.match(r.error, /the search passed max_vertices/);
    assert.ok(rssOf(server.pid) - before < 300 * 1024 * 1024, 'the server kept under 300 MB more');
    const [ok] = await ask(server, ['1112345678999m']);
    assert.equal(ok.waits.length, 9);
  } finally {
    await stopServer(server);
  }
});
