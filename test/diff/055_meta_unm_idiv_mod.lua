-- metatables: __unm, __idiv, __mod, __pow, __div dispatch and error fallthrough
local M = {
  __unm = function(a) return "neg" .. a.v end,
  __idiv = function(a, b) return "idiv" end,
  __mod = function(a, b) return "mod" end,
  __pow = function(a, b) return "pow" end,
  __div = function(a, b) return "div" end,
}
local x = setmetatable({v = 3}, M)
print(-x, x // 1, 1 // x, x % 2, 2 % x, x ^ 2, 2 ^ x, x / 0, 0 / x)
print(pcall(function() return - -x end))
print(pcall(function() return -{} end))
print(pcall(function() local t = {} return -t end))
print(pcall(function() local t = {} return t.a ^ 2 end))
print(pcall(function() local t = {} return 2 // t end))
print(pcall(function() return 1 % {} end))
print(pcall(function() return ("5") // 0 end))
print(pcall(function() return ("5") % ("0") end))
print(("5") // 2, ("5.0") // 2, ("-5") % 3, -("2"))
