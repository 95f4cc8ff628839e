-- debug.traceback from nested Lua functions, metamethods, pcall and coroutines
local function a() return debug.traceback("A", 1) end
local function b() local r = a(); return r end
local function c() return (b()) end
print(c())
local t = setmetatable({}, {__add = function() return debug.traceback("in __add") end})
print(t + 1)
print(pcall(function() return debug.traceback("in pcall") end))
local co = coroutine.wrap(function() return debug.traceback("in coroutine") end)
print(co())
local function rec(n) if n == 0 then return debug.traceback("deep") end return (rec(n - 1)) end
print(rec(25))
local obj = {}
function obj:method() return debug.traceback("method") end
print(obj:method())
print(debug.traceback("lvl0", 0))
