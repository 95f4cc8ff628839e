-- size: default 230, quick 24
-- ray_tracer.lua — float arithmetic and many short-lived small tables:
-- a small ray tracer with vectors as tables with arithmetic metamethods,
-- spheres and a checkered plane as objects with an intersect method, two
-- point lights with shadows, Blinn-Phong highlights and reflections. It
-- renders an N x N image and checksums the 8-bit pixel values.
local N = tonumber(arg and arg[1]) or 230

local sqrt, floor = math.sqrt, math.floor

---------------------------------------------------------------- vectors

local Vec = {}
Vec.__index = Vec

local function vec(x, y, z) return setmetatable({x = x, y = y, z = z}, Vec) end

function Vec.__add(a, b) return vec(a.x + b.x, a.y + b.y, a.z + b.z) end
function Vec.__sub(a, b) return vec(a.x - b.x, a.y - b.y, a.z - b.z) end
function Vec.__mul(a, b)
  if type(a) == "number" then return vec(a * b.x, a * b.y, a * b.z) end
  if type(b) == "number" then return vec(a.x * b, a.y * b, a.z * b) end
  return vec(a.x * b.x, a.y * b.y, a.z * b.z) -- component-wise (colours)
end
function Vec.__unm(a) return vec(-a.x, -a.y, -a.z) end
function Vec:dot(b) return self.x * b.x + self.y * b.y + self.z * b.z end
function Vec:cross(b)
  return vec(self.y * b.z - self.z * b.y, self.z * b.x - self.x * b.z, self.x * b.y - self.y * b.x)
end
function Vec:length() return sqrt(self:dot(self)) end
function Vec:normalized() return self * (1 / self:length()) end

local BLACK = vec(0, 0, 0)
local EPSILON = 1e-6

---------------------------------------------------------------- materials and objects

local function material(colour, diffuse, specular, shininess, reflect)
  return {colour = colour, diffuse = diffuse, specular = specular,
          shininess = shininess, reflect = reflect}
end

-- x^n for a whole n >= 1, by repeated squaring
local function powi(x, n)
  local result = 1.0
  while n > 0 do
    if n % 2 == 1 then result = result * x end
    x = x * x
    n = floor(n / 2)
  end
  return result
end

local Sphere = {}
Sphere.__index = Sphere

function Sphere.new(centre, radius, mat)
  return setmetatable({centre = centre, radius = radius, material = mat}, Sphere)
end

-- distance along the ray to the nearest hit in front of its origin, or nil
function Sphere:intersect(origin, dir)
  local oc = origin - self.centre
  local b = oc:dot(dir)
  local c = oc:dot(oc) - self.radius * self.radius
  local disc = b * b - c
  if disc < 0 then return nil end
  local root = sqrt(disc)
  local t = -b - root
  if t > EPSILON then return t end
  t = -b + root
  if t > EPSILON then return t end
  return nil
end

function Sphere:normal_at(p) return (p - self.centre):normalized() end
function Sphere:colour_at(p) return self.material.colour end

local Plane = {}
Plane.__index = Plane

-- the plane of points p with p . normal == offset, checkered in x and z
function Plane.new(normal, offset, mat, other_colour)
  return setmetatable({normal = normal:normalized(), offset = offset, material = mat,
                       other_colour = other_colour}, Plane)
end

function Plane:intersect(origin, dir)
  local denom = dir:dot(self.normal)
  if denom > -EPSILON and denom < EPSILON then return nil end
  local t = (self.offset - origin:dot(self.normal)) / denom
  if t > EPSILON then return t end
  return nil
end

function Plane:normal_at(p) return self.normal end
function Plane:colour_at(p)
  if (floor(p.x) + floor(p.z)) % 2 == 0 then return self.material.colour end
  return self.other_colour
end

---------------------------------------------------------------- the scene

