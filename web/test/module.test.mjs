// web/mjk.mjs under Node: the answers, the batch calls, the errors.
//   node --test web/test/module.test.mjs   (ctest: web.module; MJK_SITE = the built site)
import {before, test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, readFileSync} from 'node:fs';
import {join, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import {deal} from './deal.mjs';

const site = resolve(process.env.MJK_SITE ?? join(fileURLToPath(import.meta.url), '../../../build/wasm/web'));
let mjk;
before(async () => {
  assert.ok(existsSync(join(site, 'mjk-wasm.wasm')), `the module is not built at ${site}`);
  mjk = await import(join(site, 'mjk.mjs'));
  await mjk.init();
});

test('the portable kernel answers, as in the browser', () => {
  assert.equal(mjk.implementation(), 'portable');
  assert.match(mjk.version(), /^\d+\.\d+\.\d+$/);
});

test('analyse: text and request objects give the CLI\'s object', () => {
  const a = mjk.analyse('123m456p789s11z23s 1s');
  assert.equal(a.agari, true);
  assert.equal(a.hand, '123m456p23789s11z 1s');
  const s = mjk.analyse({hand: '123678m345p67s55s', win: '8s', tsumo: true, seat: '2z', dora: '9p'});
  const {yaku, han, fu, yakuman, points, payments, payment_text: paymentText, limit} = s.score;
  assert.deepEqual({yaku: yaku.map(({name, han}) => ({name, han})), han, fu, yakuman, points, payments},
                   {yaku: [{name: 'menzen_tsumo', han: 1}, {name: 'pinfu', han: 1}], han: 2, fu: 20, yakuman: 0,
                    points: 1500, payments: [-700, 1500, -400, -400]});
  assert.equal(paymentText, '400/700');
  assert.equal(limit, null);
  assert.equal(yaku[1].en, 'Pinfu');
  assert.equal(mjk.analyseJson('1112345678999m'), JSON.stringify(mjk.analyse('1112345678999m')));
  // SCORING.md §5's case: ron on a shanpon opens the triplet.
  assert.equal(mjk.analyse({hand: '111m222p789s33z55z', win: '5z', seat: '2z'}).score.fu, 50);
});

test('analyse: a bad hand is the CLI\'s error object; three players and visible tiles apply', () => {
  assert.deepEqual(mjk.analyse('11111m'), {hand: '11111m', error: 'fifth copy of 1m at position 4'});
  assert.match(mjk.analyse('2588m', {players: 3}).error, /2m/);
  assert.equal(mjk.analyse('1111m111122233z', {players: 3}).shanten, 2);
  const plain = mjk.analyse('123m456p13789s56z');
  const visible = new Uint8Array(34);
  const first = plain.necessary[0];  // one copy of a necessary tile seen elsewhere
  visible['mpsz'.indexOf(first[1]) * 9 + Number(first[0]) - 1] = 1;
  assert.equal(mjk.analyse('123m456p13789s56z', {visible}).ukeire, plain.ukeire - 1);
  assert.throws(() => mjk.analyse('1m', {visible: new Uint8Array(3)}), /34 counts/);
});

test('analyse: a request object\'s error names the character of the field its caller wrote', () => {
  // The JSON text made from the object is not the caller's: its byte 15 is
  // character 6 of hand (before: "unknown character at position 15").
  assert.equal(mjk.analyse({hand: '123m45x'}).error, 'unknown character at position 6: in the field hand');
  assert.equal(mjk.analyse({seat: '1z', hand: '123m45x', win: '6m'}).error,
               'unknown character at position 6: in the field hand');
  assert.match(mjk.analyseJson({hand: '123m45x'}), /at position 6: in the field hand/);
  // Text is the caller's own: its byte stands.
  assert.match(mjk.analyse('{"hand":"123m45x"}').error, /at position 15\b/);
  // An error not inside a string value keeps its sentence.
  const count = mjk.analyse({hand: '123m', win: '1m', honba: -1});
  assert.equal(count.error, mjk.analyse(JSON.stringify({hand: '123m', win: '1m', honba: -1})).error);
});

test('analyse: the answer buffer grows for a long answer and for long input', () => {
  const long = mjk.analyseJson('11122233344455m');  // many readings and advice rows
  assert.ok(long.length > 1000);
  assert.equal(mjk.analyseJson('11122233344455m', {capacity: 16}), long, 'retried with the size asked for');
  const junk = 'x'.repeat(100000);
  assert.match(mjk.analyse(junk).error, /unknown character|at position 0/);
});

const mpsz = row => {
  let s = '';
  for (const [suit, base, kinds] of [['m', 0, 9], ['p', 9, 9], ['s', 18, 9], ['z', 27, 7]]) {
    let d = '';
    for (let k = 0; k < kinds; ++k) d += String(k + 1).repeat(row[base + k]);
    if (d) s += d + suit;
  }
  return s;
};

test('batch shanten, waits, agari and necessary tiles equal analyse, row by row', () => {
  for (const size of [13, 14]) {
    const rows = deal(300, size, size);
    const sh = mjk.shanten(rows);
    const nec = size === 13 ? mjk.necessary(rows) : null;
    const w = size === 13 ? mjk.waits(rows) : null;
    const ag = size === 14 ? mjk.isAgari(rows) : null;
    for (let i = 0; i < 300; ++i) {
      const row = rows.subarray(i * 34, i * 34 + 34);
      const a = mjk.analyse(mpsz(row));
      assert.equal(sh.errors[i], 0);
      assert.deepEqual([sh.best[i], sh.standard[i], sh.chiitoi[i], sh.kokushi[i]],
                       [a.shanten, a.shanten_standard, a.shanten_chiitoi, a.shanten_kokushi]);
      if (nec) {
        assert.equal(nec.ukeire[i], a.ukeire);
        const names = [];
        for (let k = 0; k < 34; ++k) if ((nec.tiles[i] >> BigInt(k)) & 1n) names.push(`${k % 9 + 1}${'mpsz'[Math.floor(k / 9)]}`);
        assert.deepEqual(names, a.necessary);
        const waits = [];
        for (let k = 0; k < 34; ++k) if (w.waits[i * 34 + k]) waits.push(`${k % 9 + 1}${'mpsz'[Math.floor(k / 9)]}`);
        assert.deepEqual(waits, a.waits);
      }
      if (ag) assert.equal(ag.agari[i], a.agari ? 1 : 0);
    }
  }
});

test('batch calls: a bad row gets its own code, a bad call throws', () => {
  const rows = new Uint8Array(68);
  rows[0] = 5; rows[34] = 1;
  const r = mjk.shanten(rows);
  assert.equal(r.errors[0], 12);  // MJK_ERR_BAD_SLOT
  assert.equal(mjk.errorMessage(12), mjk.errorMessage(r.errors[0]));
  assert.equal(r.errors[1], 0);
  assert.throws(() => mjk.shanten(new Uint8Array(33)), /n \* 34/);
  assert.throws(() => mjk.shanten(new Uint8Array(34), {players: 5}), /mjk:/);
  // Read as C ints, these were other players and codes (3.5 three players, 1.5 code 1).
  for (const players of [3.5, '3', 0]) {
    assert.throws(() => mjk.shanten(new Uint8Array(34), {players}), /players must be 3 or 4/);
    assert.throws(() => mjk.analyseJson('123m', {players}), /players must be 3 or 4/);
  }
  for (const code of [1.5, NaN, -1, 256, '3']) assert.throws(() => mjk.errorMessage(code), /error codes are 0..255/);
});

// One request through mjk_analyse_json_n of a module instance of its own.
function analyseIn(m, request) {
  const input = new TextEncoder().encode(JSON.stringify(request));
  const inPtr = m._malloc(input.length), cap = 1 << 16, outPtr = m._malloc(cap), needed = m._malloc(8);
  try {
    m.HEAPU8.set(input, inPtr);
    const code = m._mjk_analyse_json_n(inPtr, input.length, 4, 0, outPtr, cap, needed);
    assert.equal(code, 0, `mjk_analyse_json_n answers ${JSON.stringify(request)}`);
    return JSON.parse(new TextDecoder().decode(m.HEAPU8.subarray(outPtr, outPtr + m.HEAPU32[needed >> 2] - 1)));
  } finally {
    for (const p of [inPtr, outPtr, needed]) m._free(p);
  }
}

test('an EV search that runs out of memory is the library\'s out_of_memory error, and the module answers on', async () => {
  const factory = (await import(join(site, 'mjk-wasm.mjs'))).default;
  const m = await factory({wasmBinary: readFileSync(join(site, 'mjk-wasm.wasm'))});
  // The module grows to 2 GiB: take all of it but 256 MiB in blocks the
  // search cannot use (never written, so the process does not hold them),
  // and the unbounded search below runs out within seconds, not minutes.
  const blocks = [];
  for (let p; (p = m._malloc(64 << 20));) blocks.push(p);
  assert.ok(blocks.length >= 28, `the module grows past 1.75 GiB (${blocks.length} blocks of 64 MiB)`);
  for (const p of blocks.splice(0, 4)) m._free(p);
  // A budget far past what 256 MiB holds: the memory runs out first.
  const heavy = {hand: '147m258p369s12345z', ev: {hand_change: true, shanten_back: true, max_vertices: 1e15}};
  const answer = analyseIn(m, heavy);  // before: RuntimeError: Aborted()
  assert.match(answer.error, /^the search ran out of memory/);
  for (const p of blocks) m._free(p);
  // What the search held is given back: the next one is answered in the same module.
  const small = analyseIn(m, {hand: '23m456p13789s556z1m', ev: {}});
  assert.equal(small.error, undefined);
  assert.ok(small.ev.discards.length > 0);
  assert.match(analyseIn(m, {hand: '147m258p369s12345z', ev: {hand_change: true, shanten_back: true, max_vertices: 1000}}).error,
               /^the search passed max_vertices/);
});
