-- for: integer loops with float limits (clipping), NaN limits, huge steps
local function count(a, b, s)
  local c, last = 0, nil
  if s then for i = a, b, s do c = c + 1 last = i if c > 20 then break end end
  else for i = a, b do c = c + 1 last = i if c > 20 then break end end end
  return c, last, math.type(last)
end
print(count(1, 0/0))
print(count(1.0, 0/0))
print(count(1, 3.5))
print(count(1, -3.5, -1))
print(count(math.maxinteger - 1, 1e100))
print(count(math.mininteger + 1, -1e100, -1))
print(count(1, 1e100, math.maxinteger))
print(count(-1, -1e100, math.mininteger))
print(count(0, 0.99))
print(count(0, -0.5))
print(count(3, 2^63))
print(count(-3, -2^63 - 1e5, -1 << 62))
print(count(1, math.huge, 1 << 62))
print(count(5, 1, math.mininteger))
print(count(0.5, 2.5, 0.5))
print(count(1, 3, 0.75))
