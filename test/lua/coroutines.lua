-- self-check: coroutines
local co = coroutine.create(function(a, b)
  local c = coroutine.yield(a + b)
  local d, e = coroutine.yield(c * 2)
  return d + e
end)
assert(coroutine.status(co) == "suspended")
local ok, v = coroutine.resume(co, 1, 2)
assert(ok and v == 3)
ok, v = coroutine.resume(co, 10)
assert(ok and v == 20)
ok, v = coroutine.resume(co, 3, 4)
assert(ok and v == 7 and coroutine.status(co) == "dead")
ok, v = coroutine.resume(co)
assert(not ok and v == "cannot resume dead coroutine")
local gen = coroutine.wrap(function() for i = 1, 3 do coroutine.yield(i) end end)
assert(gen() == 1 and gen() == 2 and gen() == 3)
local main, ismain = coroutine.running()
assert(type(main) == "thread" and ismain and not coroutine.isyieldable())
coroutine.wrap(function()
  local me, im = coroutine.running()
  assert(not im and coroutine.status(me) == "running" and coroutine.isyieldable())
  assert(coroutine.status(main) == "normal")
end)()
local errco = coroutine.create(function() error({x = 1}) end)
ok, v = coroutine.resume(errco)
assert(not ok and v.x == 1 and coroutine.status(errco) == "dead")
local w = coroutine.wrap(function() error("werr", 0) end)
ok, v = pcall(w)
assert(not ok and v == "werr")
local py = coroutine.wrap(function()
  local ok, e = pcall(function() coroutine.yield(1) error("after", 0) end)
  coroutine.yield(e)
  return "end"
end)
assert(py() == 1 and py() == "after" and py() == "end")
local mt = {__index = function(t, k) return coroutine.yield(k) end,
            __add = function(a, b) return coroutine.yield("add") end,
            __lt = function(a, b) return coroutine.yield("lt") end,
            __concat = function(a, b) return coroutine.yield("cat") end,
            __eq = function(a, b) return coroutine.yield("eq") end}
local o1, o2 = setmetatable({}, mt), setmetatable({}, mt)
local mco = coroutine.wrap(function()
  local r = {o1.key, o1 + 1, o1 < o2, o1 .. "x", o1 == o2}
  return r
end)
assert(mco() == "key" and mco("K") == "add" and mco(5) == "lt" and mco(true) == "cat" and mco("C") == "eq")
local res = mco(false)
assert(res[1] == "K" and res[2] == 5 and res[3] == true and res[4] == "C" and res[5] == false)
local closed = false
local cc = coroutine.create(function()
  local x <close> = setmetatable({}, {__close = function() closed = true end})
  coroutine.yield()
end)
coroutine.resume(cc)
assert(coroutine.close(cc) and closed and coroutine.status(cc) == "dead")
ok, v = coroutine.close(coroutine.create(function() end))
assert(ok)
ok, v = pcall(coroutine.yield)
assert(not ok and v:find("outside a coroutine", 1, true))
local self
self = coroutine.create(function() return coroutine.resume(self) end)
local _, ok2, m2 = coroutine.resume(self)
assert(ok2 == false and m2 == "cannot resume non-suspended coroutine")
local sum = 0
for i = 1, 1000 do
  local c = coroutine.wrap(function(x) local y = coroutine.yield(x) return x + y end)
  sum = sum + c(i) + c(1)
end
assert(sum == 2 * 500500 + 1000)
local deep = coroutine.wrap(function()
  local function r(n) if n == 0 then coroutine.yield("deep") return 0 end return 1 + r(n - 1) end
  return r(10000)
end)
assert(deep() == "deep" and deep() == 10000)
print("OK coroutines")
