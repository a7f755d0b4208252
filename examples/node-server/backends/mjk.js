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

// [{line}] -> their reply lines, in one addon call (the server's batch of
// one event-loop turn). A JSON line carries its own players and visible
// tiles, which the library reads; plain text is four players.
function analyseMany(requests) {
  return mjk.analyseLines(requests.map((r) => r.line));
}

// analyseMany's reply lines, analysed on libuv's thread pool (the server's
// "ev" requests: a search takes up to ~0.1 s, too long for the event loop).
function analyseManyAsync(requests) {
  return mjk.analyseLinesAsync(requests.map((r) => r.line));
}

module.exports = { name: 'mjk', analyse, analyseLine, analyseMany, analyseManyAsync };
