'use strict';
// "ev" requests searched on libuv's pool: a connection's replies still come
// in the order of its requests, one client's searches do not hold up another
// client's plain requests, the pool is taken by the connections in turn (a
// request waits for at most one search of each other connection), a
// connection has at most --ev-per-connection unanswered (more are refused),
// and one that does not read its replies is closed. Counted, never timed.
const test = require('node:test');
const assert = require('node:assert/strict');
const mjk = require('../../../bindings/node');
const { SERVER, startServer, stopServer, stats, statsWhen, connect, askOn, rawClient, frame, sleep, politeClient } = require('./helpers');

const WIDE = { hand_change: true, shanten_back: true };
// 3-shanten with hand changes and shanten back: ~70,000 vertices, tens of ms.
const SLOW = JSON.stringify({ hand: '3368m16679p2578s7z', ev: WIDE });
const PLAIN = ['123m456p789s11z23s 1s', '1112345678999m', '123x', '{"hand":"1m","players":3}'];

// The server's reply to a line, as the library writes it (the server caps max_vertices).
const expected = (line) => mjk.analyseLines([line.includes('"ev"') ? capped(line) : line])[0];
function capped(line) {
  const req = JSON.parse(line);
  return req.ev.max_vertices === undefined ? JSON.stringify({ ...req, ev: { ...req.ev, max_vertices: 200000 } }) : line;
}

// Sends the messages on a new connection; resolves with the reply texts as sent.
async function rawReplies(server, messages, ms = 15000) {
  const ws = await connect(server);
  try {
    return await new Promise((resolve, reject) => {
      const replies = [];
      const timer = setTimeout(() => reject(new Error(`${replies.length}/${messages.length} replies after ${ms} ms`)), ms);
      ws.on('message', (data) => {
        replies.push(data.toString());
        if (replies.length === messages.length) { clearTimeout(timer); resolve(replies); }
      });
      for (const m of messages) ws.send(m);
    });
  } finally {
    ws.terminate();
  }
}

test('one connection: an ev request, then plain requests: the replies in order, as the library writes them', async () => {
  const server = await startServer();
  try {
    const messages = [SLOW, ...PLAIN, JSON.stringify({ hand: '3368m166789p578s7z', dora: '8s', ev: {} }), ...PLAIN];
    const replies = await rawReplies(server, messages);
    assert.deepEqual(replies, messages.map(expected));
  } finally {
    await stopServer(server);
  }
});

// The server of this process (the tests below count its searches): the
// backend module it loads is this one, whose analyseManyAsync they wrap.
function inProcess() {
  const backend = require('../backends/mjk');
  const { start } = require(SERVER);
  const original = backend.analyseManyAsync;
  return {
    start,
    wrap(fn) { backend.analyseManyAsync = (requests) => fn(original, requests); },
    restore() { backend.analyseManyAsync = original; },
  };
}

test('isolation: while ev searches are in flight (held unanswered), another client\'s plain requests are all answered', async () => {
  const server = inProcess();
  // Every search waits until the test lets it go: a plain reply that came
  // meanwhile cannot have waited for one.
  const held = [];
  server.wrap((original, requests) => new Promise((resolve) => held.push(() => resolve(original(requests)))));
  const s = await server.start({ port: 0, evRunning: 2 });
  const { port } = s.address();
  try {
    const busy = await connect({ url: `ws://127.0.0.1:${port}` });
    const evReplies = [];
    busy.on('message', (d) => evReplies.push(d.toString()));
    for (let i = 0; i < 4; i++) busy.send(SLOW);
    while (held.length < 2) await sleep(10);
    const hand = '123m456p789s11z23s 1s';
    const polite = await politeClient({ url: `ws://127.0.0.1:${port}` }, hand, JSON.stringify(JSON.parse(expected(hand))));
    await polite.served(50);
    const { count } = await polite.stop();
    assert.ok(count >= 50, `${count} plain replies`);
    assert.equal(evReplies.length, 0, 'no search answered meanwhile');
    assert.equal(held.length, 2, 'the searches in flight: --ev-running (2); the other two waiting');
    // Let them go, and the ones after: every ev reply, in order, the library's.
    const release = setInterval(() => { for (const go of held.splice(0)) go(); }, 10);
    while (evReplies.length < 4) await sleep(10);
    clearInterval(release);
    assert.deepEqual(evReplies, Array(4).fill(expected(SLOW)));
    busy.terminate();
  } finally {
    server.restore();
    await s.shutdown();
  }
});

