#!/bin/sh
# ctest node.package: test_package.sh NODE DIST_DIR WORK_DIR TEST_DIR
# Installs the npm package the build packed (DIST_DIR/mjk-*.tgz) into a
# fresh directory offline, as a user would, then runs the packaging tests
# and mjk.test.js against the installed copy (not the source tree).
set -eu
node=$1 dist=$2 work=$3 tests=$4
set -- "$dist"/mjk-*.tgz
[ -f "$1" ] || { echo "no npm package in $dist (build the target mjk_npm)"; exit 1; }
tgz=$1
rm -rf "$work"
mkdir -p "$work"
cd "$work"
echo '{"name": "mjk-package-test", "version": "0.0.0", "private": true}' >package.json
npm install --offline --no-audit --no-fund --ignore-scripts=false "$tgz"
pkg=$work/node_modules/mjk
[ -f "$pkg/build/Release/mjk.node" ] || { echo "the package lacks build/Release/mjk.node"; exit 1; }
"$node" -e 'const p = require(process.argv[1] + "/package.json");
  if (p.private || (p.scripts && p.scripts.install) || p.dependencies) { console.error("package.json builds from source:", p); process.exit(1); }' "$pkg"
unset MJK_NODE_ADDON
"$node" -e 'const mjk = require("mjk"); if (mjk.tileName(30) !== "4z") process.exit(1); console.log("require(\"mjk\"): " + mjk.implementation())'
MJK_NODE_PACKAGE=$pkg exec "$node" --test "$tests/packaging.test.js"
