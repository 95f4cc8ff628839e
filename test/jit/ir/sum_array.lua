-- A loop summing an integer array: FORLOOP's count and index, the
-- element's type guard, an integer add; the array bounds guard checks the
-- loop's first and last index before the body (abcguards), which has none.
-- The loop filling the table grows its array part: its guard stays.
local t = {}
for i = 1, 100 do t[i] = i end
local s = 0
for i = 1, #t do s = s + t[i] end
print(s)
