-- size: default 1500, quick 10
-- Conway's Game of Life on a 96x64 grid that wraps around at the edges
-- (a torus), stored as a table of rows of 0/1 cells; each generation
-- builds a fresh grid from neighbour counts. Seeded from an LCG plus a few
-- gliders. N is the number of generations.
local N = tonumber(arg and arg[1]) or 1500
local W, H = 96, 64

local function new_grid()
  local g = {}
  for y = 1, H do
    local row = {}
    for x = 1, W do row[x] = 0 end
    g[y] = row
  end
  return g
end

local function seed_grid()
  local g = new_grid()
  local s = 2024
  for y = 1, H do
    for x = 1, W do
      s = (s * 16807) % 2147483647
      if s % 100 < 30 then g[y][x] = 1 end
    end
  end
  -- a few gliders in a cleared band
  for y = 1, 6 do for x = 1, W do g[y][x] = 0 end end
  local glider = {{0, 1, 0}, {0, 0, 1}, {1, 1, 1}}
  for k = 0, 5 do
    local ox = k * 15 + 2
    for dy = 1, 3 do
      for dx = 1, 3 do g[1 + dy][ox + dx] = glider[dy][dx] end
    end
  end
  return g
end

local function step(g)
  local nextg = {}
  for y = 1, H do
    local up = g[y == 1 and H or y - 1]
    local row = g[y]
    local down = g[y == H and 1 or y + 1]
    local out = {}
    for x = 1, W do
      local l = x == 1 and W or x - 1
      local r = x == W and 1 or x + 1
      local n = up[l] + up[x] + up[r] + row[l] + row[r] + down[l] + down[x] + down[r]
      if n == 3 or (n == 2 and row[x] == 1) then
        out[x] = 1
      else
        out[x] = 0
      end
    end
    nextg[y] = out
  end
  return nextg
end

local function population(g)
  local p = 0
  for y = 1, H do
    local row = g[y]
    for x = 1, W do p = p + row[x] end
  end
  return p
end

-- hash of the cell pattern (position-dependent)
local function grid_hash(g)
  local h = 0
  for y = 1, H do
    local row = g[y]
    for x = 1, W do
      if row[x] == 1 then h = (h * 31 + y * W + x) % 1000000007 end
    end
  end
  return h
end

local function render_row(g, y)
  local chars = {}
  for x = 1, W do chars[x] = g[y][x] == 1 and "#" or "." end
  return table.concat(chars)
end

local g = seed_grid()
local checksum = 0
local pops = {}
for gen = 1, N do
  g = step(g)
  local p = population(g)
  pops[#pops + 1] = p
  checksum = (checksum * 7 + p) % 1000000007
end

print(string.format("%dx%d torus, %d generations", W, H, N))
print(string.format("population: start %d, end %d", population(seed_grid()), pops[#pops]))
print(render_row(g, math.floor(H / 2)))
print(string.format("checksum %d", (checksum + grid_hash(g)) % 1000000007))
