'use strict';
// The mjk back end: mjk's Node addon, the same object `mjk --json` prints.
const mjk = require('../../../bindings/node');

function analyse(text, options) {
  return mjk.analyse(text, options);
}

// The reply as mjk writes it (the same JSON), without a parse and re-stringify.
function analyseLine(text, options) {
  return mjk.analyseLine(text, options);
}

// [{hand, players, visible: Uint8Array(34) | null}] -> their reply lines, in
// one addon call (the server's batch of one event-loop turn). A row of zero
// counts is what the addon reads as "no visible tiles".
function analyseMany(requests) {
  const n = requests.length;
  const hands = new Array(n);
  const players = new Uint8Array(n);
  let visible = null;
  for (let i = 0; i < n; i++) {
    const r = requests[i];
    hands[i] = r.hand;
    players[i] = r.players;
    if (r.visible) (visible ||= new Uint8Array(34 * n)).set(r.visible, 34 * i);
  }
  return mjk.analyseLines(hands, { players, visible });
}

module.exports = { name: 'mjk', analyse, analyseLine, analyseMany };
