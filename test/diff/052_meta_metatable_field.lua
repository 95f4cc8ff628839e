-- metatables: __metatable protection, getmetatable on strings and other types
local prot = setmetatable({}, {__metatable = "locked"})
print(getmetatable(prot))
print(pcall(setmetatable, prot, {}))
print(pcall(setmetatable, prot, nil))
local falsy = setmetatable({}, {__metatable = false})
print(getmetatable(falsy))
print(pcall(setmetatable, falsy, {}))
local smt = getmetatable("")
print(type(smt), type(smt.__index), smt.__index == string)
print(getmetatable(1), getmetatable(nil), getmetatable(print), getmetatable(true))
local t = {}
print(setmetatable(t, nil) == t, getmetatable(t))
local mt = {}
print(setmetatable(t, mt) == t, getmetatable(t) == mt)
print(pcall(setmetatable, 1, {}))
print(pcall(setmetatable, {}, 5))
print(pcall(setmetatable, {}))
print(pcall(getmetatable))
local indirect = setmetatable({}, {__index = {__metatable = "not used"}})
print(getmetatable(indirect) ~= nil, getmetatable(indirect).__metatable)
local m2 = {__metatable = {fake = true}}
local u = setmetatable({}, m2)
print(getmetatable(u).fake)
