'use strict';
// Shared by the server tests: a server child process on an ephemeral loopback
// port, raw WebSocket clients that misbehave at the byte level, the server's
// resident memory read from /proc, a well-behaved client checking its replies.
//
// MJK_TEST_SERVER=path runs the tests against another server script (e.g.
// an older server.js, to check that the tests catch its defects).
const path = require('node:path');
const fs = require('node:fs');
const net = require('node:net');
const crypto = require('node:crypto');
const { spawn } = require('node:child_process');
const WebSocket = require('ws');

const SERVER = process.env.MJK_TEST_SERVER ? path.resolve(process.env.MJK_TEST_SERVER) : path.join(__dirname, '..', 'server.js');

function startServer(args = []) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SERVER, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let buf = '';
    child.stdout.on('data', (d) => {
      buf += d;
      const m = buf.match(/listening (ws:\/\/127\.0\.0\.1:(\d+)) backend=(\w+)(?: workers=(\d+))?/);
      if (m) resolve({ child, pid: child.pid, url: m[1], port: Number(m[2]), backend: m[3], workers: m[4] === undefined ? null : Number(m[4]) });
    });
    child.on('exit', (code) => reject(new Error(`server exited early with ${code}`)));
  });
}

// SIGTERM, then {code, signal} once it has exited (SIGKILL after ms).
function stopServer(server, ms = 10000) {
  return new Promise((resolve) => {
    server.child.removeAllListeners('exit');
    if (server.child.exitCode !== null || server.child.signalCode !== null)
      return resolve({ code: server.child.exitCode, signal: server.child.signalCode });
    const kill = setTimeout(() => server.child.kill('SIGKILL'), ms);
    server.child.on('exit', (code, signal) => { clearTimeout(kill); resolve({ code, signal }); });
    server.child.kill('SIGTERM');
  });
}

// Resident memory of a process in bytes (VmRSS).
function rssOf(pid) {
  const m = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return Number(m[1]) * 1024;
}

// The child processes of pid (a --workers server's workers).
function childrenOf(pid) {
  return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
}

// Whether pid is a running process (a zombie, exited but not reaped, is not).
function isRunning(pid) {
  try {
    return !/^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

async function stats(server) {
  const res = await fetch(`http://127.0.0.1:${server.port}/stats`);
  if (!res.ok) throw new Error(`GET /stats: ${res.status}`);
  return res.json();
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// A client frame (masked, as RFC 6455 requires of clients).
function frame(payload, { opcode = 1, fin = true, mask = true, length } = {}) {
  const data = Buffer.from(payload);
  const n = length === undefined ? data.length : length;
  const head = [(fin ? 0x80 : 0) | opcode];
  let ext = Buffer.alloc(0);
  if (n < 126) head.push((mask ? 0x80 : 0) | n);
  else if (n < 65536) { head.push((mask ? 0x80 : 0) | 126); ext = Buffer.alloc(2); ext.writeUInt16BE(n); }
  else { head.push((mask ? 0x80 : 0) | 127); ext = Buffer.alloc(8); ext.writeBigUInt64BE(BigInt(n)); }
  if (!mask) return Buffer.concat([Buffer.from(head), ext, data]);
  const key = crypto.randomBytes(4);
  const body = Buffer.from(data.map((b, i) => b ^ key[i % 4]));
  return Buffer.concat([Buffer.from(head), ext, key, body]);
}

// A TCP connection that has done the WebSocket handshake and then does what
// the test says at the byte level. Resolves with the socket and `closed`
// (resolves on close). read: false leaves the socket paused after the
// handshake: it reads nothing, so it also never sees the server close it.
function rawClient(server, { handshake = true, read = true } = {}) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, '127.0.0.1');
    const closed = new Promise((r) => socket.once('close', r));
    socket.on('error', () => {});
    socket.once('connect', () => {
      if (!handshake) {
        socket.on('data', () => {});
        return resolve({ socket, closed });
      }
      socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
                   `Sec-WebSocket-Key: ${crypto.randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`);
      let head = '';
      const onData = (d) => {
        head += d.toString('latin1');
        if (!head.includes('\r\n\r\n')) return;
        socket.off('data', onData);
        if (read) socket.on('data', () => {}); else socket.pause();
        if (!head.startsWith('HTTP/1.1 101')) return reject(new Error(`handshake refused: ${head.split('\r\n')[0]}`));
        resolve({ socket, closed });
      };
      socket.on('data', onData);
    });
    socket.once('close', () => reject(new Error('closed during the handshake')));
  });
}

function connect(server) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(server.url, { perMessageDeflate: false });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

