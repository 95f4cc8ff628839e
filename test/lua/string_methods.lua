-- self-check: string methods through the string metatable
local s = "Hello"
assert(s:len() == 5 and s:upper() == "HELLO" and s:lower() == "hello" and s:rep(2) == "HelloHello")
assert(s:sub(2, 3) == "el" and s:byte() == 72 and s:reverse() == "olleH")
assert(("%d-%s"):format(1, "x") == "1-x")
assert(("abc"):find("b", 1, true) == 2)
local mt = getmetatable("")
assert(type(mt) == "table" and mt.__index == string)
assert(s.len == string.len and s.foo == nil)
local ok, e = pcall(function() return s:nope() end)
assert(not ok and e:find("attempt to call a nil value (method 'nope')", 1, true))
string.twice = function(x) return x .. x end
assert(("ab"):twice() == "abab")
string.twice = nil
local old = mt.__index
mt.__index = function(str, k) if k == "first" then return str:sub(1, 1) end return old[k] end
assert(s.first == "H" and s:upper() == "HELLO")
mt.__index = old
assert(s.first == nil)
ok = pcall(function() local n = 5 return n:upper() end)
assert(not ok)
assert(("x"):rep(3, ",") == "x,x,x")
assert(#("abc"):rep(1000) == 3000)
local chain = ("  Hello  "):upper():lower():rep(2, "|")
assert(chain == "  hello  |  hello  ")
assert(("10") + 5 == 15)
print("OK string_methods")
