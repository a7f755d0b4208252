// The page in a real headless browser (Debian's Chromium through
// playwright-core; no browser is downloaded):
//   node --test web/test/browser.test.mjs      (ctest: web.browser)
// Environment: MJK_SITE (default build/wasm/web), MJK_NATIVE_CLI (default
// build/release/cli/mjk: the comparison is skipped, saying so, without it),
// MJK_ARTEFACTS (screenshots; default build/wasm/web-test-artefacts),
// CHROMIUM (default /usr/bin/chromium). Exits 77 (ctest: skipped) without
// Chromium, playwright-core or the built site.
import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {existsSync, mkdirSync} from 'node:fs';
import {dirname, join, resolve} from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {serve} from './serve.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '../..');
const site = resolve(process.env.MJK_SITE ?? join(repo, 'build/wasm/web'));
const native = resolve(process.env.MJK_NATIVE_CLI ?? join(repo, 'build/release/cli/mjk'));
const artefacts = resolve(process.env.MJK_ARTEFACTS ?? join(repo, 'build/wasm/web-test-artefacts'));
const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';

function skipAll(reason) {
  console.log(`skipped: ${reason}`);
  process.exit(77);
}
if (!existsSync(chromiumPath)) skipAll(`no Chromium at ${chromiumPath} (apt-get install chromium)`);
if (!existsSync(join(site, 'index.html')) || !existsSync(join(site, 'mjk-page.js')))
  skipAll(`the site is not built at ${site} (cmake --preset wasm && cmake --build --preset wasm)`);
let chromium;
try {
  ({chromium} = await import('playwright-core'));
} catch {
  skipAll('playwright-core is not installed (cd web && npm ci)');
}
const haveNative = existsSync(native);
if (!haveNative) console.log(`note: no native mjk at ${native}: the page is checked against its own wasm answers only, not against the native build`);

let browser, server;
before(async () => {
  mkdirSync(artefacts, {recursive: true});
  browser = await chromium.launch({executablePath: chromiumPath, args: ['--no-sandbox']});
  server = await serve(site);
});
after(async () => {
  await browser?.close();
  await server?.close();
});

async function openPage(query = '', {width = 1280, height = 900, colorScheme = 'light', base = null} = {}) {
  const context = await browser.newContext({viewport: {width, height}, colorScheme});
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', e => problems.push(`page error: ${e.message}`));
  page.on('console', m => { if (m.type() === 'error') problems.push(`console error: ${m.text()}`); });
  await page.goto((base ?? server.url) + query);
  await page.waitForSelector('body[data-ready=true]', {timeout: 60000});
  page.problems = problems;
  return page;
}

const q = request => '?q=' + encodeURIComponent(JSON.stringify(request));

// `mjk --json` of the native build for one request line.
function nativeAnswer(request) {
  const line = typeof request === 'string' ? request : JSON.stringify(request);
  let out;
  try {
    out = execFileSync(native, ['--json'], {input: line + '\n', encoding: 'utf8'});
  } catch (e) {
    out = e.stdout;  // a bad hand exits 1 and still prints its answer
  }
  return JSON.parse(out.trim());
}

// What the page shows, read back from its DOM (tiles by their <title>).
async function readTables(page) {
  return page.evaluate(() => {
    const tiles = el => [...el.querySelectorAll('svg.tile title')].map(t => t.textContent);
    const visible = id => !document.getElementById(id).hidden;
    const out = {error: visible('error') ? document.getElementById('error').textContent : null};
    const forms = [...document.querySelectorAll('#shanten-forms td')].map(td => td.dataset.shanten === '' ? null : Number(td.dataset.shanten));
    out.forms = forms;
    if (visible('advice-box'))
      out.advice = [...document.querySelectorAll('#advice tbody tr')].map(tr => {
        const td = tr.querySelectorAll('td');
        return {discard: tiles(td[0])[0], shanten: Number(td[1].textContent), necessary: tiles(td[2]), ukeire: Number(td[3].textContent)};
      });
    if (visible('waits-box')) out.waits = tiles(document.getElementById('waits'));
    if (visible('readings-box')) out.readings = [...document.querySelectorAll('#readings li')].map(li => li.querySelectorAll('.block').length);
    if (visible('score-box')) {
      out.scoreWords = document.getElementById('score-words').textContent;
      out.yaku = [...document.querySelectorAll('#yaku tbody tr:not(.total) td:first-child')].map(td => td.textContent);
      out.payments = [...document.querySelectorAll('#payments tbody tr td:last-child')].map(td => Number(td.textContent));
    }
    return out;
  });
}

