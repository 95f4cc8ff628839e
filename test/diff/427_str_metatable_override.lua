-- extending and overriding the shared string metatable's __index
local smt = getmetatable("")
local orig = smt.__index
smt.__index = function(s, k)
  if k == "shout" then return function(self) return self:upper() .. "!" end end
  if type(k) == "number" then return s:sub(k, k) end
  return orig[k]
end
print(("hi"):shout(), ("hello")[2], ("abc"):rep(2), ("x")[10] == "")
smt.__add = function(a, b) return "added" end
print(pcall(function() return "a" + "b" end))
print(pcall(function() return "1" + "2" end))
smt.__add = nil
print(pcall(function() return "1" + "2" end))
smt.__index = orig
print(pcall(function() return ("x"):shout() end))
print(("ok"):upper())
