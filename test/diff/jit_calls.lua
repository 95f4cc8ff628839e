-- jit: traces>=46, side>=19, aborts<=18
-- Calls inlined into traces: results, and exits inside inlined frames
-- (the interpreter must go on in the callee and return to the caller).
-- Identical output under lua5.4 and tide with the JIT off, on and forced.

local N = 3000

-- plain calls, nested, with missing and extra arguments
local function sq(x) return x * x end
local function add(a, b) return a + b end
local function third(a, b, c) if c == nil then return a end return c end
local s = 0
for i = 1, N do s = add(s, sq(i)) + third(1, 2) + third(1, 2, 3, 4) end
print("nested", s)

-- a guard fails inside the callee: integer to float midway
local function scale(x, i) if i > N // 2 then return x * 0.5 end return x * 2 end
local acc = 0
for i = 1, N do acc = acc + scale(i, i) end
print("type change in callee", acc)

-- two levels deep, the inner branch flips late
local function inner(x) if x % 1000 == 999 then return -x end return x end
local function outer(x) return inner(x) + 1 end
local t = 0
for i = 1, N do t = t + outer(i) end
print("exit two deep", t)

-- several results, all passed on (a call as the last argument)
local function two(x) return x, x + 1 end
local function sum3(a, b, c) return a + b + (c or 100) end
local u = 0
for i = 1, N do u = u + sum3(two(i)) + sum3(i, two(i)) end
print("multiple results", u)

-- no results used, none returned, results dropped
local count = 0
local function bump() count = count + 1 end
local function nothing() end
for i = 1, N do bump(); local q = nothing(); if q ~= nil then print("bad") end end
print("no results", count)

-- closures of one prototype with different upvalues
local function counter(step)
  local c = 0
  return function() c = c + step; return c end
end
local fs = {counter(1), counter(10)}
local total = 0
for i = 1, N do total = total + fs[i % 2 + 1]() end
print("closures", total, fs[1](), fs[2]())

-- the function called changes midway: a different prototype
local function f1(x) return x + 1 end
local function f2(x) return x - 1 end
local g = f1
local v = 0
for i = 1, N do if i == N // 2 then g = f2 end v = v + g(i) end
print("callee changes", v)

-- recursion is not inlined without bound
local function fib(n) if n < 2 then return n end return fib(n - 1) + fib(n - 2) end
local fs2 = 0
for i = 1, 200 do fs2 = fs2 + fib(i % 12) end
print("recursion", fs2)

-- a loop inside the called function
local function inloop(n) local r = 0 for j = 1, n do r = r + j end return r end
local w = 0
for i = 1, N do w = w + inloop(i % 5) end
print("loop in callee", w)

-- errors raised in the callee after an exit, caught by pcall
local function risky(x, i) if i == N - 7 then return x + nil end return x + i end
local ok, err = pcall(function()
  local r = 0
  for i = 1, N do r = risky(r, i) end
  return r
end)
print("error in callee", ok, err)

-- where the interpreter is after an exit inside a callee: its line, the
-- stack as debug.traceback and debug.getinfo see it
local function where(i)
  if i == N - 3 then
    local info = debug.getinfo(1, "nSl")
    print("where", info.currentline, info.name, info.what)
    print((debug.traceback("tb", 1):gsub("\t", "  ")))
    return 0
  end
  return 1
end
local function mid(i) return where(i) * 2 end
local m = 0
for i = 1, N do m = m + mid(i) end
print("after traceback", m)

-- a coroutine yielding between calls in its loop
local co = coroutine.wrap(function()
  local r = 0
  for i = 1, N do
    r = add(r, sq(i % 7))
    if i % 500 == 0 then coroutine.yield(r) end
  end
  return -1
end)
for _ = 1, N // 500 + 1 do io.write(co(), " ") end
print()

-- methods and fields of tables called through the trace
local obj = {n = 0}
function obj.inc(self, d) self.n = self.n + d end
for i = 1, N do obj.inc(obj, i % 3) end
print("fields", obj.n)

-- library functions the recorder knows (math.sqrt, abs, floor, ceil,
-- string.len); floor of a float too large for an integer; the function
-- replaced midway
local b = 0
for i = 1, N do
  b = b + math.sqrt(i) + math.floor(i / 7) + math.ceil(i / 3) + math.abs(-i * 0.5) + string.len("abc")
