#!/bin/sh
# ctest cli.log_to_mjlog: cli_log_mjlog.sh MJK LOGS_DIR WORK_DIR
# `mjk log --to mjlog` of public records (Tenhou's mjlog, tenhou.net/6 of
# four and three players) writes a record `mjk log` reads: its review is
# the source's line for line but the header, which names the mjlog. Exit 77
# (skipped) without the records.
set -u
mjk=$1 logs=$2 work=$3
[ -d "$logs/tenhou-mjlog" ] || { echo "SKIPPED: no game records at $logs (public data, never in the repository)"; exit 77; }
mkdir -p "$work"
status=0
fail() { echo "FAIL: $*"; status=1; }
for source in "tenhou-mjlog/$(ls "$logs/tenhou-mjlog" | head -n 1)" tenhou6-json/chankan.json \
    tenhou6-json-3p/double_nukidora.json; do
  written=$work/written.mjlog
  "$mjk" log --to mjlog "$logs/$source" >"$written" || { fail "$source: --to mjlog exited $?"; continue; }
  head -c 19 "$written" | grep -q '^<mjloggm ver="2.3">' || fail "$source: not an mjlog: $(head -c 40 "$written")"
  "$mjk" log "$logs/$source" >"$work/source.txt"
  "$mjk" log "$written" >"$work/written.txt" || fail "$source: mjk log of the mjlog written exited $?"
  players=$(head -n 1 "$work/source.txt" | sed -n 's/.*(\(mjlog\|tenhou6\), \([34] players, [0-9]* rounds\))$/\2/p')
  head -n 1 "$work/written.txt" | grep -q -F "written.mjlog  (mjlog, $players)" ||
    fail "$source: header $(head -n 1 "$work/written.txt"), not (mjlog, $players)"
  tail -n +2 "$work/source.txt" >"$work/a.txt"
  tail -n +2 "$work/written.txt" >"$work/b.txt"
  cmp -s "$work/a.txt" "$work/b.txt" || { fail "$source: the reviews differ"; diff "$work/a.txt" "$work/b.txt" | head -n 10; }
done
exit $status
