-- size: default 100, quick 1
-- Object-oriented Lua: classes built from metatables with __index
-- inheritance three levels deep (Shape -> Polygon -> Rectangle -> Square),
-- method calls resolved through the chain, explicit super calls, and a 2-D
-- vector class with __add/__sub/__mul/__unm/__eq/__lt/__le/__tostring
-- metamethods. Repeated N times.
local N = tonumber(arg and arg[1]) or 100

local function class(parent)
  local c = {}
  c.__index = c
  if parent then setmetatable(c, {__index = parent}) end
  c.super = parent
  c.new = function(...)
    local obj = setmetatable({}, c)
    obj:init(...)
    return obj
  end
  return c
end

---------------------------------------------------------------- vectors
local Vec = class()

function Vec:init(x, y) self.x, self.y = x, y end
function Vec.__add(a, b) return Vec.new(a.x + b.x, a.y + b.y) end
function Vec.__sub(a, b) return Vec.new(a.x - b.x, a.y - b.y) end
function Vec.__mul(a, b)
  if type(a) == "number" then return Vec.new(a * b.x, a * b.y) end
  if type(b) == "number" then return Vec.new(a.x * b, a.y * b) end
  return a.x * b.x + a.y * b.y -- dot product
end
function Vec.__unm(a) return Vec.new(-a.x, -a.y) end
function Vec.__eq(a, b) return a.x == b.x and a.y == b.y end
function Vec:len2() return self.x * self.x + self.y * self.y end
function Vec.__lt(a, b)
  local la, lb = a:len2(), b:len2()
  if la ~= lb then return la < lb end
  if a.x ~= b.x then return a.x < b.x end
  return a.y < b.y
end
function Vec.__le(a, b) return not (b < a) end
function Vec.__tostring(v) return string.format("(%d, %d)", v.x, v.y) end

---------------------------------------------------------------- shapes
local Shape = class()
local next_id = 0

function Shape:init(name, origin)
  next_id = next_id + 1
  self.id = next_id
  self.name = name
  self.origin = origin
end
function Shape:area() return 0 end
function Shape:perimeter() return 0 end
function Shape:move(d) self.origin = self.origin + d; return self end
function Shape:describe()
  return string.format("%s#%d at %s area %d", self.name, self.id, tostring(self.origin), self:area())
end
function Shape:weight() return self:area() + self:perimeter() end

local Polygon = class(Shape)

function Polygon:init(name, origin, points)
  Shape.init(self, name, origin)
  self.points = points
end
function Polygon:perimeter()
  local p, pts = 0, self.points
  for i = 1, #pts do
    local a, b = pts[i], pts[i % #pts + 1]
    local d = b - a
    p = p + math.abs(d.x) + math.abs(d.y) -- Manhattan length keeps it integral
  end
  return p
end
function Polygon:area()
  -- shoelace formula, doubled so it stays an integer
  local s, pts = 0, self.points
  for i = 1, #pts do
    local a, b = pts[i], pts[i % #pts + 1]
    s = s + a.x * b.y - b.x * a.y
  end
  return math.abs(s)
end
function Polygon:weight() return Shape.weight(self) + #self.points end

local Rectangle = class(Polygon)

function Rectangle:init(origin, w, h)
  Polygon.init(self, "rect", origin, {Vec.new(0, 0), Vec.new(w, 0), Vec.new(w, h), Vec.new(0, h)})
  self.w, self.h = w, h
end
function Rectangle:area() return 2 * self.w * self.h end -- doubled, like Polygon:area
function Rectangle:weight() return Rectangle.super.weight(self) * 2 end

local Square = class(Rectangle)

function Square:init(origin, side)
  Rectangle.init(self, origin, side, side)
  self.name = "square"
end
function Square:weight() return Square.super.weight(self) + 1 end
function Square:diagonal() return Vec.new(self.w, self.h) end

---------------------------------------------------------------- workload
local function build(count, seed)
  local shapes = {}
  for i = 1, count do
    seed = (seed * 16807) % 2147483647
    local x, y = seed % 100 - 50, math.floor(seed / 100) % 100 - 50
    local k = i % 4
    local s
    if k == 0 then
      s = Shape.new("point", Vec.new(x, y))
    elseif k == 1 then
      s = Polygon.new("tri", Vec.new(x, y), {Vec.new(0, 0), Vec.new(x % 7 + 1, 0), Vec.new(0, y % 5 + 1)})
    elseif k == 2 then
      s = Rectangle.new(Vec.new(x, y), x % 9 + 1, y % 4 + 1)
    else
      s = Square.new(Vec.new(x, y), seed % 6 + 1)
    end
    shapes[i] = s
  end
  return shapes, seed
end

local checksum, seed = 0, 42
local equal_pairs, ordered, described = 0, 0, 0
local sample
for rep = 1, N do
  local shapes
  shapes, seed = build(1000, seed)
  local step = Vec.new(1, -1)
  local total = Vec.new(0, 0)
  for i = 1, #shapes do
    local s = shapes[i]
    s:move(step * (i % 3))
    total = total + s.origin - (-step)
    checksum = (checksum + s:weight() * (i % 11 + 1)) % 1000000007
  end
  for i = 2, #shapes do
    local a, b = shapes[i - 1].origin, shapes[i].origin
    if a == b then equal_pairs = equal_pairs + 1 end
    if a < b then ordered = ordered + 1 end
    if a <= b and b <= a then equal_pairs = equal_pairs + 1 end
  end
  for i = 3, #shapes, 50 do
    described = described + #shapes[i]:describe()
  end
  local sq = shapes[3]
  sample = sq:describe() .. " diagonal " .. tostring(sq:diagonal()) .. " dot " .. (sq:diagonal() * step)
  checksum = (checksum * 31 + total.x * 7 + total.y + 1000000) % 1000000007
end

print(sample)
print(string.format("equal neighbours %d, ordered neighbours %d, description bytes %d", equal_pairs, ordered, described))
print(string.format("objects created %d", next_id))
print(string.format("checksum %d", (checksum + equal_pairs + ordered + described) % 1000000007))
