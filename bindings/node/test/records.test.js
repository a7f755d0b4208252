'use strict';
// Game records from Node: mjk.readLog against `mjk log --json` field by field
// over every record of ../shared/data/logs, its errors (records it cannot
// read, records breaking the rules, wrong arguments), and mjk.corpusStats
// against `mjk log --stats --json`. The records are public data, never in
// the repository: read from MJK_SHARED_DATA_DIR (default ../shared/data beside
// the repository); the tests that need them skip, saying why, when absent.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const mjk = require('..');

const DATA = process.env.MJK_SHARED_DATA_DIR || path.resolve(__dirname, '..', '..', '..', '..', 'shared', 'data');
const LOGS = path.join(DATA, 'logs');
const CLI = process.env.MJK_CLI;
const noLogs = fs.existsSync(LOGS) ? false : `no game records at ${LOGS} (public data, never in the repository)`;
const noCli = CLI ? false : 'MJK_CLI (the mjk tool) not given';
const mjlogs = () => fs.readdirSync(path.join(LOGS, 'tenhou-mjlog')).sort().map((f) => path.join(LOGS, 'tenhou-mjlog', f));

// mpsz text ("123m0p11z", red fives as 0) -> 34 counts; the test's own reader.
function counts(text) {
  const c = new Array(34).fill(0);
  let digits = [];
  for (const ch of text) {
    if (ch >= '0' && ch <= '9') digits.push(ch === '0' ? 5 : Number(ch));
    else {
      const base = { m: 0, p: 9, s: 18, z: 27 }[ch];
      assert.notEqual(base, undefined, `unexpected ${ch} in ${text}`);
      for (const d of digits) ++c[base + d - 1];
      digits = [];
    }
  }
  assert.deepEqual(digits, [], `digits without a suit in ${text}`);
  return c;
}
// The red fives (written 0) of an mpsz string, by suit (m, p, s).
const reds = (text) => ['m', 'p', 's'].map((s) => (text.match(new RegExp(`(\\d*)${s}`)) || ['', ''])[1].split('0').length - 1);
const kindOf = (name) => counts(name).indexOf(1);
const meldCounts = (melds) => {
  const c = new Array(34).fill(0);
  for (const m of melds) counts(m.tiles).forEach((n, k) => { c[k] += n; });
  return c;
};

