-- varargs: table.pack / table.unpack with ranges and nils
local t = table.pack(1, nil, 3, nil)
print(t.n, t[1], t[2], t[3], t[4])
print(table.unpack({1, 2, 3}))
print(table.unpack({1, 2, 3}, 2))
print(table.unpack({1, 2, 3}, 2, 5))
print(table.unpack({1, 2, 3}, 3, 1))
print(table.unpack({}, 1, 3))
print(table.unpack({"a", "b"}, -1, 1))
print(table.unpack(t, 1, t.n))
local p = table.pack()
print(p.n, #p)
local function pass(...) return table.unpack(table.pack(...), 1, select('#', ...)) end
print(pass(nil, 2, nil))
print(select('#', pass(nil, nil, nil)))
print(pcall(table.unpack, {}, 1, 1e8))
print(table.unpack({1, 2, 3}, math.maxinteger, math.maxinteger))
print(pcall(table.unpack, {}, math.mininteger, math.maxinteger))
local big = {}
for i = 1, 200 do big[i] = i end
print(select('#', table.unpack(big)), select(200, table.unpack(big)))
local proxy = setmetatable({}, {__index = function(_, k) return k * 10 end})
print(table.unpack(proxy, 1, 4))
