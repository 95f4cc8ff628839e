#!/bin/bash
# Self-checking test runner.
# Usage: test/run-lua.sh TIDE
# Runs every test/lua/*.lua with TIDE (plus $TIDE_FLAGS); each must exit 0
# and print a last line starting with "OK".
set -u

if [ $# -lt 1 ]; then
  echo "usage: $0 TIDE" >&2
  exit 2
fi

TIDE=$1
ROOT=$(cd "$(dirname "$0")/.." && pwd)
FLAGS=${TIDE_FLAGS:-}

. "$(dirname "$0")/lib.sh"
TIDE=$(abspath "$TIDE")

cd "$ROOT" || exit 2

scratch

pass=0
fail=0
for f in $(ls test/lua/*.lua 2>/dev/null | sort); do
  # shellcheck disable=SC2086
  timeout 60 "$TIDE" $FLAGS "$f" >"$TMP/out" 2>"$TMP/err"
  st=$?
  last=$(tail -n 1 "$TMP/out")
  if [ $st -eq 0 ] && [ "${last#OK}" != "$last" ]; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL: $f (exit $st)"
    tail -n 5 "$TMP/out" | sed 's/^/  out: /'
    head -n 5 "$TMP/err" | sed 's/^/  err: /'
  fi
done

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
