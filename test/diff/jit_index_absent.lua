-- jit: traces>=12, side>=8, aborts<=0
-- Reads of keys a table does not have, where its metatable's __index is a
-- table: integer keys (an empty stack's self[0]), keys found further
-- along the chain (defaults by position), variable string keys. Each
-- table on the way is guarded to lack the key; values change type.

local Stack = {}
Stack.__index = Stack
function Stack.new() return setmetatable({n = 0}, Stack) end
function Stack:push(v)
  local top = self[self.n]
  if top and top > v then self.bad = (self.bad or 0) + 1 end
  self.n = self.n + 1
  self[self.n] = v
end
function Stack:pop()
  local v = self[self.n]
  self[self.n] = nil
  self.n = self.n - 1
  return v
end

local s, total = Stack.new(), 0
for i = 1, 2000 do
  s:push(i % 7)
  if i % 3 == 0 then total = total + s:pop() + s:pop() end
end
print(s.n, s.bad, total)

-- defaults found in the __index table by position, two levels up
local base = {10, 20, 30, "x", 50.5}
local mid = setmetatable({}, {__index = base})
local objs = {}
for i = 1, 8 do objs[i] = setmetatable({[i % 5 + 1] = -i}, {__index = mid}) end
local acc, strs = 0, 0
for r = 1, 300 do
  local o = objs[r % 8 + 1]
  for k = 1, 5 do
    local v = o[k]
    if type(v) == "number" then acc = acc + v else strs = strs + 1 end
  end
end
print(acc, strs)

-- variable string keys, some absent everywhere
local names = {"alpha", "beta", "gamma", "delta"}
local Defaults = {alpha = 1, beta = 2.5}
local C = setmetatable({}, {__index = Defaults})
local hits, misses = 0, 0
for r = 1, 1200 do
  local key = names[r % 4 + 1]
  local v = C[key]
  if v then hits = hits + v else misses = misses + 1 end
  if r == 900 then Defaults.gamma = 100 end
end
print(hits, misses)
