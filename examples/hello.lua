-- hello.lua — a short tour of what Tide runs: `make run` executes it.

print("Hello from " .. _VERSION .. " on Tide!")

-- Integers and floats are distinct, as in Lua 5.4.
print("7 // 2 =", 7 // 2, " 7 / 2 =", 7 / 2, " 2^53 =", 2^53, " maxinteger + 1 =", math.maxinteger + 1)

-- A sieve of Eratosthenes.
local function primes(n)
  local composite, out = {}, {}
  for i = 2, n do
    if not composite[i] then
      out[#out + 1] = i
      for j = i * i, n, i do composite[j] = true end
    end
  end
  return out
end
print("primes below 60: " .. table.concat(primes(60), " "))

-- Closures and upvalues: each counter has its own state.
local function counter()
  local n = 0
  return function() n = n + 1; return n end
end
local a, b = counter(), counter()
a(); a()
print(string.format("counter a = %d, counter b = %d", a(), b()))

-- Coroutines as generators.
local function range(n)
  return coroutine.wrap(function() for i = 1, n do coroutine.yield(i) end end)
end
local squares = {}
for i in range(8) do squares[#squares + 1] = i * i end
print("squares: " .. table.concat(squares, ", "))

-- Metatables: a tiny vector type.
local Vec = {}
Vec.__index = Vec
Vec.__add = function(p, q) return setmetatable({x = p.x + q.x, y = p.y + q.y}, Vec) end
Vec.__tostring = function(v) return ("(%g, %g)"):format(v.x, v.y) end
local v = setmetatable({x = 1, y = 2}, Vec) + setmetatable({x = 0.5, y = -1}, Vec)
print("vector sum: " .. tostring(v))

-- Errors are values; pcall catches them with a position.
local ok, err = pcall(function() local t = nil; return t.field end)
print("caught: " .. err)

-- Garbage: a million short-lived tables go through the nursery.
local live = 0
for i = 1, 1000000 do
  local t = {i, i + 1}
  if i % 100000 == 0 then live = live + t[2] - t[1] end
end
print("churned a million tables; collector count (KiB) is a number: " .. math.type(collectgarbage("count")))
