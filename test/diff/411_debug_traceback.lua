-- debug.traceback text: messages, levels, non-string messages, coroutines
local function lvl3() return debug.traceback("msg here", 1) end
local function lvl2() return lvl3() end
local function lvl1() return (lvl2()) end
print(lvl1())
print(debug.traceback("at level 2", 2))
print(debug.traceback())
print(debug.traceback(nil))
print(debug.traceback(42))
print(debug.traceback({}) ~= nil, type(debug.traceback({})))
print(debug.traceback("x", 50))
local co = coroutine.create(function(a) local x = a; coroutine.yield(x) end)
coroutine.resume(co, 1)
print(debug.traceback(co))
print(debug.traceback(co, "co msg"))
print(debug.traceback(co, "co msg", 1))
print(xpcall(function() error("err in xpcall") end, debug.traceback))
local t = setmetatable({}, {__index = function(t, k) return debug.traceback("in __index") end})
print(t.x)
print(pcall(debug.traceback, co, "m", "x"))
