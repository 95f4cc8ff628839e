-- tables: larger workloads (100k elements), sums, hash tables with many keys
local N = 100000
local t = {}
for i = 1, N do t[i] = i * 2 end
local s = 0
for i = 1, #t do s = s + t[i] end
print(#t, s)
local h = {}
for i = 1, 20000 do h["k" .. i] = i end
local cnt, sum = 0, 0
for k, v in pairs(h) do cnt = cnt + 1 sum = sum + v end
print(cnt, sum)
for i = 1, 20000, 2 do h["k" .. i] = nil end
cnt = 0
for _ in pairs(h) do cnt = cnt + 1 end
print(cnt)
local m = {}
for i = 1, 1000 do m[i * 1000] = i end
local c2 = 0
for k, v in pairs(m) do c2 = c2 + v end
print(c2)
local parts = {}
for i = 1, 10000 do parts[i] = tostring(i) end
local joined = table.concat(parts, ",")
print(#joined, joined:sub(-11))
local neg = {}
for i = -500, 500 do neg[i] = i end
local ns = 0
for i = -500, 500 do ns = ns + neg[i] end
print(ns, neg[-500], neg[0])
