-- calls: method calls and indexing on literals and parenthesized expressions
print(("abc"):upper(), ("%d"):rep(2), ([[x]]):len())
print(#("abc"):rep(3), ("a,b"):len())
print(pcall(function() return (1):type() end))
print(pcall(function() return (nil):x() end))
print(pcall(function() return ({}):x() end))
print(({1, 2, 3})[2], ({n = 5}).n, (function() return 7 end)())
print(("abc")[1], ("abc").len == string.len)
local s = "text"
print(s:sub(2):upper():rep(2, "-"))
print(("x"):byte(), ("%5s|"):format("ab"))
print(type(("").upper), tostring(nil):len(), (tostring(12)):rep(2))
print(pcall(function() return ("x"):nosuch() end))