// The page's tables must say what the answer says.
function checkTables(tables, answer, label) {
  if (answer.error) { assert.equal(tables.error, answer.error, label); return; }
  assert.equal(tables.error, null, `${label}: no error shown`);
  assert.deepEqual(tables.forms, [answer.shanten, answer.shanten_standard, answer.shanten_chiitoi, answer.shanten_kokushi], `${label}: shanten per form`);
  if (answer.advice) assert.deepEqual(tables.advice, answer.advice, `${label}: advice`);
  else assert.equal(tables.advice, undefined, `${label}: no advice table`);
  if (answer.waits) assert.deepEqual(tables.waits, answer.waits, `${label}: waits`);
  if (answer.decompositions?.length)
    assert.deepEqual(tables.readings, answer.decompositions.map(d => d.blocks.length), `${label}: readings`);
  if (answer.score) {
    assert.deepEqual(tables.yaku, answer.score.yaku.map(y => y.name.replaceAll('_', ' ')), `${label}: yaku`);
    if (answer.score.yaku.length)
      assert.match(tables.scoreWords, new RegExp(`\\b${answer.score.points} points`), `${label}: points`);
  }
}

const HANDS = [
  {hand: '123m456p13789s556z'},
  {hand: '1112345678999m'},
  {hand: '123m456p789s11z23s', win: '1s'},
  {hand: '123678m345p67s55s', win: '8s', tsumo: true, seat: '2z', dora: '9p'},
  {hand: '678m345p67s55s', melds: [{type: 'chi', tiles: '234m', from: 'kamicha'}], win: '8s', seat: '2z', dora: '9p'},
  {hand: '1112345678999m', win: '5m', tsumo: true},
  {hand: '19m19p19s1234567z', win: '1m', riichi: 1, ippatsu: true},
  {hand: '1199m3377p2288s5z', win: '5z', seat: '2z', honba: 2, sticks: 1},
  {hand: '1111m111122233z', players: 3},
  {hand: '123m456p789s11z23s', visible: '1155m7z'},
  {hand: '123m456p789s1z2z', win: '8s'},
  {hand: '11112m'},
];

test('hands typed as text: the tables say what mjk --json says', async t => {
  const page = await openPage(q({hand: ''}));
  for (const request of HANDS) {
    await page.evaluate(r => {
      document.getElementById('melds').value = (r.melds ?? []).map(m => `${m.type}:${m.tiles}${m.from && m.from !== 'kamicha' ? '@' + m.from : ''}`).join(' ');
      for (const [id, v] of [['visible', r.visible ?? ''], ['dora', r.dora ?? ''], ['seat', r.seat ?? '1z'], ['riichi', String(r.riichi ?? 0)],
                             ['honba', String(r.honba ?? 0)], ['sticks', String(r.sticks ?? 0)]]) document.getElementById(id).value = v;
      document.getElementById('ippatsu').checked = !!r.ippatsu;
      for (const input of document.querySelectorAll('input[name=how]')) input.checked = input.value === (r.tsumo ? 'tsumo' : 'ron');
      for (const input of document.querySelectorAll('input[name=players]')) input.checked = input.value === String(r.players ?? 4);
    }, request);
    await page.fill('#hand', request.hand + (request.win ? ' ' + request.win : ''));  // types: input events as a person's
    const sent = await page.evaluate(() => mjkPage.readControls());
    assert.deepEqual(sent, request, 'the controls make the request');
    const answer = await page.evaluate(() => mjkPage.view.answer);
    checkTables(await readTables(page), answer, request.hand);
    if (haveNative) assert.deepEqual(answer, nativeAnswer(request), `${JSON.stringify(request)}: wasm answer = native answer`);
  }
  if (!haveNative) t.diagnostic(`native comparison skipped: no ${native}`);
  assert.deepEqual(page.problems, []);
});

