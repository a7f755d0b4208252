'use strict';
// Self-played games checked by an independent engine: @kobalab/majiang-core
// (examples/node-server's dependency) replays each game's mjai lines written
// by tests_engine_selfplay and checks every discard held (its Shoupai), every
// call legal from the right seat (its get_chi/peng/gang_mianzi, kuikae
// included), every riichi closed with 1,000 points, four tiles left and a
// tenpai discard, every win complete and not furiten with Util.hule's fu,
// han (or yakuman), points, yaku and payments equal to the engine's, the
// tenpai seats and payments of every exhaustive draw, every tile of each
// round at most as often as the set has it, scores conserved with the
// sticks, and each next round (and the game's end) where docs/rules.md puts
// it. Four players, the tenhou preset.
//   node check_majiang.js WRITER NODE_MODULES_DIR [GAMES] [SEED]
// Exit 0: all agree; 1: a disagreement (each printed with game, round and
// line); 77: skipped (the package is absent), saying why.
const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');

const [writer, modules, gamesArg, seedArg] = process.argv.slice(2);
let Majiang;
try {
  Majiang = require(path.resolve(modules, '@kobalab', 'majiang-core'));
} catch (e) {
  console.log(`skipped: @kobalab/majiang-core not found under ${modules} (npm ci in examples/node-server)`);
  process.exit(77);
}
const { Shoupai, Util } = Majiang;
const games = Number(gamesArg || 40);
const seed = String(seedArg || 2026);

// Tenhou's rules in majiang-core's switches: no double yakuman (mjk's tenhou
// preset pays the four double patterns as one), the rest its defaults
// (red fives, open tanyao, no kuikae, double wind pair 4 fu, kazoe, no
// kiriage, pao).
const rule = Majiang.rule({ 'ダブル役満あり': false });

// majiang-core's yaku names as mjk's (mjk's yaku_name).
const YAKU = {
  '立直': 'riichi', 'ダブル立直': 'double_riichi', '一発': 'ippatsu', '門前清自摸和': 'menzen_tsumo',
  '平和': 'pinfu', '断幺九': 'tanyao', '一盃口': 'iipeikou', '海底摸月': 'haitei', '河底撈魚': 'houtei',
  '嶺上開花': 'rinshan', '槍槓': 'chankan', '翻牌 白': 'haku', '翻牌 發': 'hatsu', '翻牌 中': 'chun',
  '七対子': 'chiitoitsu', '混全帯幺九': 'chanta', '一気通貫': 'ittsu', '三色同順': 'sanshoku',
  '三色同刻': 'sanshoku_doukou', '三槓子': 'sankantsu', '対々和': 'toitoi', '三暗刻': 'sanankou',
  '小三元': 'shousangen', '混老頭': 'honroutou', '二盃口': 'ryanpeikou', '純全帯幺九': 'junchan',
  '混一色': 'honitsu', '清一色': 'chinitsu', '天和': 'tenhou', '地和': 'chiihou', '国士無双': 'kokushi',
  '国士無双十三面': 'kokushi_13', '四暗刻': 'suuankou', '四暗刻単騎': 'suuankou_tanki', '大三元': 'daisangen',
  '小四喜': 'shousuushii', '大四喜': 'daisuushii', '字一色': 'tsuuiisou', '緑一色': 'ryuuiisou',
  '清老頭': 'chinroutou', '九蓮宝燈': 'chuuren', '純正九蓮宝燈': 'junsei_chuuren', '四槓子': 'suukantsu',
  'ドラ': 'dora', '赤ドラ': 'aka', '裏ドラ': 'ura',
};
function yakuName(name) {
  if (name.startsWith('場風')) return 'round_wind';
  if (name.startsWith('自風')) return 'seat_wind';
  return YAKU[name] || `unmapped:${name}`;
}

const HONOURS = { E: 'z1', S: 'z2', W: 'z3', N: 'z4', P: 'z5', F: 'z6', C: 'z7' };
function mj(pai) { // mjai -> majiang-core: "5mr" -> "m0", "3p" -> "p3", "E" -> "z1"
  if (HONOURS[pai]) return HONOURS[pai];
  if (pai.endsWith('r')) return pai[1] + '0';
  return pai[1] + pai[0];
}
function kind(p) { return p[0] + (p[1] === '0' ? '5' : p[1]); } // "m0" -> "m5"
function yaochu(p) { return p[0] === 'z' || p[1] === '1' || p[1] === '9'; }
const DIR = { 1: '+', 2: '=', 3: '-' }; // the discarder relative to the caller: shimocha, toimen, kamicha

