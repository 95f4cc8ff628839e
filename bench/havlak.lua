-- size: default 34, quick 1
-- havlak.lua — many small tables, tables keyed by objects, union-find,
-- list and set manipulation: Havlak's loop recognition algorithm run on
-- generated control-flow graphs (after R. Hundt's "Loop Recognition in
-- C++/Java/Go/Scala"). A small graph is analysed 50 N times, then a big
-- one (10 trees of N outer loops, each around 10 loops that each hold two
-- diamond-shaped loops) three times; the loop counts are checked and the
-- loop-nesting forest summarised.
local N = tonumber(arg and arg[1]) or 34

local function class()
  local c = {}
  c.__index = c
  return c
end

---------------------------------------------------------------- the control-flow graph

local BasicBlock = class()

function BasicBlock.new(name)
  return setmetatable({name = name, in_edges = {}, out_edges = {}}, BasicBlock)
end

local CFG = class()

function CFG.new()
  return setmetatable({blocks = {}, count = 0, start = nil, edges = {}}, CFG)
end

function CFG:create_node(name)
  local node = self.blocks[name]
  if not node then
    node = BasicBlock.new(name)
    self.blocks[name] = node
    self.count = self.count + 1
    if self.count == 1 then self.start = node end
  end
  return node
end

function CFG:add_edge(from_name, to_name)
  local from, to = self:create_node(from_name), self:create_node(to_name)
  from.out_edges[#from.out_edges + 1] = to
  to.in_edges[#to.in_edges + 1] = from
  self.edges[#self.edges + 1] = {from = from, to = to}
end

---------------------------------------------------------------- loops

local SimpleLoop = class()

function SimpleLoop.new(counter)
  return setmetatable({
    counter = counter, blocks = {}, children = {}, parent = nil, header = nil,
    is_root = false, is_reducible = true, depth_level = 0, nesting_level = 0,
  }, SimpleLoop)
end

function SimpleLoop:add_node(bb) self.blocks[#self.blocks + 1] = bb end

function SimpleLoop:set_header(bb)
  self.header = bb
  self:add_node(bb)
end

function SimpleLoop:set_parent(parent)
  self.parent = parent
  parent.children[#parent.children + 1] = self
end

-- the loop structure graph: all loops found, under an artificial root
local LSG = class()

function LSG.new()
  local lsg = setmetatable({loops = {}, counter = 0}, LSG)
  lsg.root = lsg:create_loop()
  lsg.root.is_root = true
  lsg:add_loop(lsg.root)
  return lsg
end

function LSG:create_loop()
  local loop = SimpleLoop.new(self.counter)
  self.counter = self.counter + 1
  return loop
end

function LSG:add_loop(loop) self.loops[#self.loops + 1] = loop end

function LSG:calculate_nesting_level()
  for _, loop in ipairs(self.loops) do
    if not loop.is_root and not loop.parent then loop:set_parent(self.root) end
  end
  local function walk(loop, depth)
    loop.depth_level = depth
    for _, child in ipairs(loop.children) do
      walk(child, depth + 1)
      if child.nesting_level + 1 > loop.nesting_level then
        loop.nesting_level = child.nesting_level + 1
      end
    end
  end
  walk(self.root, 0)
end

---------------------------------------------------------------- union-find

local UnionFindNode = class()

function UnionFindNode.new() return setmetatable({}, UnionFindNode) end

function UnionFindNode:init(bb, dfs_number)
  self.parent = self
  self.bb = bb
  self.dfs_number = dfs_number
  self.loop = nil
end

-- the set's representative, compressing the path to it
function UnionFindNode:find_set()
  local path = {}
  local node = self
  while node ~= node.parent do
    if node.parent ~= node.parent.parent then path[#path + 1] = node end
    node = node.parent
  end
  for i = 1, #path do path[i].parent = node.parent end
  return node
end

function UnionFindNode:union(other) self.parent = other end

---------------------------------------------------------------- Havlak's algorithm

local UNVISITED = 0
local NONHEADER, REDUCIBLE, SELF, IRREDUCIBLE, DEAD = 1, 2, 3, 4, 5
local MAX_NON_BACK_PREDS = 32 * 1024

-- number the nodes in depth-first preorder; last[k] is the highest
-- number in the subtree of the node numbered k
local function dfs(start, nodes, number, last)
  local stack, next_edge = {start}, {1}
  local sp, current = 1, 1
  nodes[1]:init(start, 1)
  number[start] = 1
  while sp > 0 do
    local node, i = stack[sp], next_edge[sp]
    local out = node.out_edges
    if i <= #out then
      next_edge[sp] = i + 1
      local target = out[i]
      if number[target] == UNVISITED then
        current = current + 1
        nodes[current]:init(target, current)
        number[target] = current
        sp = sp + 1
        stack[sp], next_edge[sp] = target, 1
      end
    else
      last[number[node]] = current
      sp = sp - 1
    end
  end
end

local function is_ancestor(w, v, last) return w <= v and v <= last[w] end

-- a list with set membership
local function add_unique(list, set, x)
  if not set[x] then
    set[x] = true
    list[#list + 1] = x
  end
end

local function find_loops(cfg, lsg)
  if not cfg.start then return 0 end
  local size = cfg.count
  local nodes, number, last, header, kind = {}, {}, {}, {}, {}
  local back_preds, non_back_preds, non_back_sets = {}, {}, {}
  for i = 1, size do
    nodes[i] = UnionFindNode.new()
    back_preds[i], non_back_preds[i], non_back_sets[i] = {}, {}, {}
  end
  for _, bb in pairs(cfg.blocks) do number[bb] = UNVISITED end

  -- a: depth-first numbering
  dfs(cfg.start, nodes, number, last)

  -- b: split each node's predecessors into back edges and the rest
  for w = 1, size do
    header[w] = 1
    kind[w] = NONHEADER
    local bb = nodes[w].bb
    if not bb then
      kind[w] = DEAD
    else
      for _, pred in ipairs(bb.in_edges) do
        local v = number[pred]
        if v ~= UNVISITED then
          if is_ancestor(w, v, last) then
            back_preds[w][#back_preds[w] + 1] = v
          else
            add_unique(non_back_preds[w], non_back_sets[w], v)
          end
        end
      end
    end
  end

  -- c: visit the nodes bottom-up; each with back edges heads a loop
  for w = size, 1, -1 do
    local bb = nodes[w].bb
    if bb then
      -- d: the loop body starts with the sources of the back edges
      local pool, in_pool = {}, {}
      for _, v in ipairs(back_preds[w]) do
        if v ~= w then
          add_unique(pool, in_pool, nodes[v]:find_set())
        else
          kind[w] = SELF
        end
      end
      local work = {}
      for i = 1, #pool do work[i] = pool[i] end
      if #pool > 0 then kind[w] = REDUCIBLE end

      -- e: walk backwards from them to the header
      local head = 1
      while head <= #work do
        local x = work[head]
        head = head + 1
        local preds = non_back_preds[x.dfs_number]
        if #preds > MAX_NON_BACK_PREDS then return 0 end
        for _, y in ipairs(preds) do
          local ydash = nodes[y]:find_set()
          if not is_ancestor(w, ydash.dfs_number, last) then
            kind[w] = IRREDUCIBLE
            add_unique(non_back_preds[w], non_back_sets[w], ydash.dfs_number)
          elseif ydash.dfs_number ~= w and not in_pool[ydash] then
            in_pool[ydash] = true
            pool[#pool + 1] = ydash
            work[#work + 1] = ydash
          end
        end
      end

      -- f: collapse the body into the header
      if #pool > 0 or kind[w] == SELF then
        local loop = lsg:create_loop()
        loop:set_header(bb)
        loop.is_reducible = kind[w] ~= IRREDUCIBLE
        nodes[w].loop = loop
        for _, node in ipairs(pool) do
          header[node.dfs_number] = w
          node:union(nodes[w])
          if node.loop then
            node.loop:set_parent(loop)
          else
            loop:add_node(node.bb)
          end
        end
        lsg:add_loop(loop)
      end
    end
  end
  return #lsg.loops
end

---------------------------------------------------------------- graph builders

local cfg = CFG.new()

local function build_connect(from, to) cfg:add_edge(from, to) end

local function build_straight(start, n)
  for i = 0, n - 1 do build_connect(start + i, start + i + 1) end
  return start + n
end

local function build_diamond(start)
  build_connect(start, start + 1)
  build_connect(start, start + 2)
  build_connect(start + 1, start + 3)
  build_connect(start + 2, start + 3)
  return start + 3
end

-- a loop around two diamond loops
local function build_base_loop(from)
  local header = build_straight(from, 1)
  local diamond1 = build_diamond(header)
  local d11 = build_straight(diamond1, 1)
  local diamond2 = build_diamond(d11)
  local footer = build_straight(diamond2, 1)
  build_connect(diamond2, d11)
  build_connect(diamond1, header)
  build_connect(footer, from)
  return build_straight(footer, 1)
end

local function summary(lsg)
  lsg:calculate_nesting_level()
  local sum = 0
  for _, loop in ipairs(lsg.loops) do
    sum = sum + loop.depth_level * 3 + loop.nesting_level * 5 + #loop.blocks
      + (loop.is_reducible and 1 or 0)
  end
  return sum
end

---------------------------------------------------------------- main

local checksum = 0

cfg:create_node(0)
build_base_loop(0)
cfg:create_node(1)
build_connect(0, 2)

local small
for _ = 1, 50 * N do
  local lsg = LSG.new()
  small = find_loops(cfg, lsg)
  if small ~= 4 then error("found " .. small .. " loops in the small graph") end
  checksum = (checksum + summary(lsg)) % 1000000007
end
print(string.format("small graph: %d blocks, %d loops", cfg.count, small))

local n = 2
for _ = 1, 10 do
  build_connect(2, n + 1)
  n = n + 1
  for _ = 1, N do
    local top = n
    n = build_straight(n, 1)
    for _ = 1, 10 do n = build_base_loop(n) end
    local bottom = build_straight(n, 1)
    build_connect(n, top)
    n = bottom
  end
  build_connect(n, 1)
end

local big
for _ = 1, 3 do
  local lsg = LSG.new()
  big = find_loops(cfg, lsg)
  -- 31 loops per outer loop, plus two (with the original benchmark's 100
  -- outer loops of 25 base loops, this count is its published 76002)
  if big ~= 10 * N * 31 + 2 then error("found " .. big .. " loops") end
  checksum = (checksum + summary(lsg)) % 1000000007
end
print(string.format("big graph: %d blocks, %d edges, %d loops", cfg.count, #cfg.edges, big))
print(string.format("checksum %d", checksum))
