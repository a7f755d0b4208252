#!/bin/sh
# Installs this build into a scratch prefix, then builds a C99 program
# against it the way a C user would (cc + pkg-config, shared library) and
# runs it. Exit 77 (skipped) when pkg-config or a C compiler is missing.
#   run.sh CMAKE BINARY_DIR SOURCE_DIR CC
set -eu
cmake=$1 bin=$2 src=$3 cc=$4
command -v pkg-config >/dev/null 2>&1 || { echo "pkg-config not found (apt-get install pkg-config)"; exit 77; }
command -v "$cc" >/dev/null 2>&1 || { echo "C compiler $cc not found"; exit 77; }
work=$(cd "$bin" && pwd)/c_consumer_test
rm -rf "$work"
mkdir -p "$work"
"$cmake" --install "$bin" --prefix "$work/prefix" >/dev/null
pc=$(find "$work/prefix" -name mjk.pc)
[ -n "$pc" ] || { echo "mjk.pc was not installed"; exit 1; }
PKG_CONFIG_PATH=$(dirname "$pc")
export PKG_CONFIG_PATH
echo "pkg-config --cflags --libs mjk: $(pkg-config --cflags --libs mjk)"
# shellcheck disable=SC2046
"$cc" -std=c99 -Wall -Wextra -pedantic -Werror "$src/main.c" -o "$work/consumer" $(pkg-config --cflags --libs mjk)
# It must use the shared library, by its SONAME.
readelf -d "$work/consumer" | grep -q 'NEEDED.*\[libmjk\.so\.[0-9]*\]' || { echo "consumer does not link libmjk.so.N"; readelf -d "$work/consumer"; exit 1; }
LD_LIBRARY_PATH=$(pkg-config --variable=libdir mjk) "$work/consumer"

# mjk_analyse_json writes exactly the lines the installed CLI prints.
if [ -x "$work/prefix/bin/mjk" ]; then
  set -- "123m456p789s11z23s 1s" "1112345678999m" "123m406p789s11z23s 0s" "11223344556677z" "19m19p19s12345677z" \
         "m1m1m1m2m2m2m3m3m3p8p9p9p9 p7" "11m" "1m" "11111m" "123" "" "12m3" "123m456p789s1234z" "0m0m" \
         "678m345p67s55s chi:234m 8s" '{"hand": "123678m345p67s55s", "win": "8s", "tsumo": true, "seat": "2z"}' \
         '{"hand": "678m345p67s55s", "melds": [{"type": "chi", "tiles": "234m"}], "win": "8s", "riichi": 1}' \
         '{"hand": "1m", "x": 1}' "123m chi:235m 5m"
  LD_LIBRARY_PATH=$(pkg-config --variable=libdir mjk) "$work/consumer" --json "$@" >"$work/c_abi.jsonl"
  "$work/prefix/bin/mjk" --json "$@" >"$work/cli.jsonl" || true  # exit 1: some hands are rejected
  if ! cmp -s "$work/c_abi.jsonl" "$work/cli.jsonl"; then
    echo "mjk_analyse_json differs from mjk --json:"
    diff "$work/cli.jsonl" "$work/c_abi.jsonl" || true
    exit 1
  fi
  echo "mjk_analyse_json == mjk --json on $# lines"
fi

# mjk_review_record_json writes exactly what the installed `mjk log --json` prints.
records=$src/../../../fuzz/corpus/records
if [ -x "$work/prefix/bin/mjk" ] && [ -d "$records" ]; then
  set -- "$records"/*
  LD_LIBRARY_PATH=$(pkg-config --variable=libdir mjk) "$work/consumer" --review "$@" >"$work/c_abi_review.jsonl"
  "$work/prefix/bin/mjk" log --json "$@" >"$work/cli_review.jsonl" || true  # exit 1: hostile records
  if ! cmp -s "$work/c_abi_review.jsonl" "$work/cli_review.jsonl"; then
    echo "mjk_review_record_json differs from mjk log --json:"
    diff "$work/cli_review.jsonl" "$work/c_abi_review.jsonl" || true
    exit 1
  fi
  echo "mjk_review_record_json == mjk log --json on $# records"
fi
