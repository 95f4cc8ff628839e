-- jit: traces>=20, side>=12, aborts<=18
-- Links into the body of another loop's trace (jit.c looplink, far): a
-- trace ending where a loop with a trace starts goes on past that loop's
-- peeled iteration, having checked all of its guards and computed its
-- invariants again. Sibling loops, nested ones, stores on the way, and
-- the loop's trace dropped while a link into its body remains.

-- sibling inner loops: each one's exit goes on into the other's body
local function siblings(n, b, m)
  local s = 0
  for j = 1, n do
    for i = 1, b do s = s + i end
    for i = 1, m do s = s - i * 3 end
  end
  return s
end
print(siblings(2000, 40, 50))

-- the second loop's trace is dropped (its runs from the interpreter do
-- little), the link into its body stays: it must go to the loop's start
local t = 0
for k = 1, 400 do t = t + select(2, pcall(siblings, 1, 0, 2)) end
print(t)
print(siblings(2000, 40, 50))
print(siblings(300, 3, 1), siblings(300, 1, 3))

-- fannkuch's shape: copy, reverse prefixes, rotate; tables written on the
-- way from one loop to the next
local function flips(perm, n)
  local work, total = {}, 0
  for round = 1, 300 do
    for i = 1, n do work[i] = perm[i] end
    local first = work[1]
    while first ~= 1 do
      local lo, hi = 1, first
      while lo < hi do
        work[lo], work[hi] = work[hi], work[lo]
        lo = lo + 1
        hi = hi - 1
      end
      total = total + 1
      first = work[1]
    end
    local p1 = perm[1]
    for i = 1, n - 1 do perm[i] = perm[i + 1] end
    perm[n] = p1
  end
  return total, table.concat(perm, ",")
end
print(flips({3, 1, 4, 2, 7, 5, 8, 6}, 8))
print(flips({2, 1}, 2))

-- an invariant of the next loop that the way there changes (the bound
-- and the table, by turns)
local function varying(n)
  local a, b = {}, {}
  for i = 1, 64 do a[i] = i; b[i] = -i end
  local s, lim, t = 0, 10, a
  for j = 1, n do
    for i = 1, lim do s = s + t[i] end
    if j % 3 == 0 then lim = 20 + j % 7 else lim = 10 end
    if j % 5 == 0 then t = b else t = a end
    for i = 1, 5 do s = s + i * j % 11 end
  end
  return s
end
print(varying(3000))
