-- jit: traces>=5, aborts<=1
-- Comparison metamethods written in Lua (__eq, __lt, __le) inlined into
-- traces: the jump follows the result; exits inside them finish the
-- comparison in the interpreter; the same object is equal without __eq;
-- an error raised inside one.
local P = {}
P.__index = P
local function new(x) return setmetatable({x = x}, P) end
P.__eq = function(a, b) return a.x == b.x end
P.__lt = function(a, b) return a.x < b.x end
P.__le = function(a, b) return a.x <= b.x end
local ps = {}
for i = 1, 400 do ps[i] = new(i % 13) end
local eq, lt, le = 0, 0, 0
for i = 2, #ps do
  local a, b = ps[i - 1], ps[i]
  if a == b then eq = eq + 1 end
  if a < b then lt = lt + 1 end
  if a <= b and b <= a then le = le + 1 end
end
print(eq, lt, le)
table.sort(ps, function(a, b) return a < b end)
print(ps[1].x, ps[400].x)
print(pcall(function()
  local n = 0
  for i = 1, 300 do if new(i) < (i < 250 and new(i + 1) or {x = 1}) then n = n + 1 end end
  return n
end))
local same, other = new(3), new(3)
local calls = 0
local Q = setmetatable({}, {__eq = function(a, b) calls = calls + 1 return true end})
local n = 0
for i = 1, 200 do
  local o = i % 2 == 0 and Q or setmetatable({}, getmetatable(Q))
  if o == Q then n = n + 1 end
end
print(n, calls, same == other, same == same)
local mix = 0
for i = 1, 200 do
  local v = new(i % 5)
  if v <= new(2) then mix = mix + 1 end
  if i % 50 == 0 then P.__le = function(a, b) return a.x >= b.x end end
end
print(mix)