function cliLines(args) {
  const r = spawnSync(CLI, ['log', ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
  assert.equal(r.error, undefined);
  assert.ok(r.status === 0 || r.status === 1, `mjk log ${args.join(' ')}: status ${r.status}: ${r.stderr}`);
  return r.stdout.split('\n').filter((l) => l).map((l) => JSON.parse(l));
}

test('readLog: one object per discard, describing it', { skip: noLogs }, () => {
  const r = mjk.readLog(mjlogs()[0]);
  assert.equal(r.format, 'mjlog');
  assert.equal(r.players, 4);
  assert.equal(r.error, null);
  assert.deepEqual(r.disagreements, []);
  const n = r.decisions.length;
  assert.ok(n > 100);
  const seats = new Set();
  r.decisions.forEach((d, i) => {
    for (const key of ['hand', 'visible', 'melds', 'dora']) {
      assert.ok(d[key] instanceof Uint8Array && d[key].length === 34, key);
      // Every row of a field is a view of one buffer, in decision order: the n x 34 matrix.
      assert.equal(d[key].buffer, r.decisions[0][key].buffer);
      assert.equal(d[key].byteOffset, 34 * i);
    }
    const inHand = d.hand.reduce((a, b) => a + b, 0);
    assert.equal(inHand % 3, 2);
    assert.ok(d.hand[d.discard] > 0, `decision ${i}: the discard is held`);
    for (let k = 0; k < 34; k++) assert.ok(d.hand[k] + d.visible[k] + d.melds[k] + d.dora[k] <= 4, `decision ${i}, kind ${k}`);
    assert.equal(d.round, r.rounds[d.roundIndex]);
    assert.ok(d.reviewed);
    // The chosen discard is among the best exactly when it keeps the best shanten and ukeire.
    const chosenBest = d.shantenAfter === d.bestShanten && d.ukeire === d.bestUkeire;
    assert.equal(d.best.includes(d.discard), chosenBest, `decision ${i}`);
    if (d.shantenAfter === d.bestShanten) assert.ok(d.ukeire <= d.bestUkeire);
    seats.add(d.seat);
  });
  assert.deepEqual([...seats].sort(), [0, 1, 2, 3]);
  // The columns hold the same, one typed array per field: rows of 34 for the tiles.
  const c = r.columns;
  assert.equal(c.hand.buffer, r.decisions[0].hand.buffer);
  const types = { hand: Uint8Array, visible: Uint8Array, melds: Uint8Array, dora: Uint8Array, best: Uint8Array,
                  handRed: Uint8Array, visibleRed: Uint8Array,
                  seat: Uint8Array, seatWind: Uint8Array, discard: Uint8Array, discardRed: Uint8Array, riichi: Uint8Array,
                  reviewed: Uint8Array, ukeire: Uint8Array, bestUkeire: Uint8Array, shanten: Int8Array,
                  shantenAfter: Int8Array, bestShanten: Int8Array, roundIndex: Uint16Array, turn: Uint16Array,
                  event: Uint32Array };
  assert.deepEqual(Object.keys(c).sort(), Object.keys(types).sort());
  for (const [key, Type] of Object.entries(types)) {
    assert.equal(c[key].constructor, Type, key);
    const width = { handRed: 3, visibleRed: 3 }[key] ?? (['hand', 'visible', 'melds', 'dora', 'best'].includes(key) ? 34 : 1);
    assert.equal(c[key].length, width * n, key);
  }
  r.decisions.forEach((d, i) => {
    for (const key of ['seat', 'seatWind', 'discard', 'shanten', 'shantenAfter', 'bestShanten', 'ukeire', 'bestUkeire',
                       'roundIndex', 'turn', 'event'])
      assert.equal(c[key][i], d[key], `${key} ${i}`);
    for (const key of ['discardRed', 'riichi', 'reviewed']) assert.equal(c[key][i] === 1, d[key], `${key} ${i}`);
    assert.deepEqual(d.best, [...c.best.subarray(34 * i, 34 * i + 34)].flatMap((b, k) => (b ? [k] : [])));
  });
  // The kernel's batch shanten agrees with the review.
  const rows = new Uint8Array(r.decisions[0].hand.buffer);
  assert.equal(rows.length, 34 * n);
  assert.deepEqual([...mjk.shanten(rows)], r.decisions.map((d) => d.shanten));
  assert.deepEqual(mjk.shanten(c.hand), c.shanten);
});

test('readLog: the game as the record states it (rounds, wins, draws, names, final scores)', { skip: noLogs }, () => {
  for (const file of mjlogs().slice(0, 5)) {
    const r = mjk.readLog(file);
    const info = r.roundInfo;
    assert.deepEqual(info.map((x) => x.label), r.rounds, file);
    assert.equal(r.names.length, 4);
    assert.ok(r.names.every((n) => typeof n === 'string' && n.length > 0), file);
    const after = (x, s) => x.scores[s] + x.wins.reduce((a, w) => a + w.payments[s], 0) +
      (x.draw ? x.draw.payments[s] : 0) - 1000 * x.riichi.filter((seat) => seat === s).length;
    // Each round starts with the scores the one before left.
    for (let i = 0; i + 1 < info.length; i++)
      assert.deepEqual([0, 1, 2, 3].map((s) => after(info[i], s)), info[i + 1].scores, `${file} ${info[i].label}`);
    for (const x of info) {
      assert.ok(x.wins.length > 0 || x.draw !== null, x.label);
      assert.equal(x.number, x.dealer + 1);
      for (const w of x.wins) {
        assert.equal(w.tsumo, w.winner === w.from);
        assert.ok(w.points > 0 && w.payments[w.winner] > 0);
        if (!w.yakuman) assert.equal(w.yaku.reduce((a, y) => a + y.han, 0), w.han, x.label);
      }
    }
    const last = info[info.length - 1];
    assert.deepEqual(r.finalScores, [0, 1, 2, 3].map((s) => after(last, s)));
    assert.deepEqual([...r.places].sort(), [1, 2, 3, 4]);
    const order = [0, 1, 2, 3].sort((a, b) => r.places[a] - r.places[b]);
    assert.deepEqual(order.map((s) => r.finalScores[s]), [...r.finalScores].sort((a, b) => b - a));
  }
});

test('readLog agrees with `mjk log --json` on every record, field by field', { skip: noLogs || noCli }, () => {
  const byFile = new Map();
  for (const line of cliLines(['--json', LOGS])) {
    if (!byFile.has(line.file)) byFile.set(line.file, []);
    byFile.get(line.file).push(line);
  }
  assert.ok(byFile.size >= 100, `${byFile.size} records`);
  let compared = 0;
  for (const [file, lines] of byFile) {
    const r = mjk.readLog(file, { errors: 'return' });
    const decisions = lines.filter((l) => 'discard' in l);
    assert.equal(r.decisions.length, decisions.length, file);
    decisions.forEach((c, i) => {
      const d = r.decisions[i];
      const at = `${file} decision ${i}`;
      assert.equal(r.file, c.file, at);
      assert.equal(d.round, c.round, at);
      assert.equal(`${d.seatWind + 1}z`, c.player, at);
      assert.equal(d.turn, c.turn, at);
      assert.deepEqual([...d.hand], counts(c.hand), at);
      assert.deepEqual([...d.melds], meldCounts(c.melds), at);
      assert.deepEqual([...d.dora], counts(c.dora), at);
      assert.deepEqual([...d.visible], counts(c.visible), at);
      assert.equal(d.discard, kindOf(c.discard), at);
      assert.equal(d.discardRed, c.discard[0] === '0', at);
      assert.deepEqual([...d.handRed], reds(c.hand), at);
      assert.deepEqual([...d.visibleRed], reds(c.visible), at);
      assert.equal(d.riichi, c.riichi, at);
      assert.equal(d.shanten, c.shanten, at);
      assert.equal(d.shantenAfter, c.shanten_after, at);
      assert.equal(d.ukeire, c.ukeire, at);
      assert.equal(d.bestUkeire, c.best_ukeire, at);
      assert.deepEqual(d.best, c.best === null ? null : c.best.map(kindOf), at);
      compared++;
    });
    const disagreements = lines.filter((l) => 'what' in l);
    assert.deepEqual(r.disagreements.map(({ file: f, round, event, what }) => ({ file: f, round, event, what })), disagreements, file);
    const error = lines.find((l) => 'error' in l);
    if (error === undefined) assert.equal(r.error, null, file);
    else if ('round' in error) assert.deepEqual([r.error.round, r.error.event, r.error.what], [error.round, error.event, error.error]);
    else assert.equal(r.error.message, error.error);
  }
  assert.ok(compared > 10000, `${compared} decisions compared`);
});

test('readLog: a record that cannot be read throws RecordError naming the file and the place', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mjk-records-'));
  try {
    const nowhere = path.join(dir, 'nowhere.mjlog');
    assert.throws(() => mjk.readLog(nowhere), (e) => e instanceof mjk.RecordError && e.file === nowhere && /nowhere/.test(e.message));
    const bad = path.join(dir, 'bad.json');
    fs.writeFileSync(bad, '{"log": [[[0, 0, 0], [25000, 25000');
    assert.throws(() => mjk.readLog(bad), (e) => e instanceof mjk.RecordError && e.file === bad && e.line === 1 &&
                  e.offset > 0 && e.message.startsWith(bad));
    const r = mjk.readLog(bad, { errors: 'return' });
    assert.deepEqual(r.decisions, []);
    assert.equal(r.error.file, bad);
    assert.equal(r.error.line, 1);
    assert.match(r.error.message, /bad\.json:1:/);
  } finally {
    fs.rmSync(dir, { recursive: true });
  }
});

test('readLog: a record breaking the rules throws, or returns the discards before the place', { skip: noLogs }, () => {
  const text = fs.readFileSync(mjlogs()[0], 'utf8');
  // Seat 0's riichi is accepted before its first discard, without a declaration.
  const first = /<D(\d+)\/>/.exec(text);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mjk-records-'));
  try {
    const broken = path.join(dir, 'broken.mjlog');
    fs.writeFileSync(broken, text.slice(0, first.index) + '<REACH who="0" step="2"/>' + text.slice(first.index));
    assert.throws(() => mjk.readLog(broken), (e) => e instanceof mjk.RecordError && e.file === broken &&
                  e.round === 'E1-0' && typeof e.event === 'number' && /accepted without a riichi discard/.test(e.message));
    const r = mjk.readLog(broken, { errors: 'return' });
    assert.equal(r.error.round, 'E1-0');
    assert.match(r.error.what, /accepted without a riichi discard/);
    assert.equal(r.decisions.length, 0);  // the error is before the first discard
  } finally {
    fs.rmSync(dir, { recursive: true });
  }
});

function withDir(fn) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mjk-records-'));
  try {
    return fn(dir);
  } finally {
    fs.rmSync(dir, { recursive: true });
  }
}

