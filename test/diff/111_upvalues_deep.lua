-- closures: upvalues through several nesting levels, modified after capture
local function level1()
  local a = 1
  return function()
    local b = 10
    return function()
      local c = 100
      return function()
        a = a + 1; b = b + 1; c = c + 1
        return a + b + c
      end
    end
  end
end
local l2 = level1()
local l3 = l2()
local l4 = l3()
print(l4(), l4())
local l3b = l2()
local l4b = l3b()
print(l4b(), l4())
local function make()
  local v = 0
  local function get() return v end
  local function set(x) v = x end
  v = 5
  return get, set
end
local g, s = make()
print(g())
s(42)
print(g())
local fns = {}
for i = 1, 3 do
  local x = i
  fns[i] = {get = function() return x end, set = function(v) x = v end}
end
fns[2].set(20)
print(fns[1].get(), fns[2].get(), fns[3].get())
local function counterFactory()
  local total = 0
  return function()
    local count = 0
    return function() count = count + 1 total = total + 1 return count, total end
  end
end
local mk = counterFactory()
local c1, c2 = mk(), mk()
c1() c1()
print(c1())
print(c2())
local x = 1
local function f() return x end
x = 2
local function g2() x = x * 10 return x end
print(f(), g2(), f())
local function param(p)
  return function() p = p + 1 return p end
end
local pf = param(100)
print(pf(), pf())
local function vararg_up(...)
  local t = {...}
  return function() return #t, t[#t] end
end
print(vararg_up(1, 2, 3)())
