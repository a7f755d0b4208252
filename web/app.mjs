// The hand-analysis page: reads the controls, asks the library (mjk.mjs) for
// the answer `mjk --json` gives the same request, and draws it. The page's
// state is one request object (SCORING.md's fields, and EV.md's "ev" for the
// EV panel), which is also the permalink: ?q=<that JSON>.
import * as mjk from './mjk.mjs';
import {KIND_NAMES, joinTiles, splitTiles, tileSprite, tileSvg, tilesSvg} from './tiles.mjs';
import {EV_TURNS, FLAGS, FROM_NAMES, MELD_TYPES, readPermalink} from './permalink.mjs';

const $ = id => document.getElementById(id);
const SEAT_NAMES = ['East', 'South', 'West', 'North'];

// The EV search's budget: it stops with the library's too_many_vertices
// error past this many positions. The search holds about 260 bytes a
// position in WebAssembly (1,000,000 took the worker's memory from 32 to
// 261 MB under Node 20), and a browser tab, a phone's too, can hold that;
// unbounded, the heaviest searches grow to the module's 2 GiB, minutes
// later. A 2-shanten hand with every option searches some 10,000.
const EV_MAX_VERTICES = 1000000;

// What the page shows: the last answer, the advice table's order, timings.
// wins: what each wait of a tenpai hand pays ({tile: score}, the "each_win" answer), or null.
// evMaxVertices: the EV budget (the browser test raises it to have a long search to cancel).
const view = {answer: null, wins: null, adviceSort: null, evAnswer: null, evRun: null, timings: [],
              evMaxVertices: EV_MAX_VERTICES};

// ---- the controls <-> the request ----

// Meld words as `mjk` reads them ("chi:234m pon:555z@toimen") -> the
// request's "melds" array. The tiles are the library's to check; a word
// that is not TYPE:TILES[@FROM] at all is named here.
function parseMelds(text) {
  const melds = [];
  const words = text.trim() ? text.trim().split(/\s+/) : [];
  for (const [i, word] of words.entries()) {
    const m = /^([a-z]+):([0-9mpsz]+)(?:@([a-z]+))?$/.exec(word);
    if (!m) throw new Error(`meld ${i + 1} ("${word}") is not TYPE:TILES[@FROM], such as pon:555z@toimen`);
    if (!MELD_TYPES.includes(m[1])) throw new Error(`meld ${i + 1}: "${m[1]}" is not chi, pon, minkan, ankan or kakan`);
    if (m[3] && !FROM_NAMES.includes(m[3])) throw new Error(`meld ${i + 1}: "${m[3]}" is not kamicha, toimen or shimocha`);
    if (m[3] && m[1] === 'ankan') throw new Error(`meld ${i + 1}: a closed kan (ankan) is called from no one`);
    const meld = {type: m[1], tiles: m[2]};
    if (m[1] !== 'ankan') meld.from = m[3] ?? 'kamicha';
    melds.push(meld);
  }
  return melds;
}

function meldWords(melds) {
  return (melds ?? []).map(m => `${m.type}:${m.tiles}${m.from && m.from !== 'kamicha' ? '@' + m.from : ''}`).join(' ');
}

// The hand field as `mjk` reads a line: the concealed tiles, meld words
// (TYPE:TILES[@FROM], also accepted here), then the winning tile.
function splitHandField(text) {
  const tokens = text.trim().split(/\s+/).filter(Boolean);
  const concealed = tokens.length && !tokens[0].includes(':') ? tokens.shift() : '';
  return {concealed, meldWords: tokens.filter(t => t.includes(':')), win: tokens.filter(t => !t.includes(':')).join('')};
}

function joinHandField({concealed, meldWords, win}) {
  return [concealed, ...meldWords, win].filter(Boolean).join(' ');
}

