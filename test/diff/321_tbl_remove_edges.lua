-- table.remove: default position, #t+1, empty tables, out-of-range errors
local t = {1, 2, 3, 4, 5}
print(table.remove(t), table.concat(t, ","))
print(table.remove(t, 1), table.concat(t, ","))
print(table.remove(t, 2), table.concat(t, ","))
print(table.remove(t, #t + 1), table.concat(t, ","))
print(pcall(table.remove, t, #t + 2))
print(pcall(table.remove, t, 0))
print(pcall(table.remove, t, -1))
local e = {}
print(table.remove(e), #e, table.remove(e, 0), table.remove(e, 1))
print(pcall(table.remove, e, 2))
print(pcall(table.remove, e, -1))
local z = {[0] = "zero"}
print(table.remove(z, 0), z[0])
print(select("#", table.remove({})), select("#", table.remove({}, 1)))
print(pcall(table.remove))
print(pcall(table.remove, 5))
print(pcall(table.remove, {1}, "x"))
print(pcall(table.remove, {1}, 1.5))
print(table.remove({1, 2}, "1"), table.remove({1, 2}, 2.0))
local h = {n = 1, [1] = "a", [2] = "b", [3] = nil, [4] = "d"}
print(#h >= 2, table.remove(h, 1), h[1])
local big = {}
for i = 1, 10 do big[i] = i * i end
while #big > 0 do io.write(table.remove(big, 1), " ") end
print()
