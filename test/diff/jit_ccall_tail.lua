-- jit: traces>=12, side>=8, aborts<=8
-- `return f(...)` of a library function in a loop's own function, where
-- the loop ends: a side trace calls it and ends at the RETURN after it
-- (results in the frame, the top after them), and a side trace from
-- there returns below into the caller. Short loops in inlined calls are
-- followed a few times. Callers from two places, results that change
-- type, an error raised inside the tail-called function.
local syl = {"ka", "lo", "mi", "ne", "ru", "sa"}
local seed = 7
local function rand(n) seed = (seed * 1103515245 + 12345) % 2147483648 return seed % n end
local function word()
  local parts = {}
  for i = 1, 1 + rand(3) do parts[i] = syl[rand(#syl) + 1] end
  return table.concat(parts)
end
local function sum3(t) local s = 0 for i = 1, #t do s = s + t[i] end return s end
local n, total = 0, 0
local small = {1, 2, 3}
for i = 1, 3000 do n = n + #word(); total = total + sum3(small) end
print(n, total)
local function pick(t, k)
  local acc = 0
  for i = 1, #t do acc = acc + t[i] end
  return math.tointeger(acc / k)
end
local a, b = {}, {}
for i = 1, 2000 do
  local x = pick(small, i % 4 == 0 and 4 or 3)
  local y = pick(small, 2)
  a[#a + 1] = x == nil and "nil" or x
  b[#b + 1] = y
end
print(#a, a[1], a[4], a[8], b[1], b[2000])
local function fmt(v)
  local s = 0
  for i = 1, 3 do s = s + i end
  return string.format("%d", v + s)
end
print(pcall(function()
  local out = {}
  for i = 1, 500 do out[#out + 1] = fmt(i < 400 and i or i + 0.5) end
  return #out
end))
