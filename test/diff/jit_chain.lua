-- jit: traces>=62, side>=47, aborts<=14
-- Test chains recorded without branches (jit.c recordchain): in
-- `if not a[i] and not b[j] ... then`, every tested array slot's tag is
-- read and one guard decides. The values change from iteration to
-- iteration (false, nil, true, numbers, tables, strings); the chains'
-- reads leave the array part, meet metatables with __index, tables that
-- turn into other values, and upvalues that change, all mid-loop.

local function mark(n, every, v)
  local t = {}
  for i = 1, n do t[i] = (i % every == 0) and v or false end
  return t
end

-- three tests on upvalue tables, as N-queens does
local cols, d1, d2 = mark(64, 3, true), mark(128, 5, true), mark(128, 7, 1)
local function free(row, n)
  local hits, where = 0, 0
  for c = 1, n do
    if not cols[c] and not d1[row + c] and not d2[row - c + n] then
      hits = hits + 1
      where = where + c
    end
  end
  return hits, where
end
for row = 1, 40 do io.write(free(row, 60), " ") end
print()

-- values of every kind: only nil and false are false
local kinds = {false, nil, true, 0, "", {}, 1.5, false, nil, print}
local function falses(t, u, n)
  local c = 0
  for i = 1, n do
    if not t[i] and not u[n + 1 - i] then c = c + i end
  end
  return c
end
local ta, tb = {}, {}
for i = 1, 100 do ta[i] = kinds[i % 10 + 1]; tb[i] = kinds[(i * 7) % 10 + 1] end
for round = 1, 30 do io.write(falses(ta, tb, 100), " ") end
print()

-- an else branch, and a chain with a local read between the tests
local function split(t, u, n)
  local yes, no = 0, 0
  for i = 1, n do
    local j = i * 2
    if not t[i] and not u[j - i] and not t[j % n + 1] then yes = yes + i else no = no + j end
  end
  return yes, no
end
for round = 1, 30 do io.write(split(ta, tb, 50), " ") end
print()

-- reads leaving the array part (the guard exits to the chain's start)
local function edge(t, u, n)
  local c = 0
  for i = 1, n do
    if not t[i] and not u[i + 40] then c = c + 1 end
  end
  return c
end
local short = mark(60, 4, true)
for round = 1, 20 do io.write(edge(short, short, round < 10 and 20 or 30), " ") end
print()

-- a metatable with __index appears on a tested table between runs: its
-- nil slots now read through it
local function withmeta(t, u, n)
  local c = 0
  for i = 1, n do
    if not t[i] and not u[i] then c = c + i end
  end
  return c
end
local mt = {__index = function(_, k) return k % 2 == 0 end}
for round = 1, 30 do
  local t, u = mark(50, 7, true), mark(50, 5, true)
  for i = 3, 50, 3 do u[i] = nil end -- (nil slots in the array part)
  if round > 15 then setmetatable(u, mt) end
  io.write(withmeta(t, u, 50), " ")
end
print()

-- the tested value in a local, read again after the chain
local function kept(t, u, n)
  local c = 0
  for i = 1, n do
    local x = t[i]
    if not x and not u[i] then c = c + 1 end
    if x then c = c + 100 end
  end
  return c
end
for round = 1, 20 do io.write(kept(ta, tb, 90), " ") end
print()

-- a tested table replaced by another value mid-loop (an error, as in lua5.4)
local function turns(n)
  local t, u = mark(50, 2, true), mark(50, 3, true)
  local c = 0
  for i = 1, n do
    if i == 40 then u = 7 end
    if not t[i] and not u[i] then c = c + 1 end
  end
  return c
end
for round = 1, 10 do io.write(tostring(pcall(turns, 30 + round)), " ") end
print()

-- the tables behind the upvalues change between runs
local grid = {mark(40, 2, true), mark(40, 3, true), mark(40, 5, true)}
local A, B = grid[1], grid[2]
local function ab(n)
  local c = 0
  for i = 1, n do
    if not A[i] and not B[i] then c = c + i end
  end
  return c
end
for round = 1, 30 do
  A, B = grid[round % 3 + 1], grid[(round + 1) % 3 + 1]
  io.write(ab(40), " ")
end
print()

-- the tested values written by the loop itself
local function sieve(n)
  local a, b = {}, {}
  for i = 1, n do a[i] = false; b[i] = false end
  local c = 0
  for i = 2, n do
    if not a[i] and not b[i] then
      c = c + 1
      for j = i + i, n, i do a[j] = true end
      if i * 3 <= n then b[i * 3] = 1 end
    end
  end
  return c
end
for round = 1, 10 do io.write(sieve(500 + round), " ") end
print()
