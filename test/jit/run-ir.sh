#!/bin/bash
# IR expectation tests: each test/jit/ir/NAME.lua runs under
#   TIDE_HASH_SEED=1 TIDE -jon -jhotloop=2 -jdump=OUT
# (a fixed string hash seed: where a key sits in a table's hash part shows
# in the IR, as the guard on the hash part's size)
# and OUT must equal test/jit/ir/NAME.ir (the IR of every trace recorded,
# optimised; the machine code listings are left out, since they change
# with every improvement of the backend, and addresses read @ADDR: they
# change from run to run). Its output must also equal
# lua5.4's. UPDATE=1 rewrites the
# .ir files from what TIDE prints (then review the diff).
# Usage: test/jit/run-ir.sh TIDE
set -u
TIDE=$1
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
. "$(dirname "$0")/../lib.sh"
TIDE=$(abspath "$TIDE")
cd "$ROOT" || exit 2
scratch
pass=0 fail=0
for f in test/jit/ir/*.lua; do
  exp=${f%.lua}.ir
  if ! TIDE_HASH_SEED=1 "$TIDE" -jon -jhotloop=2 -jdump="$TMP/ir" "$f" >"$TMP/out" 2>"$TMP/err"; then
    echo "FAIL: $f exited non-zero: $(head -c 300 "$TMP/err")"; fail=$((fail + 1)); continue
  fi
  lua5.4 "$f" >"$TMP/ref" 2>&1
  if ! cmp -s "$TMP/ref" "$TMP/out"; then
    echo "FAIL: $f prints what lua5.4 does not"; diff "$TMP/ref" "$TMP/out" | head; fail=$((fail + 1)); continue
  fi
  awk '/^---- TRACE .* mcode/ { skip = 1; next } /^----/ { skip = 0 } !skip' "$TMP/ir" |
    sed -E 's/@0x[0-9a-f]+/@ADDR/g' >"$TMP/ir2"
  mv "$TMP/ir2" "$TMP/ir"
  if [ "${UPDATE:-0}" = 1 ]; then cp "$TMP/ir" "$exp"; fi
  if [ -f "$exp" ] && cmp -s "$exp" "$TMP/ir"; then
    pass=$((pass + 1))
  else
    echo "FAIL: $f: IR differs from $exp"
    diff -u --label expected --label got "$exp" "$TMP/ir" | head -40
    fail=$((fail + 1))
  fi
done
echo "IR expectation tests: $pass passed, $fail failed"
[ $fail -eq 0 ]
