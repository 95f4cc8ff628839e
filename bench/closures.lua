-- size: default 200, quick 2
-- Closures: map/filter/reduce/compose written as higher-order functions
-- over arrays, counters and accumulators that keep their state in shared
-- upvalues, partial application and currying, closures created in loops
-- (each capturing a fresh loop variable), and a memoized recursive
-- function. Repeated N times.
local N = tonumber(arg and arg[1]) or 200
local unpack = table.unpack or unpack

local function map(f, t)
  local r = {}
  for i = 1, #t do r[i] = f(t[i]) end
  return r
end

local function filter(pred, t)
  local r, n = {}, 0
  for i = 1, #t do
    local v = t[i]
    if pred(v) then n = n + 1; r[n] = v end
  end
  return r
end

local function reduce(f, acc, t)
  for i = 1, #t do acc = f(acc, t[i]) end
  return acc
end

local function compose(...)
  local fs = {...}
  return function(x)
    for i = #fs, 1, -1 do x = fs[i](x) end
    return x
  end
end

local function partial(f, ...)
  local bound = {...}
  local nb = select("#", ...)
  return function(...)
    local args = {unpack(bound, 1, nb)}
    local extra = {...}
    for i = 1, select("#", ...) do args[nb + i] = extra[i] end
    return f(unpack(args, 1, nb + select("#", ...)))
  end
end

local function curry3(f)
  return function(a) return function(b) return function(c) return f(a, b, c) end end end
end

-- a counter object made only of closures sharing upvalues
local function make_counter(start, step)
  local value, calls = start, 0
  local function inc() value = value + step; calls = calls + 1; return value end
  local function dec() value = value - step; calls = calls + 1; return value end
  local function get() return value, calls end
  local function reset() value = start end
  return {inc = inc, dec = dec, get = get, reset = reset}
end

-- memoization through a closure over a cache table
local function memoize(f)
  local cache = {}
  return function(n)
    local v = cache[n]
    if v == nil then v = f(n); cache[n] = v end
    return v
  end
end

local add = function(a, b) return a + b end
local mul = function(a, b) return a * b end
local function affine(a, b, x) return (a * x + b) % 10007 end

local function run(rep)
  local data = {}
  for i = 1, 2000 do data[i] = (i * 37 + rep) % 1009 end

  local add3 = partial(add, 3)
  local times2 = partial(mul, 2)
  local scale = curry3(affine)(rep % 5 + 2)(11)
  local pipeline = compose(scale, add3, times2)
  local mapped = map(pipeline, data)
  local thirds = filter(function(v) return v % 3 == 0 end, mapped)
  local threshold = 5000
  local big = filter(function(v) return v > threshold end, mapped)
  local sum = reduce(add, 0, thirds)
  local maxv = reduce(math.max, 0, big)

  -- a bank of counters, each closure pair sharing its own upvalues
  local counters = {}
  for i = 1, 50 do counters[i] = make_counter(i, i % 7 + 1) end
  for k = 1, 40 do
    for i = 1, #counters do
      local c = counters[i]
      if (k + i) % 3 == 0 then c.dec() else c.inc() end
    end
  end
  local csum = 0
  for i = 1, #counters do
    local v, calls = counters[i].get()
    csum = csum + v * calls
    counters[i].reset()
  end

  -- closures made in a loop each capture their own `i`
  local fns = {}
  for i = 1, 300 do fns[i] = function(x) return x * i + rep end end
  local applied = reduce(function(acc, f) return (acc + f(acc % 100)) % 1000003 end, 0, fns)

  -- memoized recursive function (the recursion goes through the memo)
  local steps
  steps = memoize(function(n)
    if n <= 1 then return 0 end
    if n % 2 == 0 then return 1 + steps(math.floor(n / 2)) end
    return 1 + steps(3 * n + 1)
  end)
  local longest = 0
  for n = 1, 3000 do
    local s = steps(n)
    if s > longest then longest = s end
  end

  return sum, maxv, #thirds, #big, csum, applied, longest
end

local checksum = 0
local r
for rep = 1, N do
  r = {run(rep)}
  for i = 1, #r do checksum = (checksum * 31 + r[i]) % 1000000007 end
end

print(string.format("multiples of 3: %d (sum %d), above threshold %d (max %d)", r[3], r[1], r[4], r[2]))
print(string.format("counters %d, closures-in-loop %d, longest collatz chain below 3000: %d", r[5], r[6], r[7]))
print(string.format("checksum %d", checksum))
