-- jit: traces>=4, aborts<=3
-- Arithmetic metamethods written in Lua, inlined into traces as the
-- interpreter calls them: the first operand's or the second's, constants
-- first (2 * v), metamethods that tail-call, exits inside them (the
-- interpreter finishes the instruction when the metamethod returns),
-- errors raised inside them (messages and tracebacks as the interpreter's).
local V = {}
V.__index = V
local function new(x, y) return setmetatable({x = x, y = y}, V) end
V.__add = function(a, b) return new(a.x + b.x, a.y + b.y) end
V.__sub = function(a, b) return new(a.x - b.x, a.y - b.y) end
V.__mul = function(a, s)
  if type(a) == "number" then a, s = s, a end
  return new(a.x * s, a.y * s)
end
V.__div = function(a, s) local r = new(a.x / s, a.y / s) return r end
V.__unm = function(a) return new(-a.x, -a.y) end
local p, v = new(0, 0), new(1, 2)
for i = 1, 1000 do
  p = p + v * 0.5 - new(0.25, 0.5)
  if i % 250 == 0 then p = 2 * p end
end
print(p.x, p.y)
local acc = new(0, 0)
for i = 1, 300 do acc = acc + new(i, -i) / 2 end
print(acc.x, acc.y)
-- a field that changes type inside the metamethod: exits there
local q = new(1, 1)
for i = 1, 300 do q = q + new(i % 7 == 0 and 0.5 or 1, 1) end
print(q.x, q.y)
-- the second operand's metamethod
local C = setmetatable({}, {__add = function(a, b) return (type(a) == "table" and a.n or a) + (type(b) == "table" and b.n or b) end})
C.n = 5
local s = 0
for i = 1, 300 do s = s + (i + C) end
print(s)
-- errors inside: the message and the traceback
print(pcall(function()
  local r = new(1, 1)
  for i = 1, 200 do r = r + (i < 150 and new(1, 1) or {x = 1}) end
  return r.x
end))
print(xpcall(function()
  local r = new(1, 1)
  for i = 1, 200 do r = r - (i < 180 and new(1, 1) or setmetatable({x = 1}, V)) end
  return r.x
end, debug.traceback))
-- __unm
local u = new(1, 2)
local sx = 0
for i = 1, 300 do u = -u; sx = sx + u.x end
print(sx, u.x, u.y)
