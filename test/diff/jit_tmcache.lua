-- jit: traces>=2, aborts<=0
-- Metatables made in a trace: a table constructor's "__index" store must
-- clear the new table's cache of absent metamethods, or a lookup through
-- it later finds nothing.
local function add(a, b) return 7 end
local mts = {}
for i = 1, 100 do mts[i] = {__index = {v = i}, __add = add} end
local t = setmetatable({}, mts[100])
print(t.v, t + t)
local u = setmetatable({}, mts[3])
print(u.v, u + 1)
-- a field added in a loop to a metatable already in use
local mt = {}
local obj = setmetatable({}, mt)
print(obj.w) -- caches "no __index" in mt
for i = 1, 100 do mt["k" .. i] = i; if i == 60 then mt.__index = {w = "found"} end end
print(obj.w)
