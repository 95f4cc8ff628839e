-- uncaught: comparing incompatible values inside table.sort's comparator-free sort
local t = {3, 1, {}, 2}
local ok = pcall(table.sort, t)
print(ok)
local a, b = 1, "2"
if a < b then print("no") end
