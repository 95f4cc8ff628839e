-- _ENV: functions capture _ENV as an upvalue; changing it affects global access
local print, load = print, load
local env1 = {name = "env1"}
local env2 = {name = "env2"}
local f = load("return name", "=f", "t", env1)
print(f())
local g = load("name = 'changed' return name", "=g", "t", env2)
print(g(), env2.name, env1.name)
local function make(_ENV)
  return function() return name end
end
local m1, m2 = make(env1), make(env2)
print(m1(), m2())
env1.name = "env1b"
print(m1())
local code = [[
local a = 1
b = 2
return function() return a + b end
]]
local e = {}
local inner = load(code, "=code", "t", e)()
print(inner(), e.b)
e.b = 40
print(inner())
print(load("local _ENV = {v = 'shadow'} return v", "=sh")())
print(load("return _ENV", "=ee", "t", nil)())
print(pcall(load("return undefinedvar.x", "=u", "t", {})))
print(pcall(load("undefinedfn()", "=u2", "t", {})))
