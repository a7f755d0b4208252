#!/bin/sh
# ctest examples.hello: installs this build into a scratch prefix the way a
# user would (cmake --install), checks the install tree has bin/mjk, then
# builds examples/c/hello.c with cc + pkg-config (run with LD_LIBRARY_PATH)
# and examples/cpp with find_package, and runs both.
#   run_hello.sh CMAKE BINARY_DIR EXAMPLES_DIR CC CXX
# Exit 77 (skipped) when pkg-config or a compiler is missing.
set -eu
cmake=$1 bin=$2 src=$3 cc=$4 cxx=$5
command -v pkg-config >/dev/null 2>&1 || { echo "SKIPPED: pkg-config not found (apt-get install pkg-config)"; exit 77; }
command -v "$cc" >/dev/null 2>&1 || { echo "SKIPPED: C compiler $cc not found"; exit 77; }
work=$(cd "$bin" && pwd)/examples_hello_test
rm -rf "$work"
mkdir -p "$work"
"$cmake" --install "$bin" --prefix "$work/prefix" >/dev/null
[ -x "$work/prefix/bin/mjk" ] || { echo "the install tree lacks bin/mjk"; exit 1; }
"$work/prefix/bin/mjk" "1112345678999m" >/dev/null
pc=$(find "$work/prefix" -name mjk.pc)
[ -n "$pc" ] || { echo "mjk.pc was not installed"; exit 1; }
PKG_CONFIG_PATH=$(dirname "$pc")
export PKG_CONFIG_PATH
cd "$work"
# The README's command lines, as written there.
# shellcheck disable=SC2046
"$cc" -std=c99 "$src/c/hello.c" -o hello $(pkg-config --cflags --libs mjk)
LD_LIBRARY_PATH=$(pkg-config --variable=libdir mjk) ./hello
"$cmake" -S "$src/cpp" -B cpp -DCMAKE_PREFIX_PATH="$work/prefix" -DCMAKE_CXX_COMPILER="$cxx" >/dev/null
"$cmake" --build cpp >/dev/null
cpp/hello
