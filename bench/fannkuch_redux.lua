-- size: default 35, quick 1
-- fannkuch_redux.lua — small integer arrays: for every permutation of
-- 1..8, count the prefix reversals ("pancake flips") needed until 1 comes
-- first; report the maximum and the checksum (flip counts summed with
-- alternating signs in permutation-generation order). The size is the
-- number of rounds (the work grows n! with n: n = 9 takes ~0.3 s, n = 10
-- ~2.5 s in lua5.4, so the size repeats n = 8 instead).
local N = tonumber(arg and arg[1]) or 35
local n = 8

local function fannkuch(n)
  local perm, count, work = {}, {}, {}
  for i = 1, n do perm[i] = i end
  local maxflips, checksum, index = 0, 0, 0
  local r = n + 1   -- the next rotation moves the first r elements
  while true do
    -- reset the rotation counters below r
    while r > 2 do
      r = r - 1
      count[r] = r
    end

    -- count the flips for the current permutation
    local first = perm[1]
    if first ~= 1 then
      for i = 1, n do work[i] = perm[i] end
      local flips = 0
      while first ~= 1 do
        -- reverse work[1..first]
        local lo, hi = 1, first
        while lo < hi do
          work[lo], work[hi] = work[hi], work[lo]
          lo = lo + 1
          hi = hi - 1
        end
        flips = flips + 1
        first = work[1]
      end
      if flips > maxflips then maxflips = flips end
      if index % 2 == 0 then
        checksum = checksum + flips
      else
        checksum = checksum - flips
      end
    end

    -- next permutation: rotate the first r elements left; when r's
    -- counter runs out, move on to rotating one element more
    while true do
      if r == n + 1 then return checksum, maxflips end
      local p1 = perm[1]
      for i = 1, r - 1 do perm[i] = perm[i + 1] end
      perm[r] = p1
      count[r] = count[r] - 1
      if count[r] > 0 then break end
      r = r + 1
    end
    index = index + 1
  end
end

local checksum, maxflips
local total = 0
for round = 1, N do
  local c, m = fannkuch(n)
  if round == 1 then
    checksum, maxflips = c, m
  elseif c ~= checksum or m ~= maxflips then
    error("round " .. round .. " differs")
  end
  total = total + c + m
end
print(string.format("%d", checksum))
print(string.format("Pfannkuchen(%d) = %d", n, maxflips))
print(string.format("checksum %d", total))
