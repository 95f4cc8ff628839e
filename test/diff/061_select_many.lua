-- calls: select and calls with many arguments and results
local function many(n)
  local t = {}
  for i = 1, n do t[i] = i end
  return table.unpack(t)
end
print(select('#', many(250)))
print(select(250, many(250)))
print(select(-2, many(250)))
local function sum(...)
  local s = 0
  for i = 1, select('#', ...) do s = s + (select(i, ...)) end
  return s
end
print(sum(many(200)))
local function count(...) return select('#', ...) end
print(count(many(10), many(10)), count(many(0)), count(nil, many(3)))
print(math.max(many(100)), math.min(many(100)))
local t = {many(1000)}
print(#t, t[1000])
local s = string.char(many(100)):sub(65, 70)
print(s)
print(select(2, select(2, 1, 2, 3)))
print(pcall(select, 'x'))
print(pcall(select, 1.5, 1))
print(select(2.0, "a", "b"))
print(select('#', select(1, nil, nil)))
