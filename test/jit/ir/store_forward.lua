-- Store-to-load forwarding: p.x is read back after it was stored in the
-- same iteration, so the second read is the stored value (one HLOAD, the
-- one at the start of each iteration, is left)
local p = {x = 0}
local s = 0
for i = 1, 100 do
  p.x = p.x + i
  s = s + p.x
end
print(s, p.x)
