#!/bin/sh
# ctest cli.json_out_of_memory: cli_json_memory.sh MJK WORK_DIR [sanitized]
# mjk --json given a line of standard input too large for the memory it may
# use (ulimit -v), between two good lines: the line before it is answered,
# then the run stops with exit 1 and the reason on standard error. The line
# was once dropped with the rest of the input and exit 0 (getline's ENOMEM
# taken for the end of the input), or, when the line fitted but its answer
# (its echo) did not, std::bad_alloc aborted the process. Not under
# AddressSanitizer, whose shadow memory does not fit a memory limit.
set -u
mjk=$1 work=$2 sanitized=${3:-}
if [ "$sanitized" = sanitized ]; then
  echo "skipped under AddressSanitizer: out of memory"
  exit 0
fi
rm -rf "$work"
mkdir -p "$work"
cd "$work" || exit 1
status=0
fail() { echo "FAIL: $*"; status=1; }
# 400 MB of digits: a hand far too long, whose answer echoes it.
head -c 400000000 /dev/zero | tr '\0' '1' > big.txt
# limit (KB): the line does not fit at all; the line fits, its answer does not.
for limit in 300000 800000; do
  (ulimit -v "$limit" && { printf '1m\n'; cat big.txt; printf '\n2m\n'; } | "$mjk" --json > out.txt 2> err.txt)
  code=$?
  out=$(cut -c1-200 out.txt)
  [ "$code" -eq 1 ] || fail "limit $limit: exit $code, not 1: $(cat err.txt)"
  case $out in '{"hand":"1m",'*) ;; *) fail "limit $limit: the line before was not answered: $out" ;; esac
  [ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ] || fail "limit $limit: more than the first line answered"
  case $(cat err.txt) in
    "mjk: error reading standard input: a line does not fit in memory (Cannot allocate memory)" | \
      "mjk: out of memory answering hand 2 (the 1 before it were answered)") ;;
    *) fail "limit $limit: not the reason: $(cat err.txt)" ;;
  esac
done
rm -f big.txt
[ $status -eq 0 ] && echo "ok"
exit $status
