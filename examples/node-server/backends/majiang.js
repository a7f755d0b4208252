'use strict';
// The majiang-core back end: the analysis a Node developer would get from
// @kobalab/majiang-core (https://github.com/kobalab/majiang-core) with the
// same mpsz input and the same reply keys where majiang-core can answer them.
//
// Keys answered: hand (as given, trimmed), tiles, shanten, shanten_standard,
// shanten_chiitoi, shanten_kokushi, and for 3k+1 hands waits, for 3k+2 hands
// agari and discards (each discard that leaves the hand tenpai, with its
// waits). Not answered: decompositions (majiang-core's hule_mianzi wants a
// winning tile and the hand's game state), ukeire / necessary tiles counted
// against visible tiles. `players` and `visible` are ignored. A JSON request
// asking what only mjk answers (a score: "win"; "each_win"; "ev") gets an
// error reply (code "unsupported"), never a silent partial answer.
const Majiang = require('@kobalab/majiang-core');

const { Shoupai, Util } = Majiang;
const SUITS = ['m', 'p', 's', 'z'];

// mpsz text ("123m456p 1s", "0" = red five) -> list of majiang tiles ("m1",
// "p0", ...) and the winning tile if given after a space. Throws on bad input.
function parseMpsz(text) {
  const words = String(text).trim().split(/\s+/).filter(Boolean);
  if (words.length === 0 || words.length > 2) throw new Error('expected "HAND" or "HAND TILE"');
  const tiles = [];
  for (const [i, word] of words.entries()) {
    const groups = word.match(/\d+[mpsz]/g) || [];
    if (groups.join('') !== word) throw new Error(`malformed tiles "${word}"`);
    const list = [];
    for (const g of groups) {
      const s = g[g.length - 1];
      for (const d of g.slice(0, -1)) {
        if (s === 'z' && (d === '0' || d > '7')) throw new Error(`invalid honour ${d}z`);
        list.push(s + d);
      }
    }
    if (i === 1 && list.length !== 1) throw new Error('the part after the space is not exactly one tile');
    tiles.push(...list);
  }
  return tiles;
}

function build(tiles) {
  const n = tiles.length;
  if (n > 14) throw new Error(`too many tiles (${n})`);
  if (n % 3 === 0) throw new Error(`wrong tile count (${n})`);
  const called = n % 3 === 2 ? (14 - n) / 3 : (13 - n) / 3;
  const shoupai = new Shoupai(tiles); // throws on a fifth copy
  // Called melds are implied by the count (as in mjk); majiang-core only needs
  // to know how many there are (they take the place of concealed melds).
  for (let i = 0; i < called; i++) shoupai._fulou.push('z777=');
  return shoupai;
}

function finite(x) { return Number.isFinite(x) ? x : null; }

function kindName(p) { return p[1] + p[0]; } // "m1" -> "1m"

function analyse(text) {
  const tiles = parseMpsz(text);
  const shoupai = build(tiles);
  const n = tiles.length;
  const out = {
    hand: String(text).trim(),
    tiles: n,
    shanten: Util.xiangting(shoupai),
    shanten_standard: Util.xiangting_yiban(shoupai),
    shanten_chiitoi: finite(Util.xiangting_qidui(shoupai)),
    shanten_kokushi: finite(Util.xiangting_guoshi(shoupai)),
  };
  if (n % 3 === 1) {
    out.waits = out.shanten === 0 ? Util.tingpai(shoupai).map(kindName) : [];
    return out;
  }
  out.agari = out.shanten === -1;
  const discards = {};
  for (const s of SUITS) {
    const counts = shoupai._bingpai[s];
    for (let d = 1; d < counts.length; d++) {
      if (counts[d] === 0) continue;
      counts[d]--;
      if (Util.xiangting(shoupai) === 0) discards[d + s] = Util.tingpai(shoupai).map(kindName);
      counts[d]++;
    }
  }
  out.discards = discards;
  return out;
}

// The keys of a JSON request this back end cannot answer (the server has
// checked the line already: it parses).
const UNSUPPORTED = ['win', 'each_win', 'ev'];
function unsupported(line) {
  if (!/^\s*\{/.test(line)) return null;
  const req = JSON.parse(line);
  return UNSUPPORTED.find((key) => req[key] !== undefined && req[key] !== false) ?? null;
}

// [{line, hand}] -> their reply lines (majiang-core has no batch call: one by one).
function analyseMany(requests) {
  return requests.map(({ line, hand }) => {
    try {
      const key = unsupported(line ?? hand);
      if (key)
        return JSON.stringify({ hand, error: `"${key}" is not answered by the majiang back end (the hand analysis only)`, code: 'unsupported' });
      return JSON.stringify(analyse(hand));
    } catch (e) {
      return JSON.stringify({ hand, error: e.message });
    }
  });
}

module.exports = { name: 'majiang', analyse, analyseMany };