test('readLog: one tile id in two places is a RecordError naming the id', { skip: noLogs }, () => {
  // mjlog names every tile: the reader follows each id, so a tile dealt
  // twice cannot be read (the replay, counting kinds, would not notice).
  const text = fs.readFileSync(mjlogs()[0], 'utf8');
  const first = /hai0="(\d+),(\d+),/.exec(text);
  withDir((dir) => {
    const dup = path.join(dir, 'dup.mjlog');
    fs.writeFileSync(dup, text.slice(0, first.index) + `hai0="${first[1]},${first[1]},` + text.slice(first.index + first[0].length));
    const r = mjk.readLog(dup, { errors: 'return' });
    assert.equal(r.error.what, `E1-0 deal: tile id ${first[1]} dealt twice`);
    assert.match(r.error.message, /dup\.mjlog:\d+:\d+ \(byte \d+\): E1-0 deal/);
  });
});

// ---- hostile records: each an error naming it, the next record still read ----

// A whole (if short) game: East deals, draws and discards, the record stops.
const GOOD = '<mjloggm ver="2.3"><GO type="169"/><TAIKYOKU oya="0"/>' +
  '<INIT seed="0,0,0,3,3,20" ten="250,250,250,250" oya="0" ' +
  'hai0="34,11,120,19,83,79,69,12,1,99,128,85,73" hai1="57,27,17,119,14,134,126,44,117,68,114,82,109" ' +
  'hai2="78,93,90,48,100,41,40,81,60,53,92,75,98" hai3="6,104,127,88,87,35,65,135,97,122,25,5,121"/>' +
  '<T77/><D120/></mjloggm>';
