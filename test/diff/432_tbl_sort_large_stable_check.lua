-- table.sort on larger arrays: sorted order with many duplicates, reverse input, strings
local t = {}
for i = 1, 300 do t[i] = (i * 37) % 17 end
table.sort(t)
local ok = true
for i = 2, #t do if t[i - 1] > t[i] then ok = false end end
print(ok, t[1], t[150], t[300])
local r = {}
for i = 1, 250 do r[i] = 251 - i end
table.sort(r)
print(r[1], r[125], r[250])
local s = {}
for i = 1, 200 do s[i] = string.format("%03d", (i * 7919) % 1000) end
table.sort(s, function(a, b) return a > b end)
print(s[1], s[100], s[200])
local f = {}
for i = 1, 150 do f[i] = math.sin(i) end
table.sort(f)
print(string.format("%.6f %.6f", f[1], f[150]))
