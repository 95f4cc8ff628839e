-- table.move: overlapping ranges, other destination table, errors, metamethods
local function show(t, n) local r = {} for i = 1, n do r[i] = tostring(t[i]) end return table.concat(r, ",") end
local t = {1, 2, 3, 4, 5}
print(show(table.move(t, 1, 3, 2), 5))
t = {1, 2, 3, 4, 5}
print(show(table.move(t, 2, 5, 1), 5))
t = {1, 2, 3}
local d = table.move(t, 1, 3, 1, {})
print(show(d, 3), d ~= t)
print(show(table.move({1, 2, 3}, 1, 0, 1, {9, 9}), 2))
print(show(table.move({1, 2, 3}, 2, 3, 5), 6))
print(show(table.move({1, 2, 3}, 1, 3, -1, {}), 3), table.move({1, 2, 3}, 1, 3, -1, {})[-1])
print(pcall(table.move, {}, 1, math.maxinteger, 2))
print(pcall(table.move, {}, -1, math.maxinteger, 2))
print(select("#", pcall(table.move, {1}, 1, 1, math.maxinteger)), type(table.move({1}, 1, 1, math.maxinteger)))
print(pcall(table.move, {}, 1, 2))
print(pcall(table.move, {}, 1, 2, 3, 4))
print(pcall(table.move, nil, 1, 2, 3))
print(pcall(table.move, {}, "a", 2, 3))
print(pcall(table.move, {}, 1, 2, 1.5))
local log = {}
local src = setmetatable({}, {__index = function(_, k) log[#log + 1] = "get" .. k; return k * 2 end})
local dst = setmetatable({}, {__newindex = function(t, k, v) log[#log + 1] = "set" .. k .. "=" .. v; rawset(t, k, v) end})
table.move(src, 1, 3, 1, dst)
print(table.concat(log, " "))
log = {}
table.move(src, 1, 3, 2, src)
print(table.concat(log, " "))
print(select("#", table.move({}, 1, 0, 1)))