local scene = {
  objects = {
    Plane.new(vec(0, 1, 0), -1, material(vec(0.9, 0.9, 0.9), 0.8, 0.2, 8, 0.2), vec(0.2, 0.2, 0.25)),
    Sphere.new(vec(0, 0, 4), 1, material(vec(0.9, 0.2, 0.2), 0.7, 0.5, 32, 0.3)),
    Sphere.new(vec(-2, -0.3, 5), 0.7, material(vec(0.2, 0.8, 0.3), 0.8, 0.3, 16, 0.1)),
    Sphere.new(vec(1.8, -0.4, 3.2), 0.6, material(vec(0.3, 0.4, 0.9), 0.5, 0.8, 64, 0.5)),
    Sphere.new(vec(0.6, 1.6, 6), 1.2, material(vec(0.9, 0.8, 0.3), 0.6, 0.4, 16, 0.4)),
  },
  lights = {
    {position = vec(-4, 6, -2), colour = vec(0.8, 0.8, 0.8)},
    {position = vec(5, 4, 1), colour = vec(0.4, 0.35, 0.3)},
  },
  ambient = vec(0.1, 0.1, 0.12),
  sky = vec(0.5, 0.7, 1.0),
}

local MAX_DEPTH = 4

local function nearest_hit(origin, dir)
  local best_t, best
  for _, obj in ipairs(scene.objects) do
    local t = obj:intersect(origin, dir)
    if t and (not best_t or t < best_t) then best_t, best = t, obj end
  end
  return best, best_t
end

local function in_shadow(point, to_light, dist)
  for _, obj in ipairs(scene.objects) do
    local t = obj:intersect(point, to_light)
    if t and t < dist then return true end
  end
  return false
end

local function trace(origin, dir, depth)
  local obj, t = nearest_hit(origin, dir)
  if not obj then
    -- a sky that darkens towards the zenith
    return scene.sky * (1 - 0.4 * (dir.y > 0 and dir.y or 0))
  end
  local point = origin + dir * t
  local normal = obj:normal_at(point)
  if normal:dot(dir) > 0 then normal = -normal end
  local mat = obj.material
  local base = obj:colour_at(point)
  local colour = scene.ambient * base
  for _, light in ipairs(scene.lights) do
    local to_light = light.position - point
    local dist = to_light:length()
    to_light = to_light * (1 / dist)
    local lambert = normal:dot(to_light)
    if lambert > 0 and not in_shadow(point, to_light, dist) then
      colour = colour + light.colour * base * (mat.diffuse * lambert)
      local half = (to_light - dir):normalized()
      local spec = normal:dot(half)
      if spec > 0 then
        colour = colour + light.colour * (mat.specular * powi(spec, mat.shininess))
      end
    end
  end
  if mat.reflect > 0 and depth < MAX_DEPTH then
    local reflected = dir - normal * (2 * dir:dot(normal))
    colour = colour + trace(point, reflected, depth + 1) * mat.reflect
  end
  return colour
end

---------------------------------------------------------------- the camera and the image

local function to_byte(c)
  if c <= 0 then return 0 end
  if c >= 1 then return 255 end
  return floor(c * 255 + 0.5)
end

local eye = vec(0, 1.2, -2.5)
local forward = (vec(0, 0, 4) - eye):normalized()
local right = vec(0, 1, 0):cross(forward):normalized()
local up = forward:cross(right)
local half_width = 0.6 -- tan of half the field of view

local checksum, total = 0, 0
local histogram = {0, 0, 0, 0}
for y = 0, N - 1 do
  local sy = (1 - 2 * (y + 0.5) / N) * half_width
  for x = 0, N - 1 do
    local sx = (2 * (x + 0.5) / N - 1) * half_width
    local dir = (forward + right * sx + up * sy):normalized()
    local c = trace(eye, dir, 1)
    local r, g, b = to_byte(c.x), to_byte(c.y), to_byte(c.z)
    checksum = (checksum * 31 + r * 65536 + g * 256 + b) % 2147483647
    total = total + r + g + b
    local lum = floor((r + g + b) / 192) + 1
    histogram[lum] = histogram[lum] + 1
  end
end
print(string.format("%d x %d pixels, mean value %.4f", N, N, total / (3 * N * N)))
print(string.format("brightness histogram %d %d %d %d", histogram[1], histogram[2], histogram[3], histogram[4]))
print(string.format("checksum %d", checksum))
