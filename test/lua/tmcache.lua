-- The "metamethod absent" bits cached in a metatable go when a nil field
-- becomes non-nil through a key that is still in the table (mt.__eq = nil,
-- then mt.__eq = f reuses its node: the interpreter's fast store path).
local mt = {__eq = true}
local a = setmetatable({10}, mt)
local b = setmetatable({10}, mt)
mt.__eq = nil
assert(a ~= b)          -- no metamethod: the absence is cached
mt.__eq = function(x, y) return x[1] == y[1] end
assert(a == b)          -- must use the metamethod now
local mt2 = {__index = 1, __len = 1}
local c = setmetatable({}, mt2)
mt2.__index, mt2.__len = nil, nil
assert(c.x == nil and #c == 0)
local k = "__ind" .. "ex"                -- through SETTABLE
mt2[k] = function() return 5 end
mt2.__len = function() return 7 end
assert(c.x == 5 and #c == 7)
-- through SETTABUP (_ENV as a metatable)
local env = setmetatable({}, {__index = _G})
local env_mt = {__call = 1}
local o = setmetatable({}, env_mt)
env_mt.__call = nil
assert(not pcall(o))
local set = load("__call = function() return 'called' end", "t", "t", env_mt)
set()
assert(o() == "called")
-- in a hot loop (the JIT records these stores too)
for i = 1, 200 do
  mt2.__index = nil
  assert(c.x == nil)
  mt2.__index = function() return i end
  assert(c.x == i)
end
print("OK tmcache")
