#!/usr/bin/env node
'use strict';
// Load test of server.js on the loopback interface only, bounded in time and
// in count:
//
//   node loadtest.js [--backend mjk|majiang] [--clients 1000] [--messages 200000]
//                    [--seconds 20] [--workers 0] [--url ws://127.0.0.1:PORT]
//                    [--pid PID] [--sources 1]
//
// Without --url it starts `server.js --port 0 --backend B --workers W` as a
// child process and stops it at the end. --clients WebSocket clients connect
// (from --sources local addresses 127.0.0.1, .2, ...: each address has ~28k
// ports), then each sends a hand, waits for the reply and sends the next
// (closed loop) until --messages replies in all or --seconds have passed,
// whichever comes first. Hands are random 13- and 14-tile closed hands from a
// fixed seed (plain mpsz text). Prints one JSON line: messages/s, p50/p99/max
// latency in ms as the clients see it, and the server's CPU time per reply
// over the run: from its GET /stats (all its processes, per reply it
// counted), or for a server without it from /proc/PID/stat (--pid; user +
// system of that process, per reply received).
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const WebSocket = require('ws');

const DEFAULTS = { backend: 'mjk', clients: 1000, messages: 200000, seconds: 20, url: null, hands: 4096, workers: 0, pid: 0, sources: 1 };

