#!/usr/bin/env node
'use strict';
// A WebSocket hand-analysis server on `ws` (RFC 6455; no protocol of ours
// beyond the message body), built to stay up under hostile clients.
//
//   node server.js [--port N] [--host H] [--backend mjk|majiang] [--workers N|auto]
//                  [--max-connections N] [--max-payload BYTES]
//                  [--pause-bytes BYTES] [--close-bytes BYTES] [--stall-ms MS] [--idle-ms MS]
//                  [--ping-ms MS] [--shutdown-ms MS] [--handshake-ms MS] [--stats-ms MS]
//                  [--max-ev-vertices N] [--ev-per-connection N] [--ev-running N]
//
// --port 0 (the default) takes an ephemeral port; the first line on stdout is
//   listening ws://HOST:PORT backend=NAME workers=N
// (N: the processes answering connections, 1 without --workers).
// A client sends one hand per text message, plain mpsz text or a JSON request
// (request.js says what is accepted), and gets one JSON text message back:
// the object `mjk --json` prints for that hand, or {"hand", "error"} (from
// the library, for a malformed hand) or {"hand", "error", "code"} (from the
// server, for a request it rejected before any work); a JSON request's "id"
// (a string or an integer) comes back first in its reply. Replies come in the
// order of the requests on each connection. GET /stats on the same port
// answers the counters (combine() below) as JSON, as gathered at most
// statsMs ago: a plain HTTP request is one a connection (Connection: close)
// and at most STATS_RATE a second per client address and process, so no
// client can make the server compute or hold answers faster than that.
//
// Capacity: the requests of every connection that arrive in one turn of the
// event loop are answered by one call into the analysis (setImmediate runs
// after all of the turn's socket reads), except "ev" requests (EV.md): their
// search takes up to ~0.1 s (--max-ev-vertices), so each runs on libuv's
// thread pool (the addon's analyseLinesAsync) while the event loop answers
// everyone else. At most --ev-running searches run at once in a process (by
// default libuv's pool size, UV_THREADPOOL_SIZE or 4, but one fewer than the
// cores, leaving one to the event loop); the others wait, taken fairly from
// the connections by the vertices searched for each (nextEv(): a request
// waits for at most one search of each other connection whose searches cost
// as much as its own). A connection has at most --ev-per-connection ev requests
// unanswered: one more is answered at once with code ev_queue_full. Each ev
// reply is followed by a ping; a connection whose client has not answered
// (read) the last --ev-per-connection gets no search until it does (an
// unread reply is a search wasted): held back for --stall-ms, it is closed
// as an unread one (1008), as a plain flooder is. One
// with MAX_HELD replies held behind an unanswered ev request is not read
// until it is answered. Replies still come in the order of the connection's
// requests: a plain request behind an unanswered ev request is answered at
// once but sent after it; other connections do not wait.
// The majiang back end has no ev and answers everything on the event loop.
// --workers N forks N processes
// (cluster: the primary accepts, hands each connection to a worker in turn,
// and sums the counters each worker sends it every statsMs).
const cluster = require('node:cluster');
const http = require('node:http');
const os = require('node:os');
const { WebSocketServer, WebSocket } = require('ws');
const { parseRequest, MAX_EV_VERTICES } = require('./request');

