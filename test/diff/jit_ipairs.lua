-- jit: traces>=18, side>=8, aborts<=40
-- Generic for loops over ipairs in traces: the element's type guarded,
-- the end of the array part, holes, a hash part, tables changed while
-- they are walked, metatables appearing, nested and linked loops, break,
-- closures over the loop variables, closing values.
local N = 300
local arr = {}
for i = 1, N do arr[i] = i * 0.25 end
local s = 0
for _, v in ipairs(arr) do s = s + v end
print("sum", s)

-- nested: the inner loop ends (nil past the array part) every time
local c = 0
for r = 1, 40 do
  for i, v in ipairs(arr) do c = c + i * v end
  c = c - r
end
print("nested", c)

-- a hole ends the loop early; elements of mixed types
local mixed = {1, 2.5, "x", 4, nil, 6}
local m = 0
for r = 1, N do
  for i, v in ipairs(mixed) do
    if type(v) == "number" then m = m + v else m = m + #v + i end
  end
end
print("mixed", m)

-- the next element is in the hash part (not compiled) or absent
local h = {1, 2, 3}
h[5] = 5
h.name = "h"
local hs = 0
for r = 1, N do
  h[4] = (r % 7 ~= 0) and r or nil
  for _, v in ipairs(h) do hs = hs + v end
end
print("hash part", hs)

-- the table grows and shrinks while it is walked
local g = {1, 2, 3}
local steps = 0
for _, v in ipairs(g) do
  steps = steps + 1
  if #g < 500 then g[#g + 1] = v + 1 end
  if steps == 400 then g[#g] = nil end
end
print("growing", steps, #g)

-- a metatable with __index appears mid-way: ipairs consults it
local p = {10, 20, 30}
local ps = 0
for r = 1, N do
  if r == N - 50 then setmetatable(p, {__index = function(_, k) if k <= 5 then return k end end}) end
  for _, v in ipairs(p) do ps = ps + v end
end
print("metatable", ps)

-- break, and a loop whose variables closures capture
local b, fs = 0, {}
for r = 1, N do
  for i, v in ipairs(arr) do
    if i > r % 17 then break end
    b = b + v
  end
end
for i, v in ipairs(arr) do
  if i % 50 == 0 then fs[#fs + 1] = function() return i + v end end
end
local fsum = 0
for _, f in ipairs(fs) do fsum = fsum + f() end
print("break/closures", b, fsum)

-- a closing value (the fourth value of the generic for) is closed
local closed = 0
local mt = {__close = function() closed = closed + 1 end}
for r = 1, 50 do
  local n = 0
  for _, v in ipairs, arr, 0, setmetatable({}, mt) do n = n + 1; if n > 5 then break end end
end
print("closing values", closed)

-- ipairs replaced, and an ipairs over a non-table
local saved = ipairs
local rep = 0
for r = 1, N do
  if r == N - 20 then ipairs = function(t) return saved({t[1]}) end end
  for _, v in ipairs({1, 2, 3}) do rep = rep + v end
end
ipairs = saved
print("replaced", rep)
print(pcall(function() local z = 0 for r = 1, N do for _, v in ipairs(r < N and {r} or 5) do z = z + v end end return z end))

-- the loop variables' types change from one run of the loop to the next
local kinds = {{1, 2, 3}, {1.5, 2.5}, {"a", "b"}, {{}, {}}}
local out = {}
for r = 1, 200 do
  for i, v in ipairs(kinds[r % 4 + 1]) do out[#out % 8 + 1] = type(v) .. i end
end
print(table.concat(out, " "))
