-- jit: traces>=8, aborts<=6
-- Calls a trace makes as they are (CALLL) rather than inlining them or
-- aborting: C functions the recorder has nothing for (pcall, sort with
-- a comparator, gsub with a function, a C closure), a __call, calls
-- nested deeper than inlining goes, a function with a short loop. The
-- interpreter runs the callee (which may allocate, collect, raise
-- errors, look at the frames below), and the trace reads its slots
-- again after the call.
local function fib(n) if n < 2 then return n end return fib(n - 1) + fib(n - 2) end
local s = 0
for i = 1, 200 do s = s + fib(i % 12) end
print("fib", s)

-- pcall of a Lua function that sometimes raises
local function risky(x) if x % 7 == 0 then error("seven " .. x) end return x * 2 end
local ok, bad, sum = 0, 0, 0
for i = 1, 300 do
  local good, v = pcall(risky, i)
  if good then ok = ok + 1; sum = sum + v else bad = bad + 1 end
end
print("pcall", ok, bad, sum)

-- table.sort with a comparator, on tables made in the loop (young objects
-- held across the call)
local total = 0
local function desc(a, b) return a > b end
for i = 1, 200 do
  local t = {i % 5, i % 3, i % 7, 4, i % 11}
  local keep = {name = "k" .. i}
  table.sort(t, desc)
  total = total + t[1] * 100 + t[5] + #keep.name
end
print("sort", total)

-- gsub with a function, and a C closure (gmatch's iterator called directly)
local words = 0
local function up(w) words = words + #w return w:upper() end
for i = 1, 150 do
  local r = ("a b c " .. i):gsub("%w+", up)
  local it = r:gmatch("%u")
  words = words + #it()
end
print("gsub", words)

-- a __call object, and a function with a short loop
local adder = setmetatable({n = 0}, {__call = function(self, x) self.n = self.n + x return self.n end})
local function small(t) local m = 0 for j = 1, #t do m = m + t[j] end return m end
local acc = 0
for i = 1, 1500 do acc = acc + adder(i) + small({i, 2, 3}) end
print("call", acc, adder.n)

-- calls nested deeper than inlining goes (a chain of 12 functions)
local chain = {}
chain[13] = function(x) return x + 1 end
for k = 12, 1, -1 do local nx = chain[k + 1]; chain[k] = function(x) return nx(x) * 1 + 0 end end
local c1, deep = chain[1], 0
for i = 1, 300 do deep = deep + c1(i) end
print("deep", deep)

-- the callee looks at the frames below and changes a local of its caller
local seen = {}
local function peek()
  local info = debug.getinfo(2, "l")
  seen[#seen + 1] = info.currentline
  local name, v = debug.getlocal(2, 1)
  debug.setlocal(2, 1, v + 1000)
  return name
end
local function watcher()
  local x, n = 0, 0
  for i = 1, 300 do
    x = i
    local name = peek()
    n = n + x
  end
  return n
end
print("debug", watcher(), seen[1], seen[300])

-- an error raised in a callee unwinds through the trace: the message and
-- its position are the interpreter's
local function thrower(i) if i == 250 then error({code = i}) end return i end
local got
local okc, err = pcall(function()
  local z = 0
  for i = 1, 300 do
    local _, v = pcall(thrower, i - 100)
    z = z + v + thrower(i)
  end
  got = z
end)
print("error", okc, type(err) == "table" and err.code, got)
local okd, msg = pcall(function()
  for i = 1, 300 do local a = tostring(i) .. (i < 280 and "" or nil) end
end)
print("error2", okd, msg)

-- the same trace run in a coroutine, where the call may yield: the
-- interpreter makes it there
local function gen(n) for i = 1, n do coroutine.yield(i) end end
local function consume()
  local co = coroutine.wrap(function() gen(200) end)
  local t = 0
  for i = 1, 200 do t = t + co() end
  return t
end
print("co", consume(), coroutine.wrap(consume)())

-- table.unpack of a range into a constructor or a call (all its
-- results: their count guarded, j - i or #t)
local src = {}
for i = 1, 30 do src[i] = i * 3 end
local un = 0
for i = 1, 300 do
  local k = i % 5 + 1
  local got = {table.unpack(src, k, k + 3)}
  local all = {table.unpack(src)}
  un = un + #got + got[4] + #all + select("#", table.unpack(src, 2, k))
end
print("unpack", un)