// The request of the controls (only what differs from SCORING.md's defaults).
function readControls() {
  const field = splitHandField($('hand').value);
  const request = {hand: field.concealed};
  const melds = parseMelds([...field.meldWords, $('melds').value].join(' '));
  if (melds.length) request.melds = melds;
  if (field.win) request.win = field.win;
  const how = document.querySelector('input[name=how]:checked').value;
  if (how === 'tsumo') request.tsumo = true;
  else if ($('from').value !== 'kamicha') request.from = $('from').value;
  if ($('seat').value !== '1z') request.seat = $('seat').value;
  if ($('round').value !== '1z') request.round = $('round').value;
  if ($('riichi').value !== '0') request.riichi = Number($('riichi').value);
  for (const flag of FLAGS) if ($(flag).checked) request[flag] = true;
  for (const id of ['dora', 'ura']) if ($(id).value.trim()) request[id] = $(id).value.trim();
  for (const id of ['honba', 'sticks', 'nuki']) {
    const n = Number($(id).value);
    if (n) request[id] = Number.isInteger(n) ? n : $(id).value;  // a fraction is the library's error to name
  }
  if (document.querySelector('input[name=players]:checked').value === '3') request.players = 3;
  if ($('visible').value.trim()) request.visible = $('visible').value.trim();
  return request;
}

function evOptions() {
  const ev = {};
  if ($('ev-turn').value !== '1') ev.turn = Number($('ev-turn').value);
  if ($('ev-hand-change').checked) ev.hand_change = true;
  if ($('ev-shanten-back').checked) ev.shanten_back = true;
  return ev;
}

function writeControls(q) {
  $('hand').value = (q.hand ?? '') + (q.win ? ' ' + q.win : '');
  $('melds').value = meldWords(q.melds);
  $('visible').value = typeof q.visible === 'string' ? q.visible : '';
  setRadio('players', String(q.players ?? 4));
  setRadio('how', q.tsumo ? 'tsumo' : 'ron');
  $('from').value = q.from ?? 'kamicha';
  $('seat').value = q.seat ?? '1z';
  $('round').value = q.round ?? '1z';
  $('riichi').value = String(q.riichi ?? 0);
  for (const flag of FLAGS) $(flag).checked = !!q[flag];
  for (const id of ['dora', 'ura']) $(id).value = q[id] ?? '';
  for (const id of ['honba', 'sticks', 'nuki']) $(id).value = String(q[id] ?? 0);
  const ev = q.ev ?? {};
  $('ev-turn').value = String(ev.turn ?? 1);
  $('ev-hand-change').checked = !!ev.hand_change;
  $('ev-shanten-back').checked = !!ev.shanten_back;
}

function setRadio(name, value) {
  for (const input of document.querySelectorAll(`input[name=${name}]`)) input.checked = input.value === value;
}

// The permalink holds the request and the EV options: ?q=<JSON>.
function permalinkQuery(request) {
  const ev = evOptions();
  const q = Object.keys(ev).length ? {...request, ev} : request;
  return '?q=' + encodeURIComponent(JSON.stringify(q));
}

// ---- analysis ----

function update() {
  let request;
  try {
    request = readControls();
  } catch (e) {
    view.answer = null;
    showError(e.message);
    return;
  }
  $('from').disabled = !!request.tsumo;  // a tsumo is from no one
  const query = permalinkQuery(request);
  $('permalink').href = query;
  try { history.replaceState(null, '', query); } catch { /* some file:// setups refuse; the link still works */ }
  if (!request.hand && !request.melds) { view.answer = null; clearResults(); renderHandTiles(); return; }
  const t0 = performance.now();
  const answer = mjk.analyse(request);
  view.wins = winsOf(answer, request);
  const t1 = performance.now();
  view.answer = answer;
  render(answer, request);
  const t2 = performance.now();
  view.timings.push({analyse: t1 - t0, render: t2 - t1});
  $('timing').textContent = `Last answer: ${(t1 - t0).toFixed(2)} ms to analyse, ${(t2 - t1).toFixed(1)} ms to draw.`;
}

// A tenpai hand named without its winning tile: what each wait pays, the
// library's "each_win" answer for the same request (null when the request
// cannot be won as it stands, e.g. riichi on an open hand: the waits still show).
function winsOf(answer, request) {
  if (answer.error || request.win || answer.shanten !== 0 || !answer.waits?.length) return null;
  const each = mjk.analyse({...request, each_win: true});
  return each.error ? null : each.each_win;
}

