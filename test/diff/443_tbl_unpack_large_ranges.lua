-- table.unpack with ranges near the stack limit and errors
print(select("#", table.unpack({}, 1, 5000)))
print(pcall(table.unpack, {}, 1, 1e7))
print(pcall(table.unpack, {}, -5, 5))
print(select("#", table.unpack({}, -5, 5)))
local t = {}
for i = 1, 1000 do t[i] = i end
local s = 0
for _, v in ipairs({table.unpack(t, 10, 990)}) do s = s + v end
print(s)
print(pcall(string.char, table.unpack(t, 1, 300)))
