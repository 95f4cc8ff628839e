-- _ENV: local _ENV, _ENV as parameter/upvalue, globals resolving through _ENV
local print, tostring, setmetatable = print, tostring, setmetatable
x = "global x"
do
  local _ENV = {x = "env x"}
  print(x)
  y = "set in env"
  print(y)
end
print(x, y)
local function withenv(_ENV) return a + b end
print(withenv({a = 1, b = 2}))
local function sandbox(code, env)
  local f = load(code, "=sandbox", "t", env)
  return f()
end
print(sandbox("return z * 2", {z = 21}))
print(pcall(sandbox, "return print", {}))
local proxied = setmetatable({}, {__index = _G})
do
  local _ENV = proxied
  newglobal = 123
  print(newglobal, rawget(_G, "newglobal"))
end
local counter = 0
local tracked = setmetatable({}, {__index = function(t, k) counter = counter + 1 return _G[k] end})
do
  local _ENV = tracked
  local s = tostring(1) .. tostring(2)
  print(s)
end
print(counter)
local function getenv() return _ENV end
print(getenv() == _G)
local _ENV = {print = print}
print(x)
