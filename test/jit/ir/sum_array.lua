-- A loop summing an integer array: FORLOOP's count and index, the array
-- bounds guard, the element's type guard, an integer add.
local t = {}
for i = 1, 100 do t[i] = i end
local s = 0
for i = 1, #t do s = s + t[i] end
print(s)
