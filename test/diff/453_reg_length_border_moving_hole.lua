-- regression: '#' of a table with a hole; any border is valid per the manual, but
-- lua5.4 picks a specific one (from its array-size hint) and tide should agree
local u = {nil, 1, 2, 3}
local out = {}
for i = 1, 8 do table.insert(u, 1, "v"); out[#out + 1] = #u end
print(table.concat(out, " "))
local t = {1, 2, 3, [10] = true}
table.insert(t, 1, nil)
out = {}
for i = 1, 8 do table.insert(t, 1, "v"); out[#out + 1] = #t end
print(table.concat(out, " "))
