-- table.pack/unpack round trips through functions, varargs with nils, select interplay
local function id(...) return ... end
local function roundtrip(...) local p = table.pack(...) return table.unpack(p, 1, p.n) end
print(roundtrip(1, nil, 3, nil))
print(select("#", roundtrip(nil, nil, nil)))
print(select("#", roundtrip()))
local p = table.pack(id(1, 2), id(3, 4))
print(p.n, p[1], p[2], p[3])
p = table.pack((id(1, 2)))
print(p.n, p[1])
local function sum(...) local s = 0 for i = 1, select("#", ...) do s = s + (select(i, ...) or 0) end return s end
print(sum(table.unpack({1, 2, 3, nil, 5}, 1, 5)))
local t = {table.unpack({1, 2, 3})}
print(#t, table.unpack(t, 2))
print(table.unpack({1, 2, 3}, 3, 1), "|", table.unpack({1, 2, 3}, 2, 2))
local n = table.pack(table.unpack({}, 1, 3)).n
print(n)
print(table.pack(1, 2, 3).n == 3, rawlen(table.pack(1, nil, 3)) >= 1)
