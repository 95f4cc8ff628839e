-- jit: traces>=6, side>=2, aborts<=1
-- Library functions called from traces on objects: setmetatable with a
-- class that has a metatable itself, getmetatable, raw*, table functions
-- on an object whose class is its __index (a chain of tables: no Lua
-- code runs), and calls made after a side trace returned below its frame.
local Base = {} Base.__index = Base
function Base.new(x) return setmetatable({x = x}, Base) end
local Derived = setmetatable({}, {__index = Base}) Derived.__index = Derived
function Derived.new(x) local o = Base.new(x) return setmetatable(o, Derived) end
local List = {} List.__index = List
function List.new() return setmetatable({n = 0}, List) end
function List:push(v) self.n = self.n + 1; self[self.n] = v end
function List:shift() local v = self[1]; table.remove(self, 1); self.n = self.n - 1; return v end
local s = 0
for i = 1, 300 do
  local d = Derived.new(i)
  s = s + d.x
  if getmetatable(d) == Derived then s = s + 1 end
end
print(s)
local l = List.new()
for i = 1, 200 do l:push(i) if i % 3 == 0 then s = s + l:shift() end end
print(s, l.n, rawlen(l), rawget(l, 1), table.concat(l, ",", 1, 5))
-- a class whose __index is a function: table.remove runs Lua code there,
-- so it is not called from the trace (the results are the same)
local calls = 0
local Lazy = {__index = function(t, k) calls = calls + 1 return 0 end}
local z = setmetatable({}, Lazy)
for i = 1, 100 do z[#z + 1] = i if i % 2 == 0 then table.remove(z, 1) end end
print(#z, z[1], calls)
-- returns below the loop's frame, then calls
local arr = {}
for i = 1, 60 do arr[i] = i end
local function find(t, x) for i = 1, #t do if t[i] == x then return i end end end
local out = {}
for r = 1, 400 do
  local i = find(arr, r % 40 + 1)
  out[#out + 1] = string.format("%d", i or 0) .. tostring(r)
end
print(#out, out[1], out[400], table.concat(out, "", 100, 104))
