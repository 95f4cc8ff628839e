-- self-check: loop semantics (numeric for, generic for, while, repeat, break)
local t = {}
for i = 1, 3 do t[#t + 1] = i end
assert(table.concat(t, ",") == "1,2,3")
t = {}
for i = 3, 1, -1 do t[#t + 1] = i end
assert(table.concat(t, ",") == "3,2,1")
local c = 0
for i = 1, 0 do c = c + 1 end
assert(c == 0)
c = 0
for i = 1, 10, 3 do c = c + 1 end
assert(c == 4)
for i = 1, 3 do local j = i i = i * 10 assert(i == j * 10) end
c = 0
for i = 0, 1, 0.25 do c = c + 1 end
assert(c == 5)
for i = 1, 2 do assert(math.type(i) == "integer") end
for i = 1.0, 2 do assert(math.type(i) == "float") end
for i = 1, 2, 1.0 do assert(math.type(i) == "float") end
local ok, e = pcall(function() for i = 1, 10, 0 do end end)
assert(not ok and e:find("'for' step is zero", 1, true))
ok, e = pcall(function() for i = "a", 2 do end end)
assert(not ok and e:find("'for' initial value", 1, true))
ok, e = pcall(function() for i = 1, {} do end end)
assert(not ok and e:find("'for' limit", 1, true))
ok, e = pcall(function() for i = 1, 2, nil do end end)
assert(not ok and e:find("'for' step", 1, true))
local it = 0
for k, v in ipairs({1, 2, nil, 4}) do it = it + 1 end
assert(it == 2)
local function range(n)
  return function(s, i) if i < n then return i + 1 end end, nil, 0
end
c = 0
for i in range(10) do c = c + i end
assert(c == 55)
local n = 0
while true do n = n + 1 if n == 5 then break end end
assert(n == 5)
n = 0
repeat local k = n n = n + 1 until k >= 3
assert(n == 4)
local out = {}
for i = 1, 3 do
  for j = 1, 3 do
    if j > i then break end
    out[#out + 1] = i * 10 + j
  end
end
assert(table.concat(out, " ") == "11 21 22 31 32 33")
local s = 0
for i = 1, 1000000 do s = s + i end
assert(s == 500000500000)
local fl = 0
for x = 1, 0, -0.1 do fl = fl + 1 end
assert(fl == 11)
local state = {}
for k, v in next, {a = 1} do state[k] = v end
assert(state.a == 1)
local ran = false
for i = 1, math.huge do if i > 2 then break end ran = true end
assert(ran)
c = 0
for i = 1, 0/0 do c = c + 1 end
assert(c == 0)
print("OK loops")