test('a tenpai hand shows what each wait pays, as mjk --json says with "each_win"', async () => {
  const request = {hand: '123678m345p67s55s', tsumo: true, riichi: 1, seat: '2z', dora: '4s'};
  const page = await openPage(q(request));
  const rows = () => page.$$eval('#wins tbody tr', trs => trs.map(tr => ({
    tile: tr.querySelector('svg.tile title').textContent, words: tr.querySelectorAll('td')[1].textContent})));
  const want = haveNative ? nativeAnswer({...request, each_win: true}).each_win
                          : await page.evaluate(r => mjkPage.mjk.analyse({...r, each_win: true}).each_win, request);
  const shown = await rows();
  assert.deepEqual(shown.map(r => r.tile), Object.keys(want));
  for (const {tile, words} of shown) assert.match(words, new RegExp(`\\(${want[tile].points} points; South receives`), tile);
  assert.match(shown[0].words, /^6 han, haneman: tsumo 3000\/6000/);
  // A wait without a yaku says so; a request that cannot be won as it stands
  // (riichi on an open hand) shows its waits and no table.
  await page.fill('#hand', '123m456p789s11z23s');
  for (const input of await page.$$('input[name=how]')) if (await input.getAttribute('value') === 'ron') await input.check();
  await page.selectOption('#riichi', '0');
  await page.fill('#dora', '');
  assert.deepEqual((await rows()).map(r => r.words.slice(0, 7)), ['No yaku', 'No yaku']);
  await page.fill('#hand', '678m345p67s55s chi:234m');
  await page.selectOption('#riichi', '1');
  assert.equal(await page.isHidden('#wins'), true);
  assert.deepEqual(await page.evaluate(() => mjkPage.view.answer.waits), ['5s', '8s']);
  assert.deepEqual(page.problems, []);
});

test('a line as mjk reads it, meld words in the hand field, asks the same', async () => {
  const page = await openPage(q({hand: ''}));
  await page.selectOption('#seat', '2z');
  await page.fill('#dora', '9p');
  await page.fill('#hand', '678m345p67s55s chi:234m 8s');
  const request = await page.evaluate(() => mjkPage.readControls());
  assert.deepEqual(request, {hand: '678m345p67s55s', melds: [{type: 'chi', tiles: '234m', from: 'kamicha'}], win: '8s', seat: '2z', dora: '9p'});
  const answer = await page.evaluate(() => mjkPage.view.answer);
  assert.equal(answer.score.fu, 30, 'SCORING.md: open pinfu shape, ron: tanyao 1 han 30 fu');
  assert.equal(answer.score.points, 1000);
  checkTables(await readTables(page), answer, 'meld words');
  // The tiles drawn are the concealed ones and the winning tile, not the meld's.
  assert.equal(await page.locator('#hand-tiles button').count(), 11);
  await page.fill('#melds', 'chi-234m');
  assert.match(await page.textContent('#error'), /meld 2 \("chi-234m"\) is not TYPE:TILES/);
  // A bad hand's error names the character of what was typed, not a byte of
  // the JSON the page sends (before: "at position 15").
  await page.fill('#melds', '');
  await page.fill('#hand', '123m45x 8s');
  assert.equal(await page.textContent('#error'), 'unknown character at position 6: in the field hand');
  assert.deepEqual(page.problems, []);
});

test('a hand built by clicking and by keyboard', async () => {
  const page = await openPage(q({hand: ''}));
  await page.click('#clear');
  for (const tile of ['1m', '2m', '3m', '4p', '5p', '6p', '7s', '8s', '9s', '1z', '1z', '2z', '2z']) await page.click(`#palette [data-tile="${tile}"]`);
  assert.equal(await page.inputValue('#hand'), '123m456p789s1122z');
  // The winning tile through the keyboard: radio, then Enter and Space on palette tiles.
  await page.check('input[name=target][value=win]');
  await page.focus('#palette [data-tile="2z"]');
  await page.keyboard.press('Enter');
  assert.equal(await page.inputValue('#hand'), '123m456p789s1122z 2z');
  await page.check('input[name=target][value=hand]');
  await page.focus('#palette [data-tile="9p"]');
  await page.keyboard.press(' ');
  assert.equal(await page.inputValue('#hand'), '123m456p9p789s1122z 2z'.replace('456p9p', '4569p'));
  // Removing a tile by clicking it in the hand.
  await page.click('#hand-tiles [data-role=hand][data-index="6"]');
  assert.equal(await page.inputValue('#hand'), '123m456p789s1122z 2z');
  const answer = await page.evaluate(() => mjkPage.view.answer);
  assert.equal(answer.agari, true);
  checkTables(await readTables(page), answer, 'clicked hand');
  if (haveNative) assert.deepEqual(answer, nativeAnswer(await page.evaluate(() => mjkPage.readControls())));
  // The advice table sorts by a column, both ways, by keyboard.
  await page.fill('#hand', '123m456p13789s556z');
  await page.focus('#advice th[data-key=ukeire] button');
  await page.keyboard.press('Enter');
  let ukeire = await page.$$eval('#advice tbody tr td:nth-child(4)', tds => tds.map(td => Number(td.textContent)));
  assert.deepEqual(ukeire, [...ukeire].sort((a, b) => a - b));
  await page.keyboard.press('Enter');
  ukeire = await page.$$eval('#advice tbody tr td:nth-child(4)', tds => tds.map(td => Number(td.textContent)));
  assert.deepEqual(ukeire, [...ukeire].sort((a, b) => b - a));
  assert.equal(await page.getAttribute('#advice th[data-key=ukeire]', 'aria-sort'), 'descending');
  assert.deepEqual(page.problems, []);
});

