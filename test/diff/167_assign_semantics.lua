-- assignment: right-hand side fully evaluated before assigning, index expressions evaluated first
local a = {1, 2, 3}
local i = 1
i, a[i] = i + 1, "changed"
print(i, a[1], a[2])
local x, y, z = 1, 2, 3
x, y, z = z, x, y
print(x, y, z)
local t = {10, 20}
t[1], t[2] = t[2], t[1]
print(t[1], t[2])
local function f() return "f1", "f2" end
local p, q, r = f(), f()
print(p, q, r)
local m = {}
local k = "key"
m[k], k = "value", "other"
print(m.key, m.other, k)
local calls = {}
local function idx(n) calls[#calls + 1] = "idx" .. n return n end
local function val(n) calls[#calls + 1] = "val" .. n return n end
local arr = {}
arr[idx(1)], arr[idx(2)] = val(10), val(20)
print(arr[1], arr[2], #calls)
local s = {x = 1}
s.x, s.y = s.x + 1, s.x
print(s.x, s.y)
local u1, u2 = 1
print(u1, u2)
local n1, n2, n3 = (function() return 1, 2, 3 end)()
print(n1 + n2 + n3)
