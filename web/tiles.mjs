// Tiles: names, mpsz text, and their faces drawn as SVG by this file (no
// images, no fonts but the system's sans-serif for digits and letters).

export const SUITS = 'mpsz';
// Kind order of mjk.h: 1-9m (0-8), 1-9p (9-17), 1-9s (18-26), then East
// South West North White Green Red (27-33).
export const KIND_NAMES = Array.from({length: 34}, (_, k) => `${k % 9 + 1}${SUITS[Math.floor(k / 9)]}`);
const HONOUR_WORDS = ['East', 'South', 'West', 'North', 'White dragon', 'Green dragon', 'Red dragon'];
const SUIT_WORDS = {m: 'characters', p: 'dots', s: 'bamboo'};

export function kindOf(name) {
  const n = name[0] === '0' ? 5 : Number(name[0]);
  return SUITS.indexOf(name[1]) * 9 + n - 1;
}

// "1m", "0p" (red five), "5z" -> what a screen reader says.
export function tileWords(name) {
  const n = Number(name[0]), suit = name[1];
  if (suit === 'z') return HONOUR_WORDS[n - 1] ?? name;
  return n === 0 ? `red 5 ${SUIT_WORDS[suit]}` : `${n} ${SUIT_WORDS[suit]}`;
}

// mpsz text -> tile names in the order written ("406m11z" -> 4m 0m 6m 1z 1z).
// Only digits followed by a suit letter; anything else is left out (the
// library reads the text and names any error).
export function splitTiles(text) {
  const out = [];
  let digits = '';
  for (const c of text) {
    if (c >= '0' && c <= '9') digits += c;
    else if (SUITS.includes(c)) { for (const d of digits) out.push(d + c); digits = ''; }
    else digits = '';
  }
  return out;
}

// Tile names -> canonical mpsz (each suit ascending, red five in a five's place).
export function joinTiles(names) {
  const order = name => kindOf(name) * 2 + (name[0] === '0' ? 0 : 1);
  const sorted = [...names].sort((a, b) => order(a) - order(b));
  let out = '';
  for (const suit of SUITS) {
    const digits = sorted.filter(t => t[1] === suit).map(t => t[0]).join('');
    if (digits) out += digits + suit;
  }
  return out;
}

// Suit colours, light face on both colour schemes (a tile is a tile).
const INK = {m: '#b3261e', p: '#1f4e9c', s: '#1c7a3a', z: '#222'};
const esc = s => String(s).replace(/[&<>"]/g, c => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;'})[c]);

// Every face once, as SVG symbols (put this in the page once); a tile is
// then a <use> of its symbol: a table of a hundred tiles stays cheap to draw.
export const TILE_NAMES = [...KIND_NAMES, '0m', '0p', '0s'];
export function tileSprite() {
  return '<svg aria-hidden="true" style="position:absolute;width:0;height:0;overflow:hidden"><defs>' +
    TILE_NAMES.map(name => `<symbol id="mjk-tile-${name}" viewBox="0 0 30 40">` +
      `<rect x="1" y="1" width="28" height="38" rx="4" class="tile-face"/>${face(Number(name[0]), name[1])}</symbol>`).join('') +
    '</defs></svg>';
}

// One tile: 30 x 40 units drawn at `height` CSS pixels, named for screen
// readers; its face is the sprite's symbol. A red five has a red numeral and a dot.
export function tileSvg(name, {height = 40, extraClass = ''} = {}) {
  const width = height * 0.75;
  return `<svg class="tile ${extraClass}" viewBox="0 0 30 40" width="${width}" height="${height}" role="img" ` +
         `aria-label="${esc(tileWords(name))}"><title>${esc(name)}</title><use href="#mjk-tile-${esc(name)}"/></svg>`;
}

function face(n, suit) {
  if (suit === 'z') return honour(n);
  const ink = n === 0 ? INK.m : INK[suit];
  const digit = n === 0 ? 5 : n;
  let mark = '';
  if (suit === 'p') mark = `<circle cx="15" cy="30" r="5" fill="none" stroke="${INK.p}" stroke-width="2.4"/><circle cx="15" cy="30" r="1.6" fill="${INK.p}"/>`;
  else if (suit === 's') mark = `<rect x="12" y="23.5" width="6" height="13" rx="2.5" fill="${INK.s}"/><line x1="12" y1="30" x2="18" y2="30" stroke="#fff" stroke-width="1.2"/>`;
  else mark = `<text x="15" y="36" text-anchor="middle" font-size="11" font-weight="700" fill="${INK.m}" font-family="sans-serif">m</text>`;
  const red = n === 0 ? `<circle cx="24.5" cy="6" r="2.4" fill="${INK.m}"/>` : '';
  return `<text x="15" y="20" text-anchor="middle" font-size="18" font-weight="700" fill="${ink}" font-family="sans-serif">${digit}</text>${mark}${red}`;
}

function honour(n) {
  if (n <= 4) {
    const letter = 'ESWN'[n - 1];
    return `<text x="15" y="27" text-anchor="middle" font-size="20" font-weight="700" fill="${INK.z}" font-family="sans-serif">${letter}</text>`;
  }
  if (n === 5) return `<rect x="7" y="8" width="16" height="24" rx="1" fill="none" stroke="${INK.p}" stroke-width="2"/>`;
  if (n === 6) return `<path d="M15 7 L24 20 L15 33 L6 20 Z" fill="none" stroke="${INK.s}" stroke-width="2.4"/><path d="M15 13 L19.5 20 L15 27 L10.5 20 Z" fill="${INK.s}"/>`;
  if (n === 7) return `<rect x="7" y="13" width="16" height="12" fill="none" stroke="${INK.m}" stroke-width="2.4"/><line x1="15" y1="6" x2="15" y2="34" stroke="${INK.m}" stroke-width="2.6"/>`;
  return '';
}

// A row of tiles (names) as SVG text, for tables.
export function tilesSvg(names, options = {}) {
  return names.map(name => tileSvg(name, options)).join('');
}
