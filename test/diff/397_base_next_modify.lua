-- next/pairs while clearing fields; ipairs with holes and __index; counting with sorted keys
local t = {}
for i = 1, 20 do t["k" .. i] = i end
local sum = 0
for k, v in pairs(t) do sum = sum + v; t[k] = nil end
print(sum, next(t))
local arr = {1, 2, 3, 4, 5, 6}
for k, v in pairs(arr) do if v % 2 == 0 then arr[k] = nil end end
local rest = {}
for k, v in pairs(arr) do rest[#rest + 1] = k .. "=" .. v end
table.sort(rest)
print(table.concat(rest, " "))
local mixed = {10, 20, 30, x = 1, y = 2, [100] = 3, [-1] = 4, [1.5] = 5, [true] = 6}
local ks = {}
for k in pairs(mixed) do ks[#ks + 1] = type(k) .. ":" .. tostring(k) end
table.sort(ks)
print(table.concat(ks, " "))
local n = 0
for i, v in ipairs({1, 2, nil, 4}) do n = n + 1 end
print(n)
local proxy = setmetatable({}, {__index = {1, 2, 3}})
n = 0
for i, v in ipairs(proxy) do n = n + v end
print(n)
local k, v = next({}, nil)
print(k, v)
