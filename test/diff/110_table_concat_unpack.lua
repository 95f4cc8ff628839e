-- tables: table.concat with numbers, ranges, separators; table.unpack ranges
print(table.concat({1, 2, 3}), table.concat({1, 2, 3}, ""), table.concat({1.5, -0.0, 2^63}, " "))
print(table.concat({"a", "b", "c"}, ", ", 2), table.concat({"a", "b", "c"}, ", ", 1, 2))
print(table.concat({"a"}, ", ", 1, 1), "[" .. table.concat({"a"}, ", ", 2, 1) .. "]")
print(pcall(table.concat, {1, nil, 3}, ","))
print(pcall(table.concat, {true}))
print(pcall(table.concat, {{}}))
local words = {}
for i = 1, 26 do words[i] = string.char(96 + i) end
print(table.concat(words), table.concat(words, "", 24))
print(table.concat({}, ",", 1, 0), table.concat({[0] = "z", "a"}, "-", 0, 1))
print(table.unpack({1, 2, 3}, -1, 1))
print(table.unpack({[0] = 0, 1}, 0))
local n = select('#', table.unpack({}, 1, 100))
print(n)
local t = setmetatable({}, {__index = function(_, k) return "v" .. k end, __len = function() return 3 end})
print(table.unpack(t))
print(table.concat(t, ","))