function clearResults() {
  $('error').hidden = true;
  $('summary').innerHTML = '';
  for (const id of ['waits-box', 'advice-box', 'readings-box', 'score-box']) $(id).hidden = true;
}

function showError(message) {
  clearResults();
  $('error').textContent = message;
  $('error').hidden = false;
}

function render(answer, request) {
  renderHandTiles();
  if (answer.error) { showError(answer.error); return; }
  $('error').hidden = true;
  renderSummary(answer);
  renderWaits(answer, request);
  renderAdvice(answer);
  renderReadings(answer);
  renderScore(answer, request);
}

function shantenWords(n) {
  if (n === null || n === undefined) return '—';
  if (n === -1) return 'complete';
  if (n === 0) return 'tenpai';
  return `${n}-shanten`;
}

function renderSummary(a) {
  const forms = [['best', a.shanten], ['standard', a.shanten_standard], ['seven pairs', a.shanten_chiitoi],
                 ['thirteen orphans', a.shanten_kokushi]];
  $('summary').innerHTML =
    `<p class="headline">${a.tiles} tiles: <strong>${shantenWords(a.shanten)}</strong>` +
    `${a.agari ? ' — a complete hand' : ''}</p>` +
    `<table id="shanten-forms" class="compact"><thead><tr>${forms.map(([f]) => `<th scope="col">${f}</th>`).join('')}</tr></thead>` +
    `<tbody><tr>${forms.map(([, n]) => `<td data-shanten="${n ?? ''}">${n ?? '—'}</td>`).join('')}</tr></tbody></table>`;
}

function renderWaits(a, request) {
  const box = $('waits-box');
  box.hidden = !a.necessary;
  if (!a.necessary) return;
  $('waits').innerHTML = a.waits.length ? tilesSvg(a.waits, {height: 36}) : '<span class="muted">none: not tenpai</span>';
  $('necessary-line').innerHTML = `Necessary tiles <span class="tile-row inline">${tilesSvg(a.necessary, {height: 28})}</span> ` +
                                  `ukeire <strong>${a.ukeire}</strong>`;
  // What each wait pays, as the score panel would say it with that winning tile.
  const wins = view.wins ? Object.entries(view.wins) : [];
  $('wins').hidden = !wins.length;
  $('wins').tBodies[0].innerHTML = wins.map(([tile, score]) =>
    `<tr><td>${tilesSvg([tile], {height: 28})}</td><td>${scoreWords(score, {...request, win: tile})}</td></tr>`).join('');
}

function renderAdvice(a) {
  const box = $('advice-box');
  box.hidden = !a.advice;
  if (!a.advice) return;
  const rows = [...a.advice];
  const sort = view.adviceSort;
  if (sort) {
    const key = {
      discard: r => KIND_NAMES.indexOf(r.discard),
      shanten: r => r.shanten,
      necessary: r => r.necessary.length,
      ukeire: r => r.ukeire,
    }[sort.key];
    rows.sort((x, y) => (key(x) - key(y)) * sort.dir);
  }
  for (const th of document.querySelectorAll('#advice th'))
    th.setAttribute('aria-sort', sort?.key === th.dataset.key ? (sort.dir > 0 ? 'ascending' : 'descending') : 'none');
  $('advice').tBodies[0].innerHTML = rows.map(r =>
    `<tr data-discard="${r.discard}"><td>${tileSvg(r.discard, {height: 32})}</td><td>${r.shanten}</td>` +
    `<td><span class="tile-row inline">${tilesSvg(r.necessary, {height: 26})}</span></td><td>${r.ukeire}</td></tr>`).join('');
}

const FORM_WORDS = {standard: 'four sets and a pair', chiitoi: 'seven pairs', kokushi: 'thirteen orphans'};