// The tiles a meld string takes from the hand (all but the one marked with
// a direction), sorted, as kinds with red fives kept ("m0").
function meldTaken(m) {
  const s = m[0];
  const out = [];
  const digits = m.slice(1);
  for (let i = 0; i < digits.length; i++) {
    if (!/\d/.test(digits[i])) continue;
    if (/[+=\-]/.test(digits[i + 1] || '')) continue; // the called tile
    out.push(s + digits[i]);
  }
  return out.sort();
}
function sameTiles(a, b) { return a.length === b.length && [...a].sort().every((x, i) => x === [...b].sort()[i]); }

function tenpaiWaits(sp) { // waits of a 13-tile hand, none a kind it holds four times (Tenhou's tenpai)
  if (Util.xiangting(sp) !== 0) return [];
  return (Util.tingpai(sp) || []).filter((p) => sp._bingpai[p[0]][+p[1]] < 4);
}

const problems = [];

const counts = {};
function checkGame(file, lines, engineWins) {
  let winIndex = 0;
  let r = null; // the round being replayed
  let scores = null;
  let expectNext = null; // the next start_kyoku's fields, from the last round's end
  let gameEnded = false; // the last round ended the game
  const where = (i, what) => problems.push(`${path.basename(file)} line ${i + 1}: ${what}`);
  lines.forEach((e, i) => {
    counts[e.type] = (counts[e.type] || 0) + 1;
    const bad = (what) => where(i, `${e.type}: ${what} (${JSON.stringify(e)})`);
    switch (e.type) {
      case 'start_game': break;
      case 'start_kyoku': {
        if (gameEnded) bad('a round after the game should have ended');
        if (expectNext) {
          for (const k of ['bakaze', 'kyoku', 'honba', 'kyotaku', 'oya'])
            if (e[k] !== expectNext[k]) bad(`${k} ${e[k]}, the rules give ${expectNext[k]}`);
          if (JSON.stringify(e.scores) !== JSON.stringify(expectNext.scores))
            bad(`scores ${e.scores}, the last round leaves ${expectNext.scores}`);
        } else if (JSON.stringify(e.scores) !== '[25000,25000,25000,25000]') bad('the first round does not start at 25000');
        scores = e.scores.slice();
        if (scores.reduce((a, b) => a + b, 0) + 1000 * e.kyotaku !== 100000) bad('scores and sticks do not sum to 100000');
        r = {
          header: e, bakaze: 'ESWN'.indexOf(e.bakaze), oya: e.oya, kyotaku: e.kyotaku, honba: e.honba,
          hands: e.tehais.map((t) => new Shoupai(t.map(mj))),
          seen: {}, dora: [mj(e.dora_marker)], live: 70, lastDiscard: null, lastKan: null,
          rinshan: false, riichi: [0, 0, 0, 0], ippatsu: [false, false, false, false], pendingRiichi: -1,
          discards: [[], [], [], []], calledFrom: [false, false, false, false], anyCall: false,
          furitenTemp: [false, false, false, false], furitenRiichi: [false, false, false, false],
          firstDone: [false, false, false, false], drawn: null, kans: [0, 0, 0, 0],
          firstWinds: [], deltas: [0, 0, 0, 0], winners: [], draw: null, reaches: 0,
        };
        const see = (p, complain = bad) => {
          r.seen[p] = (r.seen[p] || 0) + 1;
          const k = kind(p);
          const total = Object.entries(r.seen).filter(([q]) => kind(q) === k).reduce((a, [, n]) => a + n, 0);
          if ((p[1] === '0' && r.seen[p] > 1) || total > 4) complain(`a ${p} more often than the set has it`);
        };
        r.see = see;
        e.tehais.flat().map(mj).forEach(see);
        see(r.dora[0]);
        break;
      }
      case 'tsumo': {
        const p = mj(e.pai);
        r.see(p, bad);
        const sp = r.hands[e.actor];
        if (sp._zimo) bad('a draw to a hand that holds 14 tiles');
        if (r.live <= 0) bad('a draw from an empty wall');
        r.live--;
        r.rinshan = r.lastKan === e.actor;
        r.lastKan = null;
        if (!r.rinshan && r.lastDiscard && e.actor !== (r.lastDiscard.actor + 1) % 4) bad('not the next seat\'s draw');
        sp.zimo(p);
        r.drawn = p;
        r.lastDiscard = null;
        r.kanClaim = null;
        break;
      }
      case 'dahai': {
        const p = mj(e.pai);
        const sp = r.hands[e.actor];
        if (!sp._zimo) bad('a discard from a hand of 13 tiles');
        if (e.tsumogiri && r.drawn !== p) bad(`tsumogiri of ${p}, the drawn tile is ${r.drawn}`);
        if (r.riichi[e.actor] && !e.tsumogiri) bad('in riichi a discard other than the drawn tile');
        // a drawn winning tile not declared in riichi: furiten for the round (Tenhou)
        if (r.riichi[e.actor] && r.drawn && Util.hule(sp, null, winParam(r, e.actor, true, null, false)))
          r.furitenRiichi[e.actor] = true;
        const riichiNow = r.pendingRiichi === e.actor;
        try { sp.dapai(riichiNow ? p + '*' : p); } catch (err) { bad(`${p} is not in the hand`); break; }
        if (riichiNow && tenpaiWaits(sp).length === 0 && Util.xiangting(sp) !== 0) bad('riichi with a discard that leaves no wait');
        if (!r.firstDone.includes(true) && !r.anyCall) r.firstWinds.push(p);
        r.firstDone[e.actor] = true;
        r.discards[e.actor].push(p);
        if (!yaochu(p)) r.calledFrom[e.actor] = true; // nagashi lost
        r.ippatsu[e.actor] = false; // riichi's ippatsu starts when the riichi is accepted
        r.furitenTemp[e.actor] = false;
        r.lastDiscard = { actor: e.actor, pai: p, index: i };
        r.drawn = null;
        r.rinshan = false;
        markPassed(r, e.actor, p, lines, i, false);
        break;
      }
      case 'chi': case 'pon': case 'daiminkan': {
        const p = mj(e.pai);
        const sp = r.hands[e.actor];
        const ld = r.lastDiscard;
        if (!ld || ld.pai !== p || ld.actor !== e.target) bad('not on the discard just made');
        if (e.type === 'chi' && e.target !== (e.actor + 3) % 4) bad('chi from another seat than the previous');
        if (e.target === e.actor) bad('a call of one\'s own discard');
        if (r.riichi[e.actor]) bad('a call in riichi');
        if (r.live === 0) bad('a call on the last discard');
        const d = DIR[(e.target - e.actor + 4) % 4];
        const options = e.type === 'chi' ? sp.get_chi_mianzi(p + d) : e.type === 'pon' ? sp.get_peng_mianzi(p + d)
          : sp.get_gang_mianzi(p + d);
        const taken = e.consumed.map(mj);
        const m = (options || []).find((o) => sameTiles(meldTaken(o), taken));
        if (!m) { bad(`not a legal ${e.type} for majiang-core (${JSON.stringify(options)})`); break; }
        sp.fulou(m);
        r.calledFrom[e.target] = true;
        r.anyCall = true;
        r.ippatsu = [false, false, false, false];
        if (e.type === 'daiminkan') { r.lastKan = e.actor; r.kans[e.actor]++; }
        r.lastDiscard = null;
        r.drawn = null;
        break;
      }
      case 'ankan': case 'kakan': {
        const sp = r.hands[e.actor];
        const k = kind(mj(e.consumed[0]));
        const options = sp.get_gang_mianzi() || [];
        const m = options.find((o) => kind(o[0] + o[1]) === k && (e.type === 'ankan' ? /\d{4}$/.test(o) : /[+=\-]\d$/.test(o)));
        if (!m) { bad(`not a legal ${e.type} for majiang-core (${JSON.stringify(options)})`); break; }
        sp.gang(m);
        r.kans[e.actor]++;
        r.anyCall = true;
        r.lastKan = e.actor;
        r.drawn = null;
        // a chankan may still come: ippatsu ends when the kan stands (the next event not a hora)
        if (!(lines[i + 1] && lines[i + 1].type === 'hora')) r.ippatsu = [false, false, false, false];
        if (e.type === 'kakan') markPassed(r, e.actor, mj(e.pai), lines, i, true);
        r.lastDiscard = null;
        r.kanClaim = { actor: e.actor, pai: mj(e.pai || e.consumed[3]), index: i };
        break;
      }
      case 'dora': { const p = mj(e.dora_marker); r.see(p, bad); r.dora.push(p); break; }
      case 'reach': {
        const sp = r.hands[e.actor];
        if (!sp._zimo) bad('riichi without a drawn tile');
        if (sp._fulou.some((m) => /[+=\-]/.test(m))) bad('riichi on an open hand');
        if (scores[e.actor] < 1000) bad('riichi under 1,000 points');
        if (r.live < 4) bad(`riichi with ${r.live} tiles left`);
        if (r.riichi[e.actor]) bad('riichi twice');
        r.pendingRiichi = e.actor;
        r.pendingDouble = !r.firstDone[e.actor] && !r.anyCall;
        break;
      }
      case 'reach_accepted':
        if (r.pendingRiichi !== e.actor) bad('accepted without a riichi');
        r.riichi[e.actor] = r.pendingDouble ? 2 : 1;
        r.pendingRiichi = -1;
        r.ippatsu[e.actor] = true;
        scores[e.actor] -= 1000;
        r.kyotaku++;
        r.reaches++;
        break;
      case 'hora': checkWin(r, e, engineWins[winIndex++], bad, lines, i); break;
      case 'ryukyoku': checkDraw(r, e, bad); break;
      case 'end_kyoku': {
        for (let s = 0; s < 4; s++) scores[s] += r.deltas[s];
        if (r.deltas.reduce((a, b) => a + b, 0) !== (r.winners.length ? 1000 * r.kyotaku : 0))
          bad(`the round's payments ${r.deltas} do not balance with ${r.kyotaku} sticks`);
        expectNext = nextRound(r, scores);
        gameEnded = expectNext.end;
        if (r.pendingRiichi >= 0) r.pendingRiichi = -1;
        break;
      }
      case 'end_game': {
        if (!gameEnded) bad('the game ended where the rules play on');
        const final = expectNext.scores.slice();
        const top = final.indexOf(Math.max(...final));
        final[top] += 1000 * expectNext.kyotaku;
        if (JSON.stringify(final) !== JSON.stringify(e.scores)) bad(`final scores ${e.scores}, the rules give ${final}`);
        break;
      }
      default: bad('an event type this checker does not know');
    }
  });
  if (winIndex !== engineWins.length) problems.push(`${file}: ${engineWins.length} wins recorded, ${winIndex} hora lines`);
}

