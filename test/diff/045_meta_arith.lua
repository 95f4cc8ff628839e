-- metatables: arithmetic metamethods, operand order and mixing with numbers
local V = {}
V.__index = V
local function v(x) return setmetatable({x = x}, V) end
local function val(a) return type(a) == "table" and a.x or a end
for _, op in ipairs({"add", "sub", "mul", "div", "mod", "pow", "idiv"}) do
  V["__" .. op] = function(a, b) return op .. "(" .. tostring(val(a)) .. "," .. tostring(val(b)) .. ")" end
end
V.__unm = function(a, b) return "unm(" .. a.x .. "," .. tostring(b == a) .. ")" end
local a, b = v(1), v(2)
print(a + b, a - b, a * b, a / b, a % b, a ^ b, a // b)
print(a + 5, 5 + a, a - 1.5, "3" * a, a / "x")
print(-a)
print(pcall(function() return a + nil end))
local onlyright = setmetatable({}, {__add = function(x, y) return "right" end})
print(1 + onlyright, onlyright + 1, "s" + onlyright)
local L = setmetatable({}, {__add = function() return "L" end})
local R = setmetatable({}, {__add = function() return "R" end})
print(L + R, R + L)
print(pcall(function() return {} + onlyright end))
local num = setmetatable({}, {__sub = function(x, y) return 42 end})
print(num - num, 10 - num)
local cnt = setmetatable({n = 0}, {__add = function(s, k) s.n = s.n + k return s end})
local r = cnt + 1 + 2 + 3
print(r.n)
