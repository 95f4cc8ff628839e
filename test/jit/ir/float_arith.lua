-- Mixed arithmetic: an integer loop index converted to float, float
-- multiply and add, a comparison guard in the direction taken.
local x = 0.5
for i = 1, 50 do
  x = x * 1.5 + i
  if x > 1000 then x = x / 3 end
end
print(x)