const DEFAULTS = {
  port: 0,
  host: '127.0.0.1',
  backend: 'mjk',
  workers: 0,                   // 0: one process; N: a primary and N worker processes
  maxConnections: 10000,        // open TCP connections (all workers together); more are dropped at accept
  maxPayload: 4096,             // bytes per message (a request is < 1 KiB); more: ws closes with 1009
  pauseBytes: 256 * 1024,       // unsent reply bytes past which a connection is not read until they drain
  closeBytes: 1024 * 1024,      // unsent reply bytes past which a connection is closed (1008): the requests
                                // of one 64 KiB read (~2,000) are answered after a pause, ~2 MB of replies
  stallMs: 10000,               // a connection paused this long (its client does not read its replies): closed (1008)
  idleMs: 120000,               // no request for this long: closed (1001)
  pingMs: 30000,                // a ping every pingMs; no pong by the next one: terminated
  shutdownMs: 5000,             // SIGTERM: time for in-flight answers and closing handshakes
  handshakeMs: 30000,           // a TCP connection must complete its HTTP upgrade within this (10 s cut off
                                // clients of a 10,000-connection load test still connecting on a busy host)
  statsMs: 1000,                // GET /stats answers the counters gathered this often
  maxEvVertices: MAX_EV_VERTICES, // an "ev" request's search stops (an error reply) past this many vertices
  evPerConnection: 4,           // unanswered ev requests on a connection; one more is refused (ev_queue_full)
  // ev searches at once per process: at most libuv's pool, and one core short
  // of the machine, so that the searches never take the core the event loop
  // answers on (on 2 cores, 4 searches at once made plain replies' p99 2-3x)
  evRunning: Math.max(1, Math.min(Number(process.env.UV_THREADPOOL_SIZE) || 4, os.availableParallelism() - 1)),
};
const CLOSE_GRACE_MS = 1000;    // a closed connection's socket is destroyed this long after its close frame
const LATENCY_SAMPLES = 8192;   // latency percentiles over the last this many replies
const LATENCY_POINTS = 512;     // a process's samples go into the sum of processes as this many order statistics
// Plain HTTP requests (GET /stats, anything else: 426) per client address
// and process: STATS_BURST at once, then STATS_RATE a second; beyond: 429.
const STATS_RATE = 10;
const STATS_BURST = 20;
const STATS_ADDRESSES = 10000;  // addresses tracked at once; past it the others share one allowance
// A turn's requests go to the analysis in batches of at most this many: one
// addon call already costs little beside 64 analyses, and answering the first
// batch while later sockets are still being read lets clients work meanwhile
// (one batch per whole turn cut closed-loop throughput by a third).
const BATCH_MAX = 64;
// Replies held on a connection behind an unanswered ev request past which it
// is not read (a client streaming plain requests behind one ev request would
// otherwise have them all answered into this process's memory).
const MAX_HELD = 1024;

// A reply of the server's own with the request's "id" first.
function withIdObject(id, reply) {
  return id === undefined ? reply : { id, ...reply };
}

// A reply line of the analysis with the request's "id" first (the library
// neither reads nor writes it: the server took it out of the line).
function withId(line, id) {
  if (id === undefined) return line;
  return line === '{}' ? `{"id":${JSON.stringify(id)}}` : `{"id":${JSON.stringify(id)},${line.slice(1)}`;
}

// The vertices an ev reply's search cost: its "vertices"; a search stopped
// at its max_vertices all of them; an error before any search none.
function searchedVertices(line, maxVertices) {
  const m = line.match(/"vertices":(\d+)/);
  return m ? Math.min(Number(m[1]), maxVertices) : line.includes('the search passed max_vertices') ? maxVertices : 0;
}

// The processes answering connections: the --workers, or this one alone.
const processes = (workers) => workers || 1;
// The bounds a number option has beyond its sign: a delay is what setTimeout
// and setInterval take (a longer one is Node's 1 ms, with a
// TimeoutOverflowWarning: --idle-ms 3000000000 closed every connection at
// once), --workers what mjk's --threads takes (--workers 99999 forked 99999
// processes), any other a number a double holds exactly.
const MAX_DELAY_MS = 2 ** 31 - 1;
const MAX_WORKERS = 1024;

function parseArgs(argv) {
  const args = { ...DEFAULTS };
  const camel = (s) => s.replace(/^--/, '').replace(/-([a-z])/g, (_, c) => c.toUpperCase());
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--help' || a === '-h') { args.help = true; continue; }
    const key = camel(a);
    if (!a.startsWith('--') || !Object.hasOwn(DEFAULTS, key)) throw new Error(`unknown argument ${a}`);
    if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
    const v = argv[++i];
    if (key === 'workers' && v === 'auto') args.workers = os.availableParallelism();
    else if (typeof DEFAULTS[key] !== 'number') args[key] = v;
    else if (!/^\d+$/.test(v)) throw new Error(`${a} must be a non-negative integer, not '${v}'`);
    else if (!Number.isSafeInteger(Number(v))) throw new Error(`${a} must be at most 2**53 - 1, not '${v}'`);
    else args[key] = Number(v);
  }
  return checkOptions(args);
}

