-- metatables: __index chains with tables and functions, rawget bypass
local base = {a = "base-a", b = "base-b"}
local mid = setmetatable({b = "mid-b"}, {__index = base})
local top = setmetatable({}, {__index = mid})
print(top.a, top.b, top.c, rawget(top, "a"))
local calls = 0
local f = setmetatable({}, {__index = function(t, k) calls = calls + 1 return tostring(k) .. "!" end})
print(f.x, f[1], f[true], calls)
f.x = "real"
print(f.x, calls)
local chain = setmetatable({}, {__index = setmetatable({}, {__index = function(t, k) return "deep " .. k end})})
print(chain.key)
local arr = setmetatable({1, 2}, {__index = function(t, i) return i * 100 end})
print(arr[1], arr[2], arr[3], #arr)
local counter = setmetatable({}, {__index = function(t, k) local v = #k t[k] = v return v end})
print(counter.hello, rawget(counter, "hello"), counter.hi)
local d = setmetatable({}, {__index = base})
base.z = "late"
print(d.z)
print(rawget(d, "z"), rawequal(d, d), rawlen({1, 2, 3}), rawlen("abcd"))
local num = setmetatable({}, {__index = {[1] = "one", [2.0] = "two"}})
print(num[1], num[1.0], num[2], num[2.0])
print(pcall(function() local x = setmetatable({}, {__index = 5}) return x.y end))