// Seats whose waits hold `p`, discarded (or added to a kan) by `by`, that do
// not win on it: furiten until their next discard, for the round in riichi.
function markPassed(r, by, p, lines, i, chankan) {
  const won = new Set();
  for (let j = i + 1; j < lines.length && lines[j].type === 'hora'; j++) won.add(lines[j].actor);
  for (let s = 0; s < 4; s++) {
    if (s === by || won.has(s)) continue;
    if (!tenpaiWaitsAll(r.hands[s]).includes(kind(p))) continue;
    r.furitenTemp[s] = true;
    if (r.riichi[s]) r.furitenRiichi[s] = true;
  }
}
function tenpaiWaitsAll(sp) { return Util.xiangting(sp) === 0 ? (Util.tingpai(sp) || []).map(kind) : []; }

function winParam(r, seat, tsumo, from, chankan) {
  const menfeng = (seat - r.oya + 4) % 4;
  const first = !r.firstDone[seat] && !r.anyCall;
  return Util.hule_param({
    rule, zhuangfeng: r.bakaze, menfeng,
    lizhi: r.riichi[seat], yifa: r.ippatsu[seat], qianggang: chankan, lingshang: tsumo && r.rinshan,
    haidi: r.live === 0 && !(tsumo && r.rinshan) ? (tsumo ? 1 : 2) : 0,
    tianhu: tsumo && first ? (menfeng === 0 ? 1 : 2) : 0,
    baopai: r.dora, fubaopai: null, changbang: 0, lizhibang: 0,
  });
}

