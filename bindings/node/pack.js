'use strict';
// Stages the npm package of a CMake build and packs it:
//   node pack.js ADDON SOURCE_DIR STAGE_DIR OUT_DIR
// The addon (mjk.node, built by the repository's build and linked against
// its static libraries) goes in as build/Release/mjk.node, where index.js
// looks first; package.json loses what builds from source (the install
// script, cmake-js, node-addon-api) and "private", so `npm install
// mjk-<version>.tgz` needs no compiler and no registry.
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const [addon, src, stage, out] = process.argv.slice(2);
if (!out) {
  console.error('usage: node pack.js ADDON SOURCE_DIR STAGE_DIR OUT_DIR');
  process.exit(2);
}
const pkg = JSON.parse(fs.readFileSync(path.join(src, 'package.json'), 'utf8'));
// scripts: install/build compile from source; test and bench files are not shipped
for (const k of ['private', 'dependencies', 'devDependencies', 'binary', 'scripts']) delete pkg[k];
const files = ['index.js', 'index.d.ts', 'schema.js', 'request.schema.json', 'README.md'];
pkg.types = 'index.d.ts';
pkg.files = [...files, 'build/Release/mjk.node'];
pkg.os = [process.platform];
pkg.cpu = [process.arch];

fs.rmSync(stage, { recursive: true, force: true });
fs.mkdirSync(path.join(stage, 'build', 'Release'), { recursive: true });
fs.writeFileSync(path.join(stage, 'package.json'), JSON.stringify(pkg, null, 2) + '\n');
for (const f of files) fs.copyFileSync(path.join(src, f), path.join(stage, f));
fs.copyFileSync(addon, path.join(stage, 'build', 'Release', 'mjk.node'));
fs.mkdirSync(out, { recursive: true });
for (const f of fs.readdirSync(out)) if (/^mjk-.*\.tgz$/.test(f)) fs.rmSync(path.join(out, f));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const name = execFileSync(npm, ['pack', '--silent', '--pack-destination', path.resolve(out)], { cwd: stage, encoding: 'utf8' }).trim();
console.log(path.join(out, name));