const LIMIT = 'the limit of 16777216 bytes a record';
const zlib = require('node:zlib');

// What readLog says of a record: 'error: MESSAGE' or 'ok: N discards'.
function outcome(file, options) {
  try {
    return `ok: ${mjk.readLog(file, options).decisions.length} discards`;
  } catch (e) {
    if (!(e instanceof mjk.RecordError)) throw e;
    return `error: ${e.message}`;
  }
}

// The lines of outcome() for each [file, options] in a child Node process,
// which gets `seconds` and, when given, `extraKb` more address space than
// this process has (ulimit -v): a hang or a crash (the addon ending the
// process) fails the test instead of the run, and memory stays bounded.
function isolated(reads, { seconds = 60, extraKb = 0 } = {}) {
  const script = `const mjk = require(${JSON.stringify(path.resolve(__dirname, '..'))});
    ${outcome.toString()}
    for (const [file, options] of ${JSON.stringify(reads)}) console.log(outcome(file, options));`;
  const vm = Number(/VmSize:\s*(\d+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'))[1]);
  const limit = extraKb ? `ulimit -v ${vm + extraKb} && ` : '';
  const r = spawnSync('sh', ['-c', `${limit}exec "$0" -e "$1"`, process.execPath, script],
                      { encoding: 'utf8', timeout: seconds * 1000, env: process.env });
  assert.equal(r.error, undefined, `${r.error}`);
  assert.equal(r.status, 0, `status ${r.status}, signal ${r.signal}: ${r.stdout}${r.stderr}`);
  return r.stdout;
}

// The mjlog and tenhou.net/6 readers follow the tiles and stop at a discard
// of a tile not held: readLog, as `mjk log --json`, gives the discards
// before it and the place as the error.
function notHeld(dir) {
  const files = [path.join(dir, 'not_held.mjlog')];
  // Seat 2 discards tile id 57, which seat 1 holds: event 5, after two discards.
  fs.writeFileSync(files[0], GOOD.replace('<T77/><D120/>', '<T77/><D120/><U3/><E27/><V4/><F57/>'));
  if (!noLogs) {
    // East's third discard of the first round becomes a kind East never has.
    const t6 = path.join(LOGS, 'tenhou6-json');
    const game = JSON.parse(fs.readFileSync(path.join(t6, fs.readdirSync(t6).filter((f) => f.endsWith('.json')).sort()[0]), 'utf8'));
    const first = game.log[0];
    const has = new Set([...first[4], ...first[5]].filter((t) => typeof t === 'number'));
    first[6][2] = [11, 21, 31, 41].flatMap((b) => Array.from({ length: b === 41 ? 7 : 9 }, (_, k) => b + k)).find((t) => !has.has(t));
    files.push(path.join(dir, 'not_held.json'));
    fs.writeFileSync(files[1], JSON.stringify(game));
  }
  return files;
}

test('readLog: a discard of a tile not held (mjlog, tenhou.net/6) returns the discards before it', () => withDir((dir) => {
  const [mjlog, t6] = notHeld(dir);
  const r = mjk.readLog(mjlog, { errors: 'return' });
  assert.deepEqual([r.error.round, r.error.event, r.error.what], ['E1-0', 5, 'seat 2 discards tile id 57, but seat 1 holds it']);
  assert.deepEqual(r.decisions.map((d) => d.seat), [0, 1]);
  assert.throws(() => mjk.readLog(mjlog), (e) => e instanceof mjk.RecordError && e.file === mjlog && e.round === 'E1-0' &&
                e.event === 5 && /tile id 57/.test(e.message));
  if (t6 === undefined) return;
  const r6 = mjk.readLog(t6, { errors: 'return' });
  assert.equal(r6.error.round, r6.rounds[0]);
  assert.match(r6.error.what, /^seat 0 discards \d[mpsz], a tile not held$/);
  assert.ok(r6.decisions.every((d) => d.roundIndex === 0));
  assert.equal(r6.decisions.filter((d) => d.seat === 0).length, 2);
}));

test('readLog and `mjk log --json` give the same discards and place before a tile not held', { skip: noCli }, () => withDir((dir) => {
  for (const file of notHeld(dir)) {
    const lines = cliLines(['--json', file]);
    const r = mjk.readLog(file, { errors: 'return' });
    const decisions = lines.filter((l) => 'discard' in l);
    assert.ok(decisions.length >= 2, file);
    assert.deepEqual(r.decisions.map((d) => [d.round, `${d.seatWind + 1}z`, d.turn, d.discard, d.shanten, d.ukeire]),
                     decisions.map((c) => [c.round, c.player, c.turn, kindOf(c.discard), c.shanten, c.ukeire]), file);
    const error = lines.find((l) => 'error' in l);
    assert.deepEqual(error, { file, round: r.error.round, event: r.error.event, error: r.error.what });
  }
}));

test('readLog: a directory is a RecordError naming it', () => withDir((dir) => {
  const good = path.join(dir, 'good.mjlog');
  fs.writeFileSync(good, GOOD);
  assert.equal(isolated([[dir], [good]], { seconds: 30 }), `error: ${dir}: is a directory\nok: 1 discards\n`);
  assert.throws(() => mjk.readLog(dir), (e) => e instanceof mjk.RecordError && e.file === dir && e.what === 'is a directory');
}));

test('readLog: gzip is inflated once, and gzip inside gzip is an error', () => withDir((dir) => {
  const once = path.join(dir, 'once.gz'), twice = path.join(dir, 'twice.gz');
  fs.writeFileSync(once, zlib.gzipSync(GOOD));
  fs.writeFileSync(twice, zlib.gzipSync(zlib.gzipSync(GOOD)));
  assert.equal(outcome(once), 'ok: 1 discards');
  assert.equal(outcome(twice), `error: ${twice}: gzip inside gzip: a record is compressed once`);
  assert.equal(outcome(once), 'ok: 1 discards');
}));

test('readLog: a gzip bomb stops at the limit, which maxBytes raises', () => withDir((dir) => {
  const bomb = path.join(dir, 'bomb.gz');
  fs.writeFileSync(bomb, zlib.gzipSync(Buffer.alloc(20 << 20), { level: 9 }));  // 20 MiB of zeros, some 20 KB
  assert.ok(fs.statSync(bomb).size < 64 * 1024);
  assert.ok(outcome(bomb).startsWith(`error: ${bomb}: gzip data inflates past ${LIMIT}`), outcome(bomb));
  assert.match(outcome(bomb, { maxBytes: 32 << 20 }), /not a game record/);
}));

test('readLog and corpusStats: maxBytes bounds the bytes read and inflated, to the byte', () => withDir((dir) => {
  const good = path.join(dir, 'good.mjlog'), gz = path.join(dir, 'good.gz');
  fs.writeFileSync(good, GOOD);
  fs.writeFileSync(gz, zlib.gzipSync(GOOD));
  const n = GOOD.length;
  assert.equal(mjk.defaultMaxBytes, 16 * 1024 * 1024);
  assert.equal(outcome(good, { maxBytes: n }), 'ok: 1 discards');
  assert.equal(outcome(gz, { maxBytes: n }), 'ok: 1 discards');
  assert.equal(outcome(good, { maxBytes: n - 1 }),
               `error: ${good}: the file is ${n} bytes, larger than the limit of ${n - 1} bytes a record (raise it with the max-bytes option)`);
  assert.ok(outcome(gz, { maxBytes: n - 1 }).startsWith(`error: ${gz}: gzip data inflates past the limit of ${n - 1} bytes`));
  for (const wrong of ['16M', null, true]) {
    assert.throws(() => mjk.readLog(good, { maxBytes: wrong }), (e) => e instanceof TypeError && /maxBytes/.test(e.message));
  }
  for (const wrong of [0, -1, 1.5, 2 ** 53, NaN]) {
    assert.throws(() => mjk.readLog(good, { maxBytes: wrong }), (e) => e instanceof RangeError && /maxBytes/.test(e.message));
  }
  const stats = mjk.corpusStats([good], { maxBytes: n - 1 });
  assert.equal(stats.games, 0);
  assert.ok(stats.errors[0].startsWith(`${good}: the file is`));
  assert.throws(() => mjk.corpusStats([good], { errors: 'return' }), (e) => e instanceof TypeError && /errors/.test(e.message));
}));

test('corpusStats walks a directory as `mjk log` does: a link to a record is read, README.md is not', () => withDir((dir) => {
  fs.mkdirSync(path.join(dir, 'sub'));
  fs.writeFileSync(path.join(dir, 'sub', 'good.mjlog'), GOOD);
  fs.symlinkSync(path.join(dir, 'sub', 'good.mjlog'), path.join(dir, 'link.mjlog'));
  fs.symlinkSync(path.join(dir, 'nowhere.mjlog'), path.join(dir, 'dangling.mjlog'));
  fs.writeFileSync(path.join(dir, 'README.md'), 'not a record');
  const stats = mjk.corpusStats([dir]);
  assert.equal(stats.games, 2);
  assert.equal(stats.errors.length, 1);
  assert.ok(stats.errors[0].startsWith(path.join(dir, 'dangling.mjlog')), stats.errors[0]);
  if (CLI) assert.deepEqual(stats, cliLines(['--stats', '--json', dir])[0]);
}));

test('readLog: /dev/zero is bounded by the limit', { skip: !fs.existsSync('/dev/zero') && 'no /dev/zero' }, () => withDir((dir) => {
  const good = path.join(dir, 'good.mjlog');
  fs.writeFileSync(good, GOOD);
  assert.equal(isolated([['/dev/zero'], [good]], { extraKb: 1 << 20 }),
               `error: /dev/zero: larger than ${LIMIT} (raise it with the max-bytes option)\nok: 1 discards\n`);
}));

test('readLog: out of memory is that record\'s error, and the next record is read',
     { skip: !fs.existsSync('/proc/self/status') && 'needs /proc' }, () => withDir((dir) => {
  const good = path.join(dir, 'good.mjlog');
  fs.writeFileSync(good, GOOD);
  // The limit raised far past 512 MiB more address space: /dev/zero is read until memory runs out.
  assert.equal(isolated([['/dev/zero', { maxBytes: 2 ** 40 }], [good]], { extraKb: 512 << 10 }),
               'error: /dev/zero: out of memory while reading the record\nok: 1 discards\n');
}));

test('readLog: a FIFO with no writer is an error, not a wait', (t) => withDir((dir) => {
  const good = path.join(dir, 'good.mjlog'), fifo = path.join(dir, 'fifo');
  fs.writeFileSync(good, GOOD);
  if (spawnSync('mkfifo', [fifo]).status !== 0) return t.skip('no mkfifo');
  assert.equal(isolated([[fifo], [good]], { seconds: 30 }), `error: ${fifo}: a FIFO with no writer (nothing to read)\nok: 1 discards\n`);
}));

test('readLog and corpusStats: wrong arguments name themselves', () => {
  assert.throws(() => mjk.readLog(42), (e) => e instanceof TypeError && /path/.test(e.message));
  assert.throws(() => mjk.readLog(), (e) => e instanceof TypeError && /path/.test(e.message));
  assert.throws(() => mjk.readLog('x', 'return'), (e) => e instanceof TypeError && /options/.test(e.message));
  assert.throws(() => mjk.readLog('x', { errors: 1 }), (e) => e instanceof TypeError && /errors/.test(e.message));
  assert.throws(() => mjk.readLog('x', { errors: 'ignore' }), (e) => e instanceof RangeError && /errors/.test(e.message));
  assert.throws(() => mjk.readLog('x', { players: 3 }), (e) => e instanceof TypeError && /players/.test(e.message));
  assert.throws(() => mjk.corpusStats(42), (e) => e instanceof TypeError && /paths/.test(e.message));
  assert.throws(() => mjk.corpusStats(['a', 7]), (e) => e instanceof TypeError && /paths\[1\]/.test(e.message));
  // A NUL in a name: refused as readLog refuses it, where 'a\0b' was read as the file a.
  assert.throws(() => mjk.corpusStats(['a', 'a\0b']), (e) => e instanceof TypeError && /paths\[1\] holds a NUL byte/.test(e.message));
});

test('corpusStats is the object `mjk log --stats --json` prints', { skip: noLogs || noCli }, () => {
  const s = mjk.corpusStats([LOGS]);
  const [cli] = cliLines(['--stats', '--json', LOGS]);
  assert.deepEqual(s, cli);
  assert.ok(s.games >= 100 && s.wins > 0 && s.discards > 10000);
  // One record that cannot be read is listed; the others still count.
  const missing = path.join(LOGS, 'no-such-record.mjlog');
  const t = mjk.corpusStats([mjlogs()[0], missing]);
  assert.equal(t.games, 1);
  assert.equal(t.errors.length, 1);
  assert.match(t.errors[0], /no-such-record/);
});