// Sends the messages on one open connection; resolves with the parsed replies.
function askOn(ws, messages, ms = 10000) {
  return new Promise((resolve, reject) => {
    const replies = [];
    const timer = setTimeout(() => { ws.off('message', onMessage); reject(new Error(`${replies.length}/${messages.length} replies after ${ms} ms`)); }, ms);
    const onMessage = (data) => {
      replies.push(JSON.parse(data.toString()));
      if (replies.length === messages.length) {
        clearTimeout(timer);
        ws.off('message', onMessage);
        resolve(replies);
      }
    };
    ws.on('message', onMessage);
    for (const m of messages) ws.send(m);
  });
}

async function ask(server, messages, ms) {
  const ws = await connect(server);
  try {
    return await askOn(ws, messages, ms);
  } finally {
    ws.terminate();
  }
}

// A well-behaved client: one request at a time in a closed loop, checking
// every reply against `expected`, until stop(); then {count, p50, p99, max}
// (the latencies in ms are for the benchmark, bench.js: the tests count
// replies). served(n) resolves once n replies have come. A reply not come
// within replyMs is a failure: a server that stopped answering, not a slow one.
async function politeClient(server, hand, expected, { replyMs = 30000 } = {}) {
  const ws = await connect(server);
  const latencies = [];
  let stopping = false;
  let failure = null;
  const waiters = [];
  const done = (async () => {
    while (!stopping && !failure) {
      const t = performance.now();
      try {
        const [reply] = await askOn(ws, [hand], replyMs);
        if (JSON.stringify(reply) !== expected) failure = new Error(`wrong reply: ${JSON.stringify(reply)}`);
      } catch (e) {
        failure = e;
      }
      latencies.push(performance.now() - t);
      for (const w of waiters.splice(0)) if (failure || latencies.length >= w.n) w.resolve(); else waiters.push(w);
      await sleep(5);
    }
    for (const w of waiters.splice(0)) w.resolve();
  })();
  return {
    count: () => latencies.length,
    served: (n) => (latencies.length >= n || failure ? Promise.resolve() : new Promise((resolve) => waiters.push({ n, resolve }))),
    async stop() {
      stopping = true;
      await done;
      ws.terminate();
      if (failure) throw failure;
      const s = latencies.sort((a, b) => a - b);
      const at = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
      return { count: s.length, p50: at(0.5), p99: at(0.99), max: s[s.length - 1] };
    },
  };
}

// Samples the server's resident memory every `ms` until stop() -> peak bytes.
function watchMemory(server, ms = 50) {
  let peak = rssOf(server.pid);
  const timer = setInterval(() => { try { peak = Math.max(peak, rssOf(server.pid)); } catch { /* exited */ } }, ms);
  return { stop: () => { clearInterval(timer); return peak; }, peak: () => peak };
}

// Polls GET /stats until test(stats) holds or ms have passed; resolves with
// the last stats, or null if the server has no /stats.
async function statsWhen(server, test, ms) {
  const until = performance.now() + ms;
  let last = null;
  while (performance.now() < until) {
    try { last = await stats(server); } catch { last = null; }
    if (last && test(last)) break;
    await sleep(200);
  }
  return last;
}

const STATS_REQUEST = 'GET /stats HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';

// One client pipelining GET /stats without reading its answers, on a new
// connection each time the server closes one, until keepGoing() is false
// (and at most `connections` connections).
async function statsFlooder(server, keepGoing, connections = 5000) {
  const chunk = Buffer.from(STATS_REQUEST.repeat(1000));
  let opened = 0;
  while (keepGoing() && opened++ < connections) {
    const socket = net.connect(server.port, '127.0.0.1');
    socket.on('error', () => {});
    socket.pause();
    await new Promise((resolve) => {
      const stop = setInterval(() => { if (!keepGoing()) socket.destroy(); }, 100);
      socket.once('close', () => { clearInterval(stop); resolve(); });
      // 1,000 requests every 10 ms, or once the kernel has taken the last
      // ones: paced so that this process's writing leaves the polite client
      // (also in this process) its share of the CPU.
      const pump = () => {
        if (!keepGoing() || socket.destroyed) return socket.destroy();
        if (socket.write(chunk)) setTimeout(pump, 10);
        else socket.once('drain', pump);
      };
      socket.once('connect', pump);
    });
  }
  return opened;
}

module.exports = {
  SERVER, statsWhen, startServer, stopServer, rssOf, childrenOf, isRunning, stats, sleep, frame, rawClient, connect, askOn, ask, politeClient, watchMemory,
  STATS_REQUEST, statsFlooder,
};
