-- metatables: __concat with numbers and strings on either side and chains
local C = {}
C.__concat = function(a, b)
  local function s(v) return type(v) == "table" and ("T" .. v.id) or tostring(v) end
  return s(a) .. "+" .. s(b)
end
local function c(id) return setmetatable({id = id}, C) end
local x, y = c(1), c(2)
print(x .. y)
print(x .. "s", "s" .. x, x .. 5, 5 .. x, x .. 1.5)
print("a" .. "b" .. x)
print(x .. "a" .. "b")
print("a" .. x .. "b")
print(1 .. 2 .. x .. 3 .. 4)
print(pcall(function() return {} .. "x" end))
print(pcall(function() local t = {} return "x" .. t end))
print(pcall(function() return x .. nil end))
print(pcall(function() local n return "a" .. n end))
print(pcall(function() local u = {} return u.f .. "a" end))
print(pcall(function() return true .. "" end))
local n = setmetatable({}, {__concat = function(a, b) return 99 end})
print(n .. "z", type(n .. n))
print(("x"):rep(3) .. 1 .. 2.5 .. -0.0)
print(pcall(function() return 1 .. {} end))
