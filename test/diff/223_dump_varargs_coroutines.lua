-- varargs, tail calls, recursion and coroutines in loaded chunks
local function va(...)
  local n = select("#", ...)
  local t = {...}
  local function inner(...) return select("#", ...), ... end
  return n, #t, inner(...)
end
local g = load(string.dump(va))
print(g())
print(g(1, nil, 3, nil))
print(g(table.unpack({1, 2, 3, 4, 5, 6, 7, 8, 9, 10})))

local function fixed(a, b, ...) return b, a, ... end
print(load(string.dump(fixed))(1, 2, 3, 4))
print(load(string.dump(fixed))(1))

local function tails(n) if n == 0 then return "done" end return tails(n - 1) end
print(pcall(load(string.dump(tails)), 10))
local function tails2(n, acc)
  local function loop(k, a) if k == 0 then return a end return loop(k - 1, a + k) end
  return loop(n, acc)
end
print(load(string.dump(tails2))(100000, 0))

local function gen(n)
  return coroutine.wrap(function()
    for i = 1, n do coroutine.yield(i, i * i) end
    return "end"
  end)
end
local it = load(string.dump(gen))(3)
print(it()); print(it()); print(it()); print(it())

local function producer()
  local co = coroutine.create(function(a, b)
    local c = coroutine.yield(a + b)
    local d, e = coroutine.yield(c * 2)
    return d + e
  end)
  local out = {}
  out[#out + 1] = select(2, coroutine.resume(co, 1, 2))
  out[#out + 1] = select(2, coroutine.resume(co, 10))
  out[#out + 1] = select(2, coroutine.resume(co, 3, 4))
  out[#out + 1] = coroutine.status(co)
  return table.concat(out, ",")
end
print(load(string.dump(producer))())
print(load(string.dump(producer, true))())

local function yieldacross()
  local co = coroutine.wrap(function()
    local ok, v = pcall(function() return coroutine.yield("in pcall") + 1 end)
    local t = setmetatable({}, {__index = function(_, k) return coroutine.yield("in __index " .. k) end})
    return ok, v, t.key
  end)
  return co(), co(41), co("found")
end
print(load(string.dump(yieldacross))())

-- a tail-called C function that yields: the frame resumes after the TAILCALL
local function tailyield(x, ...) return coroutine.yield(x + 1, ...) end
for _, strip in ipairs({false, true}) do
  local ty = coroutine.wrap(load(string.dump(tailyield, strip)))
  print(ty(1, "a", "b"))
  print(ty("back", nil, 3))
end
local function tailpcall(...) return pcall(coroutine.yield, ...) end
local tp = coroutine.wrap(load(string.dump(tailpcall)))
print(tp(1, 2))
print(tp(3, 4))
