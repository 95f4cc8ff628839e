-- jit: traces>=21, side>=9, aborts<=5
-- Numeric for loops in traces beyond integer step 1: float loops (up,
-- down, mixed integer and float values, NaN limits, a zero step raising
-- its error), integer steps of +-2^k (near the integer limits too), and
-- the visible loop variable changed in the body.
local s = 0
for x = 0.0, 10.0, 0.25 do s = s + x end
print(s)
local t = 0
for r = 1, 30 do for x = 1, 3, 0.5 do t = t + x * r end end
print(t)
local d = 0
for r = 1, 30 do for i = 10, 1, -1 do d = d + i * r end end
print(d)
local e = 0
for r = 1, 30 do for i = 1, 33, 4 do e = e + i end for i = 100, -3, -8 do e = e - i end end
print(e)
local f = 0
for r = 1, 30 do for x = 5.5, 1, -1.5 do f = f + x end end
print(f)
local g = 0
for r = 1, 30 do for x = 1, r % 3, 1.0 do g = g + x end end
print(g)
local h = 0
for r = 1, 30 do for i = math.maxinteger - 10, math.maxinteger, 4 do h = h + 1 end for i = math.mininteger, math.mininteger + 9, 2 do h = h + 1 end end
print(h)
local n = 0
for r = 1, 30 do for x = 0.0, 0/0, 1 do n = n + 1 end for x = 1.0, 3, (r % 2 == 0) and 1 or 0.5 do n = n + x end end
print(n)
print(pcall(function() local z = 0 for r = 1, 30 do for x = 1.0, 2, (r < 25) and 0.5 or 0 do z = z + x end end return z end))
local v = 0
for r = 1, 30 do for i = 1, 20, 2 do i = i * 2; v = v + i end end
print(v)
local acc = 0.0
for r = 1, 20 do for x = -1.0, 1.0, 0.1 do acc = acc + x * x end end
print(string.format("%.17g", acc))
local z = {}
for x = -0.0, 0.0, 1.0 do z[#z + 1] = 1 / x end
print(z[1], #z)

-- integer steps that are not powers of two, and steps that vary between
-- runs of the loop (its count is an unsigned division), extreme ones too
local function stepped(a, b, s)
  local n, sum = 0, 0
  for i = a, b, s do n = n + 1; sum = sum + i end
  return n, sum
end
local cases = {
  {1, 100, 3}, {100, 1, -3}, {1, 100, 7}, {-50, 50, 5}, {10, 1, 2}, {1, 10, -2},
  {math.maxinteger - 10, math.maxinteger, 3}, {math.mininteger + 10, math.mininteger, -3},
  {0, 100, math.maxinteger}, {0, -100, math.mininteger}, {5, 5, 9}, {1, 1000, 1}, {1000, 1, -1},
  {math.mininteger, math.maxinteger, math.maxinteger}, {math.maxinteger, math.mininteger, math.mininteger},
}
local res = {}
for rep = 1, 30 do
  for _, c in ipairs(cases) do
    local cnt, sum = stepped(c[1], c[2], c[3])
    if rep == 30 then res[#res + 1] = cnt .. ":" .. sum end
  end
end
print(table.concat(res, " "))
local marks, primes = {}, 0
for i = 2, 400 do marks[i] = false end
for i = 2, 400 do
  if not marks[i] then
    primes = primes + 1
    for j = i * i, 400, i do marks[j] = true end
  end
end
print(primes)
print(pcall(function() local q = 0 for r = 1, 30 do for i = 1, 10, (r < 25) and 3 or 0 do q = q + i end end return q end))
