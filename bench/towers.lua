-- size: default 120, quick 1
-- Towers of Hanoi with the three pegs as explicit stacks (array tables
-- with push/pop through a count field), solved two ways: recursively, and
-- iteratively with an explicit work stack of pending moves; every move is
-- checked (no larger disk on a smaller one). Repeated N times.
local N = tonumber(arg and arg[1]) or 120
local DISKS = 14

local Peg = {}
Peg.__index = Peg

function Peg.new(name)
  return setmetatable({name = name, n = 0}, Peg)
end

function Peg:push(disk)
  local top = self[self.n]
  if top and top < disk then
    error(string.format("illegal move: disk %d onto %d on peg %s", disk, top, self.name))
  end
  self.n = self.n + 1
  self[self.n] = disk
end

function Peg:pop()
  local n = self.n
  if n == 0 then error("pop from empty peg " .. self.name) end
  local disk = self[n]
  self[n] = nil
  self.n = n - 1
  return disk
end

local function new_game(disks)
  local pegs = {Peg.new("A"), Peg.new("B"), Peg.new("C")}
  for d = disks, 1, -1 do pegs[1]:push(d) end
  return pegs
end

-- a running fold over the moves, so the order of the moves matters
local function record(state, disk, from, to)
  state.moves = state.moves + 1
  state.hash = (state.hash * 3 + disk * 7 + from * 11 + to) % 1000003
end

local function solve_recursive(pegs, state, n, from, to, via)
  if n == 0 then return end
  solve_recursive(pegs, state, n - 1, from, via, to)
  local disk = pegs[from]:pop()
  pegs[to]:push(disk)
  record(state, disk, from, to)
  solve_recursive(pegs, state, n - 1, via, to, from)
end

local function solve_iterative(pegs, state, n, from, to, via)
  -- work stack of tasks {count, from, to, via}; count 0 means "move one disk"
  local stack = {{n, from, to, via}}
  local sp = 1
  while sp > 0 do
    local task = stack[sp]
    stack[sp] = nil
    sp = sp - 1
    local k, f, t, v = task[1], task[2], task[3], task[4]
    if k == 0 then
      local disk = pegs[f]:pop()
      pegs[t]:push(disk)
      record(state, disk, f, t)
    elseif k == 1 then
      sp = sp + 1
      stack[sp] = {0, f, t, v}
    else
      -- pushed in reverse order of execution
      sp = sp + 1; stack[sp] = {k - 1, v, t, f}
      sp = sp + 1; stack[sp] = {0, f, t, v}
      sp = sp + 1; stack[sp] = {k - 1, f, v, t}
    end
  end
end

local function check_done(pegs, disks, target)
  local p = pegs[target]
  assert(p.n == disks, "not all disks moved")
  for i = 1, disks do assert(p[i] == disks - i + 1, "wrong disk order") end
end

local checksum, total_moves = 0, 0
local rec_state, it_state
for rep = 1, N do
  local disks = DISKS - rep % 3
  local pegs = new_game(disks)
  rec_state = {moves = 0, hash = 0}
  solve_recursive(pegs, rec_state, disks, 1, 3, 2)
  check_done(pegs, disks, 3)

  it_state = {moves = 0, hash = 0}
  solve_iterative(pegs, it_state, disks, 3, 2, 1)
  check_done(pegs, disks, 2)

  total_moves = total_moves + rec_state.moves + it_state.moves
  checksum = (checksum * 31 + rec_state.hash + it_state.hash) % 1000000007
end

print(string.format("last round: recursive %d moves (hash %d), iterative %d moves (hash %d)",
  rec_state.moves, rec_state.hash, it_state.moves, it_state.hash))
print(string.format("total moves: %d", total_moves))
print(string.format("checksum %d", checksum))
