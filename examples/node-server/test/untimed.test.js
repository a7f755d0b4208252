'use strict';
// The server's tests assert what is bounded (answers, counts, closes and
// their reasons, memory), never a time: on a shared, loaded host a latency
// or elapsed-time bound fails at random (a polite client's p99 of 1,216 ms
// under load 5-10 failed the suite). bench.js measures the latencies.
// This test reads the other tests and names any assertion on a clock.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');

// What a timed assertion reads: a clock, a latency percentile, an elapsed time.
const TIMED = /\bt\b\s*[<>]|performance\.now\(\)|Date\.now\(\)|process\.hrtime|\bp50\b|\bp99\b|\bp50_ms\b|\bp99_ms\b|\bmax_ms\b|\blatency\b|\belapsed\w*|\w+After\b|\w*Ms\b/;

// The assertions of a source text: each assert call from `assert` to the
// end of its statement, with the line it starts on.
function assertions(source) {
  const out = [];
  const lines = source.split('\n');
  lines.forEach((line, i) => {
    if (!/\bassert(\.\w+)?\(/.test(line)) return;
    let text = line;
    for (let j = i + 1; j < lines.length && !/\);\s*(\/\/.*)?$/.test(text); j++) text += lines[j];
    out.push({ line: i + 1, text });
  });
  return out;
}

test('no test asserts a time', () => {
  const dir = __dirname;
  const timed = [];
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.js') && f !== path.basename(__filename))) {
    for (const a of assertions(fs.readFileSync(path.join(dir, file), 'utf8'))) {
      // Only the condition: the message (a template after the condition) may print a time.
      const condition = a.text.replace(/,\s*`[^`]*`\s*\);.*$/, ');').replace(/,\s*'[^']*'\s*\);.*$/, ');');
      if (TIMED.test(condition)) timed.push(`${file}:${a.line}: ${a.text.trim().slice(0, 120)}`);
    }
  }
  assert.deepEqual(timed, [], `timed assertions:\n${timed.join('\n')}`);
});
