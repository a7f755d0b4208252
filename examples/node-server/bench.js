#!/usr/bin/env node
'use strict';
// Latency of a polite client while hostile clients attack the server: the
// measurements the tests do not assert (a time bound on a shared host fails
// at random; the tests count answers and closes instead).
//
//   node bench.js [--scenario all|flood|stats-flood|ev-isolation|ev-flood]
//                 [--runs 3] [--seconds 5] [--flooders 22]
//
// Each scenario starts server.js on an ephemeral loopback port, runs the
// attack for --seconds while a polite client sends one request at a time
// (waiting for each reply, checking it), and is run --runs times. Prints one
// JSON line a run (the polite client's replies and p50/p99/max in ms, the
// server's counters) and one a scenario: the medians over its runs.
//
//   flood         two clients each writing 150,000 plain requests, never reading
//   stats-flood   --workers 2, four clients pipelining GET /stats without reading
//   ev-isolation  one client keeping 8 ev searches (~70,000 vertices) in flight;
//                 the polite client's requests are plain hands
//   ev-flood      --flooders clients writing ev requests (8,552 vertices each),
//                 never reading; the polite client's requests are ev requests
//                 of ~50 vertices
const mjk = require('../../bindings/node');
const { startServer, stopServer, stats, sleep, frame, rawClient, connect, askOn, politeClient, statsFlooder } = require('./test/helpers');

const HAND = '123m456p789s11z23s 1s';
const WIDE = { hand_change: true, shanten_back: true };
const SLOW = JSON.stringify({ hand: '3368m16679p2578s7z', ev: WIDE });
const FLOODER_EV = JSON.stringify({ hand: '3368m166789p578s7z', ev: WIDE });
const CHEAP_EV = JSON.stringify({ hand: '2346m456p789s1355z', ev: {} });
const capped = (line) => { const r = JSON.parse(line); return JSON.stringify({ ...r, ev: { ...r.ev, max_vertices: 200000 } }); };

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.floor((s.length - 1) / 2)] : null; };
const round = (x) => (x === null || x === undefined ? null : Number(x.toFixed(1)));

// The polite client of each scenario, sending `line` and expecting the
// library's answer to it, while attack(server, keepGoing) runs.
async function measure({ args = [], line, want, attack }, seconds) {
  const server = await startServer(['--stats-ms', '250', ...args]);
  try {
    const polite = await politeClient(server, line, JSON.stringify(JSON.parse(want)), { replyMs: 120000 });
    const until = performance.now() + seconds * 1000;
    const keepGoing = () => performance.now() < until;
    await attack(server, keepGoing);
    const lat = await polite.stop();
    const s = await stats(server).catch(() => null);
    return { replies: lat.count, p50_ms: round(lat.p50), p99_ms: round(lat.p99), max_ms: round(lat.max),
      server: s && { messages: s.messages, rejected: s.rejected, ev: s.ev, closed: s.closed } };
  } finally {
    await stopServer(server);
  }
}

function floodPlain(server, keepGoing) {
  const one = frame(HAND);
  const chunk = Buffer.concat(Array(1000).fill(one));
  return Promise.all([0, 1].map(async () => {
    const c = await rawClient(server, { read: false });
    for (let i = 0; i < 150; i++) c.socket.write(chunk);
    while (keepGoing()) await sleep(100);
    c.socket.destroy();
  }));
}

async function evBusy(server, keepGoing) {
  const busy = await connect(server);
  busy.on('message', () => { if (busy.readyState === 1 && keepGoing()) busy.send(SLOW); });
  for (let i = 0; i < 8; i++) busy.send(SLOW);
  while (keepGoing()) await sleep(100);
  busy.terminate();
}

function evFlood(flooders) {
  return (server, keepGoing) => Promise.all(Array.from({ length: flooders }, async () => {
    const c = await rawClient(server, { read: false });
    const burst = Buffer.concat(Array(50).fill(frame(FLOODER_EV)));
    c.socket.write(Buffer.concat(Array(6).fill(burst)));
    while (keepGoing() && !c.socket.destroyed) { c.socket.write(burst); await sleep(100); }
    c.socket.destroy();
  }));
}

const SCENARIOS = {
  flood: () => ({ line: HAND, want: mjk.analyseLine(HAND), attack: floodPlain }),
  'stats-flood': () => ({ args: ['--workers', '2'], line: HAND, want: mjk.analyseLine(HAND),
    attack: (server, keepGoing) => Promise.all([0, 1, 2, 3].map(() => statsFlooder(server, keepGoing))) }),
  'ev-isolation': () => ({ line: HAND, want: mjk.analyseLine(HAND), attack: evBusy }),
  'ev-flood': (o) => ({ line: CHEAP_EV, want: mjk.analyseLines([capped(CHEAP_EV)])[0], attack: evFlood(o.flooders) }),
};

function parseArgs(argv) {
  const o = { scenario: 'all', runs: 3, seconds: 5, flooders: 22 };
  for (let i = 0; i < argv.length; i += 2) {
    const k = argv[i].replace(/^--/, '');
    if (!(k in o) || argv[i + 1] === undefined) throw new Error(`unknown argument or no value: ${argv[i]}`);
    o[k] = k === 'scenario' ? argv[i + 1] : Number(argv[i + 1]);
  }
  if (o.scenario !== 'all' && !SCENARIOS[o.scenario]) throw new Error(`--scenario: one of all, ${Object.keys(SCENARIOS).join(', ')}`);
  if (!(o.runs >= 1 && o.runs <= 20 && o.seconds > 0 && o.seconds <= 60 && o.flooders >= 1 && o.flooders <= 200))
    throw new Error('bounds: --runs 1..20, --seconds up to 60, --flooders 1..200');
  return o;
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  for (const name of o.scenario === 'all' ? Object.keys(SCENARIOS) : [o.scenario]) {
    const runs = [];
    for (let r = 0; r < o.runs; r++) {
      const result = await measure(SCENARIOS[name](o), o.seconds);
      runs.push(result);
      console.log(JSON.stringify({ scenario: name, run: r + 1, ...result }));
    }
    console.log(JSON.stringify({ scenario: name, runs: o.runs, median: {
      replies: median(runs.map((x) => x.replies)), p50_ms: median(runs.map((x) => x.p50_ms)),
      p99_ms: median(runs.map((x) => x.p99_ms)), max_ms: median(runs.map((x) => x.max_ms)) } }));
  }
}

if (require.main === module) {
  main().catch((e) => {
    console.error(`bench.js: ${e.message}`);
    process.exit(1);
  });
}

module.exports = { SCENARIOS, measure };
