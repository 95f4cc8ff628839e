-- self-check: closures and upvalues
local function counter()
  local n = 0
  return function() n = n + 1 return n end, function() return n end
end
local inc, get = counter()
inc() inc()
assert(get() == 2)
local inc2 = counter()
assert(inc2() == 1 and get() == 2)
local fs = {}
for i = 1, 5 do fs[i] = function() return i end end
for i = 1, 5 do assert(fs[i]() == i) end
local ws = {}
local j = 0
while j < 5 do j = j + 1 local k = j ws[j] = function() return k end end
for i = 1, 5 do assert(ws[i]() == i) end
local rs = {}
local m = 0
repeat m = m + 1 local q = m * 2 rs[m] = function() q = q + 1 return q end until m == 3
assert(rs[1]() == 3 and rs[1]() == 4 and rs[2]() == 5)
local gs = {}
for k, v in pairs({a = 1, b = 2}) do gs[k] = function() return v end end
assert(gs.a() == 1 and gs.b() == 2)
local x = 1
local function getx() return x end
x = 2
assert(getx() == 2)
local function mk()
  local shared = 0
  local function a() shared = shared + 1 end
  local function b() return shared end
  return a, b
end
local a1, b1 = mk()
a1() a1() a1()
assert(b1() == 3)
local function deep()
  local v = "d"
  return function() return function() return function() return v end end end
end
assert(deep()()()() == "d")
local acc = {}
for i = 1, 3 do
  local t = {}
  acc[i] = function(val) t[#t + 1] = val return #t end
end
acc[1]("a") acc[1]("b")
assert(acc[1]("c") == 3 and acc[2]("z") == 1)
local function fib(n) if n < 2 then return n end return fib(n - 1) + fib(n - 2) end
assert(fib(20) == 6765)
local loopfs = {}
for i = 1, 3 do
  loopfs[i] = function() i = i + 10 return i end
end
assert(loopfs[1]() == 11 and loopfs[1]() == 21 and loopfs[2]() == 12)
local gotofs = {}
do
  local n = 1
  ::top::
  local captured = n
  gotofs[n] = function() return captured end
  n = n + 1
  if n <= 3 then goto top end
end
assert(gotofs[1]() == 1 and gotofs[3]() == 3)
local many = {}
for i = 1, 1000 do local v = i many[i] = function() return v end end
local sum = 0
for i = 1, 1000 do sum = sum + many[i]() end
assert(sum == 500500)
print("OK closures")
