-- table.sort errors: mixed types, bad comparators, wrong arguments
print(pcall(table.sort, {1, "x", 2}))
print(pcall(table.sort, {{}, {}}))
print(pcall(table.sort, {1, 2, nil, 4}))
print(pcall(table.sort, {true, false}))
print(pcall(table.sort))
print(pcall(table.sort, "abc"))
print(pcall(table.sort, {3, 2, 1}, 5))
print(pcall(table.sort, {3, 2, 1}, "x"))
print(pcall(table.sort, {3, 2, 1}, function(a, b) error("cmp failed") end))
print(select("#", pcall(table.sort, {3, 2, 1}, function(a, b) error({code = 7}) end)))
local ok, e = pcall(table.sort, {3, 2, 1}, function(a, b) error({code = 7}) end)
print(type(e), e.code)
local t = {}
for i = 1, 100 do t[i] = i % 7 end
local ok2, e2 = pcall(table.sort, t, function(a, b) return true end)
print(ok2, e2)
print(pcall(table.sort, {1, 2, 3}, nil))
local u = {5, 4, 3}
table.sort(u, nil)
print(table.concat(u, ","))
print(pcall(table.sort, setmetatable({}, {__len = function() return 2^40 end})))
print(pcall(table.sort, setmetatable({}, {__len = function() return "x" end})))
