-- table.sort: default order, comparators, strings, stability-free checks
local function s(t, f) table.sort(t, f); return table.concat(t, " ") end
print(s({5, 3, 8, 1, 9, 2, 7}))
print(s({5, 3, 8, 1, 9, 2, 7}, function(a, b) return a > b end))
print(s({"banana", "apple", "Cherry", "date", "", "apple2"}))
print(s({3.5, -1, 2, 2.0, 0, -0.0, 1e10, -math.huge, math.huge}))
print(s({}), s({1}), s({2, 1}))
print(s({"10", "9", "100", "1"}), s({10, 9, 100, 1}))
local recs = {{n = "b", a = 2}, {n = "a", a = 2}, {n = "c", a = 1}}
table.sort(recs, function(x, y) if x.a ~= y.a then return x.a < y.a end return x.n < y.n end)
for _, r in ipairs(recs) do io.write(r.n, r.a, " ") end
print()
local t = {}
for i = 1, 200 do t[i] = (i * 7919) % 211 end
table.sort(t)
local ok = true
for i = 2, #t do if t[i - 1] > t[i] then ok = false end end
print(ok, t[1], t[100], t[200])
table.sort(t, function(a, b) return a > b end)
print(t[1], t[200])
local words = {}
for w in ("the quick brown fox jumps over the lazy dog"):gmatch("%a+") do words[#words + 1] = w end
table.sort(words, function(a, b) if #a ~= #b then return #a < #b end return a < b end)
print(table.concat(words, ","))
local mt = {__lt = function(a, b) return a.v < b.v end}
local objs = {}
for i, v in ipairs({4, 1, 3, 2}) do objs[i] = setmetatable({v = v}, mt) end
table.sort(objs)
for _, o in ipairs(objs) do io.write(o.v) end
print()
