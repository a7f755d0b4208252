#!/usr/bin/env node
'use strict';
// Node batch throughput, per hand:
//   node bindings/node/bench.js [--rows 1000000] [--repeat 5] [--score-lines FILE [--each-win-hands 2000]]
// Times waits, isAgari and shanten on --rows random closed
// hands dealt from the 136-tile wall (fixed seed), the median of --repeat
// runs, with new typed arrays per call and with `out` arrays reused across
// calls (as the C++ benchmark reuses its output). Times are process CPU
// time, as Google Benchmark reports. Prints one line per case and, with
// --json, one JSON object. With --score-lines FILE (JSON request lines, e.g.
// `build/release/bench/mjk_score_lines 100000 > wins.jsonl`) it also times,
// on the first --each-win-hands of those wins without their "win" (waiting
// hands), scoreEachWin per hand against scoring the 34 wins one by one (one
// scoreMany call of 34 lines per hand, the fastest way without it).
const fs = require('node:fs');
const mjk = require('.');

const args = { rows: 1000000, repeat: 5, json: false, scoreLines: null, eachWinHands: 2000 };
for (let i = 2; i < process.argv.length; i++) {
  const a = process.argv[i];
  if (a === '--json') args.json = true;
  else if (a === '--rows' || a === '--repeat') args[a.slice(2)] = Number(process.argv[++i]);
  else if (a === '--score-lines') args.scoreLines = process.argv[++i];
  else if (a === '--each-win-hands') args.eachWinHands = Number(process.argv[++i]);
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
const cases = [['waits', r13], ['isAgari', r14], ['shanten', r13]];
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
const eachWin = [];
if (args.scoreLines) {
  const waiting = fs.readFileSync(args.scoreLines, 'utf8').split('\n').filter(Boolean).slice(0, args.eachWinHands)
    .map((line) => { const r = JSON.parse(line); delete r.win; return r; });
  const tiles = Array.from({ length: 34 }, (_, k) => mjk.tileName(k));
  const byTile = waiting.map((r) => tiles.map((t) => JSON.stringify({ ...r, win: t })));
  const lines = waiting.map((r) => JSON.stringify(r));
  for (const [name, how, fn] of [
    ['scoreEachWin', 'scoreEachWin', () => { for (const l of lines) mjk.scoreEachWin(l); }],
    ['scoreMany_34', 'scoreMany of 34 wins', () => { for (const ls of byTile) mjk.scoreMany(ls, { errors: 'return' }); }],
  ]) {
    const t = time(fn, args.repeat);
    results[name] = { hands: lines.length, us_per_hand: (t / lines.length) * 1e6 };
    eachWin.push([name, how]);
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
  for (const [name, how] of eachWin) {
    const r = results[name];
    console.log(`  node ${how.padEnd(20)} ${r.hands} waiting hands ${r.us_per_hand.toFixed(1).padStart(8)} us/hand`);
  }
}
