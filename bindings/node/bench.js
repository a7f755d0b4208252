#!/usr/bin/env node
'use strict';
// Node batch throughput, per hand:
//   node bindings/node/bench.js [--rows 1000000] [--repeat 5]
// Times waits (and isAgari, shanten where present) on --rows random closed
// hands dealt from the 136-tile wall (fixed seed), the median of --repeat
// runs, with new typed arrays per call and with `out` arrays reused across
// calls (as the C++ benchmark reuses its output). Times are process CPU
// time, as Google Benchmark reports. Prints one line per case and, with
// --json, one JSON object.
const mjk = require('.');

const args = { rows: 1000000, repeat: 5, json: false };
for (let i = 2; i < process.argv.length; i++) {
  const a = process.argv[i];
  if (a === '--json') args.json = true;
  else if (a === '--rows' || a === '--repeat') args[a.slice(2)] = Number(process.argv[++i]);
  else { console.error(`bench.js: unknown argument ${a}`); process.exit(2); }
}

function deal(n, tiles, seed) {
  let x = seed >>> 0 || 1;
  const rand = (m) => {
    x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0;
    return x % m;
  };
  const rows = new Uint8Array(n * 34);
  const wall = new Uint8Array(136);
  for (let h = 0; h < n; h++) {
    for (let k = 0; k < 136; k++) wall[k] = k >> 2;
    for (let i = 0; i < tiles; i++) {
      const j = i + rand(136 - i);
      const t = wall[i]; wall[i] = wall[j]; wall[j] = t;
      rows[h * 34 + wall[i]]++;
    }
  }
  return rows;
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function time(fn, repeat) {
  fn();
  const ts = [];
  for (let r = 0; r < repeat; r++) {
    const t0 = process.cpuUsage();
    fn();
    const d = process.cpuUsage(t0);
    ts.push((d.user + d.system) / 1e6);
  }
  return median(ts);
}

const r13 = deal(args.rows, 13, 13), r14 = deal(args.rows, 14, 14);
const cases = [['waits', r13], ['isAgari', r14]];
if (mjk.shanten) cases.push(['shanten', r13]);
const results = { implementation: mjk.implementation(), rows: args.rows };
for (const [name, rows] of cases) {
  const fn = mjk[name];
  const t = time(() => fn(rows), args.repeat);
  results[name] = { ns_per_hand: (t / args.rows) * 1e9, hands_per_s: args.rows / t };
  if (name !== 'shanten') {
    const out = fn(rows);
    const tr = time(() => fn(rows, { out }), args.repeat);
    results[name + '_out'] = { ns_per_hand: (tr / args.rows) * 1e9, hands_per_s: args.rows / tr };
  }
}
if (args.json) {
  console.log(JSON.stringify(results));
} else {
  console.log(`mjk (node ${process.version}), implementation ${results.implementation}, ${args.rows} rows, median of ${args.repeat}`);
  for (const [name] of cases)
    for (const [key, how] of [[name, 'new arrays'], [name + '_out', 'out reused']]) {
      const r = results[key];
      if (r) console.log(`  node ${name.padEnd(8)} ${how.padEnd(11)} ${r.ns_per_hand.toFixed(1).padStart(7)} ns/hand  ${(r.hands_per_s / 1e6).toFixed(2).padStart(7)} M hands/s`);
    }
}
