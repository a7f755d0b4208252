#!/bin/sh
# ctest cli.log_review: cli_log_review.sh MJK LOGS_DIR WORK_DIR
# The structure of `mjk log FILE`'s review on a public record (never a
# golden copy of it: the records are not in the repository, nor is what is
# derived from them): the header, the rounds, one line per player with its
# figures, the mistakes (as many as that line counts), the standings in
# order, the disagreements. Exit 77 (skipped) without the records.
set -u
mjk=$1 logs=$2 work=$3
[ -d "$logs/tenhou-mjlog" ] || { echo "SKIPPED: no game records at $logs (public data, never in the repository)"; exit 77; }
record=$(ls "$logs/tenhou-mjlog" | head -n 1)
mkdir -p "$work"
out=$work/review.txt
"$mjk" log "$logs/tenhou-mjlog/$record" >"$out" || { echo "FAIL: mjk log exited $?"; cat "$out"; exit 1; }
status=0
fail() { echo "FAIL: $*"; status=1; }
# has COUNT REGEX: exactly COUNT lines match (extended regular expression).
has() {
  k=$(grep -c -E -e "$2" "$out")
  [ "$k" -eq "$1" ] || fail "$k lines, not $1, match: $2"
}
rounds=$(sed -n 's/.*mjlog, 4 players, \([0-9]*\) rounds)$/\1/p' "$out" | head -n 1)
head -n 1 "$out" | grep -q -E "^.*$record  \(mjlog, 4 players, [0-9]+ rounds\)\$" || fail "header: $(head -n 1 "$out")"
has 1 '^  rounds:$'
has "${rounds:-0}" '^    [ESWN][1-4]-[0-9]+  scores( -?[0-9]+){4}  \| (seat [0-3] (tsumo|ron from seat [0-3]) [0-9]+ han [0-9]+ fu ([a-z_]+ )?[0-9]+|draw)'
has 1 '^  review \(.*\):$'
has 4 '^    seat [0-3]( \(.*\))?: [0-9]+ of [0-9]+ discards match the best \([0-9]+\.[0-9]%\), ukeire given up [0-9]+, [0-9]+ to a worse shanten, [0-9]+ mistakes$'
has 1 '^  mistakes:$'
shape='^      [ESWN][1-4]-[0-9]+ turn [0-9]+  [0-9mpsz]+  discarded [0-9][mpsz] \((tenpai|[0-9]-shanten), ukeire [0-9]+\)  better [0-9][mpsz]( [0-9][mpsz])* \((tenpai|[0-9]-shanten), ukeire [0-9]+\)$'
counted=$(sed -n 's/.* \([0-9]*\) mistakes$/\1/p' "$out" | awk '{s += $1} END {print s + 0}')
has "$counted" "$shape"
[ "$counted" -gt 0 ] || fail "no mistakes listed"
# Each player's mistakes under their name, as many as their line counts.
for seat in 0 1 2 3; do
  want=$(grep -E "^    seat $seat( \(.*\))?: " "$out" | sed -n 's/.* \([0-9]*\) mistakes$/\1/p')
  got=$(awk -v s="    seat $seat" 'index($0, s) == 1 && !/discards match/ {on = 1; next} /^    [^ ]/ {on = 0} /^  [^ ]/ {on = 0} on {k++} END {print k + 0}' "$out")
  [ "$want" = "$got" ] || fail "seat $seat: $got mistakes listed, $want counted"
done
has 1 '^  standings:$'
has 4 '^    [1-4]\. seat [0-3]( \(.*\))?  -?[0-9]+$'
places=$(sed -n 's/^    \([1-4]\)\. seat .*/\1/p' "$out" | tr -d '\n')
[ "$places" = 1234 ] || fail "places in order: $places"
scores=$(sed -n 's/^    [1-4]\. seat .*  \(-\{0,1\}[0-9]*\)$/\1/p' "$out")
[ "$(printf '%s\n' "$scores" | sort -n -r)" = "$scores" ] || fail "standings not by score: $scores"
has 1 '^  [0-9]+ disagreements?:?$'
[ $status = 0 ] || cat "$out"

# --stats for people: rates to one decimal, shanten by turn as a table of
# two rows of ten turns; --plot writes an SVG document of it.
out=$work/stats.txt
"$mjk" log --stats --threads 2 --plot "$work/stats.svg" "$logs" >"$out" 2>/dev/null
has 1 '^per player and round: win rate [0-9]+\.[0-9]%  deal-in rate [0-9]+\.[0-9]%  riichi rate [0-9]+\.[0-9]%$'
has 1 '^average win [0-9]+ points$'
has 1 '^ukeire given up per discard at the best shanten [0-9]+\.[0-9]{2}  \(discards to a worse shanten: [0-9]+\.[0-9]%\)$'
has 1 '^average shanten by turn \([0-9]+ discards reviewed\):$'
has 1 '^  turn    ( +[0-9]+){10}$'
has 1 '^  turn    ( +[0-9]+){9} +20\+$'
has 2 '^  shanten ( +([0-9]+\.[0-9]{2}|-)){10}$'
svg=$work/stats.svg
[ -s "$svg" ] || fail "--plot wrote no $svg"
head -n 1 "$svg" | grep -q '^<svg xmlns="http://www.w3.org/2000/svg"' || fail "$svg: not an SVG document"
tail -n 1 "$svg" | grep -qx '</svg>' || fail "$svg: not closed"
[ "$(grep -c '<circle' "$svg")" -eq 20 ] || fail "$svg: not one point per turn"
[ "$(grep -c '<rect x=' "$svg")" -eq 4 ] || fail "$svg: not four rate bars"
[ $status = 0 ] || cat "$out"
exit $status