function renderReadings(a) {
  const box = $('readings-box');
  box.hidden = !a.decompositions?.length;
  if (box.hidden) return;
  $('readings').innerHTML = a.decompositions.map(d => {
    const blocks = d.blocks.map((b, i) =>
      `<span class="block${i === d.win ? ' win-block' : ''}">${tilesSvg(splitTiles(b), {height: 30})}</span>`).join('');
    const wait = d.wait ? `, wait <strong>${d.wait}</strong>` : '';
    return `<li><span class="muted">${FORM_WORDS[d.form] ?? d.form}${wait}</span><div class="tile-row">${blocks}</div></li>`;
  }).join('');
}

const LIMITS = [[13, 'kazoe yakuman'], [11, 'sanbaiman'], [8, 'baiman'], [6, 'haneman'], [5, 'mangan']];
const MULTIPLES = ['', '', 'double ', 'triple ', 'quadruple ', 'quintuple ', 'sextuple '];

// The score the way it is said at the table: "30 fu 3 han, 3900", "mangan,
// 2000/4000", "yakuman, 16000 all".
function scoreWords(score, request) {
  if (score === null) return 'Not complete with this winning tile.';
  if (!score.yaku.length) return 'No yaku: the hand cannot be declared (dora are no yaku).';
  const dealer = (request.seat ?? '1z') === '1z';
  let value;
  if (score.yakuman) value = `${MULTIPLES[score.yakuman] ?? score.yakuman + '× '}yakuman`;
  else {
    const limit = LIMITS.find(([han]) => score.han >= han);
    const mangan = dealer ? 12000 : 8000;
    value = limit && score.han >= 5 ? `${score.han} han, ${limit[1]}`
          : `${score.fu} fu ${score.han} han${score.points === mangan ? ', mangan' : ''}`;
  }
  const winner = ['1z', '2z', '3z', '4z'].indexOf(request.seat ?? '1z');
  let paid;
  if (request.tsumo) {
    const payers = score.payments.map((p, seat) => ({p: -p, seat})).filter(x => x.p > 0);
    const amounts = [...new Set(payers.map(x => x.p))];
    if (amounts.length === 1) paid = `tsumo ${amounts[0]} all`;
    else {
      const fromDealer = payers.find(x => x.seat === 0)?.p;
      const fromOthers = payers.find(x => x.seat !== 0)?.p;
      paid = `tsumo ${fromOthers}/${fromDealer}`;
    }
  } else {
    paid = `ron ${score.points}`;
  }
  return `${value}: ${paid} (${score.points} points; ${SEAT_NAMES[winner]} receives ${score.payments[winner]}).`;
}

function renderScore(a, request) {
  const box = $('score-box');
  box.hidden = !('score' in a);
  if (box.hidden) return;
  $('score-words').textContent = scoreWords(a.score, request);
  const score = a.score;
  $('yaku').tBodies[0].innerHTML = !score ? '' : score.yaku.map(y =>
    `<tr><td>${y.name.replaceAll('_', ' ')}</td><td>${y.yakuman ? (y.yakuman === 2 ? 'double yakuman' : 'yakuman') : `${y.han} han`}</td></tr>`).join('') +
    (score.yaku.length && !score.yakuman ? `<tr class="total"><td>total</td><td>${score.han} han ${score.fu ?? '—'} fu</td></tr>` : '');
  const players = request.players ?? 4;
  const winner = ['1z', '2z', '3z', '4z'].indexOf(request.seat ?? '1z');
  $('payments').hidden = !score || !score.yaku.length;
  $('payments').tBodies[0].innerHTML = !score ? '' : score.payments.slice(0, players).map((p, seat) =>
    `<tr${seat === winner ? ' class="winner"' : ''}><td>${SEAT_NAMES[seat]}${seat === winner ? ' (winner)' : ''}</td>` +
    `<td>${p > 0 ? '+' : ''}${p}</td></tr>`).join('');
}

// ---- the hand as tiles, the palette ----

