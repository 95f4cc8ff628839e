-- jit: traces>=19, side>=6, aborts<=13
-- Stores and loads the JIT records around nil: LOADNIL, t[k] = nil for
-- keys present and absent (never an insertion: the order next gives
-- must stay lua5.4's), absent fields of objects whose metatable has no
-- __newindex or __index, and such a metamethod appearing while the loop
-- runs (its guard fails; the interpreter calls it).

-- LOADNIL in a loop body: `local a, b, c` is nil each iteration
local seen = 0
for i = 1, 300 do
  local a, b, c
  if i % 3 == 0 then a = i end
  if i % 5 == 0 then c = i end
  if a == nil and b == nil and c == nil then seen = seen + 1 end
end
print("loadnil", seen)

-- t[k] = nil for absent keys: nothing inserted, so the table's layout
-- and the order of next stay the interpreter's
-- (integer keys: lua5.4's string hashes are not tide's, so the order of
-- string keys differs from the start)
local t = {}
for i = 1, 20 do t[i * 1000] = i end
for i = 1, 400 do t["absent" .. (i % 37)] = nil end
for i = 1, 400 do t[1000 + i] = nil end
for i = 1, 400 do t[-i] = nil end
local order = {}
for k, v in pairs(t) do order[#order + 1] = k .. "=" .. v end
print("absent", #order, table.concat(order, " "))

-- a full hash part: an insertion for a nil store would rehash it into
-- twice the nodes, where next visits the keys in another order
local full = {}
for i = 1, 8 do full[i * 3 + 100] = i end
for r = 1, 300 do full[r * 3 + 200] = nil end
order = {}
for k in pairs(full) do order[#order + 1] = k end
print("full", table.concat(order, ","))

-- t[k] = nil for present keys: deleted, then put back in another order
local h = {}
for i = 1, 64 do h[i * 7] = i end
for i = 1, 64 do if i % 2 == 0 then h[i * 7] = nil end end
local n, sum = 0, 0
for k, v in pairs(h) do n = n + 1; sum = sum + k * v end
print("deleted", n, sum)
for i = 64, 1, -1 do h[i * 7] = i end
order = {}
for k in pairs(h) do order[#order + 1] = k end
print("refilled", #order, table.concat(order, ","))

-- string keys: a field set to nil when present, and when absent
local rec = {name = "x", left = 1}
local cnt = 0
for i = 1, 300 do
  rec.left = nil
  rec.right = nil
  if i % 50 == 0 then rec.left = i end
  if rec.left then cnt = cnt + rec.left end
end
order = {}
for k, v in pairs(rec) do order[#order + 1] = k .. "=" .. tostring(v) end
table.sort(order)
print("fields", cnt, table.concat(order, " "))

-- objects with a metatable without __newindex: appends into the array
-- part, new fields, nil fields, and reads of absent fields (no __index)
local Stack = {}
Stack.__index = Stack
local function newstack() return setmetatable({n = 0}, Stack) end
local plain = setmetatable({}, {})
local s = newstack()
local missing = 0
for i = 1, 500 do
  s.n = s.n + 1
  s[s.n] = i * 2
  plain[i] = i
  plain["f" .. (i % 5)] = i
  plain.gone = nil
  if plain.never == nil then missing = missing + 1 end
end
print("stack", s.n, s[1], s[250], s[500], #plain, plain.f0, plain.f4, missing)

-- a __newindex that appears while the loop runs: stores from then on go
-- through it
local calls = 0
local mt = {}
local obj = setmetatable({}, mt)
for i = 1, 400 do
  if i == 200 then mt.__newindex = function(tt, k, v) calls = calls + 1; rawset(tt, k, v * 10) end end
  obj[i] = i
end
print("newindex", calls, obj[199], obj[200], obj[400])

-- and for nil stores to absent keys: the metamethod sees them
calls = 0
local mt2 = {}
local obj2 = setmetatable({}, mt2)
local got = {}
for i = 1, 300 do
  if i == 150 then mt2.__newindex = function(_, k, v) calls = calls + 1; got[#got + 1] = tostring(k) .. ":" .. tostring(v) end end
  obj2["key" .. (i % 3)] = nil
end
print("nil newindex", calls, got[1], got[#got])

-- an __index that appears while the loop reads an absent field
local mt3 = {}
local obj3 = setmetatable({}, mt3)
local nils, vals = 0, 0
for i = 1, 300 do
  if i == 120 then mt3.__index = function(_, k) return #k end end
  local v = obj3.width
  if v == nil then nils = nils + 1 else vals = vals + v end
end
print("index", nils, vals)

-- an absent key that a later iteration inserts, then deletes again
local cache = {}
local hits = 0
for i = 1, 600 do
  local k = i % 10
  if cache[k] then hits = hits + 1 end
  if i % 7 == 0 then cache[k] = i else cache[k] = nil end
end
order = {}
for k, v in pairs(cache) do order[#order + 1] = k .. "=" .. v end
table.sort(order)
print("cache", hits, table.concat(order, " "))
