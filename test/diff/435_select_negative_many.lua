-- select with negative indices over many arguments and table.unpack ranges
local t = {}
for i = 1, 100 do t[i] = i end
print(select(-1, table.unpack(t)), select(-100, table.unpack(t)), select("#", select(-50, table.unpack(t))))
print(pcall(select, -101, table.unpack(t)))
print(select(100, table.unpack(t)), select("#", select(101, table.unpack(t))))
local function tail(...) return select(2, ...) end
print(tail(1, 2, 3), tail(1), select("#", tail()))
print(pcall(select, -1))
