-- metatables: bitwise metamethods __band __bor __bxor __shl __shr __bnot
local B = {}
local function b(x) return setmetatable({x = x}, B) end
local function val(a) return type(a) == "table" and a.x or a end
for _, op in ipairs({"band", "bor", "bxor", "shl", "shr"}) do
  B["__" .. op] = function(p, q) return op .. "(" .. tostring(val(p)) .. "," .. tostring(val(q)) .. ")" end
end
B.__bnot = function(p, q) return "bnot(" .. p.x .. "," .. tostring(rawequal(p, q)) .. ")" end
local x = b(6)
print(x & 3, x | 3, x ~ 3, x << 3, x >> 3, ~x)
print(3 & x, 3 | x, 3 ~ x, 3 << x, 3 >> x)
print(1.5 & x, x | "s", x & x)
print(pcall(function() return x & nil end))
local onlyfloat = setmetatable({}, {__band = function(a, b) return "mm" end})
print(1.5 & onlyfloat, pcall(function() return 1.5 & 2 end))
print(pcall(function() local s = setmetatable({}, {__add = function() return 1 end}) return s & 1 end))
local m = setmetatable({}, {__shl = function(a, b) return type(a) .. "<<" .. type(b) end})
print(m << 1, 1 << m, "x" << m)
print(pcall(function() return "x" << 1 end))
