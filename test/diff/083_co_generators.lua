-- coroutines: generator patterns, stateful iterators and early termination
local function take(n, gen)
  local r = {}
  for i = 1, n do
    local v = gen()
    if v == nil then break end
    r[#r + 1] = v
  end
  return table.concat(r, ",")
end
local function naturals()
  return coroutine.wrap(function() local i = 0 while true do i = i + 1 coroutine.yield(i) end end)
end
local function mapg(gen, f)
  return coroutine.wrap(function() for v in gen do coroutine.yield(f(v)) end end)
end
local function filterg(gen, p)
  return coroutine.wrap(function() for v in gen do if p(v) then coroutine.yield(v) end end end)
end
print(take(10, naturals()))
print(take(5, mapg(naturals(), function(x) return x * x end)))
local function primes()
  return coroutine.wrap(function()
    local found = {}
    for n in naturals() do
      if n > 1 then
        local isp = true
        for _, p in ipairs(found) do
          if p * p > n then break end
          if n % p == 0 then isp = false break end
        end
        if isp then found[#found + 1] = n coroutine.yield(n) end
      end
    end
  end)
end
print(take(15, primes()))
print(take(5, filterg(naturals(), function(x) return x % 7 == 0 end)))
print(take(10, coroutine.wrap(function() for i = 1, 3 do coroutine.yield(i) end end)))
local function zip(g1, g2)
  return coroutine.wrap(function()
    while true do
      local a, b = g1(), g2()
      if a == nil or b == nil then return end
      coroutine.yield(a .. b)
    end
  end)
end
print(take(10, zip(coroutine.wrap(function() for i = 1, 3 do coroutine.yield(("abc"):sub(i, i)) end end), naturals())))
