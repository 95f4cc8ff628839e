-- self-check: integer/float numeric for loop edge cases
local max, min = math.maxinteger, math.mininteger
local function cnt(a, b, s)
  local c = 0
  for i = a, b, s or 1 do c = c + 1 if c > 100 then break end end
  return c
end
assert(cnt(max - 2, max) == 3)
assert(cnt(min + 2, min, -1) == 3)
assert(cnt(max - 10, max, 7) == 2)
assert(cnt(1, max, max // 2) == 3)
assert(cnt(min, max, max) == 3)
assert(cnt(max, min, min) == 2)
assert(cnt(max, max - 1) == 0)
assert(cnt(1, 0) == 0 and cnt(0, 0) == 1)
assert(cnt(1, 2^63) == 101)
assert(cnt(max - 1, 2^63) == 2)
assert(cnt(min + 1, -2^63, -1) == 2)
assert(cnt(1, 3.5) == 3 and cnt(1, -3.5, -1) == 5)
assert(cnt(0, 0.99) == 1 and cnt(0, -0.5) == 0)
assert(cnt(1, 0/0) == 0)
assert(cnt(0, 1, 0.1) == 11)
assert(cnt(1.0, 3) == 3)
assert(cnt(3, 1, -0.5) == 5)
local last
for i = max - 1, max do last = i end
assert(last == max)
for i = min + 1, min, -1 do last = i end
assert(last == min)
for i = 1, 3 do last = math.type(i) end
assert(last == "integer")
for i = 1, 3.0 do last = math.type(i) end
assert(last == "integer")
for i = 1.0, 3 do last = math.type(i) end
assert(last == "float")
for i = 1, 3, 1.0 do last = math.type(i) end
assert(last == "float")
for i = "2", 3 do last = i end
assert(last == 3)
local ok, e = pcall(function() for i = 1, 2, 0 do end end)
assert(not ok and e:find("'for' step is zero", 1, true))
ok, e = pcall(function() for i = 1.0, 2, 0.0 do end end)
assert(not ok and e:find("'for' step is zero", 1, true))
ok, e = pcall(function() for i = nil, 2 do end end)
assert(not ok and e:find("'for' initial value must be a number", 1, true) or e:find("bad 'for' initial value", 1, true))
local s = 0
for i = -5, 5 do s = s + i end
assert(s == 0)
local vals = {}
for x = 0.1, 0.35, 0.1 do vals[#vals + 1] = x end
assert(#vals == 3)
print("OK forloops")
