-- tables: table.insert and table.remove at all positions, edge cases
local function show(t) local o = {} for i = 1, #t do o[i] = tostring(t[i]) end return "{" .. table.concat(o, ",") .. "} #" .. #t end
local t = {}
table.insert(t, "a")
table.insert(t, "b")
table.insert(t, 1, "c")
table.insert(t, 2, "d")
table.insert(t, #t + 1, "e")
print(show(t))
print(table.remove(t, 1), show(t))
print(table.remove(t), show(t))
print(table.remove(t, 2), show(t))
print(table.remove(t, #t + 1), show(t))
local e = {}
print(table.remove(e), show(e))
print(table.remove(e, 0), table.remove(e, 1))
print(pcall(table.remove, e, 2))
print(pcall(table.insert, {1, 2}, 0, "x"))
print(pcall(table.insert, {1, 2}, 4, "x"))
print(pcall(table.insert, {1, 2}))
local z = {[0] = "zero"}
print(table.remove(z, 0), z[0])
local n = {1, 2, 3}
print(table.remove(n, 3), show(n))
local q = {}
for i = 1, 10 do table.insert(q, 1, i) end
print(show(q))
for i = 1, 5 do table.remove(q, 1) end
print(show(q))
local withnil = {1, 2, 3}
table.insert(withnil, 2, nil)
print(withnil[1], withnil[2], withnil[3], withnil[4])