function checkWin(r, e, mine, bad, lines, i) {
  const p = mj(e.pai);
  const tsumo = e.actor === e.target;
  const sp = r.hands[e.actor].clone();
  let rongpai = null;
  let chankan = false;
  if (tsumo) {
    if (sp._zimo !== p) { bad(`tsumo on ${p}, the drawn tile is ${sp._zimo}`); return; }
  } else {
    const ld = r.lastDiscard;
    const kc = r.kanClaim;
    chankan = kc && kc.pai && kind(kc.pai) === kind(p) && kc.actor === e.target && !ld;
    if (!chankan && (!ld || ld.actor !== e.target || ld.pai !== p)) bad('ron on a tile not just discarded');
    rongpai = p + DIR[(e.target - e.actor + 4) % 4];
    const waits = tenpaiWaitsAll(sp);
    const own = r.discards[e.actor].map(kind);
    if (waits.some((w) => own.includes(w))) bad('ron while furiten (a wait among its own discards)');
    if (r.furitenTemp[e.actor] || r.furitenRiichi[e.actor]) bad('ron while furiten (a winning tile passed)');
  }
  const param = winParam(r, e.actor, tsumo, e.target, chankan);
  // honba and sticks to the winner nearest the discarder (the first hora line of the discard)
  const nearest = !lines[i - 1] || lines[i - 1].type !== 'hora';
  if (nearest) { param.jicun.changbang = r.honba; param.jicun.lizhibang = r.kyotaku; }
  if (r.riichi[e.actor]) param.fubaopai = (e.ura_markers || []).map(mj);
  if (e.ura_markers && !r.uraSeen) { // a double ron shows them on both lines
    e.ura_markers.map(mj).forEach((p) => r.see(p, bad));
    r.uraSeen = true;
  }
  const got = Util.hule(sp, rongpai, param);
  if (!got || !got.defen) { bad('majiang-core finds no win (incomplete, or no yaku)'); return; }
  const fenpei = [0, 0, 0, 0];
  for (let l = 0; l < 4; l++) fenpei[(r.oya + l) % 4] = got.fenpei[l];
  const theirs = { fu: got.damanguan ? 0 : got.fu, han: got.damanguan ? 0 : got.fanshu, yakuman: got.damanguan || 0, points: got.defen };
  const engine = { fu: mine.fu, han: mine.han, yakuman: mine.yakuman, points: mine.points };
  if (JSON.stringify(theirs) !== JSON.stringify(engine))
    bad(`majiang-core ${JSON.stringify(theirs)}, the engine ${JSON.stringify(engine)}`);
  if (JSON.stringify(fenpei) !== JSON.stringify(e.deltas)) bad(`majiang-core pays ${fenpei}, the engine ${e.deltas}`);
  const yaku = {};
  for (const h of got.hupai) yaku[yakuName(h.name)] = typeof h.fanshu === 'number' ? h.fanshu : -h.fanshu.length;
  const sorted = (o) => JSON.stringify(Object.keys(o).sort().map((k) => [k, o[k]]));
  if (sorted(yaku) !== sorted(mine.yaku)) bad(`yaku: majiang-core ${sorted(yaku)}, the engine ${sorted(mine.yaku)}`);
  for (let s = 0; s < 4; s++) r.deltas[s] += e.deltas[s];
  r.winners.push(e.actor);
}

