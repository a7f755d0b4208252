'use strict';
// The mjk back end: mjk's Node addon, the same object `mjk --json` prints.
const mjk = require('../../../bindings/node');

function analyse(text, options) {
  return mjk.analyse(text, options);
}

module.exports = { name: 'mjk', analyse };
