-- After a burst of strings dies, the string table shrinks again: its
-- slots do not stay allocated (2 MiB for 150000 strings, before).
collectgarbage()
local base = collectgarbage("count")
do
  local t = {}
  for i = 1, 150000 do t[i] = "s" .. i end
end
collectgarbage()
collectgarbage()
local after = collectgarbage("count")
assert(after < base + 1024, string.format("%.0f KiB before, %.0f KiB after", base, after))
-- and it grows again as needed
local t = {}
for i = 1, 100000 do t[i] = "u" .. i end
assert(t[100000] == "u100000")
print("OK strtab_shrink")
