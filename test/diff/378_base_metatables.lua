-- setmetatable/getmetatable: __metatable protection, errors, strings' metatable
local t = {}
print(setmetatable(t, nil) == t, getmetatable(t))
local mt = {}
setmetatable(t, mt)
print(getmetatable(t) == mt)
mt.__metatable = "locked"
print(getmetatable(t))
print(pcall(setmetatable, t, {}))
print(pcall(setmetatable, t, nil))
mt.__metatable = false
print(getmetatable(t), pcall(setmetatable, t, {}))
print(pcall(setmetatable, {}, 5))
print(pcall(setmetatable, 5, {}))
print(pcall(setmetatable, {}))
print(pcall(setmetatable))
print(pcall(getmetatable))
print(getmetatable(5), getmetatable(nil), getmetatable(print), getmetatable("x").__index == string)
local smt = getmetatable("")
print(type(smt), smt.__metatable)
print(pcall(setmetatable, "x", {}))
local cls = {}
cls.__index = cls
function cls.new(v) return setmetatable({v = v}, cls) end
function cls:get() return self.v end
print(cls.new(7):get(), getmetatable(cls.new(1)) == cls)
local chain = setmetatable({}, {__index = setmetatable({a = 1}, {__index = {b = 2}})})
print(chain.a, chain.b, chain.c)