function checkOptions(o) {
  if (!['mjk', 'majiang'].includes(o.backend)) throw new Error(`--backend must be mjk or majiang, not ${o.backend}`);
  // An empty host listened on every interface (Node's default), where the server's own is loopback alone.
  if (typeof o.host !== 'string' || o.host === '') throw new Error("--host must name an address (0.0.0.0 or :: for every interface), not ''");
  if (!Number.isInteger(o.port) || o.port < 0 || o.port > 65535) throw new Error('--port must be 0..65535');
  for (const k of Object.keys(DEFAULTS)) {
    if (k === 'port' || typeof DEFAULTS[k] !== 'number') continue;
    const flag = `--${k.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())}`;
    if (!Number.isInteger(o[k]) || o[k] < (k === 'workers' ? 0 : 1)) throw new Error(`${flag} must be a ${k === 'workers' ? 'non-negative' : 'positive'} integer, not ${o[k]}`);
    if (k.endsWith('Ms') && o[k] > MAX_DELAY_MS) throw new Error(`${flag} must be at most ${MAX_DELAY_MS} (the longest delay Node's timers take), not ${o[k]}`);
    if (k === 'workers' && o[k] > MAX_WORKERS) throw new Error(`${flag} must be at most ${MAX_WORKERS}, not ${o[k]}`);
    if (!Number.isSafeInteger(o[k])) throw new Error(`${flag} must be at most 2**53 - 1, not ${o[k]}`);
  }
  if (o.pauseBytes > o.closeBytes) throw new Error('--pause-bytes must not exceed --close-bytes');
  return o;
}

function loadBackend(name) {
  return name === 'majiang' ? require('./backends/majiang') : require('./backends/mjk');
}

// One message in, one reply out (a JSON string), checked and answered alone:
// what the server does for each request, without the batching.
function answer(backend, data, options = DEFAULTS) {
  const req = parseRequest(data.toString(), options);
  return req.error !== undefined ? JSON.stringify(req) : backend.analyseMany([req])[0];
}

// Counters of one process (stats(): of all processes).
function makeCounters() {
  return {
    connections: 0, messages: 0, errors: 0, rejected: 0, binary: 0,
    limited: 0, ev: 0,
    closed: { unread: 0, idle: 0, unresponsive: 0, shutdown: 0, handshake: 0, pipelined: 0 },
    latency: new Float64Array(LATENCY_SAMPLES), latencyCount: 0,
  };
}

// This process's counters as plain numbers; its latency samples as at most
// LATENCY_POINTS order statistics (latency[i] the largest of the i-th
// equal share of the sorted samples: all of them when there are no more).
function snapshot(counters, clients, evPending = 0) {
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
  const cpu = process.cpuUsage();
  const n = Math.min(counters.latencyCount, LATENCY_SAMPLES);
  const sorted = counters.latency.slice(0, n).sort();
  const k = Math.min(n, LATENCY_POINTS);
  return {
    clients, connections: counters.connections, messages: counters.messages, errors: counters.errors,
    rejected: counters.rejected, binary: counters.binary, limited: counters.limited, closed: { ...counters.closed },
    ev: counters.ev, ev_pending: evPending,
    cpu_user_us: cpu.user, cpu_system_us: cpu.system, rss, heap_used: heapUsed, external, array_buffers: arrayBuffers,
    latency_samples: n,
    latency: Array.from({ length: k }, (_, i) => Number(sorted[Math.floor(((i + 1) * n) / k) - 1].toFixed(3))),
  };
}

// The p-quantile of several processes' samples from their order statistics
// (exact while no process has more than LATENCY_POINTS samples).
function percentile(points, total, p) {
  if (!total) return null;
  const rank = Math.floor(p * total);
  let below = 0;
  for (const [value, weight] of points) if ((below += weight) > rank) return value;
  return points[points.length - 1][0];
}

