-- Deep recursion of every kind ends in a clean error ("stack overflow",
-- "C stack overflow", "chain too long", "error in error handling"), and
-- the VM stays usable after each.
local function fails(what, f, ...)
  local ok, msg = pcall(f, ...)
  assert(not ok, what .. ": did not fail")
  msg = tostring(msg)
  assert(msg:find("stack overflow") or msg:find("too long") or msg:find("too complex")
         or msg:find("error in error handling") or msg:find("too many") or msg:find("overflow"),
         what .. ": " .. msg)
  assert(select("#", string.rep("x", 10)) == 1)    -- still usable
end

-- Lua calls, plain and with growing frames
local function f(n) return 1 + f(n + 1) end
fails("lua recursion", f, 1)
local function h(a, b, c, d, e, f_, g_, h_, i, j) local x, y, z = {}, {}, {}; local r = h(x, y, z); return r end
fails("big frames", h)
-- through metamethods
local mt = {}
mt.__index = function(t, k) return t[k] end
fails("__index", function() return setmetatable({}, mt).x end)
mt.__newindex = function(t, k, v) t[k] = v end
fails("__newindex", function() setmetatable({}, mt).x = 1 end)
mt.__add = function(a, b) return a + b end
fails("__add", function() return setmetatable({}, mt) + 1 end)
mt.__concat = function(a, b) return a .. b end
fails("__concat", function() return setmetatable({}, mt) .. "x" end)
mt.__eq = function(a, b) return a == b end
fails("__eq", function() return setmetatable({}, mt) == setmetatable({}, mt) end)
mt.__lt = function(a, b) return a < b end
fails("__lt", function() return setmetatable({}, mt) < setmetatable({}, mt) end)
mt.__le = function(a, b) return a <= b end
fails("__le", function() return setmetatable({}, mt) <= setmetatable({}, mt) end)
mt.__len = function(a) return #a end
fails("__len", function() return #setmetatable({}, mt) end)
mt.__unm = function(a) return -a end
fails("__unm", function() return -setmetatable({}, mt) end)
mt.__tostring = function(a) return tostring(a) end
fails("__tostring", function() return tostring(setmetatable({}, mt)) end)
mt.__call = function(self) local r = self(); return r end
fails("__call function", function() return setmetatable({}, mt)() end)
mt.__close = function(o) local x <close> = o end
fails("__close", function() local x <close> = setmetatable({}, mt) end)
-- tables as metamethods: chains and loops
local t1, t2 = {}, {}
setmetatable(t1, {__index = t2}); setmetatable(t2, {__index = t1})
fails("__index loop", function() return t1.x end)
setmetatable(t1, {__newindex = t2}); setmetatable(t2, {__newindex = t1})
fails("__newindex loop", function() t1.x = 1 end)
local c = setmetatable({}, {}); getmetatable(c).__call = c
fails("__call loop", c)
local c1, c2 = setmetatable({}, {}), setmetatable({}, {})
getmetatable(c1).__call = c2; getmetatable(c2).__call = c1
fails("__call cycle", function() return c1(1, 2, 3) end)
-- through the C library
local function p() return pcall(p) end
assert(pcall(p))                   -- each level catches the overflow below it
local function xp() return xpcall(xp, debug.traceback) end
assert(pcall(xp))
local function sorter() table.sort({3, 2, 1}, function(a, b) sorter() return a < b end) end
fails("table.sort comparator", sorter)
local function gs() return (string.gsub("x", "x", gs)) end
fails("gsub callback", gs)
local function co() return coroutine.wrap(co)() end
fails("nested coroutines", co)
local function res() local c = coroutine.create(res); return select(2, assert(coroutine.resume(c))) end
fails("nested resumes", res)
local function ld() return load(ld)() end
assert(not pcall(ld))   -- (the innermost load fails: "attempt to call a nil value")
local function tostr() return tostring(setmetatable({}, {__tostring = tostr})) end
fails("tostring", tostr)
local function nxt() return next({}, setmetatable({}, {__index = nxt})) end
assert(not pcall(nxt))
-- error handlers that fail
assert(select(2, xpcall(error, error)) ~= nil)
local function bad() error({}) end
local ok, msg = xpcall(bad, function(m) return m.x.y end)
assert(not ok)
local function handler() return 1 + handler() end
ok, msg = xpcall(error, handler, "x")
assert(not ok)
-- errors whose messages are big or recursive
local big = setmetatable({}, {__tostring = function() return string.rep("x", 1e6) end})
ok, msg = pcall(error, big)
assert(not ok and msg == big)
-- the parser: deep nesting of every construct
local function parsefails(what, src)
  local f, err = load(src)
  assert(f == nil, what .. ": loaded")
  assert(err:find("overflow") or err:find("too many") or err:find("limit") or err:find("complex"), what .. ": " .. err)
end
parsefails("parentheses", string.rep("(", 1e5) .. "1" .. string.rep(")", 1e5))
parsefails("tables", "return " .. string.rep("{", 1e5) .. string.rep("}", 1e5))
parsefails("functions", string.rep("function f() ", 1e4) .. string.rep("end ", 1e4))
parsefails("blocks", string.rep("do ", 1e5) .. string.rep("end ", 1e5))
parsefails("ifs", string.rep("if x then ", 1e5) .. string.rep("end ", 1e5))
parsefails("unary", "return " .. string.rep("- ", 1e5) .. "1")
parsefails("not", "return " .. string.rep("not ", 1e5) .. "1")
parsefails("locals", "local " .. string.rep("a, ", 300) .. "a")
parsefails("power chain", "return " .. string.rep("2 ^ ", 1e5) .. "2")
parsefails("concatenation (right associative)", "return " .. string.rep("a .. ", 1e4) .. "a")
assert(load("return " .. string.rep("1 + ", 1e5) .. "1"))
assert(load("local t = {" .. string.rep("1, ", 1e5) .. "}"))
assert(load("x = " .. string.rep("a.", 1e5) .. "b"))
print("OK recursion")
