-- self-check: large tables and strings
local N = 1000000
local t = {}
for i = 1, N do t[i] = i end
assert(#t == N and t[N] == N)
local s = 0
for i = 1, N do s = s + t[i] end
assert(s == N * (N + 1) // 2)
local parts = {}
for i = 1, 100000 do parts[i] = "item" .. i end
local joined = table.concat(parts, ",")
assert(#joined > 100000 and joined:sub(1, 11) == "item1,item2")
local big = string.rep("a", 10000000)
assert(#big == 10000000 and big:sub(-3) == "aaa")
local big2 = string.rep("ab", 1000000, ",")
assert(#big2 == 2000000 + 999999)
local h = {}
for i = 1, 100000 do h["k" .. i] = i end
local c = 0
for _ in pairs(h) do c = c + 1 end
assert(c == 100000 and h.k77777 == 77777)
local u = {table.unpack(t, 1, 10000)}
assert(#u == 10000)
local rev = {}
for i = N, 1, -1 do rev[#rev + 1] = t[i] end
assert(rev[1] == N and rev[N] == 1)
print("OK bigdata")
