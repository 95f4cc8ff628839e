-- size: default 150, quick 2
-- sieve.lua — the sieve of Eratosthenes up to 200000, repeated N times:
-- a fresh boolean array per round, nested numeric for loops, array stores.
local N = tonumber(arg and arg[1]) or 150
local LIMIT = 200000

local function sieve(limit)
  local composite = {}
  for i = 1, limit do composite[i] = false end
  local count = 0
  for i = 2, limit do
    if not composite[i] then
      count = count + 1
      for j = i * i, limit, i do composite[j] = true end
    end
  end
  return count, composite
end

local checksum = 0
local count
for round = 1, N do
  local composite
  count, composite = sieve(LIMIT - round)
  -- fold in the largest prime below the limit so each round is used
  local p = LIMIT - round
  while composite[p] do p = p - 1 end
  checksum = (checksum * 31 + count + p) % 1000000007
end
print(string.format("primes up to %d: %d", LIMIT - N, count))
print(string.format("checksum %d", checksum))
