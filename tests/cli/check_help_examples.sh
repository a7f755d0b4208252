#!/bin/sh
# Every example printed in every help of mjk runs: the lines of `mjk --help`,
# `mjk --help-all`, `mjk help rules` and `mjk CMD --help` (each subcommand
# the short help lists) that start, after blanks, with "$ mjk", with
# "example: mjk", or after two blanks with "mjk ", run by sh with this mjk
# first on PATH, must exit 0.
#   check_help_examples.sh path/to/mjk workdir
set -u
mjk=$1
work=$2
mkdir -p "$work" && cd "$work" || exit 1
mkdir -p bin && ln -sf "$mjk" bin/mjk
PATH=$PWD/bin:$PATH
export PATH
commands=$(mjk --help | sed -n '/^commands:/,/^$/p' | sed -n 's/^  \([a-z][a-z]*\) .*/\1/p')
[ -n "$commands" ] || { echo "no subcommands in mjk --help"; exit 1; }
: > helps
for h in "--help" "--help-all" "help rules"; do echo "$h" >> helps; done
for c in $commands; do echo "$c --help" >> helps; done
failed=0 ran=0
while read -r help; do
  # shellcheck disable=SC2086
  mjk $help > help.txt || { echo "mjk $help failed"; failed=1; continue; }
  sed -n 's/^ *\$ \(mjk .*\)$/\1/p; s/^ *example: \(mjk .*\)$/\1/p; s/^  \(mjk .*\)$/\1/p' help.txt > examples.txt
  while read -r example; do
    ran=$((ran + 1))
    if ! sh -c "$example" > out.txt 2>&1 < /dev/null; then
      echo "mjk $help: the example fails: $example"
      sed 's/^/    /' out.txt
      failed=1
    fi
  done < examples.txt
done < helps
echo "$ran examples run"
[ "$ran" -gt 0 ] || { echo "no example found"; exit 1; }
exit $failed
