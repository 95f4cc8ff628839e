#!/bin/bash
# Random-program differential fuzzer.
# Usage: test/fuzz/run.sh TIDE SECONDS [SEED]
# Generates programs with `lua5.4 test/fuzz/genprog.lua SEED` (SEED, SEED+1,
# ...; default: a seed derived from the clock, printed first), runs each
# under lua5.4 and under TIDE (5 s timeout each) and compares stdout and
# exit status. A mismatching program is saved to test/fuzz/failures/SEED.lua
# and reported. Prints "N programs, M mismatches"; exits 1 on any mismatch.
set -u

if [ $# -lt 2 ]; then
  echo "usage: $0 TIDE SECONDS [SEED]" >&2
  exit 2
fi

TIDE=$1
SECONDS_BUDGET=$2
REF=${LUA_REF:-lua5.4}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
FAILDIR=$ROOT/test/fuzz/failures

. "$(dirname "$0")/../lib.sh"
TIDE=$(abspath "$TIDE")

if [ $# -ge 3 ]; then
  seed=$3
else
  seed=$(( ($(date +%s) % 100000) * 1000 + RANDOM % 1000 ))
fi
echo "progfuzz: $TIDE for ${SECONDS_BUDGET}s, first seed $seed"

scratch
# run from the temporary directory with a fixed relative chunk name, so
# error messages mention the same "prog.lua" under both engines
cd "$TMP" || exit 2

n=0
bad=0
end=$(( $(date +%s) + SECONDS_BUDGET ))
while [ "$(date +%s)" -lt "$end" ]; do
  if ! "$REF" "$ROOT/test/fuzz/genprog.lua" "$seed" >prog.lua 2>gen.err; then
    echo "generator failed for seed $seed: $(head -c 300 gen.err)"
    bad=$((bad + 1))
    seed=$((seed + 1))
    continue
  fi
  timeout 5 "$REF" prog.lua >ref.out 2>ref.err
  rs=$?
  timeout 5 "$TIDE" prog.lua >tide.out 2>tide.err
  ts=$?
  n=$((n + 1))
  if [ $rs -ne $ts ] || ! cmp -s ref.out tide.out; then
    bad=$((bad + 1))
    mkdir -p "$FAILDIR"
    cp prog.lua "$FAILDIR/$seed.lua"
    echo "MISMATCH seed $seed (exit: lua5.4=$rs tide=$ts) -> test/fuzz/failures/$seed.lua"
    diff --label lua5.4 --label tide -u ref.out tide.out | head -n 12
    [ -s tide.err ] && echo "  tide stderr: $(head -c 300 tide.err)"
  fi
  seed=$((seed + 1))
done

echo "$n programs, $bad mismatches"
[ $bad -eq 0 ]
