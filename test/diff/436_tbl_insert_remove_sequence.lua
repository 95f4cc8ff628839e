-- queue/stack workloads with table.insert/remove at both ends; final contents checked
local q = {}
for i = 1, 50 do table.insert(q, i) end
for i = 1, 20 do table.remove(q, 1) end
for i = 1, 10 do table.insert(q, 1, -i) end
print(#q, q[1], q[10], q[11], q[#q])
local s = {}
for i = 1, 30 do s[#s + 1] = i * i; if i % 3 == 0 then table.remove(s) end end
print(#s, table.concat(s, ","))
local m = {}
for i = 1, 10 do table.insert(m, math.min(#m + 1, (i % 3) + 1), i) end
print(table.concat(m, " "))
while #m > 3 do table.remove(m, 2) end
print(table.concat(m, " "))
