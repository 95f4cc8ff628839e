-- tables: borders (#) after random inserts/removals/reads match lua5.4 (Lua 5.4 length hint)
math.randomseed(7)
local out = {}
for trial = 1, 300 do
  local t = {}
  local n = math.random(0, 12)
  for i = 1, n do t[i] = (math.random() < 0.7) and i or nil end
  if math.random() < 0.3 then t = {nil, 1, nil, 3, 4} end
  for step = 1, 40 do
    local op = math.random(1, 7)
    local k = math.random(1, 20)
    if op == 1 then t[k] = k
    elseif op == 2 then t[k] = nil
    elseif op == 3 then table.insert(t, k)
    elseif op == 4 then local _ = t[k]
    elseif op == 5 and #t > 0 then table.remove(t)
    elseif op == 6 then t[#t + 1] = "x"
    else local ok = pcall(table.insert, t, math.random(1, #t + 1), "y") end
    out[#out + 1] = #t
  end
end
print(table.concat(out, " "))