function checkDraw(r, e, bad) {
  const tenpai = r.hands.map((sp) => !sp._zimo && tenpaiWaits(sp).length > 0);
  let want = [0, 0, 0, 0];
  if (e.reason === 'exhaustive' || e.reason === 'nagashi_mangan') {
    if (r.live !== 0) bad(`an exhaustive draw with ${r.live} tiles left`);
    const nagashi = [0, 1, 2, 3].filter((s) => !r.calledFrom[s] && r.discards[s].every(yaochu));
    if ((e.reason === 'nagashi_mangan') !== (nagashi.length > 0)) bad(`nagashi seats ${nagashi}`);
    if (nagashi.length) {
      for (const s of nagashi)
        for (let o = 0; o < 4; o++)
          if (o !== s) { const pay = s === r.oya || o === r.oya ? 4000 : 2000; want[o] -= pay; want[s] += pay; }
    } else {
      const t = tenpai.filter(Boolean).length;
      if (t > 0 && t < 4) want = tenpai.map((x) => (x ? 3000 / t : -3000 / (4 - t)));
    }
  } else {
    if (e.reason === 'four_riichi' && r.reaches !== 4) bad(`four riichi with ${r.reaches}`);
    if (e.reason === 'four_kans' && (r.kans.reduce((a, b) => a + b) !== 4 || r.kans.includes(4))) bad(`four kans ${r.kans}`);
    if (e.reason === 'four_winds' && !(r.firstWinds.length === 4 && r.firstWinds.every((p) => p === r.firstWinds[0] && /^z[1-4]$/.test(p))))
      bad(`four winds with first discards ${r.firstWinds}`);
    if (e.reason === 'nine_terminals' && !r.hands.some((sp) => sp._zimo && new Set(sp.toString().length && kindsOf(sp).filter(yaochu)).size >= 9))
      bad('nine terminals with no such hand');
  }
  if (JSON.stringify(want) !== JSON.stringify(e.deltas)) bad(`the rules pay ${want}, the engine ${e.deltas}`);
  for (let s = 0; s < 4; s++) r.deltas[s] += e.deltas[s];
  r.draw = { reason: e.reason, dealerTenpai: tenpai[r.oya] };
}
function kindsOf(sp) {
  const out = [];
  for (const s of 'mpsz') for (let n = 1; n < sp._bingpai[s].length; n++) if (sp._bingpai[s][n] > 0) out.push(s + n);
  return out;
}

