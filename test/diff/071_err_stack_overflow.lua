-- errors: stack overflow from infinite recursion is catchable and recoverable
local function has(msg, what) return type(msg) == "string" and string.find(msg, what, 1, true) ~= nil end
local function rec(n) return 1 + rec(n + 1) end
local ok, msg = pcall(rec, 1)
print(ok, has(msg, "stack overflow"))
local function fine(n) if n == 0 then return 0 end return 1 + fine(n - 1) end
print(fine(1000))
local mt = {}
mt.__index = function(t, k) return t[k .. "x"] end
local obj = setmetatable({}, mt)
ok, msg = pcall(function() return obj.a end)
print(ok, has(msg, "stack overflow"))
print(fine(10000))
local cat = setmetatable({}, {__concat = function(a, b) return a .. b end})
ok, msg = pcall(function() return cat .. "x" end)
print(ok, has(msg, "stack overflow"))
print(fine(100), select('#', pcall(error)))
