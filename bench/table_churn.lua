-- size: default 9, quick 0.25
-- table churn: a working set of records that is continually replaced, so
-- objects die at all ages (young, and old after promotion), with string
-- keys, array parts that grow, and a cache that is cleared periodically.
-- Usage: table_churn.lua [size]   (default 10)
local size = tonumber(arg and arg[1]) or 10
local slots = 20000
local live = {}
local cache = {}
local sum = 0
for round = 1, size * 40000 do
  local i = round % slots + 1
  local r = {id = round, name = "rec" .. (round % 1000), tags = {round % 7, round % 11}}
  if round % 3 == 0 then
    for j = 1, 8 do r.tags[#r.tags + 1] = j end
  end
  local old = live[i]
  if old then sum = sum + old.id % 97 + #old.tags end
  live[i] = r
  cache[r.name] = r
  if round % 50000 == 0 then cache = {} end
end
for i = 1, slots do sum = sum + (live[i] and live[i].tags[1] or 0) end
print("checksum", sum)
