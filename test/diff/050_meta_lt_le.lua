-- metatables: __lt and __le, mixed types, and the __le fallback behaviour
local O = {}
O.__lt = function(a, b) return a.v < b.v end
O.__le = function(a, b) return a.v <= b.v end
local function o(v) return setmetatable({v = v}, O) end
local a, b = o(1), o(2)
print(a < b, a > b, a <= b, a >= b, a < a, a <= a)
local onlylt = {__lt = function(a, b) print("lt", a.n, b.n) return a.n < b.n end}
local p = setmetatable({n = 1}, onlylt)
local q = setmetatable({n = 2}, onlylt)
print(p < q)
print(pcall(function() return p <= q end))
local M = {__lt = function(a, b) return "yes" end, __le = function() return nil end}
local m = setmetatable({}, M)
print(m < 1, 1 < m, m <= 1, "x" > m)
print(pcall(function() return {} < {} end))
print(pcall(function() return {} <= 1 end))
print(pcall(function() return 1 < "2" end))
print(pcall(function() return "a" < 1 end))
print(pcall(function() return nil > 1 end))
print(pcall(function() local t = {} return t < t end))
print(pcall(function() return true <= false end))
local S = {__lt = function(a, b) return #tostring(a) < #tostring(b) end}
print(pcall(function() return setmetatable({}, S) < "zz" end))