// Snapshots of several processes -> the counters GET /stats answers.
function combine(snaps, workers) {
  const sum = (k) => snaps.reduce((s, x) => s + x[k], 0);
  const points = snaps.flatMap((s) => s.latency.map((v) => [v, s.latency_samples / s.latency.length])).sort((a, b) => a[0] - b[0]);
  const samples = sum('latency_samples');
  const closed = {};
  for (const s of snaps) for (const [k, v] of Object.entries(s.closed || {})) closed[k] = (closed[k] || 0) + v;
  const messages = sum('messages');
  const cpuUs = sum('cpu_user_us') + sum('cpu_system_us');
  const round = (x) => (x === null ? null : Number(x.toFixed(3)));
  return {
    workers, clients: sum('clients'), connections: sum('connections'), messages, errors: sum('errors'),
    rejected: sum('rejected'), binary: sum('binary'), limited: sum('limited'), closed,
    ev: { requests: sum('ev'), pending: sum('ev_pending') },
    latency_ms: { p50: round(percentile(points, samples, 0.5)), p99: round(percentile(points, samples, 0.99)),
                  max: round(points.length ? points[points.length - 1][0] : null), samples },
    cpu_us: { user: sum('cpu_user_us'), system: sum('cpu_system_us'), per_message: messages ? Number((cpuUs / messages).toFixed(2)) : null },
    memory: { rss: sum('rss'), heap_used: sum('heap_used'), external: sum('external'), array_buffers: sum('array_buffers') },
  };
}

// GET /stats of one process alone: its own counters.
function localStats() {
  let text = null;
  return { report: (snap) => { text = JSON.stringify(combine([snap], processes(0))); }, text: () => text };
}

