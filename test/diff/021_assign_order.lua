-- assignment: multiple assignment, swaps and evaluation order
local a, b, c = 1, 2
print(a, b, c)
a, b = b, a
print(a, b)
local x, y, z = (function() return 1, 2, 3 end)()
print(x, y, z)
local p, q = 1, 2, 3, 4
print(p, q)
local t = {}
local i = 1
i, t[i] = i + 1, 20
print(i, t[1], t[2])
local u = {1, 2, 3}
local j = 1
u[j], j = 10, 2
print(j, u[1], u[2])
local v = {}
v[1], v[2], v[3] = (function() return "a", "b", "c" end)()
print(v[1], v[2], v[3])
local w = {}
w.x, w.y = 1
print(w.x, w.y)
local n1, n2 = nil
print(n1, n2)
do
  local a = a + 10
  print(a)
end
print(a)
local r1, r2 = (function() return 5, 6 end)(), 7
print(r1, r2)
local s1, s2, s3 = 0, (function() return 5, 6 end)()
print(s1, s2, s3)
g1, g2 = "G1", "G2"
print(g1, g2)
g1, g2 = g2, g1
print(g1, g2)