// A cheap ev request (~50 vertices), told apart from the flooders' by its hand.
const CHEAP_HAND = '2346m456p789s1355z';
const CHEAP = JSON.stringify({ hand: CHEAP_HAND, ev: {} });
const flooderLine = (f) => JSON.stringify({ hand: '3368m166789p578s7z', dora: `${1 + f}p`, ev: WIDE }); // 8,552 vertices

test('fair turns: with N connections keeping ev searches queued, a polite client\'s ev request starts after at most N searches of others', async () => {
  const server = inProcess();
  const starts = [];       // the hand of each search started, in order
  const arrivals = [];     // for each polite request, the searches started when it reached the server
  server.wrap((original, requests) => { starts.push(requests[0].line); return original(requests); });
  const WebSocket = require('ws');
  const emit = WebSocket.prototype.emit;
  WebSocket.prototype.emit = function (event, data, ...rest) {
    if (event === 'message' && this._isServer && String(data).includes(CHEAP_HAND)) arrivals.push(starts.length);
    return emit.call(this, event, data, ...rest);
  };
  const s = await server.start({ port: 0, evRunning: 1 });
  const url = `ws://127.0.0.1:${s.address().port}`;
  const N = 4;
  const flooders = [];
  try {
    // N clients, each keeping its 4 (--ev-per-connection) searches unanswered.
    for (let f = 0; f < N; f++) {
      const ws = await connect({ url });
      ws.on('message', () => { if (ws.readyState === 1) ws.send(flooderLine(f)); });
      for (let i = 0; i < 4; i++) ws.send(flooderLine(f));
      flooders.push(ws);
    }
    while (starts.length < 2 * N) await sleep(10);
    const polite = await connect({ url });
    const waited = [];
    for (let k = 0; k < 8; k++) {
      const [reply] = await askOn(polite, [CHEAP], 60000);
      assert.deepEqual(reply, JSON.parse(expected(CHEAP)));
      const started = starts.findIndex((line, i) => i >= arrivals[k] && line.includes(CHEAP_HAND));
      waited.push(started - arrivals[k]);
    }
    polite.terminate();
    console.log(`# ${N} connections with ev searches queued: the polite client's 8 requests each started after ${waited.join(', ')} searches of others`);
    for (const n of waited) assert.ok(n <= N, `started after ${n} searches of others, more than one of each of the ${N} other connections`);
  } finally {
    for (const ws of flooders) ws.terminate();
    WebSocket.prototype.emit = emit;
    server.restore();
    await s.shutdown();
  }
});

