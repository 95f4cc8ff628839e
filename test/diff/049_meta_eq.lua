-- metatables: __eq called only for two tables, result converted to boolean
local calls = 0
local E = {__eq = function(a, b) calls = calls + 1 return a.v == b.v end}
local a = setmetatable({v = 1}, E)
local b = setmetatable({v = 1}, E)
local c = setmetatable({v = 2}, E)
print(a == b, a ~= b, a == c, a ~= c, calls)
print(a == a, calls)
print(a == 1, 1 == a, a == "x", a == nil, calls)
print(rawequal(a, b), rawequal(a, a), calls)
local plain = {v = 1}
print(a == plain, plain == a, calls)
local R = {__eq = function() return "truthy" end}
local r1, r2 = setmetatable({}, R), setmetatable({}, R)
print(r1 == r2, r1 ~= r2)
local N = {__eq = function() return nil end}
local n1, n2 = setmetatable({}, N), setmetatable({}, N)
print(n1 == n2, n1 ~= n2)
local X = {__eq = function() return true end}
local Y = {__eq = function() return false end}
local x, y = setmetatable({}, X), setmetatable({}, Y)
print(x == y, y == x)
local t = {}
t[a] = "a"
print(t[b], t[a])
local only = setmetatable({}, {__eq = function() print("eq called") return true end})
print(only == {}, {} == only)
print(1 == 1.0, "1" == 1, 0.0 == -0.0)
