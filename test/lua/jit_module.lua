-- The jit module: control, statistics, hot loop detection, aborts with
-- reasons and their backoff, compiled loops.
local jit = require "jit"
assert(type(jit) == "table" and rawget(_G, "jit") == nil, "jit is a module, not a global")
-- the tide binary turns it on where it can compile traces
assert(jit.backend == "x64" or jit.backend == false)
if os.getenv("TIDE_JIT") == nil then assert(jit.status() == (jit.backend ~= false), "on by default") end
jit.off()
assert(jit.status() == false)

jit.hotloop(10)
jit.on()
assert(jit.status() == true)

local function sum(n)
  local s = 0
  for i = 1, n do s = s + i * 2 end
  return s
end
sum(100000) -- jit.on counts back-edges from the next interrupt poll on
local before = jit.stats()
assert(sum(100000) == 10000100000)
local after = jit.stats()
-- a completed loop waits 2^12 thresholds before it is recorded again
assert(after.traces - before.traces <= 3, "recorded again too often: " .. after.traces - before.traces)
assert(after.traces >= 1, "the loop was recorded")

-- a loop calling a function with a to-be-closed variable aborts (TBC: not
-- recorded yet), and the next attempt waits twice as long: over 100000
-- iterations with a threshold of 10 that is about log2(100000/10)
-- attempts, not 10000
local function f(x) local c <close> = nil return x end
local function calls(n)
  local s = 0
  for i = 1, n do s = s + f(i) end
  return s
end
before = jit.stats()
assert(calls(100000) == 5000050000)
after = jit.stats()
local aborts = after.aborts - before.aborts
assert(aborts >= 5 and aborts <= 20, "backoff: " .. aborts .. " aborts")
assert(after.abort_reasons["bytecode not supported yet"] >= aborts)

-- calls of Lua functions are inlined: the loop runs as machine code,
-- through two levels of calls and a function called with missing
-- arguments
local function sq(x) return x * x end
local function addsq(a, b, c) if c then return a end return a + sq(b) end
local function inlined(n)
  local s = 0
  for i = 1, n do s = addsq(s, i) end
  return s
end
before = jit.stats()
assert(inlined(100000) == 333338333350000)
after = jit.stats()
assert(after.traces == before.traces + 1, "inlined calls compile")
assert(after.iterations - before.iterations > 90000, "and run as machine code")

-- generic for loops over ipairs compile too: the loop runs as machine
-- code, and its end (past the array) is recorded in the loops around it
local arr = {}
for i = 1, 1000 do arr[i] = i end
local function ipsum(t)
  local s = 0
  for _, v in ipairs(t) do s = s + v end
  return s
end
before = jit.stats()
for _ = 1, 50 do assert(ipsum(arr) == 500500) end
after = jit.stats()
assert(after.traces > before.traces, "an ipairs loop compiles")
assert(after.iterations - before.iterations > 40000, "and runs as machine code")