// The WebSocket server of one process (the only one, or a cluster worker).
// Every statsMs it gives its snapshot to stats.report(); GET /stats answers
// stats.text() (null: not gathered yet).
function serve(options, stats = localStats()) {
  const o = checkOptions({ ...DEFAULTS, ...options });
  const backend = loadBackend(o.backend);
  const counters = makeCounters();
  // The handshake bound is a timer per socket (below): Node checks its own
  // headersTimeout only every connectionsCheckingInterval (30 s), so a slow
  // upgrade was dropped after up to twice --handshake-ms.
  const httpServer = http.createServer();
  httpServer.maxConnections = o.maxConnections;
  const wss = new WebSocketServer({ server: httpServer, perMessageDeflate: false, maxPayload: o.maxPayload });
  let queue = [];       // requests of this turn: {ws, req, reply?, t0}, answered by flush()
  let stopping = false;
  // ev searches: how many run on the pool, and the connections with ev
  // requests waiting for a place (startEv() says which goes next).
  const evAsync = typeof backend.analyseManyAsync === 'function';
  let evRunning = 0;
  let evPending = 0;    // ev requests not answered yet, running or waiting
  const evReady = [];
  let evClock = 0;      // the vertices searched by the connection served last, when it was taken
  let evEntries = 0;    // connections that have entered evReady, to break ties by who came first
  const allowances = new Map(); // client address -> {tokens, at}: its plain HTTP requests

  httpServer.on('connection', (socket) => {
    const handshake = setTimeout(() => { counters.closed.handshake++; socket.destroy(); }, o.handshakeMs);
    handshake.unref();
    socket.mjkHandshake = handshake; // cleared at the upgrade
    socket.once('close', () => clearTimeout(handshake));
  });

  function allowed(address) {
    const now = performance.now();
    const key = allowances.has(address) || allowances.size < STATS_ADDRESSES ? address : '';
    const a = allowances.get(key) || { tokens: STATS_BURST, at: now };
    a.tokens = Math.min(STATS_BURST, a.tokens + ((now - a.at) * STATS_RATE) / 1000);
    a.at = now;
    allowances.set(key, a);
    if (a.tokens < 1) return false;
    a.tokens--;
    return true;
  }

  // One request a connection, answered from what was gathered: a client
  // pipelining requests without reading the answers would otherwise have
  // each one answered into this process's memory (Node pauses a pipelining
  // socket only once answers are waiting to be written).
  httpServer.on('request', (req, res) => {
    const { socket } = req;
    if (socket.mjkAnswered) {
      if (!socket.destroyed) counters.closed.pipelined++;
      return socket.destroy();
    }
    socket.mjkAnswered = true;
    const respond = (status, body, headers = {}) => {
      res.statusCode = status;
      for (const [k, v] of Object.entries({ connection: 'close', ...headers })) res.setHeader(k, v);
      res.end(body);
    };
    if (!allowed(socket.remoteAddress)) {
      counters.limited++;
      respond(429, 'too many requests\n', { 'retry-after': '1' });
    } else if (req.method !== 'GET' || req.url !== '/stats') {
      respond(426, 'a WebSocket server (GET /stats for its counters)\n');
    } else if (stats.text() === null) {
      respond(503, 'counters not gathered yet\n', { 'retry-after': '1' });
    } else {
      respond(200, stats.text(), { 'content-type': 'application/json' });
    }
  });
  httpServer.on('clientError', (err, socket) => socket.destroy());

  const gather = () => {
    stats.report(snapshot(counters, wss.clients.size, evPending));
    // An address whose allowance is full again is as good as unknown.
    const now = performance.now();
    for (const [k, a] of allowances) if (a.tokens + ((now - a.at) * STATS_RATE) / 1000 >= STATS_BURST) allowances.delete(k);
  };
  const gathering = setInterval(gather, o.statsMs);
  gathering.unref();

  function close(ws, code, reason, why) {
    if (ws.mjk.closing) return;
    ws.mjk.closing = true;
    counters.closed[why]++;
    ws.close(code, reason);
    // The close frame waits behind unsent replies a flooder never reads:
    // give it a moment, then free the socket and its buffers.
    setTimeout(() => ws.terminate(), CLOSE_GRACE_MS).unref();
  }

  function enqueue(item) {
    const n = queue.push(item);
    if (n === BATCH_MAX) flush();
    else if (n === 1) setImmediate(flushIfAny);
  }

  function flushIfAny() {
    if (queue.length) flush();
  }

  // Answers the turn's requests: one call into the analysis for all of them,
  // then each connection's replies that are ready, in order.
  function flush() {
    const batch = queue;
    queue = [];
    const work = batch.filter((it) => it.reply === undefined && it.ws.readyState === WebSocket.OPEN);
    if (work.length) {
      const lines = backend.analyseMany(work.map((it) => it.req));
      work.forEach((it, i) => { it.reply = withId(lines[i], it.req.id); });
    }
    // A connection's replies go out from its first request of the batch at
    // the head of its queue (none: they wait behind an unanswered ev request).
    // Those behind one may make the connection hold as many as it may.
    for (const it of batch) if (it.ws.mjk.held[0] === it) deliver(it.ws); else readOrNot(it.ws);
  }

  // Sends the replies at the head of the connection's queue that are ready;
  // one behind an unanswered ev request waits for it.
  function deliver(ws) {
    const state = ws.mjk;
    const held = state.held;
    while (held.length && held[0].reply !== undefined && ws.readyState === WebSocket.OPEN) {
      const it = held.shift();
      ws.send(it.reply);
      // A ping after each ev reply: its pong (the count back) tells that the
      // client has read the replies up to it (frames are read in order).
      if (it.searched) ws.ping(String(++state.evSent));
      counters.messages++;
      if (it.rejected || it.reply.includes('"error":')) counters.errors++;
      counters.latency[counters.latencyCount++ % LATENCY_SAMPLES] = performance.now() - it.t0;
      const unsent = ws.bufferedAmount;
      if (unsent > o.closeBytes) {
        close(ws, 1008, 'replies not read', 'unread');
      } else if (unsent > o.pauseBytes && !state.unsentPause) {
        // Stop reading until the replies are written out.
        state.unsentPause = true;
        readOrNot(ws);
        whenWritten(ws, () => {
          state.unsentPause = false;
          readOrNot(ws);
        });
      }
    }
    if (state.drainThenClose && !held.length) close(ws, 1001, 'server shutting down', 'shutdown');
    readOrNot(ws);
  }

  // Calls done() once everything sent on the connection so far has gone to
  // the kernel (a ping's callback runs then: frames are written in order).
  // A client that never reads keeps the ping from being written, so the wait
  // would last for ever: past stallMs the connection closes as unread.
  function whenWritten(ws, done) {
    const stall = setTimeout(() => close(ws, 1008, 'replies not read', 'unread'), o.stallMs);
    ws.once('close', () => clearTimeout(stall));
    ws.ping(undefined, undefined, () => {
      clearTimeout(stall);
      if (ws.readyState === WebSocket.OPEN) done();
    });
  }

  // A connection is read unless its replies are not being written out, or it
  // has as many replies held behind an unanswered ev request as it may.
  function readOrNot(ws) {
    if (ws.readyState !== WebSocket.OPEN) return;
    const state = ws.mjk;
    const pause = state.unsentPause || (state.evCount > 0 && state.held.length >= MAX_HELD);
    if (pause !== ws.isPaused) (pause ? ws.pause() : ws.resume());
  }

  // An ev request: it waits its turn for the pool (its reply's place is
  // already held in the connection's queue), or past the connection's
  // --ev-per-connection unanswered it is refused at once, in its place.
  function enqueueEv(item) {
    const state = item.ws.mjk;
    if (state.evCount >= o.evPerConnection) {
      counters.rejected++;
      item.rejected = true;
      item.reply = JSON.stringify(withIdObject(item.req.id, {
        hand: item.req.hand,
        error: `${state.evCount} ev requests of this connection are unanswered, the most it may have (--ev-per-connection): send the next after an answer`,
        code: 'ev_queue_full',
      }));
      return enqueue(item);
    }
    state.evCount++;
    evPending++;
    item.searched = true;
    if (state.evWaiting.push(item) === 1 && !state.evHeldBack) enterEv(item.ws);
    startEv();
  }

  // A connection with ev requests waiting takes its place for the pool: it
  // counts as having searched at least as many vertices as the connection
  // served last (one that was idle has no credit saved up to spend).
  function enterEv(ws) {
    ws.mjk.evFloor = evClock;
    ws.mjk.evEntry = ++evEntries;
    evReady.push(ws);
  }

  // The connection whose ev request starts next: the one that has had the
  // fewest vertices searched (a connection's count is at least the clock's
  // when it entered), then the fewer in all, then the first to enter. Every
  // other connection then goes at most once before a request whose
  // connection's searches cost no more than theirs, and a connection asking
  // for small searches among connections asking for large ones goes next.
  function nextEv() {
    let best = 0;
    const key = (ws) => Math.max(ws.mjk.evSearched, ws.mjk.evFloor);
    for (let i = 1; i < evReady.length; i++) {
      const a = evReady[i].mjk;
      const b = evReady[best].mjk;
      const ka = key(evReady[i]);
      const kb = key(evReady[best]);
      if (ka < kb || (ka === kb && (a.evSearched < b.evSearched || (a.evSearched === b.evSearched && a.evEntry < b.evEntry)))) best = i;
    }
    return evReady.splice(best, 1)[0];
  }

  // Starts searches while the pool has room, fairly across the connections
  // (nextEv()). A search is charged its max_vertices when it starts and its
  // real vertices once answered. A connection with --ev-per-connection
  // searches started whose replies its client has not read (no pong yet to
  // the ping after them) leaves its place until it has: more searches would
  // only pile up unread replies. Held back --stall-ms, it is closed as unread.
  function startEv() {
    while (evRunning < o.evRunning && evReady.length) {
      const ws = nextEv();
      const state = ws.mjk;
      if (state.evStarted - state.evRead >= o.evPerConnection) {
        state.evHeldBack = true;
        state.evStall = setTimeout(() => close(ws, 1008, 'replies not read', 'unread'), o.stallMs);
        continue;
      }
      state.evStarted++;
      const waiting = state.evWaiting;
      const it = waiting.shift();
      const charged = it.req.maxVertices;
      evClock = Math.max(evClock, state.evSearched, state.evFloor);
      state.evSearched = evClock + charged;
      if (waiting.length) enterEv(ws);
      evRunning++;
      backend.analyseManyAsync([it.req]).then(([line]) => withId(line, it.req.id),
        (e) => JSON.stringify(withIdObject(it.req.id, { hand: it.req.hand, error: `analysis failed: ${e.message}`, code: 'internal' })))
        .then((line) => {
          evRunning--;
          evPending--;
          ws.mjk.evCount--;
          counters.ev++;
          state.evSearched -= charged - searchedVertices(line, charged);
          it.reply = line;
          deliver(ws);
          startEv();
        });
    }
  }

  // A closed connection's waiting ev requests are not searched.
  function dropEv(ws) {
    const waiting = ws.mjk.evWaiting;
    if (!waiting.length) return;
    evPending -= waiting.length;
    ws.mjk.evCount -= waiting.length;
    waiting.length = 0;
    const at = evReady.indexOf(ws);
    if (at >= 0) evReady.splice(at, 1);
  }

  wss.on('connection', (ws, req) => {
    clearTimeout(req.socket.mjkHandshake);
    counters.connections++;
    ws.mjk = {
      alive: true, lastRequest: performance.now(), closing: false, drainThenClose: false, unsentPause: false,
      held: [],          // this connection's requests not yet replied to, in order
      evCount: 0,        // its ev requests not answered yet (searching or waiting)
      evWaiting: [],     // its ev requests waiting for the pool
      evStarted: 0,      // its searches started
      evSent: 0,         // its ev replies sent, each followed by a ping of this count
      evRead: 0,         // the highest count its client has answered with a pong: replies read
      evHeldBack: false, // out of the turn for the pool until its client reads its replies
      evStall: null,     // the timer closing it if it is held back that long
      evSearched: 0,     // vertices its searches have cost (a running one: its max_vertices)
      evFloor: 0,        // the clock when it last took its place for the pool
      evEntry: 0,        // when it did, in entries
    };
    if (stopping) return close(ws, 1001, 'server shutting down', 'shutdown');
    ws.on('pong', (data) => {
      const state = ws.mjk;
      state.alive = true;
      const n = Number(data.toString());
      if (!Number.isInteger(n) || n <= state.evRead || n > state.evSent) return;
      state.evRead = n;
      if (state.evHeldBack && state.evStarted - state.evRead < o.evPerConnection) {
        state.evHeldBack = false;
        clearTimeout(state.evStall);
        if (state.evWaiting.length) enterEv(ws);
        startEv();
      }
    });
    ws.on('error', () => ws.terminate());
    ws.on('close', () => { clearTimeout(ws.mjk.evStall); dropEv(ws); });
    ws.on('message', (data, isBinary) => {
      const state = ws.mjk;
      if (state.closing || stopping) return;
      state.lastRequest = performance.now();
      const item = { ws, req: null, reply: undefined, rejected: false, t0: state.lastRequest };
      state.held.push(item);
      if (isBinary) {
        counters.binary++;
        item.rejected = true;
        item.reply = JSON.stringify({ hand: null, error: 'send text messages', code: 'binary' });
      } else {
        item.req = parseRequest(data.toString(), o);
        if (item.req.error !== undefined) {
          counters.rejected++;
          item.rejected = true;
          item.reply = JSON.stringify(item.req);
        } else if (item.req.ev && evAsync) {
          return enqueueEv(item);
        }
      }
      enqueue(item);
    });
  });

  // Heartbeat: a connection that has not answered the last ping is gone.
  const heartbeat = setInterval(() => {
    for (const ws of wss.clients) {
      if (ws.mjk.closing) continue;
      if (!ws.mjk.alive) { counters.closed.unresponsive++; ws.mjk.closing = true; ws.terminate(); continue; }
      ws.mjk.alive = false;
      ws.ping();
    }
  }, o.pingMs);
  // Idle sweep, every quarter of idleMs (closes after idleMs..1.25 idleMs).
  const idleSweep = setInterval(() => {
    const now = performance.now();
    for (const ws of wss.clients)
      if (!ws.mjk.closing && now - ws.mjk.lastRequest > o.idleMs) close(ws, 1001, 'idle', 'idle');
  }, Math.max(10, o.idleMs / 4));
  heartbeat.unref();
  idleSweep.unref();

  // Stop accepting, answer what has arrived (ev searches included), close
  // every connection after its replies (1001), and resolve once all are gone
  // or shutdownMs has passed.
  let stopped = null;
  function shutdown() {
    return (stopped ||= closeAll());
  }

  function closeAll() {
    stopping = true;
    clearInterval(heartbeat);
    clearInterval(idleSweep);
    clearInterval(gathering);
    httpServer.close();
    for (const ws of wss.clients) {
      ws.mjk.drainThenClose = true;
      if (!ws.mjk.held.length) close(ws, 1001, 'server shutting down', 'shutdown');
    }
    if (queue.length) flush();
    return new Promise((resolve) => {
      const deadline = setTimeout(() => { for (const ws of wss.clients) ws.terminate(); resolve(); }, o.shutdownMs);
      const check = () => (wss.clients.size === 0 ? (clearTimeout(deadline), resolve()) : setTimeout(check, 20));
      check();
    });
  }

  return new Promise((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(o.port, o.host, () => {
      gather();
      resolve({ address: () => httpServer.address(), shutdown });
    });
  });
}

