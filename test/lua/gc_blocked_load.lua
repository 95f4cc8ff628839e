-- Collections are blocked while a chunk loads; a reader function that runs
-- Lua code allocating far more than the nursery holds must still work
-- (young objects overflow into the old space, never past the nursery).
local pieces = {"local t = {} ", "for i = 1, 10 do t[i] = i end ", "return #t"}
local keep = {}
local n = 0
local f = assert(load(function()
  n = n + 1
  for i = 1, 60000 do keep[i % 100 + 1] = {i, {i}} end  -- ~8 MB of young tables
  return pieces[n]
end))
assert(f() == 10)
local sum = 0
for i = 1, 100 do sum = sum + keep[i][2][1] end
assert(sum > 0)
-- and the collector catches up afterwards
for i = 1, 200000 do local t = {i} end
print("OK gc_blocked_load")