-- results are unchanged by recording, whatever the types
local function mixed(n)
  local x, y, t = 1, 0.5, {1, 2.5, 3}
  for i = 1, n do
    x = x + i % 7 - (i // 3)
    y = y * 1.0001 + t[i % 3 + 1]
    if x > 100 then x = -x end
    t[i % 3 + 1] = t[i % 3 + 1] + 1
  end
  return x, y
end
jit.off()
local x1, y1 = mixed(1000)
jit.on()
local x2, y2 = mixed(1000)
assert(x1 == x2 and y1 == y2, "same results with the JIT on")

-- hooks stop recording: a count hook sees every instruction
before = jit.stats()
local n = 0
debug.sethook(function() n = n + 1 end, "", 1)
sum(1000)
debug.sethook()
assert(n > 1000 and jit.stats().traces == before.traces, "no trace under a hook")

-- a compiled loop runs as machine code: its iterations are counted, each
-- run ends in an exit
jit.hotloop(10)
jit.on()
local function squares(n)
  local s = 0
  for i = 1, n do s = s + i * i end
  return s
end
local s0 = jit.stats()
for _ = 1, 20 do assert(squares(1000) == 333833500) end
local s1 = jit.stats()
if s1.traces > s0.traces or s0.traces > 0 then
  assert(s1.iterations - s0.iterations > 10000, "the loop ran as machine code")
  assert(s1.entries > s0.entries and s1.exits - s0.exits >= s1.entries - s0.entries)
end

-- with a count hook set, the compiled loop runs in the interpreter, so
-- the hook sees its instructions (about 4 per iteration)
local calls = 0
debug.sethook(function() calls = calls + 1 end, "", 100)
assert(squares(100000) == 333338333350000)
debug.sethook()
assert(calls > 3000, "count hook called " .. calls .. " times")

-- jit.flush drops compiled traces; the loop is recorded again later
jit.flush()
for _ = 1, 20 do assert(squares(1000) == 333833500) end

-- an exit whose side trace cannot be recorded (a to-be-closed variable)
-- is retried with doubling waits, each attempt counting afresh: a few
-- dozen aborts over 100000 calls, not one per exit once the wait is long
local function leaves(t)
  for i = 1, #t do
    if t[i] then
      local c <close> = nil
      return 16
    end
  end
  return 0
end
local flags = {}
for i = 1, 16 do flags[i] = i == 16 end
jit.hotexit(1)
before = jit.stats()
for _ = 1, 100000 do assert(leaves(flags) == 16) end
after = jit.stats()
local function reason(st, r) return st.abort_reasons[r] or 0 end
local retries = reason(after, "bytecode not supported yet") - reason(before, "bytecode not supported yet")
assert(after.traces > before.traces, "the loop compiles")
assert(retries >= 1 and retries < 80, "side trace retries: " .. retries)

-- statistics: side traces and links are counted among the traces, the
-- peephole rules that fired are named (x * 8 + 0: mul_pow2, add_zero), and
-- jit.report writes all of it as text to the verbose output
jit.flush()
jit.hotloop(10)
jit.hotexit(10)
local function shifts(n)
  local s = 0
  for i = 1, n do
    if i % 4 == 0 then s = s + 1 end -- a hot exit: a side trace
    s = s + i * 8 + 0
  end
  return s
end
before = jit.stats()
for _ = 1, 20 do assert(shifts(1000) == 4004250) end
after = jit.stats()
assert(after.side > before.side, "side traces counted")
assert(after.side <= after.traces and after.links <= after.traces)
assert(after.interpreted > before.interpreted, "iterations in the interpreter are counted too")
assert((after.rules.mul_pow2 or 0) > (before.rules.mul_pow2 or 0), "mul_pow2 fired")
assert((after.rules.add_zero or 0) > (before.rules.add_zero or 0), "add_zero fired")
local name = os.tmpname()
jit.verbose(false, name)
jit.report()
local f = assert(io.open(name))
local text = f:read("a")
f:close()
os.remove(name)
assert(text:find("traces %d+ %(side %d+, ending in a link %d+, function %d+%)"), text)
assert(text:find("loop iterations in traces %d+, in the interpreter %d+"), text)
assert(text:find("%d+  mul_pow2\n"), text)
assert(text:find("abort: bytecode not supported yet"), text)
assert(not pcall(jit.report, "later"))

-- a compiled loop is entered at its first back-edge, every time: a loop of
-- ten iterations called 2000 times enters its trace about 2000 times (not
-- only when a sampled back-edge happens to fall on it), each run doing the
-- remaining iterations as machine code (it counts at least 7 of the 9
-- back-edges: entered at the first, its peeled first pass's is not
-- counted). The calling loop gets a trace too, which goes into the
-- loop's trace and back (without exits): the iterations count either way.
jit.flush()
jit.hotloop(10)
local function short(t)
  local s = 0
  for i = 1, #t do s = s + t[i] end
  return s
end
local ten = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
for _ = 1, 100 do short(ten) end -- compiled
before = jit.stats()
for _ = 1, 2000 do assert(short(ten) == 55) end
after = jit.stats()
assert(after.iterations - before.iterations >= 12600, "iterations: " .. after.iterations - before.iterations)

-- the same for while, repeat-until and ipairs loops
local function wsum(n) local s, i = 0, 0 while i < n do i = i + 1; s = s + i end return s end
local function rsum(n) local s, i = 0, 0 repeat i = i + 1; s = s + i until i >= n return s end
local function isum(t) local s = 0 for _, v in ipairs(t) do s = s + v end return s end
for _, case in ipairs({{wsum, 10, 55}, {rsum, 10, 55}, {isum, ten, 55}}) do
  local fn, arg, want = case[1], case[2], case[3]
  for _ = 1, 100 do fn(arg) end
  before = jit.stats()
  for _ = 1, 1000 do assert(fn(arg) == want) end
  after = jit.stats()
  assert(after.iterations - before.iterations >= 6300, "iterations: " .. after.iterations - before.iterations)
end

-- a recording that leaves its loop by a break (into a loop around it) is
-- not kept as a trace: later iterations may not break. And a loop around
-- an inner loop without a trace waits for the inner one to get its own
-- (they are counted separately: their recordings abort, with reasons)
-- (each case has its own copy of the function: loops are counted by
-- their instruction)
local rowsumsrc = [[
  local rows = ...
  local n = 0
  for r = 1, #rows do
    local row = rows[r]
    for c = 1, #row do
      if row[c] == 0 then break end
      n = n + row[c]
    end
  end
  return n
]]
jit.flush()
jit.hotloop(1)
for _ = 1, 20 do end -- (the new threshold counts from the next poll)
before = jit.stats()
assert(load(rowsumsrc)({{1, 0}, {1, 0}, {1, 2, 3}}) == 8)
after = jit.stats()
assert(reason(after, "the loop ended while recording") > reason(before, "the loop ended while recording"),
       "a recording that breaks out of its loop aborts")
before = jit.stats()
assert(load(rowsumsrc)({{1}, {1, 2, 3}, {1, 2, 3}}) == 13)
after = jit.stats()
assert(reason(after, "inner loop not compiled yet") > reason(before, "inner loop not compiled yet"),
       "the outer loop waits for the inner one")
jit.hotloop(10)

-- the marks a compiled loop leaves in its function's bytecode are not
-- part of it: string.dump gives the same chunk, which loads and runs
jit.off()
jit.flush()
local function dumped(n)
  local s = 0
  for i = 1, n do s = s + i end
  for _, v in ipairs({n, n}) do s = s + v end
  local i = 0
  while i < n do i = i + 1 end
  repeat i = i - 1 until i <= 0
  return s
end
local chunk = string.dump(dumped)
jit.on()
for _ = 1, 200 do dumped(30) end
assert(jit.stats().traces > after.traces, "its loops compile")
assert(string.dump(dumped) == chunk, "the same chunk with traces compiled")
assert(load(string.dump(dumped))(30) == 525)

-- table stores are no GC safe points, in traces as in the interpreter: a
-- compiled loop that only stores collects nothing, however much the table
-- grows (the collection it asks for waits for the next safe point).
-- Collecting at its end had made each round of a sieve free the last
-- round's big array only after building the next, faulting in new pages.
local function fill(t, n) for i = 1, n do t[i] = i end end
for _ = 1, 20 do fill({}, 100) end
local compiled = jit.stats().traces
local collected = false
setmetatable({}, {__gc = function() collected = true end})
local filled = {}
local before_fill = collected -- (a GC stress run collects at the {} above)
fill(filled, 400000)
assert(collected == before_fill, "the loop collected")
assert(jit.stats().traces == compiled, "it ran compiled")
filled = nil
collectgarbage()
assert(collected)

-- A loop whose range checks, hoisted out of its body, keep failing (it
-- runs past the array's end and breaks before it gets there) has its
-- trace dropped and recorded again with the checks in the body (else
-- every run exits where the body starts and goes on in a side trace:
-- twice the time of checking in the body).
local arr = {}
for i = 1, 100 do arr[i] = i end
local function find(x, n)
  for i = 1, n do if arr[i] == x then return i end end
  return 0
end
for _ = 1, 2000 do assert(find(90, 100) == 90) end
before = jit.stats()
for _ = 1, 20000 do assert(find(50, 1000) == 50) end
after = jit.stats()
assert(after.dropped > before.dropped, "the trace with failing range checks stays")

-- Loops that aborted before, now compiled without an abort: LOADNIL,
-- nil stores (to keys present and absent), stores and absent reads on
-- objects whose metatable has no __newindex or __index, constructors
-- with list items (a call's results at the end: the array part grows)
local Obj = {}
Obj.__index = Obj
local function two(i) return i, i + 1 end
local function compiles(name, body)
  body(100) -- (hot, recorded)
  local b = jit.stats()
  body(20000)
  local a = jit.stats()
  assert(a.aborts == b.aborts, name .. ": " .. (a.aborts - b.aborts) .. " aborts")
  -- (under GC stress every allocation asks for a collection, which the
  -- trace leaves for the interpreter at its back-edge: few iterations)
  assert(a.iterations - b.iterations > 15000 or os.getenv("TIDE_GC_STRESS") == "1",
         name .. ": not run as machine code")
end
compiles("loadnil", function(n)
  local c = 0
  for i = 1, n do local x, y; if i % 2 == 0 then x = i end; if x == y then c = c + 1 end end
  return c
end)
local cache = {}
compiles("nil stores", function(n)
  for i = 1, n do cache[i % 7] = nil; cache.field = nil end
end)
local obj = setmetatable({n = 0}, Obj)
compiles("objects", function(n)
  for i = 1, n do
    obj.n = obj.n + 1
    obj[obj.n] = i
    if obj.missing == nil then obj.extra = nil end
  end
end)
compiles("constructors", function(n)
  local s = 0
  for i = 1, n do local t = {i, nil, two(i)}; s = s + #t end
  return s
end)

-- function traces are counted; the time split's samples are there, all
-- zero until jit.report("exit") starts the profiling timer
local st = jit.stats()
assert(math.type(st.functions) == "integer")
for _, where in ipairs({"interpreter", "traces", "recording and compiling", "collector"}) do
  assert(math.type(st.samples[where]) == "integer", where)
end

jit.off()
assert(jit.status() == false)
assert(not pcall(jit.hotloop, 0))
print("OK jit_module")
