-- next/pairs/ipairs: empty tables, __pairs, invalid keys, ipairs stops at nil, __index in ipairs
print(next({}), next({}, nil), select("#", next({})))
print(next({10}), next({10}, 1))
print(pcall(next, {}, "nokey"))
print(pcall(next, {1, 2}, 3))
print(pcall(next))
print(pcall(next, 1))
local t = {a = 1, b = 2, c = 3, 1, 2, 3}
local keys = {}
for k, v in pairs(t) do keys[#keys + 1] = tostring(k) .. "=" .. v end
table.sort(keys)
print(table.concat(keys, " "))
local p = setmetatable({}, {__pairs = function(self) return function(_, k) if not k then return 1, "one" elseif k < 3 then return k + 1, "more" end end, self, nil end})
for k, v in pairs(p) do io.write(k, ":", v, " ") end
print()
print(pcall(pairs))
print(select("#", pcall(pairs, 5)), select(3, pcall(pairs, 5)))
print(pcall(ipairs))
for i, v in ipairs({1, 2, nil, 4}) do io.write(i, "=", v, " ") end
print()
local ix = setmetatable({}, {__index = function(_, i) if i <= 4 then return i * 11 end end})
for i, v in ipairs(ix) do io.write(i, "=", v, " ") end
print()
local f, s, i = ipairs({})
print(type(f), type(s), i, f({5}, 0), f({5}, 1))
local f2, s2, k2 = pairs({})
print(f2 == next, k2)
local cnt = 0
local big = {}
for i = 1, 100 do big[i] = i; big["k" .. i] = i end
for k, v in pairs(big) do cnt = cnt + v end
print(cnt)
for k in pairs(big) do big[k] = nil end
print(next(big))
print(select("#", pcall(ipairs, nil)), select(3, pcall(ipairs, nil)))
for i, v in ipairs("ab") do print(i, v) end
