-- jit: traces>=6, side>=5, aborts<=0
-- Exits inside metamethods a trace inlined (__sub, __lt, __len) start
-- side traces there: the metamethod's frame is rebuilt with where its
-- result goes (the caller's register, or the comparison's jump), and the
-- side trace finishes the caller's instruction when the metamethod
-- returns. Vectors with integer and float components make the type
-- guards inside the metamethods fail from time to time.

local V = {}
V.__index = V
local function vec(x, y) return setmetatable({x = x, y = y}, V) end
V.__sub = function(a, b) return vec(a.x - b.x, a.y - b.y) end
V.__lt = function(a, b) return a.x * a.x + a.y * a.y < b.x * b.x + b.y * b.y end
V.__len = function(a) return a.x + a.y end

local pts = {}
for i = 1, 64 do
  if i % 4 == 0 then pts[i] = vec(i * 0.5, i) else pts[i] = vec(i, -i) end
end
local origin, limit = vec(1, 2), vec(30, 10)
local sx, sy, closer, lens = 0, 0, 0, 0
for r = 1, 60 do
  for i = 1, #pts do
    local d = pts[i] - origin
    sx, sy = sx + d.x, sy + d.y
    if d < limit then closer = closer + 1 end
    lens = lens + #d
  end
end
print(sx, sy, closer, lens)
