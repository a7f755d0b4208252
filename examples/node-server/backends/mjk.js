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

module.exports = { name: 'mjk', analyse, analyseLine };