test('ev flooders not reading: each gets 4 searches (the replies it leaves unread), the rest refused, then is closed as unread', async () => {
  const server = inProcess();
  const perFlooder = [0, 0, 0];
  server.wrap((original, requests) => {
    const m = requests[0].line.match(/"dora":"(\d)p"/);
    if (m) perFlooder[Number(m[1]) - 1]++;
    return original(requests);
  });
  const s = await server.start({ port: 0, evRunning: 1, stallMs: 2000, statsMs: 100 });
  const { port } = s.address();
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  let pendingPeak = 0;
  const sampling = setInterval(async () => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    try { pendingPeak = Math.max(pendingPeak, (await stats({ port })).ev.pending); } catch { /* between gatherings */ }
  }, 100);
  const flooders = [];
  try {
    // Three clients writing ev requests and never reading: 300 at once, then
    // 50 every 100 ms while the server reads them. The socket's buffers
    // would take several MB of their replies unread; the pongs they never
    // send tell the server at once.
    for (let f = 0; f < 3; f++) {
      const c = await rawClient({ port }, { read: false });
      const line = JSON.stringify({ hand: CHEAP_HAND, dora: `${1 + f}p`, ev: {} });
      const burst = (n) => Buffer.concat(Array.from({ length: n }, () => frame(line)));
      c.socket.write(burst(300));
      c.pump = setInterval(() => { if (!c.socket.destroyed) c.socket.write(burst(50)); }, 100);
      flooders.push(c);
    }
    const polite = await connect({ port, url: `ws://127.0.0.1:${port}` });
    for (let k = 0; k < 5; k++) assert.deepEqual((await askOn(polite, [CHEAP], 60000))[0], JSON.parse(expected(CHEAP)));
    // Closed by the server (1008, unread): only the polite client left.
    const after = await statsWhen({ port }, (x) => x.clients === 1, 30000);
    polite.terminate();
    console.log(`# 3 ev flooders: searches ${perFlooder.join(', ')}; ev pending at most ${pendingPeak}; ` +
                `rejected ${after.rejected}; closed ${JSON.stringify(after.closed)}; memory +${((rssPeak - rssBefore) / 1048576).toFixed(0)} MB`);
    assert.ok(pendingPeak <= 3 * 4 + 1, `${pendingPeak} ev requests pending at once: more than 4 a connection`);
    assert.deepEqual(perFlooder, [4, 4, 4], 'searches for a client not reading its replies: --ev-per-connection (4)');
    assert.ok(after.rejected > 0, 'the requests past 4 unanswered were refused');
    assert.equal(after.clients, 1, 'every flooder closed');
    assert.equal(after.closed.unread, 3, 'closed as unread');
    assert.ok(rssPeak - rssBefore < 200 * 1024 * 1024, `memory grew ${((rssPeak - rssBefore) / 1048576).toFixed(0)} MB`);
  } finally {
    clearInterval(sampling);
    for (const c of flooders) { clearInterval(c.pump); c.socket.destroy(); }
    server.restore();
    await s.shutdown();
  }
});

// Server frames (unmasked, text) from the bytes of a socket.
function frames(buf) {
  const out = [];
  let at = 0;
  while (at + 2 <= buf.length) {
    let n = buf[at + 1] & 0x7f;
    let head = 2;
    if (n === 126) { if (at + 4 > buf.length) break; n = buf.readUInt16BE(at + 2); head = 4; }
    else if (n === 127) { if (at + 10 > buf.length) break; n = Number(buf.readBigUInt64BE(at + 2)); head = 10; }
    if (at + head + n > buf.length) break;
    out.push({ opcode: buf[at] & 0x0f, text: buf.subarray(at + head, at + head + n).toString() });
    at += head + n;
  }
  return { out, rest: buf.subarray(at) };
}

