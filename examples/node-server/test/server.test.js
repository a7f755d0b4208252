'use strict';
// Starts server.js on an ephemeral loopback port (port 0; the port is read
// from its first line), checks its answers over WebSocket for both back
// ends, stops it. Run by ctest (node.server).
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const { spawn, spawnSync } = require('node:child_process');
const { ask } = require('./helpers');

function startServer(backend, extra = []) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(__dirname, '..', 'server.js'), '--port', '0', '--backend', backend, ...extra],
                        { stdio: ['ignore', 'pipe', 'inherit'] });
    let buf = '';
    child.stdout.on('data', (d) => {
      buf += d;
      const m = buf.match(/listening (ws:\/\/127\.0\.0\.1:(\d+)) backend=(\w+) workers=(\d+)\n/);
      if (m) {
        console.log(`server (${backend}) on port ${m[2]}`);
        resolve({ child, url: m[1], backend: m[3], workers: Number(m[4]) });
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited early with ${code}`)));
  });
}

function stop(server) {
  return new Promise((resolve) => {
    server.child.removeAllListeners('exit');
    server.child.on('exit', (code, signal) => resolve({ code, signal }));
    server.child.kill('SIGTERM');
  });
}

const HANDS = ['123m456p789s11z23s 1s', '1112345678999m', '19m19p19s1234567z 1m', '123m456p23s11z', '1122m3344p5566s77z',
               '123m456p789s11z22z', '12m5p9s1357z', '23456m11p789s77z5p'];
const COMMON = ['tiles', 'shanten', 'shanten_standard', 'shanten_chiitoi', 'shanten_kokushi', 'waits', 'agari', 'discards'];

test('mjk back end: plain text and JSON requests, errors', async () => {
  const mjk = require('../../../bindings/node');
  const server = await startServer('mjk');
  try {
    assert.equal(server.backend, 'mjk');
    assert.equal(server.workers, 1, 'one process answering, not "workers=0"');
    const replies = await ask(server, HANDS);
    HANDS.forEach((h, i) => assert.deepEqual(replies[i], mjk.analyse(h), h));
    const [json3, json4, bad, badJson, notHand] = await ask(server, [
      JSON.stringify({ hand: '19m19p19s1234567z', players: 3 }),
      JSON.stringify({ hand: '1112345678999m', players: 4, visible: new Array(34).fill(0) }),
      '123x',
      '{"hand": 5}',
      '{not json',
    ]);
    assert.deepEqual(json3, mjk.analyse('19m19p19s1234567z', { players: 3 }));
    assert.deepEqual(json4.waits, ['1m', '2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m']);
    assert.equal(bad.hand, '123x');
    assert.match(bad.error, /position 3/);
    assert.match(badJson.error, /hand/);
    assert.ok(notHand.error);
    // Scoring requests (SCORING.md §1) are answered with "score", as mjk --json answers them.
    const pinfuTsumo = { hand: '123678m345p67s55s', win: '8s', tsumo: true, seat: '2z', dora: '9p' };
    const openTanyao = { hand: '678m345p67s55s', melds: [{ type: 'chi', tiles: '234m', from: 'kamicha' }], win: '8s', seat: '2z' };
    const { win, ...waiting } = pinfuTsumo;
    const [scored, open, contradictory, badVisible, eachWin] = await ask(server, [
      JSON.stringify(pinfuTsumo), JSON.stringify(openTanyao),
      JSON.stringify({ ...openTanyao, riichi: 1 }), JSON.stringify({ hand: '1m', visible: '9z' }),
      JSON.stringify({ ...waiting, each_win: true }),
    ]);
    // Every winning tile of the waiting hand at once: 5s and 8s, each the score of that win.
    assert.deepEqual(Object.keys(eachWin.each_win), ['5s', win]);
    assert.deepEqual(eachWin.each_win[win], scored.score);
    assert.deepEqual(scored.score, {
      yaku: [{ name: 'menzen_tsumo', han: 1, en: 'Fully concealed hand', ja: '門前清自摸和' },
        { name: 'pinfu', han: 1, en: 'Pinfu', ja: '平和' }],
      han: 2, fu: 20, yakuman: 0, points: 1500, payments: [-700, 1500, -400, -400],
      limit: null, limit_en: null, limit_ja: null, payment_text: '400/700', fu_details: [{ reason: 'base', fu: 20 }] });
    assert.deepEqual(scored, mjk.analyse(JSON.stringify(pinfuTsumo)));
    assert.equal(open.score.fu, 30);
    assert.deepEqual(open.score.yaku, [{ name: 'tanyao', han: 1, en: 'All simples', ja: '断幺九' }]);
    assert.deepEqual(open.score.fu_details, [{ reason: 'base', fu: 20 }, { reason: 'open_pinfu', fu: 10 }]);
    assert.match(contradictory.error, /riichi on an open hand/);
    assert.match(badVisible.error, /9z|honour/);
    // A request's "id" comes back first in its answer, errors included, so a
    // client pipelining requests can match the answers.
    const withId = (id, reply) => ({ id, ...reply });
    const ided = await ask(server, [
      JSON.stringify({ id: 1, ...pinfuTsumo }), JSON.stringify({ hand: '1112345678999m', id: 'b' }),
      JSON.stringify({ id: 'c', hand: '123x' }), JSON.stringify({ id: 4, hand: '1m', players: 5 }),
      JSON.stringify({ id: 5, hand: '1m', dorra: '1m' }), JSON.stringify({ id: 6, ...openTanyao, riichi: 1 }),
      JSON.stringify({ id: 7, hand: '2346m456p789s1355z', ev: {} }), JSON.stringify({ id: 1.5, hand: '1m' }), '1112345678999m',
    ]);
    assert.deepEqual(ided.map((r) => Object.keys(r)[0]), ['id', 'id', 'id', 'id', 'id', 'id', 'id', 'hand', 'hand']);
    assert.deepEqual(ided[0], withId(1, scored));
    assert.deepEqual(ided[1], withId('b', mjk.analyse('1112345678999m')));
    assert.equal(ided[2].id, 'c');
    assert.match(ided[2].error, /^unknown character at position 21:/, 'a position in the text as sent, "id" included');
    assert.deepEqual(ided[3], { id: 4, hand: '1m', error: 'players must be 3 or 4, got 5', code: 'bad_field' });
    assert.equal(ided[4].code, 'unknown_field');
    assert.equal(ided[4].id, 5);
    // The library's own error object echoes the line it read: the request less its "id" (blanked out).
    assert.deepEqual(ided[5], withId(6, { ...contradictory, hand: `{${' '.repeat(7)}${JSON.stringify({ ...openTanyao, riichi: 1 }).slice(1)}` }));
    assert.deepEqual(ided[6], withId(7, mjk.analyse(JSON.stringify({ hand: '2346m456p789s1355z', ev: { max_vertices: 200000 } }))));
    assert.match(ided[7].error, /^id must be a string of at most 64 characters or an integer/);
    assert.deepEqual(ided[8], mjk.analyse('1112345678999m'));
    // The server's error text: the schema's bounds, a number beyond a double named as such.
    const [zero, huge] = await ask(server, ['{"hand":"1m","ev":{"max_vertices":0}}', '{"hand":"1m","ev":{"extra":1e400}}']);
    assert.equal(zero.error, 'ev.max_vertices must be an integer from 1 to 200000 on this server, got 0');
    assert.equal(huge.error, 'ev.extra must be an integer from 0 to 3, got a number beyond the range of a double (more than 1.8e308 in size)');
  } finally {
    const { code } = await stop(server);
    assert.equal(code, 0);
  }
});

test('majiang back end answers the same shanten, waits, agari and discards', async () => {
  const mjk = require('../../../bindings/node');
  const server = await startServer('majiang');
  try {
    assert.equal(server.backend, 'majiang');
    const replies = await ask(server, HANDS);
    HANDS.forEach((h, i) => {
      const want = mjk.analyse(h);
      for (const key of COMMON) assert.deepEqual(replies[i][key], want[key], `${h}: ${key}`);
    });
    const [bad] = await ask(server, ['123x']);
    assert.ok(bad.error);
    // What only mjk answers is refused by name, not answered in part.
    const refused = await ask(server, [
      JSON.stringify({ hand: '123678m345p67s55s', each_win: true }),
      JSON.stringify({ hand: '123678m345p67s55s', win: '8s' }),
      JSON.stringify({ hand: '2346m456p789s1355z', ev: {} }),
      JSON.stringify({ hand: '123678m345p67s55s', each_win: false }),
    ]);
    ['each_win', 'win', 'ev'].forEach((key, i) => {
      assert.equal(refused[i].code, 'unsupported', key);
      assert.match(refused[i].error, new RegExp(`"${key}"`));
    });
    assert.deepEqual(refused[3].waits, ['5s', '8s']);
    const [ided, idedRefused] = await ask(server, [JSON.stringify({ id: 'm', hand: HANDS[1] }), JSON.stringify({ id: 9, hand: HANDS[1], ev: {} })]);
    assert.equal(ided.id, 'm');
    assert.deepEqual(ided.waits, mjk.analyse(HANDS[1]).waits);
    assert.equal(idedRefused.id, 9);
    assert.equal(idedRefused.code, 'unsupported');
  } finally {
    const { code } = await stop(server);
    assert.equal(code, 0);
  }
});

test('--workers 2: answers from worker processes, counters summed over them, SIGTERM stops all', async () => {
  const mjk = require('../../../bindings/node');
  const server = await startServer('mjk', ['--workers', '2', '--stats-ms', '200']);
  try {
    assert.equal(server.workers, 2);
    const replies = await Promise.all([0, 1, 2, 3].map(() => ask(server, HANDS)));
    for (const r of replies) HANDS.forEach((h, i) => assert.deepEqual(r[i], mjk.analyse(h), h));
    // The workers' counters reach GET /stats within two --stats-ms periods.
    let stats = null;
    for (let i = 0; i < 20 && stats?.messages !== 4 * HANDS.length; i++) {
      await new Promise((r) => setTimeout(r, 200));
      const res = await fetch(server.url.replace('ws', 'http') + '/stats');
      if (res.ok) stats = await res.json();
    }
    assert.equal(stats.workers, 2);
    assert.equal(stats.messages, 4 * HANDS.length);
    assert.equal(stats.connections, 4);
  } finally {
    const { code } = await stop(server);
    assert.equal(code, 0);
  }
});

test('load test script runs, bounded, against loopback only', async () => {
  const { run, makeHands } = require('../loadtest');
  assert.equal(makeHands(10).length, 10);
  const r = await run({ backend: 'mjk', clients: 20, messages: 400, seconds: 10, url: null, hands: 64 });
  assert.equal(r.messages, 400);
  assert.equal(r.errors, 0);
});

test('options out of their bounds are refused by name (exit 2), not started with another value', () => {
  // --idle-ms 3000000000 started a server whose timers Node set to 1 ms (every connection closed at
  // once), --workers 99999 forked 99999 processes, and numbers past 2**53 were rounded.
  const refused = [
    [['--idle-ms', '3000000000'], /--idle-ms must be at most 2147483647 \(the longest delay Node's timers take\), not 3000000000/],
    [['--stats-ms', '2147483648'], /--stats-ms must be at most 2147483647/],
    [['--max-payload', '99999999999999999999'], /--max-payload must be at most 2\*\*53 - 1, not '99999999999999999999'/],
    [['--max-connections', '9007199254740993'], /--max-connections must be at most 2\*\*53 - 1/],
    [['--ping-ms', '0'], /--ping-ms must be a positive integer, not 0/],
    [['--host', ''], /--host must name an address \(0\.0\.0\.0 or :: for every interface\), not ''/],  // it listened on every one
  ];
  for (const [args, message] of refused) {
    const r = spawnSync(process.execPath, [path.join(__dirname, '..', 'server.js'), '--port', '0', ...args],
                        { encoding: 'utf8', timeout: 10000 });
    assert.equal(r.status, 2, `${args.join(' ')}: ${r.stdout}${r.stderr}`);
    assert.match(r.stderr, message, args.join(' '));
    assert.equal(r.stdout, '', args.join(' '));
  }
  const { parseArgs } = require('../server');
  // (read, not started: a server that took it would fork the processes)
  assert.throws(() => parseArgs(['--workers', '99999']), /--workers must be at most 1024, not 99999/);
  assert.doesNotThrow(() => parseArgs(['--idle-ms', '2147483647']));  // the bounds themselves are taken
  assert.equal(parseArgs(['--workers', '1024']).workers, 1024);
});
