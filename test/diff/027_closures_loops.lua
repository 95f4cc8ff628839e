-- closures: fresh upvalue per iteration in numeric for, generic for, while and repeat
local a = {}
for i = 1, 3 do a[i] = function() return i end end
print(a[1](), a[2](), a[3]())
local b = {}
for k, v in ipairs({"x", "y", "z"}) do b[k] = function() return k .. v end end
print(b[1](), b[2](), b[3]())
local c = {}
local i = 1
while i <= 3 do
  local j = i
  c[i] = function() j = j + 10 return j end
  i = i + 1
end
print(c[1](), c[1](), c[2](), c[3]())
local d = {}
local n = 0
repeat
  n = n + 1
  local m = n * n
  d[n] = function() return m end
until n >= 3
print(d[1](), d[2](), d[3]())
local e = {}
for i = 1, 3 do
  local acc = 0
  e[i] = {function() acc = acc + i return acc end, function() return acc end}
end
e[1][1]() e[1][1]() e[2][1]()
print(e[1][2](), e[2][2](), e[3][2]())
local f = {}
for i = 1, 3 do
  f[i] = function() i = i + 100 return i end
end
print(f[1](), f[1](), f[2]())
local g = {}
local k = 0
while true do
  k = k + 1
  if k > 3 then break end
  local captured = k
  g[#g + 1] = function() return captured end
end
print(g[1](), g[2](), g[3]())
