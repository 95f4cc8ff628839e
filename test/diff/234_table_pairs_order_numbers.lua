-- tables: pairs order over integer, float and boolean keys is deterministic in lua5.4; tide places them identically
local t = {}
for i = 1, 40 do t[i * 7 % 23 + 100] = i; t[i + 0.5] = -i end
t[true] = 1; t[false] = 0
local ks = {}
for k in pairs(t) do ks[#ks + 1] = tostring(k) end
print(table.concat(ks, " "))
