// The page's permalink, ?q=<JSON>: read back into a state the controls can
// show, or refused with one message naming the field. A link is typed,
// pasted and edited by hand, so nothing in it is trusted: every field is
// checked here, against the library's types and ranges (request.md) and the
// choices the page's controls offer, before any control is set.

export const MELD_TYPES = ['chi', 'pon', 'minkan', 'ankan', 'kakan'];
export const FROM_NAMES = ['kamicha', 'toimen', 'shimocha'];
export const FLAGS = ['ippatsu', 'haitei', 'rinshan', 'chankan', 'tenhou'];
export const EV_TURNS = 17;  // the turn select: 1..17

const MPSZ = /^[0-9mpsz]*$/;
const WINDS = [['1z', 'East', 'E'], ['2z', 'South', 'S'], ['3z', 'West', 'W'], ['4z', 'North', 'N']];
const quoted = list => list.map(x => `"${x}"`).join(', ').replace(/, ([^,]*)$/, ' or $1');

class LinkError extends Error {}
const refuse = message => { throw new LinkError(message); };

const isInteger = v => typeof v === 'number' && Number.isInteger(v);

// The library's flag: true/false, or 1/0 (request.md).
function flag(v, must) {
  if (typeof v === 'boolean') return v;
  if (v === 0 || v === 1) return v === 1;
  return refuse(must);
}

function tiles(v, must) {
  if (typeof v !== 'string' || !MPSZ.test(v)) refuse(must);
  return v;
}

function integer(v, lo, hi, must) {
  if (!isInteger(v) || v < lo || v > hi) refuse(must);
  return v;
}

function wind(v, name) {
  const found = typeof v === 'string' && WINDS.find(names => names.includes(v));
  if (!found) refuse(`${name} must be a wind, "1z" (East) to "4z" (North)`);
  return found[0];
}

function melds(v) {
  const must = 'melds must be an array of meld objects, such as [{"type": "pon", "tiles": "555z", "from": "toimen"}]';
  if (!Array.isArray(v)) refuse(must);
  if (v.length > 4) refuse(`melds: a hand has at most 4 melds, not ${v.length}`);
  return v.map((m, i) => {
    const at = `melds[${i}]`;
    if (typeof m !== 'object' || m === null || Array.isArray(m)) refuse(`${at} must be a meld object, such as {"type": "chi", "tiles": "234m"}`);
    for (const key of Object.keys(m))
      if (!['type', 'tiles', 'from'].includes(key)) refuse(`${at}: unknown key "${key}" (a meld has type, tiles and from)`);
    if (!MELD_TYPES.includes(m.type)) refuse(`${at}.type must be ${quoted(MELD_TYPES)}`);
    if (typeof m.tiles !== 'string' || !/^[0-9mpsz]+$/.test(m.tiles)) refuse(`${at}.tiles must be an mpsz string such as "234m"`);
    const meld = {type: m.type, tiles: m.tiles};
    if (m.type === 'ankan') {
      if (m.from !== undefined && m.from !== null) refuse(`${at}: a closed kan (ankan) is called from no one: no from`);
    } else {
      if (m.from !== undefined && m.from !== null && !FROM_NAMES.includes(m.from)) refuse(`${at}.from must be ${quoted(FROM_NAMES)}`);
      meld.from = m.from ?? 'kamicha';
    }
    return meld;
  });
}

// visible: mpsz text, or the library's 34 counts (shown as text).
function visible(v) {
  const must = 'visible must be an mpsz string or an array of 34 counts 0 to 4';
  if (typeof v === 'string') return tiles(v, must);
  if (!Array.isArray(v) || v.length !== 34 || !v.every(n => isInteger(n) && n >= 0 && n <= 4)) refuse(must);
  const suits = 'mpsz';
  let text = '';
  for (let suit = 0; suit < 4; ++suit) {
    let digits = '';
    for (let k = suit * 9; k < Math.min(34, suit * 9 + 9); ++k) digits += String(k - suit * 9 + 1).repeat(v[k]);
    if (digits) text += digits + suits[suit];
  }
  return text;
}

// The EV panel's options: the turn select and the two checkboxes.
function evOptions(v) {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) refuse('ev must be an object of search options, such as {"turn": 3}');
  const ev = {};
  for (const [key, value] of Object.entries(v)) {
    if (value === null) continue;
    if (key === 'turn') ev.turn = integer(value, 1, EV_TURNS, `ev.turn must be an integer 1 to ${EV_TURNS}`);
    else if (key === 'hand_change' || key === 'shanten_back') ev[key] = flag(value, `ev.${key} must be true or false`);
    else refuse(`ev: "${key}" is not an option of the page's search (it sets turn, hand_change and shanten_back)`);
  }
  return ev;
}

const READERS = {
  hand: v => tiles(v, 'hand must be an mpsz string such as "123m456p"'),
  melds,
  win: v => tiles(v, 'win must be one tile such as "5m" or "0p"'),
  tsumo: v => flag(v, 'tsumo must be true or false'),
  from: v => FROM_NAMES.includes(v) ? v : refuse(`from must be ${quoted(FROM_NAMES)}`),
  seat: v => wind(v, 'seat'),
  round: v => wind(v, 'round'),
  riichi: v => integer(v, 0, 2, 'riichi must be 0, 1 or 2 (double riichi)'),
  ...Object.fromEntries(FLAGS.map(f => [f, v => flag(v, `${f} must be true or false`)])),
  dora: v => tiles(v, 'dora must be an mpsz string of indicators'),
  ura: v => tiles(v, 'ura must be an mpsz string of indicators'),
  honba: v => integer(v, 0, 65535, 'honba must be an integer 0 to 65535'),
  sticks: v => integer(v, 0, 65535, 'sticks must be an integer 0 to 65535'),
  nuki: v => integer(v, 0, 4, 'nuki must be an integer 0 to 4'),
  players: v => integer(v, 3, 4, 'players must be 3 or 4'),
  visible,
  ev: evOptions,
};

// The text of ?q= -> {request} (every field checked and as the controls show
// it; a null field is left out, as the library leaves it at its default) or
// {error}: why the link cannot be read, naming the field.
export function readPermalink(text) {
  let q;
  try {
    q = JSON.parse(text);
  } catch (e) {
    return {error: `it is not JSON (${e.message})`};
  }
  if (typeof q !== 'object' || q === null || Array.isArray(q)) return {error: 'it is not a request object, {...}'};
  const request = {};
  try {
    for (const [key, value] of Object.entries(q)) {
      const read = Object.hasOwn(READERS, key) ? READERS[key] : null;
      if (!read) refuse(`"${key}" is not a field the page sets (${Object.keys(READERS).join(', ')})`);
      if (value !== null) request[key] = read(value);
    }
  } catch (e) {
    if (e instanceof LinkError) return {error: e.message};
    throw e;
  }
  return {request};
}