// One process: start({...}) -> {address(), shutdown()}.
function start(options = {}) {
  return serve(options);
}

// --workers N: the primary forks N workers, each serving on the shared port.
// Every statsMs each worker sends the primary its snapshot, and the primary
// sends every worker the sum of the latest ones, which its GET /stats
// answers: no message between processes for a request.
function startPrimary(o) {
  cluster.setupPrimary({ silent: false });
  const workers = [];
  const snaps = new Map(); // worker -> its latest snapshot
  let stopping = false;

  function fork() {
    const w = cluster.fork({ MJK_SERVER_OPTIONS: JSON.stringify({ ...o, maxConnections: Math.ceil(o.maxConnections / o.workers) }) });
    w.on('error', () => {}); // a message to a worker that has just died (EPIPE): its 'exit' follows
    w.on('message', (m) => {
      if (m.type !== 'snapshot') return;
      const first = !snaps.has(w);
      snaps.set(w, m.snapshot);
      if (first) sendStats(); // a new worker has counters to answer at once
    });
    w.on('exit', () => {
      workers.splice(workers.indexOf(w), 1);
      snaps.delete(w);
      if (!stopping) workers.push(fork());
    });
    return w;
  }
  // The primary's own snapshot (memory, CPU) is part of the sum.
  function sendStats() {
    const text = JSON.stringify(combine([snapshot(makeCounters(), 0), ...snaps.values()], o.workers));
    for (const w of workers) if (w.isConnected()) w.send({ type: 'stats', text });
  }
  for (let i = 0; i < o.workers; i++) workers.push(fork());
  setInterval(sendStats, o.statsMs).unref();

  const ready = Promise.all(workers.map((w) => new Promise((resolve, reject) => {
    w.once('listening', (addr) => resolve(addr));
    w.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
  })));
  return ready.then(([addr]) => ({
    address: () => ({ address: o.host, port: addr.port }),
    shutdown: () => {
      stopping = true;
      return Promise.all(workers.map((w) => new Promise((resolve) => { w.once('exit', resolve); w.process.kill('SIGTERM'); })));
    },
  }));
}

