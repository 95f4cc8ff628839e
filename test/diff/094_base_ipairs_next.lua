-- base: ipairs stopping at nil, next traversal, pairs on arrays
local t = {1, 2, 3, nil, 5}
local n = 0
for i, v in ipairs(t) do n = n + 1 end
print(n)
local f, s, init = ipairs(t)
print(type(f), s == t, init)
print(f(t, 0), f(t, 2), f(t, 3), f(t, 4))
local arr = {"a", "b", "c"}
local seen = {}
for k, v in pairs(arr) do seen[#seen + 1] = k .. "=" .. v end
print(table.concat(seen, " "))
local k, v = next(arr)
print(k, v)
print(next(arr, 3))
local mixed = {10, 20, x = 1, y = 2, [3.0] = 30}
local keys = {}
for k in pairs(mixed) do keys[#keys + 1] = tostring(k) end
table.sort(keys)
print(table.concat(keys, ","))
local removal = {a = 1, b = 2, c = 3, d = 4}
for k in pairs(removal) do removal[k] = nil end
print(next(removal))
local cnt = 0
local growing = {}
for i = 1, 100 do growing[i] = i end
for k, v in pairs(growing) do growing[k] = v * 2 cnt = cnt + 1 end
print(cnt, growing[100])
print(select("#", ipairs(nil)), type((ipairs(nil))), select(3, ipairs(nil)))
for i, v in ipairs("abc") do print("never", i, v) end
local strproxy = setmetatable({}, {__index = "xyz"})
print(pcall(function() for i, v in ipairs(strproxy) do print(i, v) end end))
