-- jit: traces>=7, side>=1, aborts<=12
-- Tables allocated in compiled loops (the nursery's bump allocation inline,
-- its slow path when the nursery fills up): enough of them that minor
-- collections happen while the loop runs, each linked to the last, so the
-- list must survive every move; distinct identities; fields intact.

local head = nil
local n = 200000
for i = 1, n do
  local t = {}
  t.value = i * 3
  t.next = head
  head = t
end
local count, sum, prev = 0, 0, nil
local node = head
while node do
  count = count + 1
  sum = sum + node.value
  if node == prev then error("same table twice") end
  prev = node
  node = node.next
end
print(count, sum)

-- empty tables only kept now and then; their keys added after
local kept = {}
for i = 1, 300000 do
  local t = {}
  if i % 1000 == 0 then
    t[1] = i
    kept[#kept + 1] = t
  end
end
local s = 0
for _, t in ipairs(kept) do s = s + t[1] end
print(#kept, s)

-- as keys of a table: each new table is a new key
local set = {}
for i = 1, 5000 do
  local k = {}
  set[k] = i
end
local m = 0
for _, v in pairs(set) do m = m + v end
print(m)

-- a new table has no metatable until setmetatable runs (C code): writes
-- to it before need no guard, writes after must see __newindex
local mt = {__newindex = function(t, k, v) rawset(t, k, v * 2) end}
local msum = 0
for i = 1, 2000 do
  local t = {}
  t.a = i
  if i % 3 == 0 then setmetatable(t, mt) end
  t.b = i
  msum = msum + t.a + t.b
end
print("metatable after new", msum)
