#!/bin/bash
# Error-position tests: each test/errors/*.lua must exit with status 1 and the
# first line of stderr (with the leading "PROGNAME: " removed) must equal the
# line recorded for that file in test/errors/expected.txt ("FILE<TAB>MESSAGE").
# Usage: test/errors/run.sh TIDE        (run from anywhere)
#        test/errors/run.sh --regen     (rewrite expected.txt using lua5.4)
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
TIDE=${1:?usage: $0 TIDE|--regen}
FLAGS=${TIDE_FLAGS:-}
. "$(dirname "$0")/../lib.sh"
TIDE=$(abspath "$TIDE")
cd "$ROOT" || exit 2
EXP=test/errors/expected.txt

firstline() {
  # strip the interpreter's "name: " prefix from the first stderr line
  head -n 1 | sed -e 's/^[^:]*: //'
}

if [ "$TIDE" = "--regen" ]; then
  : > "$EXP"
  for f in $(ls test/errors/*.lua | sort); do
    msg=$(timeout 10 lua5.4 "$f" 2>&1 >/dev/null | firstline)
    printf '%s\t%s\n' "$f" "$msg" >> "$EXP"
  done
  echo "regenerated $EXP"
  exit 0
fi

pass=0
fail=0
while IFS=$'\t' read -r f want; do
  # shellcheck disable=SC2086
  got=$(timeout 10 "$TIDE" $FLAGS "$f" 2>&1 >/dev/null | firstline)
  timeout 10 "$TIDE" $FLAGS "$f" >/dev/null 2>&1
  st=$?
  if [ $st -eq 1 ] && [ "$got" = "$want" ]; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL: $f (exit $st)"
    echo "  want: $want"
    echo "  got:  $got"
  fi
done < "$EXP"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
