-- jit: traces>=69, side>=26, aborts<=5
-- Loops of the shapes the tracing JIT compiles, with the ways they leave
-- their traces: loop ends, branches that change direction, values that
-- change type, holes in arrays, errors. make test runs the differential
-- suite with the JIT off, on and forced (hotloop=1); all must print what
-- lua5.4 prints.

-- integer and float accumulation, wrapping
local s, f = 0, 0.0
for i = 1, 100000 do s = s + i * i; f = f + i / 3 end
print(s, f)
local w = math.maxinteger - 50
for i = 1, 100 do w = w + 1 end
print(w, math.type(w))

-- a branch that changes direction half way: guard exits, then the
-- interpreter runs the rest of the iteration
local evens, odds, big = 0, 0, 0
for i = 1, 2000 do
  if i % 2 == 0 then evens = evens + i else odds = odds + i end
  if i > 1500 then big = big + 1 end
end
print(evens, odds, big)

-- a variable that turns from integer to float in the middle of the loop
local acc = 0
for i = 1, 1000 do
  if i == 700 then acc = acc + 0.5 end
  acc = acc + i
end
print(acc, math.type(acc))

-- array reads, with a hole and a string in the middle
local t = {}
for i = 1, 500 do t[i] = i * 3 end
local sum = 0
for i = 1, #t do sum = sum + t[i] end
print(sum)
t[250] = 2.5
sum = 0
for i = 1, #t do sum = sum + t[i] end
print(sum)
t[300] = "x"
local ok, err = pcall(function()
  local s2 = 0
  for i = 1, #t do s2 = s2 + t[i] end
  return s2
end)
print(ok, err)

-- array writes of numbers, booleans and tables (a write barrier)
local u = {}
for i = 1, 300 do u[i] = 0 end
for i = 1, 300 do u[i] = i * 0.5 end
print(u[1], u[300])
for i = 1, 300 do u[i] = (i % 3 == 0) end
print(u[3], u[4])
for i = 1, 300 do u[i] = {i} end
collectgarbage()
local c = 0
for i = 1, 300 do c = c + u[i][1] end
print(c)

-- fields with constant keys
local p = {x = 1, y = 2.5, name = "p"}
local fx = 0
for i = 1, 1000 do fx = fx + p.x * i + p.y end
print(fx)
p.x = 1.5
fx = 0
for i = 1, 1000 do fx = fx + p.x end
print(fx)

-- break, while and repeat loops
local n = 0
for i = 1, 100000 do
  n = n + i
  if n > 123456 then break end
end
print(n)
local i, j = 0, 0
while i < 5000 do i = i + 1; j = j + i % 7 end
print(i, j)
local k = 0
repeat k = k + 3 until k >= 9000
print(k)

-- integer division and modulo with negative operands; a zero divisor
local q, r = 0, 0
for x = -500, 500 do q = q + x // 7 + x // -3; r = r + x % 7 + x % -3 end
print(q, r)
local fq = 0.0
for x = 1, 1000 do fq = fq + (x * 1.5) % 4 + (x * 0.25) ^ 2 + x / 8 end
print(fq)
print(pcall(function()
  local z = 0
  for x = 10, -10, -1 do z = z + 100 // x end
  return z
end))

-- shifts with variable counts, bitwise operators
local b = 0
for x = -70, 70 do b = b ~ (x << (x % 5)) ~ (0xff00 >> (x % 13)) ~ (x & 0x5a) | (x >> 70) end
print(b)
local sh = 0
for x = -80, 80 do sh = sh + (1 << x) + (-1 >> x) end
print(sh)

-- comparisons with NaN and mixed int/float
local nan = 0 / 0
local lt, ge = 0, 0
for x = 1, 200 do
  local v = (x % 10 == 0) and nan or x * 0.5
  if v < 50 then lt = lt + 1 end
  if not (v < 50) then ge = ge + 1 end
end
print(lt, ge)

-- swaps (a cycle of loop-carried values) and a Fibonacci pair
local a1, a2, a3 = 1, 2, 3
for x = 1, 1001 do a1, a2, a3 = a2, a3, a1 end
print(a1, a2, a3)
local fa, fb = 0, 1
for x = 1, 90 do fa, fb = fb, fa + fb end
print(fa, fb)

-- many values live at once: more than there are registers
local v1, v2, v3, v4, v5, v6, v7, v8 = 1, 2, 3, 4, 5, 6, 7, 8
local v9, v10, v11, v12, v13, v14, v15, v16 = 9, 10, 11, 12, 13, 14, 15, 16
local d1, d2, d3, d4, d5, d6, d7, d8 = 0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5
local d9, d10, d11, d12, d13, d14, d15, d16 = 8.5, 9.5, 10.5, 11.5, 12.5, 13.5, 14.5, 15.5
for x = 1, 3000 do
  v1, v2, v3, v4 = v1 + v16, v2 + v15, v3 + v14, v4 + v13
  v5, v6, v7, v8 = v5 + v12, v6 + v11, v7 + v10, v8 + v9
  v9, v10, v11, v12 = v9 + x, v10 - x, v11 + v1, v12 + v2
  v13, v14, v15, v16 = v13 ~ x, v14 + v3, v15 + v4, v16 + 1
  d1, d2, d3, d4 = d1 + d16, d2 * 1.0001, d3 + d14, d4 - d13
  d5, d6, d7, d8 = d5 + d12 / 7, d6 + d11, d7 + d10, d8 + d9
  d9, d10, d11, d12 = d9 + x, d10 - x, d11 + d1, d12 + d2
  d13, d14, d15, d16 = d13 * 0.999, d14 + d3, d15 + d4, d16 + 0.25