function parseArgs(argv) {
  const a = { ...DEFAULTS };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i].replace(/^--/, '');
    if (!(k in a)) throw new Error(`unknown argument ${argv[i]}`);
    const v = argv[++i];
    if (v === undefined) throw new Error(`${argv[i - 1]} needs a value`);
    a[k] = typeof a[k] === 'number' ? Number(v) : v;
  }
  for (const k of ['clients', 'messages', 'seconds', 'hands'])
    if (!(a[k] > 0)) throw new Error(`--${k} must be positive`);
  if (a.clients > 20000 || a.messages > 10000000 || a.seconds > 600 || a.sources > 250)
    throw new Error('bounds: at most 20000 clients, 10^7 messages, 600 s, 250 source addresses');
  if (a.url) {
    const u = new URL(a.url);
    if (!['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname)) throw new Error('--url must be a loopback address');
  }
  return a;
}

// Deterministic random hands (xorshift32), drawn from the 136-tile wall.
function makeHands(count, seed = 12345) {
  let x = seed >>> 0;
  const rand = (n) => {
    x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0;
    return x % n;
  };
  const hands = [];
  for (let h = 0; h < count; h++) {
    const wall = [];
    for (let k = 0; k < 34; k++) for (let c = 0; c < 4; c++) wall.push(k);
    const n = h % 2 ? 13 : 14;
    const counts = new Array(34).fill(0);
    for (let i = 0; i < n; i++) {
      const j = i + rand(wall.length - i);
      [wall[i], wall[j]] = [wall[j], wall[i]];
      counts[wall[i]]++;
    }
    let text = '';
    for (const [s, suit] of ['m', 'p', 's', 'z'].entries()) {
      let digits = '';
      for (let d = 0; d < (suit === 'z' ? 7 : 9); d++) digits += String(d + 1).repeat(counts[s * 9 + d]);
      if (digits) text += digits + suit;
    }
    hands.push(text);
  }
  return hands;
}

function startServer({ backend, workers, clients }) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(__dirname, 'server.js'), '--port', '0', '--backend', backend,
                                           '--workers', String(workers), '--max-connections', String(clients + 64), '--stats-ms', '250'],
                        { stdio: ['ignore', 'pipe', 'inherit'] });
    let buf = '';
    child.stdout.on('data', (d) => {
      buf += d;
      const m = buf.match(/listening (ws:\/\/\S+)/);
      if (m) resolve({ child, url: m[1] });
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

// The server's CPU time so far in microseconds and the replies it has sent
// (null if they cannot be read): from /proc/PID/stat (CPU only), or from
// GET /stats, whose counters are gathered every --stats-ms: polled (at most
// 4 s, 4 a second) until ready(stats) holds.
async function serverCounters(url, pid, ready = () => true) {
  if (pid) {
    try {
      const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return { cpuUs: (Number(f[11]) + Number(f[12])) * 1e6 / 100, messages: null }; // utime, stime in clock ticks (USER_HZ 100)
    } catch { return null; }
  }
  let last = null;
  for (const until = Date.now() + 4000; Date.now() < until; await new Promise((r) => setTimeout(r, 250))) {
    try {
      const res = await fetch(url.replace(/^ws/, 'http').replace(/\/?$/, '/stats'));
      if (!res.ok) continue;
      const s = await res.json();
      last = { cpuUs: s.cpu_us.user + s.cpu_us.system, messages: s.messages, clients: s.clients };
      if (ready(last)) break;
    } catch { /* not a server with GET /stats */ return null; }
  }
  return last;
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

async function run(options) {
  const args = { ...DEFAULTS, ...options };
  const server = args.url ? null : await startServer(args);
  try {
    return await measure(args, server);
  } finally {
    if (server) server.child.kill('SIGTERM'); // also when a client fails to connect
  }
}

async function measure(args, server) {
  const hands = makeHands(args.hands);
  const url = args.url || server.url;
  const pid = args.pid || 0;
  const latencies = new Float64Array(args.messages);
  let sent = 0, received = 0, errors = 0, stopped = false;
  const sockets = [];

  await Promise.all(Array.from({ length: args.clients }, (_, i) => new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false, localAddress: `127.0.0.${1 + (i % args.sources)}` });
    ws.once('open', () => resolve());
    ws.once('error', reject);
    sockets.push(ws);
  })));

  const before = await serverCounters(url, pid, (s) => s.clients >= args.clients);
  const t0 = process.hrtime.bigint();
  const deadline = t0 + BigInt(Math.round(args.seconds * 1e9));
  await new Promise((done) => {
    let active = sockets.length;
    const finish = () => { if (--active === 0) done(); };
    for (const [c, ws] of sockets.entries()) {
      let started = 0n;
      const next = () => {
        if (stopped || sent >= args.messages || process.hrtime.bigint() >= deadline) {
          stopped = true;
          return finish();
        }
        started = process.hrtime.bigint();
        ws.send(hands[(sent++ + c) % hands.length]);
      };
      ws.on('message', (data) => {
        const t = process.hrtime.bigint();
        if (received < latencies.length) latencies[received] = Number(t - started) / 1e6;
        received++;
        if (data.toString().includes('"error"')) errors++;
        next();
      });
      ws.on('close', () => { if (!stopped) { stopped = true; } });
      next();
    }
  });
  const elapsed = Number(process.hrtime.bigint() - t0) / 1e9;
  const after = await serverCounters(url, pid, (s) => s.messages >= (before?.messages ?? 0) + received);
  // Per reply the server counted between the two readings: both from the
  // same gathering of each process's counters, however old.
  const cpuPerMessage = before === null || after === null ? null
    : (after.cpuUs - before.cpuUs) / (after.messages === null ? received : after.messages - before.messages);
  for (const ws of sockets) ws.terminate();

  const lat = Array.from(latencies.subarray(0, Math.min(received, latencies.length))).sort((a, b) => a - b);
  return {
    backend: args.url ? 'external' : args.backend,
    clients: args.clients,
    messages: received,
    errors,
    seconds: Number(elapsed.toFixed(3)),
    messages_per_s: Math.round(received / elapsed),
    p50_ms: Number(percentile(lat, 0.5).toFixed(3)),
    p99_ms: Number(percentile(lat, 0.99).toFixed(3)),
    max_ms: Number(lat[lat.length - 1].toFixed(3)),
    server_cpu_us_per_message: cpuPerMessage === null ? null : Number(cpuPerMessage.toFixed(2)),
    messages_per_server_cpu_s: cpuPerMessage === null ? null : Math.round(1e6 / cpuPerMessage),
  };
}

if (require.main === module) {
  let args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error(`loadtest.js: ${e.message}`);
    process.exit(2);
  }
  run(args).then((r) => console.log(JSON.stringify(r)), (e) => {
    console.error(`loadtest.js: ${e.message}`);
    process.exit(1);
  });
}

module.exports = { makeHands, run };
