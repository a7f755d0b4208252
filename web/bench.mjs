// mjk's WebAssembly build timed in Node against the native CLI and against
// majiang-core (@kobalab/majiang-core, the JavaScript library players' tools
// use), on the same fixed-seed hands. Every answer is checked first, then timed.
//   node web/bench.mjs [hands]        (after cmake --build --preset wasm; cd web && npm ci)
// MJK_SITE (default build/wasm/web), MJK_NATIVE_CLI (default build/release/cli/mjk).
import {execFileSync, spawnSync} from 'node:child_process';
import {existsSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import {dirname, join, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import {deal} from './test/deal.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const site = resolve(process.env.MJK_SITE ?? join(here, '../build/wasm/web'));
const native = resolve(process.env.MJK_NATIVE_CLI ?? join(here, '../build/release/cli/mjk'));
const hands = Number(process.argv[2] ?? 20000);

const mjk = await import(join(site, 'mjk.mjs'));
await mjk.init();
let Majiang = null;
try {
  Majiang = createRequire(import.meta.url)('@kobalab/majiang-core');
} catch {
  console.log('note: @kobalab/majiang-core is not installed (cd web && npm ci): its rows are left out');
}

const SUITS = [['m', 0, 9], ['p', 9, 9], ['s', 18, 9], ['z', 27, 7]];
const digits = (row, base, kinds) => { let d = ''; for (let k = 0; k < kinds; ++k) d += String(k + 1).repeat(row[base + k]); return d; };
const mpsz = row => SUITS.map(([s, b, k]) => { const d = digits(row, b, k); return d ? d + s : ''; }).join('');
const majiangText = row => SUITS.map(([s, b, k]) => { const d = digits(row, b, k); return d ? s + d : ''; }).join('');

function time(fn, minMs = 300) {
  fn();  // warm
  let runs = 0;
  const t0 = performance.now();
  let t = t0;
  while (t - t0 < minMs) { fn(); ++runs; t = performance.now(); }
  return (t - t0) / runs;
}

const table = [];
const row = (what, impl, msTotal, n) => table.push({what, impl, perHandUs: (msTotal * 1000 / n).toFixed(2),
                                                    handsPerS: Math.round(n / (msTotal / 1000)).toLocaleString('en')});

for (const size of [13, 14]) {
  const rows = deal(hands, size, size);
  const lines = Array.from({length: hands}, (_, i) => mpsz(rows.subarray(i * 34, i * 34 + 34)));

  // Verify: batch shanten = analyse's; majiang-core's shanten = mjk's.
  const batch = mjk.shanten(rows);
  const answers = lines.map(l => mjk.analyse(l));
  for (let i = 0; i < hands; ++i)
    if (batch.best[i] !== answers[i].shanten) throw new Error(`batch shanten differs from analyse on ${lines[i]}`);
  let majiangShoupai = null;
  if (Majiang) {
    majiangShoupai = Array.from({length: hands}, (_, i) => Majiang.Shoupai.fromString(majiangText(rows.subarray(i * 34, i * 34 + 34))));
    let differ = 0;
    for (let i = 0; i < hands; ++i) if (Majiang.Util.xiangting(majiangShoupai[i]) !== batch.best[i]) ++differ;
    if (differ) throw new Error(`majiang-core's shanten differs from mjk's on ${differ} of ${hands} hands`);
  }

  row(`${size} tiles: analyse (the page's call: the whole --json object)`, 'mjk wasm', time(() => { for (const l of lines) mjk.analyseJson(l); }), hands);
  row(`${size} tiles: shanten`, 'mjk wasm batch', time(() => mjk.shanten(rows)), hands);
  if (Majiang) row(`${size} tiles: shanten`, 'majiang-core xiangting', time(() => { for (const s of majiangShoupai) Majiang.Util.xiangting(s); }), hands);
  if (size === 13) {
    const waits = mjk.waits(rows);
    if (Majiang) {  // the same waits (majiang-core also lists a kind held four times; mjk never does)
      const kindOf = t => 'mpsz'.indexOf(t[0]) * 9 + Number(t[1]) - 1;
      for (let i = 0; i < hands; ++i) {
        if (batch.best[i] !== 0) continue;
        const ours = []; for (let k = 0; k < 34; ++k) if (waits.waits[i * 34 + k]) ours.push(k);
        const theirs = Majiang.Util.tingpai(majiangShoupai[i]).map(kindOf).filter(k => rows[i * 34 + k] < 4);
        if (ours.join() !== theirs.join()) throw new Error(`majiang-core's waits differ from mjk's on ${lines[i]}`);
      }
    }
    row(`${size} tiles: waits`, 'mjk wasm batch', time(() => mjk.waits(rows)), hands);
    if (Majiang) row(`${size} tiles: waits`, 'majiang-core tingpai', time(() => { for (const s of majiangShoupai) Majiang.Util.tingpai(s); }), hands);
  }

  if (existsSync(native)) {
    const dir = mkdtempSync(join(tmpdir(), 'mjk-bench-'));
    try {
      const file = join(dir, 'hands.txt');
      writeFileSync(file, lines.join('\n') + '\n');
      // Verify: the native answers are the wasm's, line for line.
      const out = execFileSync(native, ['--json'], {input: lines.join('\n') + '\n', encoding: 'utf8', maxBuffer: 1 << 30}).trim().split('\n');
      for (let i = 0; i < hands; ++i)
        if (out[i] !== mjk.analyseJson(lines[i])) throw new Error(`native and wasm answers differ on ${lines[i]}`);
      let best = Infinity;
      for (let r = 0; r < 3; ++r) {
        const run = spawnSync('bash', ['-c', `TIMEFORMAT='%R %U %S'; time ("$0" --json < "$1" > /dev/null)`, native, file],
                              {encoding: 'utf8'});
        best = Math.min(best, Number(run.stderr.trim().split(/\s+/)[0]) * 1000);
      }
      row(`${size} tiles: analyse (the whole --json object)`, 'mjk native CLI (time, wall)', best, hands);
    } finally {
      rmSync(dir, {recursive: true});
    }
  } else if (size === 13) {
    console.log(`note: no native mjk at ${native}: its rows are left out`);
  }
}

console.log(`mjk ${mjk.version()} (${mjk.implementation()} kernel, wasm SIMD128), Node ${process.version}, ${hands} hands of each size, fixed seed; answers checked before timing`);
console.log('| what | implementation | µs per hand | hands/s |');
console.log('|---|---|---:|---:|');
for (const r of table) console.log(`| ${r.what} | ${r.impl} | ${r.perHandUs} | ${r.handsPerS} |`);
