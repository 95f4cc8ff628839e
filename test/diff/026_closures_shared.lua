-- closures: upvalues shared between closures, counters, closed-over after return
local function counter()
  local n = 0
  return function() n = n + 1 return n end, function() return n end, function(v) n = v end
end
local inc, get, set = counter()
inc() inc()
print(get())
set(10)
print(inc(), get())
local inc2, get2 = counter()
print(inc2(), get(), get2())
local function outer()
  local x = 1
  local function mid()
    local function inner() x = x * 2 return x end
    return inner
  end
  return mid(), function() return x end
end
local dbl, rd = outer()
dbl() dbl() dbl()
print(rd())
local fs = {}
local shared = 0
for i = 1, 3 do
  fs[i] = function() shared = shared + i return shared end
end
print(fs[1](), fs[2](), fs[3](), shared)
local function mk(a)
  return function(b) return function(c) return a + b + c end end
end
print(mk(1)(2)(3), mk(10)(20)(30))
local x = 5
local function getx() return x end
x = 6
print(getx())
local y = 1
local f1 = function() return y end
local y = 2
print(f1(), y)
