#!/bin/bash
# Differential test runner: compares TIDE against the reference lua5.4.
# Usage: test/run-diff.sh TIDE [DIR]
# Runs every DIR/*.lua (default test/diff) from the repository root with both
# engines, compares stdout and exit status byte for byte.
# Extra engine arguments may be given in $TIDE_FLAGS (placed before the file).
# Each run may take $DIFF_TIMEOUT seconds (default 10; the GC stress stage
# gives more: collecting at every allocation makes some tests 50x slower).
# JIT expectations: a test may say what the JIT must do with it in a line
# among its first ten, "-- jit: traces>=2, side>=1, aborts<=0" (names:
# traces, side, links, functions, dropped, aborts; operators >=, <=, =). With
# DIFF_JITCHECK=1 (make test's run with the JIT on by default) tide runs
# it with -jstats and the counts it prints must meet them, so that a test
# meant to exercise a trace fails when the trace is no longer made even
# though the interpreter prints the same. Skipped where the build has no
# JIT backend.
# With $DIFF_REFCACHE set to a directory, lua5.4's outputs are kept there,
# keyed by the test's contents and lua5.4's version, so that the stages
# that run the suite again (JIT off, forced, GC stress) run lua5.4 once.
set -u

if [ $# -lt 1 ]; then
  echo "usage: $0 TIDE [DIR]" >&2
  exit 2
fi

TIDE=$1
ROOT=$(cd "$(dirname "$0")/.." && pwd)
DIR=${2:-test/diff}
REF=${LUA_REF:-lua5.4}
FLAGS=${TIDE_FLAGS:-}
LIMIT=${DIFF_TIMEOUT:-10}

# resolve TIDE relative to the caller's cwd if it is a path
. "$(dirname "$0")/lib.sh"
TIDE=$(abspath "$TIDE")

cd "$ROOT" || exit 2
case "$DIR" in
  /*) DIR=$(realpath --relative-to="$ROOT" "$DIR") ;;
esac

scratch

pass=0
fail=0
CACHE=${DIFF_REFCACHE:-}
if [ -n "$CACHE" ]; then
  mkdir -p "$CACHE" || CACHE=
  REFVERSION=$("$REF" -v 2>&1)
fi

# lua5.4's stdout of $1 into ref.out, its status into rs (from the cache
# when there is one)
runref() {
  local key=
  if [ -n "$CACHE" ]; then
    key=$CACHE/$( { echo "$REFVERSION"; cat "$1"; } | sha1sum | cut -c1-40)
    if [ -f "$key.st" ]; then
      cp "$key.out" "$TMP/ref.out"
      rs=$(cat "$key.st")
      return
    fi
  fi
  timeout "$LIMIT" "$REF" "$1" >"$TMP/ref.out" 2>"$TMP/ref.err"
  rs=$?
  if [ -n "$key" ] && [ $rs -ne 124 ]; then
    cp "$TMP/ref.out" "$key.out" && echo $rs >"$key.st"
  fi
}

JITCHECK=${DIFF_JITCHECK:-0}
if [ "$JITCHECK" = 1 ] && [ "$("$TIDE" -e 'io.write(tostring(require("jit").backend))' 2>/dev/null)" = false ]; then
  JITCHECK=0
fi

# jitunmet SPEC STDERR: the conditions of SPEC that the -jstats counts in
# STDERR do not meet (nothing when all are met)
jitunmet() {
  local line cond name op want got
  line=$(grep -m 1 '^traces [0-9]' "$2")
  if [ -z "$line" ]; then echo "no -jstats output"; return; fi
  declare -A n
  n[traces]=$(echo "$line" | sed 's/^traces \([0-9]*\).*/\1/')
  n[side]=$(echo "$line" | sed 's/.*(side \([0-9]*\).*/\1/')
  n[links]=$(echo "$line" | sed 's/.*ending in a link \([0-9]*\).*/\1/')
  n[functions]=$(echo "$line" | sed 's/.*function \([0-9]*\).*/\1/')
  n[dropped]=$(echo "$line" | sed 's/.*dropped \([0-9]*\).*/\1/')
  n[aborts]=$(echo "$line" | sed 's/.*aborts \([0-9]*\).*/\1/')
  IFS=',' read -ra conds <<<"$1"
  for cond in "${conds[@]}"; do
    cond=${cond// /}
    name=${cond%%[<>=]*}
    op=${cond#"$name"}
    want=${op##*[<>=]}
    op=${op%"$want"}
    got=${n[$name]:-}
    case "$op" in
      '>=') [ -n "$got" ] && [ "$got" -ge "$want" ] && continue ;;
      '<=') [ -n "$got" ] && [ "$got" -le "$want" ] && continue ;;
      '=') [ -n "$got" ] && [ "$got" -eq "$want" ] && continue ;;
    esac
    echo "$cond (got ${got:-?}) "
  done
}

for f in $(ls "$DIR"/*.lua 2>/dev/null | sort); do
  runref "$f"
  spec=
  [ "$JITCHECK" = 1 ] && spec=$(sed -n '1,10s/^-- jit: *//p' "$f" | head -n 1)
  # shellcheck disable=SC2086
  timeout "$LIMIT" "$TIDE" $FLAGS ${spec:+-jstats} "$f" >"$TMP/tide.out" 2>"$TMP/tide.err"
  ts=$?
  unmet=
  [ -n "$spec" ] && unmet=$(jitunmet "$spec" "$TMP/tide.err")
  if [ -n "$unmet" ]; then
    fail=$((fail + 1))
    echo "FAIL: $f: the JIT did not do what the test expects: $unmet"
  elif [ $rs -eq $ts ] && cmp -s "$TMP/ref.out" "$TMP/tide.out"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL: $f (exit: lua5.4=$rs tide=$ts)"
    diff -u --label lua5.4 --label tide "$TMP/ref.out" "$TMP/tide.out" | head -n 20
    if [ $ts -ne 0 ] && [ -s "$TMP/tide.err" ]; then
      echo "  tide stderr: $(head -c 300 "$TMP/tide.err")"
    fi
  fi
done

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
