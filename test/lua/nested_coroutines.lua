-- self-check: coroutines inside coroutines, yields across pcall, wrap inside wrap
local outer = coroutine.wrap(function()
  local inner = coroutine.wrap(function()
    coroutine.yield("i1")
    coroutine.yield("i2")
    return "idone"
  end)
  coroutine.yield(inner())
  coroutine.yield(inner())
  coroutine.yield(inner())
  return "odone"
end)
assert(outer() == "i1" and outer() == "i2" and outer() == "idone" and outer() == "odone")
local log = {}
local a = coroutine.create(function()
  local b = coroutine.create(function()
    local c = coroutine.create(function()
      log[#log + 1] = "c1"
      coroutine.yield()
      log[#log + 1] = "c2"
    end)
    coroutine.resume(c)
    log[#log + 1] = "b1"
    coroutine.yield()
    coroutine.resume(c)
    log[#log + 1] = "b2"
  end)
  coroutine.resume(b)
  log[#log + 1] = "a1"
  coroutine.yield()
  coroutine.resume(b)
  log[#log + 1] = "a2"
end)
coroutine.resume(a)
coroutine.resume(a)
assert(table.concat(log, ",") == "c1,b1,a1,c2,b2,a2")
local py = coroutine.wrap(function()
  local r = {pcall(function()
    local r2 = {pcall(function()
      local v = coroutine.yield("deep")
      error("e:" .. v, 0)
    end)}
    coroutine.yield(r2[2])
    return "inner ok"
  end)}
  return r[1], r[2]
end)
assert(py() == "deep" and py("x") == "e:x")
local ok, v = py()
assert(ok == true and v == "inner ok")
local function gen(n) return coroutine.wrap(function() for i = 1, n do coroutine.yield(i) end end) end
local function chain(g1, g2) return coroutine.wrap(function() for v in g1 do coroutine.yield(v) end for v in g2 do coroutine.yield(v) end end) end
local r = {}
for v in chain(gen(2), chain(gen(1), gen(3))) do r[#r + 1] = v end
assert(table.concat(r) == "121123")
local co = coroutine.create(function()
  local inner = coroutine.create(function() error("inner boom", 0) end)
  local ok, e = coroutine.resume(inner)
  coroutine.yield(ok, e)
  error("outer boom", 0)
end)
local s1, i1, i2 = coroutine.resume(co)
assert(s1 and i1 == false and i2 == "inner boom")
local s2, e2 = coroutine.resume(co)
assert(s2 == false and e2 == "outer boom")
local x = coroutine.wrap(function()
  local y = coroutine.wrap(function() return coroutine.yield(1) + 1 end)
  local first = y()
  local second = y(first + 10)
  return second
end)
assert(x() == 12)
local depth = 0
local function nest(n)
  if n == 0 then return coroutine.yield("bottom") end
  return coroutine.wrap(function() depth = depth + 1 return nest(n - 1) end)()
end
local top = coroutine.wrap(function() return nest(100) end)
assert(top() == "bottom" and depth == 100)
print("OK nested_coroutines")