end
print("builtins", b)
local big = 0
for i = 1, N do local x = (i == N - 5) and 1e300 or i + 0.5; big = big + math.floor(x) end
print("floor too large", big)
local fl = 0
for i = 1, N do fl = fl + math.floor(i) + math.ceil(-i * 0.25) + math.floor(-0.0) end
print("floor of integers", fl, math.type(fl))
local sqrt = math.sqrt
local q = 0
for i = 1, N do q = q + sqrt(i) * string.len("xy") end
print("local builtin", q)
local saved = math.sqrt
local mm = 0
for i = 1, N do if i == N - 3 then math.sqrt = function(x) return -1 end end mm = mm + math.sqrt(4) end
math.sqrt = saved
print("builtin replaced", mm)
print(pcall(function() local r = 0 for i = 1, N do r = r + math.sqrt(i < N and i or "x") end return r end))

-- math.min and math.max of two numbers: the outcome guarded, both ways
-- taken (side traces), NaN, an integer and a float (not compiled)
local mn, mf, mnan, mixed = 0, 0, 0, 0
for i = 1, N do
  mn = mn + math.min(i, 1500) + math.max(i % 7, 3)
  mf = mf + math.min(i * 0.5, 700.25) + math.max(-i * 0.5, -10.5)
  local nan = (i == N - 10) and 0/0 or 1.0
  mnan = mnan + math.min(nan, 2.0) + math.max(nan, 0.5)
end
for i = 1, N do mixed = mixed + math.max(i, 2.5) end
print("min/max", mn, mf, mnan ~= mnan, mixed, math.min(-0.0, 0.0), math.max(3, 3.0))

-- string.byte(s [, i]) of one byte: i past the end (no result) and from
-- the end (negative) change the outcome mid-loop; a long string; a
-- replaced string.byte
local byte = string.byte
local long = string.rep("abcdefghij", 10)
local sb, none, neg = 0, 0, 0
for i = 1, N do
  local j = i % 120 + 1
  sb = sb + byte(long, j % 100 + 1) + byte("xyz") + byte("xyz", 2)
  if byte(long, j) == nil then none = none + 1 end
  neg = neg + (byte("hello", i < N - 2 and 1 or -1))
end
print("string.byte", sb, none, neg)
local sb2 = 0
for i = 1, N do
  if i == N - 5 then string.byte = function() return 1000 end end
  sb2 = sb2 + string.byte("A")
end
string.byte = byte
print("byte replaced", sb2, pcall(function() local z = 0 for i = 1, N do z = z + byte(i < N and "a" or {}) end end))

-- type(v) is a constant once the value's type is guarded; values of
-- changing types take side traces
local vals = {1, 2.5, "s", {}, print, true, false, coroutine.create(print), io.stdout, function() end}
local seen = {}
for i = 1, N do
  local v = vals[i % #vals + 1]
  local ty = type(v)
  seen[ty] = (seen[ty] or 0) + 1
end
for _, k in ipairs({"number", "string", "table", "function", "boolean", "thread", "userdata"}) do
  io.write(k, "=", tostring(seen[k]), " ")
end
print()
local tn = 0
for i = 1, N do if type(i) == "number" and type(nil) == "nil" then tn = tn + 1 end end
print("type", tn)

-- math.sin, cos, tan, asin, acos, exp and log (one argument) call the
-- functions the library calls (FMATH), folded for constants; NaN and
-- infinite results, a replaced math.sin, an error on a string
local s = 0
for i = 1, 300 do
  local x = i * 0.01
  s = s + math.sin(x) + math.cos(x) * 2 + math.tan(x / 4) + math.exp(-x) + math.log(x) + math.asin(x / 4) + math.acos(x / 4)
  s = s + math.sin(i) + math.log(i)
end
print(string.format("%.17g", s))
local sin = math.sin
local t = 0
for i = 1, 300 do
  if i == 250 then math.sin = function() return 0 end end
  t = t + math.sin(1.0) + sin(2) + math.log(8, 2) + math.exp(0)
end
math.sin = sin
print(string.format("%.17g", t))
print(pcall(function() local z = 0 for i = 1, 300 do z = z + math.cos(i < 290 and i or "x") end return z end))
local nan = 0
for i = 1, 300 do local v = math.log(i - 150) ; if v ~= v then nan = nan + 1 end end
print(nan, math.log(0), math.asin(2) ~= math.asin(2))