function renderHandTiles() {
  const field = splitHandField($('hand').value);
  const tiles = splitTiles(field.concealed);
  const win = splitTiles(field.win);
  const button = (name, i, role) =>
    `<button type="button" class="tile-button" data-index="${i}" data-role="${role}" ` +
    `aria-label="remove ${name}${role === 'win' ? ' (winning tile)' : ''}">${tileSvg(name, {height: 44})}</button>`;
  $('hand-tiles').innerHTML = tiles.map((t, i) => button(t, i, 'hand')).join('') +
    (win.length ? `<span class="win-gap" aria-hidden="true">+</span>${win.map((t, i) => button(t, i, 'win')).join('')}` : '');
}

function removeTile(role, index) {
  const field = splitHandField($('hand').value);
  const tiles = splitTiles(field.concealed);
  if (role === 'win') field.win = ''; else tiles.splice(index, 1);
  $('hand').value = joinHandField({...field, concealed: joinTiles(tiles)});
}

function addTile(name) {
  const target = document.querySelector('input[name=target]:checked').value;
  if (target === 'hand' || target === 'win') {
    const field = splitHandField($('hand').value);
    const tiles = splitTiles(field.concealed);
    if (target === 'hand') tiles.push(name); else field.win = name;
    $('hand').value = joinHandField({...field, concealed: joinTiles(tiles)});
  } else {
    const input = $(target);
    input.value = joinTiles([...splitTiles(input.value), name]);
  }
}

function buildPalette() {
  const names = [...KIND_NAMES.slice(0, 9), '0m', ...KIND_NAMES.slice(9, 18), '0p', ...KIND_NAMES.slice(18, 27), '0s',
                 ...KIND_NAMES.slice(27)];
  $('palette').innerHTML = names.map(name =>
    `<button type="button" class="tile-button" data-tile="${name}" aria-label="add ${name}">${tileSvg(name, {height: 40})}</button>`).join('');
}

// ---- expected value (in a worker) ----

function buildTurns() {
  $('ev-turn').innerHTML = Array.from({length: EV_TURNS}, (_, i) => `<option value="${i + 1}">${i + 1}</option>`).join('');
}

async function runEv() {
  let request;
  try {
    request = readControls();
  } catch (e) {
    showEvError(e.message);
    return;
  }
  // EV.md: the hand as it stands; the search sets the win's own context itself.
  for (const key of ['win', 'tsumo', 'from', 'riichi', 'ippatsu', 'rinshan', 'chankan', 'haitei', 'tenhou', 'ura'])
    delete request[key];
  const controller = new AbortController();
  view.evRun = controller;
  view.evAnswer = null;  // until this search answers, no other answer is redrawn
  $('ev-run').disabled = true;
  $('ev-cancel').disabled = false;
  $('ev-error').hidden = true;
  $('ev-table').hidden = true;
  $('ev-chart').innerHTML = '';
  // The status says the step (the worker loading its module, then the one
  // search call) and the time since Search.
  let step = 'Starting the search…';
  $('ev-status').textContent = step;
  const started = performance.now();
  const ticker = setInterval(() => {
    if (view.evRun === controller) $('ev-status').textContent = `${step} ${((performance.now() - started) / 1000).toFixed(1)} s`;
  }, 200);
  try {
    const answer = await mjk.ev({...request, ev: {...evOptions(), max_vertices: view.evMaxVertices}}, {
      signal: controller.signal,
      onProgress: p => {
        if (p.phase === 'loading') step = 'Loading the analyser in a worker…';
        else if (p.phase === 'searching') step = 'Searching…';
      },
    });
    view.evAnswer = answer;
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    if (answer.error) showEvError(answer.error + (/max_vertices/.test(answer.error) ? budgetWords() : ''));
    else { renderEv(answer); $('ev-status').textContent = `Searched ${answer.ev.vertices} positions in ${seconds} s.`; }
  } catch (e) {
    if (e.name === 'AbortError') $('ev-status').textContent = 'Cancelled.';
    else showEvError(e.message);
  } finally {
    clearInterval(ticker);
    if (view.evRun === controller) view.evRun = null;
    $('ev-run').disabled = false;
    $('ev-cancel').disabled = true;
  }
}

