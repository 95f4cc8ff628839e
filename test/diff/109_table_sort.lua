-- tables: table.sort with default and custom comparators, stability-independent checks
local function show(t) local o = {} for i = 1, #t do o[i] = tostring(t[i]) end return table.concat(o, " ") end
local a = {5, 2, 8, 1, 9, 3, 7, 4, 6, 0}
table.sort(a)
print(show(a))
table.sort(a, function(x, y) return x > y end)
print(show(a))
local s = {"banana", "apple", "Cherry", "date", "apple"}
table.sort(s)
print(show(s))
local m = {3.5, 1, 2.25, -1, 0, 10}
table.sort(m)
print(show(m))
local recs = {{n = "b", v = 2}, {n = "a", v = 2}, {n = "c", v = 1}}
table.sort(recs, function(x, y) if x.v ~= y.v then return x.v < y.v end return x.n < y.n end)
print(recs[1].n, recs[2].n, recs[3].n)
local big = {}
local seed = 12345
for i = 1, 500 do seed = (seed * 1103515245 + 12345) % 2147483648 big[i] = seed % 1000 end
table.sort(big)
local ok = true
for i = 2, #big do if big[i - 1] > big[i] then ok = false end end
print(ok, big[1], big[500])
local one = {42}
table.sort(one)
print(show(one))
local none = {}
table.sort(none)
print(#none)
print(pcall(table.sort, {{}, {}, {}}))
local rev = {}
for i = 1, 100 do rev[i] = 101 - i end
table.sort(rev)
print(rev[1], rev[50], rev[100])
