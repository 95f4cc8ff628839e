-- jit: traces>=9, side>=3, aborts<=8
-- Comparing tables in traces: the same table (equal), two tables without
-- metatables (never equal, no __eq to run), and a metatable with __eq
-- appearing mid-loop (then __eq decides).
local function walk(list, stop)
  local n, node = 0, list
  while node ~= stop do
    n = n + node.v
    node = node.next
  end
  return n
end
local sentinel = {v = 0}
local list = sentinel
for i = 1, 200 do list = {v = i, next = list} end
local total = 0
for r = 1, 300 do total = total + walk(list, sentinel) end
print("walk", total)

local a, b = {}, {}
local same, diff = 0, 0
for i = 1, 1000 do
  local x = (i % 3 == 0) and a or b
  if x == a then same = same + 1 end
  if x ~= b then diff = diff + 1 end
end
print("pairs", same, diff)

-- __eq appears on both tables after a while: from then on it decides
local p, q = {id = 1}, {id = 1}
local eqs, calls = 0, 0
local mt = {__eq = function(u, v) calls = calls + 1; return u.id == v.id end}
for i = 1, 1000 do
  if i == 600 then setmetatable(p, mt); setmetatable(q, mt) end
  if p == q then eqs = eqs + 1 end
end
print("__eq", eqs, calls)

-- one table gets a metatable without __eq: still never equal
local s, t = {}, {}
local n = 0
for i = 1, 1000 do
  if i == 500 then setmetatable(s, {}) end
  if s == t then n = n + 1 end
end
print("no __eq", n)

-- metatables without __eq, then __eq added to one of them mid-loop
local mu = {}
local u, w = setmetatable({id = 1}, mu), setmetatable({id = 1}, {})
local before, after = 0, 0
for i = 1, 1000 do
  if i == 700 then mu.__eq = function(l, rr) return l.id == rr.id end end
  if u == w then after = after + 1 else before = before + 1 end
end
print("__eq added", before, after)
