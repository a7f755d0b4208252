#!/bin/sh
# ctest cli.log_hostile_records: cli_log_hostile.sh MJK WORK_DIR [sanitized]
# `mjk log` given hostile records, each made here, each followed by a good
# record: every hostile one is an error naming the file (and the limit), the
# good one is still read and replayed. Whatever could hang runs under
# `timeout`; /dev/zero also runs under a memory limit (ulimit -v). (A
# directory is not among them: `mjk log DIR` reads the files in it.)
set -u
mjk=$1 work=$2 sanitized=${3:-}
rm -rf "$work"
mkdir -p "$work"
cd "$work" || exit 1
status=0
fail() { echo "FAIL: $*"; status=1; }

cat > good.mjlog <<'EOF'
<mjloggm ver="2.3"><GO type="169"/><TAIKYOKU oya="0"/><INIT seed="0,0,0,3,3,20" ten="250,250,250,250" oya="0" hai0="34,11,120,19,83,79,69,12,1,99,128,85,73" hai1="57,27,17,119,14,134,126,44,117,68,114,82,109" hai2="78,93,90,48,100,41,40,81,60,53,92,75,98" hai3="6,104,127,88,87,35,65,135,97,122,25,5,121"/><T77/><D120/></mjloggm>
EOF
good='good.mjlog  (mjlog, 4 players, 1 rounds)'
limit='the limit of 16777216 bytes a record (raise it with the max-bytes option)'
{ cat good.mjlog && head -c 2000 /dev/zero | tr '\0' ' '; } > big.mjlog
gzip -c good.mjlog | gzip -c > twice.gz
head -c 20000000 /dev/zero | gzip -9 > bomb.gz
mkfifo fifo
sed 's/hai0="34,11,/hai0="34,34,/' good.mjlog > dup.mjlog

# expect NAME FIRST_LINE_PATTERN ARGS...: mjk log ARGS good.mjlog exits 1,
# says a line matching the (shell) pattern first, then reads the good record.
expect() {
  name=$1 first=$2
  shift 2
  out=$(timeout 60 "$mjk" log "$@" good.mjlog 2>&1)
  rc=$?
  [ "$rc" -eq 1 ] || fail "$name: exit status $rc, not 1: $out"
  # shellcheck disable=SC2254
  case $(printf '%s\n' "$out" | head -n 1) in
    $first) ;;
    *) fail "$name: the first line does not match '$first': $out" ;;
  esac
  printf '%s\n' "$out" | grep -qxF "$good" || fail "$name: the good record after it was not read: $out"
}

expect nested_gzip "error: twice.gz: gzip inside gzip: a record is compressed once" twice.gz
expect bomb "error: bomb.gz: gzip data inflates past $limit (after * bytes of input)" bomb.gz
expect dev_zero "error: /dev/zero: larger than $limit" /dev/zero
expect fifo_without_writer "error: fifo: a FIFO with no writer (nothing to read)" fifo
expect max_bytes "error: big.mjlog: the file is * bytes, larger than the limit of 1024 bytes a record (raise it with the max-bytes option)" --max-bytes 1K big.mjlog
expect mjlog_id_twice "error: dup.mjlog:1:* (byte *): E1-0 deal: tile id 34 dealt twice" dup.mjlog

# Out of memory under a memory limit, the read limit raised past it: that
# record's error, and the next one read. Not under AddressSanitizer, whose
# shadow memory does not fit a memory limit and whose operator new aborts
# instead of throwing std::bad_alloc.
if [ "$sanitized" = sanitized ]; then
  echo "skipped under AddressSanitizer: out of memory"
else
  out=$( (ulimit -v 400000 && timeout 60 "$mjk" log --max-bytes 1024G /dev/zero good.mjlog) 2>&1)
  [ "$(printf '%s\n' "$out" | head -n 1)" = "error: /dev/zero: out of memory while reading the record" ] ||
    fail "out of memory: $out"
  printf '%s\n' "$out" | grep -qxF "$good" || fail "out of memory: the good record after it was not read: $out"
fi

