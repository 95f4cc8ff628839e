#!/bin/bash
# Tests for `tide --alloc-profile=RATE[:FILE]` (the allocation profiler).
# Usage: test/cli/alloc-profile.sh TIDE
# Runs a script whose allocations are dominated by one function
# (make_tables, called from the main chunk; make_strings allocates less)
# at rates 64, 4k, 512k and 8m and checks: both output files exist; every
# line of FILE.collapsed is "frame;...;frame WEIGHT" with an "[alloc T]"
# leaf; the heaviest stack is make_tables at the right file:line with an
# "[alloc table]" leaf; the total weight is within a factor of 2 of the
# bytes allocated (measured by a run at rate 1, where every allocation is
# a sample weighing its own size) and equals samples x RATE; the JSON
# parses (a small parser in Lua, run by lua5.4) and is a speedscope
# "sampled" profile consistent with the collapsed file, samples in
# allocation order. Also: the default FILE, the os.exit and error exits,
# the stack depth cap, JSON escaping, the usage text, and bad RATEs (exit
# status 1, nothing run). Prints "alloc profile: N checks passed" or the
# failures, and exits 1 if any check failed.
set -u

if [ $# -lt 1 ]; then
  echo "usage: $0 TIDE" >&2
  exit 2
fi
TIDE=$1
LUA=${LUA_REF:-lua5.4}
. "$(dirname "$0")/../lib.sh"
TIDE=$(abspath "$TIDE")
if ! command -v "$TIDE" >/dev/null 2>&1; then
  echo "alloc-profile: no tide binary at '$TIDE'" >&2
  exit 2
fi
if ! command -v "$LUA" >/dev/null 2>&1; then
  echo "alloc-profile: '$LUA' not found (needed to check the JSON)" >&2
  exit 2
fi

scratch
cd "$TMP" || exit 2
unset LUA_INIT LUA_INIT_5_4 TIDE_NO_CARET

pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() {
  fail=$((fail + 1))
  echo "FAIL: $1"
  shift
  for l in "$@"; do echo "    $l"; done
}
# check NAME COMMAND...: the command must succeed
check() {
  local name=$1
  shift
  if "$@"; then ok; else bad "$name"; fi
}

# ------------------------------------------------------------------ fixtures
# The loops are on one line: a table constructor does not save the current
# line for the sampler (it reports the line of the last instruction that
# did), so the line checked below is the loop's whole body.
cat >alloc.lua <<'EOF'
local function make_strings(n)
  local t = {}
  for i = 1, n do t[i % 64 + 1] = string.rep("s", 200) .. i end
  return t
end

function make_tables(n)
  local keep = {}
  for i = 1, n do keep[i % 64 + 1] = {} end
  return keep
end

make_tables(600000)
make_strings(10000)
EOF
TABLES_FRAME='make_tables (alloc.lua:9)'
MAIN_FRAME='main chunk (alloc.lua:13)'
STRINGS_FRAME='make_strings (alloc.lua:3)'
MAIN_STRINGS='main chunk (alloc.lua:14)'

# check.lua: a small JSON parser and the checks of the output files.
#   lua check.lua collapsed FILE       validates; prints TOTAL NLINES, then
#                                      the heaviest line
#   lua check.lua json FILE TOTAL      validates the speedscope profile
#   lua check.lua order FILE A B       no sample with frame text A comes
#                                      after one with B
#   lua check.lua names FILE           prints the frame names, one a line
#   lua check.lua parse FILE           only parses the JSON
cat >check.lua <<'EOF'
local function fail(msg) io.stderr:write(msg, "\n") os.exit(1) end

local function readall(name)
  local f = assert(io.open(name, "rb"))
  local s = f:read("a")
  f:close()
  return s
end

-- JSON (RFC 8259) to Lua values; objects and arrays are tables, null is
-- the sentinel NULL. Errors name the byte offset.
local NULL = {}
local function decode(s)
  local pos = 1
  local function err(m) fail(("JSON error at byte %d: %s"):format(pos, m)) end
  local function ws() pos = s:find("[^ \t\r\n]", pos) or #s + 1 end
  local value
  local function utf8char(cp) return utf8.char(cp) end
  local function str()
    pos = pos + 1 -- opening quote
    local out = {}
    while true do
      local c = s:sub(pos, pos)
      if c == "" then err("unterminated string") end
      if c == '"' then pos = pos + 1 break end
      if c == "\\" then
        local e = s:sub(pos + 1, pos + 1)
        local simple = { ['"'] = '"', ["\\"] = "\\", ["/"] = "/", b = "\b",
                         f = "\f", n = "\n", r = "\r", t = "\t" }
        if simple[e] then
          out[#out + 1] = simple[e]
          pos = pos + 2
        elseif e == "u" then
          local h = s:match("^%x%x%x%x", pos + 2)
          if not h then err("bad \\u escape") end
          local cp = tonumber(h, 16)
          pos = pos + 6
          if cp >= 0xD800 and cp <= 0xDBFF then
            local l = s:match("^\\u(%x%x%x%x)", pos)
            if not l then err("lone surrogate") end
            cp = 0x10000 + (cp - 0xD800) * 0x400 + (tonumber(l, 16) - 0xDC00)
            pos = pos + 6
          elseif cp >= 0xDC00 and cp <= 0xDFFF then
            err("lone surrogate")
          end
          out[#out + 1] = utf8char(cp)
        else
          err("bad escape")
        end
      elseif c:byte() < 0x20 then
        err("control character in string")
      else
        local j = s:find('["\\%c]', pos) or #s + 1
        out[#out + 1] = s:sub(pos, j - 1)
        pos = j
      end
    end
    local r = table.concat(out)
    if not utf8.len(r) then err("invalid UTF-8 in string") end
    return r
  end
  function value()
    ws()
    local c = s:sub(pos, pos)
    if c == "{" then
      local obj = {}
      pos = pos + 1
      ws()
      if s:sub(pos, pos) == "}" then pos = pos + 1 return obj end
      while true do
        ws()
        if s:sub(pos, pos) ~= '"' then err("object key expected") end
        local k = str()
        ws()
        if s:sub(pos, pos) ~= ":" then err("':' expected") end
        pos = pos + 1
        if obj[k] ~= nil then err("duplicate key " .. k) end
        obj[k] = value()
        ws()
        local d = s:sub(pos, pos)
        pos = pos + 1
        if d == "}" then return obj end
        if d ~= "," then err("',' or '}' expected") end
      end
    elseif c == "[" then
      local arr = {}
      pos = pos + 1
      ws()
      if s:sub(pos, pos) == "]" then pos = pos + 1 return arr end
      while true do
        arr[#arr + 1] = value()
        ws()
        local d = s:sub(pos, pos)
        pos = pos + 1
        if d == "]" then return arr end
        if d ~= "," then err("',' or ']' expected") end
      end
    elseif c == '"' then
      return str()
    elseif s:find("^true", pos) then pos = pos + 4 return true
    elseif s:find("^false", pos) then pos = pos + 5 return false
    elseif s:find("^null", pos) then pos = pos + 4 return NULL
    else
      -- -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][-+]?[0-9]+)?
      local p = pos
      if s:sub(p, p) == "-" then p = p + 1 end
      if s:sub(p, p) == "0" then
        p = p + 1
      elseif s:find("^[1-9]", p) then
        p = select(2, s:find("^%d+", p)) + 1
      else
        err("unexpected '" .. c .. "'")
      end
      if s:find("^%.%d", p) then p = select(2, s:find("^%.%d+", p)) + 1 end
      if s:find("^[eE][-+]?%d", p) then p = select(2, s:find("^[eE][-+]?%d+", p)) + 1 end
      local num = s:sub(pos, p - 1)
      pos = p
      if num:find("[.eE]") then return tonumber(num) end
      return math.tointeger(tonumber(num)) or tonumber(num)
    end
  end
  local v = value()
  ws()
  if pos <= #s then err("trailing data") end
  return v
end

local mode, file = arg[1], arg[2]

if mode == "collapsed" then
  local total, n, best, bestw, seen = 0, 0, nil, -1, {}
  for line in io.lines(file) do
    n = n + 1
    local stack, w = line:match("^(.+) (%d+)$")
    if not stack then fail("malformed line " .. n .. ": " .. line) end
    w = math.tointeger(tonumber(w))
    if not w or w <= 0 then fail("bad weight on line " .. n) end
    if seen[stack] then fail("stack repeated on line " .. n) end
    seen[stack] = true
    local frames = {}
    for f in (stack .. ";"):gmatch("(.-);") do
      if f == "" or f:find("^ ") or f:find(" $") then
        fail("empty or padded frame on line " .. n .. ": " .. line)
      end
      frames[#frames + 1] = f
    end
    if not frames[#frames]:find("^%[alloc %a+%]$") then
      fail("leaf is not [alloc T] on line " .. n .. ": " .. line)
    end
    if #frames > 66 then fail("more than 66 frames on line " .. n) end
    total = total + w
    if w > bestw then best, bestw = line, w end
  end
  print(total, n)
  print(best or "")
elseif mode == "json" then
  local total = math.tointeger(tonumber(arg[3]))
  local j = decode(readall(file))
  local function need(c, m) if not c then fail(m) end end
  need(j["$schema"] == "https://www.speedscope.app/file-format-schema.json", "$schema")
  need(type(j.shared) == "table" and type(j.shared.frames) == "table", "shared.frames")
  local frames = j.shared.frames
  for i, f in ipairs(frames) do
    need(type(f.name) == "string" and f.name ~= "", "frame " .. i .. " name")
    need(f.file == nil or type(f.file) == "string", "frame " .. i .. " file")
    need((f.file == nil) == (f.line == nil), "frame " .. i .. " file without line")
    need(f.line == nil or math.type(f.line) == "integer", "frame " .. i .. " line")
  end
  need(type(j.profiles) == "table" and #j.profiles == 1, "one profile")
  local p = j.profiles[1]
  need(p.type == "sampled", "type sampled")
  need(p.unit == "bytes", "unit bytes")
  need(type(p.name) == "string", "profile name")
  need(p.startValue == 0, "startValue 0")
  need(p.endValue == total, ("endValue %s, collapsed total %s"):format(p.endValue, total))
  need(type(p.samples) == "table" and type(p.weights) == "table", "samples/weights")
  need(#p.samples == #p.weights, "as many weights as samples")
  local sum = 0
  for i, w in ipairs(p.weights) do
    need(math.type(w) == "integer" and w > 0, "weight " .. i)
    sum = sum + w
  end
  need(sum == total, ("weights sum to %d, not %d"):format(sum, total))
  for i, s in ipairs(p.samples) do
    need(type(s) == "table" and #s >= 2, "sample " .. i)
    for _, ix in ipairs(s) do
      need(math.type(ix) == "integer" and ix >= 0 and ix < #frames, "sample " .. i .. " index")
    end
    need(frames[s[#s] + 1].name:find("^%[alloc %a+%]$"), "sample " .. i .. " leaf")
  end
  print("ok", #frames, #p.samples)
elseif mode == "order" then
  local j = decode(readall(file))
  local frames, p = j.shared.frames, j.profiles[1]
  local function has(s, text)
    for _, ix in ipairs(s) do
      if frames[ix + 1].name == text then return true end
    end
  end
  local lastA, firstB = 0, math.huge
  for i, s in ipairs(p.samples) do
    if has(s, arg[3]) then lastA = i end
    if has(s, arg[4]) and i < firstB then firstB = i end
  end
  if lastA == 0 or firstB == math.huge or lastA > firstB then
    fail(("order: last '%s' at %d, first '%s' at %s"):format(arg[3], lastA, arg[4], firstB))
  end
elseif mode == "parse" then
  decode(readall(file))
elseif mode == "names" then
  local j = decode(readall(file))
  for _, f in ipairs(j.shared.frames) do print(f.name) end
else
  fail("check.lua: unknown mode " .. tostring(mode))
end
EOF

# The parser itself must reject bad JSON (else the checks prove nothing).
for badjson in '{"a":1,}' '{"a":"x' '[1 2]' '{"a":"\q"}' '{"a":1}x' '["a	b"]'; do
  printf '%s' "$badjson" >bad.json
  if "$LUA" check.lua parse bad.json >/dev/null 2>&1; then
    bad "JSON checker accepts $badjson"
  else
    ok
  fi
done
printf '{"a":[1,-2.5e3,true,false,null,"\\u00e9\\ud83d\\ude00\\n"],"b":{}}' >good.json
check "JSON checker accepts valid JSON" "$LUA" check.lua parse good.json

# ---------------------------------------------------------- reference total
# At rate 1 every allocation is a sample weighing its own size: the total
# is the bytes of objects the script allocates.
"$TIDE" --alloc-profile=1:ref alloc.lua 2>ref.err
check "rate 1 run succeeds" test $? -eq 0
read -r REF_TOTAL _ < <("$LUA" check.lua collapsed ref.collapsed 2>/dev/null | head -n 1)
REF_TOTAL=${REF_TOTAL:-0}
# 600000 tables alone are more than 600000 * 32 bytes
check "rate 1 total is plausible ($REF_TOTAL bytes)" test "$REF_TOTAL" -gt 19200000

# ---------------------------------------------------------------- the rates
for spec in 64:64 4k:4096 512k:524288 8m:8388608; do
  rate=${spec%%:*}
  bytes=${spec#*:}
  out=out_$rate
  "$TIDE" --alloc-profile="$rate:$out" alloc.lua >run.out 2>run.err
  st=$?
  check "rate $rate: exit status 0" test $st -eq 0
  check "rate $rate: FILE.collapsed exists" test -s "$out.collapsed"
  check "rate $rate: FILE.speedscope.json exists" test -s "$out.speedscope.json"
  # the summary line
  summary=$(grep "allocation samples" run.err)
  nsamples=$(sed -n "s/^[^ ]*tide: \([0-9][0-9]*\) allocation samples ($bytes bytes each) written to $out\.collapsed and $out\.speedscope\.json\$/\1/p" run.err)
  if [ -n "$nsamples" ] && [ "$(wc -l <run.err)" -eq 1 ]; then ok; else
    bad "rate $rate: summary line" "$(cat run.err)"
    nsamples=0
  fi
  # well-formed collapsed stacks; the heaviest one
  if "$LUA" check.lua collapsed "$out.collapsed" >coll.out 2>coll.err; then ok; else
    bad "rate $rate: collapsed file well-formed" "$(cat coll.err)"
  fi
  read -r total nlines <coll.out
  total=${total:-0}
  heaviest=$(sed -n 2p coll.out)
  case "$heaviest" in
    *"$MAIN_FRAME;$TABLES_FRAME;[alloc table] "[0-9]*) ok ;;
    *) bad "rate $rate: heaviest stack is make_tables" "$heaviest" ;;
  esac
  # weights: samples x RATE (strings and tables are smaller than 4k; at 64
  # the strings weigh their own size); within a factor 2 of the truth
  if [ "$rate" = 64 ]; then
    check "rate $rate: total >= samples x rate" test "$total" -ge $((nsamples * bytes))
  else
    check "rate $rate: total = samples x rate" test "$total" -eq $((nsamples * bytes))
  fi
  if [ $((total * 2)) -ge "$REF_TOTAL" ] && [ "$total" -le $((REF_TOTAL * 2)) ]; then ok; else
    bad "rate $rate: total $total bytes vs $REF_TOTAL allocated"
  fi
  # the smaller allocator shows up where the rate is fine enough
  if [ "$rate" = 64 ] || [ "$rate" = 4k ]; then
    check "rate $rate: make_strings with an [alloc string] leaf" \
      grep -q "^.*$MAIN_STRINGS;$STRINGS_FRAME;\(\[C\] rep;\)\?\[alloc string\] [0-9]*\$" "$out.collapsed"
  fi
  # the JSON
  if "$LUA" check.lua json "$out.speedscope.json" "$total" >json.out 2>json.err; then ok; else
    bad "rate $rate: speedscope JSON" "$(head -c 300 json.err)"
  fi
  if [ "$rate" = 64 ] || [ "$rate" = 4k ]; then
    if "$LUA" check.lua order "$out.speedscope.json" "$TABLES_FRAME" "$STRINGS_FRAME" 2>order.err; then ok; else
      bad "rate $rate: samples in allocation order" "$(cat order.err)"
    fi
  fi
done

# a python3 cross-check of the JSON, where python3 exists
if command -v python3 >/dev/null 2>&1; then
  check "python3 -m json.tool accepts the JSON" \
    python3 -m json.tool out_4k.speedscope.json /dev/null
fi

# --------------------------------------------- default FILE, other suffixes
mkdir d && (cd d && "$TIDE" --alloc-profile=4K ../alloc.lua >/dev/null 2>run.err)
check "default FILE: tide-alloc.collapsed" test -s d/tide-alloc.collapsed
check "default FILE: tide-alloc.speedscope.json" test -s d/tide-alloc.speedscope.json
check "default FILE: summary names it" \
  grep -q "(4096 bytes each) written to tide-alloc.collapsed and tide-alloc.speedscope.json" d/run.err
"$TIDE" --alloc-profile=1M:mb alloc.lua 2>run.err
check "suffix M: 1048576 bytes" grep -q "(1048576 bytes each) written to mb.collapsed" run.err
"$TIDE" alloc.lua 2>/dev/null
check "no option: no files" test ! -e tide-alloc.collapsed -a ! -e tide-alloc.speedscope.json
# options may come with -e, and the REPL/stdin also work
echo 'make_tables(20000)' | "$TIDE" --alloc-profile=4k:stdin -e 'dofile("alloc.lua")' - 2>run.err
check "with -e and stdin: profile written" grep -q "written to stdin.collapsed" run.err

# ------------------------------------------------------- exits: os.exit, error
cat >exit3.lua <<'EOF'
local t = {}
for i = 1, 100000 do t[i % 8 + 1] = {} end
os.exit(3)
EOF
"$TIDE" --alloc-profile=4k:ex3 exit3.lua 2>run.err
check "os.exit(3): status 3" test $? -eq 3
check "os.exit(3): collapsed written" test -s ex3.collapsed
check "os.exit(3): JSON written" test -s ex3.speedscope.json
check "os.exit(3): summary" grep -q "allocation samples (4096 bytes each) written to ex3" run.err

cat >exitclose.lua <<'EOF'
local function fin_allocs() for i = 1, 50000 do local t = {} end end
setmetatable({}, { __gc = function() fin_allocs() end })
for i = 1, 1000 do local t = {} end
os.exit(true, true)
EOF
"$TIDE" --alloc-profile=64:exc exitclose.lua 2>run.err
check "os.exit(true, true): status 0" test $? -eq 0
check "os.exit(true, true): summary" grep -q "written to exc.collapsed" run.err
# the finalizer ran while the state closed, and its allocations count
check "os.exit(true, true): finalizer's allocations sampled" \
  grep -q "fin_allocs (exitclose.lua:1);\[alloc table\]" exc.collapsed
"$LUA" check.lua collapsed exc.collapsed >coll.out 2>&1
check "os.exit(true, true): collapsed well-formed" test $? -eq 0

printf 'local t = {}\nfor i = 1, 100000 do t[i %% 8 + 1] = {} end\nerror("boom")\n' >boom.lua
"$TIDE" --alloc-profile=4k:boom boom.lua 2>run.err
check "error: status 1" test $? -eq 1
check "error: message still printed" grep -q "boom.lua:3: boom" run.err
check "error: profile written" test -s boom.collapsed -a -s boom.speedscope.json
check "error: summary" grep -q "written to boom.collapsed" run.err

# ---------------------------------------------------------- stack depth cap
cat >deep.lua <<'EOF'
local function rec(n)
  if n == 0 then
    for i = 1, 20000 do local t = {} end
    return 0
  end
  return 1 + rec(n - 1)
end
rec(200)
EOF
"$TIDE" --alloc-profile=4k:deep deep.lua 2>/dev/null
if "$LUA" check.lua collapsed deep.collapsed >coll.out 2>coll.err; then ok; else
  bad "deep stack: collapsed well-formed (<= 66 frames)" "$(cat coll.err)"
fi
check "deep stack: root frame '(more frames)', then 64 frames" \
  grep -q "^(more frames)\(;rec (deep.lua:6)\)\{63\};rec (deep.lua:3);\[alloc table\] " deep.collapsed
"$LUA" check.lua json deep.speedscope.json "$(head -n 1 coll.out | cut -f1)" >/dev/null 2>&1
check "deep stack: JSON valid" test $? -eq 0

# ------------------------------------------------------------- JSON escaping
# a chunk name with a quote, a backslash, ';', a tab and a byte that is not
# UTF-8: the JSON must stay valid, the collapsed line must keep its frames
cat >names.lua <<'EOF'
local code = "for i = 1, 20000 do local t = {} end"
load(code, '=we"ird\\na;me\tx\255')()
EOF
"$TIDE" --alloc-profile=4k:names names.lua 2>/dev/null
if "$LUA" check.lua collapsed names.collapsed >coll.out 2>coll.err; then ok; else
  bad "odd chunk name: collapsed well-formed" "$(cat coll.err)"
fi
"$LUA" check.lua json names.speedscope.json "$(head -n 1 coll.out | cut -f1)" >/dev/null 2>json.err
check "odd chunk name: JSON valid" test $? -eq 0
"$LUA" check.lua names names.speedscope.json >names.out 2>&1
check "odd chunk name: decoded frame name" \
  grep -qF "$(printf 'main chunk (we"ird\\na,me x\357\277\275:1)')" names.out

# ------------------------------------------------------------ usage, bad RATE
"$TIDE" -x 2>usage.err
check "usage lists --alloc-profile" grep -q -- "--alloc-profile=RATE\[:FILE\]" usage.err
TIDE_NO_CARET=1 "$TIDE" -x 2>usage.err
check "TIDE_NO_CARET=1: usage exactly lua5.4's (no Tide options)" \
  test -z "$(grep -e --alloc-profile usage.err)"
echo 'print("ran")' >ran.lua
for badrate in abc 0 12x 4kb -5 4k: 99999999999999999999999 99999999999999999m '' ; do
  rm -f tide-alloc.collapsed
  "$TIDE" --alloc-profile="$badrate" ran.lua >run.out 2>run.err
  st=$?
  if [ $st -eq 1 ] && [ ! -s run.out ] && grep -q "bad argument in '--alloc-profile=" run.err &&
     grep -q "^usage: " run.err && [ ! -e tide-alloc.collapsed ]; then ok; else
    bad "bad RATE '$badrate': usage error, status 1 (got $st)" "$(head -n 2 run.err)"
  fi
done
"$TIDE" --alloc-profile ran.lua >run.out 2>run.err
if [ $? -eq 1 ] && [ ! -s run.out ] && grep -q "bad argument in '--alloc-profile'" run.err; then ok; else
  bad "--alloc-profile without '=RATE': usage error, status 1" "$(head -n 2 run.err)"
fi

if [ $fail -eq 0 ]; then
  echo "alloc profile: $pass checks passed"
else
  echo "alloc profile: $pass checks passed, $fail failed"
  exit 1
fi