function startWorker() {
  const o = JSON.parse(process.env.MJK_SERVER_OPTIONS);
  let text = null;
  process.on('message', (m) => { if (m.type === 'stats') text = m.text; });
  // Without its primary a worker gets no connections and its counters go
  // nowhere: it exits (Node's cluster would too; said here so that it stays so).
  process.on('disconnect', () => process.exit(0));
  cluster.worker.on('error', () => process.exit(0)); // a message the primary is not there to take (EPIPE)
  const report = (snap) => { if (process.connected) process.send({ type: 'snapshot', snapshot: snap }); };
  serve(o, { report, text: () => text }).then((s) => {
    const stop = () => s.shutdown().then(() => process.exit(0));
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  }, (e) => {
    console.error(`server.js worker: ${e.message}`);
    process.exit(1);
  });
}

module.exports = { start, answer, loadBackend, parseArgs, DEFAULTS };

if (require.main === module && cluster.isWorker) {
  startWorker();
} else if (require.main === module) {
  let args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error(`server.js: ${e.message}`);
    process.exit(2);
  }
  if (args.help) {
    console.log('usage: node server.js [--port N] [--host 127.0.0.1] [--backend mjk|majiang] [--workers N|auto]\n' +
                Object.keys(DEFAULTS).filter((k) => !['port', 'host', 'backend', 'workers'].includes(k))
                  .map((k) => `  --${k.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())} ${DEFAULTS[k]}`).join('\n'));
    process.exit(0);
  }
  (args.workers > 0 ? startPrimary(args) : start(args)).then((server) => {
    const { address, port } = server.address();
    console.log(`listening ws://${address}:${port} backend=${args.backend} workers=${processes(args.workers)}`);
    const stop = () => server.shutdown().then(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  }, (e) => {
    console.error(`server.js: ${e.message}`);
    process.exit(1);
  });
}