// The next round's fields and whether the game ends (docs/rules.md, the
// tenhou preset: east-south, return 30000, bust, extension, dealer stop).
function nextRound(r, scores) {
  const h = r.header;
  const win = r.winners.length > 0;
  const abortive = !win && !['exhaustive', 'nagashi_mangan'].includes(r.draw.reason);
  const renchan = win ? r.winners.includes(r.oya) : abortive || r.draw.dealerTenpai;
  const next = {
    bakaze: h.bakaze, kyoku: h.kyoku, oya: h.oya, honba: renchan || !win ? h.honba + 1 : 0,
    kyotaku: win ? 0 : r.kyotaku, scores: scores.slice(), end: false,
  };
  if (!renchan) {
    next.oya = (h.oya + 1) % 4;
    next.kyoku = h.kyoku + 1;
    if (next.kyoku > 4) { next.kyoku = 1; next.bakaze = 'ESWN'['ESWN'.indexOf(h.bakaze) + 1]; }
  }
  const wind = 'ESWN'.indexOf(h.bakaze);
  const last = (wind === 1 && h.kyoku === 4) || wind >= 2;
  const top = scores.indexOf(Math.max(...scores));
  const reached = scores.some((x) => x >= 30000);
  if (scores.some((x) => x < 0)) next.end = true;
  else if (last) {
    if (renchan) next.end = !abortive && top === r.oya && scores[r.oya] >= 30000;
    else next.end = reached || (wind === 2 && h.kyoku === 4);
  }
  return next;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mjk-majiang-'));
try {
  execFileSync(writer, [dir, String(games), seed], { stdio: ['ignore', 'ignore', 'inherit'] });
  const read = (g) => {
    const base = path.join(dir, `game_${String(g).padStart(3, '0')}`);
    return [`${base}.mjai`, fs.readFileSync(`${base}.mjai`, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)),
      JSON.parse(fs.readFileSync(`${base}.wins.json`, 'utf8'))];
  };
  for (let g = 0; g < games; g++) checkGame(...read(g));
  for (const p of problems.slice(0, 40)) console.log(p);
  const found = problems.length;
  console.log(`${games} games checked by majiang-core: ${found} disagreements; events checked: ${JSON.stringify(counts)}`);
  // The checker itself: game 0 with one thing made wrong must be flagged each time.
  const [file, lines, wins] = read(0);
  const tamper = {
    'a discard not held': (ls) => { const e = ls.find((x) => x.type === 'dahai' && !x.tsumogiri); e.pai = e.pai === 'C' ? 'P' : 'C'; },
    'a win paid differently': (ls) => { const e = ls.find((x) => x.type === 'hora'); e.deltas[e.actor] += 100; e.deltas[e.target === e.actor ? (e.actor + 1) % 4 : e.target] -= 100; },
    'a chi from the wrong seat': (ls) => { const e = ls.find((x) => x.type === 'chi'); e.target = (e.actor + 2) % 4; },
    'a draw by the wrong seat': (ls) => { const e = ls.filter((x) => x.type === 'tsumo')[5]; e.actor = (e.actor + 1) % 4; },
    'an end score changed': (ls) => { const e = ls.find((x) => x.type === 'end_game'); e.scores[0] += 1000; e.scores[1] -= 1000; },
  };
  let missed = 0;
  for (const [what, change] of Object.entries(tamper)) {
    const copy = JSON.parse(JSON.stringify(lines));
    if (!copy.some((x) => x.type === (what.includes('chi') ? 'chi' : 'hora'))) continue;
    change(copy);
    const before = problems.length;
    try { checkGame(file, copy, wins); } catch (err) { problems.push(String(err)); }
    if (problems.length === before) { console.log(`the checker missed ${what}`); missed++; }
  }
  process.exitCode = found || missed ? 1 : 0;
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
