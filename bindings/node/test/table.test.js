// mjk.Table: one game on the engine through the C ABI's tables.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const mjk = require('..');

// A small seeded generator, so the games are the same every run.
function lcg(seed) {
  let s = seed >>> 0;
  return (n) => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return (s >>> 8) % n;
  };
}

function play(t, seed) {
  const rand = lcg(seed);
  let decisions = 0;
  while (!t.done) {
    const legal = t.legal();
    assert.ok(legal.length > 0 && t.seat >= 0);
    const seat = t.seat;
    const { reward } = t.step(legal[rand(legal.length)]);
    assert.equal(reward, t.deltas[seat]);
    decisions += 1;
  }
  return decisions;
}

for (const [players, rules, start] of [[4, 'tenhou', 25000], [3, 'tenhou-sanma', 35000]]) {
  test(`Table: a ${players}-player game to its end with random legal actions, scores conserved`, () => {
    const t = new mjk.Table({ players, rules, length: 'south', seed: 3 });
    assert.equal(t.scores.reduce((a, b) => a + b, 0), players * start);
    assert.ok(play(t, 1) > 50);
    const s = t.state();
    assert.equal(s.done, true);
    assert.equal(s.scores.reduce((a, b) => a + b, 0), players * start);
    assert.deepEqual([...s.placements].sort(), [...Array(players).keys()]);
    assert.equal(t.seat, -1);
    assert.deepEqual(t.legal(), []);
    const lines = t.events();
    assert.match(lines[0], /^\{"type":"start_game"/);
    assert.match(lines[lines.length - 1], /^\{"type":"end_game"/);
    assert.equal(t.record('mjai'), lines.map((l) => l + '\n').join(''));
    assert.throws(() => t.step(123), /game is over/);
  });
}

test('Table: an illegal action throws with its reason and changes nothing', () => {
  const t = new mjk.Table({ seed: 5 });
  const before = t.state();
  const events = t.events();
  assert.equal(t.seat, 0);
  assert.ok(!t.legal().includes(120));
  assert.throws(() => t.step(120), (e) => e.code === 'MJK_ILLEGAL_ACTION' && /seat 0 may not ron/.test(e.message));
  assert.throws(() => t.step(124), RangeError);
  assert.throws(() => t.step(1.5), RangeError);
  assert.throws(() => t.step('pass'), TypeError);
  assert.deepEqual(t.state(), before);
  assert.deepEqual(t.events(), events);
});

test('Table: bad options are named', () => {
  assert.throws(() => new mjk.Table({ rules: 'tenhu' }), /unknown rules preset 'tenhu'/);
  assert.throws(() => new mjk.Table({ players: 4, rules: 'tenhou-sanma' }), /for 3 players/);
  assert.throws(() => new mjk.Table({ players: 2 }), /players must be 4 or 3/);
  assert.throws(() => new mjk.Table({ length: 'west' }), /length/);
  // A name the lengths' object inherits is no length either.
  assert.throws(() => new mjk.Table({ length: 'toString' }), (e) => e instanceof RangeError && /length must be/.test(e.message));
  assert.throws(() => new mjk.Table({ seed: -1 }), /seed/);
  for (const game of [-1, 2 ** 32, 1.5, '3'])
    assert.throws(() => new mjk.Table({ game }), (e) => e instanceof RangeError && /game must be an integer 0..2\*\*32-1/.test(e.message));
  // The seed's last game has no next one: reset() refuses it (it once played game 0 as game 2**32).
  const last = new mjk.Table({ game: 2 ** 32 - 1 });
  assert.throws(() => last.reset(), (e) => e instanceof RangeError && /the seed's last/.test(e.message));
  assert.equal(last.game, 2 ** 32 - 1);
  assert.throws(() => new mjk.Table({ colour: 1 }), /unknown option 'colour'/);
  assert.throws(() => new mjk.Table().events(4), /viewer/);
  assert.throws(() => new mjk.Table().record('xml'), /format/);
  assert.equal(mjk.actionName(123), 'pass');
  assert.throws(() => mjk.actionName(124), RangeError);
  // Not integers in range: refused, where they were read as other ids (1.5 as 1, NaN and 2**32 as 0).
  for (const id of [1.5, NaN, Infinity, -Infinity, 2 ** 32, 2 ** 32 + 1, -0.5])
    assert.throws(() => mjk.actionName(id), (e) => e instanceof RangeError && /action ids are 0..123/.test(e.message), String(id));
  assert.equal(mjk.actionName(-0), mjk.actionName(0));
  // A rules name holding a NUL: refused, where 'tenhou\0x' was played as tenhou.
  assert.throws(() => new mjk.Table({ rules: 'tenhou\0x' }), (e) => e instanceof RangeError && /NUL/.test(e.message));
});

test('Table.events(viewer): a viewer that is no seat is refused, never read as every tile or another seat', () => {
  const t = new mjk.Table({ length: 'one' });
  // '0', null, true and 0n were every tile (the others' hands shown); 1.5 seat 1, NaN, Infinity and 2**32 seat 0.
  for (const viewer of ['0', null, true, 0n, {}])
    assert.throws(() => t.events(viewer), (e) => e instanceof TypeError && /viewer must be -1/.test(e.message), String(viewer));
  for (const viewer of [1.5, NaN, Infinity, -Infinity, 2 ** 32, 2 ** 32 + 1, 4, -2])
    assert.throws(() => t.events(viewer), (e) => e instanceof RangeError && /viewer must be -1/.test(e.message), String(viewer));
  assert.deepEqual(t.events(-0), t.events(0));
  assert.deepEqual(t.events(undefined), t.events(-1));
  const sanma = new mjk.Table({ players: 3, length: 'one' });
  assert.throws(() => sanma.events(3), (e) => e instanceof RangeError && e.message === 'viewer must be -1 (every tile) or a seat of the table');
  assert.match(sanma.events(2)[1], /"\?"/);
});

test('Table: the same seed gives the same game; reset; a seat\'s view', () => {
  const game = (seed) => {
    const t = new mjk.Table({ length: 'east', seed });
    play(t, 7);
    return t.events();
  };
  assert.deepEqual(game(11), game(11));
  assert.notDeepEqual(game(11), game(12));
  const t = new mjk.Table({ seed: 2n ** 63n });
  assert.equal(t.state().seed, 2n ** 63n);
  assert.match(t.events(1)[1], /"\?"/);
  assert.doesNotMatch(t.events()[1], /"\?"/);
  t.reset();
  assert.equal(t.game, 1);
  t.reset(4);
  assert.equal(t.game, 0);
  assert.equal(t.state().seed, 4n);
  const mask = t.actionMask();
  assert.equal(mask.length, 124);
  assert.deepEqual([...mask.keys()].filter((a) => mask[a]), t.legal());
});

test('Table: record as tenhou6 and mjlog, read back by readLog as the same game', () => {
  const fs = require('node:fs');
  const os = require('node:os');
  const path = require('node:path');
  const t = new mjk.Table({ length: 'east', seed: 2 });
  play(t, 3);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mjk-table-'));
  try {
    const finals = {};
    for (const [format, name] of [['mjai', 'g.mjson'], ['tenhou6', 'g.json'], ['mjlog', 'g.mjlog']]) {
      const file = path.join(dir, name);
      fs.writeFileSync(file, t.record(format));
      const log = mjk.readLog(file);
      assert.equal(log.error, null);
      assert.deepEqual(log.disagreements, []);
      finals[format] = Array.from(log.finalScores ?? log.final_scores);
    }
    assert.deepEqual(finals.tenhou6, t.scores);
    assert.deepEqual(finals.mjlog, t.scores);
    assert.deepEqual(finals.mjai, t.scores);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
