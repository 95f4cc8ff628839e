-- self-check: deep recursion and recovery after stack overflow
local function has(m, s) return type(m) == "string" and m:find(s, 1, true) ~= nil end
local function depth(n) if n == 0 then return 0 end return 1 + depth(n - 1) end
assert(depth(10000) == 10000)
assert(depth(100000) == 100000)
local function inf(n) return 1 + inf(n) end
local ok, e = pcall(inf, 1)
assert(not ok and has(e, "stack overflow"))
assert(depth(1000) == 1000)
assert(depth(5000) == 5000)
local mt = {}
mt.__index = function(t, k) return t[k] end
local o = setmetatable({}, mt)
ok, e = pcall(function() return o.x end)
assert(not ok and has(e, "stack overflow"))
local co = coroutine.create(function() return inf(1) end)
local cok, cmsg = coroutine.resume(co)
assert(not cok and has(cmsg, "stack overflow") and coroutine.status(co) == "dead")
local co2 = coroutine.wrap(function() return depth(50000) end)
assert(co2() == 50000)
local function xh(m) return "handled" end
local xok, xr = xpcall(inf, xh, 1)
assert(not xok and xr == "handled")
local function tail(n) if n == 0 then return "ok" end return tail(n - 1) end
assert(tail(2000000) == "ok")
assert(depth(10) == 10)
print("OK recursion")
