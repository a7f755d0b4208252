// A tiny static file server for the page (127.0.0.1 only), with the MIME
// types a browser insists on for ES modules and streamed wasm:
//   node web/test/serve.mjs build/wasm/web [port]     # then open the address it prints
import {createServer} from 'node:http';
import {readFile, stat} from 'node:fs/promises';
import {extname, join, normalize, resolve, sep} from 'node:path';
import {fileURLToPath} from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.wasm': 'application/wasm', '.json': 'application/json', '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

export function serve(root, port = 0) {
  const base = resolve(root);
  const server = createServer(async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      let file = normalize(join(base, path));
      if (file !== base && !file.startsWith(base + sep)) { res.writeHead(403).end('outside the site'); return; }
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      res.writeHead(200, {'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store'});
      res.end(body);
    } catch {
      res.writeHead(404, {'content-type': 'text/plain'}).end('not found');
    }
  });
  return new Promise(done => server.listen(port, '127.0.0.1', () => {
    done({url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise(c => server.close(c))});
  }));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = process.argv[2] ?? 'build/wasm/web';
  const {url} = await serve(root, Number(process.argv[3] ?? 8080));
  console.log(`serving ${root} at ${url}`);
}
