-- string.dump's own errors, and dumping what can be dumped
print(pcall(string.dump))
print(pcall(string.dump, nil))
print(pcall(string.dump, 42))
print(pcall(string.dump, {}))
print(pcall(string.dump, print))
print(pcall(string.dump, string.dump))
print(pcall(string.dump, coroutine.wrap(function() end)))
print(type(string.dump(function() end)), type(string.dump(function() end, true)))
print(type(string.dump(function() end, nil)), type(string.dump(function() end, 0)))
print(string.dump(function() end):sub(1, 4) == "\27Lua")
-- a dumped function and its loaded copy are distinct values
local function f() return 1 end
local g = load(string.dump(f))
print(f == g, f() == g())
-- a loaded chunk can be dumped again, and the copy still works
local h = load(string.dump(load(string.dump(f))))
print(h())
-- functions built by load from text can be dumped
local t = load("local a, b = ... return a + b, ...")
print(load(string.dump(t))(1, 2, 3))
-- dumping a method with self, a function with _ENV redefined
local obj = {n = 5}
function obj:get() return self.n end
print(load(string.dump(obj.get))(obj))
local function envf() local _ENV = {y = 9}; return y end
print(load(string.dump(envf))())
