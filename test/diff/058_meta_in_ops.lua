-- metatables: metamethods invoked from various VM paths (loops, upvalues, self, varargs)
local V = {}
V.__index = V
V.__add = function(a, b) return setmetatable({n = a.n + b.n}, V) end
V.__eq = function(a, b) return a.n == b.n end
V.__lt = function(a, b) return a.n < b.n end
V.__le = function(a, b) return a.n <= b.n end
V.__len = function(a) return a.n end
V.__call = function(self, k) return self.n * k end
V.__concat = function(a, b) return (type(a) == "table" and a.n or a) .. "&" .. (type(b) == "table" and b.n or b) end
local function new(n) return setmetatable({n = n}, V) end
local acc = new(0)
for i = 1, 10 do acc = acc + new(i) end
print(acc.n, #acc, acc(2))
local function cmpall(...)
  local args = {...}
  local r = {}
  for i = 2, #args do r[#r + 1] = tostring(args[i - 1] < args[i]) end
  return table.concat(r, " ")
end
print(cmpall(new(1), new(3), new(2), new(5)))
local up = new(7)
local function useup() return up == new(7), up <= new(6), #up end
print(useup())
local t = {}
for i = 1, 5 do t[i] = new(6 - i) end
table.sort(t, function(x, y) return x < y end)
local ns = {}
for i = 1, 5 do ns[i] = t[i].n end
print(table.concat(ns, ","))
print(new(1) .. new(2) .. "x")
local ok = (new(1) == new(1)) and not (new(1) ~= new(1))
print(ok)
if new(3) > new(2) then print("gt via lt") end
while #up > 5 do up = new(#up - 1) end
print(up.n)