test('a client sending 100 ev requests without reading: every one answered in order, past 4 unanswered refused (ev_queue_full)', async () => {
  const server = inProcess();
  let running = 0;
  let most = 0;
  server.wrap((original, requests) => {
    most = Math.max(most, ++running);
    return original(requests).finally(() => { running--; });
  });
  const s = await server.start({ port: 0, statsMs: 100, evRunning: 2 });
  const { port } = s.address();
  try {
    // 3-shanten with hand changes: thousands of vertices, a few ms each; the dora tells them apart.
    const messages = Array.from({ length: 100 }, (_, i) =>
      JSON.stringify({ hand: '3368m166789p578s7z', dora: `${1 + (i % 9)}p`, ev: WIDE }));
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampling = setInterval(() => { rssPeak = Math.max(rssPeak, process.memoryUsage().rss); }, 20);
    const { socket } = await rawClient({ port }, { read: false });
    socket.write(Buffer.concat(messages.map((m) => frame(m))));
    await sleep(1500); // not reading meanwhile
    let buf = Buffer.alloc(0);
    const replies = [];
    await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${replies.length}/100 replies`)), 30000);
      socket.on('data', (d) => {
        const { out, rest } = frames(Buffer.concat([buf, d]));
        buf = rest;
        for (const f of out) if (f.opcode === 1) replies.push(JSON.parse(f.text));
        if (replies.length === messages.length) { clearTimeout(timer); resolve(); }
      });
      socket.resume();
    });
    clearInterval(sampling);
    socket.destroy();
    // In order: each reply the library's answer to its request, or a refusal naming it.
    const wantOf = new Map([...new Set(messages)].map((m) => [m, JSON.parse(expected(m))]));
    const refused = replies.filter((r) => r.code === 'ev_queue_full');
    replies.forEach((r, i) => assert.deepEqual(r, r.code === 'ev_queue_full' ? { hand: '3368m166789p578s7z', error: r.error, code: r.code } : wantOf.get(messages[i]), `reply ${i}`));
    const searched = replies.length - refused.length;
    assert.ok(searched >= 4 && replies.slice(0, 4).every((r) => r.code === undefined), 'the first 4 searched');
    assert.ok(refused.length > 0, 'those past 4 unanswered refused');
    assert.match(refused[0].error, /unanswered.*--ev-per-connection/);
    assert.ok(most <= 2, `at most --ev-running (2) searches at once, not ${most}`);
    const after = await (async () => { await sleep(300); return stats({ port }); })();
    assert.equal(after.ev.pending, 0);
    assert.equal(after.ev.requests, searched);
    assert.ok(rssPeak - rssBefore < 200 * 1024 * 1024, `memory grew ${((rssPeak - rssBefore) / 1048576).toFixed(0)} MB`);
  } finally {
    server.restore();
    await s.shutdown();
  }
});

test('plain requests streaming behind an unanswered ev request: the connection is not read past 1,024 held, then all answered in order', async () => {
  const server = inProcess();
  const held = [];
  server.wrap((original, requests) => new Promise((resolve) => held.push(() => resolve(original(requests)))));
  const WebSocket = require('ws');
  const pause = WebSocket.prototype.pause;
  let pauses = 0;
  WebSocket.prototype.pause = function (...args) { if (this._isServer) pauses++; return pause.apply(this, args); };
  const s = await server.start({ port: 0 });
  const { port } = s.address();
  try {
    const ws = await connect({ url: `ws://127.0.0.1:${port}` });
    const replies = [];
    ws.on('message', (d) => replies.push(d.toString()));
    const plain = '1112345678999m';
    ws.send(SLOW);
    for (let i = 0; i < 3000; i++) ws.send(plain);
    while (held.length < 1) await sleep(10);
    await sleep(500);
    assert.equal(replies.length, 0, 'every reply waits behind the ev one');
    assert.ok(pauses >= 1, 'the connection was not read with 1,024 replies held');
    for (const go of held.splice(0)) go();
    while (replies.length < 3001) await sleep(20);
    assert.equal(replies[0], expected(SLOW));
    assert.ok(replies.slice(1).every((r) => r === expected(plain)), 'then the plain replies, in order');
    ws.terminate();
  } finally {
    WebSocket.prototype.pause = pause;
    server.restore();
    await s.shutdown();
  }
});

test('shutdown answers the ev requests that have arrived before closing', async () => {
  const server = await startServer();
  const ws = await connect(server);
  const replies = [];
  const closed = new Promise((resolve) => ws.on('close', (code) => resolve(code)));
  ws.on('message', (d) => replies.push(d.toString()));
  const messages = [SLOW, SLOW, '1112345678999m', SLOW];
  for (const m of messages) ws.send(m);
  await sleep(20);
  const exit = stopServer(server);
  assert.equal(await closed, 1001);
  assert.deepEqual(replies, messages.map(expected));
  assert.deepEqual(await exit, { code: 0, signal: null });
});
