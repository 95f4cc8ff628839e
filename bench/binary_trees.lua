-- size: default 15, quick 9
-- binary-trees: allocate and walk many short-lived complete binary trees
-- plus one long-lived tree (the GC benchmark of the benchmarks game).
-- Usage: binary_trees.lua [maxdepth]   (default 16)
local function bottomup(depth)
  if depth == 0 then return {} end
  depth = depth - 1
  return {bottomup(depth), bottomup(depth)}
end

local function check(tree)
  local left, right = tree[1], tree[2]
  if not left then return 1 end
  return 1 + check(left) + check(right)
end

local N = tonumber(arg and arg[1]) or 16
local mindepth = 4
local maxdepth = math.max(mindepth + 2, N)

local stretch = maxdepth + 1
print(string.format("stretch tree of depth %d\t check: %d", stretch, check(bottomup(stretch))))

local longlived = bottomup(maxdepth)
local sum = 0
for depth = mindepth, maxdepth, 2 do
  local iters = 2 ^ (maxdepth - depth + mindepth)
  local c = 0
  for _ = 1, iters do c = c + check(bottomup(depth)) end
  sum = sum + c
  print(string.format("%d\t trees of depth %d\t check: %d", math.floor(iters), depth, c))
end
print(string.format("long lived tree of depth %d\t check: %d", maxdepth, check(longlived)))
print("checksum", sum)
