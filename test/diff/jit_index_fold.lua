-- jit: traces>=10, side>=1, aborts<=0
-- Array indexes i + k folded into the slot's address ([array + 16*i +
-- 16*k], no addition in the loop): positive and negative k, several
-- tables at one index, the index also live at exits (sunk: the exit
-- computes it), the folded index read again after the loop, and an index
-- whose other users need it computed (a bounds check in the body).
local a, b = {}, {}
for i = 1, 300 do a[i] = i * 3; b[i] = -i end

-- k = +2 and -3 on one loop, bounds checks hoisted
local s = 0
for i = 4, 298 do s = s + a[i + 2] - a[i - 3] + b[i + 2] end
print("offsets", s)

-- j = i + 1 kept in a local: an exit in the loop writes it back
local hits, last = 0, 0
for i = 1, 299 do
  local j = i + 1
  local v = a[j]
  if v % 37 == 0 then hits = hits + 1; last = j end
end
print("exits", hits, last)

-- stores through a folded index, read in the next loop
local c = {}
for i = 1, 300 do c[i] = 0 end
for r = 1, 20 do
  for i = 1, 290 do c[i + 10] = c[i + 10] + r + i end
end
local t = 0
for i = 1, 300 do t = t + c[i] end
print("stores", t, c[1], c[11], c[300])

-- a while loop: the index is also compared, so it is computed
local n, k = 0, 0
while k + 1 <= #a and a[k + 1] < 600 do k = k + 1; n = n + a[k] end
print("while", n, k)

-- more live values than registers: the index may be spilled
local function many(t)
  local x1, x2, x3, x4, x5, x6, x7, x8, x9, x10 = 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
  for i = 1, #t - 8 do
    x1 = x1 + t[i + 1]; x2 = x2 + t[i + 2]; x3 = x3 ~ t[i + 3]
    x4 = x4 + t[i + 4] * 2; x5 = x5 - t[i + 5]; x6 = x6 + (t[i + 6] & 7)
    x7 = x7 + t[i + 7] % 5; x8 = x8 | t[i + 8]; x9 = x9 + i; x10 = x10 + t[i]
  end
  return x1, x2, x3, x4, x5, x6, x7, x8, x9, x10
end
print("pressure", many(a))
print("pressure", many(b))

-- the table changes size under the loop: the hoisted checks fail, and
-- the trace is left through the bounds guard with the index in a snapshot
local grow = {}
for i = 1, 50 do grow[i] = i end
local g = 0
for i = 1, 200 do
  local v = grow[i + 1]
  if v == nil then grow[i + 1] = i; v = -i end
  g = g + v
end
print("grow", g, #grow)
