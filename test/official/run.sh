#!/bin/bash
# The official Lua 5.4.4 test suite (its `testes` directory), run by tide.
# Usage: test/official/run.sh [--all-only] TIDE
#   (--all-only: all.lua with the JIT on and forced, nothing else; for the
#   sanitizer build)
# The suite is looked for in $LUA_TESTS, else ../shared/lua-5.4.4-tests
# beside the repository; without it the stage is skipped (and passes).
# Each run works in a scratch copy of the directory (the tests write files
# there and in /tmp). Runs, each with a PASS/FAIL line (a failure shows the
# end of the output: the failing assertion and its traceback):
#   - every file all.lua runs, one at a time, with _port = _soft = true, in
#     four modes: the JIT off (-joff), on (the default), forced
#     (TIDE_JIT=on,hotloop=1), and on under GC stress (TIDE_GC_STRESS=1)
#   - all.lua in one process in the same four modes (it runs most files
#     through string.dump and load, and must end with "final OK !!!")
#   - all.lua with _soft = false (big.lua and the long parts), JIT on
#   - main.lua with _port = false: tide as the stand-alone interpreter
#     through the shell (its Ctrl-C test races between the shell's
#     `& echo $!` and the child's first output line, for lua5.4 as well:
#     a failure there is tried once more)
# Parts that need the internal test library T skip themselves, as under a
# stock lua5.4. attrib.lua with _port = false needs its C modules built
# against lua.h (the C API compatibility issue): not run.
# Prints "N passed, M failed"; exits 1 if anything failed.
set -u
ALLONLY=0
if [ "${1:-}" = --all-only ]; then
  ALLONLY=1
  shift
fi
if [ $# -lt 1 ]; then
  echo "usage: $0 [--all-only] TIDE" >&2
  exit 2
fi
TIDE=$1
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
. "$(dirname "$0")/../lib.sh"
TIDE=$(abspath "$TIDE")
SUITE=${LUA_TESTS:-$ROOT/../shared/lua-5.4.4-tests}
if [ ! -f "$SUITE/all.lua" ]; then
  echo "skipped: no Lua test suite (looked in $SUITE; set LUA_TESTS=dir)"
  exit 0
fi
SUITE=$(cd "$SUITE" && pwd)
LIMIT=${OFFICIAL_TIMEOUT:-300}

scratch
pass=0
fail=0

# run NAME FILE GLOBALS [VAR=VALUE...] [-- TIDE-OPTIONS...]: runs FILE in
# a fresh copy of the suite; OK when it exits 0 (and, for all.lua, prints
# "final OK !!!")
run() {
  local name=$1 file=$2 globals=$3
  shift 3
  local envs=() opts=()
  while [ $# -gt 0 ]; do
    case "$1" in
      --) shift; opts=("$@"); break ;;
      *) envs+=("$1"); shift ;;
    esac
  done
  rm -rf "$TMP/s"
  cp -r "$SUITE" "$TMP/s"
  (cd "$TMP/s" && env "${envs[@]}" timeout "$LIMIT" "$TIDE" "${opts[@]}" -e "$globals" "$file" \
    >"$TMP/out" 2>&1 </dev/null)
  local st=$?
  if [ $st -eq 0 ] && { [ "$file" != all.lua ] || grep -q '^final OK !!!' "$TMP/out"; }; then
    pass=$((pass + 1))
    echo "PASS: $name"
    return 0
  fi
  [ $st -eq 124 ] && echo "  (killed after $LIMIT s)" >>"$TMP/out"
  fail=$((fail + 1))
  echo "FAIL: $name (exit $st)"
  tail -n 8 "$TMP/out" | sed 's/^/    /'
  return 1
}

FILES=$(grep -o "dofile('[a-z0-9]*\.lua'" "$SUITE/all.lua" | sed "s/dofile('//; s/'$//")
SOFT="_port = true; _soft = true"
if [ $ALLONLY = 1 ]; then
  run "all.lua (on)" all.lua "$SOFT"
  run "all.lua (forced)" all.lua "$SOFT" TIDE_JIT=on,hotloop=1
  echo "official Lua 5.4.4 suite (all.lua only): $pass passed, $fail failed"
  [ $fail -eq 0 ]
  exit
fi
MODES=("off|-- -joff" "on|" "forced|TIDE_JIT=on,hotloop=1" "stress|TIDE_GC_STRESS=1")
for m in "${MODES[@]}"; do
  mode=${m%%|*}
  args=${m#*|}
  # shellcheck disable=SC2086
  for f in $FILES; do
    run "$f ($mode)" "$f" "$SOFT" $args
  done
  # shellcheck disable=SC2086
  run "all.lua ($mode)" all.lua "$SOFT" $args
done
run "all.lua (_soft = false)" all.lua "_port = true; _soft = false"
if ! run "main.lua (_port = false)" main.lua "_port = false; _soft = true"; then
  fail=$((fail - 1))
  run "main.lua (_port = false, second try)" main.lua "_port = false; _soft = true"
fi

echo "official Lua 5.4.4 suite: $pass passed, $fail failed"
[ $fail -eq 0 ]
