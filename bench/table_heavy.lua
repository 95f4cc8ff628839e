-- size: default 70, quick 1
-- table_heavy.lua — array and hash tables: fill, read, update, churn.
-- Arg: size factor (default 20).
local scale = tonumber(arg and arg[1]) or 20
local checksum = 0
for round = 1, scale do
  local arr = {}
  for i = 1, 100000 do arr[i] = i * round end
  local sum = 0
  for i = 1, #arr do sum = sum + arr[i] end
  local h = {}
  for i = 1, 20000 do h["k" .. (i % 5000)] = (h["k" .. (i % 5000)] or 0) + i end
  local pts = {}
  for i = 1, 20000 do pts[i] = {x = i, y = -i} end
  for i = 1, #pts do local p = pts[i]; p.x, p.y = p.y, p.x end
  checksum = (checksum + sum + h.k1 + pts[7].x) % 1000000007
end
print(checksum)