// The library's too_many_vertices error says "raise max_vertices", which the
// page does not offer: what it can do instead.
function budgetWords() {
  return ` (The page stops a search at ${view.evMaxVertices.toLocaleString('en')} positions, what a browser tab's ` +
         'memory holds: search without hand changes or shanten back, or a hand nearer tenpai.)';
}

function showEvError(message) {
  $('ev-status').textContent = '';
  $('ev-error').textContent = message;
  $('ev-error').hidden = false;
}

const pct = x => `${(Math.min(1, Math.max(0, x)) * 100).toFixed(1)}%`;  // EV.md: probabilities shown clamped

function renderEv(answer) {
  $('ev-error').hidden = true;
  const t = Number($('ev-turn').value);
  $('ev-caption').textContent = `At turn ${t} (${18 - t} draws left): tenpai and win probability, expected score.`;
  const rows = [...answer.ev.discards].sort((x, y) => y.score[t] - x.score[t]);
  $('ev-table').tBodies[0].innerHTML = rows.map(d =>
    `<tr><td>${d.discard ? tileSvg(d.discard, {height: 32}) : '—'}</td><td>${d.shanten}</td>` +
    `<td><span class="tile-row inline">${d.necessary.map(([tile, n]) => `<span class="count-tile">${tileSvg(tile, {height: 24})}<small>${n}</small></span>`).join('')}</span></td>` +
    `<td>${pct(d.tenpai[t])}</td><td>${pct(d.win[t])}</td><td>${Math.round(d.score[t])}</td></tr>`).join('');
  $('ev-table').hidden = false;
  $('ev-chart').innerHTML = chartSvg(rows.slice(0, 4), $('ev-metric').value);
}

// A line per leading discard over turns 1..17: own drawing, no library.
function chartSvg(discards, metric) {
  // As wide as its box (the text stays readable on a phone), 720 at most.
  const W = Math.max(300, Math.min(720, $('ev-chart').clientWidth || 640)), H = 260;
  const left = 52, right = 12, top = 12, bottom = 34;
  const turns = Array.from({length: 17}, (_, i) => i + 1);
  const value = (d, t) => metric === 'score' ? d.score[t] : Math.min(1, Math.max(0, d[metric][t]));
  const highest = Math.max(0, ...discards.flatMap(d => turns.map(t => value(d, t))));
  const step = metric === 'score' ? [500, 1000, 2000, 4000, 8000, 16000, 32000].find(s => highest <= 4 * s) ?? 64000 : 0.25;
  const max = metric === 'score' ? Math.max(1, Math.ceil(highest / step)) * step : 1;
  const x = t => left + (t - 1) / 16 * (W - left - right);
  const y = v => top + (1 - v / max) * (H - top - bottom);
  const colours = ['#d0453b', '#2f6fce', '#2e9a52', '#a05ad0'];
  const dashes = ['', '6 3', '2 3', '8 3 2 3'];
  const ticks = Array.from({length: Math.round(max / step) + 1}, (_, i) => i * step);
  const label = v => metric === 'score' ? Math.round(v) : `${Math.round(v * 100)}%`;
  let svg = `<svg viewBox="0 0 ${W} ${H}" class="chart" role="img" aria-label="${metric} by turn for the leading discards">`;
  for (const v of ticks)
    svg += `<line x1="${left}" x2="${W - right}" y1="${y(v)}" y2="${y(v)}" class="grid"/>` +
           `<text x="${left - 6}" y="${y(v) + 4}" text-anchor="end" class="axis">${label(v)}</text>`;
  for (const t of [1, 5, 9, 13, 17]) svg += `<text x="${x(t)}" y="${H - 14}" text-anchor="middle" class="axis">${t}</text>`;
  svg += `<text x="${(left + W - right) / 2}" y="${H - 1}" text-anchor="middle" class="axis">turn</text>`;
  discards.forEach((d, i) => {
    const points = turns.map(t => `${x(t).toFixed(1)},${y(value(d, t)).toFixed(1)}`).join(' ');
    svg += `<polyline points="${points}" fill="none" stroke="${colours[i]}" stroke-width="2.5" stroke-dasharray="${dashes[i]}"/>`;
  });
  svg += '</svg>';
  const legend = discards.map((d, i) =>
    `<span class="legend-item"><svg width="28" height="10" aria-hidden="true"><line x1="0" x2="28" y1="5" y2="5" stroke="${colours[i]}" stroke-width="3" stroke-dasharray="${dashes[i]}"/></svg>` +
    `${d.discard ? tileSvg(d.discard, {height: 24}) : 'the hand'}</span>`).join('');
  return svg + `<div class="legend">${legend}</div>`;
}

