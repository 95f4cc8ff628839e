-- self-check: big old arrays remember young stores by slot range (a minor
-- collection rescans only the stored slots), across rehashes that move
-- values between the array and hash parts, and during incremental marking
local N = 50000
local big = {}
for i = 1, N do big[i] = false end
collectgarbage() -- big is old now
local function churn() for j = 1, 30000 do local junk = {j} end end
-- scattered young stores, then minor collections
for round = 1, 5 do
  for i = round, N, 997 do big[i] = {i, round} end
  churn()
end
for i = 1, N do
  local v = big[i]
  if v then assert(v[1] == i, i) end
end
-- stores, then a rehash (new hash keys) while the range is pending
for i = 1, N, 13 do big[i] = {i} end
for k = 1, 3000 do big["k" .. k] = {k} end
churn()
for i = 1, N, 13 do assert(big[i][1] == i) end
for k = 1, 3000 do assert(big["k" .. k][1] == k) end
-- the array shrinks: values move to the hash part
local shrink = {}
for i = 1, 4096 do shrink[i] = i end
collectgarbage()
for i = 1, 4096, 3 do shrink[i] = {i} end
for i = 2, 4096, 3 do shrink[i] = nil end
for i = 3, 4096, 3 do shrink[i] = nil end
for k = 1, 5000 do shrink[-k] = k end -- rehash
churn()
for i = 1, 4096, 3 do assert(shrink[i][1] == i) end
-- during incremental marking
collectgarbage("incremental")
for round = 1, 4 do
  collectgarbage("step", 8)
  for i = round, N, 101 do big[i] = {i, "m" .. round} end
  churn()
  collectgarbage("step", 8)
end
repeat until collectgarbage("step", 256)
churn()
for i = 1, N do
  local v = big[i]
  if type(v) == "table" then assert(v[1] == i) end
end
print("OK")
