-- jit: traces>=12, side>=5, aborts<=3
-- Tables indexed by variable keys in traces: strings, tables and integers
-- outside the array part, read (HREF, then the value's type guarded) and
-- written (TSLOT); absent keys; metatables appearing; stores through
-- constant fields seen by reads through variable keys.

-- reads by variable string keys, present and absent
local words = {}
for i = 1, 40 do words[i] = "w" .. (i % 13) end
local counts = {w1 = 10, w2 = 20, w3 = 30}
local function sum(t)
  local s, missing = 0, 0
  for i = 1, #words do
    local v = t[words[i]]
    if v then s = s + v else missing = missing + 1 end
  end
  return s, missing
end
for _ = 1, 5 do print("strings", sum(counts)) end
-- the same trace meets a table with an __index function for absent keys
setmetatable(counts, {__index = function(_, k) return #k end})
print("with __index", sum(counts))
setmetatable(counts, nil)
counts.w4 = 1.5
print("a float value", sum(counts))

-- counting into a table: keys inserted as the loop goes (the table grows
-- and its parts move), then read back
local function tally(list)
  local t = {}
  for i = 1, #list do
    local k = list[i]
    t[k] = (t[k] or 0) + 1
  end
  return t
end
local names = {}
for i = 1, 300 do names[i] = "n" .. (i * 7 % 61) end
local t = tally(names)
local total, distinct = 0, 0
for i = 0, 60 do
  local c = t["n" .. i]
  if c then total, distinct = total + c, distinct + 1 end
end
print("tally", total, distinct)

-- table keys
local objs = {}
for i = 1, 20 do objs[i] = {id = i} end
local weight = {}
for i = 1, 20, 2 do weight[objs[i]] = i * 10 end
local function weigh()
  local s = 0
  for i = 1, #objs do s = s + (weight[objs[i]] or -1) end
  return s
end
for _ = 1, 4 do print("table keys", weigh()) end
weight[objs[3]] = nil
print("one removed", weigh())
weight[objs[4]] = "x"
print(pcall(weigh))

-- integers in the hash part: 0-based, negative, sparse
local h = {}
for i = 0, 9 do h[i] = i * i end
h[-5] = 500
h[1000000] = 7
local function ints()
  local s = 0
  for i = -6, 12 do s = s + (h[i] or 0) end
  return s + h[1000000]
end
for _ = 1, 4 do print("int keys", ints()) end

-- a store through a constant field, then a read of the same slot through
-- a variable key holding that name, in each iteration
local obj = {x = 0, y = 0}
local function fieldalias(k, n)
  local s = 0
  for i = 1, n do
    obj.x = i
    s = s + obj[k]
  end
  return s
end
for _ = 1, 3 do print("field alias", fieldalias("x", 50), fieldalias("y", 50)) end

-- new keys in a table whose metatable gets a __newindex
local log = {}
local store = {}
local function fill(n)
  for i = 1, n do store["k" .. (i % 9)] = i end
end
for _ = 1, 3 do fill(30) end
local keys = {}
for k in pairs(store) do keys[#keys + 1] = k end
table.sort(keys)
print("filled", #keys, store.k0, store.k8)
store = setmetatable({}, {__newindex = function(t, k, v) log[#log + 1] = k; rawset(t, k, v) end})
fill(12)
print("__newindex", #log, log[1], log[9], store.k3)

-- reads past an array's end (nil, in its array part or not) end a while
-- loop; then the table gets an __index that answers for missing slots
local arr = {}
for i = 1, 30 do arr[i] = i end
local function walk(a)
  local i, s = 1, 0
  while a[i] do
    s, i = s + a[i], i + 1
    if i > 100 then break end
  end
  return s, i
end
for _ = 1, 6 do print("walk", walk(arr)) end
setmetatable(arr, {__index = function(_, k) if k <= 40 then return 1 end end})
print("walk with __index", walk(arr))