// ---- start ----

function bind() {
  for (const el of document.querySelectorAll('#input input, #input select')) el.addEventListener('input', update);
  for (const el of document.querySelectorAll('#ev input, #ev select')) el.addEventListener('input', () => {
    update();
    if (view.evAnswer && !view.evAnswer.error && view.evAnswer.ev) renderEv(view.evAnswer);
  });
  $('hand-tiles').addEventListener('click', e => {
    const b = e.target.closest('button');
    if (!b) return;
    removeTile(b.dataset.role, Number(b.dataset.index));
    update();
    // Keep the keyboard where it was: the next tile, or the input.
    const next = $('hand-tiles').querySelectorAll('button')[Number(b.dataset.index)] ?? $('hand');
    next.focus();
  });
  $('palette').addEventListener('click', e => {
    const b = e.target.closest('button');
    if (!b) return;
    addTile(b.dataset.tile);
    update();
  });
  $('last-to-win').addEventListener('click', () => {
    const field = splitHandField($('hand').value);
    const tiles = splitTiles(field.concealed);
    if (!tiles.length) return;
    const win = tiles.pop();
    $('hand').value = joinHandField({...field, concealed: joinTiles(tiles), win});
    update();
  });
  $('clear').addEventListener('click', () => { $('hand').value = ''; $('melds').value = ''; update(); $('hand').focus(); });
  for (const th of document.querySelectorAll('#advice th')) {
    th.querySelector('button').addEventListener('click', () => {
      const key = th.dataset.key;
      const s = view.adviceSort;
      view.adviceSort = s?.key === key ? (s.dir > 0 ? {key, dir: -1} : null) : {key, dir: 1};
      if (view.answer && !view.answer.error) renderAdvice(view.answer);
    });
  }
  $('ev-run').addEventListener('click', runEv);
  $('ev-cancel').addEventListener('click', () => view.evRun?.abort());
}

// The state the page starts in: the permalink's, or the example hand. A
// link that cannot be read starts empty, and the status line says why.
function loadQuery() {
  const text = new URLSearchParams(location.search).get('q');
  if (!text) return {request: {hand: '123m456p13789s556z'}, note: ''};
  const {request, error} = readPermalink(text);
  if (error) return {request: {hand: ''}, note: `The link's q cannot be read: ${error}; starting empty.`};
  return {request, note: ''};
}

async function main() {
  document.body.insertAdjacentHTML('afterbegin', tileSprite());
  buildPalette();
  buildTurns();
  const start = loadQuery();
  writeControls(start.request);
  bind();
  renderHandTiles();
  $('status').textContent = [$('status').textContent, start.note].filter(Boolean).join(' ');
  try {
    const info = await mjk.init();
    $('status').textContent = [`mjk ${info.version}, ${info.implementation} kernel (WebAssembly SIMD128).`, start.note].filter(Boolean).join(' ');
  } catch (e) {
    $('status').textContent = [`The analyser did not load: ${e.message}`, start.note].filter(Boolean).join(' ');
    return;
  }
  update();
  document.body.dataset.ready = 'true';
}

// For the browser test and the curious: the page's state and its timings.
// showEv draws an EV answer as if the search had given it (the browser test
// draws one while the library does not answer "ev" requests yet).
globalThis.mjkPage = {view, readControls, mjk, showEv: answer => { view.evAnswer = answer; renderEv(answer); }};

if (!globalThis.mjkPageStarted) {  // one start, whichever script got here first
  globalThis.mjkPageStarted = true;
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', main);
  else main();
}
