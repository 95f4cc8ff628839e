-- jit: traces>=15, side>=7, aborts<=24
-- Fields a table lacks, in traces: nil when it has no metatable, else
-- through the __index tables of its metatables (classes and their
-- bases), each step guarded: a field appearing in the instance mid-loop,
-- a method replaced in the class, the metatable swapped, an __index
-- function (not followed), deep chains.
local Base = {}
Base.__index = Base
function Base.new(x) return setmetatable({x = x}, Base) end
function Base:get() return self.x end
function Base:twice() return 2 * self:get() end

local Derived = setmetatable({}, {__index = Base})
Derived.__index = Derived
function Derived.new(x) return setmetatable({x = x}, Derived) end
function Derived:get() return self.x + 1 end

local objs = {}
for i = 1, 40 do objs[i] = (i % 2 == 0) and Base.new(i) or Derived.new(i) end
local sum = 0
for r = 1, 100 do
  for i = 1, #objs do sum = sum + objs[i]:twice() + objs[i]:get() end
end
print("classes", sum)

-- absent fields without a metatable: nil
local plain = {a = 1}
local nils = 0
for i = 1, 1000 do if plain.b == nil then nils = nils + 1 end end
print("absent", nils)

-- the instance gets its own `get` mid-loop, then the class's is replaced
local o = Base.new(5)
local acc = 0
for i = 1, 3000 do
  if i == 1000 then o.get = function() return 100 end end
  if i == 2000 then o.get = nil; Base.get = function(self) return -self.x end end
  acc = acc + o:get()
end
Base.get = function(self) return self.x end
print("shadowed", acc)

-- the metatable swapped for another class mid-loop
local p = Base.new(3)
local acc2 = 0
for i = 1, 2000 do
  if i == 1000 then setmetatable(p, Derived) end
  acc2 = acc2 + p:get()
end
print("swapped", acc2)

-- an __index function is called, not followed
local f = setmetatable({}, {__index = function(_, k) return #k end})
local acc3 = 0
for i = 1, 1000 do acc3 = acc3 + f.hello end
print("function __index", acc3)

-- a chain longer than the recorder follows
local c0 = {deep = 7}
c0.__index = c0
local c = c0
for _ = 1, 6 do local n = setmetatable({}, c); n.__index = n; c = n end
local inst = setmetatable({}, c)
local acc4 = 0
for i = 1, 1000 do acc4 = acc4 + inst.deep end
print("deep", acc4)

-- new fields in instances of a class (a metatable without __newindex),
-- then __newindex added to the class mid-loop: it decides from then on
local K = {}
K.__index = K
local made, seen = {}, 0
for i = 1, 2000 do
  if i == 1500 then K.__newindex = function(t, k, v) seen = seen + 1; rawset(t, k, v * 10) end end
  local o2 = setmetatable({}, K)
  o2.val = i
  made[#made + 1] = o2.val
end
local msum = 0
for _, v in ipairs(made) do msum = msum + v end
print("new fields", msum, seen)

local L = {}
L.__index = L
local insts = {}
for i = 1, 3000 do insts[i] = setmetatable({}, L) end
local calls = 0
for i = 1, 3000 do
  if i == 2000 then L.__newindex = function(t, k, v) calls = calls + 1; rawset(t, k, -v) end end
  insts[i].val = i
end
local lsum = 0
for i = 1, 3000 do lsum = lsum + insts[i].val end
print("new fields, made before", lsum, calls)

-- a metatable without __index: absent fields are nil until one appears
local bare_mt = {}
local bare = setmetatable({}, bare_mt)
local nilcount, got = 0, 0
for i = 1, 2000 do
  if i == 1200 then bare_mt.__index = {missing = 3} end
  local v = bare.missing
  if v == nil then nilcount = nilcount + 1 else got = got + v end
end
print("no __index", nilcount, got)
