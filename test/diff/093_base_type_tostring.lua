-- base: type() of every value kind and tostring of primitives
print(type(nil), type(true), type(0), type(0.5), type(""), type({}), type(print), type(type),
  type(coroutine.create(function() end)), type(function() end))
print(type(type(nil)))
print(pcall(type))
print(tostring(1), tostring(1.0), tostring(-0.0), tostring(1e300 * 1e10), tostring("x"))
print(tostring(true), tostring(false), tostring(nil))
print(tostring(print):sub(1, 9), tostring({}):sub(1, 6), tostring(coroutine.create(print)):sub(1, 7))
print(tostring(function() end):sub(1, 9))
print(tostring(12345678901234567890), tostring(0x7fffffffffffffff))
local cnt = 0
local T = setmetatable({}, {__tostring = function() cnt = cnt + 1 return "obj" .. cnt end})
print(T, T, tostring(T))
print(#tostring(12.5), tostring(12.5) .. "")
print(rawequal("a", "a"), rawequal({}, {}), rawequal(1, 1.0), rawequal(0, -0), rawequal(nil, nil))
print(pcall(rawequal, 1))
print(rawlen({1, 2, nil, 4}) >= 2, rawlen("\0\0\0"))