end
print(v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15, v16)
print(string.format("%.6g %.6g %.6g %.6g %.6g %.6g %.6g %.6g", d1, d2, d3, d4, d5, d6, d7, d8))
print(string.format("%.6g %.6g %.6g %.6g %.6g %.6g %.6g %.6g", d9, d10, d11, d12, d13, d14, d15, d16))

-- nested loops: the inner loop's trace runs for each outer iteration
local m = {}
for r0 = 1, 30 do
  local row = {}
  for c0 = 1, 30 do row[c0] = r0 * c0 end
  m[r0] = row
end
local tr = 0
for r0 = 1, 30 do
  local row = m[r0]
  for c0 = 1, 30 do tr = tr + row[c0] * (r0 == c0 and 1 or 0) end
end
print(tr)

-- a loop whose step is negative and a float loop
local down = 0
for x = 1000, 1, -3 do down = down + x end
print(down)
local fl = 0
for x = 0.5, 100, 0.25 do fl = fl + x end
print(fl)

-- upvalues (open and closed), globals, fields written in the loop
local up = 0
local function bump(n)
  for x = 1, n do up = up + x end
  return up
end
print(bump(1000), bump(10))
local function counter()
  local c = 0.5
  return function(n)
    for x = 1, n do c = c * 1.0001 + x end
    return c
  end
end
local cf = counter()
print(string.format("%.6f %.6f", cf(500), cf(500)))
G_total = 0
for x = 1, 3000 do G_total = G_total + x % 11 end
print(G_total)
local obj = {count = 0, name = "o", last = false}
for x = 1, 2000 do
  obj.count = obj.count + 1
  obj.last = (x % 3 == 0)
  if x == 1500 then obj.name = {x} end
end
print(obj.count, obj.last, type(obj.name))

-- truth tests, `not`, `and`/`or` values
local tt, nn, ao = 0, 0, 0
local flags = {}
for x = 1, 400 do flags[x] = (x % 4 == 0) end
for x = 1, 400 do
  if flags[x] then tt = tt + 1 end
  if not flags[x] then nn = nn + 1 end
  ao = ao + (flags[x] and 2 or 1)
end
print(tt, nn, ao)

-- lengths of tables and strings, in a loop that grows nothing
local arr = {1, 2, 3, 4, 5, 6, 7}
local strs = {"a", "bb", "ccc", "", "eeeee"}
local lsum = 0
for x = 1, 1000 do lsum = lsum + #arr + #strs[x % 5 + 1] end
print(lsum)

-- bitwise operators with constants and variables
local bits = 0
for x = 1, 5000 do bits = bits + ((x & 0xf0) | (x ~ 0x33)) + (x >> 3) + (x << 2) + (1 << (x % 70)) + ~x end
print(bits)

-- equality of strings, booleans, nil and tables
local names = {"a", "b", "a", "c"}
local same, tabs = 0, 0
local ta, tb = {}, {}
for x = 1, 1000 do
  local s0 = names[x % 4 + 1]
  if s0 == "a" then same = same + 1 end
  if s0 ~= "c" then same = same + 10 end
  if (x % 2 == 0) == true then same = same + 100 end
  local tx = (x % 5 == 0) and ta or tb
  if tx == ta then tabs = tabs + 1 end
end
print(same, tabs)

-- an integer compared for equality with a float is exact in Lua (2^53 + 1
-- is not 2^53.0), which a float comparison of the converted integer is not
do
  local f, c, t = 2.0^53, 0, {}
  for i = 1, 100 do t[i] = (1 << 53) + (i < 50 and 1 or 0) end
  for i = 1, 100 do
    if t[i] == f then c = c + 1 end
    if f == t[i] then c = c + 100 end
    if t[i] == 3.0 then c = c + 10000 end
  end
  print("int == float", c)
end

-- a loop carrying 100 values from one iteration to the next (as many
-- PHIs, moved in a cycle at the back-edge): the backend once had room for
-- 80 moves and silently left the others out
do
  local n, names, inits, news = 100, {}, {}, {}
  for i = 0, n - 1 do
    names[#names + 1] = "v" .. i
    inits[#inits + 1] = tostring(i)
    news[#news + 1] = "v" .. (i + 1) % n .. " + " .. i % 3
  end
  local src = "local " .. table.concat(names, ", ") .. " = " .. table.concat(inits, ", ") ..
    "\nfor i = 1, 300 do " .. table.concat(names, ", ") .. " = " .. table.concat(news, ", ") .. " end" ..
    "\nlocal s = 0\n"
  for i = 0, n - 1 do src = src .. "s = (s * 3 + v" .. i .. ") % 1000000007\n" end
  print("many PHIs", load(src .. "return s")())
end
