#!/usr/bin/env node
'use strict';
// A WebSocket hand-analysis server on `ws` (RFC 6455; no protocol of ours
// beyond the message body).
//
//   node server.js [--port N] [--host H] [--backend mjk|majiang]
//
// --port 0 (the default) takes an ephemeral port; the first line on stdout is
//   listening ws://HOST:PORT backend=NAME
// A client sends one hand per text message, either plain mpsz text
// ("123m456p789s11z23s 1s") or JSON {"hand": "...", "players": 3|4,
// "visible": [34 counts]}, and gets one JSON text message back: the object
// `mjk --json` prints for that hand, or {"hand": ..., "error": "..."}.
// Replies come in the order of the requests on each connection.
const { WebSocketServer } = require('ws');

function parseArgs(argv) {
  const args = { port: 0, host: '127.0.0.1', backend: 'mjk' };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--port') args.port = Number(value());
    else if (a === '--host') args.host = value();
    else if (a === '--backend') args.backend = value();
    else if (a === '--help' || a === '-h') args.help = true;
    else throw new Error(`unknown argument ${a}`);
  }
  if (!['mjk', 'majiang'].includes(args.backend)) throw new Error(`--backend must be mjk or majiang, not ${args.backend}`);
  if (!Number.isInteger(args.port) || args.port < 0 || args.port > 65535) throw new Error('--port must be 0..65535');
  return args;
}

function loadBackend(name) {
  return name === 'majiang' ? require('./backends/majiang') : require('./backends/mjk');
}

// One message in, one reply out (a JSON string).
function answer(backend, data) {
  const text = data.toString();
  let hand = text;
  const options = {};
  try {
    if (text.trimStart().startsWith('{')) {
      const req = JSON.parse(text);
      if (typeof req.hand !== 'string') throw new TypeError('"hand" must be a string');
      hand = req.hand;
      if (req.players !== undefined) options.players = req.players;
      if (req.visible !== undefined) options.visible = Uint8Array.from(req.visible);
    }
    return backend.analyseLine ? backend.analyseLine(hand, options) : JSON.stringify(backend.analyse(hand, options));
  } catch (e) {
    return JSON.stringify({ hand, error: e.message });
  }
}

function start({ port = 0, host = '127.0.0.1', backend = 'mjk' } = {}) {
  const impl = loadBackend(backend);
  const wss = new WebSocketServer({ port, host, perMessageDeflate: false, maxPayload: 64 * 1024 });
  wss.on('connection', (ws) => {
    ws.on('message', (data, isBinary) => {
      ws.send(isBinary ? JSON.stringify({ error: 'send text messages' }) : answer(impl, data));
    });
    ws.on('error', () => ws.terminate());
  });
  return new Promise((resolve, reject) => {
    wss.once('listening', () => resolve(wss));
    wss.once('error', reject);
  });
}

module.exports = { start, answer, loadBackend };

if (require.main === module) {
  let args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error(`server.js: ${e.message}`);
    process.exit(2);
  }
  if (args.help) {
    console.log('usage: node server.js [--port N] [--host 127.0.0.1] [--backend mjk|majiang]');
    process.exit(0);
  }
  start(args).then((wss) => {
    const { address, port } = wss.address();
    console.log(`listening ws://${address}:${port} backend=${args.backend}`);
    const stop = () => wss.close(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  }, (e) => {
    console.error(`server.js: ${e.message}`);
    process.exit(1);
  });
}
