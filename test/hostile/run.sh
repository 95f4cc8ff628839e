#!/bin/bash
# Hostile input: each test/hostile/*.lua tries to crash, hang or exhaust
# the VM, and must end cleanly within its time limit, never by a signal.
# Usage: test/hostile/run.sh TIDE
# A script's first lines may say
#   -- ulimit: KB            run under `ulimit -v KB` (an address-space
#                            limit, so that memory bombs meet it soon);
#                            skipped with HOSTILE_NO_ULIMIT=1 (ASan builds
#                            cannot start under one)
#   -- timeout: S            its time limit (default 30 s)
#   -- expect-error: TEXT    it ends by an uncaught error: exit status 1 and
#                            TEXT in the first line of stderr
# otherwise it must exit 0 and print "OK <its name>".
# Prints "N passed, M failed"; exits 1 if anything failed.
set -u
if [ $# -lt 1 ]; then
  echo "usage: $0 TIDE" >&2
  exit 2
fi
TIDE=$1
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
. "$(dirname "$0")/../lib.sh"
TIDE=$(abspath "$TIDE")
scratch
cd "$ROOT/test/hostile" || exit 2
pass=0
fail=0
skip=0
header() { sed -n "1,5s/^-- $1: *//p" "$2" | head -n 1; }
for f in *.lua; do
  name=${f%.lua}
  limit=$(header ulimit "$f")
  secs=$(header timeout "$f")
  want=$(header expect-error "$f")
  if [ -n "$limit" ] && [ "${HOSTILE_NO_ULIMIT:-0}" = 1 ]; then
    skip=$((skip + 1))
    continue
  fi
  start=$(date +%s%N)
  (
    [ -n "$limit" ] && ulimit -v "$limit"
    exec timeout "${secs:-30}" "$TIDE" "$f"
  ) >"$TMP/out" 2>"$TMP/err" </dev/null
  st=$?
  ms=$((($(date +%s%N) - start) / 1000000))
  why=
  if [ $st -eq 124 ]; then
    why="did not end within ${secs:-30} s"
  elif [ $st -gt 128 ]; then
    why="killed by signal $((st - 128))"
  elif [ -n "$want" ]; then
    first=$(head -n 1 "$TMP/err")
    if [ $st -ne 1 ] || [ "${first#*"$want"}" = "$first" ]; then
      why="expected exit 1 with '$want', got exit $st: $(echo "$first" | cut -c1-300)"
    fi
  elif [ $st -ne 0 ] || ! grep -q "^OK $name" "$TMP/out"; then
    why="exit $st: $(tail -n 3 "$TMP/err" | cut -c1-300)"
  fi
  if [ -z "$why" ]; then
    pass=$((pass + 1))
    printf 'PASS: %s (%d.%03d s)\n' "$name" $((ms / 1000)) $((ms % 1000))
  else
    fail=$((fail + 1))
    echo "FAIL: $name: $why"
  fi
done
echo "hostile input: $pass passed, $fail failed, $skip skipped (ulimit)"
[ $fail -eq 0 ]