# A pipe with a writer is read; one whose writer goes on, to the limit.
out=$(cat good.mjlog | timeout 60 "$mjk" log /dev/stdin 2>&1) || fail "pipe with a writer: $out"
out=$(head -c 30000000 /dev/zero | timeout 60 "$mjk" log /dev/stdin good.mjlog 2>&1)
[ "$(printf '%s\n' "$out" | head -n 1)" = "error: /dev/stdin: larger than $limit" ] || fail "endless pipe: $out"
printf '%s\n' "$out" | grep -qxF "$good" || fail "endless pipe: the good record after it was not read: $out"

# --max-bytes takes bytes or K, M, G; nothing else.
out=$("$mjk" log --max-bytes 1K good.mjlog 2>&1) || fail "--max-bytes 1K: $out"
for bad in 0 -1 5X 99999999999G; do
  out=$("$mjk" log --max-bytes "$bad" good.mjlog 2>&1)
  [ $? -eq 2 ] || fail "--max-bytes $bad: not a usage error: $out"
done
# --threads takes 1 to 1024 threads; anything else is a usage error naming it
# (it once read "abc" as one thread and 99999 as 99999).
out=$("$mjk" log --stats --threads 2 good.mjlog 2>&1) || fail "--threads 2: $out"
for bad in 0 -1 abc 2x 1025 99999; do
  out=$("$mjk" log --stats --threads "$bad" good.mjlog 2>&1)
  code=$?
  case $out in *"--threads takes a number from 1 to 1024, not '$bad'"*) ;; *) code=0 ;; esac
  [ $code -eq 2 ] || fail "--threads $bad: not a usage error naming it: $out"
done
# Each of the options that take a value, given none: a usage error naming it.
for option in --max-bytes --plot --to --threads; do
  out=$("$mjk" log good.mjlog "$option" 2>&1)
  code=$?
  case $out in "mjk log: $option needs a value: "*"(see mjk log --help)") ;; *) code=0 ;; esac
  [ $code -eq 2 ] || fail "$option without a value: $out"
done
# Options of another mode: a usage error naming them (--to with --json or
# --stats once converted without a word, --threads without --stats was dropped).
for options in "--to mjai --json" "--to tenhou6 --stats" "--to mjlog --plot x.svg" "--threads 2" "--json --threads 2"; do
  # shellcheck disable=SC2086
  out=$("$mjk" log $options good.mjlog 2>&1)
  code=$?
  case $options in
    --to*) want="mjk log: --to converts records: it goes with neither --json, --stats nor --plot (see mjk log --help)" ;;
    *) want="mjk log: --threads goes with --stats (see mjk log --help)" ;;
  esac
  [ $code -eq 2 ] && [ "$out" = "$want" ] || fail "$options: exit $code, not a usage error naming them: $out"
done
# A directory holding a FIFO, a link to a device and a link to nothing: each
# one read as a record (and its error, naming it), none left out unsaid.
mkdir corpus
cp good.mjlog corpus/
mkfifo corpus/fifo
[ -e /dev/null ] && ln -s /dev/null corpus/device
ln -s nowhere corpus/dangling
out=$(timeout 60 "$mjk" log --stats --json corpus 2>&1)
case $out in
  *'"games": 1,'*'"errors": ["corpus/dangling: cannot open: No such file or directory"'*'"corpus/fifo: a FIFO with no writer'*) ;;
  *) fail "--stats of a directory with a FIFO and links: $out" ;;
esac
if [ -e /dev/null ]; then
  case $out in
    *'"corpus/device:1:1 (byte 0): not a game record'*'"files": 4,'*) ;;
    *) fail "--stats of a directory with a link to /dev/null: $out" ;;
  esac
fi
# --stats: the same errors, the good record counted.
out=$(timeout 60 "$mjk" log --stats --json twice.gz bomb.gz /dev/zero fifo dup.mjlog good.mjlog 2>&1)
case $out in
  *'"games": 1,'*'"errors": ["/dev/zero: larger than'*'"bomb.gz: gzip data inflates'*'"dup.mjlog:1:'*'tile id 34 dealt twice"'*'"fifo: a FIFO with no writer'*'"twice.gz: gzip inside gzip'*'"files": 6,'*) ;;
  *) fail "--stats: $out" ;;
esac
[ $status -eq 0 ] && echo "every hostile record was an error naming it; the good record after it was read"
exit $status
