#!/bin/bash
# Command line tests for the tide binary.
# Usage: test/cli/run-cli.sh TIDE
# Checks option and 'arg' handling, -e, -l, -v, -E, -W, LUA_INIT, exit
# statuses, the uncaught error report, the source excerpt with a caret,
# the REPL on piped input with -i, and -jstats and -jdump. Where the behaviour is the reference's,
# lua5.4 (or $LUA_REF) is the oracle: same stdout, same exit status and same
# stderr once the program name "lua5.4" is replaced by "tide".
# Prints "N passed, M failed" and exits 1 if anything failed.
set -u

if [ $# -lt 1 ]; then
  echo "usage: $0 TIDE" >&2
  exit 2
fi

TIDE=$1
REF=${LUA_REF:-lua5.4}
. "$(dirname "$0")/../lib.sh"
TIDE=$(abspath "$TIDE")
if ! command -v "$TIDE" >/dev/null 2>&1; then
  echo "run-cli: no tide binary at '$TIDE'" >&2
  exit 2
fi
if ! command -v "$REF" >/dev/null 2>&1; then
  echo "run-cli: reference interpreter '$REF' not found" >&2
  exit 2
fi

scratch
cd "$TMP" || exit 2

# Keep the environment of both interpreters the same and predictable.
unset LUA_INIT LUA_INIT_5_4 LUA_PATH LUA_PATH_5_4 LUA_CPATH LUA_CPATH_5_4
export TIDE_HISTORY=

pass=0
fail=0

ok() { pass=$((pass + 1)); }
bad() {
  fail=$((fail + 1))
  echo "FAIL: $1"
  shift
  for l in "$@"; do echo "  $l"; done
}

# tide run as "tide" (argv[0]: the name in its messages):
# timeout 10 "${AS_TIDE[@]}" ARGS...
AS_TIDE=(bash -c 'exec -a tide "$0" "$@"' "$TIDE")

# run_both NAME STDIN-FILE ARGS... : runs both engines with TIDE_NO_CARET=1
# and leaves ref.out ref.err ref.st tide.out tide.err tide.st
run_both() {
  local name=$1 in=$2
  shift 2
  # both see argv[0] = "lua5.4", so that arg[-n] / arg[0] print the same
  # (both name themselves by argv[0] in messages, as lua.c does)
  TIDE_NO_CARET=1 timeout 10 bash -c 'exec -a lua5.4 "$0" "$@"' "$REF" "$@" <"$in" >ref.out 2>ref.err
  echo $? >ref.st
  TIDE_NO_CARET=1 timeout 10 bash -c 'exec -a lua5.4 "$0" "$@"' "$TIDE" "$@" <"$in" >tide.out 2>tide.err
  echo $? >tide.st
  if [ "${SKIP_VERSION:-0}" = 1 ]; then # the version lines differ
    sed -i 1d ref.out
    sed -i 1d tide.out
  fi
}

show_diff() {
  diff -u --label "lua5.4 $1" --label "tide $1" "ref.$1" "tide.$1" | head -n 15 | sed 's/^/    /'
}

# same NAME STDIN ARGS...: stdout, stderr and status must all match
same() {
  local name=$1
  run_both "$@"
  if cmp -s ref.out tide.out && cmp -s ref.err tide.err && cmp -s ref.st tide.st; then
    ok
  else
    bad "$name (exit: lua5.4=$(cat ref.st) tide=$(cat tide.st))"
    show_diff out
    show_diff err
  fi
}

# same_out NAME STDIN ARGS...: stdout and status must match (stderr free)
same_out() {
  local name=$1
  run_both "$@"
  if cmp -s ref.out tide.out && cmp -s ref.st tide.st; then
    ok
  else
    bad "$name (exit: lua5.4=$(cat ref.st) tide=$(cat tide.st))"
    show_diff out
    head -n 3 tide.err | sed 's/^/    tide stderr: /'
  fi
}

# expect NAME COND-DESCRIPTION TEST-COMMAND...: custom check
expect() {
  local name=$1 what=$2
  shift 2
  if "$@"; then ok; else bad "$name: $what"; fi
}

# --------------------------------------------------------------------
# fixtures
cat >args.lua <<'EOF'
local lo, hi = 0, 0
for k in pairs(arg) do
  if k < lo then lo = k end
  if k > hi then hi = k end
end
for i = lo, hi do print(i, arg[i]) end
print("n", select("#", ...), ...)
EOF
cat >hello.lua <<'EOF'
print("hello from script")
EOF
cat >rt_error.lua <<'EOF'
local t = nil
local function f()
  return t.x + 1
end
print(f())
EOF
cat >syn_error.lua <<'EOF'
local x = 1
if x then
  print(x
end
EOF
cat >err_table.lua <<'EOF'
error({code = 1})
EOF
cat >err_tostring.lua <<'EOF'
error(setmetatable({}, {__tostring = function() return "custom object" end}))
EOF
cat >err_nil.lua <<'EOF'
error()
EOF
cat >err_level2.lua <<'EOF'
local function check(v)
  if not v then error("check failed", 2) end
end
local function caller()
  check(false)
end
caller()
EOF
cat >err_number.lua <<'EOF'
error(42)
EOF
cat >shebang.lua <<'EOF'
#!/usr/bin/env tide
print("after shebang", ...)
EOF
cat >mymod.lua <<'EOF'
return { value = 42, name = ... }
EOF
cat >init.lua <<'EOF'
print("init file ran", arg and arg[0])
EOF
cat >exit_ok.lua <<'EOF'
print("fine")
EOF
printf '' >empty.txt
printf 'print("from stdin", ...)\nprint(arg[0], arg[1])\n' >stdin_ok.txt
printf 'print("before")\nerror("stdin failure")\n' >stdin_err.txt

# --------------------------------------------------------------------
# arg table and script arguments
same "arg: script with args" empty.txt args.lua a b c
same "arg: options before script" empty.txt -W -e "x=1" args.lua p q
same "arg: -- before script" empty.txt -- args.lua p
same "arg: script args that look like options" empty.txt args.lua -e -x --
same "arg: no script (-e only)" empty.txt -e "for i=-2,4 do print(i, arg[i]) end"
same "arg: - runs stdin with args" stdin_ok.txt - x y
same "arg: -- - is a file named -" empty.txt -- -
same "arg: empty script name" empty.txt ""
mkdir -p adir
same "script is a directory" empty.txt adir
printf 'print("file named dash", ...)\n' >./-
same "arg: -- - runs the file named -" stdin_ok.txt -- - z
rm -f ./-
same "shebang line skipped" empty.txt shebang.lua 1 2

# -e
same "-e simple" empty.txt -e "print(1 + 1)"
same "-e several in order" empty.txt -e "x = 10" -e "print(x * 2)" -e "print('third')"
same "-e attached form" empty.txt "-eprint('attached')"
same "-e then script" empty.txt -e "print('first')" hello.lua
same "-e error stops the rest" empty.txt -e "error('stop here')" -e "print('not reached')"
same "-e syntax error" empty.txt -e "x = = 1"
# (the version line differs: compare status and the last line only)
run_both "-e -v" empty.txt -e "print('after')" -v
expect "-e -v" "prints the script output after the version" \
  test "$(tail -n 1 tide.out)" = "after"

# -l
same "-l mod" empty.txt -l mymod -e "print(mymod.value, mymod.name)"
same "-l g=mod" empty.txt -l g=mymod -e "print(g.value, mymod)"
same "-lmod attached" empty.txt -lmymod -e "print(mymod.value)"
run_both "-l missing module" empty.txt -l no_such_module_xyz
expect "-l missing module" "exit status 1" test "$(cat tide.st)" = 1
expect "-l missing module" "message names the module" \
  grep -q "^lua5.4: module 'no_such_module_xyz' not found" tide.err

# -v
TIDE_NO_CARET=1 timeout 10 "${AS_TIDE[@]}" -v </dev/null >tide.out 2>tide.err
st=$?
expect "-v" "prints something with 'Tide' and exits 0" \
  test $st -eq 0 -a -n "$(grep Tide tide.out)"
TIDE_NO_CARET=1 timeout 10 "${AS_TIDE[@]}" -v -W <stdin_ok.txt >tide.out 2>tide.err
st=$?
expect "-v with stdin not a terminal" "prints only the version and exits 0" \
  test $st -eq 0 -a "$(wc -l <tide.out)" -eq 1

# bad options: same message and usage, status 1
same "unknown option -x" empty.txt -x
same "unknown option -h" empty.txt -h
same "option with extra letters -ix" empty.txt -ix
same "option --x" empty.txt --x
same "option -E- " empty.txt -E-
same "-e without argument" empty.txt -e
same "-l without argument" empty.txt -l
same "-e followed by an option" empty.txt -e -x
same "bad option after a good one" empty.txt -e "print(1)" -y

# uncaught errors: exact reference report
same "runtime error report" empty.txt rt_error.lua
same "syntax error report" empty.txt syn_error.lua
same "table error object" empty.txt err_table.lua
same "__tostring error object" empty.txt err_tostring.lua
same "nil error object" empty.txt err_nil.lua
same "number error object" empty.txt err_number.lua
same "error with level 2" empty.txt err_level2.lua
same "missing script file" empty.txt no_such_file.lua
same "error in -e shows (command line)" empty.txt -e "local t = {} ; t.x.y = 1"

# exit statuses
same "success exits 0" empty.txt exit_ok.lua
SKIP_VERSION=1 same "-i after failing script does not start the REPL" empty.txt -i rt_error.lua

# stdin as the script (standard input not a terminal)
same_out "stdin runs as a script" stdin_ok.txt
TIDE_NO_CARET=1 timeout 10 "${AS_TIDE[@]}" <stdin_err.txt >tide.out 2>tide.err
st=$?
expect "stdin script error" "exit status 1 (lua5.4 5.4.4 wrongly exits 0)" test $st -eq 1
expect "stdin script error" "reports 'tide: stdin:2: stdin failure'" \
  grep -q '^tide: stdin:2: stdin failure$' tide.err
same "- script error" stdin_err.txt -

# LUA_INIT
export LUA_INIT='print("init string", arg and #arg)'
same "LUA_INIT string" empty.txt -e "print('main')"
same "-E ignores LUA_INIT" empty.txt -E -e "print('main')"
export LUA_INIT=@init.lua
same "LUA_INIT @file" empty.txt hello.lua
export LUA_INIT_5_4='print("5.4 wins")'
same "LUA_INIT_5_4 takes precedence" empty.txt -e "print('main')"
unset LUA_INIT_5_4
export LUA_INIT='error("init failed")'
same "LUA_INIT error" empty.txt -e "print('not reached')"
export LUA_INIT='x ='
same "LUA_INIT syntax error" empty.txt -e "print('not reached')"
export LUA_INIT=@no_such_init.lua
same "LUA_INIT missing file" empty.txt -e "print('not reached')"
unset LUA_INIT

# -E also tells the package library to ignore LUA_PATH
export LUA_PATH='envpath/?.lua'
same "LUA_PATH used without -E" empty.txt -e "print(package.path)"
TIDE_NO_CARET=1 timeout 10 "${AS_TIDE[@]}" -E -e "print(package.path)" </dev/null >tide.out 2>tide.err
expect "-E ignores LUA_PATH" "package.path is not taken from LUA_PATH" \
  test -s tide.out -a -z "$(grep envpath tide.out)"
unset LUA_PATH

# -W
same "-W turns warnings on" empty.txt -W -e "warn('hello', ' world')"
same "warnings off by default" empty.txt -e "warn('hidden')"
same "errors in finalizers become warnings" empty.txt -W -e "setmetatable({}, {__gc = function() error('boom') end}) setmetatable({}, {__gc = function() error({}) end}) collectgarbage() print('still running')"
same "finalizer warnings off by default" empty.txt -e "setmetatable({}, {__gc = function() error('boom') end}) collectgarbage() print('quiet')"
same "a control message is one piece: warn('@off', 'x') warns" empty.txt -W -e "warn('@off', 'XXX', '@off') warn('a') warn('@on', 'x', '@off') warn('z')"
same "while off, each piece may be a control message" empty.txt -e "warn('@on') warn('@off', 'XXX', '@on') warn('a') warn('@off') warn('b', '@on') warn('c')"

# --------------------------------------------------------------------
# source excerpt with a caret (a Tide feature; compare with no oracle)

# excerpt_check NAME FILE-LINE-REGEX SOURCE-LINE-TEXT: tide.err must hold,
# after the reference report, a "-->" line, the source line and a caret
excerpt_check() {
  local name=$1 loc=$2 src=$3
  if ! grep -q -- "^ *--> $loc" tide.err; then
    bad "$name: no '--> $loc' line" "$(sed 's/^/    /' tide.err)"
    return
  fi
  if ! grep -qF -- "| $src" tide.err; then
    bad "$name: source line '$src' not shown" "$(sed 's/^/    /' tide.err)"
    return
  fi
  if ! grep -q -- '^ *| *.*\^$' tide.err; then
    bad "$name: no caret line" "$(sed 's/^/    /' tide.err)"
    return
  fi
  ok
}

TIDE_CARET=1 timeout 10 "${AS_TIDE[@]}" rt_error.lua </dev/null >tide.out 2>tide.err
expect "caret: runtime error keeps the reference report first" "first line" \
  grep -q "^tide: rt_error.lua:3: attempt to" tide.err
excerpt_check "caret: runtime error" "rt_error.lua:3:[0-9]" "  return t.x + 1"
# the caret is under the 't' being indexed or the '.'/'x' after it
col=$(grep -o -- '--> rt_error.lua:3:[0-9]*' tide.err | sed 's/.*://')
expect "caret: runtime error column" "column $col is within 't.x'" \
  test "${col:-0}" -ge 10 -a "${col:-0}" -le 12

TIDE_CARET=1 timeout 10 "${AS_TIDE[@]}" syn_error.lua </dev/null >tide.out 2>tide.err
expect "caret: syntax error keeps the reference report first" "first line" \
  grep -q "^tide: syn_error.lua:4: ')' expected" tide.err
excerpt_check "caret: syntax error" "syn_error.lua:4:[0-9]" "end"

TIDE_CARET=1 timeout 10 "${AS_TIDE[@]}" -e "local a = 1 +* 2" </dev/null >tide.out 2>tide.err
excerpt_check "caret: syntax error in -e" "(command line):1:[0-9]" "local a = 1 +* 2"

TIDE_CARET=1 timeout 10 "${AS_TIDE[@]}" -e "local t = {}" -e "print(t.a.b)" </dev/null >tide.out 2>tide.err
excerpt_check "caret: runtime error in second -e" "(command line):1:[0-9]" "print(t.a.b)"

TIDE_CARET=1 timeout 10 "${AS_TIDE[@]}" err_level2.lua </dev/null >tide.out 2>tide.err
expect "caret: none for error(msg, 2) that names another line" "no excerpt" \
  test -z "$(grep -e '-->' tide.err)"
TIDE_CARET=1 timeout 10 "${AS_TIDE[@]}" err_table.lua </dev/null >tide.out 2>tide.err
expect "caret: none for a table error object" "no excerpt" \
  test -z "$(grep -e '-->' tide.err)"
TIDE_CARET=1 TIDE_NO_CARET=1 timeout 10 "${AS_TIDE[@]}" rt_error.lua </dev/null >tide.out 2>tide.err
expect "caret: TIDE_NO_CARET=1 turns it off" "no excerpt" \
  test -z "$(grep -e '-->' tide.err)"
# stderr not a terminal: lua5.4's text exactly, for programs that parse it
timeout 10 "${AS_TIDE[@]}" rt_error.lua </dev/null >tide.out 2>tide.err
timeout 10 bash -c 'exec -a tide "$0" "$@"' "$REF" rt_error.lua </dev/null >ref.out 2>ref.err
expect "caret: none when stderr is not a terminal" "stderr as lua5.4's" cmp -s ref.err tide.err
# on a terminal it is there (script gives a pseudo-terminal)
if command -v script >/dev/null 2>&1; then
  timeout 10 script -qec "$TIDE rt_error.lua" /dev/null >tty.out 2>&1
  expect "caret: shown when stderr is a terminal" "an excerpt" grep -q -e '--> rt_error.lua:3:' tty.out
fi

# --------------------------------------------------------------------
# REPL on piped input with -i: prompts, echoed lines and results exactly like
# the reference (except the version line)
cat >repl.txt <<'EOF'
1 + 1
x = 5
x
"str", nil, 3.5
= x * 2
return 1, 2
for i = 1, 2 do
print("loop", i)
end
local a = 10

function f(n)
  return n * 2
end
f(21)
error("boom")
error({})
t = {}
t.x.y = 1
x = = 1
_PROMPT = "P> "
if x then
print("cont")
end
_PROMPT2 = setmetatable({}, {__tostring = function() return "C> " end})
while false do
end
print(...)
print = nil
5
EOF
SKIP_VERSION=1 same "REPL -i on piped input" repl.txt -i
TIDE_NO_CARET=1 timeout 10 "${AS_TIDE[@]}" -i <repl.txt >tide.out 2>tide.err
expect "REPL version line" "first line has 'Tide'" grep -q Tide <(head -n 1 tide.out)

cat >repl2.txt <<'EOF'
print(x)
y = x + 1
print(y)
EOF
SKIP_VERSION=1 same_out "REPL after -e keeps the state" repl2.txt -e "x = 41" -i
SKIP_VERSION=1 same_out "REPL after a script" repl2.txt -i hello.lua

# a REPL error gets the excerpt too (no program name before the message)
printf 'local t\nprint(t.x)\n' >repl3.txt
TIDE_CARET=1 timeout 10 "${AS_TIDE[@]}" -i <repl3.txt >tide.out 2>tide.err
expect "REPL error message" "'stdin:1: attempt to index' without program name" \
  grep -q "^stdin:1: attempt to index a nil value" tide.err
excerpt_check "REPL error excerpt" "stdin:1:[0-9]" "print(t.x)"

# On a terminal the REPL loads libedit (dlopen): line input through it and
# the history file it writes. `script` gives the REPL a pseudo-terminal.
if command -v script >/dev/null 2>&1; then
  printf 'print(6*7)\nx=1\n' |
    TIDE_HISTORY="$TMP/hist.txt" timeout 10 script -qec "$TIDE" /dev/null >tty.out 2>&1
  expect "REPL on a terminal" "evaluates through libedit" grep -q '^42' tty.out
  expect "REPL on a terminal" "saves the history" grep -qx 'x=1' hist.txt
fi

# -jstats: the JIT's statistics at exit, after the script's output;
# -jdump: each trace's bytecode, IR and machine code
printf 'local s = 0\nfor i = 1, 1000 do s = s + i * 8 + 0 end\nprint(s)\n' >hot.lua
timeout 10 "${AS_TIDE[@]}" -jon -jhotloop=2 -jstats hot.lua </dev/null >tide.out 2>tide.err
expect "-jstats" "prints the result" grep -qx 4004000 tide.out
expect "-jstats" "counts the trace" grep -q '^traces 1 (side 0, ending in a link 0, function 0)' tide.err
expect "-jstats" "names the rules fired" grep -q '^ *[0-9][0-9]*  mul_pow2$' tide.err
# the time split: samples of a profiling timer, a loop in a trace, then
# the same loop with the JIT off (about 0.3 s each)
cat >split.lua <<'LUA'
local function run(n) local s = 0 for i = 1, n do s = (s + i * 3) % 1000003 end return s end
local t0 = os.clock()
local r, n = 0, 0
while os.clock() - t0 < 0.3 do r = r + run(100000) n = n + 1 end
require("jit").off()
t0 = os.clock()
while os.clock() - t0 < 0.3 do r = r + run(20000) end
print(r > 0)
LUA
timeout 20 "${AS_TIDE[@]}" -jon -jstats split.lua </dev/null >tide.out 2>tide.err
expect "-jstats" "splits the time" grep -q '^time ([0-9]* samples): interpreter [0-9.]*%, traces [0-9.]*%' tide.err
expect "-jstats" "time in traces and in the interpreter" \
  awk -F'[ %]+' '/^time/ { for (i = 1; i < NF; i++) if ($i == "interpreter" || $i == "traces") if ($(i + 1) + 0 < 20) bad = 1; found = 1 }
                 END { exit !(found && !bad) }' tide.err
# the exits that went to the interpreter most: a branch every tenth
# iteration, which gets no side trace with -jhotexit this high
printf 'local n = 0\nfor i = 1, 3000 do if i %% 10 == 0 then n = n + 1 end end\nprint(n)\n' >exits.lua
timeout 10 "${AS_TIDE[@]}" -jon -jhotloop=2 -jhotexit=50000 -jstats exits.lua </dev/null >tide.out 2>tide.err
expect "-jstats" "names the exits most taken" grep -q '^ *[0-9]*  trace 1 exit [0-9]*, exits.lua:2$' tide.err
timeout 10 "${AS_TIDE[@]}" -jon -jhotloop=2 -jdump hot.lua </dev/null >tide.out 2>tide.err
expect "-jdump" "lists the bytecode" grep -q '^---- TRACE 1 bytecode hot.lua:2' tide.err
expect "-jdump" "the loop's FORLOOP" grep -q 'FORLOOP' tide.err
expect "-jdump" "the IR" grep -q '^---- TRACE 1 IR hot.lua:2' tide.err
expect "-jdump" "the machine code" grep -q '^---- TRACE 1 mcode' tide.err
# -jv: an abort names the instruction and what it calls, as error messages do
# (in a coroutine a call the trace cannot inline is not made from it: the
# callee might yield)
printf 'local n = 0\ncoroutine.wrap(function() for i = 1, 1000 do n = n + #{collectgarbage("count")} end end)()\nprint(n)\n' >abort.lua
timeout 10 "${AS_TIDE[@]}" -jon -jhotloop=2 -jv abort.lua </dev/null >tide.out 2>tide.err
expect "-jv" "prints the result" grep -qx 1000 tide.out
expect "-jv" "names the call an abort is at" grep -q "abort at line 2: call not supported yet (CALL global 'collectgarbage')" tide.err

# the JIT is on as tide starts where the build compiles traces; -joff
# (and TIDE_JIT=off, applied first) turns it off
if [ "$("$TIDE" -e 'print(require("jit").backend)' 2>/dev/null)" = x64 ] && [ -z "${TIDE_JIT:-}" ]; then
  timeout 10 "${AS_TIDE[@]}" -jhotloop=2 -jstats hot.lua </dev/null >tide.out 2>tide.err
  expect "JIT default" "on without -jon" grep -q '^traces 1 (side 0' tide.err
  timeout 10 "${AS_TIDE[@]}" -joff -jhotloop=2 -jstats hot.lua </dev/null >tide.out 2>tide.err
  expect "JIT default" "-joff turns it off" grep -q '^traces 0 (side 0' tide.err
  TIDE_JIT=off timeout 10 "${AS_TIDE[@]}" -jhotloop=2 -jstats hot.lua </dev/null >tide.out 2>tide.err
  expect "JIT default" "TIDE_JIT=off turns it off" grep -q '^traces 0 (side 0' tide.err
  LUA_INIT='require("jit").off()' timeout 10 "${AS_TIDE[@]}" -jhotloop=2 -jstats hot.lua </dev/null >tide.out 2>tide.err
  expect "JIT default" "LUA_INIT may turn it off" grep -q '^traces 0 (side 0' tide.err
  "$TIDE" -e 'print(package.loaded.jit)' >tide.out 2>&1
  expect "JIT default" "leaves package.loaded alone" grep -qx nil tide.out
fi

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
