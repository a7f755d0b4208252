// The page as one classic script, for opening it from disk (file://), where
// Chromium loads no ES module and fetches no .wasm:
//   node bundle.mjs <emscripten SINGLE_FILE script> <out.js> <module.mjs>...
// The modules (in dependency order) are the page's own, written for this:
// one-line `import ... from './x.mjs'` statements, `export` only on
// declarations. Each becomes a function scope returning its exports.
import {readFileSync, writeFileSync} from 'node:fs';
import {basename} from 'node:path';

const [single, out, ...modules] = process.argv.slice(2);
if (!single || !out || !modules.length) {
  console.error('usage: node bundle.mjs <single-file wasm script> <out.js> <module.mjs>...');
  process.exit(2);
}

const scopeName = file => '__mjk_' + basename(file, '.mjs').replace(/\W/g, '_');
let code = readFileSync(single, 'utf8') + '\n;(() => {\n"use strict";\n';
for (const file of modules) {
  const exported = [];
  const body = readFileSync(file, 'utf8').split('\n').map((line, i) => {
    let m;
    if ((m = /^import \* as (\w+) from '\.\/([\w-]+)\.mjs';$/.exec(line))) return `const ${m[1]} = ${scopeName(m[2])};`;
    if ((m = /^import \{([^}]+)\} from '\.\/([\w-]+)\.mjs';$/.exec(line))) return `const {${m[1]}} = ${scopeName(m[2])};`;
    if (/^\s*import\s/.test(line)) throw new Error(`${file}:${i + 1}: an import this bundler does not read: ${line}`);
    if ((m = /^export (?:async )?function (\w+)/.exec(line)) || (m = /^export (?:const|let) (\w+)/.exec(line))) {
      exported.push(m[1]);
      return line.replace(/^export /, '');
    }
    if (/^export\b/.test(line)) throw new Error(`${file}:${i + 1}: an export this bundler does not read: ${line}`);
    // A classic script cannot say import.meta; its address is the page's.
    return line.replaceAll('import.meta.url', 'document.baseURI');
  }).join('\n');
  code += `const ${scopeName(file)} = (() => {\n${body}\nreturn {${exported.join(', ')}};\n})();\n`;
}
code += '})();\n';
writeFileSync(out, code);
