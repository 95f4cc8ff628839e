-- self-check: tables, length/border, table library
local t = {}
for i = 1, 100 do t[i] = i end
assert(#t == 100)
t[#t] = nil
assert(#t == 99)
t[#t + 1] = "x"
assert(#t == 100 and t[100] == "x")
assert(#{} == 0 and #{nil} == 0 and #{1, 2, 3} == 3 and #{1, 2, 3, nil} == 3)
local holes = {1, 2, nil, 4}
local n = #holes
assert(n == 2 or n == 4)
local k = {}
k[1.0] = "a"
assert(k[1] == "a" and math.type(next(k)) == "integer")
k[2^53] = "big"
assert(k[1 << 53] == "big")
k["1"] = "s"
assert(k[1] == "a" and k["1"] == "s")
assert(not pcall(function() local x = {} x[nil] = 1 end))
assert(not pcall(function() local x = {} x[0/0] = 1 end))
assert(({})[nil] == nil)
local c = {1, 2, 3, [2] = "x"}
assert(c[2] == 2)
local function three() return 1, 2, 3 end
assert(#{three()} == 3 and #{three(), three()} == 4 and #{(three())} == 1)
local ins = {}
table.insert(ins, "a") table.insert(ins, 1, "b") table.insert(ins, 2, "c")
assert(table.concat(ins) == "bca")
assert(table.remove(ins, 1) == "b" and table.concat(ins) == "ca")
assert(table.remove(ins) == "a" and #ins == 1)
assert(table.remove({}) == nil)
assert(not pcall(table.insert, {}, 5, 1))
assert(not pcall(table.insert, {}, 1, 2, 3))
local p = table.pack(1, nil, 3)
assert(p.n == 3 and p[1] == 1 and p[3] == 3)
assert(select('#', table.unpack({1, 2, 3}, 1, 5)) == 5)
assert(select('#', table.unpack({}, 1, 0)) == 0)
local sorted = {5, 3, 8, 1, 9, 2}
table.sort(sorted)
assert(table.concat(sorted, ",") == "1,2,3,5,8,9")
table.sort(sorted, function(a, b) return a > b end)
assert(table.concat(sorted, ",") == "9,8,5,3,2,1")
local words = {"pear", "apple", "fig"}
table.sort(words)
assert(words[1] == "apple" and words[3] == "pear")
local cnt = 0
local h = {a = 1, b = 2, c = 3, 10, 20}
for _ in pairs(h) do cnt = cnt + 1 end
assert(cnt == 5)
for key in pairs(h) do h[key] = nil end
assert(next(h) == nil)
local big = {}
for i = 1, 10000 do big[i] = i end
for i = 1, 10000, 2 do big[i] = nil end
local c2 = 0
for _, v in pairs(big) do c2 = c2 + 1 end
assert(c2 == 5000)
local nested = {a = {b = {c = {}}}}
nested.a.b.c.d = 1
assert(nested.a.b.c.d == 1)
assert(rawlen({1, 2}) == 2 and rawlen("abc") == 3)
local mixed = {}
for i = -5, 5 do mixed[i] = i end
local sum = 0
for i = -5, 5 do sum = sum + mixed[i] end
assert(sum == 0 and mixed[0] == 0)
print("OK tables")
