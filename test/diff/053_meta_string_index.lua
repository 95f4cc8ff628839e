-- metatables: string methods through the string metatable __index
local s = "Hello"
print(s:upper(), s:lower(), s:len(), s:rep(2, "-"), s:sub(2, -2), s:byte(1), s:reverse())
print(("x"):rep(3), ("%d-%s"):format(1, "a"), ("abc"):byte(1, -1))
print(#s:rep(0), ("ab"):rep(3, ","), ("a"):rep(1, ","))
print(type(s.len), s.nonexistent, s.len == string.len)
print(pcall(function() return s:nonexistent() end))
print(pcall(function() local n = 5 return n:upper() end))
print(("10") + 5, ("3") * ("4"))
local mt = getmetatable("")
local old = mt.__index
mt.__index = function(str, k)
  if k == "first" then return str:sub(1, 1) end
  return old[k]
end
print(s.first, ("zzz").first, s:upper())
mt.__index = old
print(s.first)
string.shout = function(x) return x:upper() .. "!" end
print(("hey"):shout())
string.shout = nil
print(pcall(function() return ("hey"):shout() end))
print(#"abc" == ("abc"):len())
print(("abc"):sub(0), ("abc"):sub(-100, 100), ("abc"):sub(3, 2), ("abc"):sub(math.mininteger, math.maxinteger))