test('the permalink gives back the same state and the same tables', async () => {
  const page = await openPage(q({hand: ''}));
  await page.fill('#melds', 'pon:555z@toimen');
  await page.selectOption('#seat', '3z');
  await page.selectOption('#round', '2z');
  await page.check('input[name=how][value=tsumo]');
  await page.fill('#dora', '4z');
  await page.fill('#honba', '1');
  await page.check('#ev-hand-change');
  await page.fill('#hand', '123m456p789s1z 1z');
  const request = await page.evaluate(() => mjkPage.readControls());
  const href = await page.getAttribute('#permalink', 'href');
  assert.equal(new URL(page.url()).search, href, 'the address bar holds the permalink');
  const tables = await readTables(page);
  const again = await openPage(href);
  assert.deepEqual(await again.evaluate(() => mjkPage.readControls()), request);
  assert.equal(await again.isChecked('#ev-hand-change'), true);
  assert.deepEqual(await readTables(again), tables);
  assert.ok(tables.scoreWords, 'scored');
  assert.deepEqual([...page.problems, ...again.problems], []);
});

test('a permalink that cannot be read starts empty, says why naming the field, and the page works', async () => {
  const cases = [
    [q({hand: '123m', melds: 5}), /melds must be an array of meld objects/],
    [q({hand: '123m', melds: 'chi'}), /melds must be an array of meld objects/],
    [q({hand: '123m', melds: {}}), /melds must be an array of meld objects/],
    [q({hand: '123m', melds: [null]}), /melds\[0\] must be a meld object/],
    [q({hand: '123m', players: 7}), /players must be 3 or 4/],
    [q({hand: '123m', riichi: true}), /riichi must be 0, 1 or 2/],
    [q({hand: '123m', seat: '5z'}), /seat must be a wind/],
    [q({hand: '123m', visible: [1, 2]}), /visible must be an mpsz string or an array of 34 counts/],
    [q({hand: '123m', ev: {turn: 40}}), /ev\.turn must be an integer 1 to 17/],
    [q({hand: '123m', rules: {pao: false}}), /"rules" is not a field the page sets/],
    ['?q=' + encodeURIComponent('{"hand":'), /it is not JSON/],
  ];
  for (const [query, why] of cases) {
    const page = await openPage(query);
    const status = await page.textContent('#status');
    assert.match(status, /^mjk \S+, portable kernel .*The link's q cannot be read: /, query);
    assert.match(status, why, query);
    assert.match(status, /; starting empty\.$/, query);
    assert.equal(await page.inputValue('#hand'), '', `${query}: starts empty`);
    // Typing works: the analysis follows the hand, the permalink is the page's own again.
    await page.fill('#hand', '123m456p789s11z23s');
    assert.deepEqual(await page.evaluate(() => mjkPage.view.answer.waits), ['1s', '4s'], query);
    await page.click('input[name=players][value="3"]');
    assert.equal(await page.evaluate(() => mjkPage.readControls().players), 3, query);
    assert.deepEqual(page.problems, [], query);
    await page.context().close();
  }
  // A link written by hand in the library's other spellings still opens.
  const page = await openPage(q({hand: '123m456p789s11z23s', seat: 'South', tsumo: 1, visible: [2, ...Array(33).fill(0)]}));
  assert.deepEqual(await page.evaluate(() => mjkPage.readControls()),
                   {hand: '123m456p789s11z23s', tsumo: true, seat: '2z', visible: '11m'});
  assert.doesNotMatch(await page.textContent('#status'), /cannot be read/);
  assert.deepEqual(page.problems, []);
});

test('EV panel: the search runs in a worker, shows the answer or the library\'s error, and can be cancelled', async () => {
  const page = await openPage(q({hand: '23m456p13789s556z1m'}));
  // Cancel at once (both clicks in one task, so the search cannot end first):
  // the buttons come back.
  await page.evaluate(() => { document.getElementById('ev-run').click(); document.getElementById('ev-cancel').click(); });
  await page.waitForFunction(() => document.getElementById('ev-status').textContent === 'Cancelled.');
  assert.equal(await page.isDisabled('#ev-cancel'), true);
  assert.equal(await page.isDisabled('#ev-run'), false);
  // Cancel while the worker runs: it is terminated, the promise rejects with AbortError.
  const cancelled = await page.evaluate(async () => {
    const controller = new AbortController();
    const phases = [];
    try {
      await mjkPage.mjk.ev({hand: '23m456p13789s556z1m'}, {signal: controller.signal,
        onProgress: p => { phases.push(p.phase); if (p.phase === 'loading') controller.abort(); }});
      return {phases, name: 'finished'};
    } catch (e) {
      return {phases, name: e.name};
    }
  });
  assert.deepEqual(cancelled, {phases: ['loading'], name: 'AbortError'});
  // The worker places an object's error in its field too; text keeps its byte.
  const bad = await page.evaluate(() => mjkPage.mjk.ev([{hand: '123m45x'}, '{"hand":"123m45x","ev":{}}']));
  assert.deepEqual(bad.map(a => a.error), ['unknown character at position 6: in the field hand',
                                           'unknown character at position 15: in the field hand']);
  // Run to the end: until the library answers "ev" requests, its error shows.
  await page.click('#ev-run');
  await page.waitForFunction(() => !document.getElementById('ev-error').hidden || !document.getElementById('ev-table').hidden,
                             null, {timeout: 120000});
  const answer = await page.evaluate(() => mjkPage.view.evAnswer);
  if (answer.error) {
    assert.equal(await page.textContent('#ev-error'), answer.error);
    if (haveNative) {
      const request = await page.evaluate(() => { const r = mjkPage.readControls(); delete r.win; return r; });
      const evOptions = JSON.parse(new URLSearchParams(new URL(page.url()).search).get('q')).ev ?? {};
      const budget = await page.evaluate(() => mjkPage.view.evMaxVertices);
      assert.deepEqual(answer, nativeAnswer({...request, ev: {...evOptions, max_vertices: budget}}), 'the worker answers as mjk --json');
    }
  } else {
    assert.ok(answer.ev.discards.length > 0);
    assert.ok(await page.isVisible('#ev-chart svg.chart'));
  }
  assert.equal(await page.isDisabled('#ev-run'), false);
  assert.equal(await page.isDisabled('#ev-cancel'), true);
  assert.deepEqual(page.problems, []);
});

test('EV panel: a long search is cancelled, the heaviest ends in the budget\'s error, and the page stays usable', async () => {
  const heavy = {hand: '147m258p369s12345z', ev: {hand_change: true, shanten_back: true}};
  const page = await openPage(q(heavy));
  assert.equal(await page.isChecked('#ev-shanten-back'), true);
  const budget = await page.evaluate(() => mjkPage.view.evMaxVertices);
  assert.equal(budget, 1000000, 'the page\'s budget: about 260 MB of the worker\'s memory');
  // A long search to cancel: this test raises the budget (6,000,000 positions
  // take tens of seconds here), so it is still searching when Cancel comes.
  await page.evaluate(() => { mjkPage.view.evMaxVertices = 6000000; });
  await page.click('#ev-run');
  await page.waitForFunction(() => /^Searching… /.test(document.getElementById('ev-status').textContent), null, {timeout: 60000});
  await page.waitForTimeout(1500);
  assert.match(await page.textContent('#ev-status'), /^Searching… /, 'still searching, inside the one wasm call');
  assert.equal(page.workers().length, 1, 'the search runs in a worker');
  await page.click('#ev-cancel');
  assert.equal(await page.textContent('#ev-status'), 'Cancelled.');
  assert.equal(await page.isDisabled('#ev-cancel'), true);
  assert.equal(await page.isDisabled('#ev-run'), false);
  for (let i = 0; i < 50 && page.workers().length; ++i) await page.waitForTimeout(100);
  assert.equal(page.workers().length, 0, 'the worker is terminated, its search with it');
  // The page goes on: typing is analysed at once.
  await page.fill('#hand', '123m456p789s11z23s');
  assert.deepEqual(await page.evaluate(() => mjkPage.view.answer.waits), ['1s', '4s']);
  // With the page's own budget the heaviest search ends in the library's
  // named error, said with what the page offers instead (before: after
  // half a minute, "mjk: Aborted()").
  await page.evaluate(b => { mjkPage.view.evMaxVertices = b; }, budget);
  await page.fill('#hand', heavy.hand);
  await page.click('#ev-run');
  await page.waitForFunction(() => !document.getElementById('ev-error').hidden || !document.getElementById('ev-table').hidden,
                             null, {timeout: 240000});
  assert.match(await page.textContent('#ev-error'),
               /^the search passed max_vertices: .*\(The page stops a search at 1,000,000 positions, what a browser tab's memory holds: /);
  assert.equal(await page.isDisabled('#ev-run'), false);
  assert.equal(await page.isDisabled('#ev-cancel'), true);
  // And the next search is answered.
  await page.uncheck('#ev-hand-change');
  await page.uncheck('#ev-shanten-back');
  await page.fill('#hand', '23m456p13789s556z1m');
  await page.click('#ev-run');
  await page.waitForSelector('#ev-table:not([hidden])', {timeout: 120000});
  assert.ok(await page.isVisible('#ev-chart svg.chart'));
  assert.match(await page.textContent('#ev-status'), /^Searched \d+ positions in /);
  assert.deepEqual(page.problems, []);
});

// An answer of EV.md's shape, to draw while the library has no "ev" yet.
function syntheticEv() {
  const curve = (f) => Array.from({length: 19}, (_, t) => (t === 0 ? 0 : f(t)));
  const discard = (tile, shanten, rate, value) => ({
    discard: tile, shanten, necessary: [['3m', 4], ['6m', 3], ['5p', 2]],
    tenpai: curve(t => 1 - Math.exp(-rate * (18 - t))), win: curve(t => 0.8 * (1 - Math.exp(-rate * (18 - t) / 2))),
    score: curve(t => value * 0.8 * (1 - Math.exp(-rate * (18 - t) / 2))),
  });
  return {hand: '23m456p13789s556z1m', ev: {shanten: 1, vertices: 1301, wall: 121,
    discards: [discard('6s', 1, 0.12, 5200), discard('1s', 1, 0.2, 3900), discard('5z', 1, 0.15, 4500),
               discard('1m', 2, 0.05, 2000), discard('9s', 1, 0.18, 3000)]}};
}

test('EV panel draws an answer: the table by expected score at the chosen turn, the chart of the leading discards', async () => {
  const page = await openPage(q({hand: '23m456p13789s556z1m'}));
  await page.evaluate(a => mjkPage.showEv(a), syntheticEv());
  const order = () => page.$$eval('#ev-table tbody tr td:first-child svg title', ts => ts.map(t => t.textContent));
  assert.deepEqual(await order(), ['6s', '5z', '1s', '9s', '1m']);  // by score at turn 1
  const scores = await page.$$eval('#ev-table tbody tr td:last-child', tds => tds.map(td => Number(td.textContent)));
  assert.deepEqual(scores, [...scores].sort((a, b) => b - a), 'sorted by expected score at the turn');
  assert.equal(await page.locator('#ev-chart polyline').count(), 4, 'the four leading discards');
  await page.selectOption('#ev-turn', '15');
  const late = await page.$$eval('#ev-table tbody tr td:last-child', tds => tds.map(td => Number(td.textContent)));
  assert.deepEqual(late, [...late].sort((a, b) => b - a));
  assert.ok(late[0] < scores[0], 'fewer draws left, less expected');
  assert.match(new URL(page.url()).search, /%22turn%22%3A15/, 'the turn is in the permalink');
  await page.selectOption('#ev-metric', 'tenpai');
  assert.match(await page.getAttribute('#ev-chart svg.chart', 'aria-label'), /^tenpai/);
  assert.deepEqual(page.problems, []);
});

test('opened from disk (file://): the classic bundle runs the same analysis', async () => {
  const request = {hand: '123678m345p67s55s', win: '8s', tsumo: true, seat: '2z', dora: '9p'};
  const page = await openPage(q(request), {base: pathToFileURL(join(site, 'index.html')).href});
  const answer = await page.evaluate(() => mjkPage.view.answer);
  checkTables(await readTables(page), answer, 'file://');
  assert.equal(answer.score.points, 1500);
  // The EV worker starts from file:// too (a blob worker).
  await page.click('#ev-run');
  await page.waitForFunction(() => !document.getElementById('ev-error').hidden || !document.getElementById('ev-table').hidden,
                             null, {timeout: 120000});
  assert.doesNotMatch(await page.textContent('#ev-error'), /worker failed/);
  assert.deepEqual(page.problems, []);
});

test('speed: analyse per key press (reported, not asserted)', async t => {
  const page = await openPage(q({hand: ''}));
  const lines = ['123m456p13789s556z', '1112345678999m', '19m19p19s1234567z 1m', '123678m345p67s55s 8s', '2468m13579p2468s1z'];
  const result = await page.evaluate(lines => {
    const rows = [];
    for (const line of lines) {
      for (let i = 0; i < 20; ++i) mjkPage.mjk.analyse(line);  // warm
      const n = 200, t0 = performance.now();
      for (let i = 0; i < n; ++i) mjkPage.mjk.analyse(line);
      rows.push({line, ms: (performance.now() - t0) / n});
    }
    return rows;
  }, lines);
  // And one whole key press: input event, analysis, tables drawn (the
  // median of 15, each after another hand, so every one redraws).
  const keyPress = [];
  for (const line of lines) {
    const runs = [];
    for (let i = 0; i < 15; ++i) {
      await page.fill('#hand', i % 2 ? '1m' : line);
      await page.fill('#hand', line);
      runs.push(await page.evaluate(() => { const t = mjkPage.view.timings.at(-1); return t.analyse + t.render; }));
    }
    keyPress.push(runs.sort((a, b) => a - b)[7]);
  }
  for (const [i, r] of result.entries())
    t.diagnostic(`${r.line.padEnd(24)} analyse ${r.ms.toFixed(3)} ms, key press (analyse + draw, median) ${keyPress[i].toFixed(2)} ms`);
  console.log(JSON.stringify({speed: result, keyPress}));
});

test('screenshots: desktop and phone, light and dark, every panel', async t => {
  const request = {hand: '123678m345p67s55s', win: '8s', tsumo: true, seat: '2z', dora: '9p', riichi: 1};
  const shots = [];
  for (const [device, width, height] of [['desktop', 1280, 900], ['phone', 375, 800]]) {
    for (const colorScheme of ['light', 'dark']) {
      const page = await openPage(q(request), {width, height, colorScheme});
      await page.click('#ev-run');
      await page.waitForFunction(() => !document.getElementById('ev-error').hidden || !document.getElementById('ev-table').hidden,
                                 null, {timeout: 120000});
      const name = `${device}-${colorScheme}`;
      await page.screenshot({path: join(artefacts, `${name}-page.png`), fullPage: true});
      for (const panel of ['input', 'results', 'ev']) await page.locator(`#${panel}`).screenshot({path: join(artefacts, `${name}-${panel}.png`)});
      // The EV panel with an answer drawn (EV.md's shape; made up until the library answers "ev").
      await page.evaluate(a => mjkPage.showEv(a), syntheticEv());
      await page.locator('#ev').screenshot({path: join(artefacts, `${name}-ev-chart.png`)});
      // A tenpai hand's discard table, for the advice panel.
      await page.fill('#hand', '123m456p13789s556z');
      await page.locator('#results').screenshot({path: join(artefacts, `${name}-advice.png`)});
      // Nothing wider than the screen.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${name}: the page is ${overflow}px wider than the screen`);
      assert.deepEqual(page.problems, []);
      shots.push(name);
    }
  }
  t.diagnostic(`screenshots in ${artefacts}: ${shots.join(', ')}`);
});
